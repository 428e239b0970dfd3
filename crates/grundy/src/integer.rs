//! Exact integers of any size, with a machine-word fast path.
//!
//! Game values grow past any fixed width from short inputs: a Blue–Red Hackenbush stalk of
//! 200 edges is a number with a 200-bit denominator, and a sum of a few large integers passes
//! 2^64. [`Integer`] holds an `i64` while the value fits one and a heap-allocated big integer
//! beyond, so everyday arithmetic stays a machine add and no result ever wraps.
//!
//! ```
//! use grundy::integer::Integer;
//! let big = Integer::from(i64::MAX) + Integer::from(i64::MAX);
//! assert_eq!(big.to_string(), "18446744073709551614");
//! assert!(big > Integer::from(i64::MAX));
//! assert_eq!(big.to_i64(), None);
//! assert_eq!((big - Integer::from(i64::MAX)).to_i64(), Some(i64::MAX));
//! ```

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};
use std::str::FromStr;

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{Signed, ToPrimitive, Zero};

use crate::stop::{Stop, Stopped};

/// An exact integer: an `i64` while it fits, a big integer beyond. Equal values have equal
/// representations (a value that fits an `i64` is never held big), so the derived `Eq` and
/// `Hash` are the numbers'.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Integer(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Small(i64),
    /// Never a value that fits an `i64`.
    Big(Box<BigInt>),
}

/// Why a text is not an integer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not an integer: {0:?}")]
pub struct IntegerError(pub String);

impl Integer {
    /// Zero.
    pub const ZERO: Integer = Integer(Repr::Small(0));

    /// One.
    pub const ONE: Integer = Integer(Repr::Small(1));

    /// The integer `n`, as a constant.
    pub const fn small(n: i64) -> Integer {
        Integer(Repr::Small(n))
    }

    /// The value as an `i64`, when it fits one.
    pub fn to_i64(&self) -> Option<i64> {
        match &self.0 {
            Repr::Small(n) => Some(*n),
            Repr::Big(_) => None,
        }
    }

    /// The value as a `u64`, when it fits one.
    pub fn to_u64(&self) -> Option<u64> {
        match &self.0 {
            Repr::Small(n) => u64::try_from(*n).ok(),
            Repr::Big(big) => big.to_u64(),
        }
    }

