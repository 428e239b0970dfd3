//! Pousse measurements run in-process: the depth the engine reaches in a fixed time, and
//! matches of the engine against weaker players with both colours alternating.
//!
//! `match size ms opponent games [first game] [move cap]`: the last two split a long match
//! into ranges that can run side by side (game numbers fix openings and seeds) and raise the
//! 400-move cap for boards whose games run long.
//!
//! ```text
//! cargo run --release -p grundy --example pousse_match -- depth 1000
//! cargo run --release -p grundy --example pousse_match -- match 6 20 greedy 100
//! cargo run --release -p grundy --example pousse_match -- match 6 20 depth2 100
//! cargo run --release -p grundy --example pousse_match -- match 6 20 half 100
//! cargo run --release -p grundy --example pousse_match -- match 7 100 half 100 100 2000
//! cargo run --release -p grundy --example pousse_match -- tune 6 4 100
//! ```
#![allow(clippy::unwrap_used)]

use std::time::Duration;

use grundy::games::pousse::players::{play_from, EnginePlayer, Greedy, Player};
use grundy::games::pousse::search::{Engine, Limits, Weights};
use grundy::games::pousse::{BitBoard, Colour, Game, Move, RuleSet, Size, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The default move cap of a match game; an unfinished game counts half (ICFP rules have no
/// draws, so the cap only bounds the run time).
const MAX_MOVES: usize = 400;

fn depth_report(movetime: u64) {
    for n in [6usize, 7] {
        for line in ["", "L1,T2,R3", "L3,T3,B2,R4,L2,T1"] {
            let text = format!("{n}:{line}");
            let game: Game<BitBoard> = Game::from_notation(&text, RuleSet::Icfp).unwrap();
            for threads in [1, 2] {
                let limits = Limits::movetime(Duration::from_millis(movetime), threads);
                let result = Engine::new(1 << 20).search(&game, &limits);
                let seconds = result.elapsed.as_secs_f64();
                println!(
                    "{text:<22} threads {threads}: depth {:>2}, {:>9} nodes, {:>8.0} nodes/s, {:.3} s, best {}",
                    result.depth,
                    result.nodes,
                    result.nodes as f64 / seconds,
                    seconds,
                    result.best_move.map(|m| m.to_string()).unwrap_or_default()
                );
            }
        }
    }
}

fn opponent(kind: &str, movetime: u64, seed: u64) -> Box<dyn Player<BitBoard>> {
    match kind {
        "greedy" => Box::new(Greedy::new(seed)),
        "depth2" => Box::new(EnginePlayer::fixed_depth(2)),
        _ => Box::new(EnginePlayer::new(
            Limits::movetime(Duration::from_millis(movetime / 2), 1),
            1 << 18,
        )),
    }
}

/// A random opening of `plies` moves that ends no game (seeded, so both colours get it).
fn opening(size: Size, plies: usize, seed: u64) -> Game<BitBoard> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        let mut game: Game<BitBoard> = Game::new(size, RuleSet::Icfp).unwrap();
        let moves: Vec<_> = Move::all(size.get()).collect();
        for _ in 0..plies {
            let _ = game.play(moves[rng.gen_range(0..moves.len())]);
        }
        if game.status() == Status::Ongoing {
            return game;
        }
    }
}

