//! `grundy.value`, `grundy.outcome` and `grundy.solve` on a position of a user's game.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;

use super::cache::Cache;
use super::loopy::Standing;
use super::run::{describe, describe_type, Progress, Run};
use super::search::{best, PlayOut};
use super::walk::{walked, Mover, Walk};
use crate::limits::CallLimits;
use crate::value::Value;
use grundy::loopy::Outcome;

/// Whether a position belongs to an impartial game (`options()`) or a partizan one
/// (`left_options()` and `right_options()`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `options()`.
    Impartial,
    /// `left_options()` and `right_options()`.
    Partizan,
}

/// The kind of `game`'s position; a `TypeError` for an object that is neither.
pub fn kind_of(game: &Bound<'_, PyAny>) -> PyResult<Kind> {
    let py = game.py();
    let impartial = game.hasattr(intern!(py, "options"))?;
    let partizan = ["left_options", "right_options"]
        .into_iter()
        .filter(|method| game.hasattr(*method).unwrap_or(false))
        .collect::<Vec<_>>();
    if impartial && !partizan.is_empty() {
        return Err(PyTypeError::new_err(format!(
            "{} (a {}) has both options() and {}(): an impartial game has options() only,              a partizan game left_options() and right_options() only",
            describe(game),
            describe_type(game),
            partizan.join("() and ")
        )));
    }
    if impartial {
        Ok(Kind::Impartial)
    } else if game.hasattr(intern!(py, "left_options"))?
        && game.hasattr(intern!(py, "right_options"))?
    {
        Ok(Kind::Partizan)
    } else {
        Err(PyTypeError::new_err(format!(
            "{} (a {}) is not a position of a game: give an object with options() (an \
             impartial game) or left_options() and right_options() (a partizan game)",
            describe(game),
            describe_type(game)
        )))
    }
}

/// The player a text names: `"left"` or `"L"`, `"right"` or `"R"` (any case, spaces
/// around ignored).
pub fn side_named(text: &str) -> Option<Mover> {
    match text.trim().to_ascii_lowercase().as_str() {
        "left" | "l" => Some(Mover::Left),
        "right" | "r" => Some(Mover::Right),
        _ => None,
    }
}

/// Runs `work` on a walk over `cache` (the shared one when `None`) under the call's
/// limits, reporting progress unless `progress` is false, and records the run in the cache.
pub fn walking<'py, R>(
    py: Python<'py>,
    cache: Option<&Bound<'py, Cache>>,
    time_limit: Option<&Bound<'py, PyAny>>,
    memory_limit: Option<&Bound<'py, PyAny>>,
    progress: bool,
    task: &'static str,
    work: impl FnOnce(&mut Walk<'_, 'py>) -> PyResult<R>,
) -> PyResult<R> {
    let limits = CallLimits::read(time_limit, memory_limit)?;
    let mut cache = Cache::hold(py, cache, &limits)?;
    // The call's own memory limit, else the cache's.
    let limits = limits.or_megabytes(cache.memory_limit());
    let progress = if progress {
        Progress::Auto
    } else {
        Progress::Off
    };
    let mut run = Run::new(py, limits, progress, task);
    let answer = walked(&mut run, cache.tables(), work);
    run.finish(answer.is_ok());
    let entries = cache.tables().len();
    cache.record(
        run.new_positions,
        run.elapsed(),
        run.user_time,
        run.cache_bytes(entries),
    );
    answer
}

