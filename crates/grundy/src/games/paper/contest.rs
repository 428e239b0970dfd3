//! Codeforces 277C "Game": the paper cutting contest format.
//!
//! Input: `W H k`, then `k` cuts `xb yb xe ye` (whitespace separated; line breaks carry no
//! meaning). Output: `SECOND` when the player to move loses, otherwise `FIRST` and on the
//! next line one winning cut `xb yb xe ye` (the judge accepts any winning cut; this one starts
//! at the line's start, see [`crate::games::paper::Paper::winning_moves`]).
//!
//! Limits: 1 ≤ W, H ≤ 10^9 as in the contest; k ≤ 10^7 (the contest has 10^5). Every cut is
//! checked: axis-parallel, positive length, inside the sheet, not on the border; errors name
//! the line and token of the cut.
//!
//! ```
//! use grundy::games::paper::contest::answer;
//! assert_eq!(answer(b"2 1 0\n").unwrap(), "FIRST\n1 0 1 1\n");
//! assert_eq!(answer(b"2 2 4\n0 1 2 1\n0 1 2 1\n1 2 1 0\n1 1 1 2\n").unwrap(), "SECOND\n");
//! ```

use crate::error::ParseError;
use crate::games::paper::{Paper, Segment};
use crate::contest_input::Tokens;

/// The contest's bound on the sheet's sides.
pub const MAX_SIDE: u64 = 1_000_000_000;

/// The most cuts accepted (a hundred times the contest's bound).
pub const MAX_CUTS: u64 = 10_000_000;

/// Reads a contest input into the position it describes.
///
/// Inputs made only of ASCII digits and whitespace, with every number and cut valid, take a
/// byte scanner with no per-token bookkeeping; anything else (signs, other characters,
/// errors) is read again by the general token reader, which names the line and token.
pub fn parse(input: &[u8]) -> Result<Paper, ParseError> {
    match parse_plain(input) {
        Some(paper) => Ok(paper),
        None => parse_located(input),
    }
}

/// The bytes the general reader also treats as separators.
fn is_separator(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0C)
}

/// A cursor over plain decimal numbers separated by ASCII whitespace.
struct Plain<'a> {
    bytes: &'a [u8],
    position: usize,
}

impl Plain<'_> {
    /// The next number; `None` at the end or at anything but a plain number that fits.
    fn number(&mut self) -> Option<u64> {
        while self.position < self.bytes.len() && is_separator(self.bytes[self.position]) {
            self.position += 1;
        }
        let start = self.position;
        let mut value: u64 = 0;
        while let Some(&byte) = self.bytes.get(self.position) {
            if !byte.is_ascii_digit() {
                break;
            }
            value = value.checked_mul(10)?.checked_add(u64::from(byte - b'0'))?;
            self.position += 1;
        }
        let ends_well = match self.bytes.get(self.position) {
            None => true,
            Some(&byte) => is_separator(byte),
        };
        (self.position > start && ends_well).then_some(value)
    }

    /// Whether only separators are left.
    fn at_end(&self) -> bool {
        self.bytes[self.position..]
            .iter()
            .all(|&byte| is_separator(byte))
    }
}

/// Room for the cuts a text of `length` bytes can hold (each takes at least 8 bytes but the
/// last), so a false count cannot make us reserve gigabytes.
fn cut_capacity(count: u64, length: usize) -> usize {
    usize::try_from(count).map_or(0, |count| count.min(length / 7 + 1))
}

/// The fast reader: `None` whenever anything is unusual, to be explained by the general one.
fn parse_plain(input: &[u8]) -> Option<Paper> {
    let mut plain = Plain {
        bytes: input,
        position: 0,
    };
    let width = plain.number().filter(|w| (1..=MAX_SIDE).contains(w))?;
    let height = plain.number().filter(|h| (1..=MAX_SIDE).contains(h))?;
    let count = plain.number().filter(|k| *k <= MAX_CUTS)?;
    let mut paper = Paper::new(width, height).ok()?;
    let mut cuts = Vec::with_capacity(cut_capacity(count, input.len()));
    for _ in 0..count {
        let xb = plain.number()?;
        let yb = plain.number()?;
        let xe = plain.number()?;
        let ye = plain.number()?;
        if xb.max(xe) > width || yb.max(ye) > height {
            return None;
        }
        let cut = Segment::new(xb, yb, xe, ye).ok()?;
        paper.check(&cut).ok()?;
        cuts.push(cut);
    }
    if !plain.at_end() {
        return None;
    }
    paper.add_cuts(cuts).ok()?;
    Some(paper)
}

