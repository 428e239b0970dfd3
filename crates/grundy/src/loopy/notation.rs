//! Reading loopy impartial values and their sums.
//!
//! | written | value |
//! |---|---|
//! | `0`, `*`, `*2`, `*0` | nimbers |
//! | `∞`, `inf`, `∞{}` | `∞` with no finite option |
//! | `∞{0,2}`, `inf{0,2}`, `∞_{0,2}`, `∞(0, *, *2)` | `∞` with the finite options `0`, `*2` (the last is how cgt-tools prints it) |
//! | `∞{0,2} + *3 + ∞` | a sum |
//!
//! Inside the braces a nimber is written as its number (`2`, as Winning Ways' subscripts)
//! or as a nimber (`*2`, `*`, `0`); the order does not matter and repeats count once.
//! Spaces may go anywhere between tokens. `inf` may be written in any case.
//!
//! A text that is not a value says what was wrong and where: the offending token and its
//! byte offset.
//!
//! ```
//! use grundy::loopy::notation::parse_sum;
//! use grundy::loopy::value::LoopyNimber;
//! let parts = parse_sum("∞{0,2} + *3").unwrap();
//! assert_eq!(parts, [LoopyNimber::infinite([0, 2]), LoopyNimber::Finite(3)]);
//! let error = parse_sum("∞{0,2 + *3").unwrap_err();
//! assert_eq!(error.to_string(), "unclosed set of finite options: \"{\" at byte 3");
//! ```

use std::str::FromStr;

use super::value::{LoopyNimber, NimberSet};
use crate::error::NotationError;

/// Whether `text` is meant as a loopy impartial expression: it writes `∞` or `inf`
/// somewhere. (A sum of nimbers alone is also a short game, which the short-game notation
/// reads.)
pub fn is_loopy(text: &str) -> bool {
    text.contains('∞') || text.to_ascii_lowercase().contains("inf")
}

/// One value (a nimber or an `∞`), the whole text.
pub fn parse_value(text: &str) -> Result<LoopyNimber, NotationError> {
    let mut reader = Reader { text, at: 0 };
    let value = reader.term()?;
    reader.skip_spaces();
    if reader.at < text.len() {
        return Err(reader.error_here("expected the end of the value after it"));
    }
    Ok(value)
}

/// Reads one value in the notation of `docs/loopy.md` ([`parse_value`]).
impl FromStr for LoopyNimber {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<LoopyNimber, NotationError> {
        parse_value(text)
    }
}

/// The parts of a sum `A + B + …` (one part when there is no `+`).
pub fn parse_sum(text: &str) -> Result<Vec<LoopyNimber>, NotationError> {
    let mut reader = Reader { text, at: 0 };
    let mut parts = vec![reader.term()?];
    loop {
        reader.skip_spaces();
        match reader.peek() {
            None => return Ok(parts),
            Some('+') => {
                reader.at += 1;
                parts.push(reader.term()?);
            }
            Some('-') => {
                return Err(reader.error_char(
                    "a loopy impartial sum adds its parts with +; there is no subtraction \
                     (an impartial game is its own negative)",
                ))
            }
            Some(_) => {
                return Err(reader.error_token("expected + between the parts of the sum"));
            }
        }
    }
}

