//! The safe half of the C boundary: how an exported library function reaches its state.
//!
//! A C program calls the library from one thread, so each library keeps its referee in a
//! `thread_local!` slot, started on the first call. [`call`] runs one call on it: a flag
//! check and the call itself (no lock, no allocation), inside `catch_unwind` so that no
//! panic crosses into C, and it ends the process when the call produces a [`Verdict`].

use std::cell::RefCell;
use std::io::Read;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::LocalKey;

use crate::verdict::{verdict_given, Verdict};

/// Moves played so far, as last recorded by [`record_moves`]: kept outside the thread-local
/// state because that is destroyed before the exit hooks run.
static MOVES: AtomicU64 = AtomicU64::new(0);

/// Records the number of moves played, for [`unfinished_verdict`] (a relaxed store).
#[inline]
pub fn record_moves(moves: u64) {
    MOVES.store(moves, Ordering::Relaxed);
}

/// What the library says when the program ends while the game is still on (the solution
/// returned from `main` or called `exit`): without it the exit status would be whatever
/// `main` returned, perhaps 0, which reads as a win. `None` once a verdict was given.
pub fn unfinished_verdict() -> Option<Verdict> {
    if verdict_given() {
        return None;
    }
    let moves = MOVES.load(Ordering::Relaxed);
    Some(Verdict::illegal(
        moves,
        format!("the program ended before the game did (after {moves} moves)"),
    ))
}

/// A library's state: empty until the first call starts the game.
pub type Slot<T> = LocalKey<RefCell<Option<T>>>;

/// Runs `body` on the state in `slot` (started by `start` on first use) and returns its
/// value; on a verdict, an error or a panic it prints the verdict and ends the process.
#[inline]
pub fn call<T, R>(
    slot: &'static Slot<T>,
    start: impl FnOnce() -> Result<T, Verdict>,
    body: impl FnOnce(&mut T) -> Result<R, Verdict>,
) -> R {
    match try_call(slot, start, body) {
        Ok(value) => value,
        Err(verdict) => verdict.finish(),
    }
}

/// [`call`] without ending the process: the verdict comes back as the error (a panic
/// becomes an `ERROR` verdict). For tests and benchmarks.
#[inline]
pub fn try_call<T, R>(
    slot: &'static Slot<T>,
    start: impl FnOnce() -> Result<T, Verdict>,
    body: impl FnOnce(&mut T) -> Result<R, Verdict>,
) -> Result<R, Verdict> {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        slot.with(|cell| {
            let mut state = cell
                .try_borrow_mut()
                .map_err(|_| Verdict::error("the library was re-entered"))?;
            let state = match &mut *state {
                Some(state) => state,
                None => state.insert(start()?),
            };
            body(state)
        })
    }));
    outcome.unwrap_or_else(|_| Err(Verdict::error("internal error in the library")))
}

/// All of standard input, as the seeds' libraries read their test from it.
pub fn read_stdin() -> Result<Vec<u8>, Verdict> {
    let mut input = Vec::new();
    std::io::stdin()
        .read_to_end(&mut input)
        .map_err(|error| Verdict::error(format!("cannot read standard input: {error}")))?;
    Ok(input)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::VerdictKind;

    thread_local! {
        static COUNTER: RefCell<Option<u32>> = const { RefCell::new(None) };
    }

    #[test]
    fn starts_once_keeps_state_and_catches_panics() {
        let start = || Ok(10);
        assert_eq!(
            try_call(&COUNTER, start, |n| {
                *n += 1;
                Ok(*n)
            }),
            Ok(11)
        );
        assert_eq!(try_call(&COUNTER, || Ok(0), |n| Ok(*n)), Ok(11));
        let panicked = try_call(&COUNTER, start, |_| -> Result<(), Verdict> {
            panic!("boom")
        });
        assert!(matches!(
            panicked,
            Err(Verdict {
                kind: VerdictKind::Error(_),
                ..
            })
        ));
        assert_eq!(
            try_call(&COUNTER, start, |_| -> Result<(), Verdict> {
                Err(Verdict::win(3))
            }),
            Err(Verdict::win(3))
        );
    }
}
