//! The rules of a heap game as data: take-and-break codes, subtraction sets, all-but
//! subtraction sets and Grundy's game, read from and written to their usual notation.
//!
//! | notation | game |
//! |---|---|
//! | `0.137`, `.07`, `4.07`, `octal:0.77` | octal code: digits 0–7 |
//! | `hex:0.f`, `hex:0.3b` | hexadecimal code: digits 0–9 and `a`–`f` (10–15), any case |
//! | `S(1,3,4)` | subtraction game: remove 1, 3 or 4 from one heap |
//! | `AB(1,2)` or `allbut(1,2)` | all-but subtraction game: remove any number but 1 or 2 |
//! | `grundy` | Grundy's game: split one heap into two unequal non-empty heaps |
//!
//! In a code `d0.d1d2d3…` the digit `dk` says what may happen after removing `k` tokens from
//! one heap: bit 1 — nothing may be left (the heap had exactly `k` tokens), bit 2 — one
//! non-empty heap may be left, bit 4 — two non-empty heaps, bit 8 — three non-empty heaps
//! (hexadecimal codes only). The digit before the point, `d0`, removes nothing, so only its
//! splitting bits 4 and 8 mean anything: `4.07` may also split any heap into two non-empty
//! heaps. A plain code is octal, and a digit 8 or more in it is an error; write `hex:` before
//! a hexadecimal code.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;

/// The longest code and the largest number in a subtraction set accepted: far beyond any
/// game anyone computes, small enough that tables indexed by a take stay small.
pub const MAX_TAKE: u64 = 1 << 20;

/// How many tokens a move takes and how many heaps it leaves, for codes: bit `1 << heaps`
/// of `digits[take]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Code {
    /// `digits[k]` is the digit for removing `k` tokens; `digits[0]` is the digit before the
    /// point. No trailing zero digits after the first (kept canonical).
    digits: Vec<u8>,
    /// True when written in hexadecimal.
    hexadecimal: bool,
}

/// Which family a heap game belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum HeapRules {
    /// An octal or hexadecimal code.
    Code(Code),
    /// Remove one of these numbers of tokens from a heap (sorted, distinct, all ≥ 1); what
    /// is left stays one heap.
    Subtraction(Vec<u64>),
    /// Remove any positive number of tokens except these (sorted, distinct, all ≥ 1).
    AllBut(Vec<u64>),
    /// Split one heap into two unequal non-empty heaps.
    Grundy,
}

impl Code {
    /// A code from its digits (`digits[0]` before the point); digits above 15, or above 7
    /// in an octal code, and the meaningless bits 1 and 2 in `digits[0]` are refused.
    pub fn new(digits: Vec<u8>, hexadecimal: bool) -> Result<Self, ParseError> {
        let limit = if hexadecimal { 15 } else { 7 };
        if let Some((place, digit)) = digits.iter().enumerate().find(|(_, d)| **d > limit) {
            return Err(ParseError::new(format!(
                "digit {digit} (d{place}) is too large for {} code",
                if hexadecimal {
                    "a hexadecimal"
                } else {
                    "an octal"
                }
            )));
        }
        if digits.first().is_some_and(|d0| d0 & 3 != 0) {
            return Err(ParseError::new(
                "the digit before the point removes no token, so it may only use the bits 4 \
                 (split into two heaps) and 8 (into three heaps)",
            ));
        }
        let mut digits = digits;
        if digits.is_empty() {
            digits.push(0);
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.len() as u64 > MAX_TAKE + 1 {
            return Err(ParseError::new(format!(
                "a code may have at most {MAX_TAKE} digits after the point"
            )));
        }
        Ok(Code {
            digits,
            hexadecimal,
        })
    }

    /// The digit for removing `take` tokens (0 beyond the last digit).
    pub fn digit(&self, take: u64) -> u8 {
        usize::try_from(take)
            .ok()
            .and_then(|k| self.digits.get(k))
            .copied()
            .unwrap_or(0)
    }

    /// The largest number of tokens one move removes (0 for `4.` and codes without moves).
    pub fn max_take(&self) -> u64 {
        (self.digits.len() - 1) as u64
    }

    /// Whether the code is hexadecimal.
    pub fn is_hexadecimal(&self) -> bool {
        self.hexadecimal
    }

    /// The digits, `d0` first.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }
}

impl HeapRules {
    /// Whether a move may remove `take` tokens from a heap of `heap` tokens and leave the
    /// non-empty heaps `left` (in any order). The sizes must add up: `take + Σ left = heap`.
    pub fn allows(&self, heap: u64, take: u64, left: &[u64]) -> bool {
        let total: Option<u64> = left
            .iter()
            .try_fold(take, |sum, part| sum.checked_add(*part));
        if total != Some(heap) || left.contains(&0) {
            return false;
        }
        match self {
            HeapRules::Code(code) => left.len() <= 3 && code.digit(take) & (1 << left.len()) != 0,
            HeapRules::Subtraction(set) => left.len() <= 1 && set.binary_search(&take).is_ok(),
            HeapRules::AllBut(set) => {
                left.len() <= 1 && take >= 1 && set.binary_search(&take).is_err()
            }
            HeapRules::Grundy => take == 0 && left.len() == 2 && left[0] != left[1],
        }
    }

