//! Bounding the value store: a time limit (a [`Stop`]), a memory limit and a progress
//! receiver that hold for every operation of a [`ValueStore`] inside
//! [`ValueStore::bounded`], however deep in a sum, a comparison or a canonical form the work
//! is when a limit passes.
//!
//! Short inputs can cost without bound: `±1 + ±2 + … + ±40` is 150 bytes, and its canonical
//! form, written out, passes four gigabytes. So the store counts its work (every new value
//! and every result it remembers is one step) and every [`Limits::EVERY`] steps looks at the
//! stop and estimates its bytes. Once a limit has passed, the store is *interrupted*: every
//! operation answers at once with a placeholder (zero, or `false` for a comparison) and
//! remembers nothing, so the computation under way unwinds in microseconds without leaving a
//! wrong answer behind, and `bounded` returns the [`Interrupted`] reason. Everything
//! remembered before the limit passed is right and stays, so a later call goes on from there.
//!
//! ```
//! use grundy::cgt::{Interrupted, Limits, ValueStore};
//! let mut store = ValueStore::new();
//! let switches: Vec<String> = (1..=40).map(|n| format!("±{n}")).collect();
//! let text = switches.join(" + ");
//! let answer = store.bounded(Limits::memory(20_000_000), |store| store.evaluate(&text));
//! assert!(matches!(answer, Err(Interrupted::StoreOverMemory { .. })));
//! // The store still works, and what it held before is intact.
//! let small = store.bounded(Limits::memory(20_000_000), |store| store.evaluate("±1 + ±2"));
//! assert_eq!(store.display(small.unwrap().unwrap()), "±{3|1}");
//! ```

use std::time::Instant;

use super::store::{StoreSize, ValueStore};
use super::watch::Interrupted;
use crate::stop::Stop;

/// The memory limit of a valuation when none is given: 4 GB of estimate, which the
/// allocator's slack, the growth of a hash table (old and new side by side) and the working
/// lists of the moment keep under 8 GB resident (docs/partizan.md). Work that would need
/// more is refused with that reason instead of exhausting the machine.
pub const DEFAULT_MEMORY_LIMIT: usize = 4_000_000_000;

/// Who hears how far a bounded run has come: told the store's size and the time since the
/// run began.
pub type Reporter = Box<dyn FnMut(&StoreSize, std::time::Duration) + Send>;

/// What bounds a run of the store: when to stop, how many bytes it may hold, and who hears
/// how far it has come.
#[derive(Default)]
pub struct Limits {
    /// When to give up (a deadline, a flag raised by Ctrl-C or a cancelled request).
    pub stop: Stop,
    /// The most bytes the store may be estimated to hold.
    pub memory_limit: Option<usize>,
    /// Told the store's size now and then (at most every [`Limits::EVERY`] steps), with the
    /// time since the run began.
    pub report: Option<Reporter>,
}

impl Limits {
    /// How many steps apart the limits are looked at: well under a millisecond of work.
    pub const EVERY: u32 = 1 << 12;

    /// No limit but the memory limit.
    pub fn memory(bytes: usize) -> Limits {
        Limits {
            memory_limit: Some(bytes),
            ..Limits::default()
        }
    }

    /// A stop and a memory limit.
    pub fn new(stop: Stop, memory_limit: Option<usize>) -> Limits {
        Limits {
            stop,
            memory_limit,
            report: None,
        }
    }

    /// The same limits, reporting to `report`.
    pub fn report(
        mut self,
        report: impl FnMut(&StoreSize, std::time::Duration) + Send + 'static,
    ) -> Limits {
        self.report = Some(Box::new(report));
        self
    }
}

impl std::fmt::Debug for Limits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Limits")
            .field("stop", &self.stop)
            .field("memory_limit", &self.memory_limit)
            .field("report", &self.report.is_some())
            .finish()
    }
}

/// A bounded run under way: its limits, the steps since the last look, and why it was
/// interrupted once it is.
pub(crate) struct Guard {
    limits: Limits,
    steps: u32,
    started: Instant,
    /// Bytes held outside the store that count against the memory limit (the text of a
    /// canonical form being printed).
    pub(crate) extra_bytes: usize,
    pub(crate) reason: Option<Interrupted>,
}

impl Guard {
    fn new(limits: Limits) -> Guard {
        Guard {
            limits,
            steps: 0,
            started: Instant::now(),
            extra_bytes: 0,
            reason: None,
        }
    }

    /// The stop of the run.
    pub(crate) fn stop(&self) -> &Stop {
        &self.limits.stop
    }

    /// The memory limit of the run, if any.
    pub(crate) fn memory_limit(&self) -> Option<usize> {
        self.limits.memory_limit
    }

