//! How a game through a C library ends: the last line on standard output and the exit
//! status.

use std::fmt;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Run before the verdict is printed: the C crates set it to flush C's `stdio` buffers, so
/// that anything the program printed there comes before the verdict, not after it.
static BEFORE_VERDICT: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();

/// Sets the hook run before a verdict is printed (the first setting wins).
pub fn set_before_verdict(hook: fn()) {
    let _ = BEFORE_VERDICT.set(hook);
}

/// Runs the hook of [`set_before_verdict`], if any.
pub(crate) fn before_verdict() {
    if let Some(hook) = BEFORE_VERDICT.get() {
        hook();
    }
}

/// Set once a verdict has been printed: the process is ending on the library's terms.
static VERDICT_GIVEN: AtomicBool = AtomicBool::new(false);

/// Whether a verdict has been printed (see [`Verdict::finish`]).
pub fn verdict_given() -> bool {
    VERDICT_GIVEN.load(Ordering::SeqCst)
}

/// Records that a verdict is being printed, so that the exit hook of
/// [`unfinished_verdict`](crate::boundary::unfinished_verdict) stays quiet.
pub(crate) fn mark_verdict_given() {
    VERDICT_GIVEN.store(true, Ordering::SeqCst);
}

/// How the game ended for the solution (the program that links the library).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VerdictKind {
    /// The solution won.
    Win,
    /// The solution lost.
    Loss,
    /// The solution broke the rules or the call order; the reason names the call.
    Illegal(String),
    /// The game could not be played: bad input or configuration, or an internal error.
    Error(String),
}

/// The end of a game: who won after how many moves (both players' moves counted), or why it
/// was stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// What happened.
    pub kind: VerdictKind,
    /// Moves made by both players before the end.
    pub moves: u64,
}

impl Verdict {
    /// The solution won after `moves` moves.
    pub fn win(moves: u64) -> Self {
        Verdict {
            kind: VerdictKind::Win,
            moves,
        }
    }

    /// The solution lost after `moves` moves.
    pub fn loss(moves: u64) -> Self {
        Verdict {
            kind: VerdictKind::Loss,
            moves,
        }
    }

    /// The solution made an illegal or out-of-order call.
    pub fn illegal(moves: u64, reason: impl Into<String>) -> Self {
        Verdict {
            kind: VerdictKind::Illegal(reason.into()),
            moves,
        }
    }

    /// The game could not be played (bad input, bad environment, internal error).
    pub fn error(reason: impl Into<String>) -> Self {
        Verdict {
            kind: VerdictKind::Error(reason.into()),
            moves: 0,
        }
    }

    /// The process exit status that says the same: 0 the solution won, 1 it lost, 2 an
    /// illegal or out-of-order call (or an error that stopped the game).
    pub fn exit_code(&self) -> i32 {
        match self.kind {
            VerdictKind::Win => 0,
            VerdictKind::Loss => 1,
            VerdictKind::Illegal(_) | VerdictKind::Error(_) => 2,
        }
    }

    /// Prints the verdict as the last line of standard output, flushes, and ends the process
    /// with [`Verdict::exit_code`]: the contests' libraries end the program when the game ends.
    pub fn finish(&self) -> ! {
        mark_verdict_given();
        before_verdict();
        let mut out = std::io::stdout().lock();
        // Nothing sensible is left to do if stdout is closed; the exit status still tells.
        let _ = writeln!(out, "{self}");
        let _ = out.flush();
        drop(out);
        std::process::exit(self.exit_code())
    }

    /// Prints the verdict like [`Verdict::finish`] but returns, for an exit hook that ends
    /// the process itself (with `_exit`, as `exit` may not be called again there).
    pub fn print(&self) {
        mark_verdict_given();
        before_verdict();
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{self}");
        let _ = out.flush();
    }
}

impl fmt::Display for Verdict {
    /// `WIN in 7 moves`, `LOSS in 8 moves`, `ILLEGAL: <reason>`, `ERROR: <reason>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = if self.moves == 1 { "" } else { "s" };
        match &self.kind {
            VerdictKind::Win => write!(f, "WIN in {} move{plural}", self.moves),
            VerdictKind::Loss => write!(f, "LOSS in {} move{plural}", self.moves),
            VerdictKind::Illegal(reason) => write!(f, "ILLEGAL: {reason}"),
            VerdictKind::Error(reason) => write!(f, "ERROR: {reason}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_codes() {
        assert_eq!(Verdict::win(7).to_string(), "WIN in 7 moves");
        assert_eq!(Verdict::loss(1).to_string(), "LOSS in 1 move");
        let illegal = Verdict::illegal(0, "cut(vertical, 0) on 4x3: position must be 1..3");
        assert_eq!(
            illegal.to_string(),
            "ILLEGAL: cut(vertical, 0) on 4x3: position must be 1..3"
        );
        assert_eq!(
            [
                Verdict::win(1).exit_code(),
                Verdict::loss(1).exit_code(),
                illegal.exit_code(),
                Verdict::error("x").exit_code()
            ],
            [0, 1, 2, 2]
        );
    }
}
