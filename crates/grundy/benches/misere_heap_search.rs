//! The exact misère search of sums of heaps (`misere_play::heap_search`) against the
//! general search of any game (`MisereSearch::general`, which walks the game's states and
//! notation) on the same sums, from nothing known: Kayles `9+8+7+6+5` (15,211 positions)
//! and Dawson's chess `15+11+9+5`; then the heap search alone on wild sums that reach
//! millions of positions, Dawson's chess `24+20+14+9` and Kayles `20+17+13+9`. Each row's
//! throughput is in positions valued per second (criterion's "elements").
//!
//! Every row also runs the plain C program of the same search (`benches/c/misere_heaps.c`,
//! compiled here with `cc -O2`: sorted heaps as byte keys in an open-addressing table, a
//! depth-first recursion), which times its own searches on the wall clock; its value,
//! remoteness and count of positions are checked against the heap search's first.
//!
//! `cargo bench -p grundy --bench misere_heap_search`

#![allow(missing_docs, clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use bench_support::run_c_line;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use grundy::game::GameState;
use grundy::misere_play::heap_search::{HeapSearch, HEAP_LIMIT};
use grundy::misere_play::search::{MisereSearch, DEFAULT_LIMIT};
use grundy::registry;
use grundy::stop::Stop;

fn state(position: &str) -> Box<dyn GameState> {
    registry::find("takebreak")
        .unwrap()
        .entry()
        .start(position)
        .unwrap()
}

/// The positions the heap search values from `position`, and its value.
fn heap_positions(position: &str) -> usize {
    let state = state(position);
    let sum = state.heap_sum().unwrap();
    let mut search = HeapSearch::new(sum.rules.as_ref(), HEAP_LIMIT, &Stop::NEVER);
    search.value(&sum.heaps).unwrap();
    search.positions()
}

/// Compiles the C program into the target directory and returns its path.
fn build_c() -> PathBuf {
    bench_support::build_c(
        env!("CARGO_MANIFEST_DIR"),
        "benches/c/misere_heaps.c",
        env!("CARGO_TARGET_TMPDIR"),
        "misere_heaps_c",
        &[],
    )
}

/// The C program's line for `reps` searches of `position` (`CODE:H+H+…`): whether the
/// player to move wins, the remoteness, the positions, and the nanoseconds of CPU in all.
fn run_c(program: &Path, position: &str, reps: u64) -> (bool, u64, usize, Duration) {
    let (code, heaps) = position.split_once(':').unwrap();
    let mut args = vec![code.to_string(), reps.to_string()];
    args.extend(heaps.split('+').map(str::to_string));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let line = run_c_line(program, &args);
    let fields: Vec<u64> = line.split(' ').map(|f| f.parse().unwrap()).collect();
    (
        fields[0] == 1,
        fields[1],
        fields[2] as usize,
        Duration::from_nanos(fields[3]),
    )
}

fn heap_row(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    program: &Path,
    name: &str,
    position: &str,
) {
    let state = state(position);
    let sum = state.heap_sum().unwrap();
    let mut check = HeapSearch::new(sum.rules.as_ref(), HEAP_LIMIT, &Stop::NEVER);
    let value = check.value(&sum.heaps).unwrap();
    let (wins, remoteness, positions, _) = run_c(program, position, 1);
    assert_eq!(
        (wins, remoteness, positions),
        (value.wins, value.remoteness, check.positions()),
        "the C search of {position}"
    );
    group.throughput(Throughput::Elements(heap_positions(position) as u64));
    group.bench_function(format!("c/{name}"), |b| {
        b.iter_custom(|iters| run_c(program, position, iters).3)
    });
    group.bench_function(format!("heap/{name}"), |b| {
        b.iter(|| {
            let mut search = HeapSearch::new(sum.rules.as_ref(), HEAP_LIMIT, &Stop::NEVER);
            black_box(search.value(black_box(&sum.heaps)).unwrap())
        })
    });
}

fn against_general(c: &mut Criterion) {
    let program = build_c();
    let mut group = c.benchmark_group("misere_heap_search");
    group.sample_size(10);
    for (name, position) in [
        ("kayles_9_8_7_6_5", "0.77:9+8+7+6+5"),
        ("dawson_15_11_9_5", "0.137:15+11+9+5"),
    ] {
        heap_row(&mut group, &program, name, position);
        let state = state(position);
        let mut general = MisereSearch::new(DEFAULT_LIMIT, &Stop::NEVER).general();
        general.value(state.as_ref()).unwrap();
        assert_eq!(general.positions(), heap_positions(position));
        group.bench_function(format!("general/{name}"), |b| {
            b.iter(|| {
                let mut search = MisereSearch::new(DEFAULT_LIMIT, &Stop::NEVER).general();
                black_box(search.value(black_box(state.as_ref())).unwrap())
            })
        });
    }
    group.finish();
}

fn large_sums(c: &mut Criterion) {
    let program = build_c();
    let mut group = c.benchmark_group("misere_heap_search");
    group.sample_size(10);
    for (name, position) in [
        ("dawson_24_20_14_9", "0.137:24+20+14+9"),
        ("kayles_20_17_13_9", "0.77:20+17+13+9"),
    ] {
        heap_row(&mut group, &program, name, position);
    }
    group.finish();
}

criterion_group!(benches, against_general, large_sums);
criterion_main!(benches);
