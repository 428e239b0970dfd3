//! Fits the evaluation's weights so that the engine's shallow search chooses the moves a
//! strong MCTS player chooses (comparison training, as shogi programs fit theirs to masters'
//! moves), instead of fitting them to game results or to MCTS's win-rate estimates.
//!
//! `record SKIP MIN_FILL MAX_FILL FILE...`: the moves MCTS made in strength records (players
//! whose specification starts with `mcts`), as lines of `diagram move`: positions at least
//! `MIN_FILL` and at most `MAX_FILL` percent full, not in the last `SKIP` plies of a game,
//! where the mover cannot win at once.
//!
//! `label PLAYOUTS PART PARTS MIN_FILL MAX_FILL FILE...`: the same positions where the engine
//! (`perfect`) moved, each labelled with the move MCTS chooses after `PLAYOUTS` playouts;
//! `PART` of `PARTS` (every `PARTS`-th position from the `PART`-th), so that parts run side by
//! side.
//!
//! `fit DEPTH ROUNDS STEPS LAMBDA FILE...`: reads labelled positions and fits every cheap
//! weight. Each round searches every move of every position `DEPTH` plies with the weights
//! so far and keeps the features at the end of the line found (the leaf); then `STEPS` steps
//! of Adam move the weights to raise the probability the softmax of the leaves' scores (one
//! logit per 100 units) gives the labelled move, with `LAMBDA` times the squared distance
//! from the present weights as a penalty. Moves proven lost are left out; positions where
//! the labelled move is proven lost or another is proven won are skipped. One position in
//! ten is held out; the agreement of the search's choice with the label is printed for both
//! parts before and after. Prints `w:<weights>` for `pousse_match`.
//!
//! `fitpat DEPTH ROUNDS STEPS LAMBDA PATTERN_LAMBDA TABLE FILE...`: the same, fitting a
//! line-pattern table (`PatternTable`) with the weights, each value penalised by
//! `PATTERN_LAMBDA` times its square; the table is written to `TABLE` for `pousse_match`'s
//! `+pat:<file>`, and the search of every later round uses it.
//!
//! ```text
//! gunzip -c data/strength/mcts-10x-6.jsonl.gz > target/m6.jsonl
//! cargo run --release -p grundy --example pousse_imitate -- record 12 30 95 target/m6.jsonl > target/teach.txt
//! cargo run --release -p grundy --example pousse_imitate -- fit 2 3 400 0.00001 target/teach.txt
//! ```
#![allow(clippy::unwrap_used)]

use grundy::games::pousse::evaluation::{
    can_win_at_once, features_with, Across, Feature, Weights, FEATURES,
};
use grundy::games::pousse::mcts::{Mcts, MctsLimits};
use grundy::games::pousse::search::{Engine, Limits, Score};
use grundy::games::pousse::{BitBoard, Board, Game, Move, PatternTable, Position, RuleSet, Status};
use rayon::prelude::*;
use std::sync::Arc;

#[path = "support/adam.rs"]
mod adam;
#[path = "support/strength_record.rs"]
mod strength_record;
use adam::Adam;
use strength_record::read_record;

/// Evaluation units per logit.
const SCALE: f64 = 100.0;

/// Features whose cost in node rate a fit cannot weigh: held at their present weights.
const HELD: [Feature; 5] = [
    Feature::Heavy,
    Feature::RunSquare,
    Feature::RunNear,
    Feature::DenseHeavy,
    Feature::Safe,
];

fn fill_percent(position: &Position<BitBoard>) -> u32 {
    let n = position.board.size().get() as u32;
    position.board.markers() * 100 / (n * n)
}

