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

/// The largest exponent of a denominator: `1/2^MAX_EXPONENT` is the finest number written.
pub const MAX_EXPONENT: u32 = 60;

/// An exact dyadic rational `numerator / 2^exponent`, kept in lowest terms (the numerator
/// is odd, or the exponent is 0), so that equal numbers have equal fields.
///
/// ```
/// use grundy::cgt::Dyadic;
/// let x: Dyadic = "3/4".parse().unwrap();
/// assert_eq!(x + Dyadic::from_ratio(1, 2).unwrap(), "5/4".parse().unwrap());
/// assert_eq!(x.to_string(), "3/4");
/// assert!("1/3".parse::<Dyadic>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Dyadic {
    numerator: i128,
    exponent: u32,
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
    /// The numerator or denominator is too large to hold.
    #[error("{0:?} is too large")]
    TooLarge(String),
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic {
        numerator: 0,
        exponent: 0,
    };

    /// The integer `n`.
    pub const fn integer(n: i64) -> Dyadic {
        Dyadic {
            numerator: n as i128,
            exponent: 0,
        }
    }

    /// `numerator / 2^exponent`, reduced to lowest terms.
    pub fn new(numerator: i128, exponent: u32) -> Dyadic {
        let mut numerator = numerator;
        let mut exponent = exponent;
        if numerator == 0 {
            return Dyadic::ZERO;
        }
        while exponent > 0 && numerator % 2 == 0 {
            numerator /= 2;
            exponent -= 1;
        }
        Dyadic {
            numerator,
            exponent,
        }
    }

    /// `numerator / denominator` when the denominator is a positive power of two.
    pub fn from_ratio(numerator: i64, denominator: u64) -> Option<Dyadic> {
        if denominator == 0 || !denominator.is_power_of_two() {
            return None;
        }
        Some(Dyadic::new(
            i128::from(numerator),
            denominator.trailing_zeros(),
        ))
    }

    /// The numerator in lowest terms.
    pub fn numerator(self) -> i128 {
        self.numerator
    }

    /// The exponent `k` of the denominator `2^k` in lowest terms.
    pub fn exponent(self) -> u32 {
        self.exponent
    }

    /// Whether this is an integer.
    pub fn is_integer(self) -> bool {
        self.exponent == 0
    }

    /// The largest integer not above this number.
    pub fn floor(self) -> i128 {
        self.numerator >> self.exponent
    }

    /// The smallest integer not below this number.
    pub fn ceil(self) -> i128 {
        -((-self.numerator) >> self.exponent)
    }

    /// Half of this number.
    pub fn half(self) -> Dyadic {
        Dyadic::new(self.numerator, self.exponent + 1)
    }

    /// This number times a (small) integer.
    pub fn times(self, k: i64) -> Dyadic {
        Dyadic::new(self.numerator * i128::from(k), self.exponent)
    }

    /// This number divided by `d` when the quotient is dyadic (`d` is ± a power of two).
    pub fn divided_by(self, d: i64) -> Option<Dyadic> {
        if d == 0 {
            return None;
        }
        let magnitude = d.unsigned_abs();
        if !magnitude.is_power_of_two() {
            return None;
        }
        let sign = if d < 0 { -1 } else { 1 };
        Some(Dyadic::new(
            self.numerator * sign,
            self.exponent + magnitude.trailing_zeros(),
        ))
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(self) -> i32 {
        self.numerator.signum() as i32
    }

    /// The simplest number strictly between `low` and `high` (`None` is unbounded), by the
    /// simplicity rule: the integer nearest zero if any lies between, else the one of
    /// smallest denominator. `None` when the interval is empty.
    pub fn simplest_between(low: Option<Dyadic>, high: Option<Dyadic>) -> Option<Dyadic> {
        match (low, high) {
            (None, None) => Some(Dyadic::ZERO),
            (Some(l), None) => Some(if l.signum() < 0 {
                Dyadic::ZERO
            } else {
                Dyadic::new(l.floor() + 1, 0)
            }),
            (None, Some(h)) => Some(if h.signum() > 0 {
                Dyadic::ZERO
            } else {
                Dyadic::new(h.ceil() - 1, 0)
            }),
            (Some(l), Some(h)) => {
                if l >= h {
                    return None;
                }
                if l.signum() < 0 && h.signum() > 0 {
                    return Some(Dyadic::ZERO);
                }
                if l.signum() >= 0 {
                    let candidate = Dyadic::new(l.floor() + 1, 0);
                    if candidate < h {
                        return Some(candidate);
                    }
                } else {
                    let candidate = Dyadic::new(h.ceil() - 1, 0);
                    if candidate > l {
                        return Some(candidate);
                    }
                }
                // No integer lies between: the interval is inside (n, n+1); halve until a
                // point of the grid falls strictly inside.
                let mut exponent = 1;
                loop {
                    // floor(l * 2^exponent) + 1 over 2^exponent.
                    let shifted = Dyadic::new(l.numerator << exponent, l.exponent);
                    let candidate = Dyadic::new(shifted.floor() + 1, exponent);
                    if candidate < h {
                        return Some(candidate);
                    }
                    exponent += 1;
                    if exponent > 126 {
                        return None;
                    }
                }
            }
        }
    }

    /// A floating-point approximation, for drawing.
    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / (2f64).powi(self.exponent as i32)
    }

    /// Both numbers over one denominator: (numerator of self, numerator of other, exponent).
    fn aligned(self, other: Dyadic) -> (i128, i128, u32) {
        let exponent = self.exponent.max(other.exponent);
        (
            self.numerator << (exponent - self.exponent),
            other.numerator << (exponent - other.exponent),
            exponent,
        )
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Self {
        Dyadic::integer(n)
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        let (a, b, exponent) = self.aligned(other);
        Dyadic::new(a + b, exponent)
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        self + (-other)
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
        let (a, b, _) = self.aligned(*other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    /// `3`, `-3`, `3/4`, `-5/8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, 1u128 << self.exponent)
        }
    }
}

impl FromStr for Dyadic {
    type Err = DyadicError;

    /// `INTEGER` or `INTEGER/POWER-OF-TWO`, with an optional leading `-`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let malformed = || DyadicError::Malformed(text.to_string());
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (top, bottom) = match body.split_once('/') {
            Some((top, bottom)) => (top, Some(bottom)),
            None => (body, None),
        };
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(top) || bottom.is_some_and(|b| !digits(b)) {
            return Err(malformed());
        }
        let too_large = || DyadicError::TooLarge(text.to_string());
        let numerator: i64 = top.parse().map_err(|_| too_large())?;
        let denominator: u64 = match bottom {
            Some(bottom) => bottom.parse().map_err(|_| too_large())?,
            None => 1,
        };
        if denominator == 0 || !denominator.is_power_of_two() {
            return Err(DyadicError::NotDyadic(text.to_string()));
        }
        if denominator.trailing_zeros() > MAX_EXPONENT {
            return Err(too_large());
        }
        let signed = if negative { -numerator } else { numerator };
        Dyadic::from_ratio(signed, denominator).ok_or_else(malformed)
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
            Dyadic::simplest_between(l.map(d), h.map(d)).map(|x| x.to_string())
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
            "99999999999999999999999".parse::<Dyadic>(),
            Err(DyadicError::TooLarge(_))
        ));
    }
}
