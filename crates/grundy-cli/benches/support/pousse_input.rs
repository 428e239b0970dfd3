//! A long, deterministic input in the Waterloo 1998 / UVa 844 Pousse format, shared by the
//! `pousse_batch` benchmark and the test that checks the C baseline against grundy.
//!
//! Games on 7 × 7, 30 × 30 and 100 × 100 boards take turns. Random moves on the large boards
//! almost never win, so those games are long and mostly end in `TIE GAME`; 7 × 7 games are
//! played until a move wins (then a few more moves follow, which the referee must skip) or,
//! one game in eight, cut short before that. The moves a referee actually applies are counted
//! with the library's rules while the input is written.
#![allow(dead_code)]

use bench_support::SplitMix64;
use grundy::games::pousse::{GeneralBoard, Move, Position, Size};

/// The generated input and what refereeing it takes.
pub struct Input {
    /// The contest input: one token per line.
    pub text: String,
    /// Games in the input.
    pub games: usize,
    /// Moves a referee applies (moves after a win are skipped, not applied).
    pub applied: usize,
    /// Applied moves per board size, in the order 7, 30, 100.
    pub applied_by_size: [usize; 3],
}

/// A SplitMix64 stream: reproducible on every machine without a dependency.
struct Random(SplitMix64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0.next()
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    fn mv(&mut self, size: usize) -> Move {
        let index = self.below(4 * size);
        Move::from_index(index, size).expect("an index below 4N names a move")
    }
}

/// Writes one game of `length` random moves (those after a win are skipped by the referee)
/// and returns the moves applied.
fn game(random: &mut Random, size: usize, length: usize, text: &mut String) -> usize {
    let mut position: Position<GeneralBoard> =
        Position::start(Size::new(size).expect("sizes are 7, 30 and 100")).expect("valid size");
    text.push_str(&format!("{size}\n"));
    let mut applied = 0;
    let mut won = false;
    for _ in 0..length {
        let mv = random.mv(size);
        text.push_str(&format!("{mv}\n"));
        if won {
            continue;
        }
        position.play(mv).expect("moves fit the board");
        applied += 1;
        if position.winner().is_some() {
            won = true;
        }
    }
    text.push_str("QUIT\n");
    applied
}

/// The input for `seed`: 7 × 7 games until `small` moves are applied on them, `medium` moves
/// over 30 × 30 games of 30 000 moves, and `large` moves over 100 × 100 games of 100 000.
pub fn generate(seed: u64, small: usize, medium: usize, large: usize) -> Input {
    let mut random = Random(SplitMix64(seed));
    let mut text = String::new();
    let mut applied_by_size = [0usize; 3];
    let mut games = 0;
    let targets = [small, medium, large];
    while (0..3).any(|i| applied_by_size[i] < targets[i]) {
        // Forty 7 × 7 games, one 30 × 30 game and one 100 × 100 game per round.
        for _ in 0..40 {
            if applied_by_size[0] < targets[0] {
                applied_by_size[0] += if random.below(8) == 0 {
                    let length = 1 + random.below(60);
                    game(&mut random, 7, length, &mut text)
                } else {
                    game_to_win(&mut random, &mut text)
                };
                games += 1;
            }
        }
        for (i, size, length) in [(1, 30, 30_000), (2, 100, 100_000)] {
            if applied_by_size[i] < targets[i] {
                let length = length.min(targets[i] - applied_by_size[i]);
                applied_by_size[i] += game(&mut random, size, length, &mut text);
                games += 1;
            }
        }
    }
    Input {
        text,
        games,
        applied: applied_by_size.iter().sum(),
        applied_by_size,
    }
}

/// A 7 × 7 game played until a move wins, followed by three moves the referee must skip.
fn game_to_win(random: &mut Random, text: &mut String) -> usize {
    let size = 7;
    let mut position: Position<GeneralBoard> =
        Position::start(Size::new(size).expect("7 is a size")).expect("valid size");
    text.push_str("7\n");
    let mut applied = 0;
    loop {
        let mv = random.mv(size);
        text.push_str(&format!("{mv}\n"));
        position.play(mv).expect("moves fit the board");
        applied += 1;
        if position.winner().is_some() {
            break;
        }
    }
    for _ in 0..3 {
        text.push_str(&format!("{}\n", random.mv(size)));
    }
    text.push_str("QUIT\n");
    applied
}
