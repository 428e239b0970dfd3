//! A Domineering move: the two cells a domino covers, written `a1-a2` (top or left cell
//! first when printed, either order when read). A vertical domino is Left's, a horizontal
//! one Right's.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::grid::cell::Cell;
use crate::player::Player;

/// Which way a domino lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Orientation {
    /// Two cells of one column: Left's dominoes.
    Vertical,
    /// Two cells of one row: Right's dominoes.
    Horizontal,
}

impl Orientation {
    /// The player who places dominoes this way.
    pub fn side(self) -> Player {
        match self {
            Orientation::Vertical => Player::Left,
            Orientation::Horizontal => Player::Right,
        }
    }

    /// The way `side` places its dominoes.
    pub fn of(side: Player) -> Self {
        match side {
            Player::Left => Orientation::Vertical,
            Player::Right => Orientation::Horizontal,
        }
    }
}

/// A domino: its top (vertical) or left (horizontal) cell and its orientation. Whether it
/// fits is a question for the board ([`play`](crate::partizan::PartizanGame::play)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domino {
    /// The top or left cell.
    pub cell: Cell,
    /// Vertical (Left) or horizontal (Right).
    pub orientation: Orientation,
}

impl Domino {
    /// A domino from its top or left cell.
    pub fn new(cell: Cell, orientation: Orientation) -> Self {
        Domino { cell, orientation }
    }

    /// The other cell: below or to the right of [`Domino::cell`].
    pub fn second(&self) -> Cell {
        match self.orientation {
            Orientation::Vertical => Cell::new(self.cell.column, self.cell.row + 1),
            Orientation::Horizontal => Cell::new(self.cell.column + 1, self.cell.row),
        }
    }

    /// The player who may place it.
    pub fn side(&self) -> Player {
        self.orientation.side()
    }
}

impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.cell, self.second())
    }
}

impl FromStr for Domino {
    type Err = ParseError;

    /// Reads two adjacent cells joined by `-`, as in `b2-b3` (vertical, Left's) or `a1-b1`
    /// (horizontal, Right's).
    fn from_str(text: &str) -> Result<Self, ParseError> {
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
        let orientation = if first.column == second.column {
            Orientation::Vertical
        } else {
            Orientation::Horizontal
        };
        Ok(Domino::new(first.min(second), orientation))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn dominoes_read_either_way_round() {
        let domino: Domino = "b3-b2".parse().unwrap();
        assert_eq!(domino, Domino::new(Cell::new(1, 1), Orientation::Vertical));
        assert_eq!(domino.to_string(), "b2-b3");
        assert_eq!(domino.side(), Player::Left);
        let domino: Domino = "B1-A1".parse().unwrap();
        assert_eq!(domino.to_string(), "a1-b1");
        assert_eq!(domino.side(), Player::Right);
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
