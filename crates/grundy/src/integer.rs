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

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

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

/// How many decimal digits [`Integer::read_decimal`] reads between two looks at whether to
/// go on: a few milliseconds of work even on a number of millions of digits.
pub const DIGITS_AT_ONCE: usize = 10_000;

impl Integer {
    /// Reads decimal digits with an optional leading `-`, as `FromStr` does, asking
    /// `go_on` before each piece of [`DIGITS_AT_ONCE`] digits: reading a number is
    /// quadratic in its length (ten million digits take minutes), so a caller with a time
    /// limit can stop it. `Ok(None)` once `go_on` answered false.
    ///
    /// ```
    /// use grundy::integer::Integer;
    /// let text = "7".repeat(25_000);
    /// let read = Integer::read_decimal(&text, || true).unwrap().unwrap();
    /// assert_eq!(read.to_string(), text);
    /// assert_eq!(Integer::read_decimal(&text, || false), Ok(None));
    /// ```
    pub fn read_decimal(
        text: &str,
        go_on: impl FnMut() -> bool,
    ) -> Result<Option<Integer>, IntegerError> {
        read_decimal_in_pieces(text, DIGITS_AT_ONCE, go_on)
    }
}

/// [`Integer::read_decimal`] with pieces of `piece` digits (at least one).
fn read_decimal_in_pieces(
    text: &str,
    piece: usize,
    mut go_on: impl FnMut() -> bool,
) -> Result<Option<Integer>, IntegerError> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(digits) => (true, digits),
        None => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(IntegerError(text.to_string()));
    }
    if let Ok(small) = text.parse::<i64>() {
        return Ok(Some(Integer::small(small)));
    }
    let piece = piece.max(1);
    if digits.len() <= piece {
        return text
            .parse::<BigInt>()
            .map(|big| Some(Integer::from(big)))
            .map_err(|_| IntegerError(text.to_string()));
    }
    let mut value = BigInt::from(0u8);
    let mut scale: Option<BigInt> = None;
    for chunk in digits.as_bytes().chunks(piece) {
        if !go_on() {
            return Ok(None);
        }
        // ASCII digits, checked above: each chunk is text, and a number.
        let chunk = std::str::from_utf8(chunk).map_err(|_| IntegerError(text.to_string()))?;
        let part: BigInt = chunk.parse().map_err(|_| IntegerError(text.to_string()))?;
        let shift = if chunk.len() == piece {
            scale
                .get_or_insert_with(|| num_traits::pow(BigInt::from(10u8), piece))
                .clone()
        } else {
            num_traits::pow(BigInt::from(10u8), chunk.len())
        };
        value = value * shift + part;
    }
    Ok(Some(Integer::from(if negative { -value } else { value })))
}

impl FromStr for Integer {
    type Err = IntegerError;

    /// Decimal digits with an optional leading `-`, of any length.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let digits = text.strip_prefix('-').unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(IntegerError(text.to_string()));
        }
        if let Ok(small) = text.parse::<i64>() {
            return Ok(Integer::small(small));
        }
        text.parse::<BigInt>()
            .map(Integer::from)
            .map_err(|_| IntegerError(text.to_string()))
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

    proptest! {
        /// Read in pieces, a number is the number read at once, whatever the pieces' size;
        /// a stop before any piece reads nothing.
        #[test]
        fn reading_in_pieces_is_reading_at_once(
            negative in any::<bool>(),
            digits in "[0-9]{1,120}",
            piece in 1usize..40,
        ) {
            let text = if negative { format!("-{digits}") } else { digits };
            let at_once: Integer = text.parse().unwrap();
            let mut looks = 0;
            let read = read_decimal_in_pieces(&text, piece, || { looks += 1; true }).unwrap();
            prop_assert_eq!(read, Some(at_once));
            let stopped = read_decimal_in_pieces(&text, piece, || false).unwrap();
            let fits = text.parse::<i64>().is_ok();
            prop_assert_eq!(stopped.is_none(), !fits);
            prop_assert!(fits || looks == text.trim_start_matches('-').len().div_ceil(piece));
        }
    }

    #[test]
    fn reading_in_pieces_stops_when_told_and_refuses_what_is_not_a_number() {
        let text = "9".repeat(3 * DIGITS_AT_ONCE + 1);
        let mut pieces = 0;
        let stopped = Integer::read_decimal(&text, || {
            pieces += 1;
            pieces < 3
        });
        assert_eq!(stopped, Ok(None));
        assert_eq!(pieces, 3);
        let read = Integer::read_decimal(&text, || true).unwrap().unwrap();
        assert_eq!(read, text.parse::<Integer>().unwrap());
        for bad in ["", "-", "12a", "+1", "1-2"] {
            assert!(Integer::read_decimal(bad, || true).is_err(), "{bad:?}");
        }
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