/// The value of a position of your own game: ``*n`` (a nimber) for an impartial game,
/// the canonical value for a partizan one, as a ``grundy.Value``.
///
/// A game is any class whose positions have ``options()`` (impartial) or
/// ``left_options()`` and ``right_options()`` (partizan), each giving the positions one
/// move leads to; positions are hashable, compare with ``==``, and ``str()`` is their
/// notation. A position with ``components()`` is the sum of those parts: each part is
/// valued once and the values added. Values are kept in ``cache`` (``grundy.cache`` by
/// default) across calls. A game whose positions repeat gets a loopy value: the
/// generalised Sprague–Grundy value (``*n`` or ``∞{K}``) of an impartial game, the
/// canonical stopper or sided value of a partizan one, from the graph of every position
/// reachable from ``game``.
///
/// Raises the exception of a game's method that raises (with a note naming the
/// position), ``TypeError`` for an option that is not a position, ``ValueError`` for a
/// ``__hash__`` inconsistent with ``==``,
/// ``TimeoutError`` past ``time_limit`` seconds, ``MemoryError`` past ``memory_limit``
/// megabytes (default 4000, or the cache's), and ``KeyboardInterrupt`` on Ctrl-C. Progress
/// goes to ``sys.stderr`` once a computation has run for a second (``progress=False``
/// silences it). The depth of a game is limited by memory only.
#[pyfunction]
#[pyo3(signature = (game, *, cache=None, time_limit=None, memory_limit=None, progress=true))]
pub fn value<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    cache: Option<&Bound<'py, Cache>>,
    time_limit: Option<&Bound<'py, PyAny>>,
    memory_limit: Option<&Bound<'py, PyAny>>,
    progress: bool,
) -> PyResult<Value> {
    let kind = kind_of(game)?;
    walking(
        py,
        cache,
        time_limit,
        memory_limit,
        progress,
        "valuing",
        |walk| -> PyResult<Value> {
            match kind {
                Kind::Impartial => match walk.nim_value(game, None) {
                    Ok(nimber) => walk.in_store(|store| store.nimber(nimber)).map(Value::of),
                    Err(_) if walk.loop_seen => {
                        crate::value_loopy::of_nim(walk.loopy_nim_value(game)?)
                    }
                    Err(error) => Err(error),
                },
                Kind::Partizan => match walk.value(game, None) {
                    Ok(id) => Ok(Value::of(id)),
                    Err(_) if walk.loop_seen => {
                        let value = walk.loopy_value(game)?;
                        Ok(crate::value_loopy::of_loopy((*value).clone()))
                    }
                    Err(error) => Err(error),
                },
            }
        },
    )
}

/// Who wins a position of your own game: ``"N"`` (the player to move) or ``"P"`` (the
/// other) for an impartial game; ``"L"``, ``"R"``, ``"N"`` or ``"P"`` for a partizan one
/// (Left or Right whoever starts, the first or the second player). In a game whose
/// positions repeat, ``"D"`` is a draw, and a partizan game has CGSuite's ``"PHat"``
/// (Left starting draws, Right starting loses), ``"PCheck"``, ``"NHat"`` and ``"NCheck"``. ``misere=True`` asks
/// under misère play, where the player who makes the last move loses. Takes the keyword
/// arguments of :func:`value` and raises as it does.
#[pyfunction]
#[pyo3(signature = (game, misere=false, *, cache=None, time_limit=None, memory_limit=None, progress=true))]
pub fn outcome<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    misere: bool,
    cache: Option<&Bound<'py, Cache>>,
    time_limit: Option<&Bound<'py, PyAny>>,
    memory_limit: Option<&Bound<'py, PyAny>>,
    progress: bool,
) -> PyResult<&'static str> {
    let kind = kind_of(game)?;
    walking(
        py,
        cache,
        time_limit,
        memory_limit,
        progress,
        "finding the outcome",
        |walk| {
            let short = match (kind, misere) {
                (Kind::Impartial, false) => {
                    walk.nim_value(game, None)
                        .map(|nimber| if nimber == 0 { "P" } else { "N" })
                }
                (Kind::Impartial, true) => walk
                    .play_out(game, Mover::Either, true, None)
                    .map(|(wins, _)| if wins { "N" } else { "P" }),
                (Kind::Partizan, false) => walk
                    .value(game, None)
                    .and_then(|value| walk.in_store(|store| store.outcome(value).letter())),
                (Kind::Partizan, true) => {
                    walk.play_out(game, Mover::Left, true, None)
                        .and_then(|(left_first, _)| {
                            let (right_first, _) = walk.play_out(game, Mover::Right, true, None)?;
                            Ok(match (left_first, right_first) {
                                (true, true) => "N",
                                (true, false) => "L",
                                (false, true) => "R",
                                (false, false) => "P",
                            })
                        })
                }
            };
            match short {
                Err(_) if walk.loop_seen => match kind {
                    Kind::Impartial => {
                        let (outcome, _) = if misere {
                            walk.loopy_solve(game, Mover::Either, true, false)?.result
                        } else {
                            (walk.loopy_nim_value(game)?.outcome(), None)
                        };
                        Ok(match outcome {
                            Outcome::Win => "N",
                            Outcome::Loss => "P",
                            Outcome::Draw => "D",
                        })
                    }
                    Kind::Partizan => Ok(walk.loopy_outcome(game, misere)?.name()),
                },
                answer => answer,
            }
        },
    )
}

