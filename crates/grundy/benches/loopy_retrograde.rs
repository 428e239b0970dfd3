//! The loopy engine's retrograde analysis of an explicit graph of 10^6 positions against
//! a tight C program of the same algorithm on the same graph (`benches/c/loopy_retrograde.c`,
//! compiled here with `cc -O2`), in the same run; then, for the record, the labelling of the
//! values of the same graph and the exploration of a game's positions (Wind-Up on a cycle of
//! 10^6 cells) with grundy alone. Throughput is in positions per second (criterion's
//! "elements").
//!
//! The graph: for position `u`, `r = next()`; it has no move when `r % 20 == 0`, else
//! `1 + (r / 20) % 3` moves (1.9 on average), each to position `next() % n`, with `next()`
//! the splitmix64 sequence from a fixed seed; so it has cycles of every length, and about
//! 40 % of the positions are won, 25 % lost and 35 % drawn (fewer positions without a move
//! would make nearly all draws, more nearly none). Both programs generate
//! it; before anything is timed the C's results are checked against grundy's (a hash of
//! every position's remoteness or draw mark, and the counts of wins, losses and draws).
//!
//! `cargo bench -p grundy --bench loopy_retrograde`

#![allow(missing_docs, clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use bench_support::{run_c_line, Fnv, SplitMix64};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use grundy::loopy::graph::Graph;
use grundy::loopy::labelling::label;
use grundy::loopy::retrograde::{solve, Play};
use grundy::loopy::{Bounds, Explored, Rules, RulesFailed};

const POSITIONS: u32 = 1_000_000;
const SEED: u64 = 2024;
const ONE_IN: u64 = 20;
const MAX_MOVES: u64 = 3;

/// The bench's graph (see the module documentation).
fn random_graph(positions: u32, seed: u64, one_in: u64, max_moves: u64) -> Graph {
    let mut random = SplitMix64(seed);
    let mut offsets = Vec::with_capacity(positions as usize + 1);
    let mut targets = Vec::new();
    offsets.push(0u32);
    for _ in 0..positions {
        let r = random.next();
        let moves = if r % one_in == 0 {
            0
        } else {
            1 + (r / one_in) % max_moves
        };
        for _ in 0..moves {
            targets.push((random.next() % u64::from(positions)) as u32);
        }
        offsets.push(targets.len() as u32);
    }
    Graph::from_csr(offsets, targets).unwrap()
}

/// Compiles the C program into the target directory and returns its path.
fn build_c() -> PathBuf {
    bench_support::build_c(
        env!("CARGO_MANIFEST_DIR"),
        "benches/c/loopy_retrograde.c",
        env!("CARGO_TARGET_TMPDIR"),
        "loopy_retrograde_c",
        &[],
    )
}

/// The C program's line for `reps` runs: the hash, the counts of wins, losses and draws,
/// and the wall-clock time of all runs.
fn run_c(program: &Path, reps: u64) -> (String, [usize; 3], Duration) {
    let line = run_c_line(
        program,
        &[
            &POSITIONS.to_string(),
            &SEED.to_string(),
            &ONE_IN.to_string(),
            &MAX_MOVES.to_string(),
            &reps.to_string(),
        ],
    );
    let fields: Vec<&str> = line.split(' ').collect();
    let count = |at: usize| fields[at].parse::<usize>().unwrap();
    (
        fields[0].to_string(),
        [count(1), count(2), count(3)],
        Duration::from_nanos(fields[4].parse().unwrap()),
    )
}

fn retrograde(c: &mut Criterion) {
    let program = build_c();
    let graph = random_graph(POSITIONS, SEED, ONE_IN, MAX_MOVES);
    let solution = solve(&graph, Play::Normal, &mut Bounds::none()).unwrap();
    let (hash, counts, _) = run_c(&program, 1);
    let (wins, losses, draws) = solution.counts();
    assert_eq!(hash, Fnv::of(solution.results()), "the C's results");
    assert_eq!(counts, [wins, losses, draws], "the C's counts");
    eprintln!(
        "graph: {} positions, {} moves; {wins} won, {losses} lost, {draws} drawn",
        graph.positions(),
        graph.moves()
    );
    let mut group = c.benchmark_group("loopy_retrograde");
    group.sample_size(10);
    group.throughput(Throughput::Elements(u64::from(POSITIONS)));
    group.bench_function("c/random_1e6", |b| {
        b.iter_custom(|iters| run_c(&program, iters).2)
    });
    group.bench_function("grundy/random_1e6", |b| {
        b.iter(|| black_box(solve(black_box(&graph), Play::Normal, &mut Bounds::none()).unwrap()))
    });
    group.bench_function("grundy_labelling/random_1e6", |b| {
        b.iter(|| black_box(label(black_box(&graph), &mut Bounds::none()).unwrap()))
    });
    group.finish();
}

/// Wind-Up on a cycle of `cells` cells with the subtraction set {1, 2, 4}; cell 0 ends the
/// game.
struct WindUp {
    cells: u32,
}

impl Rules for WindUp {
    type State = u32;

    fn moves(&self, cell: &u32, into: &mut Vec<u32>) -> Result<(), RulesFailed> {
        if *cell != 0 {
            for take in [1, 2, 4] {
                into.push((cell + self.cells - take) % self.cells);
            }
        }
        Ok(())
    }
}

fn exploration(c: &mut Criterion) {
    let game = WindUp { cells: POSITIONS };
    let mut group = c.benchmark_group("loopy_explore");
    group.sample_size(10);
    group.throughput(Throughput::Elements(u64::from(POSITIONS)));
    group.bench_function("grundy/wind_up_1e6", |b| {
        b.iter(|| {
            let explored =
                Explored::explore(&game, black_box(POSITIONS - 1), &mut Bounds::none()).unwrap();
            black_box(explored.positions())
        })
    });
    group.finish();
}

criterion_group!(benches, retrograde, exploration);
criterion_main!(benches);
