//! The nim sequence G(0), G(1), … of a heap game by the plain mex loop: every option of
//! every heap is visited, so the time grows with the square of the length for games that
//! split heaps (the sparse-space method in [`super::sparse`] is the fast way there) and
//! linearly for games that never split.

use super::code::HeapRules;
use super::shape::Shape;
use crate::error::ParseError;
use crate::report::SolveError;
use crate::stop::{Stop, Stopped};

/// Why a sequence was not computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SequenceError {
    /// The request was refused before any work: a length beyond memory, a computation
    /// beyond the time limit, a method that does not apply (naming the number or rules).
    #[error("{0}")]
    Refused(#[from] ParseError),
    /// The computation was stopped before it ended.
    #[error("{0}")]
    Stopped(#[from] Stopped),
}

impl From<SequenceError> for SolveError {
    fn from(error: SequenceError) -> Self {
        match error {
            SequenceError::Refused(error) => SolveError::Parse(error),
            SequenceError::Stopped(stopped) => SolveError::Stopped(stopped),
        }
    }
}

/// How many heaps apart a computation looks at its [`Stop`]: the work of 64 heaps stays
/// far below 100 ms up to the longest sequence, 2^28 values (the sparse method's scans are
/// short, and a long one looks at the stop itself; the plain loop's quadratic games are
/// refused long before a heap costs 1 ms).
pub(crate) const STOP_EVERY: usize = 64;

/// The longest sequence computed, 2^28 values: Grundy's game is computed that far by the
/// sparse-space method, whose memory is the table of 4 bytes per heap, 1 GiB (the 2-core
/// machine grundy is measured on has 23 GB; the time, not the memory, is what limits the
/// length, some tens of minutes at 2^28).
pub const MAX_LENGTH: usize = 1 << 28;

/// The most mex-loop steps (visits of an option) a computation may need before it is
/// refused as too slow (about an hour at a few 10^8 steps a second).
pub const MAX_WORK: f64 = 1e12;

/// Reports progress: called with the number of values computed and the number wanted, now
/// and then (every [`PROGRESS_EVERY`] values or so) and once at the end; the receiver
/// decides how often to show it.
pub type Progress<'a> = &'a mut dyn FnMut(usize, usize);

/// How many values apart the computations report progress: often enough that a report
/// comes every few milliseconds even where a value costs microseconds.
pub const PROGRESS_EVERY: usize = 1 << 10;

/// Values below this are marked in a table of fixed size, without bounds checks.
const SMALL: usize = 1 << 16;

/// A value table that grows with the largest value seen, marking values with a stamp so
/// that it never needs clearing.
#[derive(Debug, Default)]
pub(crate) struct Marks {
    stamps: Vec<u32>,
    stamp: u32,
    /// Every value marked until the next reset is below [`SMALL`].
    small: bool,
}

impl Marks {
    /// Starts a new set, with room for values below `bound`.
    pub(crate) fn reset(&mut self, bound: usize) {
        let room = bound.next_power_of_two().max(SMALL);
        if self.stamps.len() < room {
            self.stamps.resize(room, 0);
        }
        self.small = bound <= SMALL;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }

    /// Adds a value (below the bound given to [`Marks::reset`]).
    #[inline]
    pub(crate) fn insert(&mut self, value: u32) {
        self.stamps[value as usize] = self.stamp;
    }

    /// Adds `low[i] ^ high[high.len() - 1 - i]` for every `i` (the values of the splits
    /// whose heaps' values are `low` ascending and `high` descending).
    #[inline]
    pub(crate) fn insert_xors(&mut self, low: &[u32], high: &[u32]) {
        let stamp = self.stamp;
        if self.small {
            if let Ok(table) = <&mut [u32; SMALL]>::try_from(&mut self.stamps[..SMALL]) {
                let mut lows = low.chunks_exact(4);
                let mut highs = high.rchunks_exact(4);
                for (a, b) in (&mut lows).zip(&mut highs) {
                    table[((a[0] ^ b[3]) as usize) & (SMALL - 1)] = stamp;
                    table[((a[1] ^ b[2]) as usize) & (SMALL - 1)] = stamp;
                    table[((a[2] ^ b[1]) as usize) & (SMALL - 1)] = stamp;
                    table[((a[3] ^ b[0]) as usize) & (SMALL - 1)] = stamp;
                }
                for (a, b) in lows.remainder().iter().zip(highs.remainder().iter().rev()) {
                    table[((a ^ b) as usize) & (SMALL - 1)] = stamp;
                }
                return;
            }
        }
        for (a, b) in low.iter().zip(high.iter().rev()) {
            self.stamps[(a ^ b) as usize] = stamp;
        }
    }

    /// Whether a value was added since the last reset.
    #[inline]
    pub(crate) fn contains(&self, value: u32) -> bool {
        self.stamps.get(value as usize) == Some(&self.stamp)
    }

    /// The least value not added.
    pub(crate) fn mex(&self) -> u32 {
        let mut value = 0;
        while self.contains(value) {
            value += 1;
        }
        value
    }
}

/// A room for every value xor-combinations of values up to `max` can take, and for the mex.
pub(crate) fn value_bound(max: u32) -> usize {
    ((max as usize + 1).next_power_of_two() * 2).max(64)
}

/// Refuses lengths whose table would not fit in memory, naming the length.
pub fn check_length(count: usize) -> Result<(), ParseError> {
    if count > MAX_LENGTH {
        let mib = count as f64 * 4.0 / (1 << 20) as f64;
        return Err(ParseError::at_token(
            format!(
                "a sequence of {count} values needs about {mib:.0} MiB for its table; the \
                 limit is {MAX_LENGTH} values (1024 MiB, the length that Grundy's game is \
                 computed to in tens of minutes)"
            ),
            &count.to_string(),
        ));
    }
    Ok(())
}

/// The number of option visits the plain loop makes for `count` values (an estimate).
pub fn plain_work(rules: &HeapRules, count: usize) -> f64 {
    let n = count as f64;
    match Shape::of(rules) {
        None => n * n / 2.0,
        Some(shape) => {
            let linear = (shape.whole.len() + shape.single.len() + 1) as f64 * n;
            let pairs = shape.pair.len() as f64 * n * n / 4.0;
            let triples = shape.triple.len() as f64 * n * n * n / 36.0;
            linear + pairs + triples
        }
    }
}

/// G(0), …, G(count − 1) by the plain loop. Refuses lengths beyond [`MAX_LENGTH`] and
/// computations beyond [`MAX_WORK`] steps.
pub fn plain_values(
    rules: &HeapRules,
    count: usize,
    progress: Progress<'_>,
    stop: &Stop,
) -> Result<Vec<u32>, SequenceError> {
    check_length(count)?;
    let work = plain_work(rules, count);
    if work > MAX_WORK {
        return Err(SequenceError::Refused(ParseError::at_token(
            format!(
                "the plain loop would need about {work:.1e} steps for {count} values of {rules} \
                 (the limit is {MAX_WORK:.0e}); ask for fewer values"
            ),
            &count.to_string(),
        )));
    }
    let mut values: Vec<u32> = Vec::with_capacity(count);
    PlainLoop::new(rules).extend(&mut values, count, progress, stop)?;
    progress(count, count);
    Ok(values)
}

/// The plain loop between two calls: it extends a prefix G(0), …, G(len − 1) of the
/// sequence by more values, so that a computation may stop at any length, look at what it
/// has (a period, a sample) and go on.
#[derive(Debug)]
pub(crate) struct PlainLoop<'r> {
    rules: &'r HeapRules,
    shape: Option<Shape>,
    marks: Marks,
}