    /// The nearest `f64` (infinite past its range), for drawing and quick estimates.
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::Small(n) => *n as f64,
            Repr::Big(big) => big.to_f64().unwrap_or(if big.is_negative() {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }),
        }
    }

    /// The value as a big integer.
    pub fn to_big(&self) -> BigInt {
        match &self.0 {
            Repr::Small(n) => BigInt::from(*n),
            Repr::Big(big) => (**big).clone(),
        }
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small(0))
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        match &self.0 {
            Repr::Small(n) => n.signum() as i32,
            Repr::Big(big) => {
                if big.is_negative() {
                    -1
                } else {
                    1
                }
            }
        }
    }

    /// The absolute value.
    pub fn abs(&self) -> Integer {
        if self.signum() < 0 {
            -self
        } else {
            self.clone()
        }
    }

    /// How many times 2 divides this number (`None` for zero).
    pub fn trailing_zeros(&self) -> Option<u64> {
        match &self.0 {
            Repr::Small(0) => None,
            Repr::Small(n) => Some(u64::from(n.trailing_zeros())),
            Repr::Big(big) => big.trailing_zeros(),
        }
    }

    /// The number of bits of the absolute value (0 for zero).
    pub fn bits(&self) -> u64 {
        match &self.0 {
            Repr::Small(n) => u64::from(64 - n.unsigned_abs().leading_zeros()),
            Repr::Big(big) => big.bits(),
        }
    }

    /// This number times `2^k`.
    pub fn shl(&self, k: u64) -> Integer {
        if let Repr::Small(n) = self.0 {
            if k < 64 {
                if let Some(shifted) = i128::from(n).checked_mul(1i128 << k) {
                    return Integer::from(shifted);
                }
            }
            if n == 0 {
                return Integer::ZERO;
            }
        }
        Integer::from(self.to_big() << k)
    }

    /// The largest integer not above `self / 2^k`.
    pub fn shr_floor(&self, k: u64) -> Integer {
        match &self.0 {
            Repr::Small(n) => Integer::small(if k >= 64 {
                if *n < 0 {
                    -1
                } else {
                    0
                }
            } else {
                n >> k
            }),
            // A negative big integer shifts towards minus infinity, as `>>` of a signed
            // machine integer does.
            Repr::Big(big) => Integer::from(&**big >> k),
        }
    }

    /// This number times a machine integer.
    pub fn times(&self, k: i64) -> Integer {
        if let Repr::Small(n) = self.0 {
            return Integer::from(i128::from(n) * i128::from(k));
        }
        Integer::from(self.to_big() * k)
    }

    /// Bit `i` of the number in two's complement (so beyond its bits, its sign).
    pub fn bit(&self, i: u64) -> bool {
        match &self.0 {
            Repr::Small(n) if i >= 64 => *n < 0,
            Repr::Small(n) => (n >> i) & 1 == 1,
            Repr::Big(big) => big.bit(i),
        }
    }

    /// The heap bytes this number owns (none while it fits a machine word), for the
    /// estimates held against memory limits.
    pub fn heap_bytes(&self) -> usize {
        match &self.0 {
            Repr::Small(_) => 0,
            Repr::Big(big) => big_heap_bytes(big.bits()),
        }
    }

    /// The heap bytes a number of `bits` bits owns, as [`Integer::heap_bytes`] counts them:
    /// for estimates made before the number is.
    pub fn heap_bytes_for_bits(bits: u64) -> usize {
        if bits < 64 {
            0
        } else {
            big_heap_bytes(bits)
        }
    }

    /// An upper bound on the length of the decimal text (sign included), for the estimates
    /// of printed text held against memory limits.
    pub fn decimal_len_bound(&self) -> usize {
        decimal_len_bound(self.bits())
    }

    /// Reads decimal digits with an optional leading `-`, of any length, looking at `stop`
    /// while a long text is read: `Ok(None)` when the text is not an integer, `Err` once the
    /// stop has come. Long texts are read by halves (each half's value times a power of ten
    /// plus the other's), in time far below the square of the length.
    pub fn parse_decimal(text: &str, stop: &Stop) -> Result<Option<Integer>, Stopped> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(None);
        }
        if let Ok(small) = text.parse::<i64>() {
            return Ok(Some(Integer::small(small)));
        }
        let mut powers = PowersOfTen::default();
        let Some(magnitude) = read_digits(digits.as_bytes(), stop, &mut powers)? else {
            return Ok(None);
        };
        let sign = if negative { Sign::Minus } else { Sign::Plus };
        Ok(Some(Integer::from(BigInt::from_biguint(sign, magnitude))))
    }

    /// The decimal text, as [`Display`](fmt::Display) writes it, looking at `stop` while a
    /// long one is written (by halves, each a division by a power of ten).
    pub fn to_decimal(&self, stop: &Stop) -> Result<String, Stopped> {
        let big = match &self.0 {
            Repr::Small(n) => return Ok(n.to_string()),
            Repr::Big(big) => big,
        };
        let mut text = String::with_capacity(self.decimal_len_bound());
        if big.is_negative() {
            text.push('-');
        }
        let mut powers = PowersOfTen::default();
        write_digits(big.magnitude(), None, stop, &mut powers, &mut text)?;
        Ok(text)
    }
}

/// The heap bytes of a big integer of `bits` bits: its box (a vector and a sign) and its
/// 64-bit words.
fn big_heap_bytes(bits: u64) -> usize {
    let words = usize::try_from(bits.div_ceil(64)).unwrap_or(usize::MAX);
    std::mem::size_of::<BigInt>().saturating_add(words.saturating_mul(8))
}

/// An upper bound on the decimal length of a number of `bits` bits, with its sign: a bit is
/// log10(2) < 0.30103 of a digit.
fn decimal_len_bound(bits: u64) -> usize {
    let digits = bits.saturating_mul(30_103) / 100_000 + 2;
    usize::try_from(digits).unwrap_or(usize::MAX)
}

/// Digits read or written at once (up to twice as many), with no look at the stop: num-bigint
/// reads 65 536 digits in about 10 ms and writes them faster, so pieces this long keep the
/// looks far more often than the 100 ms the stops promise, and shorter ones would only
/// slow the writing down.
const PIECE_DIGITS: usize = 1 << 15;

/// `10^(PIECE_DIGITS · 2^i)` for each `i` asked for so far, made by squaring.
#[derive(Default)]
struct PowersOfTen(Vec<BigUint>);

impl PowersOfTen {
    /// `10^(PIECE_DIGITS · 2^level)`.
    fn get(&mut self, level: usize, stop: &Stop) -> Result<&BigUint, Stopped> {
        while self.0.len() <= level {
            stop.check()?;
            let next = match self.0.last() {
                None => BigUint::from(10u8).pow(PIECE_DIGITS as u32),
                Some(last) => last * last,
            };
            self.0.push(next);
        }
        Ok(&self.0[level])
    }
}

