//! Where an exception of a user's game goes when the library meets it inside a front end's
//! call.
//!
//! The library's game interface ([`grundy::game::GameState`]) has no room for a Python
//! exception: `status`, `legal_moves` and `perfect_move` answer plainly. So the adapter of a
//! user's game ([`super::state`]) hands every exception of the user's methods (and
//! `KeyboardInterrupt`, `TimeoutError`, `MemoryError` of a search) to [`report`], and goes
//! on with a plain answer: no moves, an unknown analysis, the first legal move. Where the
//! report goes depends on who asked:
//!
//! - A call from Python (`grundy.State`, `grundy.Strategy`, `grundy.play_match`, `Game.start`)
//!   runs inside [`catching`] on its own thread: the first exception is kept, and the call
//!   raises it when the library returns, with the user's type and traceback (and grundy's
//!   note naming the position). Once one is kept, [`failed`] is true until the call ends and
//!   the adapter answers at once without calling Python again (no moves: the game is over),
//!   so a referee or a strategy loop ends quickly.
//! - A call from Rust alone (a web server's thread) has no such scope: the exception is
//!   printed on Python's `sys.stderr` with its traceback, and the plain answer stands.
//!
//! The scope is per thread, and nests: a user's method that itself asks a front end about a
//! game gets its own.

use std::cell::RefCell;

use pyo3::exceptions::{PyMemoryError, PyTimeoutError};
use pyo3::prelude::*;

thread_local! {
    /// The open scopes of this thread, innermost last: the first exception of each.
    static SCOPES: RefCell<Vec<Option<PyErr>>> = const { RefCell::new(Vec::new()) };
}

/// Closes the scope it opened when dropped, also when the work panics.
struct Scope {
    depth: usize,
}

impl Scope {
    fn open() -> Scope {
        let depth = SCOPES.with_borrow_mut(|scopes| {
            scopes.push(None);
            scopes.len()
        });
        Scope { depth }
    }

    /// Closes the scope and gives its exception.
    fn close(self) -> Option<PyErr> {
        let error = SCOPES.with_borrow_mut(|scopes| {
            scopes.truncate(self.depth);
            scopes.pop().flatten()
        });
        std::mem::forget(self);
        error
    }
}

impl Drop for Scope {
    fn drop(&mut self) {
        SCOPES.with_borrow_mut(|scopes| scopes.truncate(self.depth - 1));
    }
}

/// Runs `work` (a call of a front end into the library) in a scope of its own: the first
/// exception of a user's game met during it is the call's error.
pub fn catching<T>(work: impl FnOnce() -> T) -> PyResult<T> {
    let scope = Scope::open();
    let answer = work();
    match scope.close() {
        Some(error) => Err(error),
        None => Ok(answer),
    }
}

/// [`catching`] for work that can fail by itself: the user's exception comes first, as it
/// is usually the cause.
pub fn catching_result<T>(work: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catching(work).and_then(|answer| answer)
}

/// Hands on `error`, met while the library asked a user's game `what` (`listing the moves
/// of …`): to the innermost scope of this thread (the first one only), or, outside any
/// scope, to Python's `sys.stderr` with its traceback.
pub fn report(py: Python<'_>, error: PyErr, what: &str) {
    let kept = SCOPES.with_borrow_mut(|scopes| match scopes.last_mut() {
        Some(slot) => {
            if slot.is_none() {
                *slot = Some(error.clone_ref(py));
            }
            true
        }
        None => false,
    });
    if kept {
        return;
    }
    if crate::watch::is_abandonment(py, &error) {
        if crate::watch::first_told() {
            drop(write_stderr(
                py,
                &format!(
                    "grundy: the page stopped your game while {what}: its time limit passed, \
                     or the request or the server ended\n"
                ),
            ));
        }
        return;
    }
    let page_limit = crate::watch::serving_megabytes().is_some()
        && (error.is_instance_of::<PyTimeoutError>(py)
            || error.is_instance_of::<PyMemoryError>(py));
    if page_limit {
        // The server's limit, not an exception of the game: one line, no traceback.
        drop(write_stderr(
            py,
            &format!("grundy: the server's limit stopped {what}: {error}\n"),
        ));
        return;
    }
    let written = write_stderr(
        py,
        &format!("grundy: your game raised while {what}; the game goes on without it:\n"),
    );
    // A closed stderr loses the message, never the game.
    drop(written);
    error.display(py);
}

/// True when the innermost scope of this thread has kept an exception (the call will raise
/// it), or when this thread runs a job of the web page that was given up
/// ([`crate::watch::abandoned`]: nothing it computes is sent): the adapter need not ask the
/// user's game anything more.
pub fn failed() -> bool {
    SCOPES.with_borrow(|scopes| matches!(scopes.last(), Some(Some(_)))) || crate::watch::abandoned()
}

/// Writes `text` to Python's `sys.stderr`.
fn write_stderr(py: Python<'_>, text: &str) -> PyResult<()> {
    py.import("sys")?
        .getattr("stderr")?
        .call_method1("write", (text,))?;
    Ok(())
}

/// `error` in words: its type and message, and grundy's note on where it was met when it
/// has one (`RuntimeError: broken (raised by options() of 3)`), for an analysis's comment.
pub fn described(py: Python<'_>, error: &PyErr) -> String {
    let notes: Vec<String> = error
        .value(py)
        .getattr("__notes__")
        .and_then(|notes| notes.extract::<Vec<String>>())
        .unwrap_or_default()
        .into_iter()
        .filter_map(|note| note.strip_prefix("grundy: ").map(str::to_owned))
        .collect();
    if notes.is_empty() {
        error.to_string()
    } else {
        format!("{error} ({})", notes.join("; "))
    }
}

/// `error` with grundy's note (Python 3.11 and later) saying where it was met, as the walk
/// notes the exceptions of the methods it calls.
pub fn noted(py: Python<'_>, error: PyErr, note: &str) -> PyErr {
    let value = error.value(py);
    if value.hasattr("add_note").unwrap_or(false) {
        drop(value.call_method1("add_note", (format!("grundy: {note}"),)));
    }
    error
}
