//! The Licytacja opponent library, `libgrundy_cliclib.a`: exports the `cliclib.h` functions
//! `inicjuj`, `alojzy` and `bajtazar` for a contestant's unchanged `lic.c`.
//!
//! On the first call it reads `n` (optionally the POI judge's strategy code 0–3 and check
//! number) from standard input and `GRUNDY_STRATEGY` / `GRUNDY_SEED` from the environment; it
//! ends the process with the verdict on standard output when the game is over, a call is
//! illegal or out of order, or the input is bad.

use std::cell::RefCell;
use std::os::raw::c_int;

use grundy_ffi::boundary::{call, read_stdin, record_moves};
use grundy_ffi::config::Environment;
use grundy_ffi::lic::LicReferee;
use grundy_ffi::Verdict;

thread_local! {
    static REFEREE: RefCell<Option<LicReferee>> = const { RefCell::new(None) };
}

/// The referee from standard input and the environment, or the verdict that stops the game.
fn start() -> Result<LicReferee, Verdict> {
    grundy_ffi::c_runtime::watch_exit();
    let input = read_stdin()?;
    let environment = Environment::from_process().map_err(Verdict::error)?;
    LicReferee::from_input(&input, &environment).map_err(Verdict::error)
}

/// `int inicjuj();` — starts the game and returns `n`; call once, first.
#[no_mangle]
pub extern "C" fn inicjuj() -> c_int {
    call(&REFEREE, start, LicReferee::inicjuj)
}

/// `void alojzy(int x);` — the solution's move: 1 pass, 2 double, 3 triple.
#[no_mangle]
pub extern "C" fn alojzy(x: c_int) {
    call(&REFEREE, start, |referee| {
        let verdict = referee.alojzy(x);
        record_moves(referee.moves());
        match verdict {
            None => Ok(()),
            Some(verdict) => Err(verdict),
        }
    })
}

/// `int bajtazar();` — the library's move, after each `alojzy`.
#[no_mangle]
pub extern "C" fn bajtazar() -> c_int {
    call(&REFEREE, start, |referee| {
        let answer = referee.bajtazar();
        record_moves(referee.moves());
        answer
    })
}

/// `inicjuj` under its C++ name: the header has no `extern "C"`, so a solution compiled with
/// `g++` (as the contest allowed) asks for `inicjuj()` mangled.
#[export_name = "_Z7inicjujv"]
pub extern "C" fn inicjuj_cpp() -> c_int {
    inicjuj()
}

/// `alojzy(int)` under its C++ name.
#[export_name = "_Z6alojzyi"]
pub extern "C" fn alojzy_cpp(x: c_int) {
    alojzy(x)
}

/// `bajtazar()` under its C++ name.
#[export_name = "_Z8bajtazarv"]
pub extern "C" fn bajtazar_cpp() -> c_int {
    bajtazar()
}
