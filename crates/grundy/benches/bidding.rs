//! Building the bidding tables, and the generic solver as a baseline.
//!
//! `cargo bench -p grundy --bench bidding` runs everything; besides criterion's timings it
//! prints the tables' memory and, measured in the same run, the solver/table ratio and the
//! full table/outcome table ratio at n = 10^6.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion};
use grundy::games::bidding::{Bidding, BiddingGame, BiddingOutcomes, BiddingTable};
use grundy::impartial::Solver;

/// The n at which the generic solver is compared with the table.
const BASELINE_N: u64 = 2000;

fn build(n: u64) -> BiddingTable {
    match BiddingTable::new(n) {
        Ok(table) => table,
        Err(error) => panic!("cannot build the table: {error}"),
    }
}

fn outcomes(n: u64) -> BiddingOutcomes {
    match BiddingOutcomes::new(n) {
        Ok(table) => table,
        Err(error) => panic!("cannot build the outcome table: {error}"),
    }
}

fn start(n: u64) -> Bidding {
    match Bidding::start(n) {
        Ok(position) => position,
        Err(error) => panic!("bad n: {error}"),
    }
}

/// The generic solver's work for the same answers the table gives: the remoteness and the
/// Grundy value of every stake-1 position up to n.
fn solve_generic(n: u64) -> u64 {
    let mut solver = Solver::new(BiddingGame);
    let position = start(n);
    solver.remoteness(&position) + solver.grundy_value(&position)
}

fn best_of(runs: usize, mut work: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let begun = Instant::now();
            work();
            begun.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn baseline(c: &mut Criterion) {
    let mut group = c.benchmark_group("bidding baseline");
    group.sample_size(10);
    group.bench_with_input(
        BenchmarkId::new("generic solver", BASELINE_N),
        &BASELINE_N,
        |b, &n| b.iter(|| solve_generic(black_box(n))),
    );
    group.bench_with_input(
        BenchmarkId::new("table", BASELINE_N),
        &BASELINE_N,
        |b, &n| b.iter(|| build(black_box(n))),
    );
    group.finish();
    let solver = best_of(5, || {
        black_box(solve_generic(BASELINE_N));
    });
    let table = best_of(5, || {
        black_box(build(BASELINE_N));
    });
    println!(
        "bidding n = {BASELINE_N}: generic solver {solver:?}, table {table:?}, ratio {:.0}x",
        solver.as_secs_f64() / table.as_secs_f64()
    );
}

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("bidding table");
    group.bench_function("build n = 30000", |b| b.iter(|| build(black_box(30_000))));
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(1));
    group.measurement_time(Duration::from_secs(1));
    group.bench_function("build n = 1000000", |b| {
        b.iter(|| build(black_box(1_000_000)))
    });
    group.finish();
    for n in [30_000, 1_000_000] {
        let table = build(n);
        println!(
            "bidding table n = {n}: {} bytes ({:.1} MB)",
            table.memory_bytes(),
            table.memory_bytes() as f64 / 1e6
        );
    }
}

/// The outcome table (who wins, one bit per stone) at 10^6, 10^7 and 10^8.
fn outcome_tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("bidding outcomes");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(1));
    group.measurement_time(Duration::from_secs(1));
    for n in [1_000_000u64, 10_000_000, 100_000_000] {
        group.bench_with_input(BenchmarkId::new("build", n), &n, |b, &n| {
            b.iter(|| outcomes(black_box(n)))
        });
    }
    group.finish();
    for n in [1_000_000, 10_000_000, 100_000_000] {
        let table = outcomes(n);
        println!(
            "bidding outcomes n = {n}: {} bytes ({:.1} MB)",
            table.memory_bytes(),
            table.memory_bytes() as f64 / 1e6
        );
    }
    let n = 1_000_000;
    let full = best_of(3, || {
        black_box(build(n));
    });
    let fast = best_of(3, || {
        black_box(outcomes(n));
    });
    println!(
        "bidding n = {n}: full table {full:?}, outcome table {fast:?}, ratio {:.0}x",
        full.as_secs_f64() / fast.as_secs_f64()
    );
}

fn run() {
    let mut criterion = Criterion::default().configure_from_args();
    baseline(&mut criterion);
    tables(&mut criterion);
    outcome_tables(&mut criterion);
    criterion.final_summary();
}

fn main() {
    // The generic solver recurses as deep as the longest game; give it room.
    let worker = std::thread::Builder::new().stack_size(1 << 30).spawn(run);
    match worker.map(|handle| handle.join()) {
        Ok(Ok(())) => {}
        _ => panic!("the benchmark thread failed"),
    }
}
