//! The plain mex loop of take-and-break games against a plain C program of the same loop
//! (`benches/c/takebreak_plain.c`, compiled here with `cc -O2` into the target directory),
//! on 10^5 heaps of Grundy's game and of the octal game 0.161; and the sparse-space method
//! on the same lengths. Before measuring, the C's values are checked against grundy's (a
//! hash of every value).
//!
//! `cargo bench -p grundy --bench takebreak`

#![allow(missing_docs, clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

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
    }
}

criterion_group!(benches, plain_against_c);
criterion_main!(benches);