/// The level of the largest power `10^(PIECE_DIGITS · 2^level)` with at most half the
/// digits of a text of `digits` digits (more than `2 · PIECE_DIGITS`): the split of a long
/// text, so that both halves have digits.
fn split_level(digits: usize) -> usize {
    let mut level = 0;
    while PIECE_DIGITS << (level + 2) <= digits {
        level += 1;
    }
    level
}

/// The value of ASCII decimal digits: short ones at once, long ones as the high part times
/// a power of ten plus the low part (`None` only if a byte is not a digit).
fn read_digits(
    digits: &[u8],
    stop: &Stop,
    powers: &mut PowersOfTen,
) -> Result<Option<BigUint>, Stopped> {
    if digits.len() <= 2 * PIECE_DIGITS {
        return Ok(BigUint::parse_bytes(digits, 10));
    }
    stop.check()?;
    let level = split_level(digits.len());
    let (high, low) = digits.split_at(digits.len() - (PIECE_DIGITS << level));
    let (Some(high), Some(low)) = (
        read_digits(high, stop, powers)?,
        read_digits(low, stop, powers)?,
    ) else {
        return Ok(None);
    };
    let scale = powers.get(level, stop)?;
    stop.check()?;
    Ok(Some(high * scale + low))
}

/// Writes `n` in decimal to `out`, padded with zeros to `width` digits when a width is given
/// (the low half of a longer number); long numbers by halves.
fn write_digits(
    n: &BigUint,
    width: Option<usize>,
    stop: &Stop,
    powers: &mut PowersOfTen,
    out: &mut String,
) -> Result<(), Stopped> {
    let bound = decimal_len_bound(n.bits());
    if bound <= 2 * PIECE_DIGITS {
        let text = if n.is_zero() {
            String::new()
        } else {
            n.to_string()
        };
        let pad = width.map_or(0, |width| width.saturating_sub(text.len()));
        out.extend(std::iter::repeat('0').take(pad));
        // A number written alone is at least "0".
        if text.is_empty() && width.is_none() {
            out.push('0');
        }
        out.push_str(&text);
        return Ok(());
    }
    stop.check()?;
    let level = split_level(bound);
    let low_width = PIECE_DIGITS << level;
    let scale = powers.get(level, stop)?.clone();
    // One division: the remainder from the quotient (a second division would cost as much
    // again).
    let high = n / &scale;
    let low = n - &high * &scale;
    stop.check()?;
    let high_width = width.map(|width| width.saturating_sub(low_width));
    match (high.is_zero(), high_width) {
        // No high part and no width (never, for the split has at least half the digits
        // above it): the number is its low part, written at once.
        (true, None) => {
            out.push_str(&low.to_string());
            return Ok(());
        }
        (true, Some(pad)) => out.extend(std::iter::repeat('0').take(pad)),
        (false, _) => write_digits(&high, high_width, stop, powers, out)?,
    }
    write_digits(&low, Some(low_width), stop, powers, out)
}

impl Default for Integer {
    fn default() -> Self {
        Integer::ZERO
    }
}

impl From<i64> for Integer {
    fn from(n: i64) -> Self {
        Integer(Repr::Small(n))
    }
}

impl From<i32> for Integer {
    fn from(n: i32) -> Self {
        Integer(Repr::Small(i64::from(n)))
    }
}

impl From<u64> for Integer {
    fn from(n: u64) -> Self {
        match i64::try_from(n) {
            Ok(small) => Integer(Repr::Small(small)),
            Err(_) => Integer(Repr::Big(Box::new(BigInt::from(n)))),
        }
    }
}

impl From<i128> for Integer {
    fn from(n: i128) -> Self {
        match i64::try_from(n) {
            Ok(small) => Integer(Repr::Small(small)),
            Err(_) => Integer(Repr::Big(Box::new(BigInt::from(n)))),
        }
    }
}

impl From<BigInt> for Integer {
    fn from(n: BigInt) -> Self {
        match n.to_i64() {
            Some(small) => Integer(Repr::Small(small)),
            None => Integer(Repr::Big(Box::new(n))),
        }
    }
}

impl Add for &Integer {
    type Output = Integer;
    fn add(self, other: &Integer) -> Integer {
        if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &other.0) {
            return Integer::from(i128::from(*a) + i128::from(*b));
        }
        Integer::from(self.to_big() + other.to_big())
    }
}

impl Add for Integer {
    type Output = Integer;
    fn add(self, other: Integer) -> Integer {
        &self + &other
    }
}

