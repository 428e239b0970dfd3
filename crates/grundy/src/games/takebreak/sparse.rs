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
    check_length, value_bound, Marks, PlainLoop, Progress, SequenceError, PROGRESS_EVERY,
    STOP_EVERY,
};
use super::shape::Shape;
use crate::error::ParseError;
use crate::stop::{Stop, Stopped};

/// How many values the plain loop computes to choose the labelling.
pub const SAMPLE: usize = 1 << 14;

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
    pub(crate) fn parity(self, value: u32) -> bool {
        (value & self.mask).count_ones() % 2 == 1
    }

    /// Whether heap `heap` of value `value` is common.
    #[inline]
    pub fn is_common(self, heap: usize, value: u32) -> bool {
        self.parity(value) ^ (self.domain && heap % 2 == 1) ^ self.shift
    }

    /// The parity that splits of `sum` tokens into two common heaps give.
    #[inline]
    pub(crate) fn plentiful(self, sum: usize) -> bool {
        self.domain && sum % 2 == 1
    }
}

/// What the sparse computation found besides the values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SparseReport {
    /// How heaps were labelled.
    pub labelling: Labelling,
    /// What the sample said about the cost.
    pub sample: SampleCost,
    /// The heaps labelled rare, in increasing order.
    pub rare_heaps: Vec<usize>,
    /// How many times a value was searched for among all splits of a size and was missing.
    pub full_scans: u64,
    /// How many splits the searches for plentiful values visited in all.
    pub search_steps: u64,
    /// How many times a bit past those the sample decided was taken into the mask or out of
    /// it (the labelling reported is the last).
    pub relabellings: u32,
}

/// How many more of the heaps whose values reach a new top bit must be rare than common
/// before that bit of the mask is flipped: a margin, so that a bit is not flipped back and
/// forth (each flip rereads every value).
const FLIP_MARGIN: u64 = 16;

/// The heaps whose values reach bits that no value of the sample has.
///
/// The labelling is chosen from a sample whose values are below some power of two, so the
/// sample says nothing of the higher bits. When the values of a long sequence first reach
/// such a bit, the mask leaves it out, and the new values may all fall rare: Grundy's game
/// first reaches 256 near heap 4.8·10^7, and its values 257, 262, 263, … made 3 000 rare
/// heaps in the next 4·10^6, where the 4.8·10^7 heaps before had 1 274. Flipping a bit never
/// changes the label of a heap whose value is below it, so it can be decided late.
#[derive(Debug, Clone)]
struct HighBits {
    /// The lowest bit the sample could not decide.
    first: u32,
    /// Per top bit of a value (from `first` on): the heaps counted common and rare under
    /// the current labelling.
    common: [u64; 32],
    rare: [u64; 32],
    /// The bit whose flip is due, if any.
    due: Option<u32>,
}

impl HighBits {
    /// The bits that no value of `sample` has: [`choose_labelling`] tries masks with them,
    /// but no value it counts tells their choices apart.
    fn past(sample: &[u32]) -> Self {
        let max = sample.iter().copied().max().unwrap_or(0);
        HighBits {
            first: 32 - max.leading_zeros(),
            common: [0; 32],
            rare: [0; 32],
            due: None,
        }
    }

    /// Counts a heap of value `value`, common or not; a flip falls due when the heaps of
    /// its top bit are rare by more than the margin.
    #[inline]
    fn count(&mut self, value: u32, common: bool) {
        if value >> self.first == 0 {
            return;
        }
        let bit = (31 - value.leading_zeros()) as usize;
        if common {
            self.common[bit] += 1;
        } else {
            self.rare[bit] += 1;
            if self.rare[bit] > self.common[bit] + FLIP_MARGIN {
                self.due = Some(bit as u32);
            }
        }
    }

    /// Counts every heap of `values` anew under `labelling`.
    fn recount(&mut self, labelling: Labelling, values: &[u32]) {
        self.common = [0; 32];
        self.rare = [0; 32];
        for (heap, &value) in values.iter().enumerate().skip(1) {
            self.count(value, labelling.is_common(heap, value));
        }
        // A recount never asks for a flip of its own: the margins were just reset.
        self.due = None;
    }
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
            !labelling.is_common(*heap, **value) || plentiful_value(shape, labelling, *heap, **value)
        })
        .count()
}

/// Whether the value of a heap has the plentiful parity of one of its split sizes.
fn plentiful_value(shape: &Shape, labelling: Labelling, heap: usize, value: u32) -> bool {
    shape.pair.iter().any(|take| {
        heap >= take + 2 && labelling.plentiful(heap - take) == labelling.parity(value)
    })
}

