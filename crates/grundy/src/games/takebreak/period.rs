//! Periodicity of a nim sequence, detected in a computed prefix and **proved** by the
//! periodicity theorem for finite take-and-break games.
//!
//! # The theorem
//!
//! Let a game take at most `t` tokens per move (every code digit beyond `dt` is 0) and leave
//! at most two heaps. If G(n + p) = G(n) for every n with `pre ≤ n < 2·pre + p + t`, then
//! G(n + p) = G(n) for every n ≥ pre: the sequence is periodic from `pre` with period `p`.
//!
//! Proof sketch, by induction on n ≥ 2·pre + p + t: an option of the heap n + p removes k ≤
//! t tokens and leaves heaps a + b = n + p − k ≥ 2·pre + 2·p, so the larger, say a, is at
//! least pre + p; replacing a by a − p gives an option of n with the same value, and
//! conversely adding p to the larger heap of an option of n gives an option of n + p. Moves
//! that remove a whole heap exist only for heaps of at most t tokens. Here `pre` is taken to
//! be at least 1, so that a − p is never the empty heap.
//!
//! The same argument with three heaps left (hexadecimal digits with bit 8) needs the larger
//! heap a ≥ pre + p out of a + b + c = n + p − k, so the window becomes
//! `3·pre + 2·p + t`. Games that never split (subtraction games, codes with digits ≤ 3)
//! need only `pre + t`: from there on a heap's options are the t heaps below it.
//!
//! Nothing is claimed for all-but games (a move may take any number of tokens) nor for
//! Grundy's game (a split keeps every token, but the two heaps must be unequal, which the
//! shift by p does not preserve).
//!
//! Once some period is proved, the least period and the least pre-period are read off the
//! prefix: the sequence is known to repeat from the proved start, so every claim below is
//! checked on values that are all computed.

use serde::Serialize;

use super::code::HeapRules;
use super::sequence::Progress;
use crate::heap::periodicity::{least_period, repeating_from};
use crate::heap::HeapRuleset;
use crate::stop::{Stop, Stopped};

/// A proved periodicity: G(n + period) = G(n) for every n ≥ preperiod, and no smaller
/// period or pre-period does this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The first heap from which the sequence repeats.
    pub preperiod: usize,
    /// The least period.
    pub period: usize,
}

/// Why no period is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NoPeriod {
    /// The theorem applies but no period is proved by the values computed.
    NotFoundUpTo(usize),
    /// The theorem does not apply to these rules (all-but games, Grundy's game).
    NoTheorem,
}

/// The window the theorem needs to check: the values with `pre ≤ n < window` must repeat
/// with period `period`. `None` when the theorem does not apply to `rules` (their
/// [`periodicity_bounds`](HeapRuleset::periodicity_bounds) are none).
pub fn window(rules: &HeapRules, preperiod: usize, period: usize) -> Option<usize> {
    rules.periodicity_bounds()?.window(preperiod, period)
}

/// Finds and proves a periodicity of the sequence `values` (G(0), G(1), …) of `rules`;
/// the periods tried are those at most `max_period`.
pub fn find_period(
    rules: &HeapRules,
    values: &[u32],
    max_period: usize,
) -> Result<Periodicity, NoPeriod> {
    match search(rules, values, max_period, &Stop::NEVER) {
        Ok(found) => found,
        // A stop that never comes never stops the search.
        Err(Stopped) => Err(NoPeriod::NotFoundUpTo(values.len())),
    }
}

/// [`find_period`] with every period up to half the length tried, looking at `stop` every
/// few thousand periods (a search of 2^28 values tries 2^27 periods).
pub fn prove_period(
    rules: &HeapRules,
    values: &[u32],
    stop: &Stop,
) -> Result<Result<Periodicity, NoPeriod>, Stopped> {
    search(rules, values, values.len() / 2, stop)
}

/// How many periods are tried between two looks at the stop.
const STOP_EVERY_PERIODS: usize = 1 << 12;

