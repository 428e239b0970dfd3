//! Whitespace-separated tokens with their line and column, for reading contest input.
//!
//! Contest formats are streams of tokens where line breaks carry no meaning, but a person
//! fixing a bad input file wants to know the line: every token remembers where it was.
//!
//! ```
//! let mut tokens = grundy::contest_input::Tokens::new("3\n10 20\n");
//! assert_eq!(tokens.next_integer("the count", 1..=5).unwrap(), 3);
//! assert_eq!(tokens.next_integer("a width", 1..=100).unwrap(), 10);
//! let error = tokens.next_integer("a height", 1..=10).unwrap_err();
//! assert_eq!(error.to_string(), "a height must be between 1 and 10, got 20 (line 2, token 2, \"20\")");
//! ```

use std::ops::RangeInclusive;

use crate::error::ParseError;

/// One token and where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's text.
    pub text: &'a str,
    /// 1-based line number.
    pub line: usize,
    /// 1-based index of the token on its line.
    pub column: usize,
}

impl Token<'_> {
    /// An error about this token, located at it.
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError::at_token(message, self.text)
            .with_line(self.line)
            .with_column(self.column)
    }

    /// The token as an integer in `range`, or an error naming `what` was expected.
    pub fn integer<T>(&self, what: &str, range: RangeInclusive<T>) -> Result<T, ParseError>
    where
        T: TryFrom<i128> + Into<i128> + Copy + std::fmt::Display,
    {
        let value: i128 = parse_integer(self.text)
            .ok_or_else(|| self.error(format!("{what} must be an integer")))?;
        let (low, high) = ((*range.start()).into(), (*range.end()).into());
        if value < low || value > high {
            return Err(self.error(format!(
                "{what} must be between {} and {}, got {}",
                range.start(),
                range.end(),
                self.text
            )));
        }
        T::try_from(value).map_err(|_| self.error(format!("{what} is out of range")))
    }
}

/// Parses an optionally signed run of ASCII digits; `None` for anything else. Values beyond
/// i128 saturate, which every range check then rejects.
fn parse_integer(text: &str) -> Option<i128> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude = digits.bytes().fold(0i128, |acc, b| {
        acc.saturating_mul(10).saturating_add(i128::from(b - b'0'))
    });
    Some(if negative { -magnitude } else { magnitude })
}

/// A cursor over the whitespace-separated tokens of a text.
///
/// Tokens are separated by ASCII whitespace, as `str::split_ascii_whitespace` splits them,
/// and lines end at `\n`, as `str::lines` ends them. The text is scanned byte by byte, once:
/// large contest inputs are read at the speed of the bytes.
#[derive(Debug, Clone)]
pub struct Tokens<'a> {
    text: &'a str,
    /// Byte offset of the first byte not yet scanned.
    position: usize,
    /// 1-based line of `position`.
    line: usize,
    /// Tokens already read on that line.
    column: usize,
    peeked: Option<Token<'a>>,
}

impl<'a> Tokens<'a> {
    /// Tokens of a text.
    pub fn new(text: &'a str) -> Self {
        Tokens {
            text,
            position: 0,
            line: 1,
            column: 0,
            peeked: None,
        }
    }

