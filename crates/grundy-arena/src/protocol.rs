//! The engine protocol's grammar: commands and answers, as in GTP version 2.
//!
//! A controller sends one command per line, `[id] name [arguments]`; the engine answers
//! `=[id] result` on success or `?[id] message` on failure, and every answer ends with an
//! empty line, so a result may span several lines (`showboard`). This module only reads and
//! writes that grammar; what the commands mean is in `docs/protocol.md` and in the engine.
//!
//! ```
//! use grundy_arena::protocol::{Answer, Command, AnswerReader};
//!
//! let command = Command::parse("7 play v1").unwrap().unwrap();
//! assert_eq!((command.id, command.name.as_str(), command.args.as_slice()), (Some(7), "play", &["v1".to_string()][..]));
//!
//! let answer = Answer::success(command.id, "");
//! assert_eq!(answer.to_wire(), "=7\n\n");
//!
//! let mut reader = AnswerReader::default();
//! assert_eq!(reader.push_line("=7 v1").unwrap(), None);
//! assert_eq!(reader.push_line("").unwrap(), Some(Answer::success(Some(7), "v1")));
//! ```

use std::fmt;

/// The protocol version `protocol_version` reports.
pub const PROTOCOL_VERSION: &str = "2";

/// The longest line either side may send, in bytes. A peer that sends more is faulty (an
/// endless line would otherwise fill memory).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// A protocol violation: a line that is not a command or not an answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}: {line:?}")]
pub struct ProtocolError {
    /// What is wrong.
    pub message: String,
    /// The offending line, shortened to 80 characters.
    pub line: String,
}

impl ProtocolError {
    fn new(message: impl Into<String>, line: &str) -> Self {
        ProtocolError {
            message: message.into(),
            line: line.chars().take(80).collect(),
        }
    }
}

/// One command from a controller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The optional numeric id, echoed in the answer.
    pub id: Option<u64>,
    /// The command's name (`play`, `genmove`, …).
    pub name: String,
    /// The arguments, split at whitespace.
    pub args: Vec<String>,
}