impl<'r> PlainLoop<'r> {
    /// The loop for `rules`, not yet run.
    pub(crate) fn new(rules: &'r HeapRules) -> Self {
        PlainLoop {
            rules,
            shape: Shape::of(rules),
            marks: Marks::default(),
        }
    }

    /// Extends `values` (a prefix of the sequence) to `to` values, reporting progress
    /// against `to` every [`PROGRESS_EVERY`] values (the caller reports the end).
    pub(crate) fn extend(
        &mut self,
        values: &mut Vec<u32>,
        to: usize,
        progress: Progress<'_>,
        stop: &Stop,
    ) -> Result<(), Stopped> {
        let mut max = values.iter().copied().max().unwrap_or(0);
        values.reserve(to.saturating_sub(values.len()));
        for heap in values.len()..to {
            if heap % STOP_EVERY == 0 {
                stop.check()?;
            }
            let marks = &mut self.marks;
            marks.reset(value_bound(max));
            match &self.shape {
                Some(shape) => mark_options(shape, values, heap, marks),
                None => {
                    if let HeapRules::AllBut(excluded) = self.rules {
                        for take in 1..=heap {
                            if excluded.binary_search(&(take as u64)).is_err() {
                                marks.insert(values[heap - take]);
                            }
                        }
                    }
                }
            }
            let value = marks.mex();
            max = max.max(value);
            values.push(value);
            if heap % PROGRESS_EVERY == 0 && heap > 0 {
                progress(heap, to);
            }
        }
        Ok(())
    }
}

/// Marks the value of every option of `heap` (all smaller heaps' values are in `values`).
fn mark_options(shape: &Shape, values: &[u32], heap: usize, marks: &mut Marks) {
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
        if heap >= take + 2 {
            let sum = heap - take;
            let last = shape.pair_limit(sum);
            marks.insert_xors(&values[1..=last], &values[sum - last..sum]);
        }
    }
    for &take in &shape.triple {
        if heap >= take + 3 {
            let sum = heap - take;
            for first in 1..=sum / 3 {
                for second in first..=(sum - first) / 2 {
                    marks.insert(values[first] ^ values[second] ^ values[sum - first - second]);
                }
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    pub(crate) fn values(rules: &str, count: usize) -> Vec<u32> {
        plain_values(&rules.parse().unwrap(), count, &mut |_, _| {}, &Stop::NEVER).unwrap()
    }

    #[test]
    fn first_values_of_known_games() {
        // Kayles.
        assert_eq!(values("0.77", 12), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        // Dawson's Kayles.
        assert_eq!(values("0.07", 12), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
        // Grundy's game.
        assert_eq!(
            values("grundy", 16),
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1]
        );
        // Nim is the all-but game with nothing excluded.
        assert_eq!(values("AB()", 6), [0, 1, 2, 3, 4, 5]);
        // S(1,2): n mod 3.
        assert_eq!(values("S(1,2)", 7), [0, 1, 2, 0, 1, 2, 0]);
    }

    #[test]
    fn lengths_beyond_memory_are_refused() {
        let rules: HeapRules = "0.77".parse().unwrap();
        let error = plain_values(&rules, MAX_LENGTH + 1, &mut |_, _| {}, &Stop::NEVER).unwrap_err();
        assert!(error.to_string().contains("MiB"), "{error}");
        let error = plain_values(&rules, 100_000_000, &mut |_, _| {}, &Stop::NEVER).unwrap_err();
        assert!(error.to_string().contains("steps"), "{error}");
    }
}