/// What the sample that chose the labelling says about the sparse method's cost on the
/// heaps after it: the rare heaps are visited by every later heap, and a common heap whose
/// value has a plentiful parity is found only by a search of every split.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SampleCost {
    /// Heaps in the sample, from heap 1 on.
    pub heaps: usize,
    /// Heaps labelled rare.
    pub rare: usize,
    /// Common heaps whose value has the plentiful parity of one of their split sizes.
    pub plentiful: usize,
    /// The largest value of the sample.
    pub max: u32,
}

impl SampleCost {
    /// The cost of the sample `values` under `labelling`.
    pub fn of(shape: &Shape, values: &[u32], labelling: Labelling) -> SampleCost {
        let mut cost = SampleCost {
            heaps: values.len().saturating_sub(1),
            rare: 0,
            plentiful: 0,
            max: values.iter().copied().max().unwrap_or(0),
        };
        for (heap, &value) in values.iter().enumerate().skip(1) {
            if !labelling.is_common(heap, value) {
                cost.rare += 1;
            } else if plentiful_value(shape, labelling, heap, value) {
                cost.plentiful += 1;
            }
        }
        cost
    }
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

/// G(0), …, G(count − 1) by the sparse-space method, with what it found, on every core
/// rayon offers (see [`super::parallel`]). Errors when the method does not apply to
/// `rules` or the length is beyond memory.
pub fn sparse_values(
    rules: &HeapRules,
    count: usize,
    progress: Progress<'_>,
    stop: &Stop,
) -> Result<(Vec<u32>, SparseReport), SequenceError> {
    sparse_values_after(rules, count, SAMPLE, progress, stop)
}

/// [`sparse_values`] on one core: the sequential loop that the parallel one is checked and
/// measured against.
pub fn sparse_values_one_core(
    rules: &HeapRules,
    count: usize,
    progress: Progress<'_>,
    stop: &Stop,
) -> Result<(Vec<u32>, SparseReport), SequenceError> {
    sparse_run(rules, count, SAMPLE, false, progress, stop)
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
    sparse_run(rules, count, sample, true, progress, stop)
}

/// The sample by the plain loop, then the sparse loop, on every core or on one.
fn sparse_run(
    rules: &HeapRules,
    count: usize,
    sample: usize,
    parallel: bool,
    progress: Progress<'_>,
    stop: &Stop,
) -> Result<(Vec<u32>, SparseReport), SequenceError> {
    check_length(count)?;
    let shape = sparse_shape(rules)?;
    let sample = count.min(sample.max(1));
    let mut values = Vec::with_capacity(count);
    PlainLoop::new(rules).extend(&mut values, sample, &mut |_, _| {}, stop)?;
    let mut sparse = SparseLoop::new(shape, &values);
    if parallel {
        sparse.extend(&mut values, count, progress, stop)?;
    } else {
        sparse.extend_one_core(&mut values, count, progress, stop)?;
    }
    progress(count, count);
    Ok((values, sparse.report()))
}

/// The shape of `rules` when the sparse-space method applies to them, else an error naming
/// the rules.
pub(crate) fn sparse_shape(rules: &HeapRules) -> Result<Shape, ParseError> {
    Shape::of(rules)
        .filter(|_| applies_to(rules))
        .ok_or_else(|| {
            ParseError::at_token(
                "the sparse-space method needs a game that splits heaps in two (and never in \
                 three)",
                &rules.to_string(),
            )
        })
}

/// What the searches cost, summed over heaps.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Tally {
    /// Values searched for among all splits of a size and missing.
    pub(crate) full_scans: u64,
    /// Splits visited by the searches.
    pub(crate) search_steps: u64,
}

impl Tally {
    /// The sum of two tallies.
    pub(crate) fn add(&mut self, other: Tally) {
        self.full_scans += other.full_scans;
        self.search_steps += other.search_steps;
    }
}

/// The sparse loop between two calls: the labelling chosen from a sample, the rare heaps
/// found so far and what the searches cost. It extends a prefix of the sequence (at least
/// the sample) by more values.
#[derive(Debug)]
pub(crate) struct SparseLoop {
    pub(crate) shape: Shape,
    pub(crate) labelling: Labelling,
    /// What the sample said about the cost.
    pub(crate) sample: SampleCost,
    /// The rare heaps below the length computed, in increasing order.
    pub(crate) rare_heaps: Vec<usize>,
    pub(crate) tally: Tally,
    /// How many times a bit past the sample's was taken into the mask or out of it.
    pub(crate) relabellings: u32,
    /// The largest value computed.
    pub(crate) max: u32,
    /// How the heaps whose values outgrow the sample's bits fall under the labelling.
    high: HighBits,
    marks: Marks,
}