/// A cursor over the text.
struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn skip_spaces(&mut self) {
        let rest = self.rest();
        self.at += rest.len() - rest.trim_start().len();
    }

    fn error(&self, message: &str, token: &str, position: usize) -> NotationError {
        NotationError {
            message: message.to_string(),
            token: token.to_string(),
            position,
        }
    }

    /// An error at the cursor about the character there (or the end of the input).
    fn error_char(&self, message: &str) -> NotationError {
        let token = self.peek().map(String::from).unwrap_or_default();
        self.error(message, &token, self.at)
    }

    /// An error at the cursor about the word there: letters, digits and the like up to the
    /// next space or operator (or the end of the input).
    fn error_token(&self, message: &str) -> NotationError {
        let rest = self.rest();
        let end = match rest.find(|c: char| c.is_whitespace() || "+-{}(),".contains(c)) {
            Some(0) => rest.chars().next().map_or(0, char::len_utf8),
            Some(end) => end,
            None => rest.len(),
        };
        self.error(message, &rest[..end], self.at)
    }

    /// An error at the cursor, whatever is there.
    fn error_here(&self, message: &str) -> NotationError {
        self.error_token(message)
    }

    /// Digits at the cursor, as a number: `None` when there are none.
    fn number(&mut self, what: &str) -> Result<Option<u64>, NotationError> {
        let rest = self.rest();
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            return Ok(None);
        }
        let text = &rest[..digits];
        let value = text.parse::<u64>().map_err(|_| {
            self.error(
                &format!("{what} past 18446744073709551615 (2^64 - 1)"),
                text,
                self.at,
            )
        })?;
        self.at += digits;
        Ok(Some(value))
    }

    /// A nimber at the cursor: `0`, `*`, `*n`, or a plain number when `plain` allows it
    /// (inside a set of finite options).
    fn nimber(&mut self, plain: bool) -> Result<u64, NotationError> {
        let start = self.at;
        if self.peek() == Some('*') {
            self.at += 1;
            return Ok(self.number("a nimber")?.unwrap_or(1));
        }
        match self.number("a nimber")? {
            Some(n) if plain || n == 0 => Ok(n),
            Some(n) => Err(self.error(
                &format!(
                    "a number is not a nimber; a loopy impartial value is a nimber (*{n}) or ∞"
                ),
                &self.text[start..self.at],
                start,
            )),
            None => Err(self.error_token(if plain {
                "expected a nimber (2, *2, * or 0)"
            } else {
                "expected a value: a nimber (0, *, *2) or ∞ (∞, ∞{0,2}, inf{0,2})"
            })),
        }
    }

    /// One term: a nimber or an `∞` with its set.
    fn term(&mut self) -> Result<LoopyNimber, NotationError> {
        self.skip_spaces();
        if self.peek().is_none() {
            return Err(self.error(
                "expected a value: a nimber (0, *, *2) or ∞ (∞, ∞{0,2}, inf{0,2})",
                "",
                self.at,
            ));
        }
        let rest = self.rest();
        let infinity = if rest.starts_with('∞') {
            Some('∞'.len_utf8())
        } else if rest
            .get(..3)
            .is_some_and(|head| head.eq_ignore_ascii_case("inf"))
        {
            Some(3)
        } else {
            None
        };
        let Some(length) = infinity else {
            if matches!(self.peek(), Some('{' | '(')) {
                return Err(self.error_char("a set of finite options belongs after ∞ (∞{0,2})"));
            }
            return Ok(LoopyNimber::Finite(self.nimber(false)?));
        };
        self.at += length;
        if self.peek() == Some('_') {
            self.at += 1;
            if !matches!(self.peek(), Some('{' | '(')) {
                return Err(self.error_char("expected the set of finite options after ∞_"));
            }
        }
        self.skip_spaces();
        let close = match self.peek() {
            Some('{') => '}',
            Some('(') => ')',
            _ => return Ok(LoopyNimber::infinite([])),
        };
        let open = self.at;
        let opening = &self.text[open..open + 1];
        self.at += 1;
        let mut values = Vec::new();
        self.skip_spaces();
        if self.peek() == Some(close) {
            self.at += 1;
            return Ok(LoopyNimber::infinite(values));
        }
        loop {
            self.skip_spaces();
            if self.peek().is_none() {
                return Err(self.error("unclosed set of finite options", opening, open));
            }
            values.push(self.nimber(true)?);
            self.skip_spaces();
            match self.peek() {
                Some(',') => self.at += 1,
                Some(c) if c == close => {
                    self.at += 1;
                    return Ok(LoopyNimber::Infinite(NimberSet::new(values)));
                }
                None => return Err(self.error("unclosed set of finite options", opening, open)),
                Some(_) => {
                    if self.peek().is_some_and(|c| "})".contains(c)) {
                        return Err(self.error_char(&format!(
                            "this set of finite options opened with {opening:?}, so it \
                             closes with {close:?}"
                        )));
                    }
                    // A set left open before the next part of a sum.
                    if self.peek() == Some('+') {
                        return Err(self.error("unclosed set of finite options", opening, open));
                    }
                    return Err(self.error_token("expected , or the end of the set"));
                }
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn every_written_form_is_read() {
        let two = LoopyNimber::infinite([0, 2]);
        for text in [
            "∞{0,2}",
            "inf{0,2}",
            "INF{2,0}",
            "∞_{0,2}",
            "∞(0, *2)",
            " ∞ { *0 , 2 , 2 } ",
            "Inf(0,*2)",
        ] {
            assert_eq!(parse_value(text).unwrap(), two, "{text}");
        }
        for text in ["∞", "inf", "∞{}", "∞()", "∞ { }"] {
            assert_eq!(
                parse_value(text).unwrap(),
                LoopyNimber::infinite([]),
                "{text}"
            );
        }
        assert_eq!(parse_value("∞{*, 1}").unwrap(), LoopyNimber::infinite([1]));
        assert_eq!(parse_value("*").unwrap(), LoopyNimber::Finite(1));
        assert_eq!(parse_value("*0").unwrap(), LoopyNimber::Finite(0));
        assert_eq!(parse_value("0").unwrap(), LoopyNimber::Finite(0));
        assert_eq!(
            parse_value("*18446744073709551615").unwrap(),
            LoopyNimber::Finite(u64::MAX)
        );
        assert_eq!(
            parse_sum("∞+∞{1}+*+0").unwrap(),
            [
                LoopyNimber::infinite([]),
                LoopyNimber::infinite([1]),
                LoopyNimber::Finite(1),
                LoopyNimber::Finite(0)
            ]
        );
    }

    #[test]
    fn bad_input_names_what_and_where() {
        let cases = [
            ("", "expected a value", "", 0),
            ("∞{0,2", "unclosed set of finite options", "{", 3),
            ("∞{0,2 + *3", "unclosed set of finite options", "{", 3),
            (
                "inf(0,2}",
                "opened with \"(\", so it closes with ')'",
                "}",
                7,
            ),
            ("*3 +", "expected a value", "", 4),
            ("*3 + 2", "a number is not a nimber", "2", 5),
            ("*3 - *2", "no subtraction", "-", 3),
            ("*3 *2", "expected + between the parts", "*2", 3),
            ("∞{a}", "expected a nimber", "a", 4),
            ("∞{1 2}", "expected , or the end of the set", "2", 6),
            ("{0,2}", "belongs after ∞", "{", 0),
            (
                "*99999999999999999999",
                "a nimber past",
                "99999999999999999999",
                1,
            ),
            ("∞_2", "expected the set of finite options after ∞_", "2", 4),
            ("∞{0,*x}", "expected , or the end of the set", "x", 7),
            ("é", "expected a value", "é", 0),
            ("up", "expected a value", "up", 0),
        ];
        for (text, message, token, position) in cases {
            let error = parse_sum(text).unwrap_err();
            assert!(
                error.message.contains(message),
                "{text}: {error} (expected {message})"
            );
            assert_eq!(
                (error.token.as_str(), error.position),
                (token, position),
                "{text}"
            );
        }
        assert_eq!(
            parse_value("*2 + *3").unwrap_err().to_string(),
            "expected the end of the value after it: \"+\" at byte 3"
        );
        assert_eq!(
            parse_sum("*3 +").unwrap_err().to_string(),
            "expected a value: a nimber (0, *, *2) or ∞ (∞, ∞{0,2}, inf{0,2}) at the end of \
             the input (byte 4)"
        );
    }

    #[test]
    fn loopy_texts_are_told_from_short_ones() {
        assert!(is_loopy("∞{0} + *2"));
        assert!(is_loopy("INF"));
        assert!(!is_loopy("*2 + *3"));
        assert!(!is_loopy("{1|0}"));
    }
}
