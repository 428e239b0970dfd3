//! A Ski Jumps move: the skier's cell, then where it goes: a cell of its row (a slide), the
//! word `off` (a slide off the edge), or the cell two rows down in its column (a jump).
//! Whose move it is follows from the skier on the first cell.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::grid::cell::Cell;

/// A skier's move. Whether the skier is there and the way is clear is a question for the
/// board ([`play`](crate::partizan::PartizanGame::play)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Run {
    /// A slide along the skier's row to an empty cell (`a1-c1`).
    Slide {
        /// The skier's cell.
        from: Cell,
        /// The cell it stops on.
        to: Cell,
    },
    /// A slide off the edge of the board (`c1-off`).
    Off {
        /// The skier's cell.
        from: Cell,
    },
    /// A jump over the skier directly below, landing on the cell below that (`a1-a3`).
    Jump {
        /// The jumper's cell.
        from: Cell,
    },
}

impl Run {
    /// The cell of the skier that moves.
    pub fn from(&self) -> Cell {
        match *self {
            Run::Slide { from, .. } | Run::Off { from } | Run::Jump { from } => from,
        }
    }
}

impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Run::Slide { from, to } => write!(f, "{from}-{to}"),
            Run::Off { from } => write!(f, "{from}-off"),
            Run::Jump { from } => write!(f, "{from}-{}", Cell::new(from.column, from.row + 2)),
        }
    }
}

impl FromStr for Run {
    type Err = ParseError;

    /// Reads `FROM-TO`: `TO` a cell of the same row (a slide), `off` (a slide off the edge)
    /// or the cell two rows down in the same column (a jump).
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let (from, to) = text.split_once('-').ok_or_else(|| {
            ParseError::at_token(
                "a move is the skier's cell and where it goes joined by '-', as in a1-c1, \
                 c1-off or a1-a3",
                text,
            )
        })?;
        let from: Cell = from
            .parse()
            .map_err(|error: ParseError| error.with_column(1))?;
        if to.eq_ignore_ascii_case("off") {
            return Ok(Run::Off { from });
        }
        let to: Cell = to
            .parse()
            .map_err(|error: ParseError| error.with_column(2))?;
        if to.row == from.row && to.column != from.column {
            Ok(Run::Slide { from, to })
        } else if to.column == from.column && to.row == from.row + 2 {
            Ok(Run::Jump { from })
        } else {
            Err(ParseError::at_token(
                "a skier slides along its row, off the edge, or jumps two rows down in its \
                 column",
                text,
            ))
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn moves_round_trip() {
        for (text, run) in [
            (
                "a1-c1",
                Run::Slide {
                    from: Cell::new(0, 0),
                    to: Cell::new(2, 0),
                },
            ),
            (
                "b2-off",
                Run::Off {
                    from: Cell::new(1, 1),
                },
            ),
            (
                "c1-c3",
                Run::Jump {
                    from: Cell::new(2, 0),
                },
            ),
        ] {
            assert_eq!(text.parse::<Run>().unwrap(), run);
            assert_eq!(run.to_string(), text);
        }
        assert_eq!("b2-OFF".parse::<Run>().unwrap().to_string(), "b2-off");
        for text in [
            "a1", "a1-a1", "a1-b2", "a1-a2", "a3-a1", "-a1", "a1-", "a1-of",
        ] {
            assert!(text.parse::<Run>().is_err(), "{text}");
        }
    }
}
