//! Sums of heaps as an [`ImpartialGame`], for the generic [`Solver`](crate::Solver): the
//! slow twin of the sequence computations and the exact remoteness of small sums.
//!
//! Move notation: `12->3+4` takes from a heap of 12 and leaves heaps of 3 and 4 (so it
//! removes 5 tokens); `5->0` removes a whole heap of 5; `9->7` leaves one heap of 7. Which
//! heap of that size is moved in does not matter.

use std::fmt;
use std::str::FromStr;

use super::code::HeapRules;
use super::options::for_each_option;
use crate::error::{ParseError, RuleError};
use crate::impartial::ImpartialGame;

/// A move: the size of the heap moved in and the heaps it leaves.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HeapMove {
    /// The size of the heap moved in.
    pub heap: u64,
    /// The heaps left, smallest first (empty when the heap is removed).
    pub left: Vec<u64>,
}

impl HeapMove {
    /// The number of tokens the move removes, `None` when the heaps left are larger.
    pub fn take(&self) -> Option<u64> {
        let left: u64 = self
            .left
            .iter()
            .try_fold(0u64, |sum, part| sum.checked_add(*part))?;
        self.heap.checked_sub(left)
    }
}

impl fmt::Display for HeapMove {
    /// `12->3+4`, `5->0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}->{}", self.heap, format_heaps(&self.left))
    }
}

impl serde::Serialize for HeapMove {
    /// As its notation, `12->3+4`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl FromStr for HeapMove {
    type Err = ParseError;

    /// Reads `12->3+4` (spaces allowed around the parts).
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let Some((from, to)) = text.split_once("->") else {
            return Err(ParseError::at_token(
                "a move is written heap->heaps left, like 12->3+4 or 5->0",
                text,
            ));
        };
        let heap = parse_heap(from.trim())?;
        let mut left = parse_heaps(to)?;
        left.sort_unstable();
        Ok(HeapMove { heap, left })
    }
}

/// Reads one heap size.
pub fn parse_heap(text: &str) -> Result<u64, ParseError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseError::at_token("a heap size is missing", text));
    }
    text.parse().map_err(|_| {
        if text.bytes().all(|b| b.is_ascii_digit()) {
            ParseError::at_token(
                format!("the heap size is larger than {} and does not fit", u64::MAX),
                text,
            )
        } else {
            ParseError::at_token("a heap size is a whole number of tokens", text)
        }
    })
}

/// Reads a sum of heaps `5+7+12` (`0` alone is the empty sum; zero heaps are dropped), in
/// the order written.
pub fn parse_heaps(text: &str) -> Result<Vec<u64>, ParseError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseError::new(
            "the heaps are missing; write them like 5+7+12 (or 0 for none)",
        ));
    }
    let mut heaps = Vec::new();
    for (index, term) in text.split('+').enumerate() {
        let heap = parse_heap(term).map_err(|error| error.with_column(index + 1))?;
        if heap > 0 {
            heaps.push(heap);
        }
    }
    Ok(heaps)
}

/// Writes heaps as `5+7+12`, or `0` when there are none.
pub fn format_heaps(heaps: &[u64]) -> String {
    if heaps.is_empty() {
        "0".to_string()
    } else {
        let parts: Vec<String> = heaps.iter().map(u64::to_string).collect();
        parts.join("+")
    }
}

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
    fn moves_are_read_and_written() {
        let mv: HeapMove = "12 -> 4+3".parse().unwrap();
        assert_eq!(mv.to_string(), "12->3+4");
        assert_eq!(mv.take(), Some(5));
        assert_eq!("5->0".parse::<HeapMove>().unwrap().left, Vec::<u64>::new());
        assert!("12-3".parse::<HeapMove>().is_err());
        assert!("x->1".parse::<HeapMove>().is_err());
    }

    #[test]
    fn heaps_are_read_with_clear_errors() {
        assert_eq!(parse_heaps("5+7+12").unwrap(), vec![5, 7, 12]);
        assert_eq!(parse_heaps("0").unwrap(), Vec::<u64>::new());
        let error = parse_heaps("5+x+7").unwrap_err().to_string();
        assert!(
            error.contains("\"x\"") && error.contains("token 2"),
            "{error}"
        );
        let error = parse_heaps("5+99999999999999999999999")
            .unwrap_err()
            .to_string();
        assert!(error.contains("does not fit"), "{error}");
        assert!(parse_heaps("5++7").is_err());
        assert!(parse_heaps("").is_err());
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
