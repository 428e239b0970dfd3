//! Sums of loopy impartial games, from the values of their parts alone: the value and the
//! outcome of the sum, the value after any move, and which parts to move in, to what.
//!
//! With `a` the nim-sum of the finite parts (docs/loopy.md states and proves it):
//!
//! | parts | value of the sum | outcome |
//! |---|---|---|
//! | all finite | `*a` | P when `a = 0`, else N |
//! | one `∞{K}` | `∞{K ⊕ a}` | N when `a ∈ K`, else D |
//! | two or more `∞` | `∞` | D |
//!
//! ```
//! use grundy::loopy::retrograde::Outcome;
//! use grundy::loopy::sum::{SumOfValues, Target};
//! use grundy::loopy::value::LoopyNimber;
//!
//! let sum = SumOfValues::new(vec![LoopyNimber::infinite([0, 2]), LoopyNimber::Finite(2)]);
//! assert_eq!(sum.value(), LoopyNimber::infinite([0, 2]));
//! assert_eq!(sum.outcome(), Outcome::Win);
//! // The one winning move: the ∞ part to a position of value *2, which it has.
//! let winning = sum.winning_moves();
//! assert_eq!(winning.len(), 1);
//! assert_eq!((winning[0].part, &winning[0].to, winning[0].certain), (0, &Target::Nimber { n: 2 }, true));
//! ```

use std::fmt;

use super::retrograde::Outcome;
use super::value::{LoopyNimber, NimberSet};

/// A sum of positions of loopy impartial games, known by the values of its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumOfValues {
    parts: Vec<LoopyNimber>,
    /// The nim-sum of the finite parts.
    finite: u64,
    /// The parts of value `∞`, by index.
    infinite: Vec<usize>,
}

/// The positions a move in one part should go to, described by their values.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Target {
    /// A position of value `*n`.
    Nimber {
        /// The nimber.
        n: u64,
    },
    /// A position of value `∞` whose finite options do not include `*n`.
    InfiniteWithout {
        /// The nimber its finite options lack.
        n: u64,
    },
    /// Any position but one of a finite value in the set (any position at all when the set
    /// is empty; a position of value `∞` always qualifies).
    Outside {
        /// The finite values excluded.
        #[serde(serialize_with = "serialize_set")]
        excluded: NimberSet,
    },
}

impl Target {
    /// Whether a move to a position of value `value` is of this kind.
    pub fn admits(&self, value: &LoopyNimber) -> bool {
        match (self, value) {
            (Target::Nimber { n }, LoopyNimber::Finite(value)) => value == n,
            (Target::Nimber { .. }, LoopyNimber::Infinite(_)) => false,
            (Target::InfiniteWithout { n }, LoopyNimber::Infinite(options)) => {
                !options.contains(*n)
            }
            (Target::InfiniteWithout { .. }, LoopyNimber::Finite(_)) => false,
            (Target::Outside { excluded }, LoopyNimber::Finite(value)) => {
                !excluded.contains(*value)
            }
            (Target::Outside { .. }, LoopyNimber::Infinite(_)) => true,
        }
    }
}

fn serialize_set<S: serde::Serializer>(set: &NimberSet, serializer: S) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(set.values(), serializer)
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Nimber { n } => write!(f, "to a position of value {}", LoopyNimber::Finite(*n)),
            Target::InfiniteWithout { n } => write!(
                f,
                "to a position of value ∞ without {} among its finite options",
                LoopyNimber::Finite(*n)
            ),
            Target::Outside { excluded } if excluded.is_empty() => f.write_str("anywhere"),
            Target::Outside { excluded } => {
                f.write_str("anywhere but to a position of value ")?;
                let names: Vec<String> = excluded
                    .values()
                    .iter()
                    .map(|&n| LoopyNimber::Finite(n).to_string())
                    .collect();
                f.write_str(&names.join(", "))
            }
        }
    }
}

/// A kind of good move in a sum: in which part, to what, and whether the values alone
/// show that the part has such a move.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Advice {
    /// The part to move in (0-based, in the order of the sum).
    pub part: usize,
    /// What to move it to.
    pub to: Target,
    /// True when the part's value proves it has such a move (a finite part of value `g`
    /// has options of every value below `g`; an `∞{K}` part has options of every value in
    /// `K`, and an option of value `∞` without `mex K` among its own); false when it
    /// depends on the position behind the value.
    pub certain: bool,
}

