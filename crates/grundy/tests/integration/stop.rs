//! Every long computation honours a [`Stop`]: a table build, a sequence, a valuation or a
//! search given a stop that comes while it runs ends with `Stopped` instead of running to
//! its end (each of these takes many seconds when left alone, so one that ignored its stop
//! would return a result and fail here). Where the computation reports its progress, the
//! stop is raised from the report, and the test checks that no further step is reported:
//! the stop is looked at between steps, a fact that holds on a machine of any speed under any
//! load. How soon after a stop the work ends, in milliseconds, is measured by `cargo bench
//! --bench stop` and stated in `docs/benchmarks.md`, not asserted here.
#![allow(clippy::unwrap_used)]

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use grundy::cgt::{Evaluator, Interrupted, ValueStore, Watch};
use grundy::game::Budget;
use grundy::games::bidding::{BiddingOutcomes, BiddingTable, TableError};
use grundy::games::cuboid::{BuildError, CuboidTable};
use grundy::games::domineering::Domineering;
use grundy::games::pousse::engine::search::{PousseEngine, SearchLimits};
use grundy::games::pousse::{BitBoard, BoardGame, RuleSet, Size};
use grundy::games::takebreak::compute::{compute, Method};
use grundy::games::takebreak::sequence::{plain_values, SequenceError};
use grundy::games::takebreak::sparse::{sparse_values, sparse_values_one_core};
use grundy::games::takebreak::HeapRules;
use grundy::registry;
use grundy::report::{SolveError, SolveOptions};
use grundy::stop::{Stop, Stopped};

/// A stop that comes `after` from now.
fn stop_after(after: Duration) -> Stop {
    Stop::until(Instant::now() + after)
}

/// Runs `work` with a stop raised from another thread after 100 ms: for the computations
/// that report no progress to raise it from.
fn raised_during<T>(work: impl FnOnce(&Stop) -> T) -> T {
    let stop = Stop::new();
    let raiser = stop.clone();
    let raising = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        raiser.raise();
    });
    let result = work(&stop);
    raising.join().unwrap();
    result
}

/// Counts the progress reports of a computation and raises its stop at the first one:
/// `reports` counts every report, `after_raise` those that came once the stop was up.
struct RaiseAtFirstReport {
    stop: Stop,
    raised: AtomicBool,
    reports: AtomicUsize,
    after_raise: AtomicUsize,
}

impl RaiseAtFirstReport {
    fn new() -> Self {
        RaiseAtFirstReport {
            stop: Stop::new(),
            raised: AtomicBool::new(false),
            reports: AtomicUsize::new(0),
            after_raise: AtomicUsize::new(0),
        }
    }

    fn report(&self) {
        self.reports.fetch_add(1, Ordering::SeqCst);
        if self.raised.swap(true, Ordering::SeqCst) {
            self.after_raise.fetch_add(1, Ordering::SeqCst);
        } else {
            self.stop.raise();
        }
    }

    /// Checks that the stop was raised and that no step was reported after it.
    fn assert_no_step_after_the_raise(&self, what: &str) {
        assert!(
            self.raised.load(Ordering::SeqCst),
            "{what}: no progress reported"
        );
        assert_eq!(
            self.after_raise.load(Ordering::SeqCst),
            0,
            "{what}: steps reported after the stop ({} reports in all)",
            self.reports.load(Ordering::SeqCst)
        );
    }
}

#[test]
fn a_cuboid_table_build_stops() {
    // Side 128 takes about 4 s of processor time when left alone; the stop comes when the
    // first of its 128 levels is done, and the next level looks at it before each row.
    let watch = RaiseAtFirstReport::new();
    let result = CuboidTable::build(128, &|_, _| watch.report(), &watch.stop);
    assert_eq!(result.unwrap_err(), BuildError::Stopped(Stopped));
    watch.assert_no_step_after_the_raise("cuboid 128");
}

#[test]
fn bidding_tables_stop() {
    // The full table to 2^25 takes some 30 s, the outcome table to 10^9 some 35 s.
    let result = raised_during(|stop| BiddingTable::build(BiddingTable::MAX_N, stop));
    assert!(matches!(result, Err(TableError::Stopped(_))));
    let result = raised_during(|stop| BiddingOutcomes::build(BiddingOutcomes::MAX_N, stop));
    assert!(matches!(result, Err(TableError::Stopped(_))));
}

