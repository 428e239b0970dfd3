//! Dyadic rationals: the numbers `m / 2^k` that short games take as values, stops, means,
//! temperatures and thermograph coordinates.
//!
//! Every number that a short game equals is dyadic, and the thermograph of a short game is
//! made of segments of slope 0 and ±1 whose meeting points halve a difference, so dyadic
//! rationals are closed under every operation this module needs; general rationals are never
//! required.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};
use std::str::FromStr;

use num_bigint::BigUint;

use crate::integer::Integer;
use crate::stop::{Stop, Stopped};

/// An exact dyadic rational `numerator / 2^exponent`, kept in lowest terms (the numerator
/// is odd, or the exponent is 0), so that equal numbers have equal fields.
///
/// Numerators and denominators have no size limit: the numerator is an [`Integer`] (a
/// machine word while it fits), and the exponent a `u64`, which no computation can pass
/// (each unit of it costs at least one halving, or one digit of input).
///
/// ```
/// use grundy::cgt::Dyadic;
/// let x: Dyadic = "3/4".parse().unwrap();
/// assert_eq!(x.clone() + Dyadic::from_ratio(1, 2).unwrap(), "5/4".parse().unwrap());
/// assert_eq!(x.to_string(), "3/4");
/// assert!("1/3".parse::<Dyadic>().is_err());
/// let tiny: Dyadic = "1/1267650600228229401496703205376".parse().unwrap(); // 2^-100
/// assert_eq!(tiny.exponent(), 100);
/// assert_eq!((tiny.clone() + tiny).to_string(), "1/633825300114114700748351602688");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Dyadic {
    numerator: Integer,
    exponent: u64,
}

