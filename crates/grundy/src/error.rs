//! Errors are values: every parse or rule error says what was wrong and where.

use std::fmt;

/// Where in a text a problem was found: a line (1-based) and the offending token.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Location {
    /// 1-based line number, when the text has lines.
    pub line: Option<usize>,
    /// 1-based index of the token on its line, when known.
    pub column: Option<usize>,
    /// The offending token as it was written, when there is one.
    pub token: Option<String>,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(line) = self.line {
            parts.push(format!("line {line}"));
        }
        if let Some(column) = self.column {
            parts.push(format!("token {column}"));
        }
        if let Some(token) = &self.token {
            parts.push(format!("{:?}", shorten(token)));
        }
        write!(f, "{}", parts.join(", "))
    }
}

/// Keeps error messages on one line even when the offending token is huge.
fn shorten(token: &str) -> String {
    const LIMIT: usize = 40;
    if token.chars().count() <= LIMIT {
        token.to_string()
    } else {
        let head: String = token.chars().take(LIMIT).collect();
        format!("{head}…")
    }
}

/// A text (position, move, contest input) that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    /// What was wrong, in words.
    pub message: String,
    /// Where it was wrong.
    pub location: Location,
}

impl ParseError {
    /// An error with a message and no location yet.
    pub fn new(message: impl Into<String>) -> Self {
        ParseError {
            message: message.into(),
            location: Location::default(),
        }
    }

    /// An error about one token.
    pub fn at_token(message: impl Into<String>, token: &str) -> Self {
        ParseError::new(message).with_token(token)
    }

    /// Attaches the offending token (keeps an existing one).
    pub fn with_token(mut self, token: &str) -> Self {
        if self.location.token.is_none() {
            self.location.token = Some(token.to_string());
        }
        self
    }

    /// Attaches a line number (keeps an existing one).
    pub fn with_line(mut self, line: usize) -> Self {
        if self.location.line.is_none() {
            self.location.line = Some(line);
        }
        self
    }

    /// Attaches a token index on its line (keeps an existing one).
    pub fn with_column(mut self, column: usize) -> Self {
        if self.location.column.is_none() {
            self.location.column = Some(column);
        }
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let location = self.location.to_string();
        if location.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{} ({})", self.message, location)
        }
    }
}

/// A move that the rules do not allow in the given position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv}: {reason}")]
pub struct RuleError {
    /// The move as written in the game's notation.
    pub mv: String,
    /// Why the rules forbid it.
    pub reason: String,
}

impl RuleError {
    /// A rule error for a move, with the reason it is illegal.
    pub fn new(mv: impl fmt::Display, reason: impl Into<String>) -> Self {
        RuleError {
            mv: mv.to_string(),
            reason: reason.into(),
        }
    }
}

/// A text in one of the value notations (CGSuite's short games, the loopy impartial values)
/// that is not a value: what was wrong, the offending token, and its byte offset.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct NotationError {
    /// What was wrong, in words.
    pub message: String,
    /// The offending token as written (empty at the end of the input).
    pub token: String,
    /// Byte offset of the token in the text.
    pub position: usize,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token.is_empty() {
            write!(
                f,
                "{} at the end of the input (byte {})",
                self.message, self.position
            )
        } else {
            write!(
                f,
                "{}: {:?} at byte {}",
                self.message, self.token, self.position
            )
        }
    }
}

impl From<NotationError> for ParseError {
    fn from(error: NotationError) -> Self {
        ParseError::new(error.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_error_names_line_and_token() {
        let error = ParseError::at_token("not a number", "x1")
            .with_line(3)
            .with_column(2);
        assert_eq!(error.to_string(), "not a number (line 3, token 2, \"x1\")");
    }

    #[test]
    fn long_tokens_are_shortened() {
        let token = "a".repeat(100);
        let error = ParseError::at_token("bad", &token);
        assert!(error.to_string().len() < 80);
    }

    #[test]
    fn rule_error_names_the_move() {
        let error = RuleError::new("v7", "the rectangle is only 4 wide");
        assert_eq!(
            error.to_string(),
            "illegal move v7: the rectangle is only 4 wide"
        );
    }
}
