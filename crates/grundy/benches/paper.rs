//! Benchmarks of the paper game: answering contest inputs of 10^5 and 10^6 overlapping cuts
//! on a 10^9 × 10^9 sheet, against two baselines measured in the same run: reading and
//! tokenizing the input only (the floor), and a straightforward solver that keeps a
//! `BTreeMap` of lines each with its own `Vec` of spans.
//!
//! The inputs are also written to `/tmp/paper-100000.txt` and `/tmp/paper-1000000.txt` for
//! timing the whole process (`grundy batch paper`, see docs/benchmark-notes.md).
#![allow(clippy::unwrap_used, missing_docs)]

use std::collections::BTreeMap;
use std::fmt::Write as _;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grundy::contest_input::Tokens;
use grundy::games::paper::contest::{answer, parse};
use grundy::games::paper::Segment;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SIDE: u64 = 1_000_000_000;

/// `k` random cuts on a 10^9 × 10^9 sheet. They are spread over k / 8 lines per orientation
/// so that lines get several overlapping, reversed cuts, as in hard contest tests.
fn contest_input(k: usize, seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let lines: Vec<u64> = (0..(k / 8).max(1))
        .map(|_| rng.gen_range(1..SIDE))
        .collect();
    let mut text = String::with_capacity(k * 40);
    let _ = writeln!(text, "{SIDE} {SIDE} {k}");
    for _ in 0..k {
        let line = lines[rng.gen_range(0..lines.len())];
        let a = rng.gen_range(0..=SIDE);
        let mut b = rng.gen_range(0..=SIDE);
        if a == b {
            b = if a == 0 { 1 } else { a - 1 };
        }
        if rng.gen::<bool>() {
            let _ = writeln!(text, "{a} {line} {b} {line}");
        } else {
            let _ = writeln!(text, "{line} {a} {line} {b}");
        }
    }
    text
}

/// The floor: read every token as a checked integer and nothing else.
fn tokenize_only(input: &[u8]) -> u64 {
    let mut tokens = Tokens::from_bytes(input).unwrap();
    let mut sum = 0u64;
    while let Some(token) = tokens.next_token() {
        sum = sum.wrapping_add(token.integer::<u64>("n", 0..=u64::MAX).unwrap());
    }
    sum
}

/// The straightforward solver: a map from line to a vector of spans, sorted per line.
fn btreemap_solver(input: &[u8]) -> u64 {
    let mut tokens = Tokens::from_bytes(input).unwrap();
    let width: u64 = tokens.next_integer("w", 1..=SIDE).unwrap();
    let height: u64 = tokens.next_integer("h", 1..=SIDE).unwrap();
    let k: u64 = tokens.next_integer("k", 0..=u64::MAX).unwrap();
    let mut lines: BTreeMap<(bool, u64), Vec<(u64, u64)>> = BTreeMap::new();
    for _ in 0..k {
        let c: Vec<u64> = (0..4)
            .map(|_| tokens.next_integer("c", 0..=SIDE).unwrap())
            .collect();
        let (key, lo, hi) = if c[1] == c[3] {
            ((false, c[1]), c[0].min(c[2]), c[0].max(c[2]))
        } else {
            ((true, c[0]), c[1].min(c[3]), c[1].max(c[3]))
        };
        lines.entry(key).or_default().push((lo, hi));
    }
    let mut value = 0;
    let (mut horizontal, mut vertical) = (0u64, 0u64);
    for ((is_vertical, _), spans) in &mut lines {
        spans.sort();
        let length = if *is_vertical { height } else { width };
        let mut cut = 0;
        let mut end = 0;
        for &(lo, hi) in spans.iter() {
            let lo = lo.max(end);
            if hi > lo {
                cut += hi - lo;
                end = hi;
            }
        }
        value ^= length - cut;
        if *is_vertical {
            vertical += 1;
        } else {
            horizontal += 1;
        }
    }
    if (height - 1 - horizontal) % 2 == 1 {
        value ^= width;
    }
    if (width - 1 - vertical) % 2 == 1 {
        value ^= height;
    }
    value
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("paper");
    group.sample_size(10);
    for k in [100_000usize, 1_000_000] {
        let input = contest_input(k, 277);
        let _ = std::fs::write(format!("/tmp/paper-{k}.txt"), &input);
        let bytes = input.as_bytes();
        // The baseline and the solver must agree on who wins.
        let ours = answer(bytes).unwrap();
        assert_eq!(ours.starts_with("SECOND"), btreemap_solver(bytes) == 0);
        // And the cut it prints must leave a lost position.
        if let Some(cut) = ours.lines().nth(1) {
            let n: Vec<u64> = cut.split(' ').map(|n| n.parse().unwrap()).collect();
            let cut = Segment::new(n[0], n[1], n[2], n[3]).unwrap();
            let paper = parse(bytes).unwrap();
            assert_eq!(paper.apply(&cut).unwrap().grundy_value(), 0);
        }
        group.throughput(Throughput::Elements(k as u64));
        group.bench_with_input(BenchmarkId::new("answer", k), bytes, |b, input| {
            b.iter(|| answer(input).unwrap())
        });
        group.bench_with_input(BenchmarkId::new("tokenize-only", k), bytes, |b, input| {
            b.iter(|| tokenize_only(input))
        });
        group.bench_with_input(
            BenchmarkId::new("btreemap-baseline", k),
            bytes,
            |b, input| b.iter(|| btreemap_solver(input)),
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