    /// The largest number of tokens one move removes, `None` when unbounded (all-but games).
    pub fn max_take(&self) -> Option<u64> {
        match self {
            HeapRules::Code(code) => Some(code.max_take()),
            HeapRules::Subtraction(set) => Some(set.last().copied().unwrap_or(0)),
            HeapRules::AllBut(_) => None,
            HeapRules::Grundy => Some(0),
        }
    }

    /// The most heaps one move leaves where there was one: 1, 2 or 3.
    pub fn max_heaps_left(&self) -> usize {
        match self {
            HeapRules::Code(code) => {
                if code.digits.iter().any(|d| d & 8 != 0) {
                    3
                } else if code.digits.iter().any(|d| d & 4 != 0) {
                    2
                } else {
                    1
                }
            }
            HeapRules::Subtraction(_) | HeapRules::AllBut(_) => 1,
            HeapRules::Grundy => 2,
        }
    }

    /// The rules as a code when they are one: subtraction games are the codes whose digits
    /// are 3 (take `k` and leave one heap or nothing) at the numbers of the set.
    pub fn as_code(&self) -> Option<Code> {
        match self {
            HeapRules::Code(code) => Some(code.clone()),
            HeapRules::Subtraction(set) => {
                let top = set.last().copied().unwrap_or(0) as usize;
                let mut digits = vec![0u8; top + 1];
                for take in set {
                    digits[*take as usize] = 3;
                }
                Code::new(digits, false).ok()
            }
            HeapRules::AllBut(_) | HeapRules::Grundy => None,
        }
    }
}

/// Reads a comma-separated list of positive numbers (the inside of `S(…)`).
fn parse_set(inside: &str, whole: &str) -> Result<Vec<u64>, ParseError> {
    let mut set = Vec::new();
    for item in inside.split(',') {
        let item = item.trim();
        if item.is_empty() {
            if inside.trim().is_empty() {
                break;
            }
            return Err(ParseError::at_token("an empty number in the set", whole));
        }
        let take: u64 = item.parse().map_err(|_| {
            ParseError::at_token(
                format!("{item:?} is not a number of tokens (a whole number from 1 to {MAX_TAKE})"),
                item,
            )
        })?;
        if take == 0 || take > MAX_TAKE {
            return Err(ParseError::at_token(
                format!("a number of tokens in a set must be from 1 to {MAX_TAKE}"),
                item,
            ));
        }
        set.push(take);
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

/// Reads the inside of a `name(…)` form, or `None` when `text` is not of that form.
fn call_form<'a>(text: &'a str, names: &[&str]) -> Option<Result<&'a str, ParseError>> {
    let open = text.find('(')?;
    let name = text[..open].trim();
    if !names.iter().any(|n| n.eq_ignore_ascii_case(name)) {
        return None;
    }
    Some(match text[open + 1..].strip_suffix(')') {
        Some(inside) => Ok(inside),
        None => Err(ParseError::at_token(
            "a set must end with ')' (for example S(1,3,4))",
            text,
        )),
    })
}

/// Reads a code `d0.d1d2…` (the `d0` may be left out: `.07`).
fn parse_code(text: &str, hexadecimal: bool) -> Result<Code, ParseError> {
    let kind = if hexadecimal { "hexadecimal" } else { "octal" };
    if text.is_empty() {
        return Err(ParseError::at_token(
            format!("an empty {kind} code; write one like 0.137"),
            text,
        ));
    }
    let Some((whole, fraction)) = text.split_once('.') else {
        return Err(ParseError::at_token(
            format!("a {kind} code needs a point, like 0.137 or 4.07"),
            text,
        ));
    };
    if whole.chars().count() > 1 {
        return Err(ParseError::at_token(
            "a code has one digit before the point (d0), like 0.137 or 4.07",
            text,
        ));
    }
    let radix = if hexadecimal { 16 } else { 8 };
    let mut digits = Vec::with_capacity(fraction.len() + 1);
    let parts = whole.chars().chain(std::iter::once('0')).take(1);
    for (place, ch) in parts
        .map(|c| (0usize, c))
        .chain(fraction.chars().enumerate().map(|(i, c)| (i + 1, c)))
    {
        let Some(digit) = ch.to_digit(radix) else {
            let hint = if !hexadecimal && ch.is_ascii_hexdigit() {
                "; write hex: before a hexadecimal code"
            } else {
                ""
            };
            return Err(ParseError::at_token(
                format!("{ch:?} (digit d{place}) is not an {kind} digit{hint}")
                    .replace("an hexadecimal", "a hexadecimal"),
                text,
            ));
        };
        digits.push(digit as u8);
    }
    Code::new(digits, hexadecimal).map_err(|error| error.with_token(text))
}

impl FromStr for HeapRules {
    type Err = ParseError;

