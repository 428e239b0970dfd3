//! Stopping a long computation from outside: a flag that any holder of a clone may raise,
//! and an optional deadline.
//!
//! Table builds, sequences and searches take a [`Stop`] and look at it between steps small
//! enough (well under 100 ms each) that a raised flag or a passed deadline ends them
//! promptly with [`Stopped`]. The command line passes [`Stop::never`]; the web server passes
//! the token of the request, raised when the request gives up on the work.
//!
//! ```
//! use grundy::stop::Stop;
//! let stop = Stop::new();
//! let worker = stop.clone();
//! assert!(worker.check().is_ok());
//! stop.raise();
//! assert!(worker.check().is_err());
//! ```

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// When a computation should give up: a shared flag, a deadline, both or neither.
#[derive(Debug, Clone, Default)]
pub struct Stop {
    flag: Option<Arc<AtomicBool>>,
    deadline: Option<Instant>,
    meter: Option<Arc<Meter>>,
}

/// How far a long valuation has come, written by the computation that holds a [`Stop`]
/// carrying the meter ([`Stop::with_meter`]) each time it looks at the stop, and read by
/// whoever waits for it (the web server's jobs show it as their progress). Only the
/// partizan valuations write to it; other computations leave it at zero.
#[derive(Debug, Default)]
pub struct Meter {
    valued: AtomicU64,
    cached: AtomicU64,
    values: AtomicU64,
    bytes: AtomicU64,
    readings: AtomicU64,
    moves_valued: AtomicU64,
    moves_total: AtomicU64,
}

/// One reading of a [`Meter`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Reading {
    /// Positions (components) valued so far by the current valuation.
    pub valued: u64,
    /// Positions in the valuation's cache.
    pub cached: u64,
    /// Distinct values in the value store.
    pub values: u64,
    /// An estimate of the heap bytes of the cache and the store together.
    pub bytes: u64,
    /// How many times the computation has written to the meter.
    pub readings: u64,
    /// Moves valued so far, when an analysis values each move of a position after valuing
    /// the position itself (0 before).
    pub moves_valued: u64,
    /// The moves to value in that phase (0 before it starts).
    pub moves_total: u64,
}

impl Meter {
    /// Records how far the computation has come.
    pub fn record(&self, valued: u64, cached: u64, values: u64, bytes: u64) {
        self.valued.store(valued, Ordering::Relaxed);
        self.cached.store(cached, Ordering::Relaxed);
        self.values.store(values, Ordering::Relaxed);
        self.bytes.store(bytes, Ordering::Relaxed);
        self.readings.fetch_add(1, Ordering::Relaxed);
    }

    /// Records that `valued` of the `total` moves of the position have been valued.
    pub fn record_moves(&self, valued: u64, total: u64) {
        self.moves_valued.store(valued, Ordering::Relaxed);
        self.moves_total.store(total, Ordering::Relaxed);
    }

    /// The last figures recorded (all zero before the first).
    pub fn read(&self) -> Reading {
        Reading {
            valued: self.valued.load(Ordering::Relaxed),
            cached: self.cached.load(Ordering::Relaxed),
            values: self.values.load(Ordering::Relaxed),
            bytes: self.bytes.load(Ordering::Relaxed),
            readings: self.readings.load(Ordering::Relaxed),
            moves_valued: self.moves_valued.load(Ordering::Relaxed),
            moves_total: self.moves_total.load(Ordering::Relaxed),
        }
    }
}

/// The answer of a computation that was stopped before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the computation was stopped before it finished (its time ran out or it was cancelled)")]
pub struct Stopped;

impl Stop {
    /// A stop that never comes, as a constant (for defaults that lend a `&Stop`).
    pub const NEVER: Stop = Stop {
        flag: None,
        deadline: None,
        meter: None,
    };

    /// A stop that never comes: the computation runs to its end.
    pub fn never() -> Stop {
        Stop::NEVER
    }

    /// A flag nobody has raised yet, without a deadline.
    pub fn new() -> Stop {
        Stop {
            flag: Some(Arc::new(AtomicBool::new(false))),
            deadline: None,
            meter: None,
        }
    }

    /// A flag nobody has raised yet, that also counts as raised from `deadline` on.
    pub fn until(deadline: Instant) -> Stop {
        Stop {
            deadline: Some(deadline),
            ..Stop::new()
        }
    }

    /// Raises the flag: every clone sees it at its next look. A stop made by
    /// [`Stop::never`] has no flag, and raising it does nothing.
    pub fn raise(&self) {
        if let Some(flag) = &self.flag {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// True once the flag is raised or the deadline has passed.
    pub fn is_raised(&self) -> bool {
        self.flag
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
            || self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// `Err(Stopped)` once the flag is raised or the deadline has passed, for `?` between
    /// steps.
    pub fn check(&self) -> Result<(), Stopped> {
        if self.is_raised() {
            Err(Stopped)
        } else {
            Ok(())
        }
    }

    /// The stop carrying `meter`: the valuations that look at it write how far they have
    /// come to the meter (see [`Meter`]); its clones share it.
    #[must_use]
    pub fn with_meter(mut self, meter: Arc<Meter>) -> Stop {
        self.meter = Some(meter);
        self
    }

    /// The meter the stop carries, if any.
    pub fn meter(&self) -> Option<&Meter> {
        self.meter.as_deref()
    }

    /// The time left: `None` without a deadline, zero once raised.
    pub fn remaining(&self) -> Option<Duration> {
        if self
            .flag
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Some(Duration::ZERO);
        }
        self.deadline
            .map(|deadline| deadline.saturating_duration_since(Instant::now()))
    }
}

/// Two stops are equal when they share one flag (or both have none) and one deadline (the
/// meter is not compared).
impl PartialEq for Stop {
    fn eq(&self, other: &Stop) -> bool {
        let same_flag = match (&self.flag, &other.flag) {
            (Some(mine), Some(theirs)) => Arc::ptr_eq(mine, theirs),
            (None, None) => true,
            _ => false,
        };
        same_flag && self.deadline == other.deadline
    }
}

impl Eq for Stop {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_is_never_raised() {
        let stop = Stop::never();
        stop.raise();
        assert!(!stop.is_raised());
        assert_eq!(stop.remaining(), None);
    }

    #[test]
    fn clones_share_the_flag() {
        let stop = Stop::new();
        let other = stop.clone();
        assert!(!other.is_raised());
        stop.raise();
        assert_eq!(other.check(), Err(Stopped));
        assert_eq!(other.remaining(), Some(Duration::ZERO));
    }

    #[test]
    fn a_passed_deadline_raises() {
        let stop = Stop::until(Instant::now());
        assert!(stop.is_raised());
        let later = Stop::until(Instant::now() + Duration::from_secs(60));
        assert!(!later.is_raised());
        // Counting down from the deadline, never beyond it (how far it has counted is the
        // machine's business).
        assert!(later
            .remaining()
            .is_some_and(|left| left <= Duration::from_secs(60)));
    }
}