/// Why a text is not a dyadic rational.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DyadicError {
    /// The text is not `INTEGER` or `INTEGER/INTEGER`.
    #[error("not a number: {0:?}")]
    Malformed(String),
    /// The denominator is not a power of two (`1/3`).
    #[error("{0:?} is not a dyadic rational: its denominator is not a power of two")]
    NotDyadic(String),
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic {
        numerator: Integer::ZERO,
        exponent: 0,
    };

    /// The integer `n`.
    pub const fn integer(n: i64) -> Dyadic {
        Dyadic {
            numerator: Integer::small(n),
            exponent: 0,
        }
    }

    /// The integer `n`, of any size.
    pub fn from_integer(n: Integer) -> Dyadic {
        Dyadic {
            numerator: n,
            exponent: 0,
        }
    }

    /// `numerator / 2^exponent`, reduced to lowest terms.
    pub fn new(numerator: impl Into<Integer>, exponent: u64) -> Dyadic {
        let numerator = numerator.into();
        let Some(twos) = numerator.trailing_zeros() else {
            return Dyadic::ZERO;
        };
        let drop = twos.min(exponent);
        if drop == 0 {
            return Dyadic {
                numerator,
                exponent,
            };
        }
        Dyadic {
            numerator: numerator.shr_floor(drop),
            exponent: exponent - drop,
        }
    }

    /// `numerator / denominator` when the denominator is a positive power of two.
    pub fn from_ratio(numerator: i64, denominator: u64) -> Option<Dyadic> {
        if denominator == 0 || !denominator.is_power_of_two() {
            return None;
        }
        Some(Dyadic::new(
            numerator,
            u64::from(denominator.trailing_zeros()),
        ))
    }

    /// The numerator in lowest terms.
    pub fn numerator(&self) -> &Integer {
        &self.numerator
    }

    /// The exponent `k` of the denominator `2^k` in lowest terms.
    pub fn exponent(&self) -> u64 {
        self.exponent
    }

    /// Whether this is an integer.
    pub fn is_integer(&self) -> bool {
        self.exponent == 0
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.numerator.is_zero()
    }

    /// The largest integer not above this number.
    pub fn floor(&self) -> Integer {
        self.numerator.shr_floor(self.exponent)
    }

    /// The smallest integer not below this number.
    pub fn ceil(&self) -> Integer {
        -(-&self.numerator).shr_floor(self.exponent)
    }

    /// Half of this number.
    pub fn half(&self) -> Dyadic {
        Dyadic::new(self.numerator.clone(), self.exponent + 1)
    }

    /// This number times an integer.
    pub fn times(&self, k: i64) -> Dyadic {
        Dyadic::new(self.numerator.times(k), self.exponent)
    }

    /// This number divided by `d` when the quotient is dyadic (`d` is ± a power of two).
    pub fn divided_by(&self, d: i64) -> Option<Dyadic> {
        if d == 0 {
            return None;
        }
        let magnitude = d.unsigned_abs();
        if !magnitude.is_power_of_two() {
            return None;
        }
        let sign = if d < 0 { -1 } else { 1 };
        Some(Dyadic::new(
            self.numerator.times(sign),
            self.exponent + u64::from(magnitude.trailing_zeros()),
        ))
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        self.numerator.signum()
    }

    /// The simplest number strictly between `low` and `high` (`None` is unbounded), by the
    /// simplicity rule: the integer nearest zero if any lies between, else the one of
    /// smallest denominator. `None` when the interval is empty.
    pub fn simplest_between(low: Option<&Dyadic>, high: Option<&Dyadic>) -> Option<Dyadic> {
        let one = Integer::ONE;
        match (low, high) {
            (None, None) => Some(Dyadic::ZERO),
            (Some(l), None) => Some(if l.signum() < 0 {
                Dyadic::ZERO
            } else {
                Dyadic::from_integer(&l.floor() + &one)
            }),
            (None, Some(h)) => Some(if h.signum() > 0 {
                Dyadic::ZERO
            } else {
                Dyadic::from_integer(&h.ceil() - &one)
            }),
            (Some(l), Some(h)) => {
                if l >= h {
                    return None;
                }
                if l.signum() < 0 && h.signum() > 0 {
                    return Some(Dyadic::ZERO);
                }
                if l.signum() >= 0 {
                    let candidate = Dyadic::from_integer(&l.floor() + &one);
                    if &candidate < h {
                        return Some(candidate);
                    }
                } else {
                    let candidate = Dyadic::from_integer(&h.ceil() - &one);
                    if &candidate > l {
                        return Some(candidate);
                    }
                }
                // No integer lies between: the interval is inside (n, n+1); halve until a
                // point of the grid falls strictly inside. At the finer of the two
                // denominators, doubled, one always does, so the loop ends.
                let mut exponent = 1;
                loop {
                    // floor(l * 2^exponent) + 1 over 2^exponent.
                    let shifted = Dyadic::new(l.numerator.shl(exponent), l.exponent);
                    let candidate = Dyadic::new(&shifted.floor() + &one, exponent);
                    if &candidate < h {
                        return Some(candidate);
                    }
                    exponent += 1;
                }
            }
        }
    }

    /// A floating-point approximation, for drawing (infinite or zero past the range of
    /// `f64`).
    pub fn to_f64(&self) -> f64 {
        let exponent = i32::try_from(self.exponent).unwrap_or(i32::MAX);
        if let Some(n) = self.numerator.to_i64() {
            return n as f64 / (2f64).powi(exponent);
        }
        // Scale a huge numerator down first, so that neither part alone overflows.
        let bits = self.numerator.bits();
        let drop = bits.saturating_sub(60);
        let head = self.numerator.shr_floor(drop).to_f64();
        let scale = i64::try_from(drop).unwrap_or(i64::MAX) - i64::from(exponent);
        head * (2f64).powi(i32::try_from(scale.clamp(-2000, 2000)).unwrap_or(0))
    }

    /// Both numerators over one denominator, when that fits machine words: the fast path of
    /// sums and comparisons.
    fn aligned_small(&self, other: &Dyadic) -> Option<(i128, i128, u64)> {
        let a = self.numerator.to_i64()?;
        let b = other.numerator.to_i64()?;
        let exponent = self.exponent.max(other.exponent);
        let (da, db) = (exponent - self.exponent, exponent - other.exponent);
        if da > 62 || db > 62 {
            return None;
        }
        // |a|, |b| <= 2^63 and shifts <= 62: each is below 2^125, their sum below 2^126.
        Some((i128::from(a) << da, i128::from(b) << db, exponent))
    }

    /// Both numerators over one denominator, in any size.
    fn aligned(&self, other: &Dyadic) -> (Integer, Integer, u64) {
        let exponent = self.exponent.max(other.exponent);
        (
            self.numerator.shl(exponent - self.exponent),
            other.numerator.shl(exponent - other.exponent),
            exponent,
        )
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Self {
        Dyadic::integer(n)
    }
}

impl From<Integer> for Dyadic {
    fn from(n: Integer) -> Self {
        Dyadic::from_integer(n)
    }
}

