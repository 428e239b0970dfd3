//! Periods of the sequences of a heap game (nim values, misère quotient elements): what the
//! periodicity theorem of take-and-break codes needs of a ruleset to prove one
//! ([`PeriodicityBounds`]), and the period merely seen in a computed sequence
//! ([`apparent_period`]), which proves nothing.
//!
//! The theorem and its proof are in the take-and-break game's folder (normal play) and
//! [`misere::stable`](crate::misere_quotient::stable) (misère quotients); both read the window to
//! check from [`PeriodicityBounds::window`].
//!
//! ```
//! use grundy::heap::{apparent_period, ApparentPeriod};
//!
//! // 0 1 2 repeating from the start: seen, not proved.
//! let values = [0u64, 1, 2, 0, 1, 2, 0, 1, 2, 0];
//! assert_eq!(
//!     apparent_period(&values),
//!     Some(ApparentPeriod { preperiod: 0, period: 3 })
//! );
//! ```

use serde::Serialize;

/// What the periodicity theorem of take-and-break codes needs of a ruleset.
///
/// A ruleset that gives these bounds ([`HeapRuleset::periodicity_bounds`]) promises that
/// every move removes at most `max_take` tokens and leaves at most `max_heaps_left` heaps,
/// and that whether a move is allowed depends only on how many tokens it removes and how
/// many heaps it leaves, never on their sizes: the rules of an octal or hexadecimal code
/// (and of a subtraction game, a code of 3s). Then shifting the larger heap of an option by
/// a period gives an option of the heap a period larger, which is what the theorem rests
/// on. Grundy's game (the two heaps must be unequal) and all-but games (no largest take)
/// give none.
///
/// [`HeapRuleset::periodicity_bounds`]: super::HeapRuleset::periodicity_bounds
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct PeriodicityBounds {
    /// The most tokens one move removes.
    pub max_take: u64,
    /// The most heaps one move leaves where there was one: 1, 2 or 3.
    pub max_heaps_left: usize,
}

impl PeriodicityBounds {
    /// The end of the window the theorem needs checked: a sequence whose values repeat
    /// with period `period` for every heap `n` with `max(preperiod, 1) ≤ n < window`
    /// repeats for every heap from there on. `None` when the largest take does not fit a
    /// `usize`; a window too large to count saturates, and is then never reached.
    pub fn window(&self, preperiod: usize, period: usize) -> Option<usize> {
        let take = usize::try_from(self.max_take).ok()?;
        let pre = preperiod.max(1);
        Some(match self.max_heaps_left {
            0 | 1 => pre.saturating_add(take),
            2 => pre
                .saturating_mul(2)
                .saturating_add(period)
                .saturating_add(take),
            _ => pre
                .saturating_mul(3)
                .saturating_add(period.saturating_mul(2))
                .saturating_add(take),
        })
    }
}

/// A period seen in a computed sequence: the values repeat with `period` from
/// `preperiod` to the end of what was computed. Nothing is claimed beyond it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct ApparentPeriod {
    /// The first index from which the values seen repeat.
    pub preperiod: usize,
    /// The period.
    pub period: usize,
}

/// The least period with which the end of `values` is seen to repeat, and the least
/// pre-period for it: **an observation, never a proof**. A period counts as seen when the
/// values repeat with it from the pre-period to the end, over at least three whole periods
/// and over at least as many values as come before the pre-period (so that a few equal
/// values at the end are not taken for a period). For take-and-break codes,
/// their game's folder proves periods by the theorem.
///
/// The time is at most the square of the length over 3, and far less in practice: each
/// period tried is rejected at its first difference from the end.
///
/// ```
/// use grundy::heap::apparent_period;
///
/// // Equal values at the end of a sequence without a period are not one.
/// assert_eq!(apparent_period(&[4u64, 1, 7, 2, 9, 3, 3, 3]), None);
/// ```
pub fn apparent_period<T: PartialEq>(values: &[T]) -> Option<ApparentPeriod> {
    let len = values.len();
    (1..=len / 3).find_map(|period| {
        let preperiod = repeating_from(values, period);
        let stretch = len - preperiod;
        (stretch >= 3 * period && stretch >= preperiod)
            .then_some(ApparentPeriod { preperiod, period })
    })
}

/// The least `start` with `values[n] == values[n + period]` for every `n ≥ start` with
/// `n + period` in range.
pub(crate) fn repeating_from<T: PartialEq>(values: &[T], period: usize) -> usize {
    (0..values.len().saturating_sub(period))
        .rev()
        .find(|&n| values[n] != values[n + period])
        .map_or(0, |n| n + 1)
}

/// From `values` known to repeat with `period` from `start` (and holding at least one whole
/// period after `start`): the least period dividing it and the least pre-period for that
/// period, as `(preperiod, period)`.
pub(crate) fn least_period<T: PartialEq>(
    values: &[T],
    start: usize,
    period: usize,
) -> (usize, usize) {
    // A smaller period of the tail divides `period` and shows on one period's worth of
    // values.
    let mut best = period;
    for divisor in (1..period).filter(|d| period % d == 0) {
        if (start..start + period).all(|n| values[n] == values[start + (n - start) % divisor]) {
            best = divisor;
            break;
        }
    }
    let mut preperiod = start;
    while preperiod > 0 && values[preperiod - 1] == values[preperiod - 1 + best] {
        preperiod -= 1;
    }
    (preperiod, best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_follows_the_number_of_heaps_left() {
        let splits = PeriodicityBounds {
            max_take: 2,
            max_heaps_left: 2,
        };
        assert_eq!(splits.window(71, 12), Some(2 * 71 + 12 + 2));
        assert_eq!(splits.window(0, 3), Some(2 + 3 + 2));
        let single = PeriodicityBounds {
            max_take: 4,
            max_heaps_left: 1,
        };
        assert_eq!(single.window(0, 7), Some(1 + 4));
        let three = PeriodicityBounds {
            max_take: 1,
            max_heaps_left: 3,
        };
        assert_eq!(three.window(2, 3), Some(6 + 6 + 1));
        let huge = PeriodicityBounds {
            max_take: 1,
            max_heaps_left: 2,
        };
        assert_eq!(huge.window(usize::MAX, 1), Some(usize::MAX));
    }

    #[test]
    fn a_period_is_seen_only_over_enough_values() {
        let kayles_like: Vec<u64> = (0..40).map(|n| if n < 10 { n } else { n % 4 }).collect();
        assert_eq!(
            apparent_period(&kayles_like),
            Some(ApparentPeriod {
                preperiod: 10,
                period: 4
            })
        );
        // The same pattern seen over fewer values than its pre-period is not claimed.
        assert_eq!(apparent_period(&kayles_like[..19]), None);
        assert_eq!(apparent_period::<u64>(&[]), None);
        assert_eq!(
            apparent_period(&[5u32, 5, 5]),
            Some(ApparentPeriod {
                preperiod: 0,
                period: 1
            })
        );
    }

    #[test]
    fn the_least_period_divides_the_one_found() {
        let values = [9, 1, 2, 1, 2, 1, 2, 1, 2];
        assert_eq!(least_period(&values, 1, 4), (1, 2));
        assert_eq!(repeating_from(&values, 2), 1);
        assert_eq!(repeating_from(&values, 4), 1);
    }
}
