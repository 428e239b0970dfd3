//! The registry entry of a searched game: [`SearchedEntry`], from what the game states in
//! [`SearchedListing`] on its position type (texts, caps, the board); the rest (starting a
//! game, the report, the bounds every front end asks) is shared.

use std::marker::PhantomData;

use crate::drawing::{Board, Footprint};
use crate::error::ParseError;
use crate::game::{start_played, with_position, GameState};
use crate::game::{BoardKind, CapEdge, GameEntry, Listing, OverCap};
use crate::impartial::searched::{analyse, SearchedPosition, SearchedRules};
use crate::report::{Report, SolveError, SolveOptions};

/// What a searched game's registry entry states (in `games/<game>/entry.rs`), on its
/// position type; the methods mean what [`GameEntry`]'s of the same name mean, with the
/// typed position where [`GameEntry`] has a game in progress.
pub trait SearchedListing: SearchedPosition {
    /// [`Listing::name`].
    const NAME: &'static str;
    /// [`Listing::aliases`].
    const ALIASES: &'static [&'static str] = &[];
    /// [`Listing::title`].
    const TITLE: &'static str;
    /// [`Listing::summary`].
    const SUMMARY: &'static str;
    /// [`Listing::notation`].
    const NOTATION: &'static str;
    /// [`Listing::example`].
    const EXAMPLE: &'static str;
    /// [`Listing::default_position`].
    const DEFAULT_POSITION: &'static str;
    /// [`Listing::start_positions`].
    const START_POSITIONS: &'static [&'static str];
    /// [`Listing::sample_positions`].
    const SAMPLE_POSITIONS: &'static [&'static str];
    /// [`GameEntry::board_kind`].
    const BOARD_KIND: BoardKind;
    /// The quantity [`SearchedListing::SERVED_MAX`] caps, in messages (`the number of
    /// vertices`).
    const SERVED_QUANTITY: &'static str;
    /// The largest [`SearchedPosition::size`] a shared server analyses.
    const SERVED_MAX: usize;
    /// The quantity [`SearchedListing::SERVED_MISERE_MAX`] caps, in messages.
    const SERVED_MISERE_QUANTITY: &'static str;
    /// The largest size a shared server analyses under misère play (an exact search of
    /// every position reached).
    const SERVED_MISERE_MAX: usize;

    /// [`GameEntry::footprint`]; none when the move is not on the board.
    fn footprint(&self, mv: &Self::Move) -> Option<Footprint>;

    /// [`GameEntry::most_moves`].
    fn most_moves(&self) -> u128;

    /// [`GameEntry::longest_game`].
    fn longest_game(&self) -> u128;

    /// [`GameEntry::cap_edges`]: positions at the caps of [`SearchedListing::SERVED_MAX`].
    fn cap_edges() -> Vec<CapEdge>;

    /// [`GameEntry::cap_edges_misere`]: positions at the caps of
    /// [`SearchedListing::SERVED_MISERE_MAX`].
    fn cap_edges_misere() -> Vec<CapEdge>;
}

/// The registry entry of the searched game whose positions are `P`.
#[derive(Debug, Clone, Copy)]
pub struct SearchedEntry<P>(PhantomData<P>);

impl<P> SearchedEntry<P> {
    /// The entry, as a constant for the registry's list.
    pub const NEW: Self = SearchedEntry(PhantomData);
}

/// Runs `f` on the position of `state`, a game of `P`.
fn with<P: SearchedListing, T>(state: &dyn GameState, f: impl FnOnce(&P) -> T) -> Option<T> {
    with_position::<SearchedRules<P>, T>(state, f)
}

/// The size of `state`'s position (0 when it is not a game of `P`).
fn size<P: SearchedListing>(state: &dyn GameState) -> usize {
    with::<P, _>(state, P::size).unwrap_or(0)
}

impl<P: SearchedListing> Listing for SearchedEntry<P> {
    fn name(&self) -> &'static str {
        P::NAME
    }

    fn aliases(&self) -> &'static [&'static str] {
        P::ALIASES
    }

    fn title(&self) -> &'static str {
        P::TITLE
    }

    fn summary(&self) -> &'static str {
        P::SUMMARY
    }

    fn notation(&self) -> &'static str {
        P::NOTATION
    }

    fn example(&self) -> &'static str {
        P::EXAMPLE
    }

    fn default_position(&self) -> &'static str {
        P::DEFAULT_POSITION
    }

    fn start_positions(&self) -> &'static [&'static str] {
        P::START_POSITIONS
    }

    fn sample_positions(&self) -> &'static [&'static str] {
        P::SAMPLE_POSITIONS
    }
}

impl<P: SearchedListing> GameEntry for SearchedEntry<P> {
    fn board_kind(&self) -> Option<BoardKind> {
        Some(P::BOARD_KIND)
    }

    fn board(&self, state: &dyn GameState) -> Option<Board> {
        with::<P, _>(state, P::board)
    }

    fn footprint(&self, state: &dyn GameState, mv: &str) -> Option<Footprint> {
        let mv: P::Move = mv.trim().parse().ok()?;
        with::<P, _>(state, |position| position.footprint(&mv)).flatten()
    }

    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        with::<P, _>(state, P::most_moves)
    }

    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        with::<P, _>(state, P::longest_game)
    }

    fn cap_edges(&self) -> Vec<CapEdge> {
        P::cap_edges()
    }

    fn cap_edges_misere(&self) -> Vec<CapEdge> {
        P::cap_edges_misere()
    }

    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        OverCap::check(
            P::SERVED_QUANTITY,
            size::<P>(state) as u128,
            P::SERVED_MAX as u128,
        )
    }

    fn check_served_misere(&self, state: &dyn GameState) -> Result<(), OverCap> {
        OverCap::check(
            P::SERVED_MISERE_QUANTITY,
            size::<P>(state) as u128,
            P::SERVED_MISERE_MAX as u128,
        )
    }

    fn start(&'static self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<SearchedRules<P>>(self, position)
    }

    /// The report within the options' stop and memory limit; of the other options it reads
    /// only `moves`.
    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        Ok(Report::Solved(analyse::<P>(position, options)?))
    }
}
