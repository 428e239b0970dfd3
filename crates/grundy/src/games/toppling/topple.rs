//! A Toppling Dominoes move: the cell of the domino toppled, numbered from 1 at the left,
//! and the way it falls, `<` (to the left) or `>` (to the right): `3<`, `5>`.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;

/// The way a domino falls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Way {
    /// To the left (`<`): it and every domino left of it in its row fall.
    Left,
    /// To the right (`>`): it and every domino right of it in its row fall.
    Right,
}

/// A domino toppled one way (its cell 0-based inside, 1-based in the notation). Whether the
/// player may topple it is a question for the strip
/// ([`play`](crate::partizan::PartizanGame::play)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Topple {
    /// The 0-based cell of the domino toppled.
    pub cell: usize,
    /// The way it falls.
    pub way: Way,
}

impl Topple {
    /// The domino of cell `cell` (0-based) toppled `way`.
    pub fn new(cell: usize, way: Way) -> Self {
        Topple { cell, way }
    }
}

impl fmt::Display for Topple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let arrow = match self.way {
            Way::Left => '<',
            Way::Right => '>',
        };
        write!(f, "{}{arrow}", self.cell + 1)
    }
}

impl FromStr for Topple {
    type Err = ParseError;

    /// Reads a cell number from 1 followed by `<` or `>`, as in `3<`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let fail = |message: String| ParseError::at_token(message, text);
        let (digits, way) = if let Some(digits) = text.strip_suffix('<') {
            (digits, Way::Left)
        } else if let Some(digits) = text.strip_suffix('>') {
            (digits, Way::Right)
        } else {
            return Err(fail(
                "a move is a cell number from 1 and < or > for the way the domino falls, as in 3<"
                    .to_string(),
            ));
        };
        let bad = || {
            fail(format!(
                "the domino's cell must be a number from 1, got {digits:?}"
            ))
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        match digits.parse::<usize>() {
            Ok(number) if number >= 1 => Ok(Topple::new(number - 1, way)),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn topples_round_trip() {
        let topple: Topple = "12<".parse().unwrap();
        assert_eq!(topple, Topple::new(11, Way::Left));
        assert_eq!(topple.to_string(), "12<");
        assert_eq!("1>".parse::<Topple>().unwrap(), Topple::new(0, Way::Right));
        for text in [
            "3",
            "<",
            "0<",
            "a>",
            "3<>",
            "-1<",
            "99999999999999999999999>",
            " 3<",
        ] {
            let error = text.parse::<Topple>().unwrap_err();
            assert_eq!(error.location.token.as_deref(), Some(text), "{text}");
        }
    }
}
