//! Move notation: `L3` slides a marker into row 3 from the left, `R3` from the right, `T3`
//! into column 3 from the top, `B3` from the bottom. Rows and columns count from 1 at the top
//! left, as in the contest.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;

/// The largest board the contest allows: the notation numbers lines up to it.
pub const MAX_SIZE: usize = 100;

/// The edge a marker is slid in from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edge {
    /// From the left end of a row.
    Left,
    /// From the right end of a row.
    Right,
    /// From the top end of a column.
    Top,
    /// From the bottom end of a column.
    Bottom,
}

impl Edge {
    /// All four edges, in the order moves are listed.
    pub const ALL: [Edge; 4] = [Edge::Left, Edge::Right, Edge::Top, Edge::Bottom];

    /// The contest's letter for the edge.
    pub fn letter(self) -> char {
        match self {
            Edge::Left => 'L',
            Edge::Right => 'R',
            Edge::Top => 'T',
            Edge::Bottom => 'B',
        }
    }

    /// Whether the move slides along a row (otherwise along a column).
    pub fn is_row(self) -> bool {
        matches!(self, Edge::Left | Edge::Right)
    }
}

/// One move: an edge and a 1-based row or column number (at most 100, the largest board).
///
/// Whether the number fits a given board is checked when the move is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    edge: Edge,
    line: u8,
}

impl Move {
    /// A move into line `line` (1-based) from `edge`; `None` unless 1 ≤ line ≤ 100.
    pub fn new(edge: Edge, line: usize) -> Option<Move> {
        if (1..=MAX_SIZE).contains(&line) {
            Some(Move {
                edge,
                line: line as u8,
            })
        } else {
            None
        }
    }

    /// The edge the marker comes from.
    pub fn edge(self) -> Edge {
        self.edge
    }

    /// The 1-based row or column number.
    pub fn line(self) -> usize {
        usize::from(self.line)
    }

    /// All 4N moves of an N × N board, edge by edge.
    pub fn all(size: usize) -> impl Iterator<Item = Move> {
        Edge::ALL.into_iter().flat_map(move |edge| {
            (1..=size.min(MAX_SIZE)).map(move |line| Move {
                edge,
                line: line as u8,
            })
        })
    }

    /// A dense index in `0..4 * size` (for tables indexed by move).
    pub fn index(self, size: usize) -> usize {
        let edge = match self.edge {
            Edge::Left => 0,
            Edge::Right => 1,
            Edge::Top => 2,
            Edge::Bottom => 3,
        };
        edge * size + self.line() - 1
    }

    /// The move with dense index `index` on an N × N board (inverse of [`Move::index`]).
    pub fn from_index(index: usize, size: usize) -> Option<Move> {
        if size == 0 || index >= 4 * size {
            return None;
        }
        Move::new(Edge::ALL[index / size], index % size + 1)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.edge.letter(), self.line)
    }
}

/// Reads `L3`, `R10`, `T1`, `B100`. The letter may also be lower case (`l3`); the number is
/// plain decimal digits from 1 to 100 (leading zeros allowed, no sign).
impl FromStr for Move {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Move, ParseError> {
        let bad = || {
            ParseError::at_token(
                "a move must be L, R, T or B followed by a row or column number from 1 to 100",
                text,
            )
        };
        let (letter, digits) = match text.as_bytes() {
            [letter, digits @ ..] => (letter, digits),
            [] => return Err(bad()),
        };
        let edge = match letter {
            b'L' | b'l' => Edge::Left,
            b'R' | b'r' => Edge::Right,
            b'T' | b't' => Edge::Top,
            b'B' | b'b' => Edge::Bottom,
            _ => return Err(bad()),
        };
        if digits.is_empty() || digits.len() > 6 || !digits.iter().all(u8::is_ascii_digit) {
            return Err(bad());
        }
        let line = digits
            .iter()
            .fold(0usize, |line, digit| 10 * line + usize::from(digit - b'0'));
        Move::new(edge, line).ok_or_else(bad)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn moves_round_trip() {
        for size in [1, 7, 100] {
            for mv in Move::all(size) {
                assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
                assert_eq!(Move::from_index(mv.index(size), size), Some(mv));
            }
        }
        assert_eq!(Move::all(7).count(), 28);
    }

    #[test]
    fn lower_case_and_leading_zeros_are_read() {
        assert_eq!("l03".parse::<Move>().unwrap().to_string(), "L3");
    }

    #[test]
    fn bad_moves_name_the_token() {
        for text in [
            "",
            "L",
            "L0",
            "L101",
            "X3",
            "L+3",
            "L-1",
            "3L",
            "L 3",
            "LL3",
            "T1000000000",
        ] {
            let error = text.parse::<Move>().unwrap_err();
            assert_eq!(error.location.token.as_deref(), Some(text));
        }
    }

    proptest! {
        #[test]
        fn parsing_never_panics(text in "\\PC{0,12}") {
            let _ = text.parse::<Move>();
        }
    }
}
