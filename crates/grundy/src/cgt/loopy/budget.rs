//! What bounds the work on loopy values: a [`Stop`] (time limit, Ctrl-C, a cancelled
//! request), a memory limit counted in the bytes the loopy structures hold, and who hears
//! how far the work has come; and [`LoopyError`], every way the work can end without a
//! value.
//!
//! Every large structure (a game graph, the table of a comparison) is reserved against the
//! limit *before* it is made, so work past the limit is refused before it takes the memory,
//! and the stop is looked at every [`Budget::EVERY`] steps of every loop that can run long.

use std::cell::{Cell, RefCell};
use std::time::{Duration, Instant};

use crate::cgt::notation::NotationError;
use crate::stop::{Stop, Stopped};

/// Why a loopy value could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoopyError {
    /// The text is not a loopy value (what and where are in the error).
    #[error("{0}")]
    Notation(#[from] NotationError),
    /// The stop came (the time limit passed, Ctrl-C, a cancelled request).
    #[error("{0}")]
    Stopped(#[from] Stopped),
    /// The work needed more memory than the limit allows.
    #[error(
        "{what} needs about {} MB, past the limit of {} MB",
        needed.div_ceil(1_000_000),
        limit / 1_000_000
    )]
    OverMemory {
        /// What was being built.
        what: &'static str,
        /// The bytes it would have held, with what was held already.
        needed: usize,
        /// The limit.
        limit: usize,
    },
    /// An operation that needs a stopper met a game that is not one.
    #[error("{0} is not a stopper (it has an infinite alternating run of moves), so {1}")]
    NotStopper(String, &'static str),
    /// `A & B` with an offside `B` that is not at most the onside `A`.
    #[error("the offside {offside} is not at most the onside {onside}, so {onside} & {offside} is no value")]
    OffsideAboveOnside {
        /// The onside, printed.
        onside: String,
        /// The offside, printed.
        offside: String,
    },
    /// A quantity that is defined only under a condition the value does not meet (the
    /// variety of a game whose degree is not idempotent, or that is not stable).
    #[error("{0}")]
    Undefined(String),
    /// A simplification that must keep the value did not: a defect of this program, reported
    /// rather than answered wrongly.
    #[error("internal error: {0} (please report it with the input)")]
    Internal(String),
}

/// Who hears how far the work has come: told what is being done and the time since the
/// work began.
pub type LoopyReporter = Box<dyn FnMut(&str, Duration)>;

/// The limits of a run of loopy work and what it holds now.
pub struct Budget {
    stop: Stop,
    memory_limit: Option<usize>,
    held: Cell<usize>,
    steps: Cell<u64>,
    started: Instant,
    report: RefCell<Option<LoopyReporter>>,
    stage: Cell<&'static str>,
}

impl std::fmt::Debug for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget")
            .field("stop", &self.stop)
            .field("memory_limit", &self.memory_limit)
            .field("held", &self.held.get())
            .finish()
    }
}

impl Default for Budget {
    fn default() -> Self {
        Budget::new(Stop::never(), None)
    }
}

/// Bytes held against a [`Budget`], given back when dropped.
#[derive(Debug)]
pub struct Reservation<'a> {
    budget: &'a Budget,
    what: &'static str,
    bytes: usize,
}

impl Reservation<'_> {
    /// Holds `extra` more bytes: refused when the bytes held would pass the limit.
    pub(crate) fn grow(&mut self, extra: usize) -> Result<(), LoopyError> {
        let needed = self.budget.held.get().saturating_add(extra);
        if let Some(limit) = self.budget.memory_limit {
            if needed > limit {
                return Err(LoopyError::OverMemory {
                    what: self.what,
                    needed,
                    limit,
                });
            }
        }
        self.budget.held.set(needed);
        self.bytes += extra;
        Ok(())
    }
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        self.budget
            .held
            .set(self.budget.held.get().saturating_sub(self.bytes));
    }
}

impl Budget {
    /// How many steps apart the stop is looked at: well under a millisecond of work.
    pub const EVERY: u64 = 1 << 14;

    /// A budget with a stop and an optional memory limit in bytes.
    pub fn new(stop: Stop, memory_limit: Option<usize>) -> Budget {
        Budget {
            stop,
            memory_limit,
            held: Cell::new(0),
            steps: Cell::new(0),
            started: Instant::now(),
            report: RefCell::new(None),
            stage: Cell::new("valuing"),
        }
    }

