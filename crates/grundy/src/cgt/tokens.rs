//! The tokens of CGSuite's notation, read by one reader for its two dialects: the short
//! games' ([`crate::cgt::notation`]) and the loopy games' ([`crate::cgt::loopy`]), which
//! adds `&`, the upon forms `^[on]` and `^<on>`, and words (`pass`, `on`, the names of
//! positions). Long numbers are read with an eye on the stop, in both dialects. The
//! partners of brackets are found here too, for both readers.

use super::dyadic::{Dyadic, DyadicError};
use crate::error::NotationError;
use crate::stop::{Stop, Stopped};

/// Which notation is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// Short games: a letter is `v`, `Tiny` or `Miny`, or an error.
    Short,
    /// Loopy games: letters make words (`v`, `vv` and `v3` stay downs unless a brace
    /// follows), and `&`, `^[on]`, `^<on>` are read.
    Loopy,
}

/// One token of the notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A dyadic rational (`3/4`).
    Number(Dyadic),
    /// A multiple of up (`^^`, `v3`, `⇑`).
    Ups(i64),
    /// `^<n>` or `v<n>`: up-nth `↑ⁿ` with the sign of up.
    Uptimal {
        /// 1 for up, -1 for down.
        sign: i8,
        /// The `n`.
        n: u64,
    },
    /// `^[on]` (`th` false) or `^<on>` (`th` true); `down` for `v[on]` and `v<on>` (loopy
    /// dialect only).
    Upon {
        /// Down rather than up.
        down: bool,
        /// The `<on>` form.
        th: bool,
    },
    /// `*` or `*n`.
    Star(u64),
    /// `±` or `+-`.
    PlusMinus,
    /// `+`.
    Plus,
    /// `-`.
    Minus,
    /// `{`.
    Open,
    /// `}`.
    Close,
    /// `(`.
    OpenParen,
    /// `)`.
    CloseParen,
    /// A run of `|` and its length.
    Bars(usize),
    /// `,`.
    Comma,
    /// `&` (loopy dialect only).
    Amp,
    /// `Tiny` or `Miny` (`true` for Tiny), followed by a parenthesised game.
    Tiny(bool),
    /// A word: `pass`, a constant's name or a position's name (loopy dialect only).
    Word(String),
}

/// A token and the bytes of the text it was read from.
#[derive(Debug, Clone)]
pub(crate) struct Token {
    /// What was read.
    pub(crate) kind: Kind,
    /// Its first byte.
    pub(crate) start: usize,
    /// The byte after it.
    pub(crate) end: usize,
}

/// The largest count written after `^`, `v` or `*`.
pub(crate) const MAX_COUNT: u64 = 1 << 16;

/// The deepest nesting of braces and parentheses read (deeper input is refused rather than
/// overflowing the stack).
pub(crate) const MAX_DEPTH: usize = 200;

/// Why reading the tokens ended early.
#[derive(Debug)]
pub(crate) enum Misread {
    /// The text is not in the notation.
    Notation(NotationError),
    /// The stop came while a long number was read.
    Stopped(Stopped),
}

impl From<NotationError> for Misread {
    fn from(error: NotationError) -> Self {
        Misread::Notation(error)
    }
}

/// The error `message` about `token`.
pub(crate) fn error_at(text: &str, token: &Token, message: &str) -> NotationError {
    NotationError {
        message: message.to_string(),
        token: text[token.start..token.end].to_string(),
        position: token.start,
    }
}

