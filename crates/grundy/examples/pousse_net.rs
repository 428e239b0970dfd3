//! Fits a value network for the Pousse evaluation (`ValueNet`) to the results of self-play
//! games.
//!
//! `fit SIZE FILE HIDDEN EPOCHS SEED [L2]`: reads a file of labelled positions as
//! `pousse_patterns games` writes them (`GAME POSITION WON`), and fits, by logistic
//! regression with mini-batch Adam, the present evaluation's score (times the scale that
//! fits it best alone, then held) plus a network with `HIDDEN` rectified units over the markers of both colours. Every
//! position is seen in its eight symmetric forms (the board's rotations and reflections map
//! pushes to pushes, so they are the same position). One game in ten is held out to report
//! the loss on games the fit did not see, each epoch. Prints the network, in the
//! evaluation's units, ready for `net:<file>` in `pousse_match`.
//!
//! `scale FILE FACTOR`: prints the network of `FILE` with its output multiplied by `FACTOR`,
//! to weigh it against the rest of the evaluation.
//!
//! ```text
//! cargo run --release -p grundy --example pousse_patterns -- games 6 5000 2500 5 > games6.txt
//! cargo run --release -p grundy --example pousse_net -- fit 6 games6.txt 32 12 1 > net6.txt
//! cargo run --release -p grundy --example pousse_net -- scale net6.txt 0.1 > net6-tenth.txt
//! cargo run --release -p grundy --example pousse_match -- vs 6 net:net6-tenth.txt 10 mcts 200 100 0
//! ```
#![allow(clippy::unwrap_used)]

use grundy::games::pousse::{Board, ValueNet};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[path = "support/adam.rs"]
mod adam;
#[path = "support/games_file.rs"]
mod games_file;
use adam::Adam;
use games_file::samples;

/// Evaluation units per logit, as in `pousse_tune` and `pousse_patterns`.
const SCALE: f64 = 100.0;
/// Positions per gradient step.
const BATCH: usize = 256;

/// A labelled position: the present evaluation's score, the network's active inputs.
struct Sample {
    base: f64,
    active: Vec<u8>,
    won: f64,
}

/// A symmetry of the square: where square (row, column) of an `n` × `n` board goes.
type Transform = fn(usize, usize, usize) -> (usize, usize);

/// The eight symmetries of the square as maps of input units: `maps[s][unit]`.
fn symmetry_maps(n: usize) -> Vec<Vec<u8>> {
    let transforms: [Transform; 8] = [
        |r, c, _| (r, c),
        |r, c, n| (c, n - 1 - r),
        |r, c, n| (n - 1 - r, n - 1 - c),
        |r, c, n| (n - 1 - c, r),
        |r, c, n| (r, n - 1 - c),
        |r, c, n| (n - 1 - r, c),
        |r, c, _| (c, r),
        |r, c, n| (n - 1 - c, n - 1 - r),
    ];
    transforms
        .iter()
        .map(|transform| {
            (0..2 * n * n)
                .map(|unit| {
                    let (plane, square) = (unit / (n * n), unit % (n * n));
                    let (r, c) = transform(square / n, square % n, n);
                    (plane * n * n + r * n + c) as u8
                })
                .collect()
        })
        .collect()
}

/// The parameters being fitted, in `f64`: the network's (in logits) and the scale of the
/// present evaluation.
struct Model {
    inputs: usize,
    hidden: usize,
    /// Input weights, then hidden biases, then output weights, then the output bias.
    params: Vec<f64>,
    scale: f64,
}

impl Model {
    fn new(inputs: usize, hidden: usize, rng: &mut ChaCha8Rng) -> Model {
        let mut params = vec![0.0; inputs * hidden + 2 * hidden + 1];
        let spread = 1.0 / (inputs as f64 / 2.0).sqrt();
        for weight in &mut params[..inputs * hidden] {
            *weight = rng.gen_range(-spread..spread);
        }
        for bias in &mut params[inputs * hidden..][..hidden] {
            *bias = 0.1;
        }
        let output_spread = 1.0 / (hidden as f64).sqrt();
        for weight in &mut params[inputs * hidden + hidden..][..hidden] {
            *weight = rng.gen_range(-output_spread..output_spread) * 0.1;
        }
        Model {
            inputs,
            hidden,
            params,
            scale: 1.0,
        }
    }

    fn output_offset(&self) -> usize {
        self.inputs * self.hidden + self.hidden
    }

    /// The hidden units' sums for `active` (mapped by `map`).
    fn hidden_sums(&self, active: &[u8], map: &[u8]) -> Vec<f64> {
        let h = self.hidden;
        let mut sums = self.params[self.inputs * h..][..h].to_vec();
        for &unit in active {
            let column = &self.params[map[unit as usize] as usize * h..][..h];
            for (sum, weight) in sums.iter_mut().zip(column) {
                *sum += weight;
            }
        }
        sums
    }

    /// The logit of a sample seen through `map`, with its hidden sums.
    fn logit(&self, sample: &Sample, map: &[u8]) -> (f64, Vec<f64>) {
        let sums = self.hidden_sums(&sample.active, map);
        let out = self.output_offset();
        let net: f64 = self.params[out + self.hidden]
            + sums
                .iter()
                .zip(&self.params[out..][..self.hidden])
                .map(|(sum, weight)| sum.max(0.0) * weight)
                .sum::<f64>();
        (self.scale * sample.base / SCALE + net, sums)
    }

