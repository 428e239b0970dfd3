//! A move of a partizan subtraction game: the heap (numbered from 1) and the amount taken,
//! written `heap:amount` (`2:3`, take 3 from heap 2), or the amount alone (`3`) when the
//! position has one heap.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;

/// Taking `amount` from a heap: `heap` is the 0-based heap, `None` when the move is written
/// without it (the position has one heap). Whether the player may take it is a question
/// for the position ([`play`](crate::partizan::PartizanGame::play)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Take {
    /// The 0-based heap, or `None` for the only heap.
    pub heap: Option<usize>,
    /// How many are taken.
    pub amount: u32,
}

impl Take {
    /// Taking `amount` from the 0-based heap `heap` (`None`: the only heap).
    pub fn new(heap: Option<usize>, amount: u32) -> Self {
        Take { heap, amount }
    }
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.heap {
            Some(heap) => write!(f, "{}:{}", heap + 1, self.amount),
            None => write!(f, "{}", self.amount),
        }
    }
}

/// A positive number written in decimal digits, or an error naming `text`.
fn positive(what: &str, digits: &str, text: &str, column: usize) -> Result<u32, ParseError> {
    let bad = || {
        ParseError::at_token(
            format!("{what} must be a whole number from 1, got {digits:?}"),
            text,
        )
        .with_column(column)
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    match digits.parse::<u32>() {
        Ok(number) if number >= 1 => Ok(number),
        _ => Err(bad()),
    }
}

impl FromStr for Take {
    type Err = ParseError;

    /// Reads `heap:amount` (`2:3`) or `amount` (`3`), numbers from 1.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        match text.split_once(':') {
            Some((heap, amount)) => {
                let heap = positive("the heap", heap, text, 1)?;
                let amount = positive("the amount taken", amount, text, 2)?;
                let heap = usize::try_from(heap - 1)
                    .map_err(|_| ParseError::at_token("the heap is too large", text))?;
                Ok(Take::new(Some(heap), amount))
            }
            None => Ok(Take::new(None, positive("the amount taken", text, text, 1)?)),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn takes_round_trip() {
        assert_eq!("3".parse::<Take>().unwrap(), Take::new(None, 3));
        assert_eq!("2:3".parse::<Take>().unwrap(), Take::new(Some(1), 3));
        for text in ["3", "2:3", "10:64"] {
            assert_eq!(text.parse::<Take>().unwrap().to_string(), text);
        }
        for text in [
            "", "0", "0:1", "1:0", "a", "1:", ":1", "1:2:3", "-1", "99999999999",
        ] {
            let error = text.parse::<Take>().unwrap_err();
            assert!(error.to_string().contains(text), "{text}: {error}");
        }
    }
}