impl Sub for &Integer {
    type Output = Integer;
    fn sub(self, other: &Integer) -> Integer {
        if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &other.0) {
            return Integer::from(i128::from(*a) - i128::from(*b));
        }
        Integer::from(self.to_big() - other.to_big())
    }
}

impl Sub for Integer {
    type Output = Integer;
    fn sub(self, other: Integer) -> Integer {
        &self - &other
    }
}

impl Mul for &Integer {
    type Output = Integer;
    fn mul(self, other: &Integer) -> Integer {
        if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &other.0) {
            return Integer::from(i128::from(*a) * i128::from(*b));
        }
        Integer::from(self.to_big() * other.to_big())
    }
}

impl Neg for &Integer {
    type Output = Integer;
    fn neg(self) -> Integer {
        match &self.0 {
            Repr::Small(n) => Integer::from(-i128::from(*n)),
            Repr::Big(big) => Integer::from(-(**big).clone()),
        }
    }
}

impl Neg for Integer {
    type Output = Integer;
    fn neg(self) -> Integer {
        match self.0 {
            Repr::Small(n) => Integer::from(-i128::from(n)),
            Repr::Big(big) => Integer::from(-*big),
        }
    }
}

impl Ord for Integer {
    fn cmp(&self, other: &Self) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            // A big value lies beyond every small one, on the side of its sign.
            (Repr::Small(_), Repr::Big(b)) => {
                if b.is_negative() {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
            (Repr::Big(a), Repr::Small(_)) => {
                if a.is_negative() {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
            (Repr::Big(a), Repr::Big(b)) => a.cmp(b),
        }
    }
}

impl PartialOrd for Integer {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq<i64> for Integer {
    fn eq(&self, other: &i64) -> bool {
        matches!(self.0, Repr::Small(n) if n == *other)
    }
}

impl PartialOrd<i64> for Integer {
    fn partial_cmp(&self, other: &i64) -> Option<Ordering> {
        Some(self.cmp(&Integer::from(*other)))
    }
}

impl fmt::Display for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(n) => fmt::Display::fmt(n, f),
            Repr::Big(big) => fmt::Display::fmt(big, f),
        }
    }
}

impl fmt::Debug for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Integer {
    type Err = IntegerError;

    /// Decimal digits with an optional leading `-`, of any length.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let digits = text.strip_prefix('-').unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(IntegerError(text.to_string()));
        }
        match Integer::parse_decimal(text, &Stop::NEVER) {
            Ok(Some(n)) => Ok(n),
            _ => Err(IntegerError(text.to_string())),
        }
    }
}

impl serde::Serialize for Integer {
    /// A JSON number while it fits an `i64`, its decimal text beyond (JSON readers lose
    /// precision past 2^53 and most refuse numbers past 2^64).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Repr::Small(n) => serializer.serialize_i64(*n),
            Repr::Big(big) => serializer.collect_str(big),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn big(n: &Integer) -> BigInt {
        n.to_big()
    }

    #[test]
    fn values_that_fit_stay_small() {
        let max = Integer::from(i64::MAX);
        let over = &max + &Integer::ONE;
        assert_eq!(over.to_i64(), None);
        assert_eq!((&over - &Integer::ONE), max);
        assert!(matches!((&over - &Integer::ONE).0, Repr::Small(_)));
        assert_eq!(
            Integer::from(i64::MIN).abs().to_string(),
            "9223372036854775808"
        );
        assert_eq!(
            (-Integer::from(i64::MIN)).to_string(),
            "9223372036854775808"
        );
    }

    #[test]
    fn shifts_floor_like_machine_shifts() {
        assert_eq!(Integer::small(-3).shr_floor(1), Integer::small(-2));
        assert_eq!(Integer::small(-1).shr_floor(100), Integer::small(-1));
        let huge = Integer::small(-3).shl(200);
        assert_eq!(huge.shr_floor(201), Integer::small(-2));
        assert_eq!(Integer::small(3).shl(200).shr_floor(201), Integer::small(1));
        assert_eq!(Integer::small(1).shl(63).to_string(), "9223372036854775808");
        assert_eq!(Integer::small(12).trailing_zeros(), Some(2));
        assert_eq!(Integer::small(1).shl(300).trailing_zeros(), Some(300));
        assert_eq!(Integer::ZERO.trailing_zeros(), None);
    }

