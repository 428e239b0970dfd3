//! `grundy.Cache`: what grundy remembers of a user's positions across calls, which the
//! user can hold, clear and bound in memory.
//!
//! A computation holds its cache from start to end ([`Cache::hold`]). The interpreter
//! switches threads while a game's method runs, so a call from another thread may find the
//! cache held: it waits for it, with the interpreter released, looking at Ctrl-C and its
//! own time limit meanwhile, and then goes on with what the first one learned. Only a
//! call from the thread that holds the cache (a game's method asking grundy for values
//! while grundy computes them) is refused, as it would wait for itself.

use std::ops::{Deref, DerefMut};
use std::sync::{Condvar, Mutex, PoisonError};
use std::thread::ThreadId;
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyTimeoutError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyDict;

use super::walk::Tables;
use crate::limits::{CallLimits, POLL};

/// The thread whose computation holds each cache, by the cache's address.
static HOLDERS: Mutex<Vec<(usize, ThreadId)>> = Mutex::new(Vec::new());

/// Told whenever a computation lets its cache go.
static LET_GO: Condvar = Condvar::new();

/// The thread that holds the cache at `address`, if any.
fn holder(address: usize) -> Option<ThreadId> {
    HOLDERS
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .iter()
        .find(|(held, _)| *held == address)
        .map(|(_, thread)| *thread)
}

/// A cache held by a computation of this thread; let go (and the waiting threads told)
/// when dropped.
pub struct Held<'py> {
    cache: PyRefMut<'py, Cache>,
    address: usize,
}

impl Deref for Held<'_> {
    type Target = Cache;

    fn deref(&self) -> &Cache {
        &self.cache
    }
}

impl DerefMut for Held<'_> {
    fn deref_mut(&mut self) -> &mut Cache {
        &mut self.cache
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        HOLDERS
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|(held, _)| *held != self.address);
        LET_GO.notify_all();
    }
}

/// What grundy remembers of the positions of your games: nim values, canonical values
/// and play-outs (who wins and in how many moves), kept by position (its ``__hash__`` and
/// ``__eq__``) across calls.
///
/// ``grundy.value``, ``grundy.outcome`` and ``grundy.solve`` use ``grundy.cache`` unless
/// given another with ``cache=``. ``memory_limit`` (megabytes) bounds the cache's estimated
/// size: a computation that would pass it raises ``MemoryError`` and keeps what it had
/// cached. ``clear()`` forgets everything; ``len(cache)`` is the number of entries.
#[pyclass(module = "grundy")]
pub struct Cache {
    tables: Tables,
    /// The memory limit in megabytes, when set.
    memory_limit: Option<u64>,
    /// The estimated bytes of one entry, measured by the last run.
    entry_bytes: usize,
    /// The last computation: new positions, seconds, seconds inside the user's methods.
    last_run: Option<(u64, Duration, Duration)>,
}

impl Cache {
    fn empty(memory_limit: Option<u64>) -> Cache {
        Cache {
            tables: Tables::default(),
            memory_limit,
            entry_bytes: 0,
            last_run: None,
        }
    }

    /// A cache of its own, without a memory limit of its own (for a computation that finds
    /// the shared one in use).
    pub fn private() -> Cache {
        Cache::empty(None)
    }

    /// The tables, for a computation.
    pub fn tables(&mut self) -> &mut Tables {
        &mut self.tables
    }

    /// The memory limit in megabytes, when set.
    pub fn memory_limit(&self) -> Option<u64> {
        self.memory_limit
    }

    /// Records a computation that ended: its counts and the estimated bytes of an entry.
    pub fn record(&mut self, positions: u64, seconds: Duration, user: Duration, bytes: usize) {
        self.last_run = Some((positions, seconds, user));
        if let Some(per_entry) = bytes.checked_div(self.tables.len()) {
            self.entry_bytes = per_entry;
        }
    }

    /// The cache shared by every call that names none (`grundy.cache`).
    pub fn shared(py: Python<'_>) -> PyResult<&Py<Cache>> {
        static SHARED: PyOnceLock<Py<Cache>> = PyOnceLock::new();
        SHARED.get_or_try_init(py, || Py::new(py, Cache::empty(None)))
    }

