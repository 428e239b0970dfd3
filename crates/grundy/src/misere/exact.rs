//! The exact misère outcome of a sum of heaps by search over every position it reaches,
//! memoised on the sorted list of heaps: the slow twin the quotient is checked against.

use std::collections::HashMap;

use crate::games::takebreak::options::{for_each_option, has_option};
use crate::games::takebreak::HeapRules;
use crate::Outcome;

/// A memoised misère search for one game.
pub struct ExactSearch<'a> {
    rules: &'a HeapRules,
    /// Whether each position (heaps with moves, smallest first) is a P-position.
    known: HashMap<Vec<u64>, bool>,
}

impl<'a> ExactSearch<'a> {
    /// A search with nothing known yet.
    pub fn new(rules: &'a HeapRules) -> Self {
        ExactSearch {
            rules,
            known: HashMap::new(),
        }
    }

    /// The misère outcome of the sum of `heaps` for the player to move: whoever cannot move
    /// wins.
    pub fn outcome(&mut self, heaps: &[u64]) -> Outcome {
        let mut position: Vec<u64> = heaps
            .iter()
            .copied()
            .filter(|heap| has_option(self.rules, *heap))
            .collect();
        position.sort_unstable();
        if self.is_p(position) {
            Outcome::Loss
        } else {
            Outcome::Win
        }
    }

    /// The number of positions whose outcome is stored.
    pub fn positions_known(&self) -> usize {
        self.known.len()
    }

    /// Whether `position` (heaps with moves, sorted) is a P-position: it has a move, and
    /// every move leads to an N-position.
    fn is_p(&mut self, position: Vec<u64>) -> bool {
        if position.is_empty() {
            return false;
        }
        if let Some(known) = self.known.get(&position) {
            return *known;
        }
        let mut children = Vec::new();
        for (index, heap) in position.iter().enumerate() {
            if index > 0 && position[index - 1] == *heap {
                continue;
            }
            for_each_option(self.rules, *heap, |_, left| {
                let mut child: Vec<u64> = position
                    .iter()
                    .enumerate()
                    .filter(|(other, _)| *other != index)
                    .map(|(_, h)| *h)
                    .chain(left.iter().copied())
                    .filter(|h| has_option(self.rules, *h))
                    .collect();
                child.sort_unstable();
                children.push(child);
            });
        }
        let mut p = true;
        for child in children {
            if self.is_p(child) {
                p = false;
                break;
            }
        }
        self.known.insert(position, p);
        p
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn misere_nim_by_hand() {
        // Nim is the all-but game AB() (take any number from one heap).
        let nim: HeapRules = "AB()".parse().unwrap();
        let mut search = ExactSearch::new(&nim);
        // Misère Nim: with only heaps of 1, the player to move loses on an odd count.
        assert_eq!(search.outcome(&[]), Outcome::Win);
        assert_eq!(search.outcome(&[1]), Outcome::Loss);
        assert_eq!(search.outcome(&[1, 1]), Outcome::Win);
        assert_eq!(search.outcome(&[1, 1, 1]), Outcome::Loss);
        // With a larger heap, as in normal play: the nim-sum decides.
        assert_eq!(search.outcome(&[2, 2]), Outcome::Loss);
        assert_eq!(search.outcome(&[1, 2, 3]), Outcome::Loss);
        assert_eq!(search.outcome(&[2]), Outcome::Win);
    }
}
