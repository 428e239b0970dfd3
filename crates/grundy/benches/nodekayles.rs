//! Node Kayles: the evaluator (components valued apart, each under a relabelling of its
//! vertices) against the plain recursion (the whole graph as the memo key), on the largest
//! boards the plain recursion values quickly: the 4×4 grid and the path of 24 vertices.
//!
//! `cargo bench -p grundy --bench nodekayles`

#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::games::nodekayles::{NodeKayles, PlainNodeKayles};
use grundy::graph::Graph;
use grundy::impartial::searched::evaluator;
use grundy::impartial::Solver;

fn boards() -> [(&'static str, NodeKayles); 2] {
    [
        ("grid 4x4", NodeKayles::new(Graph::grid(4, 4).unwrap())),
        ("path 24", NodeKayles::new(Graph::path(24).unwrap())),
    ]
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("nodekayles");
    group.sample_size(10);
    for (name, board) in boards() {
        group.bench_function(format!("evaluator {name}"), |b| {
            b.iter(|| evaluator::<NodeKayles>().grundy_value(black_box(&board)))
        });
        group.bench_function(format!("plain {name}"), |b| {
            b.iter(|| Solver::new(PlainNodeKayles).grundy_value(black_box(&board)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
