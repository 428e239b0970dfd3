//! Sums of heaps as an [`ImpartialGame`], for the generic [`Solver`](crate::impartial::Solver): the
//! slow twin of the sequence computations and the exact remoteness of small sums.
//!
//! Moves are written as every heap game writes them ([`crate::heap::notation`], re-exported
//! here): `12->3+4` takes from a heap of 12 and leaves heaps of 3 and 4.

use super::code::HeapRules;
use super::options::for_each_option;
use crate::error::RuleError;
use crate::position::ImpartialGame;

pub use crate::heap::notation::{format_heaps, parse_heap, parse_heaps, HeapMove};

/// The game of a sum of heaps under some rules. Positions are lists of non-empty heaps
/// (any order; the solver's memo key sorts them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapGame {
    /// The rules every heap follows.
    pub rules: HeapRules,
}

impl HeapGame {
    /// The position after `mv`, or why it is illegal.
    pub fn play(&self, heaps: &[u64], mv: &HeapMove) -> Result<Vec<u64>, RuleError> {
        let Some(at) = heaps.iter().position(|heap| *heap == mv.heap) else {
            return Err(RuleError::new(
                mv,
                format!("there is no heap of {}", mv.heap),
            ));
        };
        let Some(take) = mv.take() else {
            return Err(RuleError::new(
                mv,
                "the heaps left hold more tokens than the heap moved in",
            ));
        };
        if !self.rules.allows(mv.heap, take, &mv.left) {
            return Err(RuleError::new(
                mv,
                format!(
                    "{} does not allow removing {take} and leaving {} heap{}",
                    self.rules,
                    mv.left.len(),
                    if mv.left.len() == 1 { "" } else { "s" }
                ),
            ));
        }
        let mut next = Vec::with_capacity(heaps.len() + 2);
        next.extend_from_slice(&heaps[..at]);
        next.extend_from_slice(&mv.left);
        next.extend_from_slice(&heaps[at + 1..]);
        Ok(next)
    }
}

impl ImpartialGame for HeapGame {
    type Position = Vec<u64>;
    type Move = HeapMove;

    /// Moves in the first heap of each size, in the order of [`for_each_option`].
    fn legal_moves(&self, heaps: &Vec<u64>) -> Vec<HeapMove> {
        let mut sizes = heaps.clone();
        sizes.sort_unstable();
        sizes.dedup();
        let mut moves = Vec::new();
        for heap in sizes {
            for_each_option(&self.rules, heap, |_, left| {
                moves.push(HeapMove {
                    heap,
                    left: left.to_vec(),
                })
            });
        }
        moves
    }

    fn apply(&self, heaps: &Vec<u64>, mv: &HeapMove) -> Result<Vec<u64>, RuleError> {
        self.play(heaps, mv)
    }

    fn components(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        heaps.iter().map(|heap| vec![*heap]).collect()
    }

    fn canonical(&self, heaps: &Vec<u64>) -> Vec<u64> {
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        sorted
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::impartial::Solver;

    fn game(rules: &str) -> HeapGame {
        HeapGame {
            rules: rules.parse().unwrap(),
        }
    }

    #[test]
    fn illegal_moves_say_why() {
        let kayles = game("0.77");
        assert_eq!(
            kayles.play(&[5, 7], &"7->2+3".parse().unwrap()).unwrap(),
            vec![5, 2, 3]
        );
        let error = kayles.play(&[5, 7], &"6->1".parse().unwrap()).unwrap_err();
        assert!(error.to_string().contains("no heap of 6"));
        let error = kayles.play(&[5, 7], &"7->1".parse().unwrap()).unwrap_err();
        assert!(error.to_string().contains("removing 6"), "{error}");
        assert!(kayles.play(&[5], &"5->6".parse().unwrap()).is_err());
    }

    #[test]
    fn the_generic_solver_knows_kayles() {
        // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6.
        let mut solver = Solver::new(game("0.77"));
        let values: Vec<u64> = (0..12).map(|n| solver.grundy_value(&vec![n])).collect();
        assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    }
}
