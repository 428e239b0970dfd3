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
//! `cargo bench -p grundy --bench takebreak`

#![allow(missing_docs, clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use bench_support::{cpu_times, run_c_line, Fnv};
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::games::takebreak::sequence::plain_values;
use grundy::games::takebreak::sparse::sparse_values;
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

criterion_group!(benches, plain_against_c);
criterion_main!(benches);
