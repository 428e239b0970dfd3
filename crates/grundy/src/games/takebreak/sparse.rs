//! The nim sequence by the sparse-space method, for games that split a heap into two.
//!
//! Fix a bit mask `m`. The *parity* of a value `v` is the parity of the number of 1 bits of
//! `v & m`; parity is additive under xor. Label every heap `n` by the parity of G(n), flipped
//! when `n` is odd if the labelling also looks at the heap (the *domain* form, `d = 1`), and
//! flipped once more by a fixed shift `s`: label(n) = parity(G(n)) ⊕ d·(n mod 2) ⊕ s. Heaps
//! labelled 1 are *common*, heaps labelled 0 *rare*. For a split of `S` tokens into heaps
//! a + b = S, parity(G(a) ⊕ G(b)) = label(a) ⊕ label(b) ⊕ d·(S mod 2), so:
//!
//! * values of parity `1 ⊕ d·(S mod 2)` come only from splits with exactly one rare heap:
//!   visiting the few rare heaps finds every one of them exactly;
//! * values of the other parity (the *plentiful* parity of `S`) come from splits of two
//!   common heaps (or two rare ones); in games where almost every heap is common they are so
//!   plentiful that a short scan finds a split giving any one that is there, and only a
//!   value that is really missing costs a full scan.
//!
//! G(n), the least value not among the options, is found by walking up the values: a value
//! not found among the moves that leave at most one heap and the splits with a rare heap is
//! missing unless it has the plentiful parity of some split size, and then it is searched for
//! among those splits. The result is exact whatever the labelling; the labelling only decides
//! the speed. It is chosen to make the rare heaps fewest among the first values (computed by
//! the plain loop). When almost every G(n) is common, the answer is found without a full
//! scan, and the work per heap is about the number of rare heaps.
//!
//! Applies to games whose moves leave at most two heaps ([`applies_to`]); the plain loop in
//! [`super::sequence`] is its slow twin.

use serde::Serialize;

use super::code::HeapRules;
use super::sequence::{
    check_length, plain_values, value_bound, Marks, Progress, SequenceError, STOP_EVERY,
};
use crate::stop::Stop;
use super::shape::Shape;
use crate::error::ParseError;

/// How many values the plain loop computes to choose the labelling.
const SAMPLE: usize = 1 << 14;

/// How heaps are labelled common or rare (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Labelling {
    /// The bits of a value that count for its parity.
    pub mask: u32,
    /// True when the parity of the heap size also counts (the domain form).
    pub domain: bool,
    /// Flips every label.
    pub shift: bool,
}

impl Labelling {
    /// The parity of a value.
    #[inline]
    fn parity(self, value: u32) -> bool {
        (value & self.mask).count_ones() % 2 == 1
    }

    /// Whether heap `heap` of value `value` is common.
    #[inline]
    pub fn is_common(self, heap: usize, value: u32) -> bool {
        self.parity(value) ^ (self.domain && heap % 2 == 1) ^ self.shift
    }

    /// The parity that splits of `sum` tokens into two common heaps give.
    #[inline]
    fn plentiful(self, sum: usize) -> bool {
        self.domain && sum % 2 == 1
    }
}

/// What the sparse computation found besides the values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SparseReport {
    /// How heaps were labelled.
    pub labelling: Labelling,
    /// The heaps labelled rare, in increasing order.
    pub rare_heaps: Vec<usize>,
    /// How many times a value was searched for among all splits of a size and was missing.
    pub full_scans: u64,
    /// How many splits the searches for plentiful values visited in all.
    pub search_steps: u64,
}

/// Whether the sparse-space method applies: the game splits heaps in two and never in
/// three, and every move takes a bounded number of tokens.
pub fn applies_to(rules: &HeapRules) -> bool {
    Shape::of(rules).is_some_and(|shape| !shape.pair.is_empty() && shape.triple.is_empty())
}

