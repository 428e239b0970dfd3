//! The registry entry every partizan game shares: a game's entry states only what differs
//! ([`PartizanEntry`]: its names, notation, positions, bounds, caps and picture) and the
//! blanket implementation below makes it a [`GameEntry`], with what is the same for every
//! partizan game: starting a game through the shared play adapter ([`PartizanRules`]),
//! solving a position into a [`ValuedReport`](crate::report::ValuedReport) through the
//! shared solver, listing the components, and saying that the game is neither impartial
//! nor searched (it is valued: every position gets its canonical value).
//!
//! The typed hooks ([`PartizanEntry::most_moves`], [`PartizanEntry::check_served`], …) take
//! the current position of a game in progress; the blanket implementation finds it behind
//! the object-safe [`GameState`] (with [`with_position`]), so no entry handles a
//! `GameState` itself.
//!
//! Why a blanket implementation rather than a wrapper type: a partizan game's entry is a
//! unit type like every other entry, listed in `games/mod.rs` the same way, and reads like
//! the others, minus what every partizan game shares. Its methods keep [`GameEntry`]'s
//! names, so where both traits are in scope call them through a `&dyn GameEntry` (as front
//! ends do, through the list's handle) or with the trait named.

use super::play::PartizanRules;
use super::solve::{parse_game, solve as solve_position};
use super::solver::PartizanGame;
use super::PartizanPosition;
use crate::cgt::{plain_value_within, Evaluator, ValueStore};
use crate::drawing::{Board, Footprint};
use crate::error::ParseError;
use crate::game::{start_played, with_position, GameState};
use crate::game::{BoardKind, CapEdge, GameEntry, Listing, OverCap, Valuations};
use crate::report::{Report, SolveError, SolveOptions};

/// What a partizan game's registry entry states (in `games/<game>/entry.rs`): only what
/// differs from one partizan game to the next. Every implementation is a [`GameEntry`]
/// (see the module documentation); the methods mean what [`GameEntry`]'s of the same name
/// mean, with the game's typed position where [`GameEntry`] has a game in progress.
///
/// The bounds and the caps have no default: a partizan game's value takes time exponential
/// in the size of the position, so every game states what a shared server serves, and
/// OpenSpiel needs the bounds.
pub trait PartizanEntry: Listing + 'static {
    /// The game's position type, with its rules.
    type Game: PartizanGame;

    /// [`GameEntry::board_kind`]; the generic view by default.
    fn board_kind(&self) -> Option<BoardKind> {
        None
    }

    /// [`GameEntry::most_moves`]: the most legal moves of either player in any position
    /// reachable from `position`.
    fn most_moves(&self, position: &Self::Game) -> Option<u128>;

    /// [`GameEntry::longest_game`]: the most moves left in any game from `position`.
    fn longest_game(&self, position: &Self::Game) -> Option<u128>;

    /// [`GameEntry::check_served`]: whether a shared server values `position` (well under a
    /// second, measured: say how in docs/benchmarks.md).
    fn check_served(&self, position: &Self::Game) -> Result<(), OverCap>;

    /// [`GameEntry::cap_edges`]: positions at the caps of
    /// [`PartizanEntry::check_served`] and one step past them.
    fn cap_edges(&self) -> Vec<CapEdge>;

    /// [`GameEntry::footprint`]: where `mv` lies on the board of `position` (the cells it
    /// touches, the edge it takes); empty by default.
    fn footprint(
        &self,
        position: &Self::Game,
        mv: &<Self::Game as PartizanGame>::Move,
    ) -> Footprint {
        let _ = (position, mv);
        Footprint::new()
    }

    /// [`GameEntry::kept_edges`]: for each edge of the board after `mv`, its index on the
    /// board of `position`; `None` (the default) when edges keep their names.
    fn kept_edges(
        &self,
        position: &Self::Game,
        mv: &<Self::Game as PartizanGame>::Move,
    ) -> Option<Vec<usize>> {
        let _ = (position, mv);
        None
    }

    /// [`GameEntry::check_job`]: whether a shared server values `position` as a background
    /// job (within its time limit, twenty minutes by default); the caps of
    /// [`PartizanEntry::check_served`] by default.
    fn check_job(&self, position: &Self::Game) -> Result<(), OverCap> {
        self.check_served(position)
    }

    /// Notes `grundy solve` adds to the report of `position`, after the shared ones (a
    /// game's own findings about the position, such as a value sequence); none by default.
    /// Work done here must honour the stop and memory limit of `options` (answering
    /// [`SolveError::Stopped`] or [`SolveError::TooLarge`] past them), as the shared
    /// report does.
    fn notes(
        &self,
        position: &Self::Game,
        options: &SolveOptions,
    ) -> Result<Vec<String>, SolveError> {
        let _ = (position, options);
        Ok(Vec::new())
    }
}

impl<E: PartizanEntry> GameEntry for E {
    fn board_kind(&self) -> Option<BoardKind> {
        PartizanEntry::board_kind(self)
    }

    /// The position's own board ([`PartizanGame::board`]).
    fn board(&self, state: &dyn GameState) -> Option<Board> {
        with_game::<E::Game, _>(state, PartizanGame::board).flatten()
    }

    /// The footprint of `mv` when it reads as a move of the game and the game gives
    /// footprints (a footprint is never empty).
    fn footprint(&self, state: &dyn GameState, mv: &str) -> Option<Footprint> {
        let mv: <E::Game as PartizanGame>::Move = mv.trim().parse().ok()?;
        with_game::<E::Game, _>(state, |position| {
            PartizanEntry::footprint(self, position, &mv)
        })
        .filter(|footprint| !footprint.is_empty())
    }