/// How a position of your own game is won: :func:`solve` gives it.
#[pyclass(module = "grundy", frozen)]
pub struct Solution {
    /// The position solved.
    #[pyo3(get)]
    position: Py<PyAny>,
    /// ``None`` for an impartial game, else ``"left"`` or ``"right"``: who moves first.
    #[pyo3(get)]
    to_move: Option<&'static str>,
    /// Whether misère play was asked for.
    #[pyo3(get)]
    misere: bool,
    /// ``"win"``, ``"loss"`` or ``"draw"``: the result of the player to move under
    /// perfect play (a draw only in a game whose positions can repeat).
    #[pyo3(get)]
    outcome: &'static str,
    /// Whether the player to move wins.
    #[pyo3(get)]
    to_move_wins: bool,
    /// Every winning move, as the game's own option objects (empty when the player to
    /// move does not win).
    #[pyo3(get)]
    winning_moves: Py<PyAny>,
    /// Every move that keeps a drawn position drawn (empty unless the position is drawn).
    #[pyo3(get)]
    drawing_moves: Py<PyAny>,
    /// How many moves the game lasts when the winner wins as fast as possible and the
    /// loser loses as slowly as possible; ``None`` for a draw.
    #[pyo3(get)]
    remoteness: Option<u64>,
    /// Every move with the game after it: ``(option, mover_wins, remoteness)``, where
    /// ``remoteness`` counts the move itself, and is ``None`` for a move to a drawn
    /// position (``mover_wins`` is then False).
    #[pyo3(get)]
    moves: Py<PyAny>,
}

#[pymethods]
impl Solution {
    fn __repr__(&self, py: Python<'_>) -> String {
        let side = self
            .to_move
            .map(|side| format!(", {side} to move"))
            .unwrap_or_default();
        let position = describe(self.position.bind(py));
        match self.remoteness {
            None => {
                let count = self.drawing_moves.bind(py).len().unwrap_or(0);
                format!("Solution({position}{side}: a draw, {count} drawing moves)")
            }
            Some(remoteness) => {
                let winner = if self.to_move_wins {
                    "the player to move wins"
                } else {
                    "the player to move loses"
                };
                let count = self.winning_moves.bind(py).len().unwrap_or(0);
                format!(
                    "Solution({position}{side}: {winner} in {remoteness} moves, {count} \
                     winning moves)"
                )
            }
        }
    }
}