/// How many heaps of `values` would cost a full scan under `labelling`: the rare heaps, and
/// the heaps whose value has the plentiful parity of one of their split sizes.
fn cost(shape: &Shape, values: &[u32], labelling: Labelling) -> usize {
    values
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(heap, value)| {
            !labelling.is_common(*heap, **value)
                || shape.pair.iter().any(|take| {
                    *heap >= take + 2
                        && labelling.plentiful(heap - take) == labelling.parity(**value)
                })
        })
        .count()
}

/// The labelling that makes the fewest heaps of `values` cost a full scan (masks below
/// twice the first power of two above every value; the shift is the one that makes a heap
/// common exactly when its value lacks the plentiful parity of its first split size); ties
/// go to the first tried.
pub fn choose_labelling(shape: &Shape, values: &[u32]) -> Labelling {
    let max = values.iter().copied().max().unwrap_or(0);
    let limit = ((max + 1).next_power_of_two() * 2).max(2);
    let first_split_odd = shape.pair.first().is_some_and(|take| take % 2 == 1);
    let mut best = Labelling {
        mask: 1,
        domain: false,
        shift: false,
    };
    let mut fewest = usize::MAX;
    for mask in 1..limit {
        for domain in [false, true] {
            let labelling = Labelling {
                mask,
                domain,
                shift: domain && first_split_odd,
            };
            let scans = cost(shape, values, labelling);
            if scans < fewest {
                fewest = scans;
                best = labelling;
            }
        }
    }
    best
}

/// G(0), …, G(count − 1) by the sparse-space method, with what it found. Errors when the
/// method does not apply to `rules` or the length is beyond memory.
pub fn sparse_values(
    rules: &HeapRules,
    count: usize,
    progress: Progress<'_>,
    stop: &Stop,
) -> Result<(Vec<u32>, SparseReport), SequenceError> {
    sparse_values_after(rules, count, SAMPLE, progress, stop)
}

/// [`sparse_values`] with the first `sample` values (at least 1) computed by the plain loop
/// and used to choose the labelling; tests use a short sample so that the sparse loop does
/// most of the work.
pub fn sparse_values_after(
    rules: &HeapRules,
    count: usize,
    sample: usize,
    progress: Progress<'_>,
    stop: &Stop,
) -> Result<(Vec<u32>, SparseReport), SequenceError> {
    check_length(count)?;
    let shape = Shape::of(rules)
        .filter(|_| applies_to(rules))
        .ok_or_else(|| {
            ParseError::at_token(
                "the sparse-space method needs a game that splits heaps in two (and never in \
                 three)",
                &rules.to_string(),
            )
        })?;
    let sample = count.min(sample.max(1));
    let mut values = plain_values(rules, sample, &mut |_, _| {}, stop)?;
    let labelling = choose_labelling(&shape, &values);
    let mut rare_heaps: Vec<usize> = (1..sample)
        .filter(|heap| !labelling.is_common(*heap, values[*heap]))
        .collect();
    values.reserve(count - sample);
    let mut marks = Marks::default();
    let mut max = values.iter().copied().max().unwrap_or(0);
    let mut full_scans = 0;
    let mut search_steps = 0;
    // Each split size with the first heap of the next split to visit.
    let mut scans: Vec<(usize, usize)> = Vec::with_capacity(shape.pair.len());
    for heap in sample..count {
        if heap % STOP_EVERY == 0 {
            stop.check()?;
        }
        marks.reset(value_bound(max));
        mark_known_options(&shape, &values, &rare_heaps, heap, &mut marks);
        scans.clear();
        scans.extend(
            shape
                .pair
                .iter()
                .filter(|take| heap >= **take + 2)
                .map(|take| (heap - take, 1)),
        );
        let mut value = 0u32;
        loop {
            if !marks.contains(value) {
                let parity = labelling.parity(value);
                let mut searched = false;
                let mut found = false;
                for (sum, next) in scans.iter_mut() {
                    if labelling.plentiful(*sum) == parity {
                        searched = true;
                        let split = SplitScan {
                            shape: &shape,
                            values: &values,
                            sum: *sum,
                        };
                        if split.until(value, next, &mut marks, &mut search_steps) {
                            found = true;
                            break;
                        }
                    }
                }
                if !found {
                    if searched {
                        full_scans += 1;
                    }
                    break;
                }
            }
            value += 1;
        }
        if !labelling.is_common(heap, value) {
            rare_heaps.push(heap);
        }
        max = max.max(value);
        values.push(value);
        if heap % (1 << 16) == 0 {
            progress(heap, count);
        }
    }
    progress(count, count);
    Ok((
        values,
        SparseReport {
            labelling,
            rare_heaps,
            full_scans,
            search_steps,
        },
    ))
}

