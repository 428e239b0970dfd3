//! The exact misère outcome of a sum of heaps of any heap game by search over every
//! position it reaches, memoised on the sorted list of heaps: the slow twin the quotient is
//! checked against.

use std::collections::HashMap;

use crate::heap::HeapRuleset;
use crate::Outcome;

/// A memoised misère search for one game.
///
/// The recursion follows the rules' options, so it ends only for rules that keep the
/// contract of [`HeapRuleset::for_each_option`] (every heap left smaller than the heap
/// moved in), and knows of heaps only what the rules know (a
/// [`Tabulated`](crate::heap::Tabulated) table's heaps past its largest have no move).
///
/// ```
/// use grundy::heap::Tabulated;
/// use grundy::misere::ExactSearch;
/// use grundy::Outcome;
///
/// // Kayles on heaps up to 2: a pin alone is knocked down, two may lose one or both.
/// let kayles = Tabulated::new("kayles to 2", vec![vec![], vec![vec![]], vec![vec![1], vec![]]])
///     .unwrap();
/// let mut search = ExactSearch::new(&kayles);
/// // Misère Kayles: a single pin is lost for the player to move, two are won.
/// assert_eq!(search.outcome(&[1]), Outcome::Loss);
/// assert_eq!(search.outcome(&[1, 1]), Outcome::Win);
/// ```
pub struct ExactSearch<'a> {
    rules: &'a dyn HeapRuleset,
    /// Whether each position (heaps with moves, smallest first) is a P-position.
    known: HashMap<Vec<u64>, bool>,
}

impl<'a> ExactSearch<'a> {
    /// A search with nothing known yet.
    pub fn new(rules: &'a dyn HeapRuleset) -> Self {
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
            .filter(|heap| self.rules.has_option(*heap))
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
        let rules = self.rules;
        let mut children = Vec::new();
        for (index, heap) in position.iter().enumerate() {
            if index > 0 && position[index - 1] == *heap {
                continue;
            }
            rules.for_each_option(*heap, &mut |left| {
                // The other heaps of the position have moves; of the heaps left, only those
                // with moves are kept.
                let mut child: Vec<u64> = Vec::with_capacity(position.len() + left.len());
                child.extend(
                    position
                        .iter()
                        .enumerate()
                        .filter(|(other, _)| *other != index)
                        .map(|(_, h)| *h),
                );
                child.extend(left.iter().copied().filter(|h| rules.has_option(*h)));
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
    use crate::heap::Tabulated;

    #[test]
    fn misere_nim_by_hand() {
        // Nim on heaps up to 3: leave any smaller heap, or none.
        let nim =
            Tabulated::from_fn("nim", 3, |n| (0..n).map(|left| vec![left]).collect()).unwrap();
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