impl SparseLoop {
    /// The loop for a game of `shape` (one the method applies to), its labelling chosen
    /// from `sample` = G(0), …, G(len − 1).
    pub(crate) fn new(shape: Shape, sample: &[u32]) -> Self {
        let labelling = choose_labelling(&shape, sample);
        let rare_heaps = rare_heaps_of(labelling, sample);
        SparseLoop {
            sample: SampleCost::of(&shape, sample, labelling),
            shape,
            labelling,
            rare_heaps,
            tally: Tally::default(),
            relabellings: 0,
            max: sample.iter().copied().max().unwrap_or(0),
            high: HighBits::past(sample),
            marks: Marks::default(),
        }
    }

    /// What was found, once the loop is done.
    pub(crate) fn report(self) -> SparseReport {
        SparseReport {
            labelling: self.labelling,
            sample: self.sample,
            rare_heaps: self.rare_heaps,
            full_scans: self.tally.full_scans,
            search_steps: self.tally.search_steps,
            relabellings: self.relabellings,
        }
    }

    /// Records the value of the next heap.
    pub(crate) fn push(&mut self, values: &mut Vec<u32>, value: u32) {
        let heap = values.len();
        let common = self.labelling.is_common(heap, value);
        if !common {
            self.rare_heaps.push(heap);
        }
        self.high.count(value, common);
        self.max = self.max.max(value);
        values.push(value);
    }

    /// Takes into the mask, or out of it, a bit that the sample could not decide, once the
    /// heaps whose values reach that bit say the other choice makes fewer of them rare; the
    /// rare heaps and the tallies are then taken anew from `values`. Called between heaps
    /// (between blocks on every core), never while a heap is searched under the old labels.
    pub(crate) fn settle_labelling(&mut self, values: &[u32]) {
        let Some(bit) = self.high.due.take() else {
            return;
        };
        self.labelling.mask ^= 1 << bit;
        self.relabellings += 1;
        self.rare_heaps = rare_heaps_of(self.labelling, values);
        self.high.recount(self.labelling, values);
    }

    /// Extends `values` to `to` values heap by heap on this thread, reporting progress
    /// against `to` every [`PROGRESS_EVERY`] values (the caller reports the end).
    pub(crate) fn extend_one_core(
        &mut self,
        values: &mut Vec<u32>,
        to: usize,
        progress: Progress<'_>,
        stop: &Stop,
    ) -> Result<(), Stopped> {
        values.reserve(to.saturating_sub(values.len()));
        let mut scans: Vec<Scan> = Vec::with_capacity(self.shape.pair.len());
        for heap in values.len()..to {
            if heap % STOP_EVERY == 0 {
                stop.check()?;
            }
            self.settle_labelling(values);
            let marks = &mut self.marks;
            marks.reset(value_bound(self.max));
            mark_known_options(&self.shape, values, &self.rare_heaps, heap, marks);
            scans.clear();
            scans.extend(Scan::all(&self.shape, heap, heap));
            let value = walk(
                self.labelling,
                &mut scans,
                0,
                marks,
                &mut self.tally,
                &mut |scan, target, marks, tally| {
                    scan.until(values, target, usize::MAX, marks, tally, stop)
                },
            )?;
            self.push(values, value);
            if heap % PROGRESS_EVERY == 0 {
                progress(heap, to);
            }
        }
        Ok(())
    }
}

/// The heaps of `values` (from 1) that `labelling` makes rare.
fn rare_heaps_of(labelling: Labelling, values: &[u32]) -> Vec<usize> {
    (1..values.len())
        .filter(|heap| !labelling.is_common(*heap, values[*heap]))
        .collect()
}

/// A set of values under construction: the options of one heap.
pub(crate) trait ValueSet {
    /// Adds a value.
    fn insert(&mut self, value: u32);
    /// Whether a value was added.
    fn contains(&self, value: u32) -> bool;
}

impl ValueSet for Marks {
    #[inline]
    fn insert(&mut self, value: u32) {
        Marks::insert(self, value);
    }

    #[inline]
    fn contains(&self, value: u32) -> bool {
        Marks::contains(self, value)
    }
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
        mark_rare_splits(shape, values, rare_heaps, sum, usize::MAX, marks);
    }
}

/// Marks every split of `sum` tokens with a rare heap whose other heap is below `below`.
pub(crate) fn mark_rare_splits(
    shape: &Shape,
    values: &[u32],
    rare_heaps: &[usize],
    sum: usize,
    below: usize,
    marks: &mut impl ValueSet,
) {
    for &rare in rare_heaps {
        if rare >= sum {
            break;
        }
        let other = sum - rare;
        if (shape.unequal_pairs && other == rare) || other >= below {
            continue;
        }
        marks.insert(values[rare] ^ values[other]);
    }
}

/// What a search of the splits left in a [`Scan`] found out about a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Search {
    /// A split has the value.
    Found,
    /// No split left has the value.
    Missing,
    /// The search stopped before it knew (its budget was spent).
    Undecided,
}

