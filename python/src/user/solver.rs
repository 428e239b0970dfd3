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

use std::sync::Arc;

use grundy::cgt::loopy::{LoopySummary, LoopyValue};
use grundy::game::{Analysis, Budget};
use grundy::loopy::Outcome;
use pyo3::prelude::*;
use pyo3::types::PyFloat;

use super::api::short_standings;
use super::api::{walking, Kind};
use super::cache::Cache;
use super::loopy_report::Loopy;
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
    /// Won, lost or (in a game whose positions repeat) drawn, for the player to move.
    pub outcome: Outcome,
    /// The moves to the end with perfect play; `None` for a draw.
    pub remoteness: Option<u64>,
    /// Every legal move: its name, the result it gives its mover, and the remoteness
    /// counting the move (`None` for a move to a draw).
    pub moves: Vec<(String, Outcome, Option<u64>)>,
    /// The nim value, for an impartial game (when asked for).
    pub nim_value: Option<u64>,
    /// The canonical value, for a partizan game (when asked for).
    pub value_text: Option<String>,
    /// Set when the position's graph has a loop: it was solved by a retrograde analysis,
    /// with its loopy value when asked for under normal play.
    pub loopy: Option<Loopy>,
}

/// One move of a [`Solved`].
type Move = (String, Outcome, Option<u64>);

impl Solved {
    /// Whether the player to move wins.
    pub fn wins(&self) -> bool {
        self.outcome == Outcome::Win
    }

    /// The moves that give their mover `outcome`.
    fn moves_giving(&self, outcome: Outcome) -> impl Iterator<Item = &Move> {
        self.moves
            .iter()
            .filter(move |(_, by_it, _)| *by_it == outcome)
    }

    /// The winning moves, the fastest first (in the game's order among equals).
    pub fn winning_moves(&self) -> Vec<String> {
        let mut winning: Vec<&Move> = self.moves_giving(Outcome::Win).collect();
        winning.sort_by_key(|(_, _, moves)| *moves);
        winning
            .into_iter()
            .map(|(name, _, _)| name.clone())
            .collect()
    }

    /// The moves that keep a drawn position drawn (none unless it is drawn).
    pub fn drawing_moves(&self) -> Vec<String> {
        if self.outcome != Outcome::Draw {
            return Vec::new();
        }
        self.moves_giving(Outcome::Draw)
            .map(|(name, _, _)| name.clone())
            .collect()
    }

    /// The fastest win, else a drawing move (the first), else the slowest loss (the first
    /// in the game's order among equals).
    pub fn perfect_move(&self) -> Option<&str> {
        let chosen = match self.outcome {
            Outcome::Win => self
                .moves_giving(Outcome::Win)
                .min_by_key(|(_, _, moves)| *moves),
            Outcome::Draw => self.moves_giving(Outcome::Draw).next(),
            Outcome::Loss => self.slowest(Outcome::Loss),
        };
        chosen.map(|(name, _, _)| name.as_str())
    }

    /// The slowest win, or the slowest loss; in a game whose positions repeat (a draw
    /// among its results) the perfect move, as a slower win there could go round for ever.
    pub fn stubborn_move(&self) -> Option<&str> {
        let loops = self.outcome == Outcome::Draw
            || self
                .moves
                .iter()
                .any(|(_, outcome, _)| *outcome == Outcome::Draw);
        if loops {
            return self.perfect_move();
        }
        self.slowest(self.outcome).map(|(name, _, _)| name.as_str())
    }

    /// The first of the longest moves that give their mover `outcome`.
    fn slowest(&self, outcome: Outcome) -> Option<&Move> {
        let longest = self
            .moves_giving(outcome)
            .map(|(_, _, moves)| *moves)
            .max()?;
        self.moves_giving(outcome)
            .find(|(_, _, moves)| *moves == longest)
    }