    /// No stop, no limit.
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// The same budget, reporting to `report` at most about once a second of work.
    #[must_use]
    pub fn with_report(self, report: impl FnMut(&str, Duration) + 'static) -> Budget {
        *self.report.borrow_mut() = Some(Box::new(report));
        self
    }

    /// The stop this budget looks at.
    pub fn stop(&self) -> &Stop {
        &self.stop
    }

    /// The memory limit in bytes, if any.
    pub fn memory_limit(&self) -> Option<usize> {
        self.memory_limit
    }

    /// The bytes held now.
    pub fn held(&self) -> usize {
        self.held.get()
    }

    /// Names the stage of the work, for the reports.
    pub(crate) fn stage(&self, stage: &'static str) {
        self.stage.set(stage);
    }

    /// Holds `bytes` for `what` until the reservation is dropped: refused when the bytes
    /// held would pass the limit.
    pub(crate) fn reserve(
        &self,
        what: &'static str,
        bytes: usize,
    ) -> Result<Reservation<'_>, LoopyError> {
        let needed = self.held.get().saturating_add(bytes);
        if let Some(limit) = self.memory_limit {
            if needed > limit {
                return Err(LoopyError::OverMemory {
                    what,
                    needed,
                    limit,
                });
            }
        }
        self.held.set(needed);
        Ok(Reservation {
            budget: self,
            what,
            bytes,
        })
    }

    /// Holds `bytes` for `what` until [`Budget::release`] gives them back (for a structure
    /// kept while the engine that owns the budget is in use): refused when the bytes held
    /// would pass the limit.
    pub(crate) fn hold(&self, what: &'static str, bytes: usize) -> Result<(), LoopyError> {
        self.check(what, bytes)?;
        self.held.set(self.held.get().saturating_add(bytes));
        Ok(())
    }

    /// Gives back `bytes` held by [`Budget::hold`].
    pub(crate) fn release(&self, bytes: usize) {
        self.held.set(self.held.get().saturating_sub(bytes));
    }

    /// Refuses when `bytes` more than the bytes held would pass the limit (for structures
    /// that grow while the engine is in use elsewhere and are counted as they grow).
    pub(crate) fn check(&self, what: &'static str, bytes: usize) -> Result<(), LoopyError> {
        let needed = self.held.get().saturating_add(bytes);
        match self.memory_limit {
            Some(limit) if needed > limit => Err(LoopyError::OverMemory {
                what,
                needed,
                limit,
            }),
            _ => Ok(()),
        }
    }

    /// Counts `steps` steps of work; every [`Budget::EVERY`] looks at the stop and reports.
    pub(crate) fn tick(&self, steps: u64) -> Result<(), LoopyError> {
        let total = self.steps.get().saturating_add(steps);
        if total < Self::EVERY {
            self.steps.set(total);
            return Ok(());
        }
        self.steps.set(0);
        self.look()
    }

    /// Looks at the stop now, and reports.
    pub(crate) fn look(&self) -> Result<(), LoopyError> {
        self.stop.check()?;
        if let Ok(mut report) = self.report.try_borrow_mut() {
            if let Some(report) = report.as_mut() {
                report(self.stage.get(), self.started.elapsed());
            }
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn reservations_are_refused_past_the_limit_and_given_back() {
        let budget = Budget::new(Stop::never(), Some(1000));
        let first = budget.reserve("a table", 600).unwrap();
        assert_eq!(budget.held(), 600);
        let refused = budget.reserve("a graph", 600).unwrap_err();
        assert_eq!(
            refused,
            LoopyError::OverMemory {
                what: "a graph",
                needed: 1200,
                limit: 1000
            }
        );
        drop(first);
        assert_eq!(budget.held(), 0);
        let _second = budget.reserve("a graph", 600).unwrap();
    }

    #[test]
    fn a_raised_stop_ends_the_work_at_the_next_look() {
        let stop = Stop::new();
        let budget = Budget::new(stop.clone(), None);
        budget.tick(10).unwrap();
        stop.raise();
        assert!(matches!(
            budget.tick(Budget::EVERY),
            Err(LoopyError::Stopped(_))
        ));
    }
}
