//! One computation over a user's game: its calls into the user's methods (timed, with any
//! error passed on naming the position), and its limits (time, memory, Ctrl-C) and
//! progress, looked at every [`LOOK_EVERY`] steps, down (a position entered) or up (a
//! position computed). The memory counted is the cache's and the path's: a position on
//! the path from the root costs its entries, the object and a frame of the stack before it
//! is ever cached.
//!
//! The computation runs on the calling thread, holding the interpreter: it calls Python for
//! every position. So it asks Python itself for signals (at most every [`SIGNALS_EVERY`]),
//! and Ctrl-C or Jupyter's interrupt stops it at once with `KeyboardInterrupt`.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use grundy::cgt::{Limits, Value as CgtValue};
use grundy::stop::Stop;
use pyo3::exceptions::{PyMemoryError, PyTimeoutError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use super::table::{Key, Table};
use crate::limits::{address_space_budget, CallLimits, Failure, DEFAULT_MEGABYTES};

/// What a level is taken to cost on the stack until it is measured, or when the measure
/// cannot be trusted: more than any level measured in a release build.
const STACK_LEVEL_GUESS: usize = 4 * 1024;

/// How many new positions apart the limits are looked at.
const LOOK_EVERY: u32 = 64;

/// How often Python is asked for signals (Ctrl-C).
const SIGNALS_EVERY: Duration = Duration::from_millis(20);

/// How long a computation runs before it reports progress, and how often after that.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// The bytes a cached position costs besides the object itself: its entry, its bucket and
/// the table's slack.
const ENTRY_BYTES: usize = 96;

/// The bytes a position on the path costs besides the object itself and the stack: its
/// entries in the path's table and list, the list of its options and of their values.
const PATH_ENTRY_BYTES: usize = 256;

/// What letting go of a position on the path costs, measured on a chain of positions (0.4
/// µs a level): a walk stops this much per level before its time limit, so that even a
/// path of millions of positions is let go of by the limit.
const UNWIND_PER_LEVEL: Duration = Duration::from_nanos(400);

/// How many new positions of a run have their hash checked against their notation.
const HASH_CHECKS: usize = 1_000;

/// The longest description of a position in a message.
const LONGEST_DESCRIPTION: usize = 200;

/// Whether a computation reports progress on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Once it has run for a second (the default).
    Auto,
    /// Never.
    Off,
}

/// One computation under way.
pub struct Run<'py> {
    /// The interpreter.
    pub py: Python<'py>,
    /// The call's limits.
    limits: CallLimits,
    /// The stop of the call's time limit, for the store's work.
    stop: Stop,
    /// What the computation does, for progress and errors (`valuing`).
    task: &'static str,
    /// What it counts, for progress and errors (`new positions`, or `heaps`).
    counting: &'static str,
    /// Who set the time limit, when not the caller's `time_limit` (the page's limit a
    /// position), for the error at the limit.
    time_limit_owner: Option<&'static str>,
    /// Whether `sys.stderr` is a terminal (progress redrawn on one line), once asked.
    terminal: Option<bool>,
    started: Instant,
    last_signals: Instant,
    last_report: Option<Instant>,
    progress: Progress,
    since_look: u32,
    /// Positions computed (not found in the cache) in this run.
    pub new_positions: u64,
    /// Time spent inside the user's methods.
    pub user_time: Duration,
    /// The estimated bytes of one cached position, measured on the first one.
    object_bytes: Option<usize>,
    /// The notations of the first new positions, to catch a hash inconsistent with `==`.
    notations: HashMap<String, (Py<PyAny>, isize)>,
    /// A stop from outside (a front end's budget: a web request given up), looked at with
    /// the limits.
    outside: Stop,
    /// How many positions the path from the root holds now (the walk keeps it).
    pub path_length: usize,
    /// What a level of the walk's recursion costs on the stack (the walk measures it).
    pub stack_level_bytes: usize,
    /// What the process's limited address space lets the computation hold, if limited.
    address_space: Option<usize>,
}

