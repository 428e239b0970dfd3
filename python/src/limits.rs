//! Bounding a computation called from Python: a time limit, a memory limit, and Ctrl-C.
//!
//! Every valuation (`Value(text)`, `value_of`, the operators and figures of a value) runs
//! with the interpreter released, under a raisable [`Stop`] and a memory limit. Work that
//! ends within [`INLINE`] runs on the calling thread; longer work goes on on a worker
//! thread while the calling thread, holding the interpreter only for a moment every
//! [`POLL`], asks Python whether a signal came (Ctrl-C). When one did, the stop is raised,
//! the worker unwinds on its own (within milliseconds) and the call returns Python's
//! error (`KeyboardInterrupt`) at once. A passed time limit is `TimeoutError`, a passed
//! memory limit `MemoryError`, each naming the limit.
//!
//! The calling thread never holds the shared store's lock while it waits, and the worker
//! never needs the interpreter, so neither can wait for the other.

use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use grundy::cgt::bounds::DEFAULT_MEMORY_LIMIT;
use grundy::cgt::{Interrupted, Limits, Value as CgtValue, ValueStore};
use grundy::report::SolveError;
use grundy::stop::Stop;
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyTimeoutError, PyTypeError};
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

use crate::errors::value_error;

/// How often the calling thread asks Python for signals while the work goes on.
pub const POLL: Duration = Duration::from_millis(50);

/// How long store work may run on the calling thread before it moves to a worker thread
/// (most operations end far sooner, and starting no thread keeps them cheap).
pub const INLINE: Duration = Duration::from_millis(20);

/// How long past its deadline the calling thread waits for the worker's own answer before
/// it answers `TimeoutError` itself (the worker answers within milliseconds unless another
/// thread holds the shared store).
const GRACE: Duration = Duration::from_secs(1);

/// The largest `time_limit`: a year of seconds.
const MAX_SECONDS: f64 = 365.0 * 86_400.0;

/// The largest `memory_limit`, in megabytes (as the command line's `--memory-limit`).
const MAX_MEGABYTES: i64 = 1_000_000_000;

/// The default memory limit, in megabytes.
pub const DEFAULT_MEGABYTES: usize = DEFAULT_MEMORY_LIMIT / 1_000_000;

/// The stack of a worker thread: as much as the interpreter's main thread has (the value
/// store grows its own stack on the heap when it recurses deeper).
const WORKER_STACK: usize = 8 * 1024 * 1024;

/// The bytes a computation may hold by estimate when the process's address space is
/// limited (`ulimit -v`): half of what is left of it when the computation starts, since
/// mapped memory runs ahead of the estimate (stack segments, the allocators' arenas) and an
/// allocation the system refuses ends the process. `None` when the address space is not
/// limited, or the system does not say (it is read from Linux's `/proc`).
pub fn address_space_budget() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let soft = limits
        .lines()
        .find(|line| line.starts_with("Max address space"))?
        .trim_start_matches("Max address space")
        .split_whitespace()
        .next()?
        .parse::<usize>()
        .ok()?;
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let mapped_kb = status
        .lines()
        .find(|line| line.starts_with("VmSize:"))?
        .split_whitespace()
        .nth(1)?
        .parse::<usize>()
        .ok()?;
    Some(soft.saturating_sub(mapped_kb.saturating_mul(1024)) / 2)
}

/// The limits of one call, read from its keyword arguments `time_limit` (seconds) and
/// `memory_limit` (megabytes).
#[derive(Debug, Clone, Copy)]
pub struct CallLimits {
    /// The time limit in seconds, as given.
    seconds: Option<f64>,
    /// When the time limit passes (counted from the call).
    deadline: Option<Instant>,
    /// The memory limit in megabytes, when given.
    megabytes: Option<u64>,
}

/// Why work on a worker thread ended without an answer.
#[derive(Debug)]
pub enum Failure {
    /// The stop came: the time limit passed.
    Stopped,
    /// A memory limit passed; the library's message says how far the work had come.
    OverMemory(String),
    /// The input was wrong; the library's message says how.
    Invalid(String),
    /// The work panicked (a fault of the library).
    Panicked(String),
}

impl From<Interrupted> for Failure {
    fn from(interrupted: Interrupted) -> Failure {
        match interrupted {
            Interrupted::Stopped(_) => Failure::Stopped,
            over => Failure::OverMemory(over.to_string()),
        }
    }
}

impl From<SolveError> for Failure {
    fn from(error: SolveError) -> Failure {
        match error {
            SolveError::Stopped(_) => Failure::Stopped,
            SolveError::TooLarge(message) => Failure::OverMemory(message),
            other => Failure::Invalid(other.to_string()),
        }
    }
}