/// Marks the options that leave no heap or one heap, and every split with a rare heap.
fn mark_known_options(
    shape: &Shape,
    values: &[u32],
    rare_heaps: &[usize],
    heap: usize,
    marks: &mut Marks,
) {
    for &take in &shape.whole {
        if heap == take {
            marks.insert(0);
        }
    }
    for &take in &shape.single {
        if heap > take {
            marks.insert(values[heap - take]);
        }
    }
    for &take in &shape.pair {
        if heap < take + 2 {
            continue;
        }
        let sum = heap - take;
        for &rare in rare_heaps {
            if rare >= sum {
                break;
            }
            let other = sum - rare;
            if shape.unequal_pairs && other == rare {
                continue;
            }
            marks.insert(values[rare] ^ values[other]);
        }
    }
}

/// The splits of `sum` tokens into two heaps, visited smallest first heap first.
struct SplitScan<'a> {
    shape: &'a Shape,
    values: &'a [u32],
    sum: usize,
}

impl SplitScan<'_> {
    /// Visits the splits from first heap `*next` on, marking each value, until one has the
    /// value `target` (true) or none is left (false); `*next` is left after the last split
    /// visited and `steps` counts the visits.
    fn until(&self, target: u32, next: &mut usize, marks: &mut Marks, steps: &mut u64) -> bool {
        let last = self.shape.pair_limit(self.sum);
        while *next <= last {
            let value = self.values[*next] ^ self.values[self.sum - *next];
            *next += 1;
            *steps += 1;
            marks.insert(value);
            if value == target {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn both(rules: &str, count: usize) -> (Vec<u32>, Vec<u32>) {
        let rules: HeapRules = rules.parse().unwrap();
        let plain = plain_values(&rules, count, &mut |_, _| {}, &Stop::NEVER).unwrap();
        let (sparse, _) = sparse_values(&rules, count, &mut |_, _| {}, &Stop::NEVER).unwrap();
        (plain, sparse)
    }

    #[test]
    fn sparse_agrees_with_plain_on_long_prefixes() {
        for rules in [
            "grundy", "0.77", "0.137", "0.161", "0.106", "4.07", "hex:0.7",
        ] {
            let (plain, sparse) = both(rules, 20_000);
            assert_eq!(plain, sparse, "{rules}");
        }
    }

    #[test]
    fn grundy_has_few_rare_heaps() {
        let (_, report) = sparse_values(&HeapRules::Grundy, 40_000, &mut |_, _| {}, &Stop::NEVER).unwrap();
        let late = report
            .rare_heaps
            .iter()
            .filter(|heap| **heap >= 20_000)
            .count();
        assert!(late < 100, "{late} rare heaps in 20000..40000");
    }

    #[test]
    fn the_method_is_refused_where_it_does_not_apply() {
        for rules in ["S(1,2)", "AB(1)", "hex:0.8"] {
            let rules: HeapRules = rules.parse().unwrap();
            assert!(!applies_to(&rules));
            assert!(sparse_values(&rules, 10, &mut |_, _| {}, &Stop::NEVER).is_err());
        }
    }
}
