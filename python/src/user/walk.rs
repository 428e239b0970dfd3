//! The walk over a user's game tree that every computation shares: the methods it calls,
//! the sum a position splits into, the path from the root (to catch a loop), and a stack
//! that grows on the heap, so that the depth of a game is limited by memory, not by
//! Python's recursion limit or the thread's stack.

use std::collections::HashMap;

use grundy::cgt::GameId;
use pyo3::exceptions::PyValueError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyString;

use super::run::{describe, Run};
use super::table::{Key, Table};

/// How many levels apart the walk makes sure of its stack.
const STACK_LOOK_EVERY: u32 = 16;

/// The most positions of a loop a message lists.
const LOOP_SHOWN: usize = 8;

/// What a cache keeps of a user's positions, one table per question.
#[derive(Default)]
pub struct Tables {
    /// Nim values of components of impartial games.
    pub nim: Table<u64>,
    /// Canonical values of components of partizan games (ids of the shared store).
    pub values: Table<GameId>,
    /// Play-outs of whole positions (does the player to move win, and in how many moves),
    /// by [`Turn::index`].
    pub play_outs: [Table<(bool, u64)>; 4],
}

impl Tables {
    /// How many entries the tables hold.
    pub fn len(&self) -> usize {
        self.nim.len() + self.values.len() + self.play_outs.iter().map(Table::len).sum::<usize>()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.nim.clear();
        self.values.clear();
        for table in &mut self.play_outs {
            table.clear();
        }
    }
}

/// Who moves, in a play-out: the one player of an impartial game, or Left or Right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mover {
    /// The player to move in an impartial game (`options()`).
    Either,
    /// Left (`left_options()`).
    Left,
    /// Right (`right_options()`).
    Right,
}

impl Mover {
    /// The player who moves next.
    pub fn other(self) -> Mover {
        match self {
            Mover::Either => Mover::Either,
            Mover::Left => Mover::Right,
            Mover::Right => Mover::Left,
        }
    }

    /// The name of the method that lists this player's moves.
    pub fn method<'py>(self, py: Python<'py>) -> &'py Bound<'py, PyString> {
        match self {
            Mover::Either => intern!(py, "options"),
            Mover::Left => intern!(py, "left_options"),
            Mover::Right => intern!(py, "right_options"),
        }
    }

    /// The play-out table of this player under normal or misère play.
    pub fn index(self, misere: bool) -> usize {
        let side = match self {
            Mover::Either | Mover::Left => 0,
            Mover::Right => 1,
        };
        side + 2 * usize::from(misere)
    }
}

/// A walk over a user's game: the run it belongs to, the cache it fills, and the path
/// from the position asked about to the one being computed.
pub struct Walk<'a, 'py> {
    /// The run (limits, calls, counts).
    pub run: &'a mut Run<'py>,
    /// The cache.
    pub tables: &'a mut Tables,
    /// The positions on the path, by key (to find a loop).
    path: Table<()>,
    /// The positions on the path, in order (to show a loop).
    path_list: Vec<Bound<'py, PyAny>>,
    /// Whether positions of a type (by its address) split into `components()`.
    splits: HashMap<usize, bool>,
    depth: u32,
}

impl<'a, 'py> Walk<'a, 'py> {
    /// A walk filling `tables`.
    pub fn new(run: &'a mut Run<'py>, tables: &'a mut Tables) -> Self {
        Walk {
            run,
            tables,
            path: Table::default(),
            path_list: Vec::new(),
            splits: HashMap::new(),
            depth: 0,
        }
    }

    /// The interpreter.
    pub fn py(&self) -> Python<'py> {
        self.run.py
    }

    /// The independent parts of `position`: its `components()` when its type has that
    /// method, else the position itself.
    pub fn parts(&mut self, position: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let py = self.py();
        let kind = position.get_type().as_ptr() as usize;
        let splits = match self.splits.get(&kind) {
            Some(&splits) => splits,
            None => {
                let splits = position.hasattr(intern!(py, "components"))?;
                self.splits.insert(kind, splits);
                splits
            }
        };
        if splits {
            self.run.list(position, intern!(py, "components"))
        } else {
            Ok(vec![position.clone()])
        }
    }

    /// Steps onto `key` on the path from the root: a `ValueError` showing the loop when an
    /// equal position is already on it.
    pub fn enter(&mut self, key: &Key<'py>) -> PyResult<()> {
        if self.path.get(key, &mut self.run.user_time)?.is_some() {
            return Err(self.loop_error(key));
        }
        self.path.insert(key, ());
        self.path_list.push(key.object.clone());
        Ok(())
    }

    /// Steps back off `key`.
    pub fn leave(&mut self, key: &Key<'py>) {
        self.path.remove_identical(key);
        self.path_list.pop();
    }

    /// The error of a position equal to one of its own followers.
    fn loop_error(&self, key: &Key<'py>) -> PyErr {
        let start = self
            .path_list
            .iter()
            .position(|earlier| key.object.eq(earlier).unwrap_or(false))
            .unwrap_or(0);
        let mut shown: Vec<String> = self.path_list[start..]
            .iter()
            .take(LOOP_SHOWN)
            .map(|position| describe(position))
            .collect();
        if self.path_list.len() - start > LOOP_SHOWN {
            shown.push("…".to_owned());
        }
        shown.push(describe(&key.object));
        PyValueError::new_err(format!(
            "position {} is one of its own followers, so the game may never end: {}; \
             grundy values games in which every play ends",
            describe(&key.object),
            shown.join(" → ")
        ))
    }

    /// Runs `step` one level deeper, on a stack with room for it.
    pub fn deeper<R>(&mut self, step: impl FnOnce(&mut Self) -> R) -> R {
        self.depth += 1;
        let answer = if self.depth.is_multiple_of(STACK_LOOK_EVERY) {
            grundy::cgt::store::deep(|| step(self))
        } else {
            step(self)
        };
        self.depth -= 1;
        answer
    }

    /// Records `key` as a new position of the run.
    pub fn counted(&mut self, key: &Key<'py>) -> PyResult<()> {
        let cached = self.tables.len();
        self.run.counted(key, cached)
    }
}