    #[test]
    fn text_of_any_length_reads() {
        let text = "-123456789012345678901234567890";
        assert_eq!(text.parse::<Integer>().unwrap().to_string(), text);
        assert!("12a".parse::<Integer>().is_err());
        assert!("".parse::<Integer>().is_err());
        assert!("-".parse::<Integer>().is_err());
        assert!("+1".parse::<Integer>().is_err());
    }

    #[test]
    fn long_texts_read_and_write_by_halves_as_they_would_at_once() {
        let stop = Stop::never();
        // Lengths around the pieces' sizes and far beyond, with runs of zeros at the
        // splits.
        for digits in [65_535, 65_536, 65_537, 131_071, 131_073, 300_001] {
            for pattern in ["9", "1000000", "31415926535", "10"] {
                let text: String = pattern.chars().cycle().take(digits).collect();
                let read = Integer::parse_decimal(&text, &stop).unwrap().unwrap();
                assert_eq!(read.to_big(), text.parse::<BigInt>().unwrap(), "{digits}");
                assert_eq!(read.to_decimal(&stop).unwrap(), text, "{digits}");
                assert_eq!(read.to_string(), text, "{digits}");
                let negative = format!("-{text}");
                let read = Integer::parse_decimal(&negative, &stop).unwrap().unwrap();
                assert_eq!(read.to_decimal(&stop).unwrap(), negative);
            }
        }
        // Powers of ten and two, whose low halves are all zeros.
        for n in [
            BigInt::from(10u8).pow(131_072),
            BigInt::from(10u8).pow(200_000) - 1,
            BigInt::from(2u8).pow(1_000_000),
        ] {
            let integer = Integer::from(n.clone());
            assert_eq!(integer.to_decimal(&stop).unwrap(), n.to_string());
        }
        assert_eq!(Integer::parse_decimal("12a", &stop), Ok(None));
        assert_eq!(Integer::parse_decimal("-", &stop), Ok(None));
    }

    #[test]
    fn a_raised_stop_ends_long_reading_and_writing() {
        let stop = Stop::new();
        stop.raise();
        let text = "7".repeat(100_000);
        assert_eq!(Integer::parse_decimal(&text, &stop), Err(Stopped));
        let big: Integer = text.parse().unwrap();
        assert_eq!(big.to_decimal(&stop), Err(Stopped));
        // Short ones need no look.
        assert_eq!(
            Integer::parse_decimal("123", &stop),
            Ok(Some(Integer::small(123)))
        );
    }

    #[test]
    fn heap_bytes_grow_with_the_bits() {
        assert_eq!(Integer::small(5).heap_bytes(), 0);
        let big = Integer::small(1).shl(6400);
        assert!(big.heap_bytes() >= 800);
        assert_eq!(big.heap_bytes(), Integer::heap_bytes_for_bits(6401));
        assert!(big.decimal_len_bound() >= big.to_string().len());
    }

    #[test]
    fn json_is_a_number_while_it_fits() {
        assert_eq!(serde_json::to_string(&Integer::small(-5)).unwrap(), "-5");
        let big = Integer::small(1).shl(70);
        assert_eq!(
            serde_json::to_string(&big).unwrap(),
            "\"1180591620717411303424\""
        );
    }

    fn any_integer() -> impl Strategy<Value = Integer> {
        prop_oneof![
            any::<i64>().prop_map(Integer::from),
            (any::<i64>(), 0u64..130).prop_map(|(n, k)| Integer::from(n).shl(k)),
        ]
    }

    proptest! {
        #[test]
        fn arithmetic_agrees_with_big_integers(a in any_integer(), b in any_integer(), k in 0u64..140, m in any::<i64>()) {
            prop_assert_eq!(big(&(&a + &b)), big(&a) + big(&b));
            prop_assert_eq!(big(&(&a - &b)), big(&a) - big(&b));
            prop_assert_eq!(big(&(&a * &b)), big(&a) * big(&b));
            prop_assert_eq!(big(&(-&a)), -big(&a));
            prop_assert_eq!(big(&a.shl(k)), big(&a) << k);
            prop_assert_eq!(big(&a.shr_floor(k)), big(&a) >> k);
            prop_assert_eq!(big(&a.times(m)), big(&a) * m);
            prop_assert_eq!(a.cmp(&b), big(&a).cmp(&big(&b)));
            prop_assert_eq!(a.trailing_zeros(), big(&a).trailing_zeros());
            prop_assert_eq!(a.bits(), big(&a).bits());
            prop_assert_eq!(a.to_string().parse::<Integer>().unwrap(), a.clone());
            // The representation is canonical: equal values are equal structs.
            prop_assert_eq!(Integer::from(big(&a)), a);
        }
    }
}