/// The tokens of `text` in `dialect`, looking at `stop` while long numbers are read.
pub(crate) fn tokenize(text: &str, dialect: Dialect, stop: &Stop) -> Result<Vec<Token>, Misread> {
    let bytes = text.as_bytes();
    let error = |message: &str, start: usize, end: usize| NotationError {
        message: message.to_string(),
        token: text[start..end].to_string(),
        position: start,
    };
    // Digits starting at byte `from`: their end.
    let digits_end = |from: usize| {
        let mut end = from;
        while bytes.get(end).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
        end
    };
    let count = |start: usize, from: usize, to: usize| -> Result<u64, NotationError> {
        text[from..to]
            .parse::<u64>()
            .ok()
            .filter(|&n| n <= MAX_COUNT)
            .ok_or_else(|| error(&format!("count too large (at most {MAX_COUNT})"), start, to))
    };
    // Right after a single `^` or `v` at `start`, at byte `at`: `<n>`, and in the loopy
    // dialect `[on]` and `<on>`.
    let bracket =
        |start: usize, at: usize, down: bool| -> Result<Option<(Kind, usize)>, NotationError> {
            if dialect == Dialect::Loopy {
                if text[at..].starts_with("[on]") {
                    return Ok(Some((Kind::Upon { down, th: false }, at + 4)));
                }
                if text[at..].starts_with("<on>") {
                    return Ok(Some((Kind::Upon { down, th: true }, at + 4)));
                }
            }
            if bytes.get(at) != Some(&b'<') {
                return Ok(None);
            }
            let digits = digits_end(at + 1);
            if digits == at + 1 || bytes.get(digits) != Some(&b'>') {
                let after = text[digits..].chars().next().map_or(0, char::len_utf8);
                let expected = match dialect {
                    Dialect::Short => "expected ^<n> or v<n> with a count n",
                    Dialect::Loopy => "expected ^<n>, v<n>, ^<on> or v<on>",
                };
                return Err(error(expected, start, digits + after));
            }
            let n = count(start, at + 1, digits)?;
            let sign = if down { -1 } else { 1 };
            Ok(Some((Kind::Uptimal { sign, n }, digits + 1)))
        };
    // Ups from the arrow or letter at `start` (the byte after it is `next`) worth `unit`
    // each: a bracket form after a single `^` or `v`, a run of the same `^` or `v`, or a
    // count after a single `^`, `v`, `↑` or `↓`.
    let ups = |start: usize,
               next: usize,
               unit: i64,
               repeatable: bool|
     -> Result<(Kind, usize), NotationError> {
        if repeatable {
            if let Some(found) = bracket(start, next, unit < 0)? {
                return Ok(found);
            }
        }
        let mut end = next;
        while repeatable && bytes.get(end) == Some(&bytes[start]) {
            end += 1;
        }
        // `^` and `v` are one byte each; an arrow stands alone.
        let repeats = if repeatable { (end - start) as i64 } else { 1 };
        let digits = digits_end(end);
        if digits == end {
            return Ok((Kind::Ups(unit * repeats), end));
        }
        if repeats > 1 || unit.abs() > 1 {
            return Err(error(
                "a count follows a single ^, v, ↑ or ↓ only",
                start,
                digits,
            ));
        }
        Ok((Kind::Ups(unit * count(start, end, digits)? as i64), digits))
    };
    let mut tokens = Vec::new();
    let mut at = 0;
    while let Some(c) = text[at..].chars().next() {
        let start = at;
        let next = at + c.len_utf8();
        let (kind, end) = match c {
            c if c.is_whitespace() => {
                at = next;
                continue;
            }
            '0'..='9' => {
                let mut end = digits_end(start);
                if bytes.get(end) == Some(&b'/')
                    && bytes.get(end + 1).is_some_and(u8::is_ascii_digit)
                {
                    end = digits_end(end + 1);
                }
                let read =
                    Dyadic::parse_with_stop(&text[start..end], stop).map_err(Misread::Stopped)?;
                let number = read.map_err(|e| {
                    let message = match e {
                        DyadicError::NotDyadic(_) => {
                            "not a dyadic rational (the denominator must be a power of two)"
                        }
                        DyadicError::Malformed(_) => "malformed number",
                    };
                    error(message, start, end)
                })?;
                (Kind::Number(number), end)
            }
            '^' => ups(start, next, 1, true)?,
            'v' if dialect == Dialect::Short => ups(start, next, -1, true)?,
            '↑' => ups(start, next, 1, false)?,
            '↓' => ups(start, next, -1, false)?,
            '⇑' => ups(start, next, 2, false)?,
            '⇓' => ups(start, next, -2, false)?,
            '*' => {
                let digits = digits_end(next);
                if digits > next {
                    (Kind::Star(count(start, next, digits)?), digits)
                } else {
                    (Kind::Star(1), next)
                }
            }
            '±' => (Kind::PlusMinus, next),
            '+' if bytes.get(next) == Some(&b'-') => (Kind::PlusMinus, next + 1),
            '+' => (Kind::Plus, next),
            '-' => (Kind::Minus, next),
            '{' => (Kind::Open, next),
            '}' => (Kind::Close, next),
            '(' => (Kind::OpenParen, next),
            ')' => (Kind::CloseParen, next),
            ',' => (Kind::Comma, next),
            '&' if dialect == Dialect::Loopy => (Kind::Amp, next),
            '|' => {
                let mut end = next;
                while bytes.get(end) == Some(&b'|') {
                    end += 1;
                }
                (Kind::Bars(end - start), end)
            }
            'T' | 'M'
                if dialect == Dialect::Short
                    && (text[start..].starts_with("Tiny") || text[start..].starts_with("Miny")) =>
            {
                (Kind::Tiny(c == 'T'), start + 4)
            }
            c if dialect == Dialect::Loopy && (c.is_ascii_alphabetic() || c == '_') => {
                word(text, start, next, &bracket, &count)?
            }
            _ => return Err(error("unexpected character", start, next).into()),
        };
        tokens.push(Token { kind, start, end });
        at = end;
    }
    Ok(tokens)
}

