//! Every move from one heap, spelled out: how many tokens it removes and which heaps it
//! leaves. The generic solver, the winning-move search and the play adapter read moves from
//! here; the sequence computations use the same rules through faster loops.

use super::code::HeapRules;
use crate::heap::{HeapRuleset, PeriodicityBounds};

/// One way to move in a heap: remove `take` tokens and leave the heaps `left` (non-empty,
/// in increasing order; empty when nothing is left).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HeapOption {
    /// Tokens removed.
    pub take: u64,
    /// The heaps left, smallest first.
    pub left: Vec<u64>,
}

/// Calls `visit` once for every distinct option of a heap of `heap` tokens: by increasing
/// take, then by increasing number of heaps left, then by increasing first heap.
pub fn for_each_option(rules: &HeapRules, heap: u64, mut visit: impl FnMut(u64, &[u64])) {
    match rules {
        HeapRules::Grundy => {
            for small in 1..heap.div_ceil(2) {
                visit(0, &[small, heap - small]);
            }
        }
        HeapRules::AllBut(excluded) => {
            for take in 1..=heap {
                if excluded.binary_search(&take).is_ok() {
                    continue;
                }
                let left = heap - take;
                if left == 0 {
                    visit(take, &[]);
                } else {
                    visit(take, &[left]);
                }
            }
        }
        HeapRules::Subtraction(set) => {
            for &take in set.iter().take_while(|take| **take <= heap) {
                let left = heap - take;
                if left == 0 {
                    visit(take, &[]);
                } else {
                    visit(take, &[left]);
                }
            }
        }
        HeapRules::Code(code) => {
            for take in 0..=code.max_take().min(heap) {
                let digit = code.digit(take);
                let rest = heap - take;
                if digit & 1 != 0 && rest == 0 {
                    visit(take, &[]);
                }
                if digit & 2 != 0 && rest >= 1 && take >= 1 {
                    visit(take, &[rest]);
                }
                if digit & 4 != 0 {
                    for small in 1..=rest / 2 {
                        visit(take, &[small, rest - small]);
                    }
                }
                if digit & 8 != 0 {
                    for first in 1..=rest / 3 {
                        for second in first..=(rest - first) / 2 {
                            visit(take, &[first, second, rest - first - second]);
                        }
                    }
                }
            }
        }
    }
}

/// Whether a heap of `heap` tokens has any move, without listing them (a split of a large
/// heap has millions).
pub fn has_option(rules: &HeapRules, heap: u64) -> bool {
    match rules {
        HeapRules::Grundy => heap >= 3,
        HeapRules::AllBut(excluded) => (1..=heap.min(excluded.len() as u64 + 1))
            .any(|take| excluded.binary_search(&take).is_err()),
        HeapRules::Subtraction(set) => set.first().is_some_and(|take| *take <= heap),
        HeapRules::Code(code) => (0..=code.max_take().min(heap)).any(|take| {
            let digit = code.digit(take);
            let rest = heap - take;
            (digit & 1 != 0 && rest == 0)
                || (digit & 2 != 0 && rest >= 1 && take >= 1)
                || (digit & 4 != 0 && rest >= 2)
                || (digit & 8 != 0 && rest >= 3)
        }),
    }
}

/// Every option of a heap as a list (see [`for_each_option`] for the order).
pub fn options(rules: &HeapRules, heap: u64) -> Vec<HeapOption> {
    let mut found = Vec::new();
    for_each_option(rules, heap, |take, left| {
        found.push(HeapOption {
            take,
            left: left.to_vec(),
        })
    });
    found
}

impl HeapRuleset for HeapRules {
    /// The rules' notation: `0.77`, `hex:0.f`, `S(1,3,4)`, `AB(1,2)`, `grundy`.
    fn name(&self) -> String {
        self.to_string()
    }

