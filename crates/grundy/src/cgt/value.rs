//! [`Value`]: game values with operators, for front ends.
//!
//! A `Value` is an id in one process-wide [`ValueStore`] behind a mutex, so values can be
//! added, negated, compared and printed with ordinary operators from any thread (the Python
//! bindings and the command line use them). Each operation takes the lock once; a solver
//! that values millions of positions should hold its own `ValueStore` and use ids instead.
//! The shared store only grows: every value ever made stays in it for the life of the
//! process.
//!
//! ```
//! use grundy::cgt::Value;
//! let up: Value = "^".parse().unwrap();
//! let star: Value = "*".parse().unwrap();
//! assert_eq!((up + up).to_string(), "^^");
//! assert_eq!(star + star, Value::zero());
//! assert!(up > Value::zero());
//! assert!(star.partial_cmp(&Value::zero()).is_none()); // * is confused with 0
//! ```

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};
use std::str::FromStr;
use std::sync::{Mutex, OnceLock};

use super::atomic::NotAllSmall;
use super::dyadic::Dyadic;
use super::notation::NotationError;
use super::store::{Comparison, GameId, OutcomeClass, ValueStore};
use super::summary::Summary;
use super::thermograph::Thermograph;

/// A short game's value in the shared store: `Copy`, `==` in O(1), operators for arithmetic
/// and order (`partial_cmp` is `None` when the values are confused).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Value(GameId);

fn shared() -> &'static Mutex<ValueStore> {
    static STORE: OnceLock<Mutex<ValueStore>> = OnceLock::new();
    STORE.get_or_init(|| Mutex::new(ValueStore::new()))
}

impl Value {
    /// Runs `f` on the shared store (the store behind every `Value`). Do not use `Value`
    /// operators inside `f`: the lock is held, and they would wait for it forever.
    pub fn with_store<R>(f: impl FnOnce(&mut ValueStore) -> R) -> R {
        let mut store = shared()
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        f(&mut store)
    }

    /// The value of an id of the shared store (from [`with_store`](Self::with_store)).
    pub fn from_id(id: GameId) -> Value {
        Value(id)
    }

    /// This value's id in the shared store.
    pub fn id(self) -> GameId {
        self.0
    }

    /// Zero.
    pub fn zero() -> Value {
        Value(Self::with_store(|s| s.zero()))
    }

    /// A number.
    pub fn number(x: Dyadic) -> Value {
        Value(Self::with_store(|s| s.number(x)))
    }

    /// An integer.
    pub fn integer(n: i64) -> Value {
        Value(Self::with_store(|s| s.integer(n)))
    }

    /// The nimber `*m`.
    pub fn nimber(m: u64) -> Value {
        Value(Self::with_store(|s| s.nimber(m)))
    }

    /// `n·↑`.
    pub fn ups(n: i64) -> Value {
        Value(Self::with_store(|s| s.ups(n)))
    }

    /// `{ lefts | rights }` in canonical form.
    pub fn game(lefts: &[Value], rights: &[Value]) -> Value {
        let lefts: Vec<GameId> = lefts.iter().map(|v| v.0).collect();
        let rights: Vec<GameId> = rights.iter().map(|v| v.0).collect();
        Value(Self::with_store(|s| s.game(&lefts, &rights)))
    }

    /// Evaluates an expression of values (`{1|0} + ^ - (1/2 + *)`).
    pub fn evaluate(text: &str) -> Result<Value, NotationError> {
        Self::with_store(|s| s.evaluate(text)).map(Value)
    }

    /// The Left options of the canonical form.
    pub fn left_options(self) -> Vec<Value> {
        Self::with_store(|s| s.left_options(self.0))
            .into_iter()
            .map(Value)
            .collect()
    }

    /// The Right options of the canonical form.
    pub fn right_options(self) -> Vec<Value> {
        Self::with_store(|s| s.right_options(self.0))
            .into_iter()
            .map(Value)
            .collect()
    }

    /// How this value compares with another.
    pub fn compare(self, other: Value) -> Comparison {
        Self::with_store(|s| s.compare(self.0, other.0))
    }

    /// L, R, N or P.
    pub fn outcome(self) -> OutcomeClass {
        Self::with_store(|s| s.outcome(self.0))
    }

    /// The left stop.
    pub fn left_stop(self) -> Dyadic {
        Self::with_store(|s| s.left_stop(self.0))
    }

    /// The right stop.
    pub fn right_stop(self) -> Dyadic {
        Self::with_store(|s| s.right_stop(self.0))
    }

    /// The mean.
    pub fn mean(self) -> Dyadic {
        Self::with_store(|s| s.mean(self.0))
    }

    /// The temperature.
    pub fn temperature(self) -> Dyadic {
        Self::with_store(|s| s.temperature(self.0))
    }

    /// The thermograph.
    pub fn thermograph(self) -> Thermograph {
        Self::with_store(|s| (*s.thermograph(self.0)).clone())
    }

    /// The atomic weight, for all-small values.
    pub fn atomic_weight(self) -> Result<Value, NotAllSmall> {
        Self::with_store(|s| s.atomic_weight(self.0)).map(Value)
    }

    /// Everything a front end shows.
    pub fn summary(self) -> Summary {
        Self::with_store(|s| s.summary(self.0))
    }

    /// The thermograph drawn as an SVG picture.
    pub fn thermograph_svg(self) -> String {
        Self::with_store(|s| s.thermograph_svg(self.0))
    }
}

impl Add for Value {
    type Output = Value;
    fn add(self, other: Value) -> Value {
        Value(Self::with_store(|s| s.add(self.0, other.0)))
    }
}

impl Sub for Value {
    type Output = Value;
    fn sub(self, other: Value) -> Value {
        Value(Self::with_store(|s| s.sub(self.0, other.0)))
    }
}

impl Neg for Value {
    type Output = Value;
    fn neg(self) -> Value {
        Value(Self::with_store(|s| s.neg(self.0)))
    }
}

impl PartialOrd for Value {
    /// The partial order of games: `None` when the values are confused (`G || H`).
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.compare(*other).to_ordering()
    }
}

impl fmt::Display for Value {
    /// The canonical form in CGSuite-style notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = Self::with_store(|s| s.display(self.0));
        f.write_str(&text)
    }
}

impl FromStr for Value {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Value::evaluate(text)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn operators_follow_the_group_laws() {
        let g: Value = "{2|-1}".parse().unwrap();
        let h: Value = "^*".parse().unwrap();
        assert_eq!(g + h - h, g);
        assert_eq!(g + (-g), Value::zero());
        assert_eq!(g + h, h + g);
        assert!(h.partial_cmp(&Value::zero()).is_none());
        assert!(Value::integer(1) > Value::number("1/2".parse().unwrap()));
    }

    #[test]
    fn values_cross_threads() {
        let handles: Vec<_> = (0..4)
            .map(|i| std::thread::spawn(move || (Value::nimber(i) + Value::nimber(i)).to_string()))
            .collect();
        for handle in handles {
            assert_eq!(handle.join().unwrap(), "0");
        }
    }
}