/// The positions where a player whose specification starts with `prefix` moved, within the
/// fill range and not in the last `skip` plies, with the move it made.
fn positions_of(
    prefix: &str,
    skip: usize,
    min_fill: u32,
    max_fill: u32,
    files: &[String],
) -> Vec<(Position<BitBoard>, Move)> {
    let mut chosen = Vec::new();
    for file in files {
        for game in read_record(file) {
            let Some(seat) = game.seat(prefix) else {
                continue;
            };
            let colour = game.colour(seat);
            let last = game.moves.len().saturating_sub(skip);
            for (ply, &mv) in game.moves.iter().enumerate().take(last) {
                let state = &game.states[ply];
                let position = state.position();
                let fill = fill_percent(position);
                if position.to_move != colour
                    || state.status() != Status::Ongoing
                    || fill < min_fill
                    || fill > max_fill
                    || can_win_at_once(&position.board, colour)
                {
                    continue;
                }
                chosen.push((position.clone(), mv));
            }
        }
    }
    chosen
}

fn record(skip: usize, min_fill: u32, max_fill: u32, files: &[String]) {
    let chosen = positions_of("mcts", skip, min_fill, max_fill, files);
    for (position, mv) in &chosen {
        println!("{position} {mv}");
    }
    eprintln!("{} positions", chosen.len());
}

fn label(playouts: u64, part: usize, parts: usize, min_fill: u32, max_fill: u32, files: &[String]) {
    let chosen = positions_of("perfect", 0, min_fill, max_fill, files);
    let mine: Vec<_> = chosen.iter().skip(part).step_by(parts).collect();
    for (index, (position, _)) in mine.iter().enumerate() {
        let game: Game<BitBoard> = Game::from_position(position.clone(), RuleSet::Waterloo);
        let result = Mcts::new(index as u64).search(&game, &MctsLimits::playouts(playouts));
        if let Some(mv) = result.best_move {
            println!("{position} {mv}");
        }
        if index % 50 == 0 {
            eprintln!("part {part}: {index} of {}", mine.len());
        }
    }
}

/// A labelled position read from a file.
struct Labelled {
    position: Position<BitBoard>,
    taught: Move,
}

fn read_labelled(files: &[String]) -> Vec<Labelled> {
    let mut all = Vec::new();
    for file in files {
        for line in std::fs::read_to_string(file).unwrap().lines() {
            let Some((diagram, mv)) = line.rsplit_once(' ') else {
                continue;
            };
            all.push(Labelled {
                position: diagram.parse().unwrap(),
                taught: mv.parse().unwrap(),
            });
        }
    }
    all
}

/// One leaf: its features from the mover's side, and with a pattern table the entries its
/// lines read, each with the sign it counts with for the mover.
struct Leaf {
    features: [f64; FEATURES],
    entries: Vec<(usize, f64)>,
}

/// One position's candidates: the leaf of each move not proven lost, and which one is the
/// labelled move.
struct Choice {
    leaves: Vec<Leaf>,
    taught: usize,
}

/// The model being fitted: the linear weights, then, when fitted too, one value per
/// pattern-table entry, in one vector for Adam.
struct Model {
    params: Vec<f64>,
}

impl Model {
    fn weights(&self) -> &[f64] {
        &self.params[..FEATURES]
    }

    fn patterns(&self) -> &[f64] {
        &self.params[FEATURES..]
    }

    fn score(&self, leaf: &Leaf) -> f64 {
        let linear: f64 = leaf
            .features
            .iter()
            .zip(self.weights())
            .map(|(a, b)| a * b)
            .sum();
        let pattern: f64 = leaf
            .entries
            .iter()
            .map(|&(e, sign)| sign * self.patterns()[e])
            .sum();
        (linear + pattern) / SCALE
    }

    /// The linear weights, rounded as the engine takes them.
    fn rounded_weights(&self) -> Weights {
        Weights {
            values: std::array::from_fn(|i| self.params[i].round() as i32),
        }
    }

    /// The pattern values, rounded, as a table of `blank`'s size.
    fn table(&self, blank: &PatternTable) -> PatternTable {
        let mut table = blank.clone();
        for (entry, value) in self.patterns().iter().enumerate() {
            if value.round() != 0.0 {
                table.set(entry, value.round() as i32);
            }
        }
        table
    }

    /// The linear weights as `pousse_match` reads them.
    fn weights_text(&self) -> String {
        let values: Vec<String> = self
            .rounded_weights()
            .values
            .iter()
            .map(i32::to_string)
            .collect();
        format!("w:{}", values.join(","))
    }

