//! The canonical value of every partizan game of the list by the evaluator (components,
//! cache, the game's closed forms) against the plain recursion of the same rules (no
//! components, no cache), in one run and from an empty store each time. The games and their
//! positions come from the registry, so a new game is benched by its registry line alone:
//! for each game, of its example, menu and sample positions, the one the plain recursion
//! visits most positions for within [`MOST_VISITS`] (up to half a second). Larger
//! boards, which the plain recursion does not finish, are timed once by `crates/lab`'s
//! `domineering_sweep` and by `grundy solve` (docs/benchmarks.md).
//!
//! `cargo bench -p grundy --bench partizan` (one game: `… -- 'partizan/domineering '`)

#![allow(missing_docs, clippy::unwrap_used)]

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::game::{GameEntry, Valuations};

/// The most positions the plain recursion may visit (repeats counted) on a benched
/// position.
const MOST_VISITS: u64 = 2_000_000;

/// Of `entry`'s example, menu and sample positions, the one the plain recursion visits most
/// positions for within [`MOST_VISITS`], with its value.
fn costliest(entry: &dyn GameEntry, valuations: &dyn Valuations) -> Option<(&'static str, String)> {
    let mut positions = vec![entry.example()];
    positions.extend(entry.start_positions());
    positions.extend(entry.sample_positions());
    positions
        .into_iter()
        .filter_map(|position| {
            let mut budget = MOST_VISITS;
            let value = valuations.plain(position, &mut budget).unwrap()?;
            Some((MOST_VISITS - budget, position, value))
        })
        .max_by_key(|(visits, _, _)| *visits)
        .map(|(_, position, value)| (position, value))
}

fn values(c: &mut Criterion) {
    for game in grundy::registry::all() {
        let entry = game.entry();
        let Some(valuations) = entry.valuations() else {
            continue;
        };
        let (position, value) = costliest(entry, valuations)
            .unwrap_or_else(|| panic!("{}: no position within the budget", entry.name()));
        assert_eq!(
            valuations.evaluated(position).unwrap(),
            value,
            "{} {position}",
            entry.name()
        );
        let mut group = c.benchmark_group(format!("partizan/{} {position}", entry.name()));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(4));
        group.bench_function("evaluator", |b| {
            b.iter(|| black_box(valuations.evaluated(black_box(position)).unwrap()))
        });
        group.bench_function("plain", |b| {
            b.iter(|| {
                black_box(
                    valuations
                        .plain(black_box(position), &mut u64::MAX.clone())
                        .unwrap(),
                )
            })
        });
        group.finish();
    }
}

criterion_group!(benches, values);
criterion_main!(benches);
