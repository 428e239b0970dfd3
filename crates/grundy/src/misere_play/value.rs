//! What an exact misère search answers, and why it may give no answer: the value of a
//! position for the player to move ([`MisereValue`]: who wins and the remoteness), the
//! search's refusals ([`SearchError`]), and how the values of a position's moves fold into
//! its own (`Best`). The search of any game ([`super::search`]) and the search of sums of
//! heaps ([`super::heap_search`]) both answer in these.

use crate::report::SolveError;
use crate::stop::Stopped;

/// The misère value of a position for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MisereValue {
    /// Whether the player to move wins with perfect misère play.
    pub wins: bool,
    /// The moves left when the winner wins as fast as possible and the loser loses as
    /// slowly as possible (0 when the game is over).
    pub remoteness: u64,
}

/// Why the search gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// More positions are reachable than the limit allows.
    #[error(
        "the exact misère search is limited to {limit} positions and this position reaches \
         more (misère play does not add up by nim-sums, so every reachable position is \
         searched); try a smaller position"
    )]
    TooLarge {
        /// The limit that was reached.
        limit: usize,
    },
    /// The game cannot list every move of some position reached.
    #[error(
        "the exact misère search needs every legal move, and {position} has more than the \
         game lists"
    )]
    TooManyMoves {
        /// The position, in notation.
        position: String,
    },
    /// A move the game listed as legal was refused (a bug in the rules).
    #[error("the move {mv} listed as legal in {position} was refused: {reason}")]
    Inconsistent {
        /// The position, in notation.
        position: String,
        /// The move.
        mv: String,
        /// Why it was refused.
        reason: String,
    },
    /// The memo grew past the memory limit.
    #[error(
        "the exact misère search reached {} MB of positions, past its memory limit of {} MB, \
         after {positions} positions",
        bytes.div_ceil(1_000_000),
        limit / 1_000_000
    )]
    OverMemory {
        /// The estimated bytes of the memo.
        bytes: usize,
        /// The limit.
        limit: usize,
        /// Positions valued by then.
        positions: usize,
    },
    /// The stop was raised.
    #[error("{0}")]
    Stopped(#[from] Stopped),
}

impl From<SearchError> for SolveError {
    fn from(error: SearchError) -> Self {
        match error {
            SearchError::Stopped(stopped) => SolveError::Stopped(stopped),
            over @ SearchError::OverMemory { .. } => SolveError::TooLarge(over.to_string()),
            other => SolveError::Unsupported(other.to_string()),
        }
    }
}

/// The memory limit of a search when none is given: the store's default.
pub const DEFAULT_MEMORY_LIMIT: usize = crate::cgt::bounds::DEFAULT_MEMORY_LIMIT;

/// The task named in progress reports.
pub const PROGRESS_TASK: &str = "exact misère search";

/// The best values found so far among the moves of a position, and its value once every
/// move is in: the fastest win when some move leaves a position the opponent loses, else
/// the slowest loss; a position without moves is won at once (whoever moved last lost).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Best {
    fastest_win: Option<u64>,
    slowest_loss: Option<u64>,
}

impl Best {
    /// Folds in the value of the position one move leads to.
    pub(crate) fn record(&mut self, after: MisereValue) {
        if after.wins {
            self.slowest_loss = Some(
                self.slowest_loss
                    .map_or(after.remoteness, |best| best.max(after.remoteness)),
            );
        } else {
            self.fastest_win = Some(
                self.fastest_win
                    .map_or(after.remoteness, |best| best.min(after.remoteness)),
            );
        }
    }

    /// The position's value once every move is folded in.
    pub(crate) fn value(&self) -> MisereValue {
        match (self.fastest_win, self.slowest_loss) {
            (Some(win), _) => MisereValue {
                wins: true,
                remoteness: win + 1,
            },
            (None, Some(loss)) => MisereValue {
                wins: false,
                remoteness: loss + 1,
            },
            (None, None) => MisereValue {
                wins: true,
                remoteness: 0,
            },
        }
    }
}