/// The 95% Wilson score interval of `score` over `games` games.
fn wilson(score: f64, games: usize) -> (f64, f64) {
    let n = games as f64;
    let z = 1.96f64;
    let centre = (score + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (score * (1.0 - score) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

/// Plays `games` games numbered from `first` (pairs on the same random two-move opening, the
/// engine taking X in the even-numbered game and O in the odd one) and prints the engine's
/// score. Game numbers fix the openings and seeds, so a match split into ranges run side by
/// side plays the same games as one run; each game's result goes to stderr as it ends.
fn run_match(n: usize, movetime: u64, kind: &str, games: usize, first: usize, cap: usize) {
    let size = Size::new(n).unwrap();
    let (mut wins, mut losses, mut unfinished) = (0usize, 0usize, 0usize);
    let mut engine_x_wins = 0;
    for game in first..first + games {
        let engine_colour = if game % 2 == 0 { Colour::X } else { Colour::O };
        let start = opening(size, 2, (game / 2) as u64);
        let mut engine: Box<dyn Player<BitBoard>> = Box::new(EnginePlayer::new(
            Limits::movetime(Duration::from_millis(movetime), 1),
            1 << 18,
        ));
        let mut other = opponent(kind, movetime, game as u64);
        let (status, moves) = if engine_colour == Colour::X {
            play_from(start, engine.as_mut(), other.as_mut(), cap)
        } else {
            play_from(start, other.as_mut(), engine.as_mut(), cap)
        };
        match status {
            Status::Won { winner, .. } if winner == engine_colour => {
                wins += 1;
                if engine_colour == Colour::X {
                    engine_x_wins += 1;
                }
            }
            Status::Won { .. } => losses += 1,
            Status::Ongoing => unfinished += 1,
        }
        eprintln!(
            "game {game}: engine as {engine_colour:?}, {status:?} after {} moves",
            moves.len()
        );
    }
    let score = (wins as f64 + 0.5 * unfinished as f64) / games as f64;
    let (low, high) = wilson(score, games);
    println!(
        "{n}x{n} {movetime} ms/move vs {kind}: {games} games from game {first}, cap {cap} moves, +{wins} -{losses} ={unfinished} \
         (engine as X won {engine_x_wins}), score {:.1}% (95% interval {:.1}%-{:.1}%)",
        100.0 * score,
        100.0 * low,
        100.0 * high
    );
}

/// Self-play at a fixed depth: each weight variant against the default weights, on paired
/// random openings, to see which terms earn their place.
fn tune(n: usize, depth: u32, games: usize, filter: &str) {
    let size = Size::new(n).unwrap();
    let base = Weights::default();
    let variants = [
        (
            "first weights (open 10, mixed 6)",
            Weights {
                open: 10,
                mixed: 6,
                ..base
            },
        ),
        ("threat 0", Weights { threat: 0, ..base }),
        (
            "threat 150",
            Weights {
                threat: 150,
                ..base
            },
        ),
        ("open 20", Weights { open: 20, ..base }),
        ("open 5", Weights { open: 5, ..base }),
        ("mixed 0", Weights { mixed: 0, ..base }),
        ("mixed 15", Weights { mixed: 15, ..base }),
        ("tempo 0", Weights { tempo: 0, ..base }),
        ("mixed 25", Weights { mixed: 25, ..base }),
        ("mixed 40", Weights { mixed: 40, ..base }),
        (
            "mixed 15 open 5",
            Weights {
                mixed: 15,
                open: 5,
                ..base
            },
        ),
        (
            "mixed 25 open 5",
            Weights {
                mixed: 25,
                open: 5,
                ..base
            },
        ),
        (
            "mixed 40 open 5",
            Weights {
                mixed: 40,
                open: 5,
                ..base
            },
        ),
        (
            "mixed 60 open 5",
            Weights {
                mixed: 60,
                open: 5,
                ..base
            },
        ),
        (
            "mixed 40 open 3",
            Weights {
                mixed: 40,
                open: 3,
                ..base
            },
        ),
    ];
    for (name, weights) in variants {
        if !name.contains(filter) {
            continue;
        }
        let mut score = 0.0;
        for game in 0..games {
            let start = opening(size, 2, 1000 + (game / 2) as u64);
            let mut variant = EnginePlayer::fixed_depth(depth);
            variant.engine_mut().weights = weights;
            let mut default = EnginePlayer::fixed_depth(depth);
            let variant_colour = if game % 2 == 0 { Colour::X } else { Colour::O };
            let (status, _) = if variant_colour == Colour::X {
                play_from(start, &mut variant, &mut default, MAX_MOVES)
            } else {
                play_from(start, &mut default, &mut variant, MAX_MOVES)
            };
            score += match status {
                Status::Won { winner, .. } if winner == variant_colour => 1.0,
                Status::Won { .. } => 0.0,
                Status::Ongoing => 0.5,
            };
        }
        let (low, high) = wilson(score / games as f64, games);
        println!(
            "{n}x{n} depth {depth}, {name} vs default: {games} games, score {:.1}% (95% interval {:.1}%-{:.1}%)",
            100.0 * score / games as f64,
            100.0 * low,
            100.0 * high
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| -> u64 {
        args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default)
    };
    match args.first().map(String::as_str) {
        Some("depth") => depth_report(number(1, 1000)),
        Some("match") => run_match(
            number(1, 6) as usize,
            number(2, 20),
            args.get(3).map_or("greedy", String::as_str),
            number(4, 20) as usize,
            number(5, 0) as usize,
            number(6, MAX_MOVES as u64) as usize,
        ),
        Some("tune") => tune(
            number(1, 6) as usize,
            number(2, 4) as u32,
            number(3, 100) as usize,
            args.get(4).map_or("", String::as_str),
        ),
        _ => eprintln!(
            "usage: pousse_match depth [ms] | match [size] [ms] [greedy|depth2|half] [games] [first game] [move cap] | tune [size] [depth] [games] [variant filter]"
        ),
    }
}