    /// In the order of [`for_each_option`].
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        for_each_option(self, heap, |_, left| visit(left));
    }

    fn has_option(&self, heap: u64) -> bool {
        has_option(self, heap)
    }

    /// Codes and subtraction games: their largest take and the most heaps a move leaves.
    /// All-but games (no largest take) and Grundy's game (the heaps left must be unequal,
    /// which a shift by the period does not keep) have none.
    fn periodicity_bounds(&self) -> Option<PeriodicityBounds> {
        if let HeapRules::Grundy = self {
            return None;
        }
        Some(PeriodicityBounds {
            max_take: self.max_take()?,
            max_heaps_left: self.max_heaps_left(),
        })
    }

    /// The least take that leaves one heap and is allowed from every heap larger than it.
    fn single_heap_step(&self) -> Option<u64> {
        match self {
            HeapRules::Code(code) => {
                (1..code.digits().len() as u64).find(|take| code.digit(*take) & 2 != 0)
            }
            HeapRules::Subtraction(takes) => takes.first().copied(),
            HeapRules::AllBut(excluded) => (1..).find(|take| !excluded.contains(take)),
            HeapRules::Grundy => None,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn lefts(rules: &str, heap: u64) -> Vec<Vec<u64>> {
        options(&rules.parse().unwrap(), heap)
            .into_iter()
            .map(|option| option.left)
            .collect()
    }

    #[test]
    fn kayles_removes_one_or_two_and_may_split() {
        assert_eq!(
            lefts("0.77", 4),
            vec![vec![3], vec![1, 2], vec![2], vec![1, 1]]
        );
        assert_eq!(lefts("0.77", 1), vec![Vec::<u64>::new()]);
    }

    #[test]
    fn every_option_is_allowed_by_the_rules_and_none_is_missing() {
        for text in ["0.137", "4.07", "hex:0.f9", "S(2,5)", "AB(1,3)", "grundy"] {
            let rules: HeapRules = text.parse().unwrap();
            for heap in 0..12u64 {
                let listed = options(&rules, heap);
                for option in &listed {
                    assert!(
                        rules.allows(heap, option.take, &option.left),
                        "{text} {heap}"
                    );
                }
                // Brute force over every take and every sorted split into at most 3 heaps.
                let mut count = 0;
                for take in 0..=heap {
                    let rest = heap - take;
                    let mut splits: Vec<Vec<u64>> = vec![vec![]];
                    for a in 1..=rest {
                        splits.push(vec![a]);
                        for b in a..=rest {
                            splits.push(vec![a, b]);
                            for c in b..=rest {
                                splits.push(vec![a, b, c]);
                            }
                        }
                    }
                    count += splits
                        .iter()
                        .filter(|left| rules.allows(heap, take, left))
                        .count();
                }
                assert_eq!(listed.len(), count, "{text} heap {heap}");
                assert_eq!(has_option(&rules, heap), count > 0, "{text} heap {heap}");
            }
        }
    }

    #[test]
    fn the_ruleset_lists_the_same_options() {
        for text in ["0.137", "4.07", "hex:0.f9", "S(2,5)", "AB(1,3)", "grundy"] {
            let rules: HeapRules = text.parse().unwrap();
            let ruleset: &dyn HeapRuleset = &rules;
            assert_eq!(ruleset.name(), text);
            for heap in 0..12u64 {
                let mut listed = Vec::new();
                ruleset.for_each_option(heap, &mut |left| listed.push(left.to_vec()));
                assert_eq!(listed, lefts(text, heap), "{text} {heap}");
                assert_eq!(ruleset.has_option(heap), !listed.is_empty());
            }
        }
        let kayles: HeapRules = "0.77".parse().unwrap();
        assert_eq!(
            kayles.periodicity_bounds(),
            Some(PeriodicityBounds {
                max_take: 2,
                max_heaps_left: 2
            })
        );
        assert_eq!(HeapRules::Grundy.periodicity_bounds(), None);
        assert_eq!(rules_step("0.137"), Some(2));
        assert_eq!(rules_step("AB(1,2)"), Some(3));
        assert_eq!(rules_step("grundy"), None);
    }

    fn rules_step(text: &str) -> Option<u64> {
        text.parse::<HeapRules>().unwrap().single_heap_step()
    }

    #[test]
    fn grundy_splits_into_unequal_heaps() {
        assert_eq!(lefts("grundy", 6), vec![vec![1, 5], vec![2, 4]]);
        assert!(lefts("grundy", 2).is_empty());
    }
}
