//! The nim sequence as `grundy sequence` computes it: by the method that suits the game
//! ([`Method::Auto`] chooses by [`sparse_is_faster`]), and, once the periodicity theorem
//! proves a period from the values computed so far, by copying the period to the end.
//!
//! The period is looked for at doubling lengths (1024, 2048, … values): each look costs
//! about one pass over the values, so all the looks together cost about two passes, and a
//! period proved at length L is used by length 2·L at the latest.

use serde::Serialize;

use super::code::HeapRules;
use super::period::{fill, prove_period, window, Periodicity};
use super::sequence::{check_length, plain_work, PlainLoop, Progress, SequenceError, MAX_WORK};
use super::shape::Shape;
use super::sparse::{sparse_shape, SparseLoop, SAMPLE};
use crate::error::ParseError;
use crate::stop::{Stop, Stopped};

/// How the values are to be computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// The sparse-space method where it applies and [`sparse_is_faster`] says so, the plain
    /// loop otherwise.
    Auto,
    /// The plain mex loop ([`super::sequence`]).
    Plain,
    /// The sparse-space method ([`super::sparse`]), on every core.
    Sparse,
}

/// A computed sequence and how it was computed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Computed {
    /// G(0), …, G(count − 1).
    pub values: Vec<u32>,
    /// The method that computed the values after the sample: [`Method::Plain`] or
    /// [`Method::Sparse`] (the first [`SAMPLE`] values are always the plain loop's).
    pub method: Method,
    /// How many values were computed; the rest were copied from the proved period.
    pub computed: usize,
    /// The period proved during the computation, when the rest was copied from it.
    pub period: Option<Periodicity>,
    /// The trial of the sparse method on the sample's end, when the game allows the method
    /// and the sequence is longer than the sample.
    pub trial: Option<Trial>,
}

/// The first length at which the period is looked for.
const FIRST_LOOK: usize = 1 << 10;

/// The sparse method tried on the last [`TRIAL`] heaps of the sample and of its first half,
/// its split visits counted against the plain loop's on the same heaps: how much work each
/// method does per heap, and how fast that grows with the heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Trial {
    /// The length of the sample (the trials end there and at half of it).
    pub sample: usize,
    /// Split visits of the sparse method in the trial at half the sample: the splits with
    /// a rare heap and the splits the searches visited.
    pub sparse_half: u64,
    /// Split visits of the plain loop in the trial at half the sample.
    pub plain_half: u64,
    /// Split visits of the sparse method in the trial at the end of the sample.
    pub sparse_end: u64,
    /// Split visits of the plain loop in the trial at the end of the sample.
    pub plain_end: u64,
}

/// How many heaps each trial covers.
pub const TRIAL: usize = 1 << 10;

impl Trial {
    /// Tries the sparse method on `sample` (values of a game of `shape`, one the method
    /// applies to, at least 4·[`TRIAL`] of them).
    pub fn of(shape: &Shape, sample: &[u32], stop: &Stop) -> Result<Trial, Stopped> {
        let half = sample.len() / 2;
        let (sparse_half, plain_half) = trial_at(shape, &sample[..half], stop)?;
        let (sparse_end, plain_end) = trial_at(shape, sample, stop)?;
        Ok(Trial {
            sample: sample.len(),
            sparse_half,
            plain_half,
            sparse_end,
            plain_end,
        })
    }

    /// The sparse method's visits relative to the plain loop's at the end of the sample.
    pub fn relative_visits(&self) -> f64 {
        self.sparse_end as f64 / self.plain_end.max(1) as f64
    }

    /// How the sparse method's visits per heap grow with the heap: the exponent `g` of
    /// visits ∝ n^g between the two trials (the plain loop's is 1), kept within 0 to 2.
    pub fn growth(&self) -> f64 {
        let ratio = self.sparse_end.max(1) as f64 / self.sparse_half.max(1) as f64;
        ratio.log2().clamp(0.0, 2.0)
    }

