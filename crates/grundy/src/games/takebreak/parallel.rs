//! The sparse-space method on every core rayon offers.
//!
//! Heaps are computed in blocks of 256 consecutive heaps `start..end`. The options of
//! a heap `n` of the block fall in two parts:
//!
//! * the *outer* options, all of whose heaps are below `start`: their values are known
//!   before the block begins, so the heaps of the block are searched at once, one task a
//!   heap: the known options and the splits with a rare heap are marked, and the values are
//!   walked up as in [`super::sparse`] with the scans limited to the outer splits, up to the
//!   first value missing from every outer option;
//! * the *inner* options, which leave a heap of at least `start` tokens: the one-heap moves
//!   that take few tokens, and the splits a + b whose smaller heap a is at most
//!   `n − take − start` (fewer than 256 splits a split size). They are marked heap by
//!   heap, in order, once the heaps below are known, and the walk goes on from the first
//!   missing outer value with the scans where they stopped.
//!
//! Every option is in exactly one part and the walk is the same walk as on one core, so the
//! values are exact; only the order of the visits changes. The inner work is a few hundred
//! xors a heap, against thousands of split visits in the outer searches of a long sequence,
//! so the part that runs in order stays small. Two things keep it small:
//!
//! * the outer searches of a heap stop after 2^14 visits and leave the walk to
//!   the ordered part: a value present among the inner splits only would otherwise cost a
//!   visit of every outer split (the one-core loop finds such values among the first splits
//!   it visits);
//! * a search of the ordered part that goes beyond 2^14 visits goes on on
//!   every core, by rounds that double.
//!
//! The sets of values of a block are sized for the largest value before the block; should a
//! value of the block outgrow them, the block ends there and the next one starts with larger
//! sets.

use rayon::prelude::*;

use super::sequence::{value_bound, Progress, PROGRESS_EVERY};
use super::sparse::{mark_rare_splits, walk, Scan, Search, SparseLoop, Tally, ValueSet};
use crate::stop::{Stop, Stopped};

/// Heaps per block: the inner splits cost up to this many xors per split size and heap on one
/// core, and a block must be long enough to share out (a few hundred microseconds of work).
const BLOCK: usize = 256;

/// Blocks start once this many values are known, so that a block is short beside the heaps
/// below it; shorter prefixes are extended on one core.
const FIRST: usize = 8 * BLOCK;

/// The most splits the outer searches of one heap visit (a few times the thousands a heap
/// of a long sequence needs on average). Past it the walk is left to the ordered part: a
/// value present among the inner splits only would otherwise cost a search of every outer
/// split (the one-core loop finds those among the first splits it visits), and the ordered
/// part marks the inner splits before it searches on.
const OUTER_BUDGET: usize = 1 << 14;

/// A search in the ordered part visits this many splits on one core, then goes on on every
/// core.
const ORDERED_ALONE: usize = 1 << 14;

/// Splits visited on every core in the first round of a shared search; each round doubles
/// the last, up to [`SHARED_MAX`], so that a search of millions of splits pays for few
/// rounds while a short one visits few splits past the one with the value.
const SHARED_STEP: usize = 1 << 16;

/// The most splits a round of a shared search visits (a few milliseconds, between two looks
/// at the stop).
const SHARED_MAX: usize = 1 << 22;

/// Searches `scan` for `target` by rounds of splits on every core (from [`SHARED_STEP`] on,
/// doubling), marking every split of a round in `set`, until a round finds the value or no
/// split is left. A round's splits past the one with the value are marked too: they are
/// options all the same, and the scan moves past them.
fn search_shared(
    scan: &mut Scan,
    values: &[u32],
    target: u32,
    set: &mut Flags<'_>,
    tally: &mut Tally,
    stop: &Stop,
) -> Result<Search, Stopped> {
    let room = set.0.len();
    let sum = scan.sum;
    let mut step = SHARED_STEP;
    while scan.next <= scan.last {
        stop.check()?;
        let end = scan.last.min(scan.next + step - 1);
        step = (step * 2).min(SHARED_MAX);
        let seen = (scan.next..end + 1)
            .into_par_iter()
            .with_min_len(1 << 13)
            .fold(
                || vec![false; room],
                |mut seen, small| {
                    if let Some(flag) = seen.get_mut((values[small] ^ values[sum - small]) as usize)
                    {
                        *flag = true;
                    }
                    seen
                },
            )
            .reduce(
                || vec![false; room],
                |mut a, b| {
                    a.iter_mut().zip(b).for_each(|(a, b)| *a |= b);
                    a
                },
            );
        for (value, seen) in seen.iter().enumerate() {
            if *seen {
                set.insert(value as u32);
            }
        }
        tally.search_steps += (end + 1 - scan.next) as u64;
        scan.next = end + 1;
        if set.contains(target) {
            return Ok(Search::Found);
        }
    }
    Ok(Search::Missing)
}

/// A set of values as one byte a value (a store, where a bit would need a read too), for
/// one heap of a block.
struct Flags<'a>(&'a mut [bool]);

impl ValueSet for Flags<'_> {
    #[inline]
    fn insert(&mut self, value: u32) {
        if let Some(flag) = self.0.get_mut(value as usize) {
            *flag = true;
        }
    }

    #[inline]
    fn contains(&self, value: u32) -> bool {
        self.0.get(value as usize) == Some(&true)
    }
}

