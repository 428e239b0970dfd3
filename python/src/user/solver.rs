//! Perfect play in a game of a user's class: the play-out of every legal move
//! ([`super::search`]), in the shared `grundy.cache`, and what follows from it: who wins
//! and in how many moves, the winning moves, the move of perfect play (the fastest win, the
//! slowest loss) and of stubborn play (the slowest win, the slowest loss), and for the
//! analysis the position's value (its nim value through its components in an impartial
//! game, its canonical value in a partizan one).
//!
//! A search is bounded by the budget's `movetime` (as `time_limit`: `TimeoutError`) and
//! `stop`, by the default memory limit (or `grundy.cache`'s; on the web page, the page's),
//! and ends on Ctrl-C. What it
//! worked out stays in the cache, so a search stopped by its time goes on from there the
//! next time. When another computation holds `grundy.cache` (another thread, or a game's
//! method asking grundy about a game), the search uses a cache of its own.

use grundy::game::{Analysis, Budget};
use pyo3::prelude::*;
use pyo3::types::PyFloat;

use super::api::{walking, Kind};
use super::cache::Cache;
use super::search::best;
use super::state::UserState;
use super::walk::Walk;

/// The longest time limit a budget passes on, in seconds (`time_limit` takes at most a
/// year); a longer movetime is no limit.
const LONGEST_SECONDS: f64 = 365.0 * 86_400.0;

/// The shortest, in seconds: a budget with no time left still lets the search look once.
const SHORTEST_SECONDS: f64 = 0.001;

/// What a search's time limit is on the web page: the request's `movetime_ms`, for one
/// position.
pub const PAGE_TIME_LIMIT: &str = "for one position of a game written in Python (the \
     request's movetime_ms, 500 ms by default)";

/// What the play-out of a position says.
#[derive(Debug, Clone)]
pub struct Solved {
    /// Whether the player to move wins.
    pub wins: bool,
    /// The moves to the end with perfect play.
    pub remoteness: u64,
    /// Every legal move: its name, whether the mover wins by it, and the remoteness
    /// counting the move.
    pub moves: Vec<(String, bool, u64)>,
    /// The nim value, for an impartial game (when asked for).
    pub nim_value: Option<u64>,
    /// The canonical value, for a partizan game (when asked for).
    pub value_text: Option<String>,
}

impl Solved {
    /// The winning moves, the fastest first (in the game's order among equals).
    pub fn winning_moves(&self) -> Vec<String> {
        let mut winning: Vec<&(String, bool, u64)> =
            self.moves.iter().filter(|(_, wins, _)| *wins).collect();
        winning.sort_by_key(|(_, _, moves)| *moves);
        winning
            .into_iter()
            .map(|(name, _, _)| name.clone())
            .collect()
    }

    /// The fastest win, or the slowest loss (the first in the game's order among equals).
    pub fn perfect_move(&self) -> Option<&str> {
        let chosen = if self.wins {
            self.moves
                .iter()
                .filter(|(_, wins, _)| *wins)
                .min_by_key(|(_, _, moves)| *moves)
        } else {
            self.slowest(|_| true)
        };
        chosen.map(|(name, _, _)| name.as_str())
    }

    /// The slowest win, or the slowest loss.
    pub fn stubborn_move(&self) -> Option<&str> {
        let wins = self.wins;
        self.slowest(|(_, by_it, _)| *by_it == wins)
            .map(|(name, _, _)| name.as_str())
    }

    /// The first of the longest moves that `keep` keeps.
    fn slowest(
        &self,
        keep: impl Fn(&&(String, bool, u64)) -> bool,
    ) -> Option<&(String, bool, u64)> {
        let longest = self
            .moves
            .iter()
            .filter(&keep)
            .map(|(_, _, moves)| *moves)
            .max()?;
        self.moves
            .iter()
            .filter(keep)
            .find(|(_, _, moves)| *moves == longest)
    }

