//! Tables keyed by a user's positions: Python objects, found by their `__hash__` and told
//! apart by their `__eq__`, either of which may raise.
//!
//! A Rust `HashMap` needs an equality that cannot fail, and a user's `__eq__` can; so the
//! table files entries in buckets by the Python hash and compares candidates itself, first
//! by identity (free), then with `==` (a call into Python), passing any error on.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use pyo3::prelude::*;

/// A position with its Python hash, computed once.
pub struct Key<'py> {
    /// The position.
    pub object: Bound<'py, PyAny>,
    /// `hash(object)`.
    pub hash: isize,
}

/// What a table holds of a position: the position itself (kept alive, so that its hash and
/// equality stay valid) and the value.
type Entry<V> = (Py<PyAny>, V);

/// Values by position.
pub struct Table<V> {
    buckets: HashMap<isize, Vec<Entry<V>>>,
    len: usize,
}

impl<V> Default for Table<V> {
    fn default() -> Self {
        Table {
            buckets: HashMap::new(),
            len: 0,
        }
    }
}

impl<V: Clone> Table<V> {
    /// How many positions the table holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        self.buckets.clear();
        self.len = 0;
    }

    /// The value kept for a position equal to `key`, if any; the time spent in the
    /// user's `__eq__` is added to `user_time`.
    pub fn get(&self, key: &Key<'_>, user_time: &mut Duration) -> PyResult<Option<V>> {
        let Some(bucket) = self.buckets.get(&key.hash) else {
            return Ok(None);
        };
        for (object, value) in bucket {
            if key.object.is(object) {
                return Ok(Some(value.clone()));
            }
            let began = Instant::now();
            let equal = key.object.eq(object);
            *user_time += began.elapsed();
            if equal? {
                return Ok(Some(value.clone()));
            }
        }
        Ok(None)
    }

    /// Keeps `value` for `key` (which the caller knows is not in the table).
    pub fn insert(&mut self, key: &Key<'_>, value: V) {
        self.buckets
            .entry(key.hash)
            .or_default()
            .push((key.object.clone().unbind(), value));
        self.len += 1;
    }
}
