//! The REC opponent library, `libgrundy_creclib.a`: exports the `creclib.h` functions
//! `dimension_x`, `dimension_y` and `cut` for a contestant's unchanged `rec.c`.
//!
//! On the first call it reads the start (width and height) from standard input and
//! `GRUNDY_STRATEGY` / `GRUNDY_SEED` from the environment; it ends the process with the
//! verdict on standard output when the game is over, a cut is illegal or the input is bad.
//! The state is thread-local (a C program plays from one thread), so a call costs a flag
//! check and the move itself: no lock, no allocation.

use std::cell::RefCell;
use std::io::Read;
use std::os::raw::c_int;
use std::panic::{catch_unwind, AssertUnwindSafe};

use grundy_ffi::config::Environment;
use grundy_ffi::rec::RecReferee;
use grundy_ffi::Verdict;

thread_local! {
    static REFEREE: RefCell<Option<RecReferee>> = const { RefCell::new(None) };
}

/// The referee from standard input and the environment, or the verdict that stops the game.
fn start() -> Result<RecReferee, Verdict> {
    let mut input = Vec::new();
    std::io::stdin()
        .read_to_end(&mut input)
        .map_err(|error| Verdict::error(format!("cannot read standard input: {error}")))?;
    let environment = Environment::from_process().map_err(Verdict::error)?;
    let referee = RecReferee::from_input(&input, &environment).map_err(Verdict::error)?;
    if let Some(verdict) = referee.start_verdict() {
        return Err(verdict);
    }
    Ok(referee)
}

/// Runs `call` on the referee (started on first use); ends the process on a verdict or a
/// panic, so no panic crosses into C.
#[inline]
fn with_referee<T>(call: impl FnOnce(&mut RecReferee) -> Result<T, Verdict>) -> T {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        REFEREE.with(|cell| {
            let mut slot = cell.borrow_mut();
            let referee = match &mut *slot {
                Some(referee) => referee,
                None => slot.insert(start()?),
            };
            call(referee)
        })
    }));
    match outcome {
        Ok(Ok(value)) => value,
        Ok(Err(verdict)) => verdict.finish(),
        Err(_) => Verdict::error("internal error in the REC library").finish(),
    }
}

/// `int dimension_x();` — the current width.
#[no_mangle]
pub extern "C" fn dimension_x() -> c_int {
    with_referee(|referee| Ok(referee.dimension_x()))
}

/// `int dimension_y();` — the current height.
#[no_mangle]
pub extern "C" fn dimension_y() -> c_int {
    with_referee(|referee| Ok(referee.dimension_y()))
}

/// `void cut(direction dir, int position);` — the solution's cut; the library answers
/// before returning, or ends the process.
#[no_mangle]
pub extern "C" fn cut(dir: c_int, position: c_int) {
    with_referee(|referee| match referee.cut(dir, position) {
        None => Ok(()),
        Some(verdict) => Err(verdict),
    })
}
