//! A Clobber move: the cell of the moving stone and the adjacent cell of the stone it
//! clobbers, written `from-to` (`b2-b3`). Whose move it is follows from the stone on `from`.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::grid::cell::Cell;

/// A stone moving from one cell onto an orthogonally adjacent one. Whether the stones are
/// there is a question for the board ([`play`](crate::partizan::PartizanGame::play)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Capture {
    /// The cell of the moving stone.
    pub from: Cell,
    /// The cell of the stone clobbered.
    pub to: Cell,
}

impl Capture {
    /// A capture from `from` onto `to`; not yet checked against any board.
    pub fn new(from: Cell, to: Cell) -> Self {
        Capture { from, to }
    }
}

impl fmt::Display for Capture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl FromStr for Capture {
    type Err = ParseError;

    /// Reads two adjacent cells joined by `-`, the moving stone first, as in `b2-c2`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let (from, to) = text.split_once('-').ok_or_else(|| {
            ParseError::at_token(
                "a move is the stone's cell and the clobbered stone's cell joined by '-', \
                 as in b2-c2",
                text,
            )
        })?;
        let from: Cell = from
            .parse()
            .map_err(|error: ParseError| error.with_column(1))?;
        let to: Cell = to
            .parse()
            .map_err(|error: ParseError| error.with_column(2))?;
        if !from.is_adjacent(&to) {
            return Err(ParseError::at_token(
                "a stone clobbers a stone on a cell sharing a side with its own",
                text,
            ));
        }
        Ok(Capture::new(from, to))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn captures_round_trip() {
        let capture: Capture = "b2-b1".parse().unwrap();
        assert_eq!(capture, Capture::new(Cell::new(1, 1), Cell::new(1, 0)));
        assert_eq!(capture.to_string(), "b2-b1");
        for text in ["b2", "b2-c3", "b2-b2", "-b2", "b2-"] {
            assert!(text.parse::<Capture>().is_err(), "{text}");
        }
    }
}
