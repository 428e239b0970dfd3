//! A move of Fox and Geese: the square a piece leaves and the square it lands on, each named
//! as on a chessboard, column letter from `a` at the left and row number from 1 at the
//! bottom, written `from-to`: `b4-a3` (a goose steps down), `a1-b2` (the fox steps up).
//! Whose piece stands on the first square says whose move it is.

use std::fmt;
use std::str::FromStr;

use super::Square;
use crate::error::ParseError;

/// A move from one square to a diagonal neighbour. Whether the piece may make it is the
/// position's question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// The square the piece leaves.
    pub from: Square,
    /// The square it lands on.
    pub to: Square,
}

/// `square`'s name: its column's letter (`a` to `p`) and its row from 1 at the bottom.
pub fn square_name(square: Square) -> String {
    let letter = char::from(b'a' + square.col.saturating_sub(1).min(25));
    format!("{letter}{}", square.row)
}

/// Reads a square's name (`b4`), the error naming `text`.
fn read_square(name: &str, text: &str) -> Result<Square, ParseError> {
    let fail = || {
        ParseError::at_token(
            format!(
                "{name:?} is not a square: a column letter from a and a row number from 1 at \
                 the bottom, as in b4"
            ),
            text,
        )
    };
    let mut chars = name.chars();
    let letter = chars.next().ok_or_else(fail)?.to_ascii_lowercase();
    if !letter.is_ascii_lowercase() {
        return Err(fail());
    }
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(fail());
    }
    let row: u8 = digits.parse().map_err(|_| fail())?;
    if row == 0 {
        return Err(fail());
    }
    Ok(Square::new(row, letter as u8 - b'a' + 1))
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", square_name(self.from), square_name(self.to))
    }
}

impl FromStr for Step {
    type Err = ParseError;

    /// Reads `from-to`, two squares' names, as in `b4-a3`.
    fn from_str(text: &str) -> Result<Step, ParseError> {
        let text = text.trim();
        let (from, to) = text.split_once('-').ok_or_else(|| {
            ParseError::at_token(
                "a move of Fox and Geese is written from-to, two squares as in b4-a3",
                text,
            )
        })?;
        Ok(Step {
            from: read_square(from.trim(), text)?,
            to: read_square(to.trim(), text)?,
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn moves_name_squares_as_a_chessboard_does() {
        let step: Step = "b4-a3".parse().unwrap();
        assert_eq!(step.from, Square::new(4, 2));
        assert_eq!(step.to, Square::new(3, 1));
        assert_eq!(step.to_string(), "b4-a3");
        assert_eq!("P12-o11".parse::<Step>().unwrap().to_string(), "p12-o11");
        for bad in ["b4", "b4-", "-a3", "44-a3", "b0-a1", "b4-a999", "é4-a3", "b4x-a3"] {
            let error = bad.parse::<Step>().unwrap_err().to_string();
            assert!(error.contains("square") || error.contains("from-to"), "{bad}: {error}");
        }
    }
}
