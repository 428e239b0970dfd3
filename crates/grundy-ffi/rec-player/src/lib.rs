//! The linked REC player, `libgrundy_rec_player.a`: `int grundy_rec_play(void)` plays a whole
//! game through the `creclib.h` functions of whatever library it is linked with (the seeds'
//! example library, a judge's, or `libgrundy_creclib.a`), winning in as few moves as
//! possible. The `main` is the few lines of `c/player/rec.c`.

use std::os::raw::c_int;
use std::panic::catch_unwind;

use grundy::games::rectangle::Direction;
use grundy_ffi::rec::{play, RecLibrary};

extern "C" {
    fn dimension_x() -> c_int;
    fn dimension_y() -> c_int;
    fn cut(dir: c_int, position: c_int);
}

/// The C library the player is linked with.
struct Linked;

impl RecLibrary for Linked {
    #[inline]
    fn dimension_x(&mut self) -> i32 {
        // SAFETY: `dimension_x` is the creclib.h function: no arguments, returns an int.
        unsafe { dimension_x() }
    }

    #[inline]
    fn dimension_y(&mut self) -> i32 {
        // SAFETY: `dimension_y` is the creclib.h function: no arguments, returns an int.
        unsafe { dimension_y() }
    }

    #[inline]
    fn cut(&mut self, direction: Direction, position: i32) -> bool {
        // The C enum `direction` is {vertical = 0, horizontal = 1}, passed as an int.
        let dir = match direction {
            Direction::Vertical => 0,
            Direction::Horizontal => 1,
        };
        // SAFETY: `cut` is the creclib.h function taking the direction enum (an int-sized
        // value 0 or 1) and an int; it returns nothing or ends the process.
        unsafe { cut(dir, position) };
        true
    }
}

/// Plays the game to its end. A conforming library ends the process when the game is over,
/// so this returns only when the library stops making sense (0) or on an internal error (2).
#[no_mangle]
pub extern "C" fn grundy_rec_play() -> c_int {
    match catch_unwind(|| play(&mut Linked)) {
        Ok(_) => 0,
        Err(_) => 2,
    }
}