impl<'py> Run<'py> {
    /// A computation of `task` under `limits`.
    pub fn new(
        py: Python<'py>,
        limits: CallLimits,
        progress: Progress,
        task: &'static str,
    ) -> Run<'py> {
        let now = Instant::now();
        Run {
            py,
            stop: limits.stop(),
            limits,
            task,
            counting: "new positions",
            time_limit_owner: None,
            terminal: None,
            started: now,
            last_signals: now,
            last_report: None,
            progress,
            since_look: 0,
            new_positions: 0,
            user_time: Duration::ZERO,
            object_bytes: None,
            notations: HashMap::new(),
            outside: Stop::never(),
            path_length: 0,
            stack_level_bytes: STACK_LEVEL_GUESS,
            address_space: address_space_budget(),
        }
    }

    /// Makes the run end with the limits' error for a stop once `stop` is raised (a web
    /// request given up, a budget's deadline), looked at with the limits.
    pub fn stop_when(&mut self, stop: Stop) {
        self.outside = stop;
    }

    /// Says in the error at the time limit that `owner` set it (the page's limit for a
    /// position), not the caller's `time_limit`.
    pub fn time_limit_set_by(&mut self, owner: &'static str) {
        self.time_limit_owner = Some(owner);
    }

    /// Makes progress and messages count heaps (a heap ruleset's values by heap), not
    /// new positions.
    pub fn count_heaps(&mut self) {
        self.counting = "heaps";
    }

    /// Counts a heap whose value was computed, the cache holding `cached` positions, and
    /// every [`LOOK_EVERY`] looks at the limits and reports progress.
    pub fn counted_heap(&mut self, cached: usize) -> PyResult<()> {
        self.new_positions += 1;
        self.step(cached)
    }

    /// What the computation does (`valuing`), for messages.
    pub fn task(&self) -> &'static str {
        self.task
    }

    /// The time since the computation began.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The memory limit in bytes: the call's, or less when the process's address space
    /// leaves less.
    pub fn memory_bytes(&self) -> usize {
        let limit = self.limits.memory_bytes();
        self.address_space.map_or(limit, |left| limit.min(left))
    }

    /// The stop of the call's time limit.
    pub fn stop(&self) -> Stop {
        self.stop.clone()
    }

    /// The call's limits.
    pub fn limits(&self) -> &CallLimits {
        &self.limits
    }

    /// The limits of the store's work for this run: its time limit and memory limit.
    pub fn store_limits(&self) -> Limits {
        Limits::new(self.stop.clone(), Some(self.memory_bytes()))
    }

    /// Calls `object.method()` and lists what it gives: the positions it moves to (or the
    /// parts of a sum). An exception of the method is passed on with a note naming the
    /// position; a result that is not iterable is a `TypeError`.
    pub fn list(
        &mut self,
        object: &Bound<'py, PyAny>,
        method: &Bound<'py, PyString>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let began = Instant::now();
        let listed = (|| {
            let result = object.call_method0(method).map_err(|error| {
                self.noted(
                    error,
                    format!("raised by {method}() of {}", describe(object)),
                )
            })?;
            let iterator = result.try_iter().map_err(|_| {
                PyTypeError::new_err(format!(
                    "{method}() of {} gave {}, not a list of positions",
                    describe(object),
                    describe_type(&result)
                ))
            })?;
            let mut items = Vec::new();
            for item in iterator {
                items.push(item.map_err(|error| {
                    self.noted(
                        error,
                        format!("raised while listing {method}() of {}", describe(object)),
                    )
                })?);
            }
            Ok(items)
        })();
        self.user_time += began.elapsed();
        listed
    }

    /// Calls `function(argument)`, timed as the user's; an exception is passed on with a
    /// note saying what grundy asked (`what`).
    pub fn call(
        &mut self,
        function: &Bound<'py, PyAny>,
        argument: u64,
        what: impl FnOnce() -> String,
    ) -> PyResult<Bound<'py, PyAny>> {
        let began = Instant::now();
        let answer = function.call1((argument,));
        self.user_time += began.elapsed();
        answer.map_err(|error| self.noted(error, what()))
    }

    /// The key of `object`, met as an option of `parent` (or as the position asked about):
    /// its hash, through the user's `__hash__`. An unhashable position is a `TypeError`
    /// naming it and where it came from.
    pub fn key(
        &mut self,
        object: &Bound<'py, PyAny>,
        parent: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Key<'py>> {
        let began = Instant::now();
        let hash = object.hash();
        self.user_time += began.elapsed();
        self.keyed(object, parent, hash)
    }

    /// The key of `object` (met as an option of `parent`) and what `table` keeps of a
    /// position equal to it: the user's `__hash__` and `__eq__` timed together, with the
    /// look-up between them (a few tens of nanoseconds; two readings of the clock a
    /// position met, not four). Errors as [`Run::key`].
    pub fn look_up<V: Clone>(
        &mut self,
        table: &Table<V>,
        object: &Bound<'py, PyAny>,
        parent: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Key<'py>, Option<V>)> {
        let began = Instant::now();
        let hash = object.hash();
        let found = match &hash {
            Ok(hash) => table.get_untimed(&Key {
                object: object.clone(),
                hash: *hash,
            }),
            Err(_) => Ok(None),
        };
        self.user_time += began.elapsed();
        let key = self.keyed(object, parent, hash)?;
        let found = found.map_err(|error| {
            self.noted(error, format!("raised by __eq__ of {}", describe(object)))
        })?;
        Ok((key, found))
    }

    /// The key of `object` of hash `hash` (an error of the user's `__hash__` passed on,
    /// an unhashable position a `TypeError`).
    fn keyed(
        &self,
        object: &Bound<'py, PyAny>,
        parent: Option<&Bound<'py, PyAny>>,
        hash: PyResult<isize>,
    ) -> PyResult<Key<'py>> {
        let hash = hash.map_err(|error| {
            if !error.is_instance_of::<PyTypeError>(self.py) {
                // Ctrl-C arrives in whatever Python runs, and a raising __hash__ is the user's.
                return self.noted(error, format!("raised by __hash__ of {}", describe(object)));
            }
            PyTypeError::new_err(format!(
                "position {}{} is not hashable: grundy keeps positions by hash \
                 (define __hash__ consistent with __eq__): {error}",
                describe(object),
                where_from(parent)
            ))
        })?;
        Ok(Key {
            object: object.clone(),
            hash,
        })
    }

    /// A `TypeError` unless `object` (met as an option of `parent`) has `method`: asked
    /// of a position not found in the cache, before its method is called.
    pub fn check_position(
        &self,
        object: &Bound<'py, PyAny>,
        parent: Option<&Bound<'py, PyAny>>,
        method: &Bound<'py, PyString>,
    ) -> PyResult<()> {
        if object.hasattr(method)? {
            return Ok(());
        }
        Err(PyTypeError::new_err(format!(
            "{}{} is a {}, not a position of the game: it has no {method}() method",
            describe(object),
            where_from(parent),
            describe_type(object)
        )))
    }

    /// Counts a new position (`key`, not found in the cache, which now holds `cached`
    /// positions) and, every [`LOOK_EVERY`], looks at the limits and reports progress.
    /// Checks the first new positions' hashes against their notation.
    pub fn counted(&mut self, key: &Key<'py>, cached: usize) -> PyResult<()> {
        self.new_positions += 1;
        if self.object_bytes.is_none() {
            self.object_bytes = Some(object_bytes(&key.object));
        }
        if self.notations.len() < HASH_CHECKS {
            self.check_hash(key)?;
        }
        self.step(cached)
    }

    /// Counts a step down the walk (a position entered, its options not yet asked for),
    /// the cache holding `cached` positions: the limits are looked at on the way down too.
    pub fn stepped_down(&mut self, cached: usize) -> PyResult<()> {
        self.step(cached)
    }

    /// Counts a step and, every [`LOOK_EVERY`], looks at the limits.
    fn step(&mut self, cached: usize) -> PyResult<()> {
        self.since_look += 1;
        if self.since_look >= LOOK_EVERY {
            self.since_look = 0;
            self.look(cached)?;
        }
        Ok(())
    }

    /// Two positions with the same notation that are `==` must hash equal.
    fn check_hash(&mut self, key: &Key<'py>) -> PyResult<()> {
        let began = Instant::now();
        let notation = key.object.str().map(|text| text.to_string());
        self.user_time += began.elapsed();
        let Ok(notation) = notation else {
            return Ok(());
        };
        match self.notations.get(&notation) {
            Some((other, hash)) if *hash != key.hash => {
                let other = other.bind(self.py);
                if key.object.eq(other)? {
                    return Err(PyValueError::new_err(format!(
                        "__hash__ is inconsistent with ==: two positions {notation} are equal \
                         but hash to {} and {}; equal positions must hash equal",
                        hash, key.hash
                    )));
                }
            }
            Some(_) => {}
            None => {
                self.notations
                    .insert(notation, (key.object.clone().unbind(), key.hash));
            }
        }
        Ok(())
    }

    /// Looks at Ctrl-C, the time limit and the memory limit, and reports progress when due.
    pub fn look(&mut self, cached: usize) -> PyResult<()> {
        let now = Instant::now();
        if now.duration_since(self.last_signals) >= SIGNALS_EVERY {
            self.last_signals = now;
            self.py.check_signals()?;
        }
        // A deep path takes time to let go of: the walk stops that much before the limit.
        let unwinding =
            UNWIND_PER_LEVEL.saturating_mul(u32::try_from(self.path_length).unwrap_or(u32::MAX));
        if let Some(seconds) = self.limits.seconds() {
            if self.limits.timed_out_within(unwinding) {
                if let Some(owner) = self.time_limit_owner {
                    return Err(PyTimeoutError::new_err(format!(
                        "{} stopped at the server's time limit of {seconds} s {owner} after {} \
                         {}, {} positions deep",
                        self.task, self.new_positions, self.counting, self.path_length
                    )));
                }
                return Err(PyTimeoutError::new_err(format!(
                    "{} stopped at its time limit of {seconds} s (time_limit={seconds}) after \
                     {} {}, {} positions deep",
                    self.task, self.new_positions, self.counting, self.path_length
                )));
            }
        }
        let outside_due = self
            .outside
            .remaining()
            .is_some_and(|left| left <= unwinding);
        if self.outside.is_raised() || outside_due {
            return Err(self.limits.error(Failure::Stopped));
        }
        let bytes = self.cache_bytes(cached).saturating_add(self.path_bytes());
        if bytes > self.memory_bytes() {
            return Err(self.over_memory(cached, bytes));
        }
        let due = match self.last_report {
            None => now.duration_since(self.started) >= PROGRESS_EVERY,
            Some(last) => now.duration_since(last) >= PROGRESS_EVERY,
        };
        if due && self.progress == Progress::Auto {
            self.last_report = Some(now);
            let store = CgtValue::with_store(|store| store.size().bytes);
            self.report(&format!(
                "grundy: {} — {} {}, {} cached, {:.0} MB, {:.1} s",
                self.task,
                self.new_positions,
                self.counting,
                cached,
                (bytes + store) as f64 / 1e6,
                self.elapsed().as_secs_f64()
            ));
        }
        Ok(())
    }

    /// The estimated bytes of a cache of `cached` positions.
    pub fn cache_bytes(&self, cached: usize) -> usize {
        cached.saturating_mul(ENTRY_BYTES + self.object_bytes.unwrap_or(0))
    }

    /// The estimated bytes of the path from the root: each position on it, its entries
    /// and its frame of the stack.
    pub fn path_bytes(&self) -> usize {
        let level = PATH_ENTRY_BYTES
            .saturating_add(self.stack_level_bytes)
            .saturating_add(self.object_bytes.unwrap_or(0));
        self.path_length.saturating_mul(level)
    }

    /// The `MemoryError` of a cache of `cached` positions and the path, estimated at
    /// `bytes` in all.
    fn over_memory(&self, cached: usize, bytes: usize) -> PyErr {
        let limit = match self.limits.megabytes() {
            _ if self.memory_bytes() < self.limits.memory_bytes() => format!(
                "the {} MB that the process's limited address space (ulimit -v) leaves it",
                self.memory_bytes() / 1_000_000
            ),
            Some(megabytes) => format!("memory_limit={megabytes}"),
            None => format!("the default memory_limit of {DEFAULT_MEGABYTES} MB"),
        };
        PyMemoryError::new_err(format!(
            "{} needs more memory than allowed: the cache holds {cached} positions and the \
             walk is {} positions deep, about {} MB, past {limit}; give a larger \
             memory_limit, or a game whose components() split it into smaller parts (or \
             whose every play ends sooner)",
            self.task,
            self.path_length,
            bytes.div_ceil(1_000_000)
        ))
    }

    /// Ends the run's progress, if any was reported: `done` when the computation
    /// `completed`, `stopped` when it ended on an error (a limit, Ctrl-C, the game's own).
    pub fn finish(&mut self, completed: bool) {
        if self.last_report.is_some() {
            self.report(&format!(
                "grundy: {} — {}: {} {} in {:.1} s",
                self.task,
                if completed { "done" } else { "stopped" },
                self.new_positions,
                self.counting,
                self.elapsed().as_secs_f64()
            ));
            if self.terminal == Some(true) {
                self.write("\n");
            }
        }
    }

    /// Writes a line of progress to Python's `sys.stderr` (which Jupyter shows under the
    /// cell): redrawn in place (`\r`) on a terminal, a line of its own (ended by a
    /// newline) on a pipe or a file.
    fn report(&mut self, line: &str) {
        let terminal = *self.terminal.get_or_insert_with(|| {
            let py = self.py;
            py.import("sys")
                .and_then(|sys| sys.getattr("stderr"))
                .and_then(|stderr| stderr.call_method0("isatty"))
                .and_then(|answer| answer.is_truthy())
                .unwrap_or(false)
        });
        if terminal {
            self.write(&format!("\r{line}"));
        } else {
            self.write(&format!("{line}\n"));
        }
    }

    /// Writes `text` to Python's `sys.stderr` and flushes it.
    fn write(&self, text: &str) {
        write_progress(self.py, text);
    }

    /// `error` with a note (Python 3.11 and later) saying where grundy met it, unless it
    /// has one already (from a method deeper down); the exception itself, its type and
    /// traceback are the user's.
    pub fn noted(&self, error: PyErr, note: String) -> PyErr {
        let value = error.value(self.py);
        let noted_before = value
            .getattr("__notes__")
            .and_then(|notes| notes.str())
            .is_ok_and(|notes| notes.to_string().contains("grundy: "));
        if !noted_before && value.hasattr("add_note").unwrap_or(false) {
            drop(value.call_method1("add_note", (format!("grundy: {note}"),)));
        }
        error
    }
}

