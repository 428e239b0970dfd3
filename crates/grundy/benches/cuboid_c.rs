//! The cuboid table against a plain C program of the same recurrence
//! (`benches/c/cuboid_table.c`, compiled here with `cc -O2` into the target directory):
//! grundy's parallel build, grundy's build on one thread, and the C on one thread, at
//! sides 64 and 96 with criterion (10 samples).
//!
//! Side 128 takes seconds per run, too long for criterion's ten samples of each program:
//! with `CUBOID_BENCH_128=3` the bench also times three runs of each (alternating) and prints
//! the wall-clock and CPU time of every run. Before measuring, the C's values are checked
//! against grundy's on small sides (a hash of every value).
//!
//! `cargo bench -p grundy --bench cuboid_c`

#![allow(missing_docs, clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bench_support::{cpu_times, run_c_line, Fnv};
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::games::cuboid::{Cuboid, CuboidTable};

/// Compiles the C program into the target directory and returns its path.
fn build_c() -> PathBuf {
    bench_support::build_c(
        env!("CARGO_MANIFEST_DIR"),
        "benches/c/cuboid_table.c",
        env!("CARGO_TARGET_TMPDIR"),
        "cuboid_table_c",
        &[],
    )
}

/// Runs the C program for `side` and returns the hash it prints.
fn run_c(program: &Path, side: u32) -> String {
    run_c_line(program, &[&side.to_string()])
}

/// The hash the C program prints: FNV-1a 64 over the values of the sorted cuboids, each as
/// four little-endian bytes.
fn hash_of(table: &CuboidTable) -> String {
    let n = table.max_side();
    let mut hash = Fnv::default();
    for x in 1..=n {
        for y in x..=n {
            for z in y..=n {
                hash.add(table.value(Cuboid::new(x, y, z).unwrap()).unwrap() as u32);
            }
        }
    }
    hash.hex()
}

fn one_thread() -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
}

fn against_c(c: &mut Criterion) {
    let program = build_c();
    for side in (1..=12).chain([30, 40]) {
        assert_eq!(
            run_c(&program, side),
            hash_of(&CuboidTable::new(side).unwrap()),
            "the C and grundy differ at side {side}"
        );
    }
    let single = one_thread();
    for side in [64u32, 96] {
        let mut group = c.benchmark_group(format!("cuboid_vs_c_side_{side}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(100))
            .measurement_time(Duration::from_secs(5));
        group.bench_function("grundy_all_threads", |b| {
            b.iter(|| CuboidTable::new(black_box(side)))
        });
        group.bench_function("grundy_one_thread", |b| {
            b.iter(|| single.install(|| CuboidTable::new(black_box(side))))
        });
        group.bench_function("c_one_thread", |b| b.iter(|| run_c(&program, side)));
        group.finish();
    }
    if let Some(runs) = std::env::var("CUBOID_BENCH_128")
        .ok()
        .and_then(|runs| runs.parse::<usize>().ok())
    {
        side_128(&program, &single, runs);
    }
}

/// `runs` timed runs of each program at side 128, alternating, with wall and CPU time.
fn side_128(program: &Path, single: &rayon::ThreadPool, runs: usize) {
    let expected = hash_of(&CuboidTable::new(128).unwrap());
    for run in 1..=runs {
        let contenders: [(&str, &dyn Fn() -> String); 3] = [
            ("grundy_all_threads", &|| {
                hash_of(&CuboidTable::new(128).unwrap())
            }),
            ("grundy_one_thread", &|| {
                single.install(|| hash_of(&CuboidTable::new(128).unwrap()))
            }),
            ("c_one_thread", &|| run_c(program, 128)),
        ];
        for (name, contender) in contenders {
            let before = cpu_times();
            let started = Instant::now();
            let hash = contender();
            let wall = started.elapsed();
            let cpu = before
                .zip(cpu_times())
                .map(|((own, children), (own2, children2))| {
                    (own2 - own + children2 - children).as_secs_f64()
                });
            assert_eq!(hash, expected, "{name} differs at side 128");
            println!(
                "cuboid_vs_c_side_128/{name} run {run}: wall {:.2} s, cpu {}",
                wall.as_secs_f64(),
                cpu.map_or("n/a".to_string(), |cpu| format!("{cpu:.2} s"))
            );
        }
    }
}

criterion_group!(benches, against_c);
criterion_main!(benches);