impl Add for &Dyadic {
    type Output = Dyadic;
    fn add(self, other: &Dyadic) -> Dyadic {
        if let Some((a, b, exponent)) = self.aligned_small(other) {
            return Dyadic::new(a + b, exponent);
        }
        let (a, b, exponent) = self.aligned(other);
        Dyadic::new(&a + &b, exponent)
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        &self + &other
    }
}

impl Sub for &Dyadic {
    type Output = Dyadic;
    fn sub(self, other: &Dyadic) -> Dyadic {
        if let Some((a, b, exponent)) = self.aligned_small(other) {
            return Dyadic::new(a - b, exponent);
        }
        let (a, b, exponent) = self.aligned(other);
        Dyadic::new(&a - &b, exponent)
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        &self - &other
    }
}

impl Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            numerator: -&self.numerator,
            exponent: self.exponent,
        }
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            numerator: -self.numerator,
            exponent: self.exponent,
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        if self.exponent == other.exponent {
            return self.numerator.cmp(&other.numerator);
        }
        if let Some((a, b, _)) = self.aligned_small(other) {
            return a.cmp(&b);
        }
        let (a, b, _) = self.aligned(other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Dyadic {
    /// The heap bytes this number owns, for the estimates held against memory limits.
    pub fn heap_bytes(&self) -> usize {
        self.numerator.heap_bytes()
    }

    /// An upper bound on the length of the text [`Display`](fmt::Display) writes, for the
    /// estimates of printed text held against memory limits.
    pub fn text_len_bound(&self) -> usize {
        let denominator = if self.exponent == 0 {
            0
        } else {
            Integer::ONE.shl(self.exponent).decimal_len_bound() + 1
        };
        self.numerator.decimal_len_bound() + denominator
    }

    /// The text [`Display`](fmt::Display) writes, looking at `stop` while a long numerator
    /// or denominator is written.
    pub fn to_decimal(&self, stop: &Stop) -> Result<String, Stopped> {
        let mut text = self.numerator.to_decimal(stop)?;
        if self.exponent > 0 {
            text.push('/');
            text.push_str(&Integer::ONE.shl(self.exponent).to_decimal(stop)?);
        }
        Ok(text)
    }

    /// Reads `INTEGER` or `INTEGER/POWER-OF-TWO` as [`FromStr`] does, looking at `stop`
    /// while long digits are read: `Ok(Err(_))` when the text is not a dyadic rational,
    /// `Err` once the stop has come.
    pub fn parse_with_stop(
        text: &str,
        stop: &Stop,
    ) -> Result<Result<Dyadic, DyadicError>, Stopped> {
        let malformed = || DyadicError::Malformed(text.to_string());
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (top, bottom) = match body.split_once('/') {
            Some((top, bottom)) => (top, Some(bottom)),
            None => (body, None),
        };
        // A sign is read here, never inside the digits.
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(top) || bottom.is_some_and(|b| !digits(b)) {
            return Ok(Err(malformed()));
        }
        let Some(numerator) = Integer::parse_decimal(top, stop)? else {
            return Ok(Err(malformed()));
        };
        let exponent = match bottom {
            None => 0,
            Some(bottom) => {
                let Some(denominator) = Integer::parse_decimal(bottom, stop)? else {
                    return Ok(Err(malformed()));
                };
                let Some(twos) = denominator.trailing_zeros() else {
                    return Ok(Err(DyadicError::NotDyadic(text.to_string())));
                };
                if denominator.shr_floor(twos) != Integer::ONE {
                    return Ok(Err(DyadicError::NotDyadic(text.to_string())));
                }
                twos
            }
        };
        let signed = if negative { -numerator } else { numerator };
        Ok(Ok(Dyadic::new(signed, exponent)))
    }
}

impl fmt::Display for Dyadic {
    /// `3`, `-3`, `3/4`, `-5/8`, with every digit at any size.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else if self.exponent < 64 {
            write!(f, "{}/{}", self.numerator, 1u64 << self.exponent)
        } else {
            write!(
                f,
                "{}/{}",
                self.numerator,
                BigUint::from(1u8) << self.exponent
            )
        }
    }
}

impl FromStr for Dyadic {
    type Err = DyadicError;

    /// `INTEGER` or `INTEGER/POWER-OF-TWO`, with an optional leading `-`, of any length.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match Dyadic::parse_with_stop(text, &Stop::NEVER) {
            Ok(read) => read,
            // A stop that never comes never stops the reading.
            Err(Stopped) => Err(DyadicError::Malformed(text.to_string())),
        }
    }
}

