//! Partizan subtraction: the evaluator (each heap a component, valued once through the
//! cache) against the plain recursion of the same rules (no components, no cache), from an
//! empty store each time, in the same run, on the served cap: heaps totalling 20 under
//! `1,3|2,3` (the sets whose canonical forms grow fastest of those measured) as one heap
//! of 20, and a sum of two heaps of 5 (the plain recursion values every follower of a sum
//! once per order of the moves: on two heaps of 10 one iteration ran past 100 s, so it is
//! held to smaller sums); then the evaluator alone on two heaps of 10 (the served cap), a
//! heap of 10 000 under `1|2` (whose values repeat) and the job cap under `1,3|2,3`.
//!
//! `cargo bench -p grundy --bench psub -- --warm-up-time 1 --measurement-time 3`

#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::cgt::{plain_value, Evaluator, ValueStore};
use grundy::games::psub::PartizanSubtraction;

fn values(c: &mut Criterion) {
    for text in ["1,3|2,3:20", "1,3|2,3:5+5"] {
        let position: PartizanSubtraction = text.parse().unwrap();
        let mut group = c.benchmark_group(format!("psub/{text}"));
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
    for text in ["1,3|2,3:10+10", "1|2:10000", "1,3|2,3:15+15"] {
        let position: PartizanSubtraction = text.parse().unwrap();
        let mut group = c.benchmark_group(format!("psub/{text}"));
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