    /// Counts `steps` steps: true once [`Limits::EVERY`] have been counted since the last
    /// look, when a look is due.
    pub(crate) fn count(&mut self, steps: u32) -> bool {
        self.steps = self.steps.saturating_add(steps);
        if self.steps < Limits::EVERY {
            return false;
        }
        self.steps = 0;
        true
    }

    /// Looks at the limits, given the store's size and `more` bytes about to be held: `Some`
    /// with the reason once a limit has passed (or would, with those bytes). The report
    /// hears every byte counted: the store's, those held outside it, and `more`.
    pub(crate) fn look(&mut self, size: &StoreSize, more: usize) -> Option<Interrupted> {
        if let Err(stopped) = self.limits.stop.check() {
            return Some(Interrupted::Stopped(stopped));
        }
        let bytes = size
            .bytes
            .saturating_add(self.extra_bytes)
            .saturating_add(more);
        if let Some(report) = self.limits.report.as_mut() {
            report(&StoreSize { bytes, ..*size }, self.started.elapsed());
        }
        match self.limits.memory_limit {
            Some(limit) if bytes > limit => Some(Interrupted::StoreOverMemory {
                bytes,
                limit,
                values: size.values,
            }),
            _ => None,
        }
    }
}

impl ValueStore {
    /// Runs `work` on this store with every store operation inside it bounded by `limits`:
    /// `Err` with the reason once the stop comes or the store passes the memory limit,
    /// however deep the work is then. A bounded run inside another keeps its own limits
    /// and gives the outer ones back when it ends.
    pub fn bounded<R>(
        &mut self,
        limits: Limits,
        work: impl FnOnce(&mut ValueStore) -> R,
    ) -> Result<R, Interrupted> {
        let outer = self.begin_bounded(limits);
        let answer = work(self);
        self.end_bounded(outer).map(|()| answer)
    }

    /// Starts a bounded run (the pieces of [`bounded`](Self::bounded) for callers that own
    /// the store inside another object): the outer run's guard, to give back to
    /// [`end_bounded`](Self::end_bounded).
    pub(crate) fn begin_bounded(&mut self, limits: Limits) -> Option<Guard> {
        self.set_guard(Some(Guard::new(limits)))
    }

    /// Ends a bounded run begun by [`begin_bounded`](Self::begin_bounded): `Err` with the
    /// reason when it was interrupted.
    pub(crate) fn end_bounded(&mut self, outer: Option<Guard>) -> Result<(), Interrupted> {
        let finished = self.set_guard(outer);
        match finished.and_then(|guard| guard.reason) {
            Some(reason) => Err(reason),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_raised_stop_interrupts_a_long_sum_and_the_store_goes_on() {
        let mut store = ValueStore::new();
        let before = store.evaluate("{2|1} + ^").unwrap();
        let stop = Stop::new();
        stop.raise();
        let text: Vec<String> = (1..=30).map(|n| format!("±{n}")).collect();
        let answer = store.bounded(Limits::new(stop, None), |s| s.evaluate(&text.join("+")));
        assert!(matches!(answer, Err(Interrupted::Stopped(_))));
        assert_eq!(store.evaluate("{2|1} + ^").unwrap(), before);
        assert_eq!(store.display(before), "{2^|1^}");
        // Nothing half-made was remembered: the sum of the first three switches is right.
        let three = store.evaluate("±1 + ±2 + ±3").unwrap();
        let mut fresh = ValueStore::new();
        let expected = fresh.evaluate("±1 + ±2 + ±3").unwrap();
        assert_eq!(store.display(three), fresh.display(expected));
        assert_eq!(store.display(three), "±{6|4||2|0}");
    }

    #[test]
    fn a_deadline_interrupts_and_reports_come() {
        let mut store = ValueStore::new();
        let reports = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counter = reports.clone();
        let limits = Limits::new(
            Stop::until(Instant::now() + Duration::from_millis(200)),
            None,
        )
        .report(move |_, _| {
            counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        });
        let text: Vec<String> = (1..=40).map(|n| format!("±{n}")).collect();
        let answer = store.bounded(limits, |s| s.evaluate(&text.join("+")));
        assert!(matches!(answer, Err(Interrupted::Stopped(_))));
        assert!(reports.load(std::sync::atomic::Ordering::Relaxed) > 0);
    }

    #[test]
    fn nested_runs_keep_their_own_limits() {
        let mut store = ValueStore::new();
        let outer = store.bounded(Limits::memory(1 << 30), |s| {
            let stop = Stop::new();
            stop.raise();
            let text: Vec<String> = (1..=30).map(|n| format!("±{n}")).collect();
            let inner = s.bounded(Limits::new(stop, None), |s| s.evaluate(&text.join("+")));
            assert!(inner.is_err());
            s.evaluate("±1 + ±2").unwrap()
        });
        let value = outer.unwrap();
        assert_eq!(store.display(value), "±{3|1}");
    }
}