    /// The sparse method's estimated visits relative to the plain loop's over the heaps
    /// from the sample's end to `count`: the visits per heap at the sample's end, grown as
    /// n^[`Trial::growth`] against the plain loop's n, summed over the heaps.
    pub fn estimate(&self, count: usize) -> f64 {
        let reach = (count as f64 / self.sample as f64).max(1.0 + 1e-9);
        let growth = self.growth();
        // ∫ from 1 to reach of x^growth dx, against ∫ of x dx.
        let sparse = (reach.powf(growth + 1.0) - 1.0) / (growth + 1.0);
        let plain = (reach * reach - 1.0) / 2.0;
        self.relative_visits() * sparse / plain
    }
}

/// The split visits of the sparse method and of the plain loop on the last [`TRIAL`] heaps
/// of `values`, the sparse method's labelling chosen from the heaps before them.
fn trial_at(shape: &Shape, values: &[u32], stop: &Stop) -> Result<(u64, u64), Stopped> {
    let from = values.len().saturating_sub(TRIAL).max(1).min(values.len());
    let mut tried = values[..from].to_vec();
    let mut sparse = SparseLoop::new(shape.clone(), &tried);
    sparse.extend_one_core(&mut tried, values.len(), &mut |_, _| {}, stop)?;
    let pairs = shape.pair.len() as u64;
    let heaps = (values.len() - from) as u64;
    let rare_visits = sparse.rare_heaps.len() as u64 * pairs * heaps;
    let plain_visits = (from..values.len())
        .map(|heap| {
            shape
                .pair
                .iter()
                .filter(|take| heap >= **take + 2)
                .map(|take| shape.pair_limit(heap - take) as u64)
                .sum::<u64>()
        })
        .sum();
    Ok((sparse.tally.search_steps + rare_visits, plain_visits))
}

/// The rule [`Method::Auto`] follows: the sparse-space method when its estimated split
/// visits to `count` values, relative to the plain loop's, are below [`SPARSE_BELOW`]
/// ([`Trial::estimate`]).
///
/// The plain loop visits every split of a heap n, about n/2 a split size, in a tight loop.
/// The sparse method visits, for each heap, the splits with a rare heap (one a rare heap
/// below n and split size), and searches the splits for each value of a plentiful parity
/// up to the heap's value, stopping at the first split that has it: cheap when such values
/// are plentiful among the splits, a visit of every split when one is missing. Neither the
/// fraction of rare heaps nor the size of the values tells the searches' cost beforehand
/// (Kayles, with 0.1 % rare heaps and values below 10, costs the sparse method 1.4 times
/// the plain loop's time at 10^5 heaps), so the rule counts both methods' visits on the
/// sample's last heaps and on those of its first half, and extrapolates: in Kayles the
/// sparse method's visits per heap grow as fast as the plain loop's (the relative cost
/// stays), in Grundy's game they hardly grow (the longer the sequence, the more the sparse
/// method gains). A visit of the sparse method costs several of the plain loop's (a load
/// from far away, a compare and a branch, against stores in a loop of four), hence the
/// bound well below 1. The measurements behind [`SPARSE_BELOW`] are in
/// `docs/benchmark-notes.md` ("Choosing the method").
pub fn sparse_is_faster(trial: &Trial, count: usize) -> bool {
    trial.estimate(count) < SPARSE_BELOW
}

/// The estimated relative visits (sparse / plain, [`Trial::estimate`]) below which the
/// sparse method is chosen (see [`sparse_is_faster`]): measured on 14 games at 3·10^4,
/// 6·10^4 and 1.2·10^5 heaps, the ratio of times (sparse / plain, one core) was 2.4 to 7
/// times the estimate (mostly 3 to 5) wherever the time was more than a tenth of a second,
/// so the sparse method is faster where the estimate is below about 1/4. With this bound
/// the rule picked the faster method in 41 of the 42 cases; the miss (`0.161` at 3·10^4 heaps, 0.13 s
/// against 0.10 s) is where fixed costs dominate.
pub const SPARSE_BELOW: f64 = 0.25;