    /// Reads rules in the notation of the module documentation.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseError::new(
                "empty rules; write a code like 0.137, S(1,3,4), AB(1,2) or grundy",
            ));
        }
        if text.eq_ignore_ascii_case("grundy") {
            return Ok(HeapRules::Grundy);
        }
        if let Some(inside) = call_form(text, &["S"]) {
            return Ok(HeapRules::Subtraction(parse_set(inside?, text)?));
        }
        if let Some(inside) = call_form(text, &["AB", "allbut"]) {
            return Ok(HeapRules::AllBut(parse_set(inside?, text)?));
        }
        let lower = text.to_ascii_lowercase();
        if let Some(code) = lower.strip_prefix("hex:") {
            return Ok(HeapRules::Code(parse_code(code.trim(), true)?));
        }
        if let Some(code) = lower.strip_prefix("octal:") {
            return Ok(HeapRules::Code(parse_code(code.trim(), false)?));
        }
        if text.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
            return Ok(HeapRules::Code(parse_code(&lower, false)?));
        }
        Err(ParseError::at_token(
            "unknown rules; write a code like 0.137 or hex:0.f, a subtraction set S(1,3,4), \
             an all-but set AB(1,2), or grundy",
            text,
        ))
    }
}

fn write_set(f: &mut fmt::Formatter<'_>, name: &str, set: &[u64]) -> fmt::Result {
    let items: Vec<String> = set.iter().map(u64::to_string).collect();
    write!(f, "{name}({})", items.join(","))
}

impl fmt::Display for Code {
    /// `0.137`, or `hex:0.f` for a hexadecimal code.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.hexadecimal {
            f.write_str("hex:")?;
        }
        let radix = if self.hexadecimal { 16 } else { 8 };
        let digit = |d: u8| char::from_digit(u32::from(d), radix).unwrap_or('?');
        write!(f, "{}.", digit(self.digits[0]))?;
        for d in &self.digits[1..] {
            write!(f, "{}", digit(*d))?;
        }
        Ok(())
    }
}

impl fmt::Display for HeapRules {
    /// The notation [`HeapRules::from_str`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapRules::Code(code) => write!(f, "{code}"),
            HeapRules::Subtraction(set) => write_set(f, "S", set),
            HeapRules::AllBut(set) => write_set(f, "AB", set),
            HeapRules::Grundy => f.write_str("grundy"),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn rules(text: &str) -> HeapRules {
        text.parse().unwrap()
    }

