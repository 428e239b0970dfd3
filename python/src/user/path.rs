//! The path of a walk: the positions from the position asked about down to the one being
//! computed, in order, found by their hash and `==` (a position equal to one on its own
//! path is a loop).
//!
//! The path is a stack (the position entered last is left first), and an endless game makes
//! it millions of positions deep before a limit stops the walk. So it costs no allocation
//! per position: one list, and one table from each hash to the latest position with it,
//! each position linking to the one below it with the same hash. Letting go of a deep path
//! is then freeing two blocks, not millions (which took most of a second).

use std::time::{Duration, Instant};

use pyo3::prelude::*;

use super::table::{HashMapBy, Key};

/// One position on the path: the position, its hash, and the position below it on the
/// path with the same hash.
struct Step<'py> {
    position: Bound<'py, PyAny>,
    hash: isize,
    below: Option<usize>,
}

/// The positions on a walk's path: see the [module](self).
#[derive(Default)]
pub struct Path<'py> {
    steps: Vec<Step<'py>>,
    /// For each hash on the path, the latest position with it.
    latest: HashMapBy<isize, usize>,
}

impl<'py> Path<'py> {
    /// How many positions the path holds.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Where on the path a position equal to `key` is (the latest one), if any; the time
    /// spent in the user's `__eq__` is added to `user_time`.
    pub fn find(&self, key: &Key<'py>, user_time: &mut Duration) -> PyResult<Option<usize>> {
        let mut next = self.latest.get(&key.hash).copied();
        while let Some(index) = next {
            let step = &self.steps[index];
            if key.object.is(&step.position) {
                return Ok(Some(index));
            }
            let began = Instant::now();
            let equal = key.object.eq(&step.position);
            *user_time += began.elapsed();
            if equal? {
                return Ok(Some(index));
            }
            next = step.below;
        }
        Ok(None)
    }

    /// Puts `key` on top of the path.
    pub fn push(&mut self, key: &Key<'py>) {
        let index = self.steps.len();
        let below = self.latest.insert(key.hash, index);
        self.steps.push(Step {
            position: key.object.clone(),
            hash: key.hash,
            below,
        });
    }

    /// Takes the top position off the path.
    pub fn pop(&mut self) {
        let Some(step) = self.steps.pop() else {
            return;
        };
        match step.below {
            Some(below) => {
                self.latest.insert(step.hash, below);
            }
            None => {
                self.latest.remove(&step.hash);
            }
        }
    }

    /// The positions from `from` to the top, in order.
    pub fn from(&self, from: usize) -> impl Iterator<Item = &Bound<'py, PyAny>> {
        self.steps[from.min(self.steps.len())..]
            .iter()
            .map(|step| &step.position)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::super::table::test_key as key;
    use super::*;

    #[test]
    fn positions_are_found_by_equality_among_equal_hashes_and_left_in_order() {
        Python::initialize();
        Python::attach(|py| {
            let mut path = Path::default();
            let mut spent = Duration::ZERO;
            let (a, b, c) = (key(py, "a", 7), key(py, "b", 7), key(py, "c", 8));
            path.push(&a);
            path.push(&b);
            path.push(&c);
            assert_eq!(path.len(), 3);
            assert_eq!(path.find(&key(py, "a", 7), &mut spent).unwrap(), Some(0));
            assert_eq!(path.find(&key(py, "b", 7), &mut spent).unwrap(), Some(1));
            assert_eq!(path.find(&key(py, "c", 8), &mut spent).unwrap(), Some(2));
            assert_eq!(path.find(&key(py, "d", 7), &mut spent).unwrap(), None);
            let shown: Vec<String> = path.from(1).map(|p| p.to_string()).collect();
            assert_eq!(shown, ["b", "c"]);
            path.pop();
            assert_eq!(path.find(&key(py, "c", 8), &mut spent).unwrap(), None);
            path.pop();
            assert_eq!(path.find(&key(py, "b", 7), &mut spent).unwrap(), None);
            assert_eq!(path.find(&key(py, "a", 7), &mut spent).unwrap(), Some(0));
            path.pop();
            path.pop();
            assert_eq!(path.len(), 0);
            assert_eq!(path.find(&key(py, "a", 7), &mut spent).unwrap(), None);
        });
    }
}
