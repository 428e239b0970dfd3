//! Cram: the evaluator (regions valued apart, each cropped and reduced under the eight
//! symmetries, even rectangles valued 0 at once) against the plain recursion (the whole
//! board as the memo key), on the largest boards the plain recursion values quickly.
//!
//! `cargo bench -p grundy --bench cram`

#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::games::cram::{Cram, PlainCram};
use grundy::impartial::searched::evaluator;
use grundy::impartial::Solver;

fn boards() -> [(&'static str, Cram); 3] {
    [
        ("5x3", "5x3".parse().unwrap()),
        ("6x3", "6x3".parse().unwrap()),
        (
            "5x4 less a corner",
            "..../..../..../..../...#".parse().unwrap(),
        ),
    ]
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("cram");
    group.sample_size(10);
    for (name, board) in boards() {
        group.bench_function(format!("evaluator {name}"), |b| {
            b.iter(|| evaluator::<Cram>().grundy_value(black_box(&board)))
        });
        group.bench_function(format!("plain {name}"), |b| {
            b.iter(|| Solver::new(PlainCram).grundy_value(black_box(&board)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