    fn error(text: &str) -> String {
        text.parse::<HeapRules>().unwrap_err().to_string()
    }

    #[test]
    fn codes_round_trip() {
        for (text, shown) in [
            ("0.137", "0.137"),
            (".07", "0.07"),
            ("4.07", "4.07"),
            ("0.770", "0.77"),
            ("octal:0.6", "0.6"),
            ("hex:0.F", "hex:0.f"),
            ("HEX:0.3b", "hex:0.3b"),
            ("s(4, 1,3,3)", "S(1,3,4)"),
            ("AB(2,1)", "AB(1,2)"),
            ("allbut()", "AB()"),
            ("Grundy", "grundy"),
        ] {
            let parsed = rules(text);
            assert_eq!(parsed.to_string(), shown, "{text}");
            assert_eq!(rules(shown), parsed);
        }
    }

    #[test]
    fn digits_mean_what_the_bits_say() {
        let kayles = rules("0.77");
        assert!(kayles.allows(1, 1, &[]));
        assert!(kayles.allows(5, 2, &[1, 2]));
        assert!(kayles.allows(5, 1, &[4]));
        assert!(!kayles.allows(5, 3, &[2]));
        assert!(!kayles.allows(5, 1, &[1, 1, 2]));
        let dawson = rules("0.137");
        assert!(dawson.allows(1, 1, &[]));
        assert!(!dawson.allows(2, 1, &[1]));
        assert!(dawson.allows(3, 2, &[1]));
        assert!(dawson.allows(2, 2, &[]));
        assert!(!dawson.allows(3, 2, &[]));
        assert!(dawson.allows(5, 3, &[1, 1]));
        let split = rules("4.07");
        assert!(split.allows(5, 0, &[2, 3]));
        assert!(!split.allows(5, 0, &[5]));
        let three = rules("hex:0.8");
        assert!(three.allows(4, 1, &[1, 1, 1]));
        assert!(!three.allows(4, 1, &[1, 2]));
        let grundy = rules("grundy");
        assert!(grundy.allows(5, 0, &[1, 4]));
        assert!(!grundy.allows(4, 0, &[2, 2]));
        let allbut = rules("AB(1,2)");
        assert!(allbut.allows(5, 3, &[2]));
        assert!(allbut.allows(3, 3, &[]));
        assert!(!allbut.allows(3, 2, &[1]));
        // The sizes must add up.
        assert!(!kayles.allows(5, 1, &[3]));
    }

    #[test]
    fn subtraction_games_are_codes_of_threes() {
        assert_eq!(rules("S(1,3,4)").as_code().unwrap().to_string(), "0.3033");
        assert_eq!(rules("S(1,3,4)").max_take(), Some(4));
        assert_eq!(rules("AB(1)").max_take(), None);
        assert_eq!(rules("0.137").max_heaps_left(), 2);
        assert_eq!(rules("0.33").max_heaps_left(), 1);
        assert_eq!(rules("hex:0.f").max_heaps_left(), 3);
    }

    #[test]
    fn bad_codes_name_the_token_and_the_digit() {
        let message = error("0.8");
        assert!(message.contains("'8'"), "{message}");
        assert!(message.contains("d1"), "{message}");
        assert!(message.contains("hex:"), "{message}");
        assert!(error("0.138").contains("d3"));
        assert!(error("").contains("empty"));
        assert!(error("hex:").contains("empty"));
        assert!(error("0.1g").contains("'g'"));
        assert!(error("1.07").contains("before the point"));
        assert!(error("12.3").contains("one digit before the point"));
        assert!(error("07").contains("point"));
        assert!(error("S(1,0)").contains("from 1"));
        assert!(error("S(1,x)").contains("\"x\""));
        assert!(error("S(1,99999999999999999999999)").contains("not a number"));
        assert!(error("S(1,3").contains("')'"));
        assert!(error("kayles").contains("unknown rules"));
    }
}
