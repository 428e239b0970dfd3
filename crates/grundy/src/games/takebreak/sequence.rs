//! The nim sequence G(0), G(1), … of a heap game by the plain mex loop: every option of
//! every heap is visited, so the time grows with the square of the length for games that
//! split heaps (the sparse-space method in [`super::sparse`] is the fast way there) and
//! linearly for games that never split.
//!
//! The loop itself, its value table and its limits are every heap game's
//! ([`crate::impartial::heap_values`], re-exported here); what is the codes' own is the fast marking
//! of a heap's options by the [`Shape`] of the rules.

use super::code::HeapRules;
use super::shape::Shape;
use crate::error::ParseError;
use crate::impartial::heap_values::extend_by_mex;
use crate::stop::{Stop, Stopped};

pub(crate) use crate::impartial::heap_values::{value_bound, Marks, STOP_EVERY};
pub use crate::impartial::heap_values::{check_length, Progress, SequenceError, MAX_LENGTH, PROGRESS_EVERY};

/// The most mex-loop steps (visits of an option) a computation may need before it is
/// refused as too slow (about an hour at a few 10^8 steps a second).
pub const MAX_WORK: f64 = 1e12;

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
        let (rules, shape) = (self.rules, &self.shape);
        extend_by_mex(
            values,
            to,
            &mut self.marks,
            progress,
            stop,
            |values, heap, marks| match shape {
                Some(shape) => mark_options(shape, values, heap, marks),
                None => {
                    if let HeapRules::AllBut(excluded) = rules {
                        for take in 1..=heap {
                            if excluded.binary_search(&(take as u64)).is_err() {
                                marks.insert(values[heap - take]);
                            }
                        }
                    }
                }
            },
        )
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
