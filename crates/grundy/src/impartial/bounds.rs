//! What bounds a run of the generic solver: a stop (a deadline, Ctrl-C, a cancelled
//! request) and a memory limit on its memo tables, looked at every
//! [`SearchBounds::EVERY`] new positions.

use std::convert::Infallible;

use crate::report::SolveError;
use crate::stop::{Stop, Stopped};

/// The default memory limit of a bounded run: the partizan valuations' default, so that
/// every search of the command line stops at the same size
/// ([`DEFAULT_MEMORY_LIMIT`](crate::cgt::bounds::DEFAULT_MEMORY_LIMIT)).
pub const DEFAULT_MEMORY_LIMIT: usize = crate::cgt::bounds::DEFAULT_MEMORY_LIMIT;

/// When a bounded run of the solver gives up.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SearchBounds {
    /// When to give up (a deadline, a flag raised by Ctrl-C or a cancelled request).
    pub stop: Stop,
    /// The most bytes the memo tables may be estimated to hold; none without a limit.
    pub memory_limit: Option<usize>,
}

impl SearchBounds {
    /// How many new positions apart the bounds are looked at: well under a millisecond of
    /// work in every game that uses the solver.
    pub const EVERY: u64 = 1 << 10;

    /// A stop and a memory limit.
    pub fn new(stop: Stop, memory_limit: Option<usize>) -> SearchBounds {
        SearchBounds { stop, memory_limit }
    }

    /// A stop and the default memory limit ([`DEFAULT_MEMORY_LIMIT`]) unless `memory_limit`
    /// names another.
    pub fn with_default_memory(stop: &Stop, memory_limit: Option<usize>) -> SearchBounds {
        SearchBounds::new(
            stop.clone(),
            Some(memory_limit.unwrap_or(DEFAULT_MEMORY_LIMIT)),
        )
    }
}

/// Why a bounded run of the solver ended without an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Halted {
    /// The stop came (its deadline passed or it was raised).
    #[error("{0}")]
    Stopped(#[from] Stopped),
    /// The memo tables grew past the memory limit.
    #[error(
        "the search's memo tables reached {} MB, past the limit of {} MB, after {positions} \
         positions valued",
        bytes.div_ceil(1_000_000),
        limit / 1_000_000
    )]
    OverMemory {
        /// The estimated bytes when it was given up.
        bytes: usize,
        /// The limit.
        limit: usize,
        /// Positions in the memo tables by then.
        positions: u64,
    },
}

/// What the solver looks at as its memo tables grow: nothing ([`Unbounded`]) or a
/// [`SearchBounds`] ([`Bounded`]).
pub(crate) trait Guard {
    /// Why the run ends early: [`Infallible`] when it cannot.
    type Error;

    /// Told that the tables now hold `positions` entries of about `bytes` bytes in all.
    fn look(&mut self, positions: u64, bytes: usize) -> Result<(), Self::Error>;
}

/// No bounds: the run goes to its end.
pub(crate) struct Unbounded;

impl Guard for Unbounded {
    type Error = Infallible;

    fn look(&mut self, _: u64, _: usize) -> Result<(), Infallible> {
        Ok(())
    }
}

/// The bounds of a run, with the count of new positions since the last look.
pub(crate) struct Bounded<'a> {
    bounds: &'a SearchBounds,
    since: u64,
}

impl<'a> Bounded<'a> {
    /// A guard of `bounds`, which looks at the stop at once.
    pub(crate) fn new(bounds: &'a SearchBounds) -> Result<Self, Halted> {
        bounds.stop.check()?;
        Ok(Bounded { bounds, since: 0 })
    }
}

impl Guard for Bounded<'_> {
    type Error = Halted;

    fn look(&mut self, positions: u64, bytes: usize) -> Result<(), Halted> {
        self.since += 1;
        if self.since < SearchBounds::EVERY {
            return Ok(());
        }
        self.since = 0;
        self.bounds.stop.check()?;
        match self.bounds.memory_limit {
            Some(limit) if bytes > limit => Err(Halted::OverMemory {
                bytes,
                limit,
                positions,
            }),
            _ => Ok(()),
        }
    }
}

/// The value of a run that could not have ended early.
pub(crate) fn unbounded<T>(result: Result<T, Infallible>) -> T {
    match result {
        Ok(value) => value,
        Err(never) => match never {},
    }
}

/// A stopped search is [`SolveError::Stopped`]; one past its memory limit is
/// [`SolveError::TooLarge`] with the figures.
impl From<Halted> for SolveError {
    fn from(halted: Halted) -> Self {
        match halted {
            Halted::Stopped(stopped) => SolveError::Stopped(stopped),
            over @ Halted::OverMemory { .. } => SolveError::TooLarge(over.to_string()),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_bounded_guard_looks_every_so_often() {
        let bounds = SearchBounds::new(Stop::new(), Some(1000));
        let mut guard = Bounded::new(&bounds).unwrap();
        for _ in 1..SearchBounds::EVERY {
            assert!(guard.look(1, 5000).is_ok());
        }
        assert_eq!(
            guard.look(7, 5000),
            Err(Halted::OverMemory {
                bytes: 5000,
                limit: 1000,
                positions: 7
            })
        );
        bounds.stop.raise();
        assert!(Bounded::new(&bounds).is_err());
    }

    #[test]
    fn over_memory_names_the_limit() {
        let halted = Halted::OverMemory {
            bytes: 5_000_000,
            limit: 4_000_000,
            positions: 12,
        };
        assert_eq!(
            halted.to_string(),
            "the search's memo tables reached 5 MB, past the limit of 4 MB, after 12 positions \
             valued"
        );
    }
}
