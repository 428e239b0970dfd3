//! The nim values of single heaps that a cache keeps for the heap rulesets it has met.
//!
//! A ruleset is known by its identity (the Python object), so this table needs nothing of
//! the rulesets' own code.

use pyo3::prelude::*;

/// The nim values of single heaps 0, 1, … of the impartial rulesets a cache has met (a
/// few rulesets, found by identity), each as far as it was computed.
#[derive(Default)]
pub struct HeapValues {
    by_ruleset: Vec<(Py<PyAny>, Vec<u32>)>,
}

impl HeapValues {
    /// How many heap values the cache holds.
    pub fn len(&self) -> usize {
        self.by_ruleset.iter().map(|(_, values)| values.len()).sum()
    }

    /// Forgets every ruleset.
    pub fn clear(&mut self) {
        self.by_ruleset.clear();
    }

    /// The values of `ruleset`'s heaps, empty when it is met first.
    pub fn of(&mut self, ruleset: &Bound<'_, PyAny>) -> &mut Vec<u32> {
        let index = match self
            .by_ruleset
            .iter()
            .position(|(known, _)| known.is(ruleset))
        {
            Some(index) => index,
            None => {
                self.by_ruleset.push((ruleset.clone().unbind(), Vec::new()));
                self.by_ruleset.len() - 1
            }
        };
        &mut self.by_ruleset[index].1
    }
}