impl CallLimits {
    /// The limits of an operator or a figure of a value: the default memory limit, no
    /// time limit.
    pub fn default_memory() -> CallLimits {
        CallLimits {
            seconds: None,
            deadline: None,
            megabytes: None,
        }
    }

    /// Reads the keyword arguments: `time_limit` a number of seconds above 0 (at most a
    /// year), `memory_limit` a whole number of megabytes from 1. A value out of range is a
    /// `ValueError` naming the argument, a value of another type a `TypeError`.
    pub fn read(
        time_limit: Option<&Bound<'_, PyAny>>,
        memory_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<CallLimits> {
        let seconds = time_limit
            .filter(|limit| !limit.is_none())
            .map(read_seconds)
            .transpose()?;
        let megabytes = memory_limit
            .filter(|limit| !limit.is_none())
            .map(read_megabytes)
            .transpose()?;
        Ok(CallLimits {
            seconds,
            deadline: seconds.map(|seconds| Instant::now() + Duration::from_secs_f64(seconds)),
            megabytes,
        })
    }

    /// These limits, with a memory limit of `megabytes` when none was given.
    pub fn or_megabytes(self, megabytes: Option<u64>) -> CallLimits {
        CallLimits {
            megabytes: self.megabytes.or(megabytes),
            ..self
        }
    }

    /// The time limit in seconds, when given.
    pub fn seconds(&self) -> Option<f64> {
        self.seconds
    }

    /// The memory limit in megabytes, when given.
    pub fn megabytes(&self) -> Option<u64> {
        self.megabytes
    }

    /// The memory limit in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.megabytes.map_or(DEFAULT_MEMORY_LIMIT, |megabytes| {
            usize::try_from(megabytes.saturating_mul(1_000_000)).unwrap_or(usize::MAX)
        })
    }

    /// A raisable stop that also comes at the deadline.
    pub fn stop(&self) -> Stop {
        match self.deadline {
            Some(deadline) => Stop::until(deadline),
            None => Stop::new(),
        }
    }

    /// Whether the time limit has passed.
    pub fn timed_out(&self) -> bool {
        self.timed_out_within(Duration::ZERO)
    }

    /// Whether the time limit passes within `margin`.
    pub fn timed_out_within(&self, margin: Duration) -> bool {
        self.deadline
            .is_some_and(|deadline| Instant::now() + margin >= deadline)
    }

    /// The Python error for `failure`.
    pub fn error(&self, failure: Failure) -> PyErr {
        match failure {
            Failure::Stopped => match self.seconds {
                Some(seconds) => PyTimeoutError::new_err(format!(
                    "the computation passed its time limit of {seconds} s (time_limit={seconds})"
                )),
                None => PyRuntimeError::new_err(grundy::stop::Stopped.to_string()),
            },
            Failure::OverMemory(message) => PyMemoryError::new_err(match self.megabytes {
                Some(megabytes) => format!("{message} (memory_limit={megabytes})"),
                None => format!(
                    "{message} (the default memory_limit of {DEFAULT_MEGABYTES} MB; \
                     memory_limit=MB sets another)"
                ),
            }),
            Failure::Invalid(message) => value_error(message),
            Failure::Panicked(message) => PanicException::new_err(message),
        }
    }
}

/// `time_limit`: seconds, above 0 and at most a year (an `int`, a `float`, or anything
/// Python turns into a `float`, such as NumPy's numbers; not a `bool`).
fn read_seconds(limit: &Bound<'_, PyAny>) -> PyResult<f64> {
    let seconds = if limit.is_instance_of::<PyBool>() {
        None
    } else {
        match limit.extract::<f64>() {
            Ok(seconds) => Some(seconds),
            // An int too large for a float is a number, but out of range.
            Err(_) if limit.is_instance_of::<PyInt>() => Some(f64::INFINITY),
            Err(_) => None,
        }
    };
    match seconds {
        None => Err(PyTypeError::new_err(format!(
            "time_limit is a number of seconds, got {}",
            limit.repr()?
        ))),
        Some(seconds) if seconds > 0.0 && seconds <= MAX_SECONDS => Ok(seconds),
        Some(_) => Err(value_error(format!(
            "time_limit is a number of seconds above 0 and at most {MAX_SECONDS}, got {}",
            limit.repr()?
        ))),
    }
}

