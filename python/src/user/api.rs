//! `grundy.value`, `grundy.outcome` and `grundy.solve` on a position of a user's game.

use grundy::cgt::GameId;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;

use super::cache::Cache;
use super::run::{describe, describe_type, Progress, Run};
use super::search::{best, PlayOut};
use super::walk::{walked, Mover, Walk};
use crate::limits::CallLimits;
use crate::value::Value;

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
/// default) across calls.
///
/// Raises the exception of a game's method that raises (with a note naming the
/// position), ``TypeError`` for an option that is not a position, ``ValueError`` for a
/// position that is one of its own followers or a ``__hash__`` inconsistent with ``==``,
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
    let id = walking(
        py,
        cache,
        time_limit,
        memory_limit,
        progress,
        "valuing",
        |walk| -> PyResult<GameId> {
            match kind {
                Kind::Impartial => {
                    let nimber = walk.nim_value(game, None)?;
                    walk.in_store(|store| store.nimber(nimber))
                }
                Kind::Partizan => walk.value(game, None),
            }
        },
    )?;
    Ok(Value::of(id))
}

/// Who wins a position of your own game: ``"N"`` (the player to move) or ``"P"`` (the
/// other) for an impartial game; ``"L"``, ``"R"``, ``"N"`` or ``"P"`` for a partizan one
/// (Left or Right whoever starts, the first or the second player). ``misere=True`` asks
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
        |walk| match (kind, misere) {
            (Kind::Impartial, false) => Ok(if walk.nim_value(game, None)? == 0 {
                "P"
            } else {
                "N"
            }),
            (Kind::Impartial, true) => {
                let (wins, _) = walk.play_out(game, Mover::Either, true, None)?;
                Ok(if wins { "N" } else { "P" })
            }
            (Kind::Partizan, false) => {
                let value = walk.value(game, None)?;
                walk.in_store(|store| store.outcome(value).letter())
            }
            (Kind::Partizan, true) => {
                let (left_first, _) = walk.play_out(game, Mover::Left, true, None)?;
                let (right_first, _) = walk.play_out(game, Mover::Right, true, None)?;
                Ok(match (left_first, right_first) {
                    (true, true) => "N",
                    (true, false) => "L",
                    (false, true) => "R",
                    (false, false) => "P",
                })
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
    /// Whether the player to move wins.
    #[pyo3(get)]
    to_move_wins: bool,
    /// Every winning move, as the game's own option objects (empty when the player to
    /// move loses).
    #[pyo3(get)]
    winning_moves: Py<PyAny>,
    /// How many moves the game lasts when the winner wins as fast as possible and the
    /// loser loses as slowly as possible.
    #[pyo3(get)]
    remoteness: u64,
    /// Every move with the game after it: ``(option, mover_wins, remoteness)``, where
    /// ``remoteness`` counts the move itself.
    #[pyo3(get)]
    moves: Py<PyAny>,
}

#[pymethods]
impl Solution {
    fn __repr__(&self, py: Python<'_>) -> String {
        let winner = if self.to_move_wins {
            "the player to move wins"
        } else {
            "the player to move loses"
        };
        let count = self.winning_moves.bind(py).len().unwrap_or(0);
        format!(
            "Solution({}{}: {winner} in {} moves, {count} winning moves)",
            describe(self.position.bind(py)),
            self.to_move
                .map(|side| format!(", {side} to move"))
                .unwrap_or_default(),
            self.remoteness
        )
    }
}

/// Solves a position of your own game by playing it out: whether the player to move wins,
/// every winning move (the game's own option objects) and the exact remoteness, under
/// normal play or (``misere=True``) misère play. A partizan game needs ``to_move``,
/// ``"left"`` or ``"right"``. The play-out walks whole positions (the remoteness of a sum
/// is not its parts'), so it is slower than :func:`value` on games with components. Takes
/// the keyword arguments of :func:`value` and raises as it does.
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
    let (options, after) = walking(
        py,
        cache,
        time_limit,
        memory_limit,
        progress,
        "solving",
        |walk| -> PyResult<(Vec<Bound<'py, PyAny>>, Vec<PlayOut>)> {
            let options = walk.run.list(game, mover.method(py))?;
            let key = walk.run.key(game, None)?;
            walk.enter(&key)?;
            let after = walk.option_play_outs(&options, game, mover, misere)?;
            walk.leave();
            Ok((options, after))
        },
    )?;
    let (to_move_wins, remoteness) = if after.is_empty() {
        (misere, 0)
    } else {
        best(&after)
    };
    let winning: Vec<&Bound<'py, PyAny>> = options
        .iter()
        .zip(&after)
        .filter(|(_, (opponent_wins, _))| !opponent_wins)
        .map(|(option, _)| option)
        .collect();
    let moves: Vec<(Bound<'py, PyAny>, bool, u64)> = options
        .iter()
        .zip(&after)
        .map(|(option, (opponent_wins, moves))| (option.clone(), !opponent_wins, moves + 1))
        .collect();
    Ok(Solution {
        position: game.clone().unbind(),
        to_move: match mover {
            Mover::Either => None,
            Mover::Left => Some("left"),
            Mover::Right => Some("right"),
        },
        misere,
        to_move_wins,
        winning_moves: winning.into_pyobject(py)?.into_any().unbind(),
        remoteness,
        moves: moves.into_pyobject(py)?.into_any().unbind(),
    })
}