    /// The library's analysis.
    pub fn analysis(&self) -> Analysis {
        Analysis {
            to_move_wins: Some(self.wins),
            grundy_value: self.nim_value.map(u128::from),
            best_move: self.perfect_move().map(str::to_owned),
            winning_moves: self.winning_moves(),
            winning_moves_complete: true,
            remoteness: Some(u128::from(self.remoteness)),
            remoteness_exact: true,
            comment: None,
            value: self.value_text.clone(),
            quotient_element: None,
        }
    }
}

impl UserState {
    /// The play-out of the current position and of each legal move, under `budget` (under
    /// misère play when the game is), and the position's value when `with_value` (under
    /// normal play only: values do not add under misère play).
    pub fn solution(&self, budget: &Budget, with_value: bool) -> PyResult<Solved> {
        let choices = self.try_choices()?;
        let node = self.node();
        let kind = self.entry.kind;
        let misere = self.misere;
        Python::attach(|py| {
            let position = node.position.bind(py);
            let options: Vec<Bound<'_, PyAny>> = choices
                .iter()
                .map(|choice| choice.position.bind(py).clone())
                .collect();
            let mover = node.mover;
            let (after, nim_value, value_text) = searching(py, budget, |walk| {
                let method = mover.method(py);
                let key = walk.run.key(position, None)?;
                walk.run.check_position(position, None, method)?;
                walk.enter(&key)?;
                let after = walk.option_play_outs(&options, position, mover, misere)?;
                walk.leave();
                let (mut nim_value, mut value_text) = (None, None);
                // Values add under normal play: a misère position has none.
                if with_value && !misere {
                    match kind {
                        Kind::Impartial => nim_value = Some(walk.nim_value(position, None)?),
                        Kind::Partizan => {
                            let id = walk.value(position, None)?;
                            value_text = Some(walk.in_store(|store| store.display(id))?);
                        }
                    }
                }
                Ok((after, nim_value, value_text))
            })?;
            let (wins, remoteness) = if after.is_empty() {
                (misere, 0)
            } else {
                best(&after)
            };
            Ok(Solved {
                wins,
                remoteness,
                moves: choices
                    .iter()
                    .zip(&after)
                    .map(|(choice, (opponent_wins, moves))| {
                        (choice.name.clone(), !opponent_wins, moves + 1)
                    })
                    .collect(),
                nim_value,
                value_text,
            })
        })
    }
}

/// Runs `work` on a walk over `grundy.cache` (or a cache of its own when that one is in
/// use) under `budget`'s time limit and stop, reporting progress after a second.
fn searching<'py, R>(
    py: Python<'py>,
    budget: &Budget,
    work: impl FnOnce(&mut Walk<'_, 'py>) -> PyResult<R>,
) -> PyResult<R> {
    let time_limit = budget
        .movetime
        .map(|movetime| movetime.as_secs_f64())
        .filter(|&seconds| seconds <= LONGEST_SECONDS)
        .map(|seconds| PyFloat::new(py, seconds.max(SHORTEST_SECONDS)).into_any());
    let own;
    let busy = Cache::shared(py)?.bind(py).try_borrow_mut().is_err();
    let cache = if busy {
        own = Bound::new(py, Cache::private())?;
        Some(&own)
    } else {
        None
    };
    let stop = budget.stop.clone();
    let serving = crate::watch::serving_megabytes().is_some();
    // On the web page, the page's memory limit.
    let memory_limit = crate::watch::serving_megabytes()
        .map(|megabytes| megabytes.into_pyobject(py))
        .transpose()?
        .map(Bound::into_any);
    walking(
        py,
        cache,
        time_limit.as_ref(),
        memory_limit.as_ref(),
        true,
        "solving",
        |walk| {
            walk.run.stop_when(stop);
            if serving {
                walk.run.time_limit_set_by(PAGE_TIME_LIMIT);
            }
            work(walk)
        },
    )
}