/// The least value from `value` on that is neither in `marks` nor found by a search of the
/// splits left in `scans`: the value of the heap once `marks` holds every option outside
/// the scans. A value is searched for only among the splits whose sizes make it plentiful
/// (the other values are all in `marks` when present), by `search`, which resumes a scan
/// where it was left and marks every split it visits. A search that ends
/// [`Search::Undecided`] ends the walk at its value; a later walk from that value goes on.
pub(crate) fn walk<M: ValueSet>(
    labelling: Labelling,
    scans: &mut [Scan],
    mut value: u32,
    marks: &mut M,
    tally: &mut Tally,
    search: &mut impl FnMut(&mut Scan, u32, &mut M, &mut Tally) -> Result<Search, Stopped>,
) -> Result<u32, Stopped> {
    loop {
        if !marks.contains(value) {
            let parity = labelling.parity(value);
            let mut searched = false;
            let mut found = false;
            for scan in scans.iter_mut() {
                if labelling.plentiful(scan.sum) == parity {
                    searched = true;
                    match search(scan, value, marks, tally)? {
                        Search::Found => {
                            found = true;
                            break;
                        }
                        Search::Missing => {}
                        Search::Undecided => return Ok(value),
                    }
                }
            }
            if !found {
                if searched {
                    tally.full_scans += 1;
                }
                return Ok(value);
            }
        }
        value += 1;
    }
}

/// How many split visits a search makes between two looks at the stop (a full scan of a
/// heap of 2^28 tokens visits 2^27 splits, a good fraction of a second).
const SCAN_STOP_EVERY: usize = 1 << 18;

/// The splits of `sum` tokens into two heaps left to visit, smallest first heap first: the
/// first heaps `next..=last`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Scan {
    pub(crate) sum: usize,
    pub(crate) next: usize,
    pub(crate) last: usize,
}

impl Scan {
    /// For each split size of `heap`, the splits both of whose heaps are below `below`.
    pub(crate) fn all<'a>(
        shape: &'a Shape,
        heap: usize,
        below: usize,
    ) -> impl Iterator<Item = Scan> + 'a {
        shape
            .pair
            .iter()
            .filter(move |take| heap >= **take + 2)
            .map(move |take| {
                let sum = heap - take;
                Scan {
                    sum,
                    next: (sum + 1).saturating_sub(below).max(1),
                    last: shape.pair_limit(sum),
                }
            })
    }

    /// Visits at most `budget` of the splits left, marking each value, until one has the
    /// value `target`; `tally` counts the visits.
    #[inline]
    pub(crate) fn until(
        &mut self,
        values: &[u32],
        target: u32,
        budget: usize,
        marks: &mut impl ValueSet,
        tally: &mut Tally,
        stop: &Stop,
    ) -> Result<Search, Stopped> {
        let start = self.next;
        let last = self.last.min(start.saturating_add(budget) - 1);
        let found = self.visit(values, target, last, marks, stop);
        tally.search_steps += (self.next - start) as u64;
        Ok(if found? {
            Search::Found
        } else if self.next > self.last {
            Search::Missing
        } else {
            Search::Undecided
        })
    }

    /// Visits the splits up to first heap `last`, marking each value, until one has the
    /// value `target` (true) or none is left (false).
    #[inline]
    fn visit(
        &mut self,
        values: &[u32],
        target: u32,
        last: usize,
        marks: &mut impl ValueSet,
        stop: &Stop,
    ) -> Result<bool, Stopped> {
        let start = self.next;
        while self.next <= last {
            let value = values[self.next] ^ values[self.sum - self.next];
            self.next += 1;
            marks.insert(value);
            if value == target {
                return Ok(true);
            }
            if (self.next - start) % SCAN_STOP_EVERY == 0 {
                stop.check()?;
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::games::takebreak::sequence::plain_values;

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
    fn bits_past_the_sample_are_decided_by_the_heaps_that_reach_them() {
        // The first 4 000 values of Grundy's game are below 64, so a labelling chosen from
        // them leaves out bit 7, which the values reach from heap 13 133 on.
        let rules = HeapRules::Grundy;
        let count = 40_000;
        let plain = plain_values(&rules, count, &mut |_, _| {}, &Stop::NEVER).unwrap();
        assert!(plain[..4_000].iter().all(|value| *value < 64));
        for parallel in [false, true] {
            let (values, report) =
                sparse_run(&rules, count, 4_000, parallel, &mut |_, _| {}, &Stop::NEVER)
                    .unwrap();
            assert_eq!(values, plain, "parallel: {parallel}");
            assert!(report.relabellings >= 1, "parallel: {parallel}");
            assert_ne!(report.labelling.mask & 1 << 7, 0, "parallel: {parallel}");
            let late = report.rare_heaps.iter().filter(|heap| **heap >= 20_000).count();
            assert!(late < 100, "{late} rare heaps in 20000..40000, parallel: {parallel}");
        }
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
