//! `grundy.Cache`: what grundy remembers of a user's positions across calls, which the
//! user can hold, clear and bound in memory.

use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyDict;

use super::walk::Tables;
use crate::limits::CallLimits;

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

    /// The cache named by `cache=`, or the shared one, borrowed for a computation; an
    /// error when a computation holds it already (a game's method that calls grundy on the
    /// same cache while grundy computes).
    pub fn borrow<'py>(
        py: Python<'py>,
        cache: Option<&Bound<'py, Cache>>,
    ) -> PyResult<PyRefMut<'py, Cache>> {
        let cache = match cache {
            Some(cache) => cache.clone(),
            None => Cache::shared(py)?.bind(py).clone(),
        };
        cache.try_borrow_mut().map_err(|_| {
            PyRuntimeError::new_err(
                "the cache is in use by a computation under way: a game's method may not ask \
                 grundy for values with the cache grundy is filling (pass cache=grundy.Cache())",
            )
        })
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
    /// positions computed), ``seconds`` (in all) and ``user_seconds`` (inside the game's
    /// own methods: options, components, hashing, equality); ``None`` before the first.
    #[getter]
    fn last_run<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some((positions, seconds, user)) = self.last_run else {
            return Ok(None);
        };
        let run = PyDict::new(py);
        run.set_item("positions", positions)?;
        run.set_item("seconds", seconds.as_secs_f64())?;
        run.set_item("user_seconds", user.as_secs_f64())?;
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