/// What a sum of values comes to, for a person or a program: the value (in notation and
/// in ASCII), the outcome, the parts and the kinds of winning and drawing moves.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SumSummary {
    /// The value of the sum (`∞{1,3}`), under the key `canonical` as every value's JSON
    /// names it.
    pub canonical: LoopyNimber,
    /// The same value under its old key `value`, deprecated: printed until release 0.2.0
    /// removes it (docs/loopy.md).
    pub value: LoopyNimber,
    /// The value in ASCII (`inf{1,3}`).
    pub ascii: String,
    /// The outcome class: `N`, `P` or `D`.
    pub outcome: char,
    /// The outcome in words.
    pub outcome_meaning: &'static str,
    /// The values of the parts, in order.
    pub parts: Vec<LoopyNimber>,
    /// The kinds of winning moves ([`SumOfValues::winning_moves`]).
    pub winning_moves: Vec<Advice>,
    /// The kinds of drawing moves ([`SumOfValues::drawing_moves`]).
    pub drawing_moves: Vec<Advice>,
}

impl SumOfValues {
    /// The summary of the sum.
    pub fn summary(&self) -> SumSummary {
        let value = self.value();
        let outcome = self.outcome();
        SumSummary {
            ascii: value.ascii(),
            canonical: value.clone(),
            value,
            outcome: outcome.letter(),
            outcome_meaning: outcome.describe(),
            parts: self.parts.clone(),
            winning_moves: self.winning_moves(),
            drawing_moves: self.drawing_moves(),
        }
    }

    /// The sum of positions of values `parts`.
    pub fn new(parts: Vec<LoopyNimber>) -> SumOfValues {
        let finite = parts
            .iter()
            .filter_map(LoopyNimber::nimber)
            .fold(0, |sum, n| sum ^ n);
        let infinite = parts
            .iter()
            .enumerate()
            .filter(|(_, part)| !part.is_finite())
            .map(|(index, _)| index)
            .collect();
        SumOfValues {
            parts,
            finite,
            infinite,
        }
    }

    /// The values of the parts.
    pub fn parts(&self) -> &[LoopyNimber] {
        &self.parts
    }

    /// The finite options of the part at `index`, which is infinite.
    fn options_of(&self, index: usize) -> &NimberSet {
        match &self.parts[index] {
            LoopyNimber::Infinite(options) => options,
            LoopyNimber::Finite(_) => unreachable!("part {index} is listed as infinite"),
        }
    }

    /// The value of the sum.
    pub fn value(&self) -> LoopyNimber {
        match self.infinite.as_slice() {
            [] => LoopyNimber::Finite(self.finite),
            [only] => LoopyNimber::Infinite(self.options_of(*only).shifted(self.finite)),
            _ => LoopyNimber::infinite([]),
        }
    }

    /// Who wins the sum, for the player to move.
    pub fn outcome(&self) -> Outcome {
        match self.infinite.as_slice() {
            [] if self.finite == 0 => Outcome::Loss,
            [] => Outcome::Win,
            [only] if self.options_of(*only).contains(self.finite) => Outcome::Win,
            _ => Outcome::Draw,
        }
    }

    /// The value of the sum after a move in part `part` to a position of value `to`.
    ///
    /// # Panics
    /// When `part` is not a part of the sum.
    pub fn after_move(&self, part: usize, to: &LoopyNimber) -> LoopyNimber {
        let mut finite = self.finite;
        if let Some(n) = self.parts[part].nimber() {
            finite ^= n;
        }
        if let Some(n) = to.nimber() {
            finite ^= n;
        }
        let others: Vec<usize> = self
            .infinite
            .iter()
            .copied()
            .filter(|&index| index != part)
            .collect();
        match (others.as_slice(), to) {
            ([], LoopyNimber::Finite(_)) => LoopyNimber::Finite(finite),
            ([], LoopyNimber::Infinite(options)) => LoopyNimber::Infinite(options.shifted(finite)),
            ([only], LoopyNimber::Finite(_)) => {
                LoopyNimber::Infinite(self.options_of(*only).shifted(finite))
            }
            _ => LoopyNimber::infinite([]),
        }
    }

