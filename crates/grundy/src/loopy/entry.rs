//! The registry entry every loopy game shares, impartial or partizan: a game's entry
//! states only what differs ([`LoopyEntry`]: its names, notation, positions, bounds, caps
//! and board, and its [`LoopyRoute`]), and [`Loopy`] makes it a [`GameEntry`] with what is
//! the same for every such game: starting a game through its route's play adapter, solving
//! a position into its route's report with draws, and saying that the game is valued and
//! may go on for ever.
//!
//! A wrapper rather than a blanket implementation: the partizan games' entries have the
//! blanket one ([`crate::partizan::PartizanEntry`]), and a type has one [`GameEntry`]. The
//! registry lists `Loopy(GameEntryOfTheFolder)`.

use std::str::FromStr;

use crate::drawing::{Board, Footprint};
use crate::error::ParseError;
use crate::game::{start_played, with_position, GameState, Rules};
use crate::game::{BoardKind, CapEdge, GameEntry, Listing, OverCap};
use crate::report::{Report, SolveError, SolveOptions};

/// What differs between the loopy impartial games and the loopy partizan ones behind one
/// entry: the play adapter, the move type, the report. Implemented by
/// [`ImpartialRoute`](super::impartial::ImpartialRoute) and
/// [`PartizanRoute`](super::partizan::PartizanRoute), each over a game's position type.
pub trait LoopyRoute: 'static {
    /// The game's position type, with its rules.
    type Game;
    /// A move of the game, read from its notation.
    type Move: FromStr;
    /// The play adapter that makes the game a game in progress.
    type Rules: Rules;
    /// True for an impartial game: both players have the same moves, and the game is
    /// played under misère play too (the retrograde analysis's other rule).
    const IMPARTIAL: bool;
    /// The game's position inside the play adapter's position.
    fn game(position: &<Self::Rules as Rules>::Position) -> &Self::Game;
    /// The board of `game` ([`LoopyImpartialGame::board`](super::impartial::LoopyImpartialGame::board),
    /// [`LoopyPartizanGame::board`](super::partizan::LoopyPartizanGame::board)).
    fn board(game: &Self::Game) -> Option<Board>;
    /// The report of `grundy solve` on `position` of the game named `name`; reads
    /// `moves`, `stop` and `memory_limit` of the options.
    fn solve(
        name: &'static str,
        position: &str,
        options: &SolveOptions,
    ) -> Result<Report, SolveError>;
}

/// The position type of an entry's route.
pub type GameOf<E> = <<E as LoopyEntry>::Route as LoopyRoute>::Game;

/// What a loopy game's registry entry states (in `games/<game>/entry.rs`): only what
/// differs from one such game to the next. The methods mean what [`GameEntry`]'s of the
/// same name mean, with the game's typed position where [`GameEntry`] has a game in
/// progress (whoever is to move, under either rules: the moves are the same).
pub trait LoopyEntry: Listing + 'static {
    /// The game's route: [`ImpartialRoute<G>`](super::impartial::ImpartialRoute) or
    /// [`PartizanRoute<G>`](super::partizan::PartizanRoute) of its position type `G`.
    type Route: LoopyRoute;

    /// [`GameEntry::board_kind`]; the generic view by default.
    fn board_kind(&self) -> Option<BoardKind> {
        None
    }

    /// [`GameEntry::most_moves`]: the most legal moves (of either player) in any position
    /// reachable from `position`.
    fn most_moves(&self, position: &GameOf<Self>) -> Option<u128>;

    /// [`GameEntry::check_served`]: whether a shared server analyses `position` (well under
    /// a second, measured: say how in docs/benchmarks.md).
    fn check_served(&self, position: &GameOf<Self>) -> Result<(), OverCap>;

    /// [`GameEntry::cap_edges`]: positions at the caps of [`LoopyEntry::check_served`] and
    /// one step past them (under normal play; an impartial game's misère ones are added).
    fn cap_edges(&self) -> Vec<CapEdge>;

    /// [`GameEntry::footprint`]: where `mv` lies on the board of `position`; empty by
    /// default.
    fn footprint(
        &self,
        position: &GameOf<Self>,
        mv: &<Self::Route as LoopyRoute>::Move,
    ) -> Footprint {
        let _ = (position, mv);
        Vec::new()
    }
}

