//! Nus: games that are a number plus a multiple of up plus a nimber, `x + n·↑ + *m`.
//!
//! Numbers, nimbers, `↑`, `↑*`, `⇑` and their sums are the commonest values of real games
//! (Domineering and Clobber are full of them), and their arithmetic and order have closed
//! forms, so the store keeps them tagged and adds and compares them without searching.

use std::fmt;
use std::ops::{Add, Neg};

use super::dyadic::Dyadic;
use crate::integer::Integer;

/// The game `number + ups·↑ + *nimber`.
///
/// ```
/// use grundy::cgt::{Dyadic, Nus};
/// let up_star = Nus { number: Dyadic::ZERO, ups: 1.into(), nimber: 1 };
/// assert_eq!(up_star.to_string(), "^*");
/// assert_eq!(&up_star + &up_star, Nus::ups(2));
/// assert!(!up_star.ge_zero()); // ↑* is confused with 0
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Nus {
    /// The number part.
    pub number: Dyadic,
    /// The multiple of up (negative for down), of any size.
    pub ups: Integer,
    /// The nimber part: `*nimber`.
    pub nimber: u64,
}

impl Nus {
    /// The number `x`.
    pub fn number(x: Dyadic) -> Nus {
        Nus {
            number: x,
            ups: Integer::ZERO,
            nimber: 0,
        }
    }

    /// The nimber `*m`.
    pub fn nimber(m: u64) -> Nus {
        Nus {
            number: Dyadic::ZERO,
            ups: Integer::ZERO,
            nimber: m,
        }
    }

    /// `n·↑` (`n·↓` for negative `n`).
    pub fn ups(n: impl Into<Integer>) -> Nus {
        Nus {
            number: Dyadic::ZERO,
            ups: n.into(),
            nimber: 0,
        }
    }

    /// Whether this is a number (no ups, no nimber).
    pub fn is_number(&self) -> bool {
        self.ups.is_zero() && self.nimber == 0
    }

    /// Whether `self >= 0`, that is Left wins moving second.
    ///
    /// A positive number decides; with number 0, `n·↑ + *m` is at least 0 exactly when it
    /// is 0, or `n >= 2`, or `n = 1` and `m != 1` (`↑*` is confused with 0; Siegel,
    /// *Combinatorial Game Theory*, II.4).
    pub fn ge_zero(&self) -> bool {
        match self.number.signum() {
            1 => true,
            -1 => false,
            _ => {
                (self.ups.is_zero() && self.nimber == 0)
                    || self.ups >= 2
                    || (self.ups == 1 && self.nimber != 1)
            }
        }
    }
}

impl Add for &Nus {
    type Output = Nus;

    /// The sum: numbers and ups add, nimbers add by nim-addition (XOR).
    fn add(self, other: &Nus) -> Nus {
        Nus {
            number: &self.number + &other.number,
            ups: &self.ups + &other.ups,
            nimber: self.nimber ^ other.nimber,
        }
    }
}

impl Neg for &Nus {
    type Output = Nus;

    /// The negative: every nimber is its own negative.
    fn neg(self) -> Nus {
        Nus {
            number: -&self.number,
            ups: -&self.ups,
            nimber: self.nimber,
        }
    }
}

impl fmt::Display for Nus {
    /// CGSuite's compact form: `0`, `-3/4`, `*2`, `^`, `vv`, `^3`, `1/2^*`, `3*2`, `^*3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::new();
        if self.number != Dyadic::ZERO {
            text.push_str(&self.number.to_string());
        }
        match self.ups.to_i64() {
            Some(0) => {}
            Some(1) => text.push('^'),
            Some(2) => text.push_str("^^"),
            Some(-1) => text.push('v'),
            Some(-2) => text.push_str("vv"),
            _ if self.ups.signum() > 0 => text.push_str(&format!("^{}", self.ups)),
            _ => text.push_str(&format!("v{}", self.ups.abs())),
        }
        match self.nimber {
            0 => {}
            1 => text.push('*'),
            m => text.push_str(&format!("*{m}")),
        }
        if text.is_empty() {
            text.push('0');
        }
        f.write_str(&text)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn nus(number: &str, ups: i64, nimber: u64) -> Nus {
        Nus {
            number: number.parse().unwrap(),
            ups: ups.into(),
            nimber,
        }
    }

    #[test]
    fn compact_forms() {
        assert_eq!(nus("0", 0, 0).to_string(), "0");
        assert_eq!(nus("-3/4", 0, 0).to_string(), "-3/4");
        assert_eq!(nus("0", 0, 2).to_string(), "*2");
        assert_eq!(nus("0", -2, 0).to_string(), "vv");
        assert_eq!(nus("0", 3, 0).to_string(), "^3");
        assert_eq!(nus("0", -3, 1).to_string(), "v3*");
        assert_eq!(nus("1/2", 1, 1).to_string(), "1/2^*");
        assert_eq!(nus("3", 0, 2).to_string(), "3*2");
        assert_eq!(nus("0", 1, 3).to_string(), "^*3");
    }

    #[test]
    fn signs_of_infinitesimals() {
        assert!(nus("0", 1, 0).ge_zero());
        assert!(!nus("0", 1, 1).ge_zero());
        assert!(nus("0", 1, 2).ge_zero());
        assert!(nus("0", 2, 1).ge_zero());
        assert!(!nus("0", 0, 1).ge_zero());
        assert!(!nus("0", -1, 0).ge_zero());
        assert!(nus("1/64", -5, 3).ge_zero());
    }
}
