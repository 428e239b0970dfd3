//! A Konane move: the cell of the jumping stone and the empty cell it lands on, written
//! `from-to` (`a1-c1`), in one row or column an even number of cells apart (two per stone
//! jumped). Whose move it is follows from the stone on `from`.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::grid::cell::Cell;

/// A stone jumping along a row or column from `from` to `to`, over every other cell between.
/// Whether the stones and holes are there is a question for the board
/// ([`play`](crate::partizan::PartizanGame::play)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Jump {
    /// The cell of the jumping stone.
    pub from: Cell,
    /// The empty cell it lands on.
    pub to: Cell,
}

impl Jump {
    /// A jump from `from` to `to`; not yet checked against any board.
    pub fn new(from: Cell, to: Cell) -> Self {
        Jump { from, to }
    }

    /// The number of stones the jump captures: half the distance, or `None` when the two
    /// cells are not in one row or column an even, non-zero number of cells apart.
    pub fn captures(&self) -> Option<usize> {
        let distance = if self.from.row == self.to.row {
            self.from.column.abs_diff(self.to.column)
        } else if self.from.column == self.to.column {
            self.from.row.abs_diff(self.to.row)
        } else {
            return None;
        };
        (distance > 0 && distance % 2 == 0).then_some(distance / 2)
    }

    /// The cells the jump passes over, from `from` towards `to` (not the ends): the jumped
    /// stones' cells and the empty cells between them, alternately.
    pub fn between(&self) -> Vec<Cell> {
        let steps = self.captures().map_or(0, |captures| 2 * captures);
        let step = |from: usize, to: usize, k: usize| {
            if to > from {
                from + k
            } else if to < from {
                from - k
            } else {
                from
            }
        };
        (1..steps)
            .map(|k| {
                Cell::new(
                    step(self.from.column, self.to.column, k),
                    step(self.from.row, self.to.row, k),
                )
            })
            .collect()
    }
}

impl fmt::Display for Jump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl FromStr for Jump {
    type Err = ParseError;

    /// Reads two cells joined by `-`, the jumping stone first, as in `a1-c1`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let (from, to) = text.split_once('-').ok_or_else(|| {
            ParseError::at_token(
                "a move is the stone's cell and the cell it lands on joined by '-', as in a1-c1",
                text,
            )
        })?;
        let from: Cell = from
            .parse()
            .map_err(|error: ParseError| error.with_column(1))?;
        let to: Cell = to
            .parse()
            .map_err(|error: ParseError| error.with_column(2))?;
        let jump = Jump::new(from, to);
        if jump.captures().is_none() {
            return Err(ParseError::at_token(
                "a stone jumps along a row or column an even number of cells (a1-c1, a1-e1)",
                text,
            ));
        }
        Ok(jump)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn jumps_round_trip() {
        let jump: Jump = "a1-e1".parse().unwrap();
        assert_eq!(jump, Jump::new(Cell::new(0, 0), Cell::new(4, 0)));
        assert_eq!(jump.to_string(), "a1-e1");
        assert_eq!(jump.captures(), Some(2));
        let between: Vec<String> = jump.between().iter().map(Cell::to_string).collect();
        assert_eq!(between, ["b1", "c1", "d1"]);
        let up: Jump = "b3-b1".parse().unwrap();
        assert_eq!(up.between(), [Cell::new(1, 1)]);
        for text in ["b2", "b2-c3", "b2-b2", "b2-b3", "a1-d1", "-b2", "b2-", "a1-c1-e1"] {
            assert!(text.parse::<Jump>().is_err(), "{text}");
        }
    }
}
