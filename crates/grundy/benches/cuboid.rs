//! Benchmarks of the cuboid game: building the table (fast against the reference, in the
//! same run) and answering the contest format for 10^5 cuboids.
//!
//! `cargo bench -p grundy --bench cuboid`

#![allow(missing_docs, clippy::unwrap_used)]

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::games::cuboid::contest::answer;
use grundy::games::cuboid::{naive_table, shared_table, CuboidTable};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn one_thread() -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
}

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("cuboid_table");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500));
    group.bench_function("fast_side_30", |b| {
        b.iter(|| CuboidTable::new(black_box(30)))
    });
    group.bench_function("fast_side_64", |b| {
        b.iter(|| CuboidTable::new(black_box(64)))
    });
    group.finish();
}

fn fast_against_reference(c: &mut Criterion) {
    let single = one_thread();
    let mut group = c.benchmark_group("cuboid_side_40");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_secs(5));
    group.bench_function("naive_one_thread", |b| {
        b.iter(|| naive_table(black_box(40)))
    });
    group.bench_function("fast_one_thread", |b| {
        b.iter(|| single.install(|| CuboidTable::new(black_box(40))))
    });
    group.bench_function("fast_all_threads", |b| {
        b.iter(|| CuboidTable::new(black_box(40)))
    });
    group.finish();
}

/// A contest input with `count` random cuboids of sides at most 30, always the same.
fn contest_input(count: usize) -> Vec<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(2018);
    let mut input = format!("RUBEN\n{count}\n");
    for _ in 0..count {
        let (x, y, z): (u32, u32, u32) = (
            rng.gen_range(1..=30),
            rng.gen_range(1..=30),
            rng.gen_range(1..=30),
        );
        input.push_str(&format!("{x} {y} {z}\n"));
    }
    input.into_bytes()
}

fn contest(c: &mut Criterion) {
    let input = contest_input(100_000);
    if let Ok(path) = std::env::var("CUBOID_BENCH_INPUT") {
        // Lets the whole-process measurement use exactly this input.
        std::fs::write(path, &input).unwrap();
    }
    shared_table(30).unwrap();
    let mut group = c.benchmark_group("cuboid_contest");
    group.sample_size(20);
    group.bench_function("answer_100000_cuboids", |b| {
        b.iter(|| answer(black_box(&input)))
    });
    group.finish();
}

criterion_group!(benches, tables, fast_against_reference, contest);
criterion_main!(benches);
