//! Contest batch inputs: the first byte picks a game with a contest format (cuboid, paper,
//! Pousse), the rest is the batch input. Answering must never panic. The cuboid answers come
//! from the side-30 table file (a side above 30 is refused by the reader), and inputs are
//! cut at 256 bytes so that a batch stays small.
#![no_main]

use grundy::registry::Game;
use grundy::registry;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let games: Vec<Game> = registry::all()
        .iter()
        .copied()
        .filter(|game| game.contest().is_some())
        .collect();
    let game = games[usize::from(first) % games.len()];
    let input = &rest[..rest.len().min(256)];
    let _ = game.answer_contest(input, &grundy_fuzz::options(game));
});