    /// Every kind of winning move, part by part: empty unless the sum is won. A move wins
    /// exactly when it is of one of these kinds (a move to a position whose value the
    /// target admits).
    pub fn winning_moves(&self) -> Vec<Advice> {
        match self.infinite.as_slice() {
            [] if self.finite != 0 => self
                .parts
                .iter()
                .enumerate()
                .filter_map(|(part, value)| {
                    let g = value.nimber()?;
                    let target = g ^ self.finite;
                    Some(Advice {
                        part,
                        to: Target::Nimber { n: target },
                        certain: target < g,
                    })
                })
                .collect(),
            [only] if self.options_of(*only).contains(self.finite) => vec![Advice {
                part: *only,
                to: Target::Nimber { n: self.finite },
                certain: true,
            }],
            _ => Vec::new(),
        }
    }

    /// Every kind of drawing move (to a position drawn for the opponent), part by part:
    /// empty unless the sum is drawn. A move keeps the draw exactly when it is of one of
    /// these kinds; at least one of them is certain (docs/loopy.md).
    pub fn drawing_moves(&self) -> Vec<Advice> {
        if self.outcome() != Outcome::Draw {
            return Vec::new();
        }
        let mut advice = Vec::new();
        match self.infinite.as_slice() {
            [] => {}
            [only] => {
                // a ∉ K. The ∞ part: to an ∞ without a among its options (certain when
                // a = mex K). A finite part g: to anything but h with a ⊕ g ⊕ h ∈ K; when
                // a > mex K, the parts where g ⊕ a ⊕ mex K < g certainly can.
                let options = self.options_of(*only);
                let a = self.finite;
                let mex = options.mex();
                for (part, value) in self.parts.iter().enumerate() {
                    match value {
                        LoopyNimber::Infinite(_) => advice.push(Advice {
                            part,
                            to: Target::InfiniteWithout { n: a },
                            certain: a == mex,
                        }),
                        LoopyNimber::Finite(g) => {
                            let excluded = options.shifted(a ^ g);
                            let certain = (0..*g).any(|h| !excluded.contains(h));
                            advice.push(Advice {
                                part,
                                to: Target::Outside { excluded },
                                certain,
                            });
                        }
                    }
                }
            }
            [first, second] => {
                // Two ∞ parts: anything in a finite part; an ∞ part anywhere but to a
                // finite value that leaves the other ∞ part's sum won.
                for (part, value) in self.parts.iter().enumerate() {
                    let (excluded, certain) = match value {
                        LoopyNimber::Finite(g) => (NimberSet::default(), *g > 0),
                        LoopyNimber::Infinite(_) => {
                            let other = if part == *first { *second } else { *first };
                            (self.options_of(other).shifted(self.finite), true)
                        }
                    };
                    advice.push(Advice {
                        part,
                        to: Target::Outside { excluded },
                        certain,
                    });
                }
            }
            _ => {
                for (part, value) in self.parts.iter().enumerate() {
                    advice.push(Advice {
                        part,
                        to: Target::Outside {
                            excluded: NimberSet::default(),
                        },
                        certain: value.nimber() != Some(0),
                    });
                }
            }
        }
        advice
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn values(texts: &[&str]) -> Vec<LoopyNimber> {
        texts.iter().map(|text| text.parse().unwrap()).collect()
    }

    /// Every value an option of a part of value `part` can have, among small nimbers and ∞
    /// with small sets: a part of value `*g` has no option of value `*g`, and each of its
    /// options of value ∞ has an option of value `*g`; the finite options of `∞{K}` are
    /// worth the values in `K`.
    fn options(part: &LoopyNimber) -> Vec<LoopyNimber> {
        let mut all: Vec<LoopyNimber> = (0..8).map(LoopyNimber::Finite).collect();
        for mask in 0u64..64 {
            all.push(LoopyNimber::infinite(
                (0..6).filter(|bit| mask >> bit & 1 == 1),
            ));
        }
        all.retain(|option| match (part, option) {
            (LoopyNimber::Finite(g), LoopyNimber::Finite(h)) => g != h,
            (LoopyNimber::Finite(g), LoopyNimber::Infinite(options)) => options.contains(*g),
            (LoopyNimber::Infinite(options), LoopyNimber::Finite(h)) => options.contains(*h),
            (LoopyNimber::Infinite(_), LoopyNimber::Infinite(_)) => true,
        });
        all
    }

    #[test]
    fn the_table_of_sums() {
        let cases = [
            (vec!["*3", "*5"], "*6", Outcome::Win),
            (vec!["*3", "*3"], "0", Outcome::Loss),
            (vec!["∞{0,2}", "*3"], "∞{1,3}", Outcome::Draw),
            (vec!["∞{0,2}", "*2"], "∞{0,2}", Outcome::Win),
            (vec!["∞{0}", "∞{0}"], "∞", Outcome::Draw),
            (vec!["∞", "*", "∞{1}", "∞{0}"], "∞", Outcome::Draw),
            (vec!["∞"], "∞", Outcome::Draw),
            (vec!["0"], "0", Outcome::Loss),
        ];
        for (parts, value, outcome) in cases {
            let sum = SumOfValues::new(values(&parts));
            assert_eq!(sum.value().to_string(), value, "{parts:?}");
            assert_eq!(sum.outcome(), outcome, "{parts:?}");
            assert_eq!(sum.value().outcome(), outcome, "{parts:?}");
            let summary = sum.summary();
            assert_eq!(summary.canonical.to_string(), value);
            assert_eq!(summary.outcome, outcome.letter());
            assert_eq!(summary.parts, sum.parts());
        }
    }

    #[test]
    fn the_advice_admits_exactly_the_good_moves() {
        let sums = [
            vec!["*3", "*5", "*"],
            vec!["*3", "*3"],
            vec!["∞{0,2}", "*3", "*"],
            vec!["∞{0,2}", "*2"],
            vec!["∞{0,1,3}", "*2", "*6"],
            vec!["∞{1}", "*"],
            vec!["∞{0}", "∞{1,2}", "*3"],
            vec!["∞{0}", "∞{1,2}", "0"],
            vec!["∞", "∞", "∞{0}", "*2", "0"],
            vec!["∞"],
        ];
        for parts in sums {
            let sum = SumOfValues::new(values(&parts));
            let winning = sum.winning_moves();
            let drawing = sum.drawing_moves();
            let mut some_certain = false;
            for part in 0..parts.len() {
                for option in options(&sum.parts()[part]) {
                    let after = sum.after_move(part, &option);
                    // The sum after the move, by its parts: the same value.
                    let mut moved = sum.parts().to_vec();
                    moved[part] = option.clone();
                    assert_eq!(after, SumOfValues::new(moved).value());
                    let wins = after.outcome() == Outcome::Loss;
                    let draws = sum.outcome() == Outcome::Draw && after.outcome() == Outcome::Draw;
                    let advised = |advice: &[Advice]| {
                        advice
                            .iter()
                            .any(|advice| advice.part == part && advice.to.admits(&option))
                    };
                    assert_eq!(
                        advised(&winning),
                        wins,
                        "{parts:?}: part {part} to {option}"
                    );
                    assert_eq!(
                        advised(&drawing),
                        draws,
                        "{parts:?}: part {part} to {option}"
                    );
                }
            }
            for advice in winning.iter().chain(&drawing) {
                some_certain |= advice.certain;
            }
            assert_eq!(some_certain, sum.outcome() != Outcome::Loss, "{parts:?}");
        }
    }

    #[test]
    fn targets_describe_themselves() {
        assert_eq!(
            Target::Nimber { n: 2 }.to_string(),
            "to a position of value *2"
        );
        assert_eq!(
            Target::InfiniteWithout { n: 0 }.to_string(),
            "to a position of value ∞ without 0 among its finite options"
        );
        assert_eq!(
            Target::Outside {
                excluded: NimberSet::new([0, 1])
            }
            .to_string(),
            "anywhere but to a position of value 0, *"
        );
        assert_eq!(
            serde_json::to_string(&Target::Outside {
                excluded: NimberSet::new([3, 1])
            })
            .unwrap(),
            r#"{"kind":"outside","excluded":[1,3]}"#
        );
    }
}