/// Solves a position of your own game by playing it out: whether the player to move wins,
/// loses or (in a game whose positions can repeat) draws, every winning move (the game's
/// own option objects) or every drawing move, and the exact remoteness, under normal play
/// or (``misere=True``) misère play. A partizan game needs ``to_move``, ``"left"`` or
/// ``"right"``. The play-out walks whole positions (the remoteness of a sum is not its
/// parts'), so it is slower than :func:`value` on games with components. A game whose
/// positions repeat is solved on the graph of every position reachable from this one, by a
/// retrograde analysis: a perfect player never loses a drawn position and never lets a won
/// one slip into a draw. Takes the keyword arguments of :func:`value` and raises as it
/// does.
#[pyfunction]
#[pyo3(signature = (game, *, to_move=None, misere=false, cache=None, time_limit=None, memory_limit=None, progress=true))]
#[allow(clippy::too_many_arguments)]
pub fn solve<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    to_move: Option<&str>,
    misere: bool,
    cache: Option<&Bound<'py, Cache>>,
    time_limit: Option<&Bound<'py, PyAny>>,
    memory_limit: Option<&Bound<'py, PyAny>>,
    progress: bool,
) -> PyResult<Solution> {
    let mover =
        match (kind_of(game)?, to_move) {
            (Kind::Impartial, None) => Mover::Either,
            (Kind::Impartial, Some(side)) => {
                return Err(PyValueError::new_err(format!(
                    "to_move=\"{side}\" is for partizan games; {} is impartial",
                    describe(game)
                )))
            }
            (Kind::Partizan, Some(side)) => side_named(side).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "to_move is \"left\" or \"right\" (or \"L\" or \"R\"), got \"{side}\""
                ))
            })?,
            (Kind::Partizan, None) => return Err(PyValueError::new_err(
                "a partizan game needs to_move=\"left\" or to_move=\"right\" (or \"L\" or \"R\")",
            )),
        };
    let (options, solved) = walking(
        py,
        cache,
        time_limit,
        memory_limit,
        progress,
        "solving",
        |walk| -> PyResult<(Vec<Bound<'py, PyAny>>, Standings)> {
            let options = walk.run.list(game, mover.method(py))?;
            let key = walk.run.key(game, None)?;
            walk.enter(&key)?;
            match walk.option_play_outs(&options, game, mover, misere) {
                Ok(after) => {
                    walk.leave();
                    Ok((options, short_standings(&after, misere)))
                }
                Err(_) if walk.loop_seen => {
                    walk.keep_moves(&key, mover, &options);
                    let solved = walk.loopy_solve(game, mover, misere, true)?;
                    Ok((options, (solved.result, solved.moves)))
                }
                Err(error) => Err(error),
            }
        },
    )?;
    let ((outcome, remoteness), after) = solved;
    let chosen = |wanted: Outcome| -> Vec<&Bound<'py, PyAny>> {
        options
            .iter()
            .zip(&after)
            .filter(|(_, (result, _))| *result == wanted)
            .map(|(option, _)| option)
            .collect()
    };
    let winning = if outcome == Outcome::Win {
        chosen(Outcome::Win)
    } else {
        Vec::new()
    };
    let drawing = if outcome == Outcome::Draw {
        chosen(Outcome::Draw)
    } else {
        Vec::new()
    };
    let moves: Vec<(Bound<'py, PyAny>, bool, Option<u64>)> = options
        .iter()
        .zip(&after)
        .map(|(option, (result, moves))| (option.clone(), *result == Outcome::Win, *moves))
        .collect();
    Ok(Solution {
        position: game.clone().unbind(),
        to_move: match mover {
            Mover::Either => None,
            Mover::Left => Some("left"),
            Mover::Right => Some("right"),
        },
        misere,
        outcome: match outcome {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
        },
        to_move_wins: outcome == Outcome::Win,
        winning_moves: winning.into_pyobject(py)?.into_any().unbind(),
        drawing_moves: drawing.into_pyobject(py)?.into_any().unbind(),
        remoteness,
        moves: moves.into_pyobject(py)?.into_any().unbind(),
    })
}

/// A position's result and each move's, for its mover.
pub type Standings = (Standing, Vec<Standing>);

/// The results of a short position from the play-outs of its moves.
pub fn short_standings(after: &[PlayOut], misere: bool) -> Standings {
    let (wins, remoteness) = if after.is_empty() {
        (misere, 0)
    } else {
        best(after)
    };
    let result = |wins: bool| if wins { Outcome::Win } else { Outcome::Loss };
    (
        (result(wins), Some(remoteness)),
        after
            .iter()
            .map(|(opponent_wins, moves)| (result(!opponent_wins), Some(moves + 1)))
            .collect(),
    )
}
