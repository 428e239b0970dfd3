//! The linked Licytacja player, `libgrundy_lic_player.a`: `int grundy_lic_play(void)` plays a
//! whole game through the `cliclib.h` functions of whatever library it is linked with,
//! perfectly (it wins every winnable n). The `main` is the few lines of `c/player/lic.c`.

use std::os::raw::c_int;
use std::panic::catch_unwind;

use grundy_ffi::lic::{play, LicLibrary};

extern "C" {
    fn inicjuj() -> c_int;
    fn alojzy(x: c_int);
    fn bajtazar() -> c_int;
}

/// The C library the player is linked with.
struct Linked;

impl LicLibrary for Linked {
    fn inicjuj(&mut self) -> i32 {
        // SAFETY: `inicjuj` is the cliclib.h function: no arguments, returns an int.
        unsafe { inicjuj() }
    }

    fn alojzy(&mut self, x: i32) -> bool {
        // SAFETY: `alojzy` is the cliclib.h function taking an int; it returns nothing or
        // ends the process.
        unsafe { alojzy(x) };
        true
    }

    fn bajtazar(&mut self) -> Option<i32> {
        // SAFETY: `bajtazar` is the cliclib.h function: no arguments, returns an int (or
        // ends the process).
        Some(unsafe { bajtazar() })
    }
}

/// Plays the game to its end. A conforming library ends the process when the game is over,
/// so this returns only if the library returns after the end (0) or breaks the protocol or
/// an internal error happens (2).
#[no_mangle]
pub extern "C" fn grundy_lic_play() -> c_int {
    match catch_unwind(|| play(&mut Linked)) {
        Ok(Ok(())) => 0,
        Ok(Err(_)) | Err(_) => 2,
    }
}
