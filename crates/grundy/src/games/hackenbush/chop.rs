//! A Hackenbush move: the number of the edge deleted, from 1 in the order the picture is
//! written (`3`). Whose move it may be follows from the edge's colour.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;

/// Deleting edge `edge` (0-based inside, 1-based in the notation). Whether the edge exists
/// and is the mover's is a question for the picture
/// ([`play`](crate::partizan::PartizanGame::play)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Chop {
    /// The 0-based index of the edge in the picture's list.
    pub edge: usize,
}

impl Chop {
    /// Deleting the edge of 0-based index `edge`.
    pub fn new(edge: usize) -> Self {
        Chop { edge }
    }
}

impl fmt::Display for Chop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.edge + 1)
    }
}

impl FromStr for Chop {
    type Err = ParseError;

    /// Reads the edge's number, from 1.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let fail = || {
            ParseError::at_token(
                "a move is the number of the edge to delete, from 1 in the order written",
                text,
            )
        };
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(fail());
        }
        match text.parse::<usize>() {
            Ok(number) if number >= 1 => Ok(Chop::new(number - 1)),
            _ => Err(fail()),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn chops_round_trip() {
        assert_eq!("3".parse::<Chop>().unwrap(), Chop::new(2));
        assert_eq!(Chop::new(2).to_string(), "3");
        for text in ["", "0", "-1", "e3", "99999999999999999999999"] {
            assert!(text.parse::<Chop>().is_err(), "{text}");
        }
    }
}
