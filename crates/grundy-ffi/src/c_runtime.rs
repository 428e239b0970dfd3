//! The two opponent libraries' hooks into the C runtime: the verdict must be the last line a
//! program prints, and a solution that returns from `main` mid-game must not pass for a
//! winner. These are the only calls into C this crate makes, hence its only `unsafe`.
#![allow(unsafe_code)]

use std::os::raw::c_int;

use crate::boundary::unfinished_verdict;
use crate::verdict::set_before_verdict;

extern "C" {
    fn atexit(hook: extern "C" fn()) -> c_int;
    fn _exit(status: c_int) -> !;
    fn fflush(stream: *mut std::ffi::c_void) -> c_int;
}

/// Flushes every C output stream, so that the verdict is the last line even if the program
/// printed through C's `stdio` (which the contests forbade, but debugging happens).
fn flush_c_streams() {
    // SAFETY: `fflush(NULL)` flushes all open output streams; it takes no pointer of ours.
    unsafe {
        fflush(std::ptr::null_mut());
    }
}

/// Runs when the program exits: if no verdict was given the solution quit mid-game, which
/// is reported as illegal (status 2) instead of leaving `main`'s return value as the verdict.
extern "C" fn unfinished() {
    if let Some(verdict) = unfinished_verdict() {
        verdict.print();
        // SAFETY: `_exit` ends the process at once without running the exit hooks again,
        // which is what an exit hook may do (calling `exit` again would not be allowed).
        unsafe { _exit(verdict.exit_code()) }
    }
}

/// Registers `unfinished` with `atexit` and `flush_c_streams` as the hook run before a
/// verdict. An opponent library calls this once, when its game starts.
pub fn watch_exit() {
    set_before_verdict(flush_c_streams);
    // SAFETY: `atexit` is the C library's; the hook is a plain `extern "C" fn()` that
    // lives for the whole program.
    unsafe {
        atexit(unfinished);
    }
}
