//! Fits the evaluation's dense-board terms to games against MCTS.
//!
//! `games SIZE ENGINE_MS MCTS_MS FIRST COUNT`: plays the engine against MCTS in process from
//! seeded random two-move openings (seeds apart from the ones `pousse_match vs` measures on),
//! colours alternating, and prints each game as a JSON line in the form the strength records
//! use (`position`, `moves`).
//!
//! `fit FILE...`: reads games in that form (records of `scripts/pousse-strength.sh` too),
//! labels every position with the result for its side to move, and fits the weights of the
//! dense-board features (`Feature::DENSE` and the heavy lines) by logistic regression with the
//! other weights held, plus a scale on the held part. Prints the weights to paste into
//! `Weights::default`.
//!
//! ```text
//! cargo run --release -p grundy --example pousse_dense -- games 6 10 100 0 200 > target/dense-6.jsonl
//! cargo run --release -p grundy --example pousse_dense -- fit target/dense-6.jsonl target/strength/mcts-10x-6.jsonl
//! ```
#![allow(clippy::unwrap_used)]

use std::time::Duration;

use grundy::games::pousse::evaluation::{features_with, Across, Feature, Weights, FEATURES};
use grundy::games::pousse::mcts::{Mcts, MctsLimits};
use grundy::games::pousse::players::{play_from, EnginePlayer};
use grundy::games::pousse::search::Limits;
use grundy::games::pousse::{BitBoard, Colour, Game, Move, RuleSet, Size, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[path = "support/adam.rs"]
mod adam;
#[path = "support/mcts_player.rs"]
mod mcts_player;
use adam::Adam;
use mcts_player::MctsPlayer;

/// The move cap of a generated game.
const MAX_MOVES: usize = 400;
/// Evaluation units per logit.
const SCALE: f64 = 100.0;

fn opening(size: Size, seed: u64) -> Game<BitBoard> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let moves: Vec<_> = Move::all(size.get()).collect();
    loop {
        let mut game: Game<BitBoard> = Game::new(size, RuleSet::Icfp).unwrap();
        for _ in 0..2 {
            let _ = game.play(moves[rng.gen_range(0..moves.len())]);
        }
        if game.status() == Status::Ongoing {
            return game;
        }
    }
}

fn games(n: usize, engine_ms: u64, mcts_ms: u64, first: u64, count: u64) {
    let size = Size::new(n).unwrap();
    for index in first..first + count {
        let start = opening(size, 70_000 + index / 2);
        let mut engine = EnginePlayer::new(
            Limits::movetime(Duration::from_millis(engine_ms), 1),
            1 << 18,
        );
        let mut mcts = MctsPlayer {
            mcts: Mcts::new(80_000 + index),
            limits: MctsLimits::movetime(Duration::from_millis(mcts_ms)),
        };
        let engine_colour = if index % 2 == 0 { Colour::X } else { Colour::O };
        let (status, moves) = if engine_colour == Colour::X {
            play_from(start, &mut engine, &mut mcts, MAX_MOVES)
        } else {
            play_from(start, &mut mcts, &mut engine, MAX_MOVES)
        };
        let list: Vec<String> = moves
            .iter()
            .map(|m| format!("{{\"move\":\"{m}\"}}"))
            .collect();
        println!("{{\"position\":\"{n}:\",\"moves\":[{}]}}", list.join(","));
        eprintln!("game {index}: engine {engine_colour:?}, {status:?}");
    }
}

/// The games of the JSON lines in `files` (generated games or strength records): each one's
/// start (the opening played) and the moves after it.
fn read_games(files: &[String]) -> Vec<(Game<BitBoard>, Vec<Move>)> {
    let mut games = Vec::new();
    for file in files {
        for line in std::fs::read_to_string(file).unwrap().lines() {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            let (Some(start), Some(moves)) =
                (record["position"].as_str(), record["moves"].as_array())
            else {
                continue;
            };
            let game = Game::from_notation(start, RuleSet::Icfp).unwrap();
            let moves = moves
                .iter()
                .map(|m| m["move"].as_str().unwrap().parse().unwrap())
                .collect();
            games.push((game, moves));
        }
    }
    games
}

