//! Tunes the Pousse evaluation weights by self-play with SPSA (simultaneous perturbation
//! stochastic approximation), as engine testers tune chess engines.
//!
//! Every iteration perturbs all weights at once by ±c (each weight its own step), plays the
//! two perturbed engines against each other on one random opening with both colours, and
//! moves the weights towards the side that scored better. Everything is seeded, so a run
//! repeats exactly:
//!
//! ```text
//! cargo run --release -p grundy --example pousse_tune -- 6 4 2000 1
//! ```
//!
//! Arguments: board size, search depth, iterations, seed. The weights are printed every 100
//! iterations and at the end, ready to paste into `Weights::default`.
#![allow(clippy::unwrap_used)]

use grundy::games::pousse::players::{play_from, EnginePlayer};
use grundy::games::pousse::search::Weights;
use grundy::games::pousse::{BitBoard, Colour, Game, Move, RuleSet, Size, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Game length cap; a capped game scores half.
const MAX_MOVES: usize = 300;
/// The learning rate at the end of the run, as a fraction of each weight's step.
const LEARNING_RATE: f64 = 0.05;

/// Each weight's perturbation: about the change that should be barely measurable.
fn steps() -> [f64; Weights::COUNT] {
    // open, mixed, near, threat, double_threat, centre, exposed, tempo
    [2.0, 8.0, 10.0, 40.0, 150.0, 6.0, 6.0, 8.0]
}

/// A random opening of `plies` moves that ends no game.
fn opening(size: Size, plies: usize, rng: &mut ChaCha8Rng) -> Game<BitBoard> {
    let moves: Vec<_> = Move::all(size.get()).collect();
    loop {
        let mut game: Game<BitBoard> = Game::new(size, RuleSet::Icfp).unwrap();
        for _ in 0..plies {
            let _ = game.play(moves[rng.gen_range(0..moves.len())]);
        }
        if game.status() == Status::Ongoing {
            return game;
        }
    }
}

fn player(weights: Weights, depth: u32) -> EnginePlayer {
    let mut player = EnginePlayer::fixed_depth(depth);
    player.engine_mut().weights = weights;
    player
}

fn round(theta: &[f64; Weights::COUNT]) -> Weights {
    Weights::from_vec(theta.map(|value| value.round() as i32))
}

/// The score of `a` against `b` in one game from `start`, `a` playing `a_colour`.
fn game(start: &Game<BitBoard>, a: Weights, b: Weights, a_colour: Colour, depth: u32) -> f64 {
    let mut pa = player(a, depth);
    let mut pb = player(b, depth);
    let (status, _) = if a_colour == Colour::X {
        play_from(start.clone(), &mut pa, &mut pb, MAX_MOVES)
    } else {
        play_from(start.clone(), &mut pb, &mut pa, MAX_MOVES)
    };
    match status {
        Status::Won { winner, .. } if winner == a_colour => 1.0,
        Status::Won { .. } => 0.0,
        Status::Ongoing => 0.5,
    }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let n = args.first().copied().unwrap_or(6) as usize;
    let depth = args.get(1).copied().unwrap_or(4) as u32;
    let iterations = args.get(2).copied().unwrap_or(2000) as usize;
    let seed = args.get(3).copied().unwrap_or(1);
    let size = Size::new(n).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = Weights::default();
    let mut theta = start.to_vec().map(f64::from);
    let c = steps();
    let mut total = 0.0;
    for k in 1..=iterations {
        // The usual SPSA schedules: the step shrinks slowly, the learning rate faster.
        let ck = (k as f64).powf(-0.101);
        let ak = LEARNING_RATE
            * ((iterations as f64 * 0.1 + 1.0) / (iterations as f64 * 0.1 + k as f64)).powf(0.602);
        let delta: [f64; Weights::COUNT] =
            std::array::from_fn(|_| if rng.gen_bool(0.5) { 1.0 } else { -1.0 });
        let plus: [f64; Weights::COUNT] = std::array::from_fn(|i| theta[i] + ck * c[i] * delta[i]);
        let minus: [f64; Weights::COUNT] = std::array::from_fn(|i| theta[i] - ck * c[i] * delta[i]);
        let start_game = opening(size, 2, &mut rng);
        let result = game(&start_game, round(&plus), round(&minus), Colour::X, depth)
            + game(&start_game, round(&plus), round(&minus), Colour::O, depth)
            - 1.0;
        total += result;
        for i in 0..Weights::COUNT {
            // result in [-1, 1]: plus scored better when positive.
            theta[i] += ak * c[i] * result * delta[i] / ck * 2.0;
        }
        if k % 100 == 0 || k == iterations {
            let shown: Vec<String> = Weights::NAMES
                .iter()
                .zip(theta.iter())
                .map(|(name, value)| format!("{name} {value:.1}"))
                .collect();
            println!(
                "{k}: {} (mean result {:+.3})",
                shown.join(", "),
                total / k as f64
            );
        }
    }
    println!("final: {:?}", round(&theta));
}
