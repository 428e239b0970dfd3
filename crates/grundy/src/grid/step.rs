//! A move along a row of cells (Toads and Frogs, Backsliding Toads and Frogs): the cell a
//! piece leaves and the cell it lands on, numbered from 1 at the left, written `from-to`:
//! `2-3` (a step right), `4-2` (a jump left). Whose move it is, and whether it is legal, is
//! the game's question.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;

/// A move from one cell to another (0-based inside, 1-based in the notation). Whether a
/// piece may make it is a question for the game's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    /// The 0-based cell the piece leaves.
    pub from: usize,
    /// The 0-based cell it lands on.
    pub to: usize,
}

impl Step {
    /// A move from `from` to `to` (0-based cells).
    pub fn new(from: usize, to: usize) -> Self {
        Step { from, to }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from + 1, self.to + 1)
    }
}

impl FromStr for Step {
    type Err = ParseError;

    /// Reads `from-to`, two cell numbers from 1, as in `2-3`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let fail = |message: String| ParseError::at_token(message, text);
        let (from, to) = text.split_once('-').ok_or_else(|| {
            fail("a move is written from-to with cells numbered from 1, as in 2-3".to_string())
        })?;
        let cell = |what: &str, digits: &str, column: usize| -> Result<usize, ParseError> {
            let bad = || {
                fail(format!(
                    "{what} must be a cell number from 1, got {digits:?}"
                ))
                .with_column(column)
            };
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            match digits.parse::<usize>() {
                Ok(number) if number >= 1 => Ok(number - 1),
                _ => Err(bad()),
            }
        };
        let from = cell("the cell moved from", from, 1)?;
        let to = cell("the cell moved to", to, 2)?;
        if from == to {
            return Err(fail("a piece must move to another cell".to_string()));
        }
        Ok(Step::new(from, to))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn steps_round_trip() {
        let step: Step = "2-4".parse().unwrap();
        assert_eq!(step, Step::new(1, 3));
        assert_eq!(step.to_string(), "2-4");
        assert_eq!("3-2".parse::<Step>().unwrap(), Step::new(2, 1));
        for text in [
            "3",
            "0-1",
            "1-1",
            "a-2",
            "1-",
            "-1",
            "1-99999999999999999999999",
        ] {
            assert!(text.parse::<Step>().is_err(), "{text}");
        }
    }
}