/// `memory_limit`: a whole number of megabytes from 1 (an `int` or anything with
/// `__index__`, such as NumPy's integers; not a `bool`).
fn read_megabytes(limit: &Bound<'_, PyAny>) -> PyResult<u64> {
    let whole = if limit.is_instance_of::<PyBool>() {
        None
    } else {
        limit.call_method0("__index__").ok()
    };
    let Some(whole) = whole else {
        return Err(PyTypeError::new_err(format!(
            "memory_limit is a whole number of megabytes, got {}",
            limit.repr()?
        )));
    };
    match whole.extract::<i64>() {
        Ok(megabytes @ 1..=MAX_MEGABYTES) => Ok(megabytes.unsigned_abs()),
        _ => Err(value_error(format!(
            "memory_limit is a whole number of megabytes from 1 to {MAX_MEGABYTES}, got {}",
            limit.repr()?
        ))),
    }
}

/// Runs `work` on a worker thread, given a stop and the memory limit in bytes, while this
/// thread looks for signals every [`POLL`]: `KeyboardInterrupt` (or whatever a signal
/// handler raised) as soon as one comes, `TimeoutError` once the time limit has passed,
/// `MemoryError` when the work reports a passed memory limit.
pub fn on_worker<R, W>(py: Python<'_>, limits: &CallLimits, work: W) -> PyResult<R>
where
    R: Send + 'static,
    W: FnOnce(&Stop, usize) -> Result<R, Failure> + Send + 'static,
{
    on_worker_polling(py, limits, work, |_| {})
}

/// [`on_worker`], calling `poll` on this thread (the interpreter held) every [`POLL`] while
/// the work runs: to write the worker's progress to Python's `sys.stderr`.
pub fn on_worker_polling<R, W>(
    py: Python<'_>,
    limits: &CallLimits,
    work: W,
    mut poll: impl FnMut(Python<'_>),
) -> PyResult<R>
where
    R: Send + 'static,
    W: FnOnce(&Stop, usize) -> Result<R, Failure> + Send + 'static,
{
    let stop = limits.stop();
    let worker_stop = stop.clone();
    let bytes = limits.memory_bytes();
    let (sender, mut receiver) = mpsc::sync_channel(1);
    std::thread::Builder::new()
        .name("grundy-work".to_owned())
        .stack_size(WORKER_STACK)
        .spawn(move || {
            let answer = std::panic::catch_unwind(AssertUnwindSafe(|| work(&worker_stop, bytes)))
                .unwrap_or_else(|panic| Err(Failure::Panicked(panic_message(&*panic))));
            // Nobody listens any more once the call was interrupted: the answer is dropped.
            let _ = sender.send(answer);
        })
        .map_err(|error| {
            PyRuntimeError::new_err(format!("could not start a thread for the work: {error}"))
        })?;
    loop {
        // The receiver goes to the released side and back (it may not be shared).
        let (answer, back) = py.detach(move || (receiver.recv_timeout(POLL), receiver));
        receiver = back;
        poll(py);
        match answer {
            Ok(answer) => return answer.map_err(|failure| limits.error(failure)),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PanicException::new_err(
                    "the computation's thread ended without an answer",
                ))
            }
        }
        if let Err(signal) = py.check_signals() {
            stop.raise();
            return Err(signal);
        }
        if limits
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline + GRACE)
        {
            stop.raise();
            return Err(limits.error(Failure::Stopped));
        }
    }
}

/// Runs `work` on the shared value store, bounded by `limits`: first on this thread for at
/// most [`INLINE`] (with the interpreter released), then, if it has not ended, again on a
/// worker thread ([`on_worker`]), which goes on from what the first try remembered.
pub fn in_store<R, W>(py: Python<'_>, limits: &CallLimits, work: W) -> PyResult<R>
where
    R: Send + 'static,
    W: Fn(&mut ValueStore) -> R + Send + Sync + 'static,
{
    let bytes = limits.memory_bytes();
    let soon = Instant::now() + INLINE;
    let first = Stop::until(limits.deadline.map_or(soon, |deadline| deadline.min(soon)));
    let answer = py.detach(|| {
        CgtValue::with_store(|store| store.bounded(Limits::new(first, Some(bytes)), &work))
    });
    match answer {
        Ok(answer) => return Ok(answer),
        Err(Interrupted::Stopped(_)) if !limits.timed_out() => {}
        Err(interrupted) => return Err(limits.error(Failure::from(interrupted))),
    }
    py.check_signals()?;
    on_worker(py, limits, move |stop, bytes| {
        CgtValue::with_store(|store| {
            store.bounded(Limits::new(stop.clone(), Some(bytes)), |store| work(store))
        })
        .map_err(Failure::from)
    })
}

/// The text of a panic's payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|text| (*text).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "the computation panicked".to_owned())
}
