//! Positions of every game: the first byte picks the game, the rest (as UTF-8, invalid bytes
//! replaced) is the position. Starting must never panic; a position that starts must print
//! a position that starts again to the same position; solving within a short stop (see
//! `grundy_fuzz::solve_bounded`) must never panic nor overrun the stop.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((game, rest)) = grundy_fuzz::pick_game(data) else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    grundy_fuzz::check_round_trip(game, &text);
    grundy_fuzz::solve_bounded(game, &text);
});
