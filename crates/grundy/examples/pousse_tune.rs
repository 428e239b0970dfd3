//! Tunes the Pousse evaluation weights, three ways.
//!
//! `spsa SIZE DEPTH ITERATIONS SEED [FEATURES]`: simultaneous perturbation stochastic
//! approximation, as chess engine testers tune engines. Every iteration perturbs all weights
//! at once by ±c (each weight its own step), plays the two perturbed engines against each
//! other on one random opening with both colours, and moves the weights towards the side
//! that scored better. A comma-separated list of feature names tunes only those weights and
//! holds the others.
//!
//! Without a list it tunes every weight but those of the dearer features (`heavy`,
//! `run_square`, `run_near`, `dense_heavy`, `safe`), whose cost in search speed a run at a
//! fixed depth cannot weigh.
//!
//! `spsa-mcts RECORD NODES PLAYOUTS ITERATIONS SEED [FEATURES]`: the same SPSA with MCTS as
//! the opponent, for what the engine loses to MCTS. Every iteration draws a start position
//! from the middle games of a strength record (plies 20, 30 and 40 of each game), and each
//! perturbed engine (`NODES` nodes a move) plays its side to move against MCTS (`PLAYOUTS`
//! playouts a move), the two MCTS seeded alike and the two games on two threads.
//!
//! `texel SIZES DEPTH GAMES SEED`: logistic regression on self-play positions (what chess
//! engine authors call Texel tuning).
//! The evaluation is a dot product of weights and position features, so the probability that
//! the side to move wins can be modelled as `σ(w · f / 100)`. The tool plays self-play games
//! with the current weights at a fixed depth from seeded random openings (a small share of
//! random moves keeps the positions varied), labels every position with the result for its
//! side to move, and fits `w` by minimising the cross-entropy with Adam. Everything is seeded,
//! so a run repeats exactly:
//!
//! ```text
//! cargo run --release -p grundy --example pousse_tune -- spsa 6 4 2000 1
//! cargo run --release -p grundy --example pousse_tune -- spsa-mcts target/strength/mcts-10x-6.jsonl 30000 26000 2000 1
//! cargo run --release -p grundy --example pousse_tune -- texel 6,7 3 2500 1
//! ```
//!
//! Progress goes to stderr; the weights are printed ready to paste into `Weights::default`.
#![allow(clippy::unwrap_used)]