    /// The cache named by `cache=`, or the shared one, held for a computation under
    /// `limits`. While another thread's computation holds it, this one waits (the
    /// interpreter released; Ctrl-C is `KeyboardInterrupt`, a passed time limit
    /// `TimeoutError`); a computation of this very thread holding it (a game's method that
    /// asks grundy for values with the cache grundy is filling) is a `RuntimeError`.
    pub fn hold<'py>(
        py: Python<'py>,
        cache: Option<&Bound<'py, Cache>>,
        limits: &CallLimits,
    ) -> PyResult<Held<'py>> {
        let cache = match cache {
            Some(cache) => cache.clone(),
            None => Cache::shared(py)?.bind(py).clone(),
        };
        let address = cache.as_ptr() as usize;
        let this = std::thread::current().id();
        loop {
            if let Ok(held) = cache.try_borrow_mut() {
                HOLDERS
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push((address, this));
                return Ok(Held {
                    cache: held,
                    address,
                });
            }
            let Some(other) = holder(address).filter(|thread| *thread != this) else {
                return Err(PyRuntimeError::new_err(
                    "the cache is in use by a computation under way: a game's method may \
                     not ask grundy for values with the cache grundy is filling (pass \
                     cache=grundy.Cache())",
                ));
            };
            py.detach(|| {
                let holders = HOLDERS.lock().unwrap_or_else(PoisonError::into_inner);
                // Woken when any cache is let go, or after a while to look at the signals.
                let _ = LET_GO.wait_timeout_while(holders, POLL, |holders| {
                    holders
                        .iter()
                        .any(|(held, thread)| *held == address && *thread == other)
                });
            });
            py.check_signals()?;
            if let Some(seconds) = limits.seconds().filter(|_| limits.timed_out()) {
                return Err(PyTimeoutError::new_err(format!(
                    "the computation passed its time limit of {seconds} s (time_limit=\
                     {seconds}) waiting for its cache, which another thread's computation \
                     holds"
                )));
            }
        }
    }
}

#[pymethods]
impl Cache {
    #[new]
    #[pyo3(signature = (*, memory_limit=None))]
    fn new(memory_limit: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let limits = CallLimits::read(None, memory_limit)?;
        Ok(Cache::empty(limits.megabytes()))
    }

    /// Forgets every position.
    fn clear(&mut self) {
        self.tables.clear();
    }

    fn __len__(&self) -> usize {
        self.tables.len()
    }

    /// The memory limit in megabytes (``None``: the default of 4000), which a call's own
    /// ``memory_limit`` overrides.
    #[getter(memory_limit)]
    fn get_memory_limit(&self) -> Option<u64> {
        self.memory_limit
    }

    #[setter(memory_limit)]
    fn set_memory_limit(&mut self, memory_limit: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        self.memory_limit = CallLimits::read(None, memory_limit)?.megabytes();
        Ok(())
    }

    /// The estimated size of the cache in bytes (entries and the positions they keep).
    #[getter]
    fn bytes(&self) -> usize {
        self.tables.len().saturating_mul(self.entry_bytes)
    }

    /// The last computation that used the cache, as a ``dict``: ``positions`` (new
    /// positions computed: for a game that loops, the positions of the graph explored),
    /// ``seconds`` (in all), ``user_seconds`` (inside the game's own methods: options,
    /// components, hashing, equality), ``positions_per_second`` and ``user_share``
    /// (``user_seconds`` over ``seconds``, between 0 and 1); ``None`` before the first.
    #[getter]
    fn last_run<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some((positions, seconds, user)) = self.last_run else {
            return Ok(None);
        };
        let run = PyDict::new(py);
        run.set_item("positions", positions)?;
        run.set_item("seconds", seconds.as_secs_f64())?;
        run.set_item("user_seconds", user.as_secs_f64())?;
        let total = seconds.as_secs_f64();
        let rate = if total > 0.0 {
            positions as f64 / total
        } else {
            0.0
        };
        let share = if total > 0.0 {
            (user.as_secs_f64() / total).clamp(0.0, 1.0)
        } else {
            0.0
        };
        run.set_item("positions_per_second", rate)?;
        run.set_item("user_share", share)?;
        Ok(Some(run))
    }

    fn __repr__(&self) -> String {
        format!(
            "grundy.Cache({} entries, about {} kB)",
            self.tables.len(),
            self.bytes() / 1000
        )
    }
}
