//! Bounds on a game of a user's class, for the front ends that need them before play
//! (OpenSpiel sizes its action space by the most moves, and its game length by the longest
//! game): a walk over every position reachable from a position by moves of either player,
//! in any order, which gives the most options any of them has and the longest sequence of
//! moves. Moving in turn reaches fewer positions and shorter games, so both are bounds.
//!
//! The walk calls the user's methods for every position, keeps each position once, and is
//! bounded by the default memory limit (`MemoryError` past it) and Ctrl-C. A position that
//! is one of its own followers makes the game one that may go on for ever: it has no
//! longest game, and a second walk, breadth first, finds the most options alone. The entry
//! keeps the answer by notation.

use grundy::game::GameState;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::MutexExt;
use pyo3::types::PyString;

use super::api::Kind;
use super::failure::{failed, report};
use super::run::{Progress, Run};
use super::state::UserState;
use super::table::Table;
use super::walk::{walked, Tables, Walk};
use crate::limits::CallLimits;

/// The most options of a reachable position, and the longest game (none when positions
/// repeat, so that a game may go on for ever).
pub type Bounds = (u128, Option<u128>);

impl UserState {
    /// The bounds from the current position (an exception of the walk is reported, and
    /// there are none).
    pub fn bounds(&self) -> Option<Bounds> {
        if failed() {
            return None;
        }
        let entry = self.entry;
        let node = self.node();
        Python::attach(|py| {
            let known = {
                let bounds = entry
                    .bounds
                    .lock_py_attached(py)
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                bounds.get(&node.notation).copied()
            };
            if known.is_some() {
                return known;
            }
            match walk_bounds(py, entry.kind, node.position.bind(py)) {
                Ok(bounds) => {
                    entry
                        .bounds
                        .lock_py_attached(py)
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .insert(node.notation.clone(), bounds);
                    Some(bounds)
                }
                Err(error) => {
                    report(
                        py,
                        error,
                        &format!("bounding the moves from {}", self.position()),
                    );
                    None
                }
            }
        })
    }
}

/// The bounds from `position`, by a walk of its own.
fn walk_bounds(py: Python<'_>, kind: Kind, position: &Bound<'_, PyAny>) -> PyResult<Bounds> {
    let methods: Vec<Bound<'_, PyString>> = match kind {
        Kind::Impartial => vec![intern!(py, "options").clone()],
        Kind::Partizan => vec![
            intern!(py, "left_options").clone(),
            intern!(py, "right_options").clone(),
        ],
    };
    let mut run = Run::new(
        py,
        CallLimits::default_memory(),
        Progress::Auto,
        "bounding the moves",
    );
    let mut tables = Tables::default();
    let mut seen = Table::default();
    let answer = walked(&mut run, &mut tables, |walk| {
        match bound(walk, &mut seen, &methods, position, None) {
            Ok((most, longest)) => Ok((most, Some(longest))),
            Err(_) if walk.loop_seen => Ok((most_options(walk, &methods, position)?, None)),
            Err(error) => Err(error),
        }
    });
    run.finish(answer.is_ok());
    answer
}

/// The most options of any position reachable from `position`, breadth first, each
/// position once (for a game whose positions repeat).
fn most_options<'py>(
    walk: &mut Walk<'_, 'py>,
    methods: &[Bound<'py, PyString>],
    position: &Bound<'py, PyAny>,
) -> PyResult<u128> {
    let mut seen: Table<()> = Table::default();
    let key = walk.run.key(position, None)?;
    seen.insert(&key, ());
    let mut queue = std::collections::VecDeque::from([(position.clone(), None)]);
    let mut most = 0u128;
    while let Some((at, parent)) = queue.pop_front() {
        let key = walk.run.key(&at, parent.as_ref())?;
        walk.run.counted(&key, seen.len())?;
        for method in methods {
            walk.run.check_position(&at, parent.as_ref(), method)?;
            let options = walk.run.list(&at, method)?;
            most = most.max(options.len() as u128);
            for option in options {
                let option_key = walk.run.key(&option, Some(&at))?;
                if seen.get(&option_key, &mut walk.run.user_time)?.is_none() {
                    seen.insert(&option_key, ());
                    queue.push_back((option, Some(at.clone())));
                }
            }
        }
    }
    Ok(most)
}

/// The bounds from `position` (met as an option of `parent`).
fn bound<'py>(
    walk: &mut Walk<'_, 'py>,
    seen: &mut Table<(u128, u128)>,
    methods: &[Bound<'py, PyString>],
    position: &Bound<'py, PyAny>,
    parent: Option<&Bound<'py, PyAny>>,
) -> PyResult<(u128, u128)> {
    let key = walk.run.key(position, parent)?;
    if let Some(known) = seen.get(&key, &mut walk.run.user_time)? {
        return Ok(known);
    }
    for method in methods {
        walk.run.check_position(position, parent, method)?;
    }
    walk.enter(&key)?;
    let (mut most, mut longest) = (0u128, 0u128);
    for method in methods {
        let options = walk.run.list(position, method)?;
        most = most.max(options.len() as u128);
        for option in &options {
            let (option_most, option_longest) =
                walk.deeper(|walk| bound(walk, seen, methods, option, Some(position)))?;
            most = most.max(option_most);
            longest = longest.max(option_longest + 1);
        }
    }
    walk.leave();
    seen.insert(&key, (most, longest));
    walk.run.counted(&key, seen.len())?;
    Ok((most, longest))
}
