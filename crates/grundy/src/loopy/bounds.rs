//! What bounds a run of the loopy engine (a [`Stop`] and a memory limit counted in the bytes
//! the run actually holds), who hears how far it has come, and why a run ends without an
//! answer.
//!
//! Every phase (exploring the positions, solving them, labelling their values) counts its
//! work and looks at the bounds every [`Bounds::EVERY`] steps, well under a millisecond
//! apart. The memory limit is checked before every allocation that would grow what the run
//! holds (a vector's or the hash table's next doubling, the arrays of a phase), so the run
//! stops before it holds more than the limit, not after.

use std::fmt;
use std::time::{Duration, Instant};

use crate::stop::{Stop, Stopped};

/// The phases of a run, as the progress hook names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Listing the positions reachable from the start and their moves.
    Exploring,
    /// Labelling positions won, lost or drawn (retrograde analysis).
    Solving,
    /// Labelling the values of a loopy impartial game.
    Labelling,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Exploring => "exploring",
            Phase::Solving => "solving",
            Phase::Labelling => "labelling",
        })
    }
}

/// How far a run has come, as the progress hook hears it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// The phase under way.
    pub phase: Phase,
    /// Positions found (exploring) or the positions of the graph (other phases).
    pub positions: u64,
    /// Moves listed (exploring) or the moves of the graph (other phases).
    pub moves: u64,
    /// Positions done so far in the phase: whose moves are listed (exploring), settled
    /// (solving) or labelled with a nimber (labelling).
    pub settled: u64,
    /// The bytes the run holds now.
    pub bytes: usize,
    /// The time since the phase began.
    pub elapsed: Duration,
}

/// Who hears how far a run has come: told now and then (at most every [`Bounds::EVERY`]
/// steps, and once at the end of each phase).
pub type ProgressHook = Box<dyn FnMut(&Progress) + Send>;

/// When a run of the loopy engine gives up, and who hears how far it has come.
#[derive(Default)]
pub struct Bounds {
    /// When to give up (a deadline, a flag raised by Ctrl-C or a cancelled request).
    pub stop: Stop,
    /// The most bytes the run may hold (its graph, tables and work lists); none without a
    /// limit.
    pub memory_limit: Option<usize>,
    /// Told how far the run has come.
    pub progress: Option<ProgressHook>,
}

impl fmt::Debug for Bounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bounds")
            .field("stop", &self.stop)
            .field("memory_limit", &self.memory_limit)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl Bounds {
    /// How many steps (positions explored, positions settled) apart the stop is looked at
    /// and the progress hook told.
    pub const EVERY: u64 = 1 << 14;

    /// A stop and a memory limit, without a progress hook.
    pub fn new(stop: Stop, memory_limit: Option<usize>) -> Bounds {
        Bounds {
            stop,
            memory_limit,
            progress: None,
        }
    }

    /// No bounds at all: the run goes to its end (or to the end of the machine's memory).
    pub fn none() -> Bounds {
        Bounds::default()
    }

    /// The same bounds, telling `hook` how far the run has come.
    #[must_use]
    pub fn with_progress(mut self, hook: impl FnMut(&Progress) + Send + 'static) -> Bounds {
        self.progress = Some(Box::new(hook));
        self
    }

    /// `Err` when holding `bytes` in all (what the run holds and what it is about to
    /// allocate) would pass the memory limit, with `positions` the positions it has so far.
    pub(crate) fn afford(
        &self,
        phase: Phase,
        bytes: usize,
        positions: u64,
    ) -> Result<(), LoopyError> {
        match self.memory_limit {
            Some(limit) if bytes > limit => Err(LoopyError::OverMemory {
                phase,
                bytes,
                limit,
                positions,
            }),
            _ => Ok(()),
        }
    }

    /// Looks at the stop and tells the progress hook: `Err` once the stop has come.
    pub(crate) fn look(&mut self, progress: &Progress) -> Result<(), LoopyError> {
        if let Some(hook) = self.progress.as_mut() {
            hook(progress);
        }
        self.stop.check().map_err(LoopyError::from)
    }
}

/// A phase under way: what it reports and when it began.
pub(crate) struct Meter {
    pub(crate) progress: Progress,
    started: Instant,
    since: u64,
}

