//! An Amazons move: the amazon's cell, the cell it goes to and the cell its arrow burns,
//! written `from-to/arrow` (`a1-a3/b3`), as Amazons game records write it. Each leg is a
//! queen's move (along a row, a column or a diagonal); whose move it is follows from the
//! amazon on `from`.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::grid::cell::Cell;

/// An amazon's queen move from `from` to `to`, then its arrow from `to` to `arrow`. Whether
/// the amazon is there and the lines are clear is a question for the board
/// ([`play`](crate::partizan::PartizanGame::play)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AmazonMove {
    /// The amazon's cell.
    pub from: Cell,
    /// The empty cell it goes to.
    pub to: Cell,
    /// The cell its arrow burns (the cell it left may be one).
    pub arrow: Cell,
}

/// The unit step from `from` towards `to` as (column step, row step), when the two are
/// different cells on one row, column or diagonal.
pub fn queen_step(from: Cell, to: Cell) -> Option<(isize, isize)> {
    let columns = to.column as isize - from.column as isize;
    let rows = to.row as isize - from.row as isize;
    let straight = columns == 0 || rows == 0 || columns.abs() == rows.abs();
    (straight && (columns, rows) != (0, 0)).then_some((columns.signum(), rows.signum()))
}

/// The cells strictly between `from` and `to` on a queen's line (empty when they are
/// neighbours or not on one line).
pub fn cells_between(from: Cell, to: Cell) -> Vec<Cell> {
    let Some((dc, dr)) = queen_step(from, to) else {
        return Vec::new();
    };
    let mut cells = Vec::new();
    let (mut column, mut row) = (from.column as isize + dc, from.row as isize + dr);
    while (column, row) != (to.column as isize, to.row as isize) {
        cells.push(Cell::new(column as usize, row as usize));
        column += dc;
        row += dr;
    }
    cells
}

impl AmazonMove {
    /// The move `from-to/arrow`; not yet checked against any board.
    pub fn new(from: Cell, to: Cell, arrow: Cell) -> Self {
        AmazonMove { from, to, arrow }
    }
}

impl fmt::Display for AmazonMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}/{}", self.from, self.to, self.arrow)
    }
}

impl FromStr for AmazonMove {
    type Err = ParseError;

    /// Reads `from-to/arrow`, as in `a1-a3/b3`: the amazon's cell and where it goes joined by
    /// `-`, then `/` and the cell the arrow burns.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let shape = || {
            ParseError::at_token(
                "an Amazons move is FROM-TO/ARROW, the amazon's cell, where it goes and where \
                 its arrow lands, as in a1-a3/b3",
                text,
            )
        };
        let (walk, arrow) = text.split_once('/').ok_or_else(shape)?;
        let (from, to) = walk.split_once('-').ok_or_else(shape)?;
        let cell = |part: &str, column: usize| -> Result<Cell, ParseError> {
            part.parse::<Cell>()
                .map_err(|error: ParseError| error.with_column(column))
        };
        let mv = AmazonMove::new(cell(from, 1)?, cell(to, 2)?, cell(arrow, 3)?);
        if queen_step(mv.from, mv.to).is_none() {
            return Err(ParseError::at_token(
                "an amazon moves as a queen: to another cell of its row, column or diagonal",
                text,
            ));
        }
        if queen_step(mv.to, mv.arrow).is_none() {
            return Err(ParseError::at_token(
                "an arrow flies as a queen from where the amazon lands: to another cell of that \
                 row, column or diagonal",
                text,
            ));
        }
        Ok(mv)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn moves_round_trip() {
        let mv: AmazonMove = "a1-c3/a1".parse().unwrap();
        assert_eq!(
            mv,
            AmazonMove::new(Cell::new(0, 0), Cell::new(2, 2), Cell::new(0, 0))
        );
        assert_eq!(mv.to_string(), "a1-c3/a1");
        assert_eq!("B2-b4/D2".parse::<AmazonMove>().unwrap().to_string(), "b2-b4/d2");
        assert_eq!(cells_between(mv.from, mv.to), [Cell::new(1, 1)]);
        assert_eq!(cells_between(Cell::new(3, 0), Cell::new(0, 0)).len(), 2);
        assert!(cells_between(Cell::new(0, 0), Cell::new(1, 2)).is_empty());
        for text in [
            "a1", "a1-a3", "a1-a3/", "a1-b3/b4", "a1-a1/a2", "a1-a3/a3", "a1-a3/b1", "-a3/b3",
            "a1-/b3", "a1-a3/b3/c3", "a1-a3-a4/b3", "a0-a3/b3", "", "/",
        ] {
            let error = text.parse::<AmazonMove>().unwrap_err();
            assert!(error.location.token.is_some(), "{text}: {error}");
        }
    }

    #[test]
    fn the_token_is_the_bad_part() {
        let error = "a1-zz/b3".parse::<AmazonMove>().unwrap_err();
        assert!(error.to_string().contains("zz"), "{error}");
        let error = "a1-b3/b4".parse::<AmazonMove>().unwrap_err();
        assert!(error.to_string().contains("a1-b3/b4"), "{error}");
    }
}
