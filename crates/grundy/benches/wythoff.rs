//! Benchmarks of Wythoff's game: the value table against the generic memoised solver (the
//! plain recursion over the rules) on the largest quick board, the table at its limit, and
//! the closed form on a queen near 10^30.

use std::hint::black_box;

use criterion::Criterion;
use grundy::games::wythoff::solve::{outcome, winning_moves, ValueTable};
use grundy::games::wythoff::{Wythoff, WythoffGame};
use grundy::impartial::Solver;

fn values(c: &mut Criterion) {
    let mut group = c.benchmark_group("wythoff/every queen up to 60,60");
    group.sample_size(10);
    group.bench_function("value table", |b| {
        b.iter(|| ValueTable::new(black_box(60), black_box(60)).get((60, 60)))
    });
    group.bench_function("generic solver", |b| {
        b.iter(|| Solver::new(WythoffGame).grundy_value(&vec![black_box((60u128, 60u128))]))
    });
    group.finish();
    let mut group = c.benchmark_group("wythoff/table at the limit");
    group.sample_size(10);
    group.bench_function("value table 2000,2000", |b| {
        b.iter(|| ValueTable::new(black_box(2000), black_box(2000)).get((2000, 2000)))
    });
    group.finish();
    let huge: Wythoff = "1618033988749894848204586834366,2618033988749894848204586834365"
        .parse()
        .unwrap_or_else(|error| panic!("{error}"));
    c.bench_function(
        "wythoff/closed form near 10^30 (outcome and winning moves)",
        |b| b.iter(|| (outcome(black_box(&huge)), winning_moves(black_box(&huge)))),
    );
}

/// Runs every Wythoff benchmark (criterion's command-line filters apply).
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    values(&mut criterion);
    criterion.final_summary();
}