/// One labelled position: the held part of its score, its free features, its label.
struct Sample {
    held: f64,
    free: Vec<f64>,
    won: f64,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn load(files: &[String], free: &[Feature]) -> Vec<Sample> {
    let weights = Weights::default();
    let mut samples = Vec::new();
    for (mut game, moves) in read_games(files) {
        let mut positions = Vec::new();
        for mv in moves {
            positions.push(game.position().clone());
            if game.play(mv).is_err() {
                break;
            }
        }
        let Status::Won { winner, .. } = game.status() else {
            continue;
        };
        for position in positions {
            let found = features_with(&position, Across::MoverOnly);
            if found.mover_ready > 0 {
                continue;
            }
            let mut held = 0.0;
            let mut values = Vec::new();
            for feature in Feature::ALL {
                let value = f64::from(found.values[feature as usize]) / feature.divisor();
                if free.contains(&feature) {
                    values.push(value);
                } else {
                    held += value * f64::from(weights.get(feature));
                }
            }
            samples.push(Sample {
                held,
                free: values,
                won: if position.to_move == winner { 1.0 } else { 0.0 },
            });
        }
    }
    samples
}

/// Parameters: the scale on the held score, then one weight per free feature.
fn logit(sample: &Sample, theta: &[f64]) -> f64 {
    let free: f64 = sample
        .free
        .iter()
        .zip(&theta[1..])
        .map(|(f, w)| f * w)
        .sum();
    (theta[0] * sample.held + free) / SCALE
}

fn loss(samples: &[Sample], theta: &[f64]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(logit(s, theta)).clamp(1e-9, 1.0 - 1e-9);
            -(s.won * p.ln() + (1.0 - s.won) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len() as f64
}

fn fit(files: &[String]) {
    let free: Vec<Feature> = Feature::ALL
        .into_iter()
        .filter(|f| f.divisor() > 1.0 || *f == Feature::Heavy)
        .collect();
    let samples = load(files, &free);
    eprintln!("{} positions", samples.len());
    let mut theta = vec![0.0; free.len() + 1];
    theta[0] = 1.0;
    let start = loss(&samples, &theta);
    // The scale moves in small steps, the weights in centi-markers.
    let mut rates = vec![0.5; theta.len()];
    rates[0] = 0.005;
    let mut adam = Adam::new(rates);
    for step in 1..=3000 {
        let mut gradient = vec![0.0; theta.len()];
        for s in &samples {
            let error = sigmoid(logit(s, &theta)) - s.won;
            gradient[0] += error * s.held / SCALE;
            for (g, f) in gradient[1..].iter_mut().zip(&s.free) {
                *g += error * f / SCALE;
            }
        }
        for g in &mut gradient {
            *g /= samples.len() as f64;
        }
        adam.step(&mut theta, &gradient);
        if step % 500 == 0 {
            eprintln!("step {step}: loss {:.5}", loss(&samples, &theta));
        }
    }
    println!(
        "loss {start:.5} -> {:.5}, scale on the held weights {:.3}",
        loss(&samples, &theta),
        theta[0]
    );
    let mut weights = Weights::default();
    for (feature, w) in free.iter().zip(&theta[1..]) {
        // In the held weights' units: divide by the scale.
        let value = (w / theta[0]).round() as i32;
        println!("{:<20} {value:>6}", feature.name());
        weights = weights.with(*feature, value);
    }
    println!("values: {:?}", weights.values);
}

/// Every `every`-th position of the games in `files` (not decided at once), with MCTS's
/// estimate after `playouts` playouts of the chance that its side to move wins; lines of
/// `diagram probability` on stdout.
fn label(every: usize, playouts: u64, part: usize, parts: usize, files: &[String]) {
    let mut index = 0usize;
    for (mut game, moves) in read_games(files) {
        for mv in moves {
            index += 1;
            let chosen = index % every == 0 && (index / every) % parts == part;
            if chosen && game.status() == Status::Ongoing {
                let found = features_with(game.position(), Across::MoverOnly);
                if found.mover_ready == 0 {
                    let fresh: Game<BitBoard> =
                        Game::from_position(game.position().clone(), RuleSet::Waterloo);
                    let result =
                        Mcts::new(index as u64).search(&fresh, &MctsLimits::playouts(playouts));
                    println!("{} {:.4}", game.position(), result.win_rate);
                }
            }
            if game.play(mv).is_err() {
                break;
            }
        }
    }
}

/// Fits every weight to the MCTS estimates in `files` (lines of `diagram probability`) by
/// logistic regression with soft labels, starting from the present weights.
fn fit_soft(files: &[String]) {
    let mut samples: Vec<([f64; FEATURES], f64)> = Vec::new();
    for file in files {
        for line in std::fs::read_to_string(file).unwrap().lines() {
            let Some((diagram, p)) = line.rsplit_once(' ') else {
                continue;
            };
            let position: grundy::games::pousse::Position<BitBoard> = diagram.parse().unwrap();
            let found = features_with(&position, Across::MoverOnly);
            let values =
                std::array::from_fn(|i| f64::from(found.values[i]) / Feature::ALL[i].divisor());
            samples.push((values, p.parse().unwrap()));
        }
    }
    eprintln!("{} positions", samples.len());
    let loss = |w: &[f64; FEATURES]| -> f64 {
        samples
            .iter()
            .map(|(f, p)| {
                let z: f64 = f.iter().zip(w).map(|(f, w)| f * w).sum();
                let q = sigmoid(z / SCALE).clamp(1e-9, 1.0 - 1e-9);
                -(p * q.ln() + (1.0 - p) * (1.0 - q).ln())
            })
            .sum::<f64>()
            / samples.len() as f64
    };
    let start = Weights::default().values.map(f64::from);
    let mut w = start;
    let mut adam = Adam::new(vec![0.5; FEATURES]);
    for _ in 1..=4000 {
        let mut gradient = [0.0; FEATURES];
        for (f, p) in &samples {
            let z: f64 = f.iter().zip(&w).map(|(f, w)| f * w).sum();
            let error = sigmoid(z / SCALE) - p;
            for (g, f) in gradient.iter_mut().zip(f) {
                *g += error * f / SCALE / samples.len() as f64;
            }
        }
        adam.step(&mut w, &gradient);
    }
    for (feature, weight) in Feature::ALL.iter().zip(w) {
        println!("{:<20} {weight:>9.1}", feature.name());
    }
    println!("loss {:.5} -> {:.5}", loss(&start), loss(&w));
    let values: Vec<String> = w.iter().map(|x| format!("{}", x.round() as i32)).collect();
    println!("w:{}", values.join(","));
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| -> u64 { args[i].parse().unwrap() };
    match args.first().map(String::as_str) {
        Some("games") => games(
            number(1) as usize,
            number(2),
            number(3),
            number(4),
            number(5),
        ),
        Some("fit") => fit(&args[1..]),
        Some("label") => label(
            number(1) as usize,
            number(2),
            number(3) as usize,
            number(4) as usize,
            &args[5..],
        ),
        Some("fitsoft") => fit_soft(&args[1..]),
        _ => {
            eprintln!("usage: pousse_dense games SIZE ENGINE_MS MCTS_MS FIRST COUNT | fit FILE...")
        }
    }
}