    /// The mean cross-entropy over `samples` (in their own orientation).
    fn loss(&self, samples: &[Sample], identity: &[u8]) -> f64 {
        let total: f64 = samples
            .iter()
            .map(|sample| log_loss(self.logit(sample, identity).0, sample.won))
            .sum();
        total / samples.len() as f64
    }

    /// The network in the evaluation's units: the engine adds it to the unscaled evaluation,
    /// so its output is divided by the fitted scale and brought to evaluation units.
    fn to_network(&self, size: usize) -> ValueNet {
        let mut network = ValueNet::zeros(size, self.hidden).unwrap();
        let factor = SCALE / self.scale;
        let out = self.output_offset();
        let values: Vec<f32> = self
            .params
            .iter()
            .enumerate()
            .map(|(k, &value)| {
                if k >= out {
                    (value * factor) as f32
                } else {
                    value as f32
                }
            })
            .collect();
        network.set_parameters(&values).unwrap();
        network
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The cross-entropy of a prediction with logit `logit` against the result `won` (1 or 0).
fn log_loss(logit: f64, won: f64) -> f64 {
    let p = sigmoid(logit).clamp(1e-9, 1.0 - 1e-9);
    -(won * p.ln() + (1.0 - won) * (1.0 - p).ln())
}

fn load(size: usize, file: &str) -> (Vec<Sample>, Vec<Sample>) {
    let net = ValueNet::zeros(size, 1).unwrap();
    samples(file, |position, base, won| {
        assert_eq!(
            position.board.size().get(),
            size,
            "a position of another size in {file}"
        );
        Sample {
            base,
            active: net
                .active_inputs(&position.board, position.to_move)
                .map(|unit| unit as u8)
                .collect(),
            won,
        }
    })
}

fn fit(size: usize, file: &str, hidden: usize, epochs: usize, seed: u64, l2: f64) {
    let (train, held) = load(size, file);
    eprintln!(
        "{} positions to fit (eight forms each), {} held out",
        train.len(),
        held.len()
    );
    let maps = symmetry_maps(size);
    for map in &maps {
        let mut seen = map.clone();
        seen.sort_unstable();
        assert!(
            seen.iter().enumerate().all(|(k, &unit)| k == unit as usize),
            "a symmetry that is not a permutation of the squares"
        );
    }
    let identity = &maps[0];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut model = Model::new(2 * size * size, hidden, &mut rng);
    let base_only = |samples: &[Sample], scale: f64| {
        samples
            .iter()
            .map(|s| log_loss(scale * s.base / SCALE, s.won))
            .sum::<f64>()
            / samples.len() as f64
    };
    let best_scale = (1..=300)
        .map(|k| f64::from(k) / 100.0)
        .min_by(|&x, &y| base_only(&train, x).total_cmp(&base_only(&train, y)))
        .unwrap_or(1.0);
    eprintln!(
        "present evaluation alone: loss {:.5} (held out {:.5}); rescaled by {best_scale:.2}: {:.5} (held out {:.5})",
        base_only(&train, 1.0),
        base_only(&held, 1.0),
        base_only(&train, best_scale),
        base_only(&held, best_scale)
    );
    // The present evaluation keeps its best scale: the network learns what it misses and
    // leaves its threat terms their weight against each other.
    model.scale = best_scale;
    let count = model.params.len();
    let mut adam = Adam::new(vec![1e-3; count]);
    let mut order: Vec<(u32, u8)> = (0..train.len() as u32)
        .flat_map(|k| (0..8u8).map(move |s| (k, s)))
        .collect();
    let h = hidden;
    let inputs = model.inputs;
    let out = model.output_offset();
    for epoch in 1..=epochs {
        order.shuffle(&mut rng);
        for batch in order.chunks(BATCH) {
            let mut gradient = vec![0.0; count];
            let weight = 1.0 / batch.len() as f64;
            for &(index, symmetry) in batch {
                let sample = &train[index as usize];
                let map = &maps[symmetry as usize];
                let (logit, sums) = model.logit(sample, map);
                let error = (sigmoid(logit) - sample.won) * weight;
                gradient[out + h] += error;
                for j in 0..h {
                    if sums[j] > 0.0 {
                        gradient[out + j] += error * sums[j];
                        let back = error * model.params[out + j];
                        gradient[inputs * h + j] += back;
                        for &unit in &sample.active {
                            gradient[map[unit as usize] as usize * h + j] += back;
                        }
                    }
                }
            }
            for (g, p) in gradient.iter_mut().zip(&model.params).take(inputs * h) {
                *g += 2.0 * l2 * p;
            }
            adam.step(&mut model.params, &gradient);
        }
        eprintln!(
            "epoch {epoch}: loss {:.5}, held out {:.5}",
            model.loss(&train, identity),
            model.loss(&held, identity)
        );
    }
    print!("{}", model.to_network(size));
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("fit") if args.len() >= 6 => fit(
            args[1].parse().unwrap(),
            &args[2],
            args[3].parse().unwrap(),
            args[4].parse().unwrap(),
            args[5].parse().unwrap(),
            args.get(6).map_or(1e-6, |l2| l2.parse().unwrap()),
        ),
        Some("scale") if args.len() == 3 => {
            let text = std::fs::read_to_string(&args[1]).unwrap();
            let mut network: ValueNet = text.parse().unwrap();
            network.scale_output(args[2].parse().unwrap());
            print!("{network}");
        }
        _ => {
            eprintln!(
                "usage: pousse_net fit SIZE FILE HIDDEN EPOCHS SEED [L2] | scale FILE FACTOR"
            );
            std::process::exit(2);
        }
    }
}
