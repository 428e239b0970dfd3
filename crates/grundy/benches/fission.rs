//! Fission: the evaluator (regions valued apart, reflections, negatives, a cache) against
//! the plain recursion (`cgt::plain_value`: the whole board, no components, no cache) on
//! the largest boards the plain recursion values quickly.
//!
//! `cargo bench -p grundy --bench fission`

#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::cgt::{plain_value, Evaluator, ValueStore};
use grundy::games::fission::Fission;

fn boards() -> [(&'static str, Fission); 2] {
    [
        ("4x4 cgt-tools", ".x.x/..x./..../..x.".parse().unwrap()),
        ("5x4 two stones", "...../.x.../...x./.....".parse().unwrap()),
    ]
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("fission");
    group.sample_size(10);
    for (name, board) in boards() {
        group.bench_function(format!("evaluator {name}"), |b| {
            b.iter(|| {
                let mut store = ValueStore::new();
                Evaluator::new().value(&mut store, black_box(&board))
            })
        });
        group.bench_function(format!("plain {name}"), |b| {
            b.iter(|| {
                let mut store = ValueStore::new();
                plain_value(&mut store, black_box(&board))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
