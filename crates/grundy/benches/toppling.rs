//! Toppling Dominoes: the evaluator (rows as components, mirror images, cache) against the
//! plain recursion of the same rules (no components, no cache), from an empty store each
//! time, on a row of eight dominoes of every colour and a sum of two rows of four (the
//! plain recursion values every follower as often as it is reached, so it is held to those);
//! then the evaluator alone on the served cap, 24 dominoes, as one row and as three rows.
//!
//! `cargo bench -p grundy --bench toppling -- --warm-up-time 1 --measurement-time 3`

#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::cgt::{plain_value, Evaluator, ValueStore};
use grundy::games::toppling::Toppling;

fn values(c: &mut Criterion) {
    for text in ["LRGLLRGR", "LRGL.RLGG"] {
        let position: Toppling = text.parse().unwrap();
        let mut group = c.benchmark_group(format!("toppling/{text}"));
        group.sample_size(10);
        group.bench_function("evaluator", |b| {
            b.iter(|| {
                let mut store = ValueStore::new();
                black_box(Evaluator::new().value(&mut store, black_box(&position)))
            })
        });
        group.bench_function("plain", |b| {
            b.iter(|| {
                let mut store = ValueStore::new();
                black_box(plain_value(&mut store, black_box(&position)))
            })
        });
        group.finish();
    }
    for text in ["LRGLLRGRRLGGLRLRGRLLGRRL", "LRGLLRGR.RLGGLRLR.GRLLGRRL"] {
        let position: Toppling = text.parse().unwrap();
        let mut group = c.benchmark_group(format!("toppling/{text}"));
        group.sample_size(10);
        group.bench_function("evaluator", |b| {
            b.iter(|| {
                let mut store = ValueStore::new();
                black_box(Evaluator::new().value(&mut store, black_box(&position)))
            })
        });
        group.finish();
    }
}

criterion_group!(benches, values);
criterion_main!(benches);