    /// The library's analysis (a draw as the loopy games give it: no winner, the drawing
    /// moves in the comment).
    pub fn analysis(&self) -> Analysis {
        let comment = (self.outcome == Outcome::Draw).then(|| {
            format!(
                "draw: neither player can force a win; drawing moves {}",
                self.drawing_moves().join(" ")
            )
        });
        Analysis {
            to_move_wins: match self.outcome {
                Outcome::Win => Some(true),
                Outcome::Loss => Some(false),
                Outcome::Draw => None,
            },
            grundy_value: self.nim_value.map(u128::from),
            best_move: self.perfect_move().map(str::to_owned),
            winning_moves: self.winning_moves(),
            winning_moves_complete: true,
            remoteness: self.remoteness.map(u128::from),
            remoteness_exact: self.remoteness.is_some(),
            comment,
            value: match &self.loopy {
                Some(Loopy::Partizan(summary)) => Some(summary.canonical.clone()),
                _ => self.value_text.clone(),
            },
            quotient_element: None,
        }
    }
}

impl UserState {
    /// The play-out of the current position and of each legal move, under `budget` (under
    /// misère play when the game is), and the position's value when `with_value` (under
    /// normal play only: values do not add under misère play). A game whose positions
    /// repeat is solved on its graph (draws included), and has no value here.
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
            let (standings, nim_value, value_text, loopy) = searching(py, budget, |walk| {
                let method = mover.method(py);
                let key = walk.run.key(position, None)?;
                walk.run.check_position(position, None, method)?;
                walk.enter(&key)?;
                let after = match walk.option_play_outs(&options, position, mover, misere) {
                    Ok(after) => after,
                    Err(_) if walk.loop_seen => {
                        walk.keep_moves(&key, mover, &options);
                        let solved = walk.loopy_solve(position, mover, misere, true)?;
                        let loopy = match (with_value && !misere, kind) {
                            (false, _) => Loopy::Unvalued,
                            (true, Kind::Impartial) => Loopy::Nim(walk.loopy_nim_value(position)?),
                            (true, Kind::Partizan) => {
                                let value = walk.loopy_value(position)?;
                                Loopy::Partizan(Box::new(summary(walk, value)?))
                            }
                        };
                        return Ok(((solved.result, solved.moves), None, None, Some(loopy)));
                    }
                    Err(error) => return Err(error),
                };
                walk.leave();
                let (mut nim_value, mut value_text, mut loopy) = (None, None, None);
                // Values add under normal play: a misère position has none. A play that
                // never met a loop may still reach one through a move it did not need
                // (the position's value then is loopy).
                if with_value && !misere {
                    match kind {
                        Kind::Impartial => match walk.nim_value(position, None) {
                            Ok(nimber) => nim_value = Some(nimber),
                            Err(_) if walk.loop_seen => {
                                loopy = Some(Loopy::Nim(walk.loopy_nim_value(position)?));
                            }
                            Err(error) => return Err(error),
                        },
                        Kind::Partizan => match walk.value(position, None) {
                            Ok(id) => value_text = Some(walk.in_store(|store| store.display(id))?),
                            Err(_) if walk.loop_seen => {
                                let value = walk.loopy_value(position)?;
                                loopy = Some(Loopy::Partizan(Box::new(summary(walk, value)?)));
                            }
                            Err(error) => return Err(error),
                        },
                    }
                }
                Ok((
                    short_standings(&after, misere),
                    nim_value,
                    value_text,
                    loopy,
                ))
            })?;
            let ((outcome, remoteness), after) = standings;
            Ok(Solved {
                outcome,
                remoteness,
                moves: choices
                    .iter()
                    .zip(after)
                    .map(|(choice, (outcome, moves))| (choice.name.clone(), outcome, moves))
                    .collect(),
                nim_value,
                value_text,
                loopy,
            })
        })
    }
}

/// The engine's summary of a loopy partizan value (its canonical form, outcome class,
/// onside and offside, stops of a stopper).
fn summary(walk: &Walk<'_, '_>, value: Arc<LoopyValue>) -> PyResult<LoopySummary> {
    crate::value_loopy::with_engine(walk.py(), walk.run.limits(), move |engine| {
        engine.summary(&value)
    })
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
