//! The walk over a user's game tree that every computation shares: the methods it calls,
//! the sum a position splits into, the path from the root (to catch a loop), and a stack
//! that grows on the heap, so that the depth of a game is limited by memory, not by
//! Python's recursion limit or the thread's stack.
//!
//! The path costs memory as the walk goes down, before any position is cached: its own
//! entries, the positions on it and a frame of the stack for each level. So the run's
//! limits are looked at on the way down as well as on the way up ([`Walk::enter`]), with
//! the path counted at what a level costs; the stack's share is measured once per walk,
//! from the addresses of two frames a few levels apart ([`STACK_PROBE_LEVELS`]).

use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use grundy::cgt::loopy::LoopyValue;
use grundy::cgt::GameId;
use grundy::loopy::LoopyNimber;
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyString;

use super::heap_values::HeapValues;
use super::path::Path;
use super::run::{describe, Run};
use super::table::{HashMapBy, Key, Table};

/// How many levels apart the walk makes sure of its stack.
const STACK_LOOK_EVERY: u32 = 16;

/// How many levels apart the walk measures what a level of its recursion costs on the stack.
const STACK_PROBE_LEVELS: u32 = 8;

/// The most a level may be measured at: past it, the two frames were on different stack
/// segments, and the guess stands.
const STACK_LEVEL_MOST: usize = 64 * 1024;

/// The most positions of a loop a message lists.
const LOOP_SHOWN: usize = 8;

/// Runs `work` on a walk of `run` filling `tables`. A walk so deep that the system refuses
/// it more stack (the memory limit is larger than what the process may have) is a
/// `MemoryError` naming the depth, not a panic.
pub fn walked<'py, R>(
    run: &mut Run<'py>,
    tables: &mut Tables,
    work: impl FnOnce(&mut Walk<'_, 'py>) -> PyResult<R>,
) -> PyResult<R> {
    let answer = {
        let mut walk = Walk::new(run, tables);
        std::panic::catch_unwind(AssertUnwindSafe(|| work(&mut walk)))
    };
    answer.unwrap_or_else(|panic| {
        let message = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|text| (*text).to_owned()))
            .unwrap_or_default();
        if !message.contains("allocate stack") {
            std::panic::resume_unwind(panic);
        }
        Err(PyMemoryError::new_err(format!(
            "{} ran out of memory for its stack {} positions deep ({}); give a smaller \
             memory_limit, so that the walk stops before the system's own limit",
            run.task(),
            run.path_length,
            message.lines().next().unwrap_or_default()
        )))
    })
}

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
    /// Nim values of single heaps of impartial heap rulesets (not counted as entries).
    pub heaps: HeapValues,
    /// Generalised Sprague–Grundy values of positions of impartial games that loop.
    pub loopy_nim: Table<LoopyNimber>,
    /// Results of whole positions of games that loop, by [`Mover::index`]: the play-out,
    /// or `None` for a draw.
    pub loopy_play: [Table<Option<(bool, u64)>>; 4],
    /// Values of positions of partizan games that loop, asked for by a call.
    pub loopy_values: Table<Arc<LoopyValue>>,
    /// The moves of positions whose options a walk listed before it met a loop, by
    /// [`Mover::list_index`], kept until the loop's graph is explored (so that no method is
    /// called twice on one position).
    pub listed: [Table<Listed>; 3],
}

/// The options of a position, kept as the user's method listed them.
pub type Listed = Arc<Vec<Py<PyAny>>>;