impl SparseLoop {
    /// Extends `values` to `to` values, block by block on every core (on one core when rayon
    /// offers one), reporting progress against `to` every [`PROGRESS_EVERY`] values or so
    /// (the caller reports the end). Looks at `stop` between blocks (a block is about a
    /// millisecond of work) and within long searches.
    pub(crate) fn extend(
        &mut self,
        values: &mut Vec<u32>,
        to: usize,
        progress: Progress<'_>,
        stop: &Stop,
    ) -> Result<(), Stopped> {
        if rayon::current_num_threads() < 2 || to <= FIRST {
            return self.extend_one_core(values, to, progress, stop);
        }
        if values.len() < FIRST {
            self.extend_one_core(values, FIRST, progress, stop)?;
        }
        values.reserve(to.saturating_sub(values.len()));
        while values.len() < to {
            stop.check()?;
            self.settle_labelling(values);
            let start = values.len();
            self.block(values, (start + BLOCK).min(to), stop)?;
            if values.len() / PROGRESS_EVERY != start / PROGRESS_EVERY {
                progress(values.len(), to);
            }
        }
        Ok(())
    }

    /// Computes the heaps `values.len()..end` (or a first part of them, when a value outgrows
    /// the block's sets): the outer searches in parallel, then the inner options in order.
    fn block(&mut self, values: &mut Vec<u32>, end: usize, stop: &Stop) -> Result<(), Stopped> {
        let start = values.len();
        let heaps = end - start;
        let room = value_bound(self.max);
        let per_heap = self.shape.pair.len();
        let mut flags = vec![false; heaps * room];
        let mut scans = vec![
            Scan {
                sum: 0,
                next: 1,
                last: 0
            };
            heaps * per_heap
        ];
        let mut firsts = vec![(0u32, 0usize); heaps];
        let known: &[u32] = values;
        let this: &SparseLoop = self;
        let outer = flags
            .par_chunks_mut(room)
            .zip(scans.par_chunks_mut(per_heap.max(1)))
            .zip(firsts.par_iter_mut())
            .enumerate()
            .map(|(index, ((flags, scans), first))| {
                let mut tally = Tally::default();
                // A stopped search leaves its heap unfinished; the look at the stop after
                // the parallel part then ends the block.
                if let Ok(found) = this.outer(known, start + index, flags, scans, &mut tally, stop)
                {
                    *first = found;
                }
                tally
            })
            .reduce(Tally::default, |mut a, b| {
                a.add(b);
                a
            });
        stop.check()?;
        // Full scans are counted where a value is found missing from every split.
        self.tally.search_steps += outer.search_steps;
        for index in 0..heaps {
            if value_bound(self.max) > room {
                break;
            }
            let heap = start + index;
            let mut set = Flags(&mut flags[index * room..(index + 1) * room]);
            self.mark_inner(values, heap, start, &mut set);
            let (first, count) = firsts[index];
            let scans = &mut scans[index * per_heap..index * per_heap + count];
            let value = walk(
                self.labelling,
                scans,
                first,
                &mut set,
                &mut self.tally,
                &mut |scan, target, set, tally| {
                    match scan.until(values, target, ORDERED_ALONE, set, tally, stop)? {
                        Search::Undecided => search_shared(scan, values, target, set, tally, stop),
                        decided => Ok(decided),
                    }
                },
            )?;
            self.push(values, value);
        }
        Ok(())
    }

    /// The outer part of heap `heap` of a block that starts at `start`: marks the outer
    /// options in `flags`, leaves the outer scans in `scans` and returns the first value
    /// missing from them with the number of scans.
    fn outer(
        &self,
        known: &[u32],
        heap: usize,
        flags: &mut [bool],
        scans: &mut [Scan],
        tally: &mut Tally,
        stop: &Stop,
    ) -> Result<(u32, usize), Stopped> {
        let shape = &self.shape;
        let start = known.len();
        let mut set = Flags(flags);
        for &take in &shape.whole {
            if heap == take {
                set.insert(0);
            }
        }
        for &take in &shape.single {
            if heap > take && heap - take < start {
                set.insert(known[heap - take]);
            }
        }
        let mut count = 0;
        for scan in Scan::all(shape, heap, start) {
            mark_rare_splits(shape, known, &self.rare_heaps, scan.sum, start, &mut set);
            scans[count] = scan;
            count += 1;
        }
        let mut budget = OUTER_BUDGET;
        let first = walk(
            self.labelling,
            &mut scans[..count],
            0,
            &mut set,
            tally,
            &mut |scan, target, set, tally| {
                let before = scan.next;
                let found = scan.until(known, target, budget, set, tally, stop);
                budget -= scan.next - before;
                found
            },
        )?;
        Ok((first, count))
    }

    /// Marks the inner options of `heap` (heaps below it all known): the one-heap moves to
    /// a heap of at least `start` tokens and the splits with a heap that large.
    fn mark_inner(&self, values: &[u32], heap: usize, start: usize, set: &mut Flags<'_>) {
        let shape = &self.shape;
        for &take in &shape.single {
            if heap > take && heap - take >= start {
                set.insert(values[heap - take]);
            }
        }
        for &take in &shape.pair {
            if heap < take + 2 {
                continue;
            }
            let sum = heap - take;
            let inner = sum.saturating_sub(start).min(shape.pair_limit(sum));
            for small in 1..=inner {
                set.insert(values[small] ^ values[sum - small]);
            }
        }
    }
}