impl serde::Serialize for Dyadic {
    /// As its exact text (`"3/4"`), which JSON numbers could not always hold.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn d(text: &str) -> Dyadic {
        text.parse().unwrap()
    }

    #[test]
    fn arithmetic_is_exact_and_reduced() {
        assert_eq!(d("1/2") + d("1/2"), d("1"));
        assert_eq!(d("3/4") - d("1/4"), d("1/2"));
        assert_eq!(d("-5/8").to_string(), "-5/8");
        assert_eq!(d("6/8"), d("3/4"));
        assert_eq!(d("3").half(), d("3/2"));
        assert_eq!(d("1/2").divided_by(-2), Some(d("-1/4")));
        assert_eq!(d("1").divided_by(3), None);
        assert!(d("-1/2") < d("-1/4"));
    }

    #[test]
    fn floor_and_ceil() {
        assert_eq!(d("-3/2").floor(), -2);
        assert_eq!(d("-3/2").ceil(), -1);
        assert_eq!(d("5/4").floor(), 1);
        assert_eq!(d("5/4").ceil(), 2);
        assert_eq!(d("2").ceil(), 2);
    }

    #[test]
    fn the_simplest_number_between() {
        let s = |l: Option<&str>, h: Option<&str>| {
            Dyadic::simplest_between(l.map(d).as_ref(), h.map(d).as_ref()).map(|x| x.to_string())
        };
        assert_eq!(s(None, None).as_deref(), Some("0"));
        assert_eq!(s(Some("0"), None).as_deref(), Some("1"));
        assert_eq!(s(Some("-3/2"), None).as_deref(), Some("0"));
        assert_eq!(s(None, Some("-3/2")).as_deref(), Some("-2"));
        assert_eq!(s(None, Some("-2")).as_deref(), Some("-3"));
        assert_eq!(s(Some("0"), Some("1")).as_deref(), Some("1/2"));
        assert_eq!(s(Some("1/2"), Some("1")).as_deref(), Some("3/4"));
        assert_eq!(s(Some("-1"), Some("5")).as_deref(), Some("0"));
        assert_eq!(s(Some("1/4"), Some("5")).as_deref(), Some("1"));
        assert_eq!(s(Some("-7/2"), Some("-1/8")).as_deref(), Some("-1"));
        assert_eq!(s(Some("-1"), Some("-3/4")).as_deref(), Some("-7/8"));
        assert_eq!(s(Some("1"), Some("1")), None);
    }

    #[test]
    fn bad_text_is_refused() {
        assert!(matches!(
            "1/3".parse::<Dyadic>(),
            Err(DyadicError::NotDyadic(_))
        ));
        assert!(matches!(
            "1/0".parse::<Dyadic>(),
            Err(DyadicError::NotDyadic(_))
        ));
        assert!(matches!(
            "x".parse::<Dyadic>(),
            Err(DyadicError::Malformed(_))
        ));
        assert!(matches!(
            "1/-2".parse::<Dyadic>(),
            Err(DyadicError::Malformed(_))
        ));
        assert!(matches!(
            "1/36893488147419103233".parse::<Dyadic>(),
            Err(DyadicError::NotDyadic(_))
        ));
    }

    #[test]
    fn numbers_of_any_size_are_exact() {
        let huge = d("99999999999999999999999");
        assert_eq!(huge.to_string(), "99999999999999999999999");
        let tiny = d("1/170141183460469231731687303715884105728"); // 2^-127
        assert_eq!(tiny.exponent(), 127);
        assert_eq!(
            tiny.half().to_string(),
            "1/340282366920938463463374607431768211456"
        );
        let sum = (0..33).fold(Dyadic::ZERO, |s, _| s + d("4611686018427387903"));
        assert_eq!(sum.to_string(), "152185638608103800799");
        let a = d("200") + d("1/1152921504606846976");
        let b = d("200") + d("1/576460752303423488");
        assert!(a < b && a.signum() > 0);
        assert_eq!(
            Dyadic::simplest_between(Some(&a), Some(&b))
                .unwrap()
                .to_string(),
            "461168601842738790403/2305843009213693952"
        );
        assert_eq!(d("-7/2").floor().to_string(), "-4");
        assert_eq!(tiny.to_f64(), 2f64.powi(-127));
    }
}
