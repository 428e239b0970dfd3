//! Col: the evaluator (components of the uncoloured vertices valued apart, each under a
//! normal form of its graph, through a cache) against the plain recursion (every option
//! valued, no components, no cache), on the largest boards the plain recursion values
//! quickly: the 3 × 3 grid and the path of 9 vertices.
//!
//! `cargo bench -p grundy --bench col -- --warm-up-time 1 --measurement-time 3`

#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::cgt::{plain_value, Evaluator, ValueStore};
use grundy::games::col::Col;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("col");
    group.sample_size(10);
    for (name, text) in [
        ("grid 3x3", "3x3"),
        ("path 9", "0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8"),
    ] {
        let board: Col = text.parse().unwrap();
        group.bench_function(format!("evaluator {name}"), |b| {
            b.iter(|| {
                let mut store = ValueStore::new();
                black_box(Evaluator::new().value(&mut store, black_box(&board)))
            })
        });
        group.bench_function(format!("plain {name}"), |b| {
            b.iter(|| {
                let mut store = ValueStore::new();
                black_box(plain_value(&mut store, black_box(&board)))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
