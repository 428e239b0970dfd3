//! Tables keyed by a user's positions: Python objects, found by their `__hash__` and told
//! apart by their `__eq__`, either of which may raise.
//!
//! A Rust `HashMap` needs an equality that cannot fail, and a user's `__eq__` can; so the
//! table files entries in buckets by the Python hash and compares candidates itself, first
//! by identity (free), then with `==` (a call into Python), passing any error on.

use std::collections::hash_map::Entry::{Occupied, Vacant};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::{Duration, Instant};

use pyo3::prelude::*;

/// A position with its Python hash, computed once.
pub struct Key<'py> {
    /// The position.
    pub object: Bound<'py, PyAny>,
    /// `hash(object)`.
    pub hash: isize,
}

/// Hashes a Python hash (already a hash, but `hash(n) == n` for small ints) by one
/// multiplication, so that its high bits, which the table's probing reads, vary too: the
/// default hasher's resistance to chosen keys is no use on the user's own hashes.
#[derive(Default)]
pub struct SpreadHasher(u64);

impl Hasher for SpreadHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(byte)).wrapping_mul(SPREAD);
        }
    }

    fn write_isize(&mut self, value: isize) {
        self.write_u64(value as u64);
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0 ^ value).wrapping_mul(SPREAD);
    }
}

/// 2^64 divided by the golden ratio, odd: a multiplier that spreads every bit upwards.
const SPREAD: u64 = 0x9E37_79B9_7F4A_7C15;

/// A `HashMap` keyed by Python hashes or addresses, hashed by [`SpreadHasher`].
pub type HashMapBy<K, V> = HashMap<K, V, BuildHasherDefault<SpreadHasher>>;

/// What a table holds of a position: the position itself (kept alive, so that its hash and
/// equality stay valid) and the value.
type Entry<V> = (Py<PyAny>, V);

/// The positions of one hash: almost always one, kept in the table's own slot (no block
/// of its own to reach, which cost a cache miss a look-up), and any others that hash
/// alike after it.
struct Bucket<V> {
    first: Entry<V>,
    more: Vec<Entry<V>>,
}

impl<V> Bucket<V> {
    fn entries(&self) -> impl Iterator<Item = &Entry<V>> {
        std::iter::once(&self.first).chain(&self.more)
    }
}

/// Values by position.
pub struct Table<V> {
    buckets: HashMapBy<isize, Bucket<V>>,
    len: usize,
}

impl<V> Default for Table<V> {
    fn default() -> Self {
        Table {
            buckets: HashMapBy::default(),
            len: 0,
        }
    }
}

impl<V: Clone> Table<V> {
    /// How many positions the table holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table holds no position.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        self.buckets.clear();
        self.len = 0;
    }

    /// The value kept for a position equal to `key`, if any; the time spent in the
    /// user's `__eq__` is added to `user_time`.
    pub fn get(&self, key: &Key<'_>, user_time: &mut Duration) -> PyResult<Option<V>> {
        let began = Instant::now();
        let found = self.get_untimed(key);
        *user_time += began.elapsed();
        found
    }

    /// The value kept for a position equal to `key`, if any, the user's `__eq__` not
    /// timed (the caller times it with the hash).
    pub fn get_untimed(&self, key: &Key<'_>) -> PyResult<Option<V>> {
        let Some(bucket) = self.buckets.get(&key.hash) else {
            return Ok(None);
        };
        for (object, value) in bucket.entries() {
            if key.object.is(object) || key.object.eq(object)? {
                return Ok(Some(value.clone()));
            }
        }
        Ok(None)
    }

    /// Keeps `value` for `key` (which the caller knows is not in the table).
    pub fn insert(&mut self, key: &Key<'_>, value: V) {
        let entry = (key.object.clone().unbind(), value);
        match self.buckets.entry(key.hash) {
            Vacant(vacant) => {
                vacant.insert(Bucket {
                    first: entry,
                    more: Vec::new(),
                });
            }
            Occupied(mut occupied) => occupied.get_mut().more.push(entry),
        }
        self.len += 1;
    }
}

/// A key whose hash is given (to make collisions), for a Python string: for the tests of
/// the tables keyed by positions.
#[cfg(test)]
pub fn test_key<'py>(py: Python<'py>, text: &str, hash: isize) -> Key<'py> {
    Key {
        object: pyo3::types::PyString::new(py, text).into_any(),
        hash,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::test_key as key;
    use super::*;

    #[test]
    fn positions_of_one_hash_are_told_apart_by_equality() {
        Python::initialize();
        Python::attach(|py| {
            let mut table = Table::default();
            let mut spent = Duration::ZERO;
            table.insert(&key(py, "a", 7), 1_u64);
            table.insert(&key(py, "b", 7), 2);
            table.insert(&key(py, "c", 7), 3);
            table.insert(&key(py, "d", -1), 4);
            assert_eq!(table.len(), 4);
            assert_eq!(table.get(&key(py, "a", 7), &mut spent).unwrap(), Some(1));
            assert_eq!(table.get(&key(py, "b", 7), &mut spent).unwrap(), Some(2));
            assert_eq!(table.get(&key(py, "c", 7), &mut spent).unwrap(), Some(3));
            assert_eq!(table.get(&key(py, "d", -1), &mut spent).unwrap(), Some(4));
            assert_eq!(table.get(&key(py, "e", 7), &mut spent).unwrap(), None);
            assert_eq!(table.get(&key(py, "a", 8), &mut spent).unwrap(), None);
            table.clear();
            assert_eq!(table.len(), 0);
            assert_eq!(table.get(&key(py, "a", 7), &mut spent).unwrap(), None);
        });
    }
}
