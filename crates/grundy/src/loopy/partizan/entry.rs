//! The registry entry every loopy partizan game shares: a game's entry states only what
//! differs ([`LoopyPartizanEntry`]: its names, notation, positions, bounds, caps and board),
//! and [`Loopy`] makes it a [`GameEntry`] with what is the same for every such game:
//! starting a game through the shared play adapter ([`LoopyRules`]), solving a position
//! into a [`ValuedReport`](crate::report::ValuedReport) with draws ([`super::solve`]), and
//! saying that the game is partizan, valued, and may go on for ever.
//!
//! A wrapper rather than a blanket implementation: the partizan games' entries have the
//! blanket one ([`crate::partizan::PartizanEntry`]), and a type has one [`GameEntry`]. The
//! registry lists `Loopy(GameEntryOfTheFolder)`.

use super::play::LoopyRules;
use super::solve::solve as solve_position;
use super::LoopyPartizanGame;
use crate::drawing::{Board, Footprint};
use crate::error::ParseError;
use crate::game::{start_played, with_position, GameState};
use crate::game::{BoardKind, CapEdge, GameEntry, Listing, OverCap};
use crate::report::{Report, SolveError, SolveOptions};

/// What a loopy partizan game's registry entry states (in `games/<game>/entry.rs`): only
/// what differs from one such game to the next. The methods mean what [`GameEntry`]'s of
/// the same name mean, with the game's typed position where [`GameEntry`] has a game in
/// progress.
pub trait LoopyPartizanEntry: Listing + 'static {
    /// The game's position type, with its rules.
    type Game: LoopyPartizanGame;

    /// [`GameEntry::board_kind`]; the generic view by default.
    fn board_kind(&self) -> Option<BoardKind> {
        None
    }

    /// [`GameEntry::most_moves`]: the most legal moves of either player in any position
    /// reachable from `position`.
    fn most_moves(&self, position: &Self::Game) -> Option<u128>;

    /// [`GameEntry::check_served`]: whether a shared server analyses `position` (well under
    /// a second, measured: say how in docs/benchmarks.md).
    fn check_served(&self, position: &Self::Game) -> Result<(), OverCap>;

    /// [`GameEntry::cap_edges`]: positions at the caps of
    /// [`LoopyPartizanEntry::check_served`] and one step past them.
    fn cap_edges(&self) -> Vec<CapEdge>;

    /// [`GameEntry::board`]: `position`'s board for a front end to draw; none by default.
    fn board(&self, position: &Self::Game) -> Option<Board> {
        let _ = position;
        None
    }

    /// [`GameEntry::footprint`]: where `mv` lies on the board of `position`; empty by
    /// default.
    fn footprint(
        &self,
        position: &Self::Game,
        mv: &<Self::Game as LoopyPartizanGame>::Move,
    ) -> Footprint {
        let _ = (position, mv);
        Vec::new()
    }
}

/// A loopy partizan game's registry entry (see the module documentation).
#[derive(Debug, Clone, Copy)]
pub struct Loopy<E>(pub E);

crate::loopy::listing_of_wrapped!(Loopy, LoopyPartizanEntry);

impl<E: LoopyPartizanEntry> GameEntry for Loopy<E> {
    fn board_kind(&self) -> Option<BoardKind> {
        self.0.board_kind()
    }

    fn board(&self, state: &dyn GameState) -> Option<Board> {
        with_game::<E::Game, _>(state, |position| self.0.board(position)).flatten()
    }

    /// The footprint of `mv` when it reads as a move of the game and the game gives
    /// footprints (a footprint is never empty).
    fn footprint(&self, state: &dyn GameState, mv: &str) -> Option<Footprint> {
        let mv: <E::Game as LoopyPartizanGame>::Move = mv.trim().parse().ok()?;
        with_game::<E::Game, _>(state, |position| self.0.footprint(position, &mv))
            .filter(|footprint| !footprint.is_empty())
    }

    /// Left and Right have different moves.
    fn is_impartial(&self) -> bool {
        false
    }

    /// Valued, not searched: every position gets its loopy value.
    fn is_searched(&self) -> bool {
        false
    }

    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        with_game::<E::Game, _>(state, |position| self.0.most_moves(position)).flatten()
    }

    /// None: play may go on for ever.
    fn longest_game(&self, _: &dyn GameState) -> Option<u128> {
        None
    }

    /// Pieces may go back and forth for ever.
    fn may_not_end(&self) -> bool {
        true
    }

    fn cap_edges(&self) -> Vec<CapEdge> {
        self.0.cap_edges()
    }

    /// Served when the entry's caps allow the current position (or when the state is not a
    /// game of this entry: there is nothing to analyse).
    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        with_game::<E::Game, _>(state, |position| self.0.check_served(position)).unwrap_or(Ok(()))
    }

    /// A game from `POSITION`, `POSITION@L` or `POSITION@R`.
    fn start(&'static self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<LoopyRules<E::Game>>(self, position)
    }

    /// The value with draws, and each player's moves; reads `moves`, `stop` and
    /// `memory_limit` of the options.
    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        solve_position::<E::Game>(self.0.name(), position, options).map(Report::Valued)
    }
}

/// `f` of the position of a game of `G` in progress (whoever is to move).
pub fn with_game<G: LoopyPartizanGame, T>(
    state: &dyn GameState,
    f: impl FnOnce(&G) -> T,
) -> Option<T> {
    with_position::<LoopyRules<G>, _>(state, |turn| f(&turn.position))
}