use grundy::games::pousse::evaluation::{features, Feature, Weights, FEATURES};
use grundy::games::pousse::mcts::{Mcts, MctsLimits};
use grundy::games::pousse::players::{play_from, EnginePlayer, Player};
use grundy::games::pousse::search::Limits;
use grundy::games::pousse::{BitBoard, Colour, Game, Move, Position, RuleSet, Size, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[path = "support/adam.rs"]
mod adam;
#[path = "support/mcts_player.rs"]
mod mcts_player;
#[path = "support/random_opening.rs"]
mod random_opening;
#[path = "support/strength_record.rs"]
mod strength_record;
use adam::Adam;
use mcts_player::MctsPlayer;
use random_opening::opening;
use strength_record::read_record;

/// Game length cap; capped games are left out.
const MAX_MOVES: usize = 400;
/// The share of moves played at random during self-play.
const RANDOM_MOVES: f64 = 0.05;
/// Evaluation units per logit: a score of 100 means the side to move wins 73% of games.
const SCALE: f64 = 100.0;

/// One labelled position: its features and 1.0 when its side to move went on to win.
struct Sample {
    features: [f64; FEATURES],
    won: f64,
}

/// Plays one self-play game from a random opening and returns its labelled positions.
fn self_play(size: Size, depth: u32, rng: &mut ChaCha8Rng) -> Vec<Sample> {
    let moves: Vec<_> = Move::all(size.get()).collect();
    let mut game: Game<BitBoard> = Game::new(size, RuleSet::Icfp).unwrap();
    for _ in 0..4 {
        let _ = game.play(moves[rng.gen_range(0..moves.len())]);
    }
    let mut engine = EnginePlayer::fixed_depth(depth);
    let mut seen: Vec<Position<BitBoard>> = Vec::new();
    while game.status() == Status::Ongoing && game.move_count() < MAX_MOVES {
        seen.push(game.position().clone());
        let mv = if rng.gen_bool(RANDOM_MOVES) {
            moves[rng.gen_range(0..moves.len())]
        } else {
            match engine.choose(&game) {
                Some(mv) => mv,
                None => break,
            }
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    let Status::Won { winner, .. } = game.status() else {
        return Vec::new();
    };
    seen.iter()
        .filter_map(|position| {
            let found = features(position);
            // A position whose side to move has a ready line is decided, not judged.
            (found.mover_ready == 0).then(|| Sample {
                features: std::array::from_fn(|i| {
                    f64::from(found.values[i]) / Feature::ALL[i].divisor()
                }),
                won: if position.to_move == winner { 1.0 } else { 0.0 },
            })
        })
        .collect()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean cross-entropy of `weights` on `samples`.
fn loss(samples: &[Sample], weights: &[f64; FEATURES]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let z: f64 = s.features.iter().zip(weights).map(|(f, w)| f * w).sum();
            let p = sigmoid(z / SCALE).clamp(1e-9, 1.0 - 1e-9);
            -(s.won * p.ln() + (1.0 - s.won) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len() as f64
}

/// Fits the weights by full-batch Adam from `start`.
fn fit(samples: &[Sample], start: [f64; FEATURES]) -> [f64; FEATURES] {
    let mut w = start;
    let mut adam = Adam::new(vec![0.5; FEATURES]);
    for step in 1..=3000 {
        let mut gradient = [0.0; FEATURES];
        for s in samples {
            let z: f64 = s.features.iter().zip(&w).map(|(f, w)| f * w).sum();
            let error = sigmoid(z / SCALE) - s.won;
            for (g, f) in gradient.iter_mut().zip(&s.features) {
                *g += error * f / SCALE / samples.len() as f64;
            }
        }
        adam.step(&mut w, &gradient);
        if step % 500 == 0 {
            eprintln!("step {step}: loss {:.5}", loss(samples, &w));
        }
    }
    w
}

/// Each weight's SPSA perturbation, in the order of `Feature::ALL`: about the change that
/// should be barely measurable.
const SPSA_STEPS: [f64; FEATURES] = [
    2.0, 10.0, 10.0, 8.0, 6.0, 6.0, 6.0, 6.0, 6.0, 40.0, 150.0, 8.0, 8.0, 2.0, 8.0, 2.0, 10.0, 8.0,
    6.0, 6.0, 6.0, 6.0, 6.0, 40.0, 8.0, 8.0, 2.0,
];
/// The plies after the start of a recorded game at which the trials against MCTS start:
/// the middle game, before the board is full, where the games against MCTS turn.
const MCTS_START_PLIES: [usize; 3] = [20, 30, 40];
/// The SPSA learning rate, as a fraction of each weight's step.
const SPSA_RATE: f64 = 0.05;

/// The score of weights `a` against `b` in one game from `start` at a fixed depth.
fn duel(start: &Game<BitBoard>, a: Weights, b: Weights, a_plays_x: bool, depth: u32) -> f64 {
    let mut pa = EnginePlayer::fixed_depth(depth);
    pa.engine_mut().weights = a;
    let mut pb = EnginePlayer::fixed_depth(depth);
    pb.engine_mut().weights = b;
    let (status, _) = if a_plays_x {
        play_from(start.clone(), &mut pa, &mut pb, MAX_MOVES)
    } else {
        play_from(start.clone(), &mut pb, &mut pa, MAX_MOVES)
    };
    let a_colour = if a_plays_x { Colour::X } else { Colour::O };
    match status {
        Status::Won { winner, .. } if winner == a_colour => 1.0,
        Status::Won { .. } => 0.0,
        Status::Ongoing => 0.5,
    }
}

fn rounded(theta: &[f64; FEATURES]) -> Weights {
    Weights {
        values: theta.map(|value| value.round() as i32),
    }
}

/// One SPSA trial: the score of the `plus` weights less that of the `minus` weights, in
/// [-1, 1], from games drawn with `rng`.
type Trial<'a> = dyn FnMut(Weights, Weights, &mut ChaCha8Rng) -> f64 + 'a;

/// The features whose weights an SPSA run moves: those named in `only`, or every feature
/// whose evaluation is cheap (the dearer ones cost node rate, which a run at fixed depth or
/// nodes cannot weigh, so they stay at their present weights unless named).
fn spsa_steps(only: Option<&str>) -> [f64; FEATURES] {
    std::array::from_fn(|i| {
        let feature = Feature::ALL[i];
        let tuned = match only {
            Some(list) => list.split(',').any(|name| name == feature.name()),
            None => !DEAR.contains(&feature),
        };
        if tuned {
            SPSA_STEPS[i]
        } else {
            0.0
        }
    })
}

/// Features that cost search speed when their weight is not zero.
const DEAR: [Feature; 5] = [
    Feature::Heavy,
    Feature::RunSquare,
    Feature::RunNear,
    Feature::DenseHeavy,
    Feature::Safe,
];

/// Runs `iterations` SPSA iterations of `trial` from the present weights, moving the weights
/// with a non-zero step, and prints the result.
fn spsa(iterations: usize, seed: u64, steps: [f64; FEATURES], trial: &mut Trial) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut theta = Weights::default().values.map(f64::from);
    let mut total = 0.0;
    let mut decided = 0;
    for k in 1..=iterations {
        // The usual SPSA schedules: the step shrinks slowly, the learning rate faster.
        let ck = (k as f64).powf(-0.101);
        let stability = iterations as f64 * 0.1;
        let ak = SPSA_RATE * ((stability + 1.0) / (stability + k as f64)).powf(0.602);
        let delta: [f64; FEATURES] =
            std::array::from_fn(|_| if rng.gen_bool(0.5) { 1.0 } else { -1.0 });
        let plus: [f64; FEATURES] = std::array::from_fn(|i| theta[i] + ck * steps[i] * delta[i]);
        let minus: [f64; FEATURES] = std::array::from_fn(|i| theta[i] - ck * steps[i] * delta[i]);
        let result = trial(rounded(&plus), rounded(&minus), &mut rng);
        total += result;
        decided += usize::from(result != 0.0);
        for i in 0..FEATURES {
            theta[i] += 2.0 * ak * steps[i] * result * delta[i] / ck;
        }
        if k % 50 == 0 || k == iterations {
            let shown: Vec<String> = Feature::ALL
                .iter()
                .zip(theta.iter())
                .zip(steps)
                .filter(|(_, step)| *step != 0.0)
                .map(|((feature, value), _)| format!("{} {value:.1}", feature.name()))
                .collect();
            eprintln!(
                "{k}: {} (mean result {:+.3}, {decided} trials decided)",
                shown.join(", "),
                total / k as f64
            );
            println!("values at {k}: {:?}", rounded(&theta).values);
        }
    }
}

/// Self-play at a fixed depth: the two perturbed engines play one random opening with both
/// colours.
fn self_play_trial(size: Size, depth: u32) -> impl FnMut(Weights, Weights, &mut ChaCha8Rng) -> f64 {
    move |plus, minus, rng| {
        let start = opening(size, 2, rng);
        // In [-1, 1]: positive when the plus side scored better over the pair.
        duel(&start, plus, minus, true, depth) + duel(&start, plus, minus, false, depth) - 1.0
    }
}

/// The engine's score for the side to move at `start` against MCTS, the engine searching
/// `nodes` nodes a move with `weights`, MCTS `playouts` playouts a move from `mcts_seed`.
fn against_mcts(
    start: &Game<BitBoard>,
    weights: Weights,
    nodes: u64,
    playouts: u64,
    mcts_seed: u64,
) -> f64 {
    let mut engine = EnginePlayer::new(
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
        1 << 16,
    );
    engine.engine_mut().weights = weights;
    let mut mcts = MctsPlayer {
        mcts: Mcts::new(mcts_seed),
        limits: MctsLimits::playouts(playouts),
    };
    let ours = start.position().to_move;
    let (status, _) = if ours == Colour::X {
        play_from(start.clone(), &mut engine, &mut mcts, MAX_MOVES)
    } else {
        play_from(start.clone(), &mut mcts, &mut engine, MAX_MOVES)
    };
    match status {
        Status::Won { winner, .. } if winner == ours => 1.0,
        Status::Won { .. } => 0.0,
        Status::Ongoing => 0.5,
    }
}

/// Against MCTS: each perturbed engine plays the side to move of one start position against
/// the same MCTS (one seed for both, so that the games part only where the engines do), the
/// two games on two threads.
fn mcts_trial(
    starts: Vec<Game<BitBoard>>,
    nodes: u64,
    playouts: u64,
) -> impl FnMut(Weights, Weights, &mut ChaCha8Rng) -> f64 {
    move |plus, minus, rng| {
        let start = &starts[rng.gen_range(0..starts.len())];
        let mcts_seed = rng.gen();
        std::thread::scope(|scope| {
            let plus = scope.spawn(|| against_mcts(start, plus, nodes, playouts, mcts_seed));
            let minus = against_mcts(start, minus, nodes, playouts, mcts_seed);
            plus.join().unwrap() - minus
        })
    }
}

/// The start positions of the trials against MCTS: the positions of every game of a strength
/// record at the given plies after its start, where the game went on for ten plies more.
fn record_starts(path: &str, plies: &[usize]) -> Vec<Game<BitBoard>> {
    read_record(path)
        .iter()
        .flat_map(|game| {
            plies
                .iter()
                .filter(|&&ply| ply + 10 < game.moves.len())
                .map(|&ply| game.states[ply].clone())
                .collect::<Vec<_>>()
        })
        .collect()
}

fn texel(sizes: &[usize], depth: u32, games: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut samples = Vec::new();
    for &n in sizes {
        let size = Size::new(n).unwrap();
        for game in 0..games {
            samples.extend(self_play(size, depth, &mut rng));
            if (game + 1) % 250 == 0 {
                eprintln!("{n}x{n}: {} games, {} positions", game + 1, samples.len());
            }
        }
    }
    let start = Weights::default().values.map(f64::from);
    let fitted = fit(&samples, start);
    let values = fitted.map(|w| w.round() as i32);
    for (feature, weight) in Feature::ALL.iter().zip(fitted) {
        println!("{:<14} {weight:>9.2}", feature.name());
    }
    println!(
        "{} positions, loss {:.5} -> {:.5}",
        samples.len(),
        loss(&samples, &start),
        loss(&samples, &values.map(f64::from))
    );
    println!("values: {values:?}");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| args.get(i).map_or(default, |a| a.parse().unwrap());
    let sizes = || -> Vec<usize> {
        args.get(1)
            .map_or("6", String::as_str)
            .split(',')
            .map(|n| n.parse().unwrap())
            .collect()
    };
    let depth = number(2, 4) as u32;
    let count = number(3, 2000) as usize;
    let seed = number(4, 1);
    match args.first().map(String::as_str) {
        Some("spsa") => spsa(
            count,
            seed,
            spsa_steps(args.get(5).map(String::as_str)),
            &mut self_play_trial(Size::new(sizes()[0]).unwrap(), depth),
        ),
        Some("spsa-mcts") => {
            let starts = record_starts(&args[1], &MCTS_START_PLIES);
            eprintln!("{} start positions", starts.len());
            spsa(
                number(4, 1000) as usize,
                number(5, 1),
                spsa_steps(args.get(6).map(String::as_str)),
                &mut mcts_trial(starts, number(2, 30_000), number(3, 26_000)),
            );
        }
        Some("texel") => texel(&sizes(), depth, count, seed),
        _ => eprintln!(
            "usage: pousse_tune spsa SIZE DEPTH ITERATIONS SEED [FEATURES] | spsa-mcts RECORD NODES PLAYOUTS ITERATIONS SEED [FEATURES] | texel SIZES DEPTH GAMES SEED"
        ),
    }
}
