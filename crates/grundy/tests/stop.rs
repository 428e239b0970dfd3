//! Every long computation honours a [`Stop`]: a table build, a sequence or a search given a
//! stop that comes while it runs ends soon after, with `Stopped`, instead of running to its
//! end (each of these takes many seconds when left alone). The bound checked here is loose
//! (two seconds, for a loaded machine); the latency itself is measured by `cargo bench
//! --bench stop` and stated in `docs/benchmarks.md`.
#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};

use grundy::cgt::{Evaluator, Interrupted, ValueStore, Watch};
use grundy::games::bidding::{BiddingOutcomes, BiddingTable, TableError};
use grundy::games::cuboid::{BuildError, CuboidTable};
use grundy::games::domineering::Domineering;
use grundy::games::pousse::engine::search::{PousseEngine, SearchLimits};
use grundy::games::pousse::{BitBoard, BoardGame, RuleSet, Size};
use grundy::games::takebreak::compute::{compute, Method};
use grundy::games::takebreak::sequence::{plain_values, SequenceError};
use grundy::games::takebreak::sparse::{sparse_values, sparse_values_one_core};
use grundy::games::takebreak::HeapRules;
use grundy::play::Budget;
use grundy::registry;
use grundy::report::{SolveError, SolveOptions};
use grundy::stop::{Stop, Stopped};

/// How long after the stop a computation may still run in these tests.
const GRACE: Duration = Duration::from_secs(2);

/// A stop that comes `after` from now.
fn stop_after(after: Duration) -> Stop {
    Stop::until(Instant::now() + after)
}

/// Runs `work` with a stop raised from another thread after 100 ms; returns what it gave
/// and how long after the raise it ended.
fn raised_during<T>(work: impl FnOnce(&Stop) -> T) -> (T, Duration) {
    let stop = Stop::new();
    let raiser = stop.clone();
    let raised_at = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        raiser.raise();
        Instant::now()
    });
    let result = work(&stop);
    let ended = Instant::now();
    let raised_at = raised_at.join().unwrap();
    (result, ended.saturating_duration_since(raised_at))
}

#[test]
fn a_cuboid_table_build_stops() {
    // Side 128 takes about 4 s of processor time when left alone.
    let (result, late) = raised_during(|stop| CuboidTable::build(128, &|_, _| {}, stop));
    assert_eq!(result.unwrap_err(), BuildError::Stopped(Stopped));
    assert!(late < GRACE, "{late:?}");
}

#[test]
fn bidding_tables_stop() {
    // The full table to 2^25 takes some 30 s, the outcome table to 10^9 some 35 s.
    let (result, late) = raised_during(|stop| BiddingTable::build(BiddingTable::MAX_N, stop));
    assert!(matches!(result, Err(TableError::Stopped(_))));
    assert!(late < GRACE, "{late:?}");
    let (result, late) = raised_during(|stop| BiddingOutcomes::build(BiddingOutcomes::MAX_N, stop));
    assert!(matches!(result, Err(TableError::Stopped(_))));
    assert!(late < GRACE, "{late:?}");
}

#[test]
fn sequences_stop_by_either_method() {
    // Dawson's chess to 2^20 by the plain loop is minutes; Grundy's game to 2^24 by the
    // sparse method is about a minute.
    let dawson: HeapRules = "0.137".parse().unwrap();
    let (result, late) = raised_during(|stop| plain_values(&dawson, 1 << 20, &mut |_, _| {}, stop));
    assert_eq!(result.unwrap_err(), SequenceError::Stopped(Stopped));
    assert!(late < GRACE, "{late:?}");
    let (result, late) =
        raised_during(|stop| sparse_values(&HeapRules::Grundy, 1 << 24, &mut |_, _| {}, stop));
    assert_eq!(result.unwrap_err(), SequenceError::Stopped(Stopped));
    assert!(late < GRACE, "{late:?}");
    let (result, late) = raised_during(|stop| {
        sparse_values_one_core(&HeapRules::Grundy, 1 << 24, &mut |_, _| {}, stop)
    });
    assert_eq!(result.unwrap_err(), SequenceError::Stopped(Stopped));
    assert!(late < GRACE, "{late:?}");
    // The auto method, with its looks for a period, on a game with none proved.
    let (result, late) = raised_during(|stop| {
        compute(
            &"0.161".parse().unwrap(),
            1 << 24,
            Method::Auto,
            &mut |_, _| {},
            stop,
        )
    });
    assert_eq!(result.unwrap_err(), SequenceError::Stopped(Stopped));
    assert!(late < GRACE, "{late:?}");
}

#[test]
fn a_partizan_valuation_stops() {
    // The 6 x 6 Domineering board takes minutes to value when left alone.
    let board: Domineering = "6x6".parse().unwrap();
    let mut store = ValueStore::new();
    let mut evaluator = Evaluator::new();
    let (result, late) =
        raised_during(|stop| evaluator.value_watched(&mut store, &board, &mut Watch::new(stop)));
    assert_eq!(result.unwrap_err(), Interrupted::Stopped(Stopped));
    assert!(late < GRACE, "{late:?}");
    // What was valued stays cached, and a later call goes on from there.
    assert!(evaluator.cached() > 0);
}

#[test]
fn a_pousse_search_stops_before_its_time_limit() {
    let game: BoardGame<BitBoard> = BoardGame::new(Size::new(8).unwrap(), RuleSet::Icfp).unwrap();
    let limits = SearchLimits::movetime(Duration::from_secs(60), 2);
    let (result, late) =
        raised_during(|stop| PousseEngine::new(1 << 16).search_until(&game, &limits, stop));
    assert!(late < GRACE, "{late:?}");
    assert!(
        result.elapsed < Duration::from_secs(10),
        "{:?}",
        result.elapsed
    );
    assert!(
        result.best_move.is_some(),
        "the iterations done still give a move"
    );
}

#[test]
fn a_solve_past_its_deadline_says_it_was_stopped() {
    for (game, position) in [
        ("cuboid", "128x128x128"),
        ("bidding", "33554432"),
        ("takebreak", "grundy:16000000"),
        ("domineering", "6x6"),
    ] {
        let entry = registry::find(game).unwrap();
        let stop = stop_after(Duration::from_millis(100));
        let options = SolveOptions {
            no_cache: true,
            stop: &stop,
            ..SolveOptions::default()
        };
        let started = Instant::now();
        let error = entry.solve(position, &options).unwrap_err();
        assert!(matches!(error, SolveError::Stopped(_)), "{game}: {error}");
        assert!(
            started.elapsed() < GRACE * 2,
            "{game}: {:?}",
            started.elapsed()
        );
    }
}

#[test]
fn an_analysis_given_a_raised_stop_claims_nothing_it_did_not_compute() {
    let stop = Stop::new();
    stop.raise();
    let budget = Budget {
        stop,
        ..Budget::default()
    };
    for (game, position) in [("bidding", "33554432"), ("takebreak", "grundy:16000000")] {
        let mut state = registry::find(game).unwrap().start(position).unwrap();
        let started = Instant::now();
        let analysis = state.analyse(&budget);
        assert!(started.elapsed() < GRACE, "{game}: {:?}", started.elapsed());
        assert_eq!(analysis.to_move_wins, None, "{game}: {analysis}");
        assert!(
            analysis
                .comment
                .as_deref()
                .unwrap_or("")
                .contains("stopped"),
            "{game}: {analysis}"
        );
    }
}