impl Meter {
    /// A phase beginning, on a graph of `positions` positions and `moves` moves.
    pub(crate) fn new(phase: Phase, positions: u64, moves: u64, bytes: usize) -> Meter {
        Meter {
            progress: Progress {
                phase,
                positions,
                moves,
                settled: 0,
                bytes,
                elapsed: Duration::ZERO,
            },
            started: Instant::now(),
            since: 0,
        }
    }

    /// Counts `steps` steps: true when a look at the bounds is due.
    #[inline]
    pub(crate) fn count(&mut self, steps: u64) -> bool {
        self.since += steps;
        if self.since < Bounds::EVERY {
            return false;
        }
        self.since = 0;
        true
    }

    /// Looks at `bounds` with the figures as they are now.
    pub(crate) fn look(&mut self, bounds: &mut Bounds) -> Result<(), LoopyError> {
        self.progress.elapsed = self.started.elapsed();
        bounds.look(&self.progress)
    }
}

/// What a game's rules say when they cannot list the moves of a position (a user's class
/// that raised an exception, a position that breaks the game's own invariants): the
/// engine stops and passes it on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RulesFailed {
    /// What went wrong, in the game's words.
    pub message: String,
}

impl RulesFailed {
    /// A failure with its message.
    pub fn new(message: impl Into<String>) -> RulesFailed {
        RulesFailed {
            message: message.into(),
        }
    }
}

/// Why a run of the loopy engine ended without an answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoopyError {
    /// The stop came (its deadline passed, or it was raised by Ctrl-C or a cancelled
    /// request).
    #[error("{0}")]
    Stopped(#[from] Stopped),
    /// What the run holds would pass the memory limit.
    #[error(
        "the graph of positions would hold {} MB while {phase}, past the memory limit of {} MB, \
         with {positions} positions found",
        bytes.div_ceil(1_000_000),
        limit / 1_000_000
    )]
    OverMemory {
        /// The phase that would have passed the limit.
        phase: Phase,
        /// The bytes it would have held.
        bytes: usize,
        /// The limit.
        limit: usize,
        /// The positions found by then.
        positions: u64,
    },
    /// More positions or more moves than the engine's 32-bit numbering holds.
    #[error(
        "the graph of positions has more than {limit} {what}, more than the loopy engine \
         numbers"
    )]
    TooLarge {
        /// `positions` or `moves`.
        what: &'static str,
        /// How many the engine numbers.
        limit: u64,
    },
    /// The game's rules could not list the moves of a position.
    #[error("the rules could not list the moves of a position: {0}")]
    Rules(#[from] RulesFailed),
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[test]
    fn over_memory_names_the_limit_and_the_phase() {
        let error = LoopyError::OverMemory {
            phase: Phase::Exploring,
            bytes: 5_000_001,
            limit: 4_000_000,
            positions: 12,
        };
        assert_eq!(
            error.to_string(),
            "the graph of positions would hold 6 MB while exploring, past the memory limit of \
             4 MB, with 12 positions found"
        );
        let bounds = Bounds::new(Stop::never(), Some(100));
        assert!(bounds.afford(Phase::Solving, 100, 1).is_ok());
        assert!(matches!(
            bounds.afford(Phase::Solving, 101, 1),
            Err(LoopyError::OverMemory { limit: 100, .. })
        ));
        assert!(Bounds::none().afford(Phase::Solving, usize::MAX, 1).is_ok());
    }

    #[test]
    fn a_look_tells_the_hook_and_sees_the_stop() {
        let heard = Arc::new(Mutex::new(Vec::new()));
        let sink = heard.clone();
        let stop = Stop::new();
        let mut bounds = Bounds::new(stop.clone(), None)
            .with_progress(move |progress| sink.lock().unwrap().push(progress.positions));
        let mut meter = Meter::new(Phase::Exploring, 7, 9, 0);
        assert!(!meter.count(Bounds::EVERY - 1));
        assert!(meter.count(1));
        assert!(meter.look(&mut bounds).is_ok());
        stop.raise();
        assert_eq!(meter.look(&mut bounds), Err(LoopyError::Stopped(Stopped)));
        assert_eq!(*heard.lock().unwrap(), [7, 7]);
        assert!(format!("{bounds:?}").contains("progress: true"));
    }
}