impl Tables {
    /// How many entries the tables hold.
    pub fn len(&self) -> usize {
        self.nim.len()
            + self.values.len()
            + self.play_outs.iter().map(Table::len).sum::<usize>()
            + self.loopy_nim.len()
            + self.loopy_play.iter().map(Table::len).sum::<usize>()
            + self.loopy_values.len()
            + self.listed.iter().map(Table::len).sum::<usize>()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.nim.clear();
        self.values.clear();
        for table in &mut self.play_outs {
            table.clear();
        }
        self.heaps.clear();
        self.loopy_nim.clear();
        for table in &mut self.loopy_play {
            table.clear();
        }
        self.loopy_values.clear();
        for table in &mut self.listed {
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

    /// The table of [`Tables::listed`] that keeps this player's moves.
    pub fn list_index(self) -> usize {
        match self {
            Mover::Either => 0,
            Mover::Left => 1,
            Mover::Right => 2,
        }
    }
}

/// A walk over a user's game: the run it belongs to, the cache it fills, and the path
/// from the position asked about to the one being computed.
pub struct Walk<'a, 'py> {
    /// The run (limits, calls, counts).
    pub run: &'a mut Run<'py>,
    /// The cache.
    pub tables: &'a mut Tables,
    /// The positions on the path (to find and show a loop).
    path: Path<'py>,
    /// Whether positions of a type (by its address) split into `components()`.
    splits: HashMapBy<usize, bool>,
    /// The type met last and whether it splits (a game has one type of position, mostly).
    last_split: Option<(usize, bool)>,
    depth: u32,
    /// The address of a frame at the first level, until the stack is measured.
    stack_probe: Option<usize>,
    /// Whether the walk met a loop (a position among its own followers, or one whose
    /// value was found by exploring a loop): the walk then ends, keeping the moves it had
    /// listed on its path, and the call explores the graph instead (`super::loopy`).
    pub loop_seen: bool,
}

impl<'a, 'py> Walk<'a, 'py> {
    /// A walk filling `tables`.
    pub fn new(run: &'a mut Run<'py>, tables: &'a mut Tables) -> Self {
        Walk {
            run,
            tables,
            path: Path::default(),
            splits: HashMapBy::default(),
            last_split: None,
            depth: 0,
            stack_probe: None,
            loop_seen: false,
        }
    }

    /// The interpreter.
    pub fn py(&self) -> Python<'py> {
        self.run.py
    }

    /// The independent parts of `position` when its type has `components()`, else `None`:
    /// the position is one part (no list is made, as a deep walk would keep one per level).
    pub fn parts(
        &mut self,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Vec<Bound<'py, PyAny>>>> {
        let py = self.py();
        let kind = position.get_type_ptr() as usize;
        let splits = match self.last_split {
            Some((last, splits)) if last == kind => splits,
            _ => {
                let splits = match self.splits.get(&kind) {
                    Some(&splits) => splits,
                    None => {
                        let splits = position.hasattr(intern!(py, "components"))?;
                        self.splits.insert(kind, splits);
                        splits
                    }
                };
                self.last_split = Some((kind, splits));
                splits
            }
        };
        if splits {
            self.run.list(position, intern!(py, "components")).map(Some)
        } else {
            Ok(None)
        }
    }

    /// Steps onto `key` on the path from the root: a `ValueError` showing the loop when an
    /// equal position is already on it. Counts the step down, and now and then looks at the
    /// limits with the path's cost counted: a walk down an endless chain of positions stops
    /// at its time or memory limit.
    pub fn enter(&mut self, key: &Key<'py>) -> PyResult<()> {
        if let Some(earlier) = self.path.find(key, &mut self.run.user_time)? {
            self.loop_seen = true;
            return Err(self.loop_error(key, earlier));
        }
        self.path.push(key);
        self.run.path_length = self.path.len();
        let cached = self.tables.len();
        self.run.stepped_down(cached)
    }

    /// Steps back off the position entered last.
    pub fn leave(&mut self) {
        self.path.pop();
        self.run.path_length = self.path.len();
    }

    /// The error of a position equal to one of its own followers, the one at `earlier` on
    /// the path.
    fn loop_error(&self, key: &Key<'py>, earlier: usize) -> PyErr {
        let mut shown: Vec<String> = self
            .path
            .from(earlier)
            .take(LOOP_SHOWN)
            .map(|position| describe(position))
            .collect();
        if self.path.len() - earlier > LOOP_SHOWN {
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

    /// The error that ends a walk at a position whose value was found by exploring a loop
    /// (the call then explores the graph).
    pub fn loopy_known(&mut self, key: &Key<'py>) -> PyErr {
        self.loop_seen = true;
        PyValueError::new_err(format!(
            "position {} belongs to a game that can loop, valued by exploring its graph",
            describe(&key.object)
        ))
    }

    /// The moves of `mover` from the position of `key` (checked to have the method): those
    /// a walk kept before it met a loop, or else what the user's method lists.
    pub fn moves(&mut self, key: &Key<'py>, mover: Mover) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let table = &self.tables.listed[mover.list_index()];
        if !table.is_empty() {
            if let Some(kept) = table.get(key, &mut self.run.user_time)? {
                let py = self.py();
                return Ok(kept.iter().map(|option| option.bind(py).clone()).collect());
            }
        }
        let method = mover.method(self.py());
        self.run.list(&key.object, method)
    }

    /// Keeps the moves listed from `key` when the walk ends at a loop below it, so that the
    /// exploration that follows does not ask for them again.
    pub fn keep_moves(&mut self, key: &Key<'py>, mover: Mover, options: &[Bound<'py, PyAny>]) {
        if !self.loop_seen {
            return;
        }
        let table = &mut self.tables.listed[mover.list_index()];
        if let Ok(None) = table.get_untimed(key) {
            let kept: Vec<Py<PyAny>> = options
                .iter()
                .map(|option| option.clone().unbind())
                .collect();
            table.insert(key, Arc::new(kept));
        }
    }

    /// Runs `step` one level deeper, on a stack with room for it. The first levels measure
    /// what a level costs on the stack.
    pub fn deeper<R>(&mut self, step: impl FnOnce(&mut Self) -> R) -> R {
        self.depth += 1;
        if self.depth == 1 {
            self.stack_probe = Some(frame_address());
        } else if self.depth == 1 + STACK_PROBE_LEVELS {
            if let Some(first) = self.stack_probe.take() {
                let per_level = first.abs_diff(frame_address()) / STACK_PROBE_LEVELS as usize;
                if (1..=STACK_LEVEL_MOST).contains(&per_level) {
                    self.run.stack_level_bytes = per_level;
                }
            }
        }
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

/// The address of a frame of the caller's (the stack grows down on every platform the
/// package is built for, but only the distance between two addresses is used).
#[inline(always)]
fn frame_address() -> usize {
    let marker = 0u8;
    std::ptr::from_ref(std::hint::black_box(&marker)) as usize
}