/// The general reader: every problem is reported with its line and token.
fn parse_located(input: &[u8]) -> Result<Paper, ParseError> {
    let mut tokens = Tokens::from_bytes(input)?;
    let width = tokens.next_integer("the width W", 1..=MAX_SIDE)?;
    let height = tokens.next_integer("the height H", 1..=MAX_SIDE)?;
    let count: u64 = tokens.next_integer("the number of cuts k", 0..=MAX_CUTS)?;
    let mut paper =
        Paper::new(width, height).map_err(|error| ParseError::new(error.to_string()))?;
    let mut cuts = Vec::with_capacity(cut_capacity(count, input.len()));
    for index in 1..=count {
        // Static descriptions keep the loop free of allocation; the cut's number is added
        // only when something is wrong.
        let mut read = || -> Result<Segment, ParseError> {
            let first = tokens.expect("the cut's xb")?;
            let xb = first.integer("xb", 0..=width)?;
            let yb = tokens.next_integer("yb", 0..=height)?;
            let xe = tokens.next_integer("xe", 0..=width)?;
            let ye = tokens.next_integer("ye", 0..=height)?;
            Segment::new(xb, yb, xe, ye)
                .and_then(|cut| paper.check(&cut).map(|()| cut))
                .map_err(|error| first.error(error.to_string()))
        };
        let cut = read().map_err(|mut error| {
            error.message = format!("cut {index} of {count}: {}", error.message);
            error
        })?;
        cuts.push(cut);
    }
    tokens.expect_end()?;
    paper
        .add_cuts(cuts)
        .map_err(|error| ParseError::new(error.to_string()))?;
    Ok(paper)
}

/// Answers the contest input `input` with exactly the output the contest expects.
pub fn answer(input: &[u8]) -> Result<String, ParseError> {
    let paper = parse(input)?;
    Ok(match paper.winning_move() {
        None => "SECOND\n".to_string(),
        Some(cut) => format!(
            "FIRST\n{} {} {} {}\n",
            cut.xb(),
            cut.yb(),
            cut.xe(),
            cut.ye()
        ),
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn both_readers_agree_on_a_valid_input() {
        let input = b"5 4 3\n1 0 1 4\r\n0 2 5 2\t2 2 0 2\n";
        let plain = parse_plain(input).unwrap();
        assert_eq!(plain, parse_located(input).unwrap());
        assert_eq!(plain.to_string(), "5x4:0,2,5,2;1,0,1,4");
    }

    #[test]
    fn unusual_inputs_go_to_the_general_reader() {
        assert!(parse_plain(b"+2 1 0").is_none());
        assert_eq!(answer(b"+2 1 0").unwrap(), "FIRST\n1 0 1 1\n");
        assert!(parse_plain(b"2 1 0 x").is_none());
        assert!(parse_plain(b"2 1 1 1 0 1 2").is_none());
        assert!(parse_plain(b"99999999999999999999999 1 0").is_none());
    }

    proptest! {
        #[test]
        fn the_fast_reader_never_disagrees(
            numbers in proptest::collection::vec(0u64..5, 3..20),
            separators in proptest::collection::vec(prop_oneof![Just(" "), Just("\n"), Just("\t"), Just("x"), Just("+")], 20),
        ) {
            let mut text = String::new();
            for (number, separator) in numbers.iter().zip(&separators) {
                text.push_str(&number.to_string());
                text.push_str(separator);
            }
            if let Some(paper) = parse_plain(text.as_bytes()) {
                prop_assert_eq!(Ok(paper), parse_located(text.as_bytes()));
            }
        }
    }
}
