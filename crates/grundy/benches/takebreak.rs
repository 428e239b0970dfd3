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
use std::process::Command;
use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::games::takebreak::sequence::plain_values;
use grundy::games::takebreak::sparse::sparse_values;
use grundy::games::takebreak::HeapRules;

/// Heaps computed by every program.
const LENGTH: usize = 100_000;

/// Compiles the C program into the target directory and returns its path.
fn build_c() -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/c/takebreak_plain.c");
    let binary = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("takebreak_plain_c");
    let status = Command::new("cc")
        .arg("-O2")
        .arg("-o")
        .arg(&binary)
        .arg(&source)
        .status()
        .expect("cc runs");
    assert!(status.success(), "cc failed on {}", source.display());
    binary
}

/// Runs the C program and returns the hash it prints.
fn run_c(program: &Path, code: &str, length: usize) -> String {
    let output = Command::new(program)
        .arg(code)
        .arg(length.to_string())
        .output()
        .unwrap();
    assert!(output.status.success(), "{} failed", program.display());
    String::from_utf8(output.stdout).unwrap().trim().to_string()
}

/// FNV-1a 64 over the values, each as four little-endian bytes (as the C prints it).
fn hash_of(values: &[u32]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for value in values {
        for byte in value.to_le_bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// The CPU time of this process and of its waited-for children, from `/proc/self/stat`
/// (Linux; `None` elsewhere).
fn cpu_times() -> Option<(Duration, Duration)> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which ends at the last ')'.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |at: usize| fields.get(at)?.parse::<u64>().ok();
    // utime, stime, cutime, cstime are fields 14 to 17 (11 to 14 after the name).
    let own = ticks(11)? + ticks(12)?;
    let children = ticks(13)? + ticks(14)?;
    let tick = |count: u64| Duration::from_millis(count * 10);
    Some((tick(own), tick(children)))
}

/// `runs` alternating runs of grundy's plain loop and the C, by CPU time.
fn cpu_runs(program: &Path, code: &str, rules: &HeapRules, runs: usize) {
    let mut totals = [0.0f64; 2];
    for run in 1..=runs {
        let before = cpu_times();
        black_box(plain_values(rules, LENGTH, &mut |_, _| {}).unwrap());
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
        let ours = plain_values(&rules, LENGTH, &mut |_, _| {}).unwrap();
        assert_eq!(hash_of(&ours), run_c(&program, code, LENGTH), "{code}");
        let (sparse, _) = sparse_values(&rules, LENGTH, &mut |_, _| {}).unwrap();
        assert_eq!(sparse, ours, "{code}");

        let mut group = c.benchmark_group(format!("takebreak plain {code} {LENGTH}"));
        group.sample_size(10);
        group.bench_function("grundy", |b| {
            b.iter(|| plain_values(black_box(&rules), LENGTH, &mut |_, _| {}).unwrap())
        });
        group.bench_function("c", |b| b.iter(|| run_c(&program, code, LENGTH)));
        group.bench_function("grundy sparse", |b| {
            b.iter(|| sparse_values(black_box(&rules), LENGTH, &mut |_, _| {}).unwrap())
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
