//! The outcome of a sum of heaps read from a misère quotient against the exact search of
//! the game: a sum of 1,000 heaps of every size (via Kayles' proved quotient) against the
//! search of one small Kayles sum, `5+7+9`, from nothing known. And the construction of
//! quotients, the two rows timed against the reference solver (docs/benchmarks.md,
//! "Misère quotients against the reference solver"): Kayles to heap 200, and Dawson's chess
//! to heap 28 (the full row, to heap 32, takes seconds a run and is timed by
//! crates/lab/scripts/misere-reference.sh).
//!
//! `cargo bench -p grundy --bench misere_quotient`

#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::games::takebreak::HeapRules;
use grundy::misere::{misere_outcome, misere_quotient, prove_periodicity};
use grundy::misere_play::heap_search::{HeapSearch, HEAP_LIMIT};
use grundy::stop::Stop;

fn outcome_of_sums(c: &mut Criterion) {
    let kayles: HeapRules = "0.77".parse().unwrap();
    let quotient = misere_quotient(&kayles, 200, &mut |_| {}, &Stop::NEVER).unwrap();
    let periodic = prove_periodicity(&quotient).unwrap();
    let heaps: Vec<u64> = (0..1000u64).map(|i| 1 + (i * 7919) % 100_000).collect();
    let mut group = c.benchmark_group("misere_kayles");
    group.bench_function("quotient_1000_heaps", |b| {
        b.iter(|| misere_outcome(&quotient, Some(&periodic), black_box(&heaps)).unwrap())
    });
    group.bench_function("exact_search_5_7_9", |b| {
        b.iter(|| {
            HeapSearch::new(&kayles, HEAP_LIMIT, &Stop::NEVER)
                .outcome(black_box(&[5, 7, 9]))
                .unwrap()
        })
    });
    group.finish();
}

fn construction(c: &mut Criterion) {
    let kayles: HeapRules = "0.77".parse().unwrap();
    let dawson: HeapRules = "0.137".parse().unwrap();
    let mut group = c.benchmark_group("misere_quotient");
    group.sample_size(10);
    group.bench_function("kayles_200", |b| {
        b.iter(|| {
            let quotient = misere_quotient(&kayles, black_box(200), &mut |_| {}, &Stop::NEVER);
            assert_eq!(quotient.unwrap().monoid().order(), 40);
        })
    });
    group.bench_function("dawsons_chess_28", |b| {
        b.iter(|| {
            let quotient = misere_quotient(&dawson, black_box(28), &mut |_| {}, &Stop::NEVER);
            assert_eq!(quotient.unwrap().monoid().order(), 176);
        })
    });
    group.finish();
}

criterion_group!(benches, outcome_of_sums, construction);
criterion_main!(benches);