    /// The probability the softmax of the leaves' scores gives each move of `choice`.
    fn probabilities(&self, choice: &Choice) -> Vec<f64> {
        let scores: Vec<f64> = choice.leaves.iter().map(|l| self.score(l)).collect();
        let top = scores.iter().cloned().fold(f64::MIN, f64::max);
        let exps: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
        let sum: f64 = exps.iter().sum();
        exps.iter().map(|e| e / sum).collect()
    }
}

/// Searches every move of `sample` `depth` plies with `weights` and returns the leaf
/// features of each, or `None` when the position says nothing about the weights.
fn choice(
    sample: &Labelled,
    depth: u32,
    weights: &Weights,
    table: Option<&Arc<PatternTable>>,
    engine: &mut Engine,
) -> Option<Choice> {
    engine.weights = *weights;
    engine.patterns = table.cloned();
    let mover = sample.position.to_move;
    let mut leaves = Vec::new();
    let mut taught = None;
    for mv in Move::all(sample.position.board.size().get()) {
        let child = sample.position.after(mv).ok()?;
        let is_taught = mv == sample.taught;
        match child.winner() {
            Some(w) if w == mover => return None,
            Some(_) => {
                if is_taught {
                    return None;
                }
                continue;
            }
            None => {}
        }
        let mut game: Game<BitBoard> = Game::from_position(child, RuleSet::Waterloo);
        engine.clear();
        let result = engine.search(&game, &Limits::depth(depth));
        match result.score {
            // The other side, to move in the child, wins: the move is lost.
            Score::Win(_) => {
                if is_taught {
                    return None;
                }
                continue;
            }
            Score::Loss(_) => return None,
            Score::Eval(_) => {}
        }
        for &reply in &result.pv {
            if game.play(reply).is_err() || game.status() != Status::Ongoing {
                break;
            }
        }
        if game.status() != Status::Ongoing {
            continue;
        }
        let leaf = game.position();
        let found = features_with(leaf, Across::MoverOnly);
        let sign = if leaf.to_move == mover { 1.0 } else { -1.0 };
        let values: [f64; FEATURES] =
            std::array::from_fn(|i| sign * f64::from(found.values[i]) / Feature::ALL[i].divisor());
        let entries = table
            .map(|t| {
                t.entries_of(&leaf.board, leaf.to_move)
                    .map(|e| (e, sign))
                    .collect()
            })
            .unwrap_or_default();
        if is_taught {
            taught = Some(leaves.len());
        }
        leaves.push(Leaf {
            features: values,
            entries,
        });
    }
    let taught = taught?;
    (leaves.len() >= 2).then_some(Choice { leaves, taught })
}

/// The mean negative log-probability of the labelled moves, and the share the model ranks
/// first.
fn measure(choices: &[&Choice], model: &Model) -> (f64, f64) {
    let mut loss = 0.0;
    let mut agreed = 0usize;
    for c in choices {
        let p = model.probabilities(c);
        loss -= p[c.taught].ln();
        if p.iter().all(|&q| q <= p[c.taught]) {
            agreed += 1;
        }
    }
    let n = choices.len().max(1) as f64;
    (loss / n, agreed as f64 / n)
}

/// The fit's settings.
struct FitSettings {
    depth: u32,
    rounds: usize,
    steps: usize,
    lambda: f64,
    /// With pattern values fitted too: their penalty, and where to write the table.
    patterns: Option<(f64, String)>,
}

