//! Nim values of the heaps of any heap game by the plain mex loop: the value of a heap is
//! the mex of its options' values, and the value of an option the nim-sum of the values of
//! the heaps it leaves. Every option of every heap is visited, so the time is the number of
//! options up to the last heap (quadratic for games that split heaps).
//!
//! The loop and its value table are shared: take-and-break
//! codes run them with their own fast marking of options (in their game's folder),
//! and [`nim_values`]
//! runs them on any [`HeapRuleset`] through its options.

use crate::error::ParseError;
use crate::heap::{HeapMove, HeapRuleset};
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

/// The mex loop: extends `values` (a prefix G(0), …, G(len − 1) of a sequence) to `to`
/// values, with `mark_options(values, heap, marks)` marking the value of every option of
/// `heap` (all smaller heaps' values are in `values`). Looks at `stop` every
/// [`STOP_EVERY`] heaps and reports progress against `to` every [`PROGRESS_EVERY`] values
/// (the caller reports the end).
pub(crate) fn extend_by_mex(
    values: &mut Vec<u32>,
    to: usize,
    marks: &mut Marks,
    progress: Progress<'_>,
    stop: &Stop,
    mut mark_options: impl FnMut(&[u32], usize, &mut Marks),
) -> Result<(), Stopped> {
    let mut max = values.iter().copied().max().unwrap_or(0);
    values.reserve(to.saturating_sub(values.len()));
    for heap in values.len()..to {
        if heap % STOP_EVERY == 0 {
            stop.check()?;
        }
        marks.reset(value_bound(max));
        mark_options(values, heap, marks);
        let value = marks.mex();
        max = max.max(value);
        values.push(value);
        if heap % PROGRESS_EVERY == 0 && heap > 0 {
            progress(heap, to);
        }
    }
    Ok(())
}

/// The nim values G(0), …, G(`to`) of the heaps of `rules`, by the plain mex loop over
/// [`HeapRuleset::for_each_option`]: the slow, general way, for rulesets that have no
/// faster one (take-and-break codes have their own, in their game's folder). `progress` is told
/// the values
/// done and wanted now and then and once at the end; `stop` is looked at every few heaps.
///
/// Refused ([`SequenceError::Refused`]), naming the number: a `to` past
/// [`MAX_LENGTH`] values or past the ruleset's [`largest_heap`](HeapRuleset::largest_heap),
/// and rules that leave a heap not smaller than the heap moved in (found as the loop meets
/// it).
///
/// ```
/// use grundy::heap::Tabulated;
/// use grundy::impartial::heap_values::nim_values;
/// use grundy::stop::Stop;
///
/// // Kayles: knock down one pin or two neighbours (a side without pins is a part of 0).
/// let kayles = Tabulated::from_fn("kayles", 11, |n| {
///     (1..=n.min(2))
///         .flat_map(|knocked| (0..=n - knocked).map(move |left| vec![left, n - knocked - left]))
///         .collect()
/// })
/// .unwrap();
/// let values = nim_values(&kayles, 11, &Stop::NEVER, &mut |_, _| {}).unwrap();
/// assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// ```
pub fn nim_values(
    rules: &dyn HeapRuleset,
    to: u64,
    stop: &Stop,
    progress: Progress<'_>,
) -> Result<Vec<u64>, SequenceError> {
    if let Some(largest) = rules.largest_heap() {
        if to > largest {
            return Err(SequenceError::Refused(ParseError::at_token(
                format!(
                    "the rules {} know heaps up to {largest} only, so the values up to {to} \
                     are not computed",
                    rules.name()
                ),
                &to.to_string(),
            )));
        }
    }
    let count = usize::try_from(to)
        .ok()
        .and_then(|to| to.checked_add(1))
        .unwrap_or(usize::MAX);
    check_length(count)?;
    let mut values: Vec<u32> = Vec::with_capacity(count);
    let mut marks = Marks::default();
    let mut broken: Option<(HeapMove, u64)> = None;
    extend_by_mex(
        &mut values,
        count,
        &mut marks,
        progress,
        stop,
        |values, heap, marks| {
            rules.for_each_option(heap as u64, &mut |left| {
                let mut value = 0;
                for part in left {
                    match values.get(*part as usize) {
                        Some(part_value) if (*part as usize) < heap => value ^= part_value,
                        _ => {
                            if broken.is_none() {
                                broken = Some((
                                    HeapMove {
                                        heap: heap as u64,
                                        left: left.to_vec(),
                                    },
                                    *part,
                                ));
                            }
                            return;
                        }
                    }
                }
                marks.insert(value);
            });
        },
    )?;
    if let Some((mv, part)) = broken.take() {
        return Err(SequenceError::Refused(ParseError::at_token(
            format!(
                "the rules {} give the move {mv}, which leaves a heap of {part}: every heap \
                 left must be smaller than the heap moved in",
                rules.name()
            ),
            &mv.to_string(),
        )));
    }
    progress(count, count);
    Ok(values.into_iter().map(u64::from).collect())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A ruleset that breaks the contract: a heap of 3 may be left as a heap of 3.
    #[derive(Debug)]
    struct Stuck;

    impl HeapRuleset for Stuck {
        fn name(&self) -> String {
            "stuck".to_string()
        }

        fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
            if heap >= 1 {
                visit(&[heap - 1]);
            }
            if heap == 3 {
                visit(&[3]);
            }
        }
    }

    #[test]
    fn rules_that_leave_a_heap_as_large_are_refused() {
        let error = nim_values(&Stuck, 5, &Stop::NEVER, &mut |_, _| {}).unwrap_err();
        let message = error.to_string();
        assert!(
            message.contains("3->3") && message.contains("stuck"),
            "{message}"
        );
        // Below the broken heap the values are those of a chain.
        assert_eq!(
            nim_values(&Stuck, 2, &Stop::NEVER, &mut |_, _| {}).unwrap(),
            [0, 1, 0]
        );
    }

    #[test]
    fn the_loop_stops_and_refuses_lengths_beyond_memory() {
        let stop = Stop::new();
        stop.raise();
        let error = nim_values(&Stuck, 1000, &stop, &mut |_, _| {}).unwrap_err();
        assert_eq!(error, SequenceError::Stopped(Stopped));
        let error = nim_values(&Stuck, u64::MAX, &Stop::NEVER, &mut |_, _| {}).unwrap_err();
        assert!(error.to_string().contains("MiB"), "{error}");
    }
}
