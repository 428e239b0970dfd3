//! The Licytacja opponent library, `libgrundy_cliclib.a`: exports the `cliclib.h` functions
//! `inicjuj`, `alojzy` and `bajtazar` for a contestant's unchanged `lic.c`.
//!
//! On the first call it reads `n` (optionally the POI judge's strategy code 0–3 and check
//! number) from standard input and `GRUNDY_STRATEGY` / `GRUNDY_SEED` from the environment; it
//! ends the process with the verdict on standard output when the game is over, a call is
//! illegal or out of order, or the input is bad.

use std::cell::RefCell;
use std::io::Read;
use std::os::raw::c_int;
use std::panic::{catch_unwind, AssertUnwindSafe};

use grundy_ffi::config::Environment;
use grundy_ffi::lic::LicReferee;
use grundy_ffi::Verdict;

thread_local! {
    static REFEREE: RefCell<Option<LicReferee>> = const { RefCell::new(None) };
}

/// The referee from standard input and the environment, or the verdict that stops the game.
fn start() -> Result<LicReferee, Verdict> {
    let mut input = Vec::new();
    std::io::stdin()
        .read_to_end(&mut input)
        .map_err(|error| Verdict::error(format!("cannot read standard input: {error}")))?;
    let environment = Environment::from_process().map_err(Verdict::error)?;
    LicReferee::from_input(&input, &environment).map_err(Verdict::error)
}

/// Runs `call` on the referee (started on first use); ends the process on a verdict or a
/// panic, so no panic crosses into C.
fn with_referee<T>(call: impl FnOnce(&mut LicReferee) -> Result<T, Verdict>) -> T {
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
        Err(_) => Verdict::error("internal error in the Licytacja library").finish(),
    }
}

/// `int inicjuj();` — starts the game and returns `n`; call once, first.
#[no_mangle]
pub extern "C" fn inicjuj() -> c_int {
    with_referee(LicReferee::inicjuj)
}

/// `void alojzy(int x);` — the solution's move: 1 pass, 2 double, 3 triple.
#[no_mangle]
pub extern "C" fn alojzy(x: c_int) {
    with_referee(|referee| match referee.alojzy(x) {
        None => Ok(()),
        Some(verdict) => Err(verdict),
    })
}

/// `int bajtazar();` — the library's move, after each `alojzy`.
#[no_mangle]
pub extern "C" fn bajtazar() -> c_int {
    with_referee(LicReferee::bajtazar)
}
