//! The registry entry every loopy impartial game shares: a game's entry states only what
//! differs ([`LoopyImpartialEntry`]: its names, notation, positions, caps and board), and
//! [`LoopyImpartial`] makes it a [`GameEntry`] with what is the same for every such game:
//! starting a game through the shared play adapter ([`LoopyImpartialRules`]), under normal
//! or misère play, solving a position into a [`LoopyImpartialReport`](crate::report::LoopyImpartialReport)
//! ([`super::solve`]), and saying that the game is impartial, valued, and may go on for
//! ever. The registry lists `LoopyImpartial(GameEntryOfTheFolder)`.

use super::play::{LoopyImpartialRules, Ruled};
use super::solve::solve as solve_position;
use super::LoopyImpartialGame;
use crate::drawing::{Board, Footprint};
use crate::error::ParseError;
use crate::game::{start_played, with_position, GameState};
use crate::game::{BoardKind, CapEdge, GameEntry, Listing, OverCap};
use crate::report::{Report, SolveError, SolveOptions};

/// What a loopy impartial game's registry entry states (in `games/<game>/entry.rs`): only
/// what differs from one such game to the next. The methods mean what [`GameEntry`]'s of
/// the same name mean, with the game's typed position where [`GameEntry`] has a game in
/// progress (under either rules: the moves are the same).
pub trait LoopyImpartialEntry: Listing + 'static {
    /// The game's position type, with its rules.
    type Game: LoopyImpartialGame;

    /// [`GameEntry::board_kind`]; the generic view by default.
    fn board_kind(&self) -> Option<BoardKind> {
        None
    }

    /// [`GameEntry::most_moves`]: the most legal moves in any position reachable from
    /// `position`.
    fn most_moves(&self, position: &Self::Game) -> Option<u128>;

    /// [`GameEntry::check_served`]: whether a shared server analyses `position` (well under
    /// a second, measured: say how in docs/benchmarks.md), under either rules.
    fn check_served(&self, position: &Self::Game) -> Result<(), OverCap>;

    /// [`GameEntry::cap_edges`]: positions at the caps of
    /// [`LoopyImpartialEntry::check_served`] and one step past them (under normal play;
    /// the same under misère play are added).
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
        mv: &<Self::Game as LoopyImpartialGame>::Move,
    ) -> Footprint {
        let _ = (position, mv);
        Vec::new()
    }
}

/// A loopy impartial game's registry entry (see the module documentation).
#[derive(Debug, Clone, Copy)]
pub struct LoopyImpartial<E>(pub E);

crate::loopy::listing_of_wrapped!(LoopyImpartial, LoopyImpartialEntry);

impl<E: LoopyImpartialEntry> GameEntry for LoopyImpartial<E> {
    fn board_kind(&self) -> Option<BoardKind> {
        self.0.board_kind()
    }

    fn board(&self, state: &dyn GameState) -> Option<Board> {
        with_game::<E::Game, _>(state, |position| self.0.board(position)).flatten()
    }

    /// The footprint of `mv` when it reads as a move of the game and the game gives
    /// footprints (a footprint is never empty).
    fn footprint(&self, state: &dyn GameState, mv: &str) -> Option<Footprint> {
        let mv: <E::Game as LoopyImpartialGame>::Move = mv.trim().parse().ok()?;
        with_game::<E::Game, _>(state, |position| self.0.footprint(position, &mv))
            .filter(|footprint| !footprint.is_empty())
    }

    fn is_impartial(&self) -> bool {
        true
    }

    /// Valued, not searched: every position gets its loopy value.
    fn is_searched(&self) -> bool {
        false
    }

    /// Misère play is the retrograde analysis's other rule (the library's misère wrapper
    /// searches games that end).
    fn plays_misere_itself(&self) -> bool {
        true
    }

    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        with_game::<E::Game, _>(state, |position| self.0.most_moves(position)).flatten()
    }

    /// None: play may go on for ever.
    fn longest_game(&self, _: &dyn GameState) -> Option<u128> {
        None
    }

    /// Positions may repeat for ever.
    fn may_not_end(&self) -> bool {
        true
    }

    fn cap_edges(&self) -> Vec<CapEdge> {
        self.0.cap_edges()
    }

    /// The usual caps' positions under misère play: the analysis is the same.
    fn cap_edges_misere(&self) -> Vec<CapEdge> {
        self.0
            .cap_edges()
            .iter()
            .map(|edge| CapEdge::misere(&edge.at, &edge.past))
            .collect()
    }

    /// Served when the entry's caps allow the current position (or when the state is not a
    /// game of this entry: there is nothing to analyse).
    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        with_game::<E::Game, _>(state, |position| self.0.check_served(position)).unwrap_or(Ok(()))
    }

    /// A game from `POSITION` (normal play) or `POSITION@misere`.
    fn start(&'static self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<LoopyImpartialRules<E::Game>>(self, position)
    }

    /// The value, the outcome with draws, the winning and drawing moves; reads `moves`,
    /// `stop` and `memory_limit` of the options.
    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        solve_position::<E::Game>(self.0.name(), position, options).map(Report::LoopyImpartial)
    }
}

/// `f` of the position of a game of `G` in progress, under either rules.
pub fn with_game<G: LoopyImpartialGame, T>(
    state: &dyn GameState,
    f: impl FnOnce(&G) -> T,
) -> Option<T> {
    with_position::<LoopyImpartialRules<G>, _>(state, |ruled: &Ruled<G>| f(&ruled.game))
}