/// GTP's preprocessing: control characters other than tab and newline are dropped, tabs
/// become spaces, and everything from `#` on is a comment.
fn clean(line: &str) -> String {
    let without_comment = line.split('#').next().unwrap_or("");
    without_comment
        .chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

impl Command {
    /// A command without an id.
    pub fn new(name: &str, args: &[&str]) -> Self {
        Command {
            id: None,
            name: name.to_string(),
            args: args.iter().map(|arg| arg.to_string()).collect(),
        }
    }

    /// Reads one line; `Ok(None)` for a line that holds no command (empty, blank or only a
    /// comment), which the engine ignores without answering.
    pub fn parse(line: &str) -> Result<Option<Command>, ProtocolError> {
        let cleaned = clean(line);
        let mut words = cleaned.split_whitespace();
        let Some(first) = words.next() else {
            return Ok(None);
        };
        let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
            let id = first
                .parse::<u64>()
                .map_err(|_| ProtocolError::new("the command id does not fit in 64 bits", line))?;
            let name = words
                .next()
                .ok_or_else(|| ProtocolError::new("an id with no command after it", line))?;
            (Some(id), name)
        } else {
            (None, first)
        };
        Ok(Some(Command {
            id,
            name: name.to_string(),
            args: words.map(str::to_string).collect(),
        }))
    }

    /// The command as one line, without the newline.
    pub fn to_line(&self) -> String {
        let mut parts = Vec::with_capacity(self.args.len() + 2);
        if let Some(id) = self.id {
            parts.push(id.to_string());
        }
        parts.push(self.name.clone());
        parts.extend(self.args.iter().cloned());
        parts.join(" ")
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

/// One answer from an engine: success with a result, or failure with a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The id of the command answered.
    pub id: Option<u64>,
    /// `Ok(result)` for `=`, `Err(message)` for `?`. Either may span lines.
    pub body: Result<String, String>,
}

impl Answer {
    /// A success (`=`).
    pub fn success(id: Option<u64>, result: impl Into<String>) -> Self {
        Answer {
            id,
            body: Ok(result.into()),
        }
    }

    /// A failure (`?`).
    pub fn failure(id: Option<u64>, message: impl Into<String>) -> Self {
        Answer {
            id,
            body: Err(message.into()),
        }
    }

    /// The answer as sent: the status character, the id, the text, and the empty line that
    /// ends it. Empty lines inside the text would end the answer early, so they are sent as a
    /// single space.
    pub fn to_wire(&self) -> String {
        let (status, text) = match &self.body {
            Ok(text) => ('=', text),
            Err(text) => ('?', text),
        };
        let id = self.id.map(|id| id.to_string()).unwrap_or_default();
        let lines: Vec<&str> = text
            .trim_end_matches('\n')
            .split('\n')
            .map(|line| if line.trim().is_empty() { " " } else { line })
            .collect();
        let body = lines.join("\n");
        if body.trim().is_empty() {
            format!("{status}{id}\n\n")
        } else if body.starts_with('\n') || lines.len() > 1 && lines[0].trim().is_empty() {
            format!("{status}{id}\n{}\n\n", body.trim_start_matches('\n'))
        } else {
            format!("{status}{id} {body}\n\n")
        }
    }
}

/// Reads answers line by line, for controllers. Lines before an answer starts must be empty
/// (an engine that prints anything else there is breaking the protocol).
#[derive(Debug, Default)]
pub struct AnswerReader {
    partial: Option<(Option<u64>, bool, Vec<String>)>,
}

impl AnswerReader {
    /// Takes the next line (without its newline); returns the answer when this line ends
    /// one.
    pub fn push_line(&mut self, line: &str) -> Result<Option<Answer>, ProtocolError> {
        let line = line.strip_suffix('\r').unwrap_or(line);
        match &mut self.partial {
            None => {
                if line.trim().is_empty() {
                    return Ok(None);
                }
                let (success, rest) = match line.as_bytes().first() {
                    Some(b'=') => (true, &line[1..]),
                    Some(b'?') => (false, &line[1..]),
                    _ => {
                        return Err(ProtocolError::new(
                            "expected an answer starting with = or ?",
                            line,
                        ))
                    }
                };
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                let id = if digits == 0 {
                    None
                } else {
                    Some(rest[..digits].parse::<u64>().map_err(|_| {
                        ProtocolError::new("the answer id does not fit in 64 bits", line)
                    })?)
                };
                let text = &rest[digits..];
                if !(text.is_empty() || text.starts_with(' ')) {
                    return Err(ProtocolError::new(
                        "the answer's id must be followed by a space",
                        line,
                    ));
                }
                self.partial = Some((id, success, vec![text.trim_start().to_string()]));
                Ok(None)
            }
            Some((id, success, lines)) => {
                if !line.is_empty() {
                    lines.push(line.to_string());
                    return Ok(None);
                }
                let id = *id;
                let success = *success;
                let mut text = lines.join("\n");
                if text.starts_with('\n') {
                    text.remove(0);
                }
                self.partial = None;
                Ok(Some(if success {
                    Answer::success(id, text)
                } else {
                    Answer::failure(id, text)
                }))
            }
        }
    }

    /// True while an answer has started and not yet ended.
    pub fn in_answer(&self) -> bool {
        self.partial.is_some()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn commands_are_read_as_gtp_reads_them() {
        assert_eq!(Command::parse("").unwrap(), None);
        assert_eq!(Command::parse("   # just a comment").unwrap(), None);
        let command = Command::parse("genmove\t# ask for a move")
            .unwrap()
            .unwrap();
        assert_eq!(command, Command::new("genmove", &[]));
        let command = Command::parse("12 newgame  rectangle 4x3\r")
            .unwrap()
            .unwrap();
        assert_eq!(command.id, Some(12));
        assert_eq!(command.args, ["rectangle", "4x3"]);
        assert_eq!(command.to_line(), "12 newgame rectangle 4x3");
        assert!(Command::parse("42").is_err());
        assert!(Command::parse("99999999999999999999999 name").is_err());
    }

    #[test]
    fn answers_are_written_and_read_back() {
        let cases = [
            Answer::success(None, ""),
            Answer::success(Some(3), "v1"),
            Answer::failure(Some(4), "illegal move: v9"),
            Answer::success(None, "+---+\n|   |\n+---+"),
        ];
        for answer in cases {
            let wire = answer.to_wire();
            assert!(wire.ends_with("\n\n"), "{wire:?}");
            let mut reader = AnswerReader::default();
            let mut read = None;
            for line in wire.split('\n') {
                if let Some(done) = reader.push_line(line).unwrap() {
                    read = Some(done);
                    break;
                }
            }
            assert_eq!(read, Some(answer));
        }
    }

    #[test]
    fn empty_lines_inside_a_result_cannot_end_it_early() {
        let wire = Answer::success(None, "a\n\nb").to_wire();
        assert_eq!(wire, "= a\n \nb\n\n");
    }

    #[test]
    fn garbage_is_a_protocol_error() {
        let mut reader = AnswerReader::default();
        assert!(reader.push_line("hello").is_err());
        assert!(reader.push_line("=12x").is_err());
        assert_eq!(reader.push_line("").unwrap(), None);
    }

    proptest! {
        #[test]
        fn no_line_makes_the_parsers_panic(line in ".{0,200}") {
            let _ = Command::parse(&line);
            let mut reader = AnswerReader::default();
            let _ = reader.push_line(&line);
            let _ = reader.push_line("");
        }

        #[test]
        fn single_line_results_round_trip(id in proptest::option::of(0u64..1_000_000), text in "[a-z0-9 ]{0,40}") {
            let answer = Answer::success(id, text.trim().to_string());
            let mut reader = AnswerReader::default();
            let mut read = None;
            for line in answer.to_wire().split('\n') {
                if let Some(done) = reader.push_line(line).unwrap() {
                    read = Some(done);
                    break;
                }
            }
            prop_assert_eq!(read, Some(answer));
        }
    }
}
