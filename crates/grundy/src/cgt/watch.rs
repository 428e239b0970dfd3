//! Watching a long valuation: the [`Stop`] it looks at, the memory it may hold, and who
//! hears how far it has come. The evaluator ([`super::Evaluator::value_watched`]) looks at
//! its [`Watch`] every [`Watch::EVERY`] new components.

use std::convert::Infallible;
use std::time::{Duration, Instant};

use super::store::{StoreSize, ValueStore};
use crate::stop::{Stop, Stopped};

/// How far a valuation has come, as the evaluator reports it now and then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Components valued so far (each once; the rest came from the cache).
    pub valued: u64,
    /// Components in the cache.
    pub cached: usize,
    /// The store's size.
    pub store: StoreSize,
    /// An estimate of the heap bytes of the cache and the store together (the store's size,
    /// which counts the cache).
    pub bytes: usize,
    /// Time since the valuation started.
    pub elapsed: Duration,
}

/// Why a watched valuation ended without a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Interrupted {
    /// The stop came (its deadline passed or it was raised).
    #[error("{0}")]
    Stopped(#[from] Stopped),
    /// The cache and the store grew past the memory limit.
    #[error(
        "the valuation's cache and value store reached {} MB, past the limit of {} MB, after \
         {valued} components valued",
        bytes.div_ceil(1_000_000),
        limit / 1_000_000
    )]
    OverMemory {
        /// The estimated bytes when it was given up.
        bytes: usize,
        /// The limit.
        limit: usize,
        /// Components valued by then.
        valued: u64,
    },
    /// The value store alone grew past the memory limit, inside one operation (a sum, a
    /// comparison, a canonical form) of a bounded run ([`ValueStore::bounded`]).
    #[error(
        "the value store reached {} MB, past the limit of {} MB, holding {values} values",
        bytes.div_ceil(1_000_000),
        limit / 1_000_000
    )]
    StoreOverMemory {
        /// The estimated bytes when it was given up.
        bytes: usize,
        /// The limit.
        limit: usize,
        /// Values in the store by then.
        values: usize,
    },
}

/// What a watched valuation looks at every [`Watch::EVERY`] new components: the stop, the
/// memory limit, and who hears about progress.
pub struct Watch<'a> {
    stop: &'a Stop,
    memory_limit: Option<usize>,
    report: Option<&'a mut dyn FnMut(&Progress)>,
    started: Instant,
}

impl<'a> Watch<'a> {
    /// How many new components apart the watch is looked at: a few milliseconds of work.
    pub const EVERY: u64 = 1 << 10;

    /// A watch of `stop`, with no memory limit and nobody to report to.
    pub fn new(stop: &'a Stop) -> Self {
        Watch {
            stop,
            memory_limit: None,
            report: None,
            started: Instant::now(),
        }
    }

    /// Gives up, with [`Interrupted::OverMemory`], once the cache and the store are
    /// estimated to hold more than `bytes`.
    pub fn memory_limit(mut self, bytes: usize) -> Self {
        self.memory_limit = Some(bytes);
        self
    }

    /// Calls `report` with the progress every [`Watch::EVERY`] new components.
    pub fn report(mut self, report: &'a mut dyn FnMut(&Progress)) -> Self {
        self.report = Some(report);
        self
    }
}

impl Watch<'_> {
    /// `Err` once the stop has come.
    pub(crate) fn check_stop(&self) -> Result<(), Stopped> {
        self.stop.check()
    }

    /// The stop it looks at.
    pub(crate) fn stop(&self) -> &Stop {
        self.stop
    }

    /// The memory limit, if any.
    pub(crate) fn memory_limit_bytes(&self) -> Option<usize> {
        self.memory_limit
    }
}

impl std::fmt::Debug for Watch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Watch")
            .field("stop", &self.stop)
            .field("memory_limit", &self.memory_limit)
            .field("report", &self.report.is_some())
            .finish()
    }
}

/// What the recursion calls every [`Watch::EVERY`] new components; its error ends it.
pub(crate) trait Look {
    /// What ends the valuation.
    type Error;
    /// Looks, given the valuation's counts (the store's size counts the cache's bytes); an
    /// error ends the valuation.
    fn look(&mut self, valued: u64, cached: usize, store: &ValueStore) -> Result<(), Self::Error>;
}

/// Nothing to look at: the plain [`Evaluator::value`](super::Evaluator::value).
pub(crate) struct Unwatched;

impl Look for Unwatched {
    type Error = Infallible;
    fn look(&mut self, _: u64, _: usize, _: &ValueStore) -> Result<(), Infallible> {
        Ok(())
    }
}

impl Look for Watch<'_> {
    type Error = Interrupted;
    fn look(&mut self, valued: u64, cached: usize, store: &ValueStore) -> Result<(), Interrupted> {
        self.stop.check()?;
        let size = store.size();
        let bytes = size.bytes;
        if let Some(meter) = self.stop.meter() {
            meter.record(valued, cached as u64, size.values as u64, bytes as u64);
        }
        if let Some(report) = self.report.as_mut() {
            report(&Progress {
                valued,
                cached,
                store: size,
                bytes,
                elapsed: self.started.elapsed(),
            });
        }
        match self.memory_limit {
            Some(limit) if bytes > limit => Err(Interrupted::OverMemory {
                bytes,
                limit,
                valued,
            }),
            _ => Ok(()),
        }
    }
}
