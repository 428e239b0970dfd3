//! The plain mex loop of take-and-break games against a plain C program of the same loop
//! (`benches/c/takebreak_plain.c`, compiled here with `cc -O2` into the target directory),
//! on 10^5 heaps of Grundy's game and of the octal game 0.161; and the sparse-space method
//! on the same lengths. Before measuring, the C's values are checked against grundy's (a
//! hash of every value).
//!
//! Wall-clock medians wander on a shared machine; with `TAKEBREAK_BENCH_CPU=5` the bench
//! also times five alternating runs of grundy's plain loop and the C by CPU time (this
//! process's own time for grundy, its waited-for children's for the C, from
//! `/proc/self/stat`) and prints each run and the ratio of the sums.
//!
//! Then `grundy sequence 0.137 --to 100000` as the command computes it (the auto method,
//! which copies the period once the periodicity theorem proves it) against the same C loop
//! computing all 10^5 values, and against grundy's previous default for this game (the
//! sparse method on one core, every value computed) and its plain loop. Last, the sparse
//! method on every core against the same method on one core, Grundy's game to 2^20.
//!
//! `cargo bench -p grundy --bench takebreak`

#![allow(missing_docs, clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use bench_support::{cpu_times, run_c_line, Fnv};
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::games::takebreak::compute::{compute, Method};
use grundy::games::takebreak::sequence::plain_values;
use grundy::games::takebreak::sparse::{sparse_values, sparse_values_one_core};
use grundy::games::takebreak::HeapRules;
use grundy::stop::Stop;

/// Heaps computed by every program.
const LENGTH: usize = 100_000;

/// Compiles the C program into the target directory and returns its path.
fn build_c() -> PathBuf {
    bench_support::build_c(
        env!("CARGO_MANIFEST_DIR"),
        "benches/c/takebreak_plain.c",
        env!("CARGO_TARGET_TMPDIR"),
        "takebreak_plain_c",
        &[],
    )
}

/// Runs the C program and returns the hash it prints.
fn run_c(program: &Path, code: &str, length: usize) -> String {
    run_c_line(program, &[code, &length.to_string()])
}

/// `runs` alternating runs of grundy's plain loop and the C, by CPU time.
fn cpu_runs(program: &Path, code: &str, rules: &HeapRules, runs: usize) {
    let mut totals = [0.0f64; 2];
    for run in 1..=runs {
        let before = cpu_times();
        black_box(plain_values(rules, LENGTH, &mut |_, _| {}, &Stop::NEVER).unwrap());
        let middle = cpu_times();
        black_box(run_c(program, code, LENGTH));
        let after = cpu_times();
        let (Some(before), Some(middle), Some(after)) = (before, middle, after) else {
            println!("no /proc/self/stat: CPU times unavailable");
            return;
        };
        let ours = (middle.0 - before.0).as_secs_f64();
        let theirs = (after.1 - middle.1).as_secs_f64();
        totals[0] += ours;
        totals[1] += theirs;
        println!("{code} run {run}: grundy {ours:.2} s CPU, C {theirs:.2} s CPU");
    }
    println!(
        "{code}: grundy {:.2} s, C {:.2} s CPU in all; grundy / C = {:.3}",
        totals[0],
        totals[1],
        totals[0] / totals[1]
    );
}

fn plain_against_c(c: &mut Criterion) {
    let program = build_c();
    for code in ["grundy", "0.161"] {
        let rules: HeapRules = code.parse().unwrap();
        let ours = plain_values(&rules, LENGTH, &mut |_, _| {}, &Stop::NEVER).unwrap();
        assert_eq!(Fnv::of(&ours), run_c(&program, code, LENGTH), "{code}");
        let (sparse, _) = sparse_values(&rules, LENGTH, &mut |_, _| {}, &Stop::NEVER).unwrap();
        assert_eq!(sparse, ours, "{code}");

        let mut group = c.benchmark_group(format!("takebreak plain {code} {LENGTH}"));
        group.sample_size(10);
        group.bench_function("grundy", |b| {
            b.iter(|| {
                plain_values(black_box(&rules), LENGTH, &mut |_, _| {}, &Stop::NEVER).unwrap()
            })
        });
        group.bench_function("c", |b| b.iter(|| run_c(&program, code, LENGTH)));
        group.bench_function("grundy sparse", |b| {
            b.iter(|| {
                sparse_values(black_box(&rules), LENGTH, &mut |_, _| {}, &Stop::NEVER).unwrap()
            })
        });
        group.finish();
        if let Some(runs) = std::env::var("TAKEBREAK_BENCH_CPU")
            .ok()
            .and_then(|runs| runs.parse::<usize>().ok())
        {
            cpu_runs(&program, code, &rules, runs);
        }
    }
}

/// `grundy sequence 0.137 --to 100000`: 100 001 values.
const TO_100000: usize = LENGTH + 1;

fn period_against_c(c: &mut Criterion) {
    let program = build_c();
    let rules: HeapRules = "0.137".parse().unwrap();
    let computed = compute(
        &rules,
        TO_100000,
        Method::Auto,
        &mut |_, _| {},
        &Stop::NEVER,
    )
    .unwrap();
    let every = plain_values(&rules, TO_100000, &mut |_, _| {}, &Stop::NEVER).unwrap();
    assert_eq!(computed.values, every);
    assert!(computed.period.is_some());
    assert_eq!(Fnv::of(&every[..LENGTH]), run_c(&program, "0.137", LENGTH));

    let mut group = c.benchmark_group("takebreak 0.137 to 100000");
    group.sample_size(10);
    group.bench_function("grundy auto (period copied)", |b| {
        b.iter(|| {
            compute(
                black_box(&rules),
                TO_100000,
                Method::Auto,
                &mut |_, _| {},
                &Stop::NEVER,
            )
            .unwrap()
        })
    });
    group.bench_function("c plain", |b| b.iter(|| run_c(&program, "0.137", LENGTH)));
    group.bench_function("grundy previous auto (sparse, one core)", |b| {
        b.iter(|| {
            sparse_values_one_core(black_box(&rules), TO_100000, &mut |_, _| {}, &Stop::NEVER)
                .unwrap()
        })
    });
    group.bench_function("grundy plain", |b| {
        b.iter(|| plain_values(black_box(&rules), TO_100000, &mut |_, _| {}, &Stop::NEVER).unwrap())
    });
    group.finish();
}

fn every_core(c: &mut Criterion) {
    const HEAPS: usize = 1 << 20;
    let rules = HeapRules::Grundy;
    let (one, _) = sparse_values_one_core(&rules, HEAPS, &mut |_, _| {}, &Stop::NEVER).unwrap();
    let (all, _) = sparse_values(&rules, HEAPS, &mut |_, _| {}, &Stop::NEVER).unwrap();
    assert_eq!(one, all);
    let mut group = c.benchmark_group("takebreak sparse grundy 2^20");
    group.sample_size(10);
    group.bench_function("every core", |b| {
        b.iter(|| sparse_values(black_box(&rules), HEAPS, &mut |_, _| {}, &Stop::NEVER).unwrap())
    });
    group.bench_function("one core", |b| {
        b.iter(|| {
            sparse_values_one_core(black_box(&rules), HEAPS, &mut |_, _| {}, &Stop::NEVER).unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, plain_against_c, period_against_c, every_core);
criterion_main!(benches);