/// Writes progress `text` to Python's `sys.stderr` (which Jupyter shows under the cell)
/// and flushes it. A closed stderr loses the progress, never the computation.
pub fn write_progress(py: Python<'_>, text: &str) {
    let written = py
        .import("sys")
        .and_then(|sys| sys.getattr("stderr"))
        .and_then(|stderr| {
            stderr.call_method1("write", (text,))?;
            stderr.call_method0("flush")
        });
    drop(written);
}

/// Where a position came from, for messages: ` (an option of …)`, or nothing for the
/// position asked about.
fn where_from(parent: Option<&Bound<'_, PyAny>>) -> String {
    match parent {
        Some(parent) => format!(" (an option of {})", describe(parent)),
        None => String::new(),
    }
}

/// A position for a message: its `str()` (its notation), cut at
/// [`LONGEST_DESCRIPTION`] characters, or its type when `str()` fails.
pub fn describe(object: &Bound<'_, PyAny>) -> String {
    match object.str() {
        Ok(text) => {
            let text = text.to_string();
            if text.chars().count() > LONGEST_DESCRIPTION {
                let cut: String = text.chars().take(LONGEST_DESCRIPTION).collect();
                format!("{cut}…")
            } else {
                text
            }
        }
        Err(_) => format!("a {}", describe_type(object)),
    }
}

/// The name of `object`'s type, for messages.
pub fn describe_type(object: &Bound<'_, PyAny>) -> String {
    object
        .get_type()
        .name()
        .map(|name| name.to_string())
        .unwrap_or_else(|_| "object".to_owned())
}

/// The shallow size of `object` and its attribute dictionary (`sys.getsizeof`), the
/// estimate of what a cached position costs; 0 when Python cannot say.
fn object_bytes(object: &Bound<'_, PyAny>) -> usize {
    let size = |item: &Bound<'_, PyAny>| -> usize {
        item.py()
            .import("sys")
            .and_then(|sys| sys.call_method1("getsizeof", (item,)))
            .and_then(|size| size.extract::<usize>())
            .unwrap_or(0)
    };
    let own = size(object);
    let attributes = object
        .getattr("__dict__")
        .map(|dict| size(&dict))
        .unwrap_or(0);
    own + attributes
}