fn fit(settings: &FitSettings, files: &[String]) {
    let samples = read_labelled(files);
    eprintln!("{} labelled positions", samples.len());
    let size = samples[0].position.board.size().get();
    let start: [f64; FEATURES] = Weights::default().values.map(f64::from);
    let free: Vec<bool> = Feature::ALL.iter().map(|f| !HELD.contains(f)).collect();
    let blank = PatternTable::new(size).unwrap();
    let mut params = start.to_vec();
    if settings.patterns.is_some() {
        params.resize(FEATURES + blank.len(), 0.0);
    }
    let mut model = Model { params };
    let mut adam = Adam::new(vec![0.5; model.params.len()]);
    for round in 0..settings.rounds {
        let weights = model.rounded_weights();
        let table = settings
            .patterns
            .as_ref()
            .map(|_| Arc::new(model.table(&blank)));
        let choices: Vec<Option<Choice>> = samples
            .par_iter()
            .map_init(
                || Engine::new(1 << 14),
                |engine, sample| choice(sample, settings.depth, &weights, table.as_ref(), engine),
            )
            .collect();
        let mut train: Vec<&Choice> = Vec::new();
        let mut held: Vec<&Choice> = Vec::new();
        for (index, found) in choices.iter().enumerate() {
            if let Some(c) = found {
                if index % 10 == 0 {
                    held.push(c);
                } else {
                    train.push(c);
                }
            }
        }
        let report = |when: &str, model: &Model| {
            let (tl, ta) = measure(&train, model);
            let (hl, ha) = measure(&held, model);
            eprintln!(
                "round {round} {when}: {} + {} positions, train loss {tl:.4} agreement {:.1}%, held out {hl:.4} {:.1}%",
                train.len(),
                held.len(),
                ta * 100.0,
                ha * 100.0
            );
        };
        report("before", &model);
        for _ in 0..settings.steps {
            let mut gradient = vec![0.0; model.params.len()];
            for c in &train {
                let probabilities = model.probabilities(c);
                for (k, leaf) in c.leaves.iter().enumerate() {
                    let p = probabilities[k] - if k == c.taught { 1.0 } else { 0.0 };
                    for (g, v) in gradient.iter_mut().zip(&leaf.features) {
                        *g += p * v / SCALE;
                    }
                    for &(entry, sign) in &leaf.entries {
                        gradient[FEATURES + entry] += p * sign / SCALE;
                    }
                }
            }
            let n = train.len() as f64;
            for i in 0..FEATURES {
                gradient[i] = if free[i] {
                    gradient[i] / n + 2.0 * settings.lambda * (model.params[i] - start[i])
                } else {
                    0.0
                };
            }
            if let Some((penalty, _)) = &settings.patterns {
                for (g, v) in gradient[FEATURES..].iter_mut().zip(model.patterns()) {
                    *g = *g / n + 2.0 * penalty * v;
                }
            }
            adam.step(&mut model.params, &gradient);
        }
        report("after", &model);
        eprintln!("{}", model.weights_text());
    }
    if let Some((_, path)) = &settings.patterns {
        std::fs::write(path, model.table(&blank).to_string()).unwrap();
        eprintln!("pattern table written to {path}");
    }
    for (feature, weight) in Feature::ALL.iter().zip(model.weights()) {
        println!("{:<20} {weight:>9.1}", feature.name());
    }
    println!("{}", model.weights_text());
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| -> u64 { args[i].parse().unwrap() };
    match args.first().map(String::as_str) {
        Some("record") => record(
            number(1) as usize,
            number(2) as u32,
            number(3) as u32,
            &args[4..],
        ),
        Some("label") => label(
            number(1),
            number(2) as usize,
            number(3) as usize,
            number(4) as u32,
            number(5) as u32,
            &args[6..],
        ),
        Some(mode @ ("fit" | "fitpat")) => {
            let with_patterns = mode == "fitpat";
            let settings = FitSettings {
                depth: number(1) as u32,
                rounds: number(2) as usize,
                steps: number(3) as usize,
                lambda: args[4].parse().unwrap(),
                patterns: with_patterns.then(|| (args[5].parse().unwrap(), args[6].clone())),
            };
            fit(&settings, &args[if with_patterns { 7 } else { 5 }..]);
        }
        _ => eprintln!(
            "usage: pousse_imitate record SKIP MIN_FILL MAX_FILL FILE... | \
             label PLAYOUTS PART PARTS MIN_FILL MAX_FILL FILE... | \
             fit DEPTH ROUNDS STEPS LAMBDA FILE... | \
             fitpat DEPTH ROUNDS STEPS LAMBDA PATTERN_LAMBDA TABLE_OUT FILE..."
        ),
    }
}
