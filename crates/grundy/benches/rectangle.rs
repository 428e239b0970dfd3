//! Benchmarks of the rectangle game: the closed-form solver on sides near 10^18 against the
//! exact remoteness table on 64×64, and whole games from the contest's biggest position.

use std::hint::black_box;

use criterion::Criterion;
use grundy::games::rectangle::remoteness::{perfect_move, play_out, Opponent, RemotenessTable};
use grundy::games::rectangle::{solve, Rectangle};

/// Value, outcome, every winning move and the chosen move of one position.
fn solve_fully(position: &Rectangle) -> usize {
    let value = solve::grundy_value(position);
    let moves = solve::winning_moves(position);
    let chosen = perfect_move(position);
    (value as usize) ^ moves.len() ^ usize::from(chosen.is_some())
}

fn closed_form(c: &mut Criterion) {
    let big = Rectangle::new(1_000_000_000_000_000_000, 999_999_999_999_999_999)
        .unwrap_or_else(|error| panic!("{error}"));
    let lost = Rectangle::new(999_999_999_999_999_999, 999_999_999_999_999_999)
        .unwrap_or_else(|error| panic!("{error}"));
    // Warm the small table once so that it is not measured.
    let _ = perfect_move(&Rectangle::new(4, 3).unwrap_or_else(|error| panic!("{error}")));
    c.bench_function("rectangle/solve 10^18 x (10^18-1) (won)", |b| {
        b.iter(|| solve_fully(black_box(&big)))
    });
    c.bench_function("rectangle/solve (10^18-1)^2 (lost, stubborn move)", |b| {
        b.iter(|| solve_fully(black_box(&lost)))
    });
    let contest = Rectangle::new(100_000_000, 99_999_998).unwrap_or_else(|error| panic!("{error}"));
    c.bench_function("rectangle/winner's move alone on 100000000x99999998", |b| {
        b.iter(|| perfect_move(black_box(&contest)))
    });
    c.bench_function("rectangle/exact remoteness table 64x64", |b| {
        b.iter(|| {
            RemotenessTable::build(black_box(64), black_box(64), u64::MAX).map(|t| t.get(&big))
        })
    });
}

fn play_outs(c: &mut Criterion) {
    let start = Rectangle::new(100_000_000, 99_999_999).unwrap_or_else(|error| panic!("{error}"));
    let mut group = c.benchmark_group("rectangle/play-out 100000000x99999999");
    group.sample_size(10);
    group.bench_function("against shave-one", |b| {
        b.iter(|| {
            play_out(
                black_box(start),
                perfect_move,
                |p| Opponent::ShaveOne.choose(p),
                u64::MAX,
            )
        })
    });
    group.bench_function("against stubborn", |b| {
        b.iter(|| {
            play_out(
                black_box(start),
                perfect_move,
                |p| Opponent::Stubborn.choose(p),
                u64::MAX,
            )
        })
    });
    group.finish();
}

/// Runs every rectangle benchmark (criterion's command-line filters apply).
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    closed_form(&mut criterion);
    play_outs(&mut criterion);
    criterion.final_summary();
}
