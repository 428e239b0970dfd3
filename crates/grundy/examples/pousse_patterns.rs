//! Learns a line-pattern table for the Pousse evaluation (`PatternTable`) from games that
//! MCTS plays against itself.
//!
//! `games SIZE PLAYOUTS GAMES SEED`: MCTS self-play at a fixed number of playouts per move
//! from random four-move openings, on every core; prints every position of every finished
//! game as `GAME POSITION WON` (`WON` 1 when the side to move went on to win). Equal players
//! on both sides make the result a fair label of the position, which games of the engine
//! against a weaker partner are not (there the label says who played).
//!
//! `fit SIZE FILE [L2]`: logistic regression of the results on the present evaluation's score
//! (scaled by a fitted factor) plus one value per line pattern, the patterns' values held
//! near zero by an L2 penalty; one game in ten is held out to report the loss on games the
//! fit did not see. Prints the table, in the evaluation's units, ready for `pat:<file>` in
//! `pousse_match`.
//!
//! `fitlinear FILE [L2]`: the same results fitted by the evaluation's own linear weights
//! instead (every feature but the dearer ones that weigh zero: `heavy`, the end runs and
//! `safe`), starting from the present weights and held near them by an L2 penalty; prints the
//! weights as `w:<list>` for `pousse_match`.
//!
//! ```text
//! cargo run --release -p grundy --example pousse_patterns -- games 6 3000 2000 1 > games6.txt
//! cargo run --release -p grundy --example pousse_patterns -- fit 6 games6.txt > patterns6.txt
//! ```
#![allow(clippy::unwrap_used)]

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use grundy::games::pousse::evaluation::{features_with, Feature, FEATURES};
use grundy::games::pousse::mcts::{Mcts, MctsLimits};
use grundy::games::pousse::search::{Across, Weights};
use grundy::games::pousse::{PatternTable, Size, Status};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

#[path = "support/adam.rs"]
mod adam;
#[path = "support/games_file.rs"]
mod games_file;
#[path = "support/random_opening.rs"]
mod random_opening;
use adam::Adam;
use games_file::{held_out, read_games, samples};
use random_opening::opening;

/// Game length cap; capped games are left out.
const MAX_MOVES: usize = 400;
/// Evaluation units per logit, as in `pousse_tune`.
const SCALE: f64 = 100.0;

/// One self-play game: its positions with the result for their side to move, or nothing when
/// it reached the cap.
fn self_play(size: Size, playouts: u64, seed: u64) -> Vec<(String, bool)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = opening(size, 4, &mut rng);
    let mut mcts = Mcts::new(seed);
    let mut seen = Vec::new();
    while game.status() == Status::Ongoing && game.move_count() < MAX_MOVES {
        seen.push(game.position().clone());
        let Some(mv) = mcts
            .search(&game, &MctsLimits::playouts(playouts))
            .best_move
        else {
            break;
        };
        game.play(mv).unwrap();
    }
    let Status::Won { winner, .. } = game.status() else {
        return Vec::new();
    };
    seen.into_iter()
        .map(|position| (position.to_string(), position.to_move == winner))
        .collect()
}

fn games(size: Size, playouts: u64, count: usize, seed: u64) {
    let done = AtomicUsize::new(0);
    let out = Mutex::new(std::io::stdout());
    (0..count).into_par_iter().for_each(|game| {
        let positions = self_play(size, playouts, seed * 1_000_003 + game as u64);
        let mut text = String::new();
        for (position, won) in positions {
            text.push_str(&format!("{game} {position} {}\n", u8::from(won)));
        }
        out.lock().unwrap().write_all(text.as_bytes()).unwrap();
        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
        if finished % 50 == 0 || finished == count {
            eprintln!("{finished} of {count} games");
        }
    });
}

/// A labelled position: the present evaluation's score, the pattern entries of its lines.
struct Sample {
    base: f64,
    entries: Vec<usize>,
    won: f64,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The logit of a sample with pattern values `w` and base scale `a`.
fn logit(sample: &Sample, w: &[f64], a: f64) -> f64 {
    (a * sample.base + sample.entries.iter().map(|&e| w[e]).sum::<f64>()) / SCALE
}

/// The cross-entropy of a prediction with logit `logit` against the result `won` (1 or 0).
fn log_loss(logit: f64, won: f64) -> f64 {
    let p = sigmoid(logit).clamp(1e-9, 1.0 - 1e-9);
    -(won * p.ln() + (1.0 - won) * (1.0 - p).ln())
}

fn loss(samples: &[Sample], w: &[f64], a: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| log_loss(logit(s, w, a), s.won))
        .sum();
    total / samples.len() as f64
}

