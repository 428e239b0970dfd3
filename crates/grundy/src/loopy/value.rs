//! The values of loopy impartial games: the generalised Sprague–Grundy values of Smith and
//! Fraenkel. A position is worth a nimber `*n` (it plays as a Nim heap of `n` in every sum)
//! or `∞` with the set `K` of the finite values among its options, written `∞{0,2}` (Winning
//! Ways writes `∞` with `K` as a subscript; `inf{0,2}` is the ASCII form, and `∞` alone is
//! `∞` with an empty `K`). See `docs/loopy.md` for the theory and the notation.
//!
//! ```
//! use grundy::loopy::retrograde::Outcome;
//! use grundy::loopy::value::LoopyNimber;
//!
//! let value: LoopyNimber = "inf{2, 0}".parse().unwrap();
//! assert_eq!(value.to_string(), "∞{0,2}");
//! assert_eq!(value.ascii(), "inf{0,2}");
//! assert_eq!(value.outcome(), Outcome::Win); // 0 is among the options: move there
//! assert_eq!(LoopyNimber::infinite([1]).outcome(), Outcome::Draw);
//! assert_eq!(LoopyNimber::Finite(3).to_string(), "*3");
//! ```

use std::fmt;

use super::retrograde::Outcome;

/// A set of nimbers, sorted, each once: the finite values among the options of a position
/// of value `∞`, and the sets that sums and moves are described by.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NimberSet(Vec<u64>);

impl NimberSet {
    /// The set of `values` (in any order, repeats allowed).
    pub fn new(values: impl IntoIterator<Item = u64>) -> NimberSet {
        let mut values: Vec<u64> = values.into_iter().collect();
        values.sort_unstable();
        values.dedup();
        NimberSet(values)
    }

    /// The nimbers, in increasing order.
    pub fn values(&self) -> &[u64] {
        &self.0
    }

    /// Whether `*n` is in the set.
    pub fn contains(&self, n: u64) -> bool {
        self.0.binary_search(&n).is_ok()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The least nimber not in the set.
    pub fn mex(&self) -> u64 {
        // Sorted and distinct: the first gap is where a value passes its index.
        self.0
            .iter()
            .enumerate()
            .find(|(index, &value)| value != *index as u64)
            .map_or(self.0.len() as u64, |(index, _)| index as u64)
    }

    /// The set of `k ⊕ a` for every `k` in the set: the finite values of a sum's options
    /// when `a` is the nim-sum of its other parts.
    #[must_use]
    pub fn shifted(&self, a: u64) -> NimberSet {
        NimberSet::new(self.0.iter().map(|k| k ^ a))
    }

    /// The set written `{0,2,5}` (numbers for the nimbers, as Winning Ways' subscripts).
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (index, value) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            write!(f, "{value}")?;
        }
        f.write_str("}")
    }
}

impl fmt::Display for NimberSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f)
    }
}

/// The generalised Sprague–Grundy value of a position of a loopy impartial game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LoopyNimber {
    /// The nimber `*n`: the position plays as a Nim heap of `n` in every sum.
    Finite(u64),
    /// `∞` with the finite values among the options (`K`).
    Infinite(NimberSet),
}

impl LoopyNimber {
    /// `∞` with the finite options `values`.
    pub fn infinite(values: impl IntoIterator<Item = u64>) -> LoopyNimber {
        LoopyNimber::Infinite(NimberSet::new(values))
    }

    /// The nimber, when the value is finite.
    pub fn nimber(&self) -> Option<u64> {
        match self {
            LoopyNimber::Finite(n) => Some(*n),
            LoopyNimber::Infinite(_) => None,
        }
    }

    /// Whether the value is a nimber.
    pub fn is_finite(&self) -> bool {
        matches!(self, LoopyNimber::Finite(_))
    }

    /// Who wins a position of this value, for the player to move: a loss at `0`, a win at
    /// any other nimber and at `∞` with `0` among its finite options (move there), a draw
    /// at any other `∞` (docs/loopy.md proves it).
    pub fn outcome(&self) -> Outcome {
        match self {
            LoopyNimber::Finite(0) => Outcome::Loss,
            LoopyNimber::Finite(_) => Outcome::Win,
            LoopyNimber::Infinite(options) if options.contains(0) => Outcome::Win,
            LoopyNimber::Infinite(_) => Outcome::Draw,
        }
    }

    /// The value in ASCII: `inf{0,2}` for `∞{0,2}`, nimbers as they are (`0`, `*`, `*3`).
    pub fn ascii(&self) -> String {
        match self {
            LoopyNimber::Finite(_) => self.to_string(),
            LoopyNimber::Infinite(options) if options.is_empty() => "inf".to_string(),
            LoopyNimber::Infinite(options) => format!("inf{options}"),
        }
    }
}

/// `0`, `*`, `*n`; `∞`, `∞{0,2}`.
impl fmt::Display for LoopyNimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyNimber::Finite(0) => f.write_str("0"),
            LoopyNimber::Finite(1) => f.write_str("*"),
            LoopyNimber::Finite(n) => write!(f, "*{n}"),
            LoopyNimber::Infinite(options) if options.is_empty() => f.write_str("∞"),
            LoopyNimber::Infinite(options) => {
                f.write_str("∞")?;
                options.write(f)
            }
        }
    }
}

/// As its text (`"∞{0,2}"`, `"*3"`).
impl serde::Serialize for LoopyNimber {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn sets_are_sorted_and_know_their_mex() {
        let set = NimberSet::new([5, 0, 2, 1, 2]);
        assert_eq!(set.values(), &[0, 1, 2, 5]);
        assert_eq!(set.mex(), 3);
        assert_eq!(NimberSet::new([]).mex(), 0);
        assert_eq!(NimberSet::new([1, 2]).mex(), 0);
        assert_eq!(NimberSet::new([0, 1, 2]).mex(), 3);
        assert_eq!(set.shifted(3).values(), &[1, 2, 3, 6]);
        assert!(set.contains(5) && !set.contains(3));
        assert_eq!(set.to_string(), "{0,1,2,5}");
    }

    #[test]
    fn values_print_and_read_back() {
        for (value, text, ascii) in [
            (LoopyNimber::Finite(0), "0", "0"),
            (LoopyNimber::Finite(1), "*", "*"),
            (LoopyNimber::Finite(12), "*12", "*12"),
            (LoopyNimber::infinite([]), "∞", "inf"),
            (LoopyNimber::infinite([3, 0]), "∞{0,3}", "inf{0,3}"),
        ] {
            assert_eq!(value.to_string(), text);
            assert_eq!(value.ascii(), ascii);
            assert_eq!(text.parse::<LoopyNimber>().unwrap(), value);
            assert_eq!(ascii.parse::<LoopyNimber>().unwrap(), value);
            assert_eq!(
                serde_json::to_string(&value).unwrap(),
                format!("\"{text}\"")
            );
        }
    }

    #[test]
    fn the_value_decides_the_outcome() {
        assert_eq!(LoopyNimber::Finite(0).outcome(), Outcome::Loss);
        assert_eq!(LoopyNimber::Finite(4).outcome(), Outcome::Win);
        assert_eq!(LoopyNimber::infinite([0, 1]).outcome(), Outcome::Win);
        assert_eq!(LoopyNimber::infinite([1, 2]).outcome(), Outcome::Draw);
        assert_eq!(LoopyNimber::infinite([]).outcome(), Outcome::Draw);
        assert_eq!(LoopyNimber::Finite(4).nimber(), Some(4));
        assert!(!LoopyNimber::infinite([]).is_finite());
    }
}
