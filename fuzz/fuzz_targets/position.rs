//! Positions of every game: the first byte picks the game, the rest (as UTF-8, invalid bytes
//! replaced) is the position. Starting must never panic; a position that starts must print
//! a position that starts again to the same position; solving (when cheap, see
//! `grundy_fuzz::cheap_to_solve`) must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((game, rest)) = grundy_fuzz::pick_game(data) else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    grundy_fuzz::check_round_trip(game, &text);
    if grundy_fuzz::cheap_to_solve(game, &text) {
        let _ = game.solve(&text, &grundy_fuzz::options(game));
    }
});
