//! The value sequence of a pair of subtraction sets (the canonical values of heaps 0, 1,
//! 2, …) and the least period seen in it.
//!
//! Fraenkel and Kotzig (1987, "Partizan octal games: partizan subtraction games") prove
//! that the *outcomes* of a partizan subtraction game are eventually periodic in the heap
//! (as the zbMATH review of the paper states it). That is a theorem about who wins, not
//! about canonical values, so the period found here is only *observed*: it holds for the
//! heaps looked at, and nothing here claims more.

use crate::cgt::{GameId, Interrupted, Limits, ValueStore};
use crate::partizan::solver::MEMORY_LIMIT;
use crate::report::{SolveError, SolveOptions};

use super::PartizanSubtraction;

/// The heaps whose values the period is looked for in: 0 to this.
pub const PERIOD_HEAPS: u32 = 300;

/// The fewest whole periods that must be seen before a period is reported.
pub const MIN_REPEATS: u32 = 3;

/// The most values the note's store may hold: the canonical forms of some sets grow fast
/// with the heap, and the sequence is cut there.
pub const STORE_LIMIT: usize = 100_000;

/// The longest value the note writes out in full.
pub const SHOWN_CHARS: usize = 40;

/// The values of heaps `0..=last` under `position`'s sets, valued bottom up by the rules
/// (each heap from the values of the smaller ones), in `store`.
pub fn values(store: &mut ValueStore, position: &PartizanSubtraction, last: u32) -> Vec<GameId> {
    values_within(store, position, last, usize::MAX)
}

/// [`values`], stopped before `last` once `store` holds more than `store_limit` values.
pub fn values_within(
    store: &mut ValueStore,
    position: &PartizanSubtraction,
    last: u32,
    store_limit: usize,
) -> Vec<GameId> {
    let left = position.set(crate::player::Player::Left);
    let right = position.set(crate::player::Player::Right);
    let mut values: Vec<GameId> = Vec::with_capacity(last as usize + 1);
    for heap in 0..=last {
        let options = |set: &[u32]| -> Vec<GameId> {
            set.iter()
                .take_while(|&&amount| amount <= heap)
                .map(|&amount| values[(heap - amount) as usize])
                .collect()
        };
        let (lefts, rights) = (options(left), options(right));
        let value = store.game(&lefts, &rights);
        values.push(value);
        if store.len() > store_limit {
            break;
        }
    }
    values
}

/// A period of a sequence: from `start` on, every term equals the one `length` later.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// The first heap from which the sequence repeats (the preperiod).
    pub start: u32,
    /// The period.
    pub length: u32,
}

/// The least period seen in `sequence` (the shortest length, then the earliest start) that
/// repeats at least [`MIN_REPEATS`] whole times within it; `None` when there is none.
pub fn least_period<T: PartialEq>(sequence: &[T]) -> Option<Period> {
    let len = sequence.len();
    for length in 1..=len / MIN_REPEATS as usize {
        // The earliest start from which every term equals the one `length` later.
        let mut start = len - length;
        while start > 0 && sequence[start - 1] == sequence[start - 1 + length] {
            start -= 1;
        }
        if (len - start) / length >= MIN_REPEATS as usize {
            return Some(Period {
                start: start as u32,
                length: length as u32,
            });
        }
    }
    None
}

/// The note `grundy solve` prints: the values of heaps 0 to `shown`, and the period seen in
/// heaps 0 to [`PERIOD_HEAPS`], named as observed. The work is bounded by the stop and the
/// memory limit of `options`, as the rest of the report.
pub fn note(
    position: &PartizanSubtraction,
    shown: u32,
    options: &SolveOptions,
) -> Result<Vec<String>, SolveError> {
    let memory_limit = options.memory_limit.unwrap_or(MEMORY_LIMIT);
    let limits = Limits::new(options.stop.clone(), Some(memory_limit));
    let mut store = ValueStore::new();
    store
        .bounded(limits, |store| written(store, position, shown))
        .map_err(|interrupted| match interrupted {
            Interrupted::Stopped(stopped) => SolveError::Stopped(stopped),
            too_large => SolveError::TooLarge(format!(
                "the value sequence of {position} is too large to value in the memory limit: {too_large}"
            )),
        })
}

/// The note's two lines, valued and written in `store`.
fn written(store: &mut ValueStore, position: &PartizanSubtraction, shown: u32) -> Vec<String> {
    let values = values_within(store, position, PERIOD_HEAPS, STORE_LIMIT);
    let last = values.len() as u32 - 1;
    let shown = shown.min(last);
    let first: Vec<String> = values[..=shown as usize]
        .iter()
        .map(|&value| {
            let text = store.display(value);
            if text.chars().count() > SHOWN_CHARS {
                format!("({} characters)", text.chars().count())
            } else {
                text
            }
        })
        .collect();
    let sets = position.with_heaps(vec![0]).to_string();
    let sets = sets.trim_end_matches(":0");
    let cut = if last < PERIOD_HEAPS {
        format!(" (stopped at heap {last}: the canonical forms grow past {STORE_LIMIT} values)")
    } else {
        String::new()
    };
    let period = match least_period(&values) {
        Some(Period { start, length }) => format!(
            "values of heaps 0..{last}: period {length} from heap {start}, seen over {} periods (observed, not proved: the theorem of Fraenkel and Kotzig is about outcomes, not values){cut}",
            (last + 1 - start) / length
        ),
        None => format!(
            "values of heaps 0..{last}: no period seen (repeated {MIN_REPEATS} times){cut}"
        ),
    };
    vec![
        format!("{sets}: values of heaps 0..{shown}: {}", first.join(", ")),
        period,
    ]
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn least_periods() {
        assert_eq!(
            least_period(&[0, 1, 0, 1, 0, 1]),
            Some(Period { start: 0, length: 2 })
        );
        assert_eq!(
            least_period(&[5, 7, 0, 1, 2, 0, 1, 2, 0, 1, 2]),
            Some(Period { start: 2, length: 3 })
        );
        assert_eq!(least_period(&[1, 2, 3, 4, 5, 6]), None);
        assert_eq!(least_period::<u8>(&[]), None);
    }

    #[test]
    fn take_one_alternates_zero_and_star() {
        let position: PartizanSubtraction = "1|1:0".parse().unwrap();
        let notes = note(&position, 4, &SolveOptions::default()).unwrap();
        assert_eq!(notes[0], "1|1: values of heaps 0..4: 0, *, 0, *, 0");
        assert!(notes[1].starts_with(&format!(
            "values of heaps 0..{PERIOD_HEAPS}: period 2 from heap 0, seen over 150 periods"
        )));
    }
}