#[test]
fn sequences_stop_by_either_method() {
    // Dawson's chess to 2^20 by the plain loop is minutes; Grundy's game to 2^24 by the
    // sparse method is about a minute. Progress comes every 1 024 heaps, and the stop is
    // looked at every 64: no report follows the one that raised it.
    let dawson: HeapRules = "0.137".parse().unwrap();
    let watch = RaiseAtFirstReport::new();
    let result = plain_values(&dawson, 1 << 20, &mut |_, _| watch.report(), &watch.stop);
    assert_eq!(result.unwrap_err(), SequenceError::Stopped(Stopped));
    watch.assert_no_step_after_the_raise("plain 0.137");
    let watch = RaiseAtFirstReport::new();
    let result = sparse_values(
        &HeapRules::Grundy,
        1 << 24,
        &mut |_, _| watch.report(),
        &watch.stop,
    );
    assert_eq!(result.unwrap_err(), SequenceError::Stopped(Stopped));
    watch.assert_no_step_after_the_raise("sparse grundy");
    let watch = RaiseAtFirstReport::new();
    let result = sparse_values_one_core(
        &HeapRules::Grundy,
        1 << 24,
        &mut |_, _| watch.report(),
        &watch.stop,
    );
    assert_eq!(result.unwrap_err(), SequenceError::Stopped(Stopped));
    watch.assert_no_step_after_the_raise("sparse grundy, one core");
    // The auto method, with its looks for a period, on a game with none proved.
    let watch = RaiseAtFirstReport::new();
    let result = compute(
        &"0.161".parse().unwrap(),
        1 << 24,
        Method::Auto,
        &mut |_, _| watch.report(),
        &watch.stop,
    );
    assert_eq!(result.unwrap_err(), SequenceError::Stopped(Stopped));
    watch.assert_no_step_after_the_raise("auto 0.161");
}

#[test]
fn a_partizan_valuation_stops() {
    // The 6 x 6 Domineering board takes minutes to value when left alone; the watch reports
    // and looks at the stop every `Watch::EVERY` components.
    let board: Domineering = "6x6".parse().unwrap();
    let mut store = ValueStore::new();
    let mut evaluator = Evaluator::new();
    let watch = RaiseAtFirstReport::new();
    let mut report = |_: &grundy::cgt::Progress| watch.report();
    let result = evaluator.value_watched(
        &mut store,
        &board,
        &mut Watch::new(&watch.stop).report(&mut report),
    );
    assert_eq!(result.unwrap_err(), Interrupted::Stopped(Stopped));
    watch.assert_no_step_after_the_raise("domineering 6x6");
    // What was valued stays cached, and a later call goes on from there.
    assert!(evaluator.cached() > 0);
}

#[test]
fn a_pousse_search_without_a_clock_ends_when_its_stop_comes() {
    // No time and no depth limit: the search would go on to depth 64, for ages. Only the
    // stop can end it; a minute guards against a search that ignores it, for a clear failure
    // instead of a hung test.
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let game: BoardGame<BitBoard> =
            BoardGame::new(Size::new(8).unwrap(), RuleSet::Icfp).unwrap();
        let limits = SearchLimits {
            threads: 2,
            ..SearchLimits::default()
        };
        let stop = stop_after(Duration::from_millis(100));
        let _ = sender.send(PousseEngine::new(1 << 16).search_until(&game, &limits, &stop));
    });
    let result = receiver
        .recv_timeout(Duration::from_secs(60))
        .expect("the search ends when its stop comes");
    assert!(
        result.best_move.is_some(),
        "the iterations done still give a move"
    );
    assert!((1..64).contains(&result.depth), "{result:?}");
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
        // Left alone each of these takes seconds to minutes and then answers: an answer
        // here would be a deadline ignored.
        let error = entry.solve(position, &options).unwrap_err();
        assert!(matches!(error, SolveError::Stopped(_)), "{game}: {error}");
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
        let analysis = state.analyse(&budget);
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

/// The analysis the page and the engine ask of a partizan position (a 5 x 5 Clobber
/// checkerboard: one component whose canonical forms take minutes) ends with its budget's
/// stop and says so: the value store looks at the stop inside its sums and comparisons.
#[test]
fn a_partizan_analysis_stops_inside_one_component() {
    let clobber = registry::find("clobber").unwrap();
    let mut state = clobber
        .entry()
        .start("xoxox/oxoxo/xoxox/oxoxo/xoxox")
        .unwrap();
    let analysis = raised_during(|stop| {
        state.analyse(&Budget {
            stop: stop.clone(),
            ..Budget::default()
        })
    });
    assert_eq!(analysis.to_move_wins, None);
    let comment = analysis.comment.unwrap_or_default();
    assert!(comment.contains("stopped"), "{comment}");
}

/// A value expression whose canonical form has 2^30 options stops at its store's stop.
#[test]
fn a_value_expression_stops_inside_the_store() {
    let text: Vec<String> = (1..=30).map(|n| format!("±{n}")).collect();
    let mut store = ValueStore::new();
    let answer = raised_during(|stop| {
        store.bounded(grundy::cgt::Limits::new(stop.clone(), None), |store| {
            store.evaluate(&text.join(" + "))
        })
    });
    assert!(matches!(answer, Err(Interrupted::Stopped(_))), "{answer:?}");
}
