//! How late each long computation ends after its stop comes: the stop is a deadline 50 ms
//! after the start, and each sample is the time from that deadline to the computation's
//! return (criterion's `iter_custom`, so the figures it prints *are* the latencies). The
//! promise is 100 ms; each computation would run for seconds to minutes if left alone.
//!
//! `cargo bench -p grundy --bench stop`

#![allow(missing_docs, clippy::unwrap_used)]

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::cgt::{Evaluator, Limits, ValueStore, Watch};
use grundy::games::bidding::{BiddingOutcomes, BiddingTable};
use grundy::games::cuboid::CuboidTable;
use grundy::games::domineering::Domineering;
use grundy::games::pousse::engine::search::{PousseEngine, SearchLimits};
use grundy::games::pousse::{BitBoard, BoardGame, RuleSet, Size};
use grundy::games::takebreak::sequence::plain_values;
use grundy::games::takebreak::sparse::sparse_values;
use grundy::games::takebreak::HeapRules;
use grundy::report::SolveOptions;
use grundy::stop::Stop;

/// When the stop comes, after the start.
const STOP_AFTER: Duration = Duration::from_millis(50);

/// A computation given its stop; true when it was stopped (rather than finished).
type Job = Box<dyn Fn(&Stop) -> bool>;

/// The time from the deadline to the return of `work`, summed over `iters` runs.
fn lateness(iters: u64, work: &dyn Fn(&Stop) -> bool) -> Duration {
    let mut late = Duration::ZERO;
    for _ in 0..iters {
        let deadline = Instant::now() + STOP_AFTER;
        let stopped = work(&Stop::until(deadline));
        assert!(stopped, "the computation ended before its stop");
        late += Instant::now().saturating_duration_since(deadline);
    }
    late
}

fn latencies(c: &mut Criterion) {
    let dawson: HeapRules = "0.137".parse().unwrap();
    let game: BoardGame<BitBoard> = BoardGame::new(Size::new(8).unwrap(), RuleSet::Icfp).unwrap();
    let mut engine = PousseEngine::new(1 << 16);
    let domineering: Domineering = "6x6".parse().unwrap();
    let search = SearchLimits::movetime(Duration::from_secs(60), 2);
    let switches: String = (1..=40)
        .map(|n| format!("±{n}"))
        .collect::<Vec<_>>()
        .join(" + ");
    let clobber = grundy::registry::find("clobber").unwrap();
    let jobs: Vec<(&str, Job)> = vec![
        (
            "cuboid table, side 128",
            Box::new(|stop| CuboidTable::build(128, &|_, _| {}, stop).is_err()),
        ),
        (
            "bidding table, 2^25",
            Box::new(|stop| BiddingTable::build(BiddingTable::MAX_N, stop).is_err()),
        ),
        (
            "bidding outcomes, 10^9",
            Box::new(|stop| BiddingOutcomes::build(BiddingOutcomes::MAX_N, stop).is_err()),
        ),
        (
            "0.137 plain loop, 2^20",
            Box::new(move |stop| plain_values(&dawson, 1 << 20, &mut |_, _| {}, stop).is_err()),
        ),
        (
            "grundy sparse, 2^24",
            Box::new(|stop| {
                sparse_values(&HeapRules::Grundy, 1 << 24, &mut |_, _| {}, stop).is_err()
            }),
        ),
        (
            "partizan evaluator, domineering 6x6",
            Box::new(move |stop| {
                let mut store = ValueStore::new();
                Evaluator::new()
                    .value_watched(&mut store, &domineering, &mut Watch::new(stop))
                    .is_err()
            }),
        ),
        (
            "value store, ±1 + ±2 + … + ±40",
            Box::new(move |stop| {
                let mut store = ValueStore::new();
                store
                    .bounded(Limits::new(stop.clone(), None), |store| {
                        store.evaluate(&switches)
                    })
                    .is_err()
            }),
        ),
        (
            "partizan solve, clobber row of 30 stones",
            Box::new(move |stop| {
                let options = SolveOptions {
                    stop,
                    ..SolveOptions::default()
                };
                clobber.solve(&"xo".repeat(15), &options).is_err()
            }),
        ),
    ];
    let mut group = c.benchmark_group("stop_latency");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for (name, job) in &jobs {
        group.bench_function(*name, |b| {
            b.iter_custom(|iters| lateness(iters, job.as_ref()))
        });
    }
    group.bench_function("pousse search, 8x8, 2 threads", |b| {
        b.iter_custom(|iters| {
            let mut late = Duration::ZERO;
            for _ in 0..iters {
                let deadline = Instant::now() + STOP_AFTER;
                engine.search_until(&game, &search, &Stop::until(deadline));
                late += Instant::now().saturating_duration_since(deadline);
            }
            late
        })
    });
    group.finish();
}

criterion_group!(benches, latencies);
criterion_main!(benches);
