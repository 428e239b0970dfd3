//! The notation of heaps and of moves in them, shared by every heap game: a sum of heaps
//! `5+7+12` (`0` for none), and a move `12->3+4` that takes from a heap of 12 and leaves
//! heaps of 3 and 4 (so it removes 5 tokens); `5->0` removes a whole heap of 5; `9->7`
//! leaves one heap of 7. Which heap of that size is moved in does not matter.
//!
//! ```
//! use grundy::heap::{format_heaps, parse_heaps, HeapMove};
//!
//! let mv: HeapMove = "12 -> 4+3".parse().unwrap();
//! assert_eq!(mv.to_string(), "12->3+4");
//! assert_eq!(mv.take(), Some(5));
//! assert_eq!(format_heaps(&parse_heaps("5+0+7").unwrap()), "5+7");
//! ```

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;

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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

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
}