    fn kept_edges(&self, state: &dyn GameState, mv: &str) -> Option<Vec<usize>> {
        let mv: <E::Game as PartizanGame>::Move = mv.trim().parse().ok()?;
        with_game::<E::Game, _>(state, |position| {
            PartizanEntry::kept_edges(self, position, &mv)
        })
        .flatten()
    }

    fn valuations(&self) -> Option<&dyn Valuations> {
        Some(self)
    }

    /// Left and Right have different moves.
    fn is_impartial(&self) -> bool {
        false
    }

    /// Valued, not searched: every position gets its canonical value.
    fn is_searched(&self) -> bool {
        false
    }

    /// The components of `position`, each in notation; empty when it does not read.
    fn components(&self, position: &str) -> Vec<String> {
        parse_game::<E::Game>(position)
            .map(|game| {
                PartizanPosition::components(&game)
                    .iter()
                    .map(ToString::to_string)
                    .collect()
            })
            .unwrap_or_default()
    }

    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        with_game::<E::Game, _>(state, |position| PartizanEntry::most_moves(self, position))
            .flatten()
    }

    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        with_game::<E::Game, _>(state, |position| {
            PartizanEntry::longest_game(self, position)
        })
        .flatten()
    }

    /// Served when the entry's caps allow the current position (or when the state is not a
    /// game of this entry: there is nothing to value).
    fn cap_edges(&self) -> Vec<CapEdge> {
        PartizanEntry::cap_edges(self)
    }

    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        with_game::<E::Game, _>(state, |position| {
            PartizanEntry::check_served(self, position)
        })
        .unwrap_or(Ok(()))
    }

    /// A game from `POSITION`, `POSITION@L` or `POSITION@R`.
    fn start(&'static self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<PartizanRules<E::Game>>(self, position)
    }

    /// Served as a job when the entry's job caps allow the current position.
    fn check_job(&self, state: &dyn GameState) -> Result<(), OverCap> {
        with_game::<E::Game, _>(state, |position| PartizanEntry::check_job(self, position))
            .unwrap_or(Ok(()))
    }

    /// The value and what follows from it; reads `moves`, `stop` and `memory_limit` of the
    /// options.
    /// The entry's own notes ([`PartizanEntry::notes`]) follow the shared ones.
    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        let mut report = solve_position::<E::Game>(Listing::name(self), position, options)?;
        let game = parse_game::<E::Game>(position)?;
        report
            .notes
            .extend(PartizanEntry::notes(self, &game, options)?);
        Ok(Report::Valued(report))
    }
}

/// Every partizan game's two valuations: [`Evaluator`] and [`plain_value_within`] on its typed
/// position.
impl<E: PartizanEntry> Valuations for E {
    fn evaluated(&self, position: &str) -> Result<String, ParseError> {
        let game = parse_game::<E::Game>(position)?;
        let mut store = ValueStore::new();
        let value = Evaluator::new().value(&mut store, &game);
        Ok(store.display(value))
    }

    fn plain(&self, position: &str, budget: &mut u64) -> Result<Option<String>, ParseError> {
        let game = parse_game::<E::Game>(position)?;
        let mut store = ValueStore::new();
        let value = plain_value_within(&mut store, &game, budget);
        Ok(value.map(|value| store.display(value)))
    }
}

/// `f` of the position of a game of `G` in progress (whoever is to move).
pub fn with_game<G: PartizanGame, T>(state: &dyn GameState, f: impl FnOnce(&G) -> T) -> Option<T> {
    with_position::<PartizanRules<G>, _>(state, |turn| f(&turn.position))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use crate::game::Status;
    use crate::partizan::entry::GameEntry;
    use crate::partizan::toy::StalksEntry;
    use crate::player::Seat;
    use crate::report::{Report, SolveOptions};

    const STALKS: &dyn GameEntry = &StalksEntry;

    #[test]
    fn the_blanket_entry_starts_plays_and_solves_through_the_shared_adapter() {
        assert!(!STALKS.is_impartial() && !STALKS.is_searched());
        let mut state = STALKS.start("LR+E@R").unwrap();
        assert_eq!(state.entry().name(), STALKS.name());
        assert_eq!(state.side_name(Seat::First), "Right");
        assert_eq!(state.legal_moves(10).moves, ["1.2", "2.1"]);
        state.play("2.1").unwrap();
        assert_eq!(state.position(), "LR");
        state.play("1.1").unwrap();
        assert_eq!(
            state.status(),
            Status::Won {
                winner: Seat::Second
            }
        );
        let Report::Valued(report) = STALKS.solve("LR+E", &SolveOptions::default()).unwrap() else {
            panic!("a partizan game is valued");
        };
        assert_eq!(
            (report.canonical.as_str(), report.game.as_str()),
            ("1/2*", "stalks")
        );
        assert_eq!(STALKS.components("LR+E"), ["LR", "E"]);
        assert!(STALKS.components("LX").is_empty());
    }

    #[test]
    fn the_typed_hooks_see_the_current_position() {
        let mut state = STALKS.start("LLLLLL+RRRRRR+E").unwrap();
        assert_eq!(STALKS.most_moves(state.as_ref()), Some(13));
        let over = STALKS.check_served(state.as_ref()).unwrap_err();
        assert_eq!((over.value, over.cap), (13, 12));
        state.play("1.1").unwrap();
        assert_eq!(STALKS.longest_game(state.as_ref()), Some(7));
        assert!(STALKS.check_served(state.as_ref()).is_ok());
        assert!(STALKS.picture_svg(state.as_ref()).is_none());
        // Partizan games have no misère version.
        assert!(STALKS.start("LR@misere").is_err());
    }
}
