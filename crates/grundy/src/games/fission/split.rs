//! A Fission move: the stone that splits, named by its cell (`b2`). Who plays it says which
//! way the two new stones go (Left: above and below; Right: left and right), and a stone has
//! at most one move for each player, so the cell is the whole move.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::grid::cell::Cell;

/// A split: the cell of the stone removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Split(pub Cell);

impl fmt::Display for Split {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Split {
    type Err = ParseError;

    /// A cell, as in `b2`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        Ok(Split(text.trim().parse()?))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn splits_are_cells() {
        assert_eq!(" B3 ".parse::<Split>().unwrap(), Split(Cell::new(1, 2)));
        assert_eq!(Split(Cell::new(0, 0)).to_string(), "a1");
        let error = "b0".parse::<Split>().unwrap_err();
        assert_eq!(error.location.token.as_deref(), Some("b0"));
    }
}