/// A loopy game's registry entry (see the module documentation).
#[derive(Debug, Clone, Copy)]
pub struct Loopy<E>(pub E);

impl<E: LoopyEntry> Listing for Loopy<E> {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn aliases(&self) -> &'static [&'static str] {
        self.0.aliases()
    }

    fn title(&self) -> &'static str {
        self.0.title()
    }

    fn summary(&self) -> &'static str {
        self.0.summary()
    }

    fn notation(&self) -> &'static str {
        self.0.notation()
    }

    fn example(&self) -> &'static str {
        self.0.example()
    }

    fn default_position(&self) -> &'static str {
        self.0.default_position()
    }

    fn start_positions(&self) -> &'static [&'static str] {
        self.0.start_positions()
    }

    fn sample_positions(&self) -> &'static [&'static str] {
        self.0.sample_positions()
    }
}

impl<E: LoopyEntry> GameEntry for Loopy<E> {
    fn board_kind(&self) -> Option<BoardKind> {
        self.0.board_kind()
    }

    fn board(&self, state: &dyn GameState) -> Option<Board> {
        with_game::<E::Route, _>(state, E::Route::board).flatten()
    }

    /// The footprint of `mv` when it reads as a move of the game and the game gives
    /// footprints (a footprint is never empty).
    fn footprint(&self, state: &dyn GameState, mv: &str) -> Option<Footprint> {
        let mv: <E::Route as LoopyRoute>::Move = mv.trim().parse().ok()?;
        with_game::<E::Route, _>(state, |position| self.0.footprint(position, &mv))
            .filter(|footprint| !footprint.is_empty())
    }

    fn is_impartial(&self) -> bool {
        E::Route::IMPARTIAL
    }

    /// Valued, not searched: every position gets its loopy value.
    fn is_searched(&self) -> bool {
        false
    }

    /// An impartial game's misère play is the retrograde analysis's other rule (the
    /// library's misère wrapper searches games that end).
    fn plays_misere_itself(&self) -> bool {
        E::Route::IMPARTIAL
    }

    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        with_game::<E::Route, _>(state, |position| self.0.most_moves(position)).flatten()
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

    /// An impartial game's usual caps' positions under misère play (the analysis is the
    /// same); none for a partizan one, which has no misère play.
    fn cap_edges_misere(&self) -> Vec<CapEdge> {
        if !E::Route::IMPARTIAL {
            return Vec::new();
        }
        self.0
            .cap_edges()
            .iter()
            .map(|edge| CapEdge::misere(&edge.at, &edge.past))
            .collect()
    }

    /// Served when the entry's caps allow the current position (or when the state is not a
    /// game of this entry: there is nothing to analyse).
    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        with_game::<E::Route, _>(state, |position| self.0.check_served(position)).unwrap_or(Ok(()))
    }

    /// A game from `POSITION`: with `@misere` for an impartial game's misère play, with
    /// `@L` or `@R` for a partizan game's player to move.
    fn start(&'static self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<<E::Route as LoopyRoute>::Rules>(self, position)
    }

    /// The value with draws, the outcome, the winning and drawing moves; reads `moves`,
    /// `stop` and `memory_limit` of the options.
    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        E::Route::solve(self.0.name(), position, options)
    }
}

/// `f` of the position of a game of route `R` in progress (whoever is to move, under either
/// rules).
pub fn with_game<R: LoopyRoute, T>(
    state: &dyn GameState,
    f: impl FnOnce(&R::Game) -> T,
) -> Option<T> {
    with_position::<R::Rules, _>(state, |position| f(R::game(position)))
}
