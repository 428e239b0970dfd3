//! A Cram move: the two cells a domino covers, written `a1-a2` (top or left cell first when
//! printed, either order when read). Either player places a domino either way.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::grid::cell::Cell;

/// A domino: its top (vertical) or left (horizontal) cell and which way it lies. Whether it
/// fits is a question for the board ([`super::Cram::apply`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domino {
    /// The top or left cell.
    pub cell: Cell,
    /// True for a domino on two cells of a column, false for two cells of a row.
    pub vertical: bool,
}

impl Domino {
    /// A domino from its top or left cell.
    pub fn new(cell: Cell, vertical: bool) -> Self {
        Domino { cell, vertical }
    }

    /// The other cell: below or to the right of [`Domino::cell`].
    pub fn second(&self) -> Cell {
        if self.vertical {
            Cell::new(self.cell.column, self.cell.row + 1)
        } else {
            Cell::new(self.cell.column + 1, self.cell.row)
        }
    }
}

impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.cell, self.second())
    }
}

impl FromStr for Domino {
    type Err = ParseError;

    /// Reads two adjacent cells joined by `-`, as in `b2-b3` or `a1-b1`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        let fail = |message: &str| ParseError::at_token(message, text);
        let (first, second) = text
            .split_once('-')
            .ok_or_else(|| fail("a domino is two adjacent cells joined by '-', as in b2-b3"))?;
        let first: Cell = first
            .parse()
            .map_err(|error: ParseError| error.with_column(1))?;
        let second: Cell = second
            .parse()
            .map_err(|error: ParseError| error.with_column(2))?;
        if !first.is_adjacent(&second) {
            return Err(fail("a domino covers two cells that share a side"));
        }
        Ok(Domino::new(first.min(second), first.column == second.column))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn dominoes_read_either_way_round() {
        let domino: Domino = "b3-b2".parse().unwrap();
        assert_eq!(domino, Domino::new(Cell::new(1, 1), true));
        assert_eq!(domino.to_string(), "b2-b3");
        let domino: Domino = " B1-A1 ".parse().unwrap();
        assert_eq!(domino.to_string(), "a1-b1");
        assert!(!domino.vertical);
    }

    #[test]
    fn bad_dominoes_are_named() {
        for (text, message) in [
            ("b2", "a domino is two adjacent cells"),
            ("b2-c3", "a domino covers two cells that share a side"),
            ("b2-b2", "a domino covers two cells that share a side"),
            ("b2-", "a cell is a column letter"),
            ("b2-b0", "the cell's row must be a number"),
        ] {
            let error = text.parse::<Domino>().unwrap_err();
            assert!(error.message.starts_with(message), "{text}: {error}");
        }
    }
}