    /// Tokens of raw input, which must be UTF-8; the error names the line that is not.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<Self, ParseError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Ok(Tokens::new(text)),
            Err(error) => {
                let line = 1 + bytes[..error.valid_up_to()]
                    .iter()
                    .filter(|b| **b == b'\n')
                    .count();
                Err(ParseError::new("the input is not valid UTF-8 text").with_line(line))
            }
        }
    }

    fn advance(&mut self) -> Option<Token<'a>> {
        let bytes = self.text.as_bytes();
        let mut at = self.position;
        while let Some(&byte) = bytes.get(at) {
            if byte == b'\n' {
                self.line += 1;
                self.column = 0;
            } else if !byte.is_ascii_whitespace() {
                break;
            }
            at += 1;
        }
        let start = at;
        while let Some(&byte) = bytes.get(at) {
            if byte.is_ascii_whitespace() {
                break;
            }
            at += 1;
        }
        self.position = at;
        if start == at {
            return None;
        }
        self.column += 1;
        // Both ends are next to ASCII bytes (or the ends of the text): character boundaries.
        Some(Token {
            text: &self.text[start..at],
            line: self.line,
            column: self.column,
        })
    }

    /// The number of the last line, counted as `str::lines` counts them (a final line break
    /// ends the last line rather than starting an empty one), and at least 1.
    fn last_line(&self) -> usize {
        let breaks = self.text.bytes().filter(|&b| b == b'\n').count();
        let lines = if self.text.is_empty() || self.text.ends_with('\n') {
            breaks
        } else {
            breaks + 1
        };
        lines.max(1)
    }

    /// The next token without consuming it.
    pub fn peek(&mut self) -> Option<Token<'a>> {
        if self.peeked.is_none() {
            self.peeked = self.advance();
        }
        self.peeked
    }

    /// The next token, if any.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        match self.peeked.take() {
            Some(token) => Some(token),
            None => self.advance(),
        }
    }

    /// The next token, or an error saying `what` was expected at the end of the input.
    pub fn expect(&mut self, what: &str) -> Result<Token<'a>, ParseError> {
        self.next_token().ok_or_else(|| {
            ParseError::new(format!("expected {what}, found the end of the input"))
                .with_line(self.last_line())
        })
    }

    /// The next token as an integer in `range`.
    pub fn next_integer<T>(&mut self, what: &str, range: RangeInclusive<T>) -> Result<T, ParseError>
    where
        T: TryFrom<i128> + Into<i128> + Copy + std::fmt::Display,
    {
        self.expect(what)?.integer(what, range)
    }

    /// Succeeds when no token is left; otherwise names the first extra one.
    pub fn expect_end(&mut self) -> Result<(), ParseError> {
        match self.next_token() {
            None => Ok(()),
            Some(token) => Err(token.error("unexpected extra input")),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn tokens_know_their_line_and_column() {
        let mut tokens = Tokens::new("a b\n\n  c\r\nd");
        let seen: Vec<(String, usize, usize)> = std::iter::from_fn(|| tokens.next_token())
            .map(|t| (t.text.to_string(), t.line, t.column))
            .collect();
        assert_eq!(
            seen,
            vec![
                ("a".into(), 1, 1),
                ("b".into(), 1, 2),
                ("c".into(), 3, 1),
                ("d".into(), 4, 1)
            ]
        );
    }

    #[test]
    fn missing_tokens_name_what_was_expected() {
        let mut tokens = Tokens::new("1\n");
        tokens.expect("n").unwrap();
        let error = tokens.expect("a width").unwrap_err();
        assert_eq!(
            error.to_string(),
            "expected a width, found the end of the input (line 1)"
        );
    }

    #[test]
    fn integers_are_checked() {
        let mut tokens = Tokens::new("-3 x 99999999999999999999999999999999999999999 7 +4");
        assert!(tokens
            .next_integer::<u64>("a", 1..=10)
            .unwrap_err()
            .message
            .contains("between"));
        assert!(tokens
            .next_integer::<u64>("b", 1..=10)
            .unwrap_err()
            .message
            .contains("integer"));
        assert!(tokens.next_integer::<u64>("c", 1..=u64::MAX).is_err());
        assert_eq!(tokens.next_integer::<u32>("d", 1..=10).unwrap(), 7);
        assert_eq!(tokens.next_integer::<i64>("e", -5..=5).unwrap(), 4);
        tokens.expect_end().unwrap();
    }

    #[test]
    fn extra_input_is_reported() {
        let mut tokens = Tokens::new("1 2");
        tokens.next_token();
        assert_eq!(
            tokens.expect_end().unwrap_err().to_string(),
            "unexpected extra input (line 1, token 2, \"2\")"
        );
    }

    #[test]
    fn invalid_utf8_names_its_line() {
        let error = Tokens::from_bytes(b"1\n2\n\xff\n").unwrap_err();
        assert_eq!(error.location.line, Some(3));
    }

    /// The slow twin: tokens as `str::lines` and `split_ascii_whitespace` find them, and
    /// the number of lines.
    fn reference(text: &str) -> (Vec<(String, usize, usize)>, usize) {
        let mut seen = Vec::new();
        let mut last_line = 0;
        for (index, line) in text.lines().enumerate() {
            last_line = index + 1;
            for (column, word) in line.split_ascii_whitespace().enumerate() {
                seen.push((word.to_string(), index + 1, column + 1));
            }
        }
        (seen, last_line.max(1))
    }

    proptest! {
        #[test]
        fn scanning_matches_lines_and_ascii_whitespace(text in "[a\\t\\n\\r\\x0b\\x0c é\u{a0}7]{0,40}") {
            let (expected, last_line) = reference(&text);
            let mut tokens = Tokens::new(&text);
            let seen: Vec<(String, usize, usize)> = std::iter::from_fn(|| tokens.next_token())
                .map(|t| (t.text.to_string(), t.line, t.column))
                .collect();
            prop_assert_eq!(seen, expected);
            let error = tokens.expect("more").unwrap_err();
            prop_assert_eq!(error.location.line, Some(last_line));
        }

        #[test]
        fn no_text_makes_integer_parsing_panic(text in "\\PC*") {
            let mut tokens = Tokens::new(&text);
            while let Some(token) = tokens.next_token() {
                let _ = token.integer::<u64>("x", 0..=u64::MAX);
                let _ = token.integer::<i64>("x", i64::MIN..=i64::MAX);
            }
        }

        #[test]
        fn integers_round_trip(value in any::<i64>()) {
            let text = value.to_string();
            let mut tokens = Tokens::new(&text);
            prop_assert_eq!(tokens.next_integer::<i64>("x", i64::MIN..=i64::MAX).unwrap(), value);
        }
    }
}