/// G(0), …, G(count − 1) by `method`, with the period copied once it is proved. Refuses
/// lengths beyond memory, the sparse method where it does not apply and plain loops beyond
/// [`MAX_WORK`] steps (naming the length or the rules).
pub fn compute(
    rules: &HeapRules,
    count: usize,
    method: Method,
    progress: Progress<'_>,
    stop: &Stop,
) -> Result<Computed, SequenceError> {
    check_length(count)?;
    let shape = match method {
        Method::Plain => None,
        Method::Sparse => Some(sparse_shape(rules)?),
        Method::Auto => sparse_shape(rules).ok(),
    };
    // Without the sparse method to fall back on, a plain loop too long is refused before
    // any work.
    if shape.is_none() {
        check_plain_work(rules, count)?;
    }
    let mut stages = Stages {
        rules,
        count,
        next_look: FIRST_LOOK,
        theorem: window(rules, 0, 1).is_some(),
        progress,
        stop,
    };
    let mut values = Vec::with_capacity(count);
    let mut plain = PlainLoop::new(rules);
    let sample = if shape.is_some() { SAMPLE } else { count };
    let mut computed = Computed {
        values: Vec::new(),
        method: Method::Plain,
        computed: 0,
        period: None,
        trial: None,
    };
    computed.period = stages.run(&mut values, sample.min(count), &mut |values, to, progress| {
        plain.extend(values, to, progress, stop)
    })?;
    if let (Some(shape), None) = (shape, computed.period) {
        if values.len() < count {
            let use_sparse = match method {
                Method::Sparse => true,
                _ => {
                    let trial = Trial::of(&shape, &values, stop)?;
                    computed.trial = Some(trial);
                    sparse_is_faster(&trial, count) || check_plain_work(rules, count).is_err()
                }
            };
            let mut sparse = SparseLoop::new(shape, &values);
            computed.period = if use_sparse {
                computed.method = Method::Sparse;
                stages.run(&mut values, count, &mut |values, to, progress| {
                    sparse.extend(values, to, progress, stop)
                })?
            } else {
                stages.run(&mut values, count, &mut |values, to, progress| {
                    plain.extend(values, to, progress, stop)
                })?
            };
        }
    }
    computed.computed = values.len();
    if let Some(found) = computed.period {
        fill(&mut values, found, count, stages.progress, stop)?;
    }
    (stages.progress)(count, count);
    computed.values = values;
    Ok(computed)
}

/// Refuses a plain loop of more than [`MAX_WORK`] steps, naming the length and the rules.
fn check_plain_work(rules: &HeapRules, count: usize) -> Result<(), ParseError> {
    let work = plain_work(rules, count);
    if work > MAX_WORK {
        return Err(ParseError::at_token(
            format!(
                "the plain loop would need about {work:.1e} steps for {count} values of {rules} \
                 (the limit is {MAX_WORK:.0e}); ask for fewer values"
            ),
            &count.to_string(),
        ));
    }
    Ok(())
}

/// A computation in stages that end at the lengths where the period is looked for.
struct Stages<'a, 'p> {
    rules: &'a HeapRules,
    count: usize,
    /// The next length at which the period is looked for.
    next_look: usize,
    /// Whether the periodicity theorem applies to the rules.
    theorem: bool,
    progress: Progress<'p>,
    stop: &'a Stop,
}

/// A method that extends a prefix of the sequence to a length.
type Extend<'e> = dyn FnMut(&mut Vec<u32>, usize, Progress<'_>) -> Result<(), Stopped> + 'e;

impl Stages<'_, '_> {
    /// Extends `values` to `to` values by `extend`, looking for the period at each doubling
    /// length on the way; returns the period as soon as one is proved.
    fn run(
        &mut self,
        values: &mut Vec<u32>,
        to: usize,
        extend: &mut Extend<'_>,
    ) -> Result<Option<Periodicity>, Stopped> {
        let count = self.count;
        let progress = &mut *self.progress;
        while values.len() < to {
            let target = if self.theorem {
                self.next_look.min(to)
            } else {
                to
            };
            extend(values, target, &mut |done, _| progress(done, count))?;
            if self.theorem && values.len() == self.next_look && values.len() < count {
                self.next_look *= 2;
                if let Ok(found) = prove_period(self.rules, values, self.stop)? {
                    return Ok(Some(found));
                }
            }
        }
        Ok(None)
    }
}