/// How a bracket form after a single `^` or `v` is read: from the letter's start and the
/// byte after it, whether it is down; the token and its end, if there is one.
type BracketReader<'a> =
    dyn Fn(usize, usize, bool) -> Result<Option<(Kind, usize)>, NotationError> + 'a;

/// The token of the loopy dialect that starts with the letter at `start` (`next` is the byte
/// after it): downs (`v`, `vv`, `v3`, `v[on]`, `v<2>`) unless a brace follows, `Tiny`,
/// `Miny`, or a word.
fn word(
    text: &str,
    start: usize,
    next: usize,
    bracket: &BracketReader<'_>,
    count: &dyn Fn(usize, usize, usize) -> Result<u64, NotationError>,
) -> Result<(Kind, usize), NotationError> {
    let bytes = text.as_bytes();
    let mut end = next;
    while bytes
        .get(end)
        .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
    {
        end += 1;
    }
    let word = &text[start..end];
    let before_brace = text[end..].trim_start().starts_with('{');
    let downs = word.bytes().all(|b| b == b'v');
    let counted_down =
        word.len() > 1 && word.starts_with('v') && word[1..].bytes().all(|b| b.is_ascii_digit());
    Ok(if word == "v" {
        match bracket(start, end, true)? {
            Some(found) => found,
            None if before_brace => (Kind::Word(word.to_string()), end),
            None => (Kind::Ups(-1), end),
        }
    } else if downs && !before_brace {
        (Kind::Ups(-(word.len() as i64)), end)
    } else if counted_down && !before_brace {
        (Kind::Ups(-(count(start, start + 1, end)? as i64)), end)
    } else if word == "Tiny" || word == "Miny" {
        (Kind::Tiny(word == "Tiny"), end)
    } else {
        (Kind::Word(word.to_string()), end)
    })
}

