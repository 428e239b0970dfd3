//! Moves: the first byte picks the game and one of its test positions, the rest (as UTF-8,
//! invalid bytes replaced) is a list of moves, one a line, played in turn. Playing must
//! never panic, and a refused move must leave the position, the history and the side to
//! move unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((game, rest)) = grundy_fuzz::pick_game(data) else {
        return;
    };
    let starts = game.test_positions();
    let start = starts[usize::from(data[0]) / grundy::registry::all().len() % starts.len()];
    let mut state = game
        .start(start)
        .unwrap_or_else(|error| panic!("{game}: test position {start:?}: {error}"));
    let text = String::from_utf8_lossy(rest);
    for mv in text.lines().take(64) {
        let before = (state.position(), state.history(), state.side_to_move());
        match state.play(mv) {
            Ok(played) => {
                assert_eq!(state.history().last(), Some(&played), "{game}: {mv:?}");
                let after = state.position();
                let again = game
                    .start(&after)
                    .unwrap_or_else(|error| panic!("{game}: {after:?} after {mv:?}: {error}"));
                assert_eq!(again.position(), after, "{game}: after {mv:?}");
            }
            Err(_) => {
                let now = (state.position(), state.history(), state.side_to_move());
                assert_eq!(
                    now, before,
                    "{game}: the refused move {mv:?} changed the game"
                );
            }
        }
    }
    let _ = state.status();
    let _ = state.legal_moves(4);
});
