//! A Cutcake move: a cut along a grid line of one cake, `v3` (from top to bottom, 3 columns
//! from the left: Left's) or `h2` (from side to side, 2 rows from the top: Right's), with the
//! cake's number from 1 in front when there are several (`2:v3`).

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;

/// A cut: which cake (when the position has several), which way, and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cut {
    /// The cake cut, numbered from 1 in the order of the notation; `None` in a position of
    /// one cake.
    pub cake: Option<usize>,
    /// Whether the cut runs from top to bottom (`v`, Left's) rather than from side to side
    /// (`h`, Right's).
    pub vertical: bool,
    /// How many columns (`v`) or rows (`h`) lie before the cut, from 1.
    pub at: u64,
}

impl fmt::Display for Cut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(cake) = self.cake {
            write!(f, "{cake}:")?;
        }
        let way = if self.vertical { 'v' } else { 'h' };
        write!(f, "{way}{}", self.at)
    }
}

impl FromStr for Cut {
    type Err = ParseError;

    /// Reads `v3`, `h2`, `2:v3`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let bad = || {
            ParseError::at_token(
                "a cut is v or h and a line from 1, after the cake's number and ':' when \
                 there are several cakes, as in v3, h2 or 2:v3",
                text,
            )
        };
        let (cake, line) = match text.split_once(':') {
            Some((cake, line)) => {
                if !cake.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad());
                }
                let cake: usize = cake.parse().map_err(|_| bad())?;
                if cake == 0 {
                    return Err(bad());
                }
                (Some(cake), line)
            }
            None => (None, text),
        };
        let vertical = match line.as_bytes().first() {
            Some(b'v') => true,
            Some(b'h') => false,
            _ => return Err(bad()),
        };
        let digits = &line[1..];
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let at: u64 = digits.parse().map_err(|_| bad())?;
        if at == 0 {
            return Err(bad());
        }
        Ok(Cut { cake, vertical, at })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn cuts_round_trip() {
        for text in ["v3", "h2", "2:v3", "10:h1"] {
            assert_eq!(text.parse::<Cut>().unwrap().to_string(), text);
        }
        for text in ["", "v", "x3", "v0", "0:v1", ":v1", "v-1", "2:", "v3x", "+1:v1"] {
            let error = text.parse::<Cut>().unwrap_err();
            assert_eq!(error.location.token.as_deref(), Some(text), "{text}");
        }
    }
}