fn fit(size: Size, file: &str, l2: f64) {
    let table = PatternTable::new(size.get()).unwrap();
    let (train, held) = samples(file, |position, base, won| Sample {
        base,
        entries: table
            .entries_of(&position.board, position.to_move)
            .collect(),
        won,
    });
    eprintln!("{} positions to fit, {} held out", train.len(), held.len());
    let mut w = vec![0.0; table.len()];
    let mut a = 1.0;
    let mut adam = Adam::new(vec![2.0; table.len()]);
    let mut scale_adam = Adam::new(vec![0.01]);
    let no_patterns = vec![0.0; table.len()];
    let base_only = |samples: &[Sample], a: f64| loss(samples, &no_patterns, a);
    eprintln!(
        "present evaluation alone: loss {:.5} (held out {:.5})",
        base_only(&train, 1.0),
        base_only(&held, 1.0)
    );
    // What rescaling the present evaluation alone gains, for comparison with the patterns.
    let best_scale = (1..=200)
        .map(|k| f64::from(k) / 100.0)
        .min_by(|&x, &y| base_only(&train, x).total_cmp(&base_only(&train, y)))
        .unwrap_or(1.0);
    eprintln!(
        "present evaluation rescaled by {best_scale:.2}: loss {:.5} (held out {:.5})",
        base_only(&train, best_scale),
        base_only(&held, best_scale)
    );
    for step in 1..=1500 {
        let mut gradient = vec![0.0; w.len()];
        let mut scale_gradient = 0.0;
        let count = train.len() as f64;
        for s in &train {
            let error = sigmoid(logit(s, &w, a)) - s.won;
            for &e in &s.entries {
                gradient[e] += error / SCALE / count;
            }
            scale_gradient += error * s.base / SCALE / count;
        }
        for (g, v) in gradient.iter_mut().zip(&w) {
            *g += 2.0 * l2 * v;
        }
        adam.step(&mut w, &gradient);
        let mut scale = [a];
        scale_adam.step(&mut scale, &[scale_gradient]);
        a = scale[0];
        if step % 250 == 0 {
            eprintln!(
                "step {step}: loss {:.5}, held out {:.5}, scale of the present evaluation {a:.3}",
                loss(&train, &w, a),
                loss(&held, &w, a)
            );
        }
    }
    // The engine adds the table to its evaluation unscaled: divide by the fitted scale.
    let mut out = table;
    for (entry, &value) in w.iter().enumerate() {
        let value = (value / a).round() as i32;
        if value != 0 {
            out.set(entry, value);
        }
    }
    print!("{out}");
}

/// The features `fitlinear` leaves at their present weight: the dearer ones, which weigh zero.
fn held(feature: Feature) -> bool {
    matches!(
        feature,
        Feature::Heavy | Feature::RunSquare | Feature::RunNear | Feature::Safe
    ) || Feature::DENSE
        .iter()
        .any(|&(dense, base)| dense == feature && held(base))
}

/// The logit of the linear evaluation with weights `w` on features `x`.
fn linear_logit(x: &[f64; FEATURES], w: &[f64]) -> f64 {
    x.iter().zip(w).map(|(a, b)| a * b).sum::<f64>() / SCALE
}

fn fit_linear(file: &str, l2: f64) {
    let present = Weights::default();
    // Each sample: the features divided by their divisors, the result.
    let (mut train, mut test): (Vec<([f64; FEATURES], f64)>, Vec<_>) = (Vec::new(), Vec::new());
    for (game, position, won) in read_games(file) {
        let found = features_with(&position, Across::MoverOnly);
        if found.mover_ready > 0 {
            continue;
        }
        let mut x = [0.0; FEATURES];
        for (slot, (feature, value)) in x.iter_mut().zip(Feature::ALL.iter().zip(found.values)) {
            *slot = f64::from(value) / feature.divisor();
        }
        let sample = (x, f64::from(u8::from(won)));
        if held_out(game) {
            test.push(sample);
        } else {
            train.push(sample);
        }
    }
    eprintln!("{} positions to fit, {} held out", train.len(), test.len());
    let start: Vec<f64> = present.values.iter().map(|&v| f64::from(v)).collect();
    let cross_entropy = |samples: &[([f64; FEATURES], f64)], w: &[f64]| {
        samples
            .iter()
            .map(|(x, won)| log_loss(linear_logit(x, w), *won))
            .sum::<f64>()
            / samples.len() as f64
    };
    eprintln!(
        "present weights: loss {:.5} (held out {:.5})",
        cross_entropy(&train, &start),
        cross_entropy(&test, &start)
    );
    let fitted: Vec<bool> = Feature::ALL.iter().map(|&f| !held(f)).collect();
    let mut w = start.clone();
    let mut adam = Adam::new(vec![1.0; FEATURES]);
    for step in 1..=2000 {
        let mut gradient = vec![0.0; FEATURES];
        for (x, won) in &train {
            let error = sigmoid(linear_logit(x, &w)) - won;
            for (g, a) in gradient.iter_mut().zip(x) {
                *g += error * a / SCALE / train.len() as f64;
            }
        }
        for (i, g) in gradient.iter_mut().enumerate() {
            *g = if fitted[i] {
                *g + 2.0 * l2 * (w[i] - start[i])
            } else {
                0.0
            };
        }
        adam.step(&mut w, &gradient);
        if step % 500 == 0 {
            eprintln!(
                "step {step}: loss {:.5}, held out {:.5}",
                cross_entropy(&train, &w),
                cross_entropy(&test, &w)
            );
        }
    }
    for (feature, value) in Feature::ALL.iter().zip(&w) {
        eprintln!("{:>16} {value:8.1}", feature.name());
    }
    let list: Vec<String> = w.iter().map(|v| format!("{}", v.round() as i64)).collect();
    println!("w:{}", list.join(","));
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size = |text: &str| Size::new(text.parse().unwrap()).unwrap();
    match args.first().map(String::as_str) {
        Some("games") if args.len() == 5 => games(
            size(&args[1]),
            args[2].parse().unwrap(),
            args[3].parse().unwrap(),
            args[4].parse().unwrap(),
        ),
        Some("fit") if args.len() >= 3 => fit(
            size(&args[1]),
            &args[2],
            args.get(3).map_or(1e-6, |l2| l2.parse().unwrap()),
        ),
        Some("fitlinear") if args.len() >= 2 => {
            fit_linear(&args[1], args.get(2).map_or(1e-6, |l2| l2.parse().unwrap()))
        }
        _ => {
            eprintln!(
                "usage: pousse_patterns games SIZE PLAYOUTS GAMES SEED | fit SIZE FILE [L2] \
                 | fitlinear FILE [L2]"
            );
            std::process::exit(2);
        }
    }
}
