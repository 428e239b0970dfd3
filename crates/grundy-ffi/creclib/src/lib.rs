//! The REC opponent library, `libgrundy_creclib.a`: exports the `creclib.h` functions
//! `dimension_x`, `dimension_y` and `cut` for a contestant's unchanged `rec.c`.
//!
//! On the first call it reads the start (width and height) from standard input and
//! `GRUNDY_STRATEGY` / `GRUNDY_SEED` from the environment; it ends the process with the
//! verdict on standard output when the game is over, a cut is illegal or the input is bad.
//! The state is thread-local (a C program plays from one thread), so a call costs a flag
//! check and the move itself: no lock, no allocation.

use std::cell::RefCell;
use std::os::raw::c_int;

use grundy_ffi::boundary::{call, read_stdin, record_moves};
use grundy_ffi::config::Environment;
use grundy_ffi::rec::RecReferee;
use grundy_ffi::Verdict;

thread_local! {
    static REFEREE: RefCell<Option<RecReferee>> = const { RefCell::new(None) };
}

/// The referee from standard input and the environment, or the verdict that stops the game
/// (bad input, or a 1×1 start the solution cannot cut).
fn start() -> Result<RecReferee, Verdict> {
    grundy_ffi::c_runtime::watch_exit();
    let input = read_stdin()?;
    let environment = Environment::from_process().map_err(Verdict::error)?;
    let referee = RecReferee::from_input(&input, &environment).map_err(Verdict::error)?;
    match referee.start_verdict() {
        Some(verdict) => Err(verdict),
        None => Ok(referee),
    }
}

/// `int dimension_x();` — the current width.
#[no_mangle]
pub extern "C" fn dimension_x() -> c_int {
    call(&REFEREE, start, |referee| Ok(referee.dimension_x()))
}

/// `int dimension_y();` — the current height.
#[no_mangle]
pub extern "C" fn dimension_y() -> c_int {
    call(&REFEREE, start, |referee| Ok(referee.dimension_y()))
}

/// `void cut(direction dir, int position);` — the solution's cut; the library answers
/// before returning, or ends the process.
#[no_mangle]
pub extern "C" fn cut(dir: c_int, position: c_int) {
    call(&REFEREE, start, |referee| {
        let verdict = referee.cut(dir, position);
        record_moves(referee.moves());
        match verdict {
            None => Ok(()),
            Some(verdict) => Err(verdict),
        }
    })
}

/// `dimension_x` under its C++ name: the header has no `extern "C"`, so a solution compiled
/// with `g++` (as the contest allowed) asks for `dimension_x()` mangled.
#[export_name = "_Z11dimension_xv"]
pub extern "C" fn dimension_x_cpp() -> c_int {
    dimension_x()
}

/// `dimension_y` under its C++ name.
#[export_name = "_Z11dimension_yv"]
pub extern "C" fn dimension_y_cpp() -> c_int {
    dimension_y()
}

/// `cut(direction, int)` under its C++ name (the enum is `__direction`).
#[export_name = "_Z3cut11__directioni"]
pub extern "C" fn cut_cpp(dir: c_int, position: c_int) {
    cut(dir, position)
}