/// The search of [`find_period`] and [`prove_period`].
fn search(
    rules: &HeapRules,
    values: &[u32],
    max_period: usize,
    stop: &Stop,
) -> Result<Result<Periodicity, NoPeriod>, Stopped> {
    let count = values.len();
    if window(rules, 0, 1).is_none() {
        return Ok(Err(NoPeriod::NoTheorem));
    }
    for period in 1..=max_period.min(count / 2) {
        if period % STOP_EVERY_PERIODS == 0 {
            stop.check()?;
        }
        let start = repeating_from(values, period);
        let Some(end) = window(rules, start, period) else {
            return Ok(Err(NoPeriod::NoTheorem));
        };
        // Every n < end must have n + period computed.
        if end + period <= count {
            return Ok(Ok(least(values, start, period)));
        }
    }
    Ok(Err(NoPeriod::NotFoundUpTo(count)))
}

/// Extends `values`, periodic with `found`, to `count` values by copying whole periods,
/// reporting progress against `count` and looking at `stop` every 2^20 values at most. Values that
/// do not yet hold one whole period after the pre-period (never the case once
/// [`prove_period`] has proved it) are left as they are.
pub fn fill(
    values: &mut Vec<u32>,
    found: Periodicity,
    count: usize,
    progress: Progress<'_>,
    stop: &Stop,
) -> Result<(), Stopped> {
    values.reserve(count.saturating_sub(values.len()));
    while values.len() < count {
        stop.check()?;
        let len = values.len();
        // The longest stretch of whole periods that ends at `len` and starts in the
        // periodic part: it repeats as it is.
        let span = len.saturating_sub(found.preperiod) / found.period * found.period;
        if span == 0 {
            return Ok(());
        }
        let copied = span.min(count - len).min(FILL_CHUNK);
        values.extend_from_within(len - span..len - span + copied);
        progress(values.len(), count);
    }
    Ok(())
}

/// Values copied between two looks at the stop.
const FILL_CHUNK: usize = 1 << 20;

/// From a proved (start, period), the least period dividing it and the least pre-period.
fn least(values: &[u32], start: usize, period: usize) -> Periodicity {
    // Periodic from `start` with `period`, and `values` holds at least one whole period
    // after `start` (the theorem's window is longer).
    let (preperiod, period) = least_period(values, start, period);
    Periodicity { preperiod, period }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::games::takebreak::sequence::plain_values;

    fn period_of(rules: &str, count: usize) -> Result<Periodicity, NoPeriod> {
        let rules: HeapRules = rules.parse().unwrap();
        let values = plain_values(&rules, count, &mut |_, _| {}, &Stop::NEVER).unwrap();
        find_period(&rules, &values, count)
    }

    #[test]
    fn the_window_follows_the_theorem() {
        let kayles: HeapRules = "0.77".parse().unwrap();
        assert_eq!(window(&kayles, 71, 12), Some(2 * 71 + 12 + 2));
        let subtraction: HeapRules = "S(1,3,4)".parse().unwrap();
        assert_eq!(window(&subtraction, 0, 7), Some(1 + 4));
        let hex: HeapRules = "hex:0.8".parse().unwrap();
        assert_eq!(window(&hex, 2, 3), Some(6 + 6 + 1));
        assert_eq!(window(&HeapRules::Grundy, 2, 3), None);
        assert_eq!(window(&"AB(1)".parse().unwrap(), 2, 3), None);
    }

    #[test]
    fn a_short_prefix_proves_nothing() {
        assert_eq!(period_of("0.77", 100), Err(NoPeriod::NotFoundUpTo(100)));
        assert_eq!(period_of("grundy", 100), Err(NoPeriod::NoTheorem));
    }

    #[test]
    fn subtraction_games_are_periodic_early() {
        assert_eq!(
            period_of("S(1,2)", 20),
            Ok(Periodicity {
                preperiod: 0,
                period: 3
            })
        );
    }
}