/// For each brace and parenthesis of `tokens`, the index of its partner (`usize::MAX` for
/// the other tokens), or the first bracket that is unmatched, mismatched or nested deeper
/// than [`MAX_DEPTH`].
pub(crate) fn partners(text: &str, tokens: &[Token]) -> Result<Vec<usize>, NotationError> {
    let mut partner = vec![usize::MAX; tokens.len()];
    let mut stack: Vec<usize> = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        match token.kind {
            Kind::Open | Kind::OpenParen => {
                stack.push(i);
                if stack.len() > MAX_DEPTH {
                    let message = format!("brackets nested deeper than {MAX_DEPTH}");
                    return Err(error_at(text, token, &message));
                }
            }
            Kind::Close | Kind::CloseParen => {
                let Some(open) = stack.pop() else {
                    return Err(error_at(text, token, "unmatched closing bracket"));
                };
                let matches = matches!(
                    (&tokens[open].kind, &token.kind),
                    (Kind::Open, Kind::Close) | (Kind::OpenParen, Kind::CloseParen)
                );
                if !matches {
                    return Err(error_at(text, token, "mismatched closing bracket"));
                }
                partner[open] = i;
                partner[i] = open;
            }
            _ => {}
        }
    }
    if let Some(&open) = stack.last() {
        return Err(error_at(text, &tokens[open], "unclosed bracket"));
    }
    Ok(partner)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn kinds(text: &str, dialect: Dialect) -> Vec<Kind> {
        match tokenize(text, dialect, &Stop::never()) {
            Ok(tokens) => tokens.into_iter().map(|token| token.kind).collect(),
            Err(Misread::Notation(error)) => panic!("{text}: {error}"),
            Err(Misread::Stopped(_)) => panic!("{text}: stopped"),
        }
    }

    fn message(text: &str, dialect: Dialect) -> String {
        match tokenize(text, dialect, &Stop::never()) {
            Err(Misread::Notation(error)) => error.message,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn both_dialects_read_the_short_notation_alike() {
        for text in [
            "^^*3",
            "v3 + 1/4",
            "^<2>*",
            "↑3",
            "⇑",
            "±{2|1}",
            "Tiny(2)",
            "{0||v|-1}",
        ] {
            assert_eq!(
                kinds(text, Dialect::Short),
                kinds(text, Dialect::Loopy),
                "{text}"
            );
        }
        assert_eq!(kinds("↑3", Dialect::Loopy), [Kind::Ups(3)]);
        assert_eq!(
            message("⇑3", Dialect::Loopy),
            "a count follows a single ^, v, ↑ or ↓ only"
        );
    }

    #[test]
    fn the_loopy_dialect_reads_words_upons_and_sides() {
        assert_eq!(
            kinds("a{0|a} & v[on]", Dialect::Loopy),
            [
                Kind::Word("a".into()),
                Kind::Open,
                Kind::Number(Dyadic::from(0)),
                Kind::Bars(1),
                Kind::Word("a".into()),
                Kind::Close,
                Kind::Amp,
                Kind::Upon {
                    down: true,
                    th: false
                },
            ]
        );
        assert_eq!(kinds("v{0|v}", Dialect::Loopy)[0], Kind::Word("v".into()));
        assert_eq!(message("a", Dialect::Short), "unexpected character");
        assert_eq!(message("1 & 0", Dialect::Short), "unexpected character");
        assert_eq!(
            message("^<on>", Dialect::Short),
            "expected ^<n> or v<n> with a count n"
        );
        assert_eq!(
            message("^<x>", Dialect::Loopy),
            "expected ^<n>, v<n>, ^<on> or v<on>"
        );
    }

    #[test]
    fn a_long_number_stops_at_the_stop() {
        let stop = Stop::new();
        stop.raise();
        let long = "9".repeat(100_000);
        assert!(matches!(
            tokenize(&long, Dialect::Loopy, &stop),
            Err(Misread::Stopped(_))
        ));
    }

    #[test]
    fn brackets_find_their_partners() {
        let text = "{(0)|}";
        let tokens = tokenize(text, Dialect::Short, &Stop::never()).unwrap();
        assert_eq!(partners(text, &tokens).unwrap()[0], 5);
        for (text, message) in [
            ("{0|", "unclosed bracket"),
            ("0}", "unmatched closing bracket"),
            ("(0}", "mismatched closing bracket"),
        ] {
            let tokens = tokenize(text, Dialect::Short, &Stop::never()).unwrap();
            assert_eq!(partners(text, &tokens).unwrap_err().message, message);
        }
    }
}
