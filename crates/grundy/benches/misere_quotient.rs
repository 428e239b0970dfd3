//! The outcome of a sum of heaps read from a misère quotient against the exact search of
//! the game: a sum of 1,000 heaps of every size (via Kayles' proved quotient) against the
//! search of one small Kayles sum, `5+7+9`, from nothing known. And the construction of
//! quotients, the two rows timed against the reference solver (docs/benchmarks.md,
//! "Misère quotients against the reference solver"): Kayles to heap 200, and Dawson's chess
//! to heap 28 (the full row, to heap 32, takes seconds a run and is timed by
//! crates/lab/scripts/misere-reference.sh). And the misère theory of a position played
//! through the quotient once it is kept (`grundy::misere_quotient::cache`): Dawson's chess
//! `32+31+30+29`, whose quotient to heap 32 takes seconds to build, read with every move's
//! result, as the engine's `genmove` and the page's move list ask for it again and again.
//!
//! `cargo bench -p grundy --bench misere_quotient`

#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::games::takebreak::HeapRules;
use grundy::misere_play::heap_search::{HeapSearch, HEAP_LIMIT};
use grundy::misere_play::theory::by_theory;
use grundy::misere_quotient::{misere_outcome, misere_quotient, prove_periodicity};
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

fn theory_with_the_kept_quotient(c: &mut Criterion) {
    let game = grundy::registry::find("takebreak")
        .unwrap()
        .start("0.137:32+31+30+29")
        .unwrap();
    // The first question builds the quotient and keeps it; the timed ones read it.
    let first = by_theory(game.as_ref(), &Stop::NEVER).unwrap();
    assert!(first.quotient.is_some());
    let mut group = c.benchmark_group("misere_theory");
    group.bench_function("dawsons_chess_32_31_30_29_kept", |b| {
        b.iter(|| {
            let answer = by_theory(black_box(game.as_ref()), &Stop::NEVER).unwrap();
            assert!(answer.wins);
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    outcome_of_sums,
    construction,
    theory_with_the_kept_quotient
);
criterion_main!(benches);
