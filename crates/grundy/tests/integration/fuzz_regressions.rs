//! Inputs the fuzz targets `value_notation` and `partizan_position` found (docs/fuzzing.md),
//! each with the behaviour it must have. Each input is also in the target's seed corpus
//! (`fuzz/corpus/<target>/`), so every fuzzing run starts from it.
#![allow(clippy::unwrap_used)]

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use grundy::cgt::{Dyadic, Evaluator, Interrupted, Limits, ValueStore};
use grundy::games::hackenbush::Hackenbush;
use grundy::registry;
use grundy::report::{SolveError, SolveOptions};
use grundy::stop::Stop;

/// Limits whose stop is raised at the first progress report, with the count of reports and
/// of those that came after the raise.
fn raised_at_first_report() -> (Limits, Arc<AtomicUsize>, Arc<AtomicUsize>) {
    let stop = Stop::new();
    let raiser = stop.clone();
    let raised = AtomicBool::new(false);
    let reports = Arc::new(AtomicUsize::new(0));
    let after_raise = Arc::new(AtomicUsize::new(0));
    let (counted, late) = (reports.clone(), after_raise.clone());
    let limits = Limits::new(stop, Some(64_000_000)).report(move |_, _| {
        counted.fetch_add(1, Ordering::SeqCst);
        if raised.swap(true, Ordering::SeqCst) {
            late.fetch_add(1, Ordering::SeqCst);
        } else {
            raiser.raise();
        }
    });
    (limits, reports, after_raise)
}

/// Limits that never stop, counting the looks at them (each look reports).
fn counting_looks() -> (Limits, Arc<AtomicUsize>) {
    let looks = Arc::new(AtomicUsize::new(0));
    let counted = looks.clone();
    let limits = Limits::new(Stop::new(), None).report(move |_, _| {
        counted.fetch_add(1, Ordering::SeqCst);
    });
    (limits, looks)
}

/// `value_notation` found `*49998` running for seconds past a 200 ms deadline: its stops,
/// thermograph and summary read the options of each of its 49 998 options (about 2.5
/// billion reads of remembered options and results). A nimber's stops, thermograph and
/// summary now come from its formula and read no option: each is answered at once, even
/// under limits whose stop is raised at their first look, and no look is due.
#[test]
fn the_stops_and_thermograph_of_a_wide_nimber_come_from_its_formula() {
    let mut store = ValueStore::new();
    let g = store.evaluate("*49998").unwrap();
    assert_eq!(store.display(g), "*49998");
    let (limits, reports, _) = raised_at_first_report();
    let stops = store.bounded(limits, |s| s.stops(g)).unwrap();
    assert_eq!(stops, (Dyadic::ZERO, Dyadic::ZERO));
    assert_eq!(reports.load(Ordering::SeqCst), 0);
    // The thermograph comes from a few small nimbers of its shape, and the summary adds a
    // few canonical facts: a handful of looks, where reading the options made thousands.
    let (limits, looks) = counting_looks();
    let temperatures = store
        .bounded(limits, |s| {
            (s.thermograph(g).temperature(), s.summary(g).temperature)
        })
        .unwrap();
    assert_eq!(temperatures, (Dyadic::ZERO, Dyadic::ZERO));
    assert!(looks.load(Ordering::SeqCst) < 20, "{looks:?}");
    let star = store.evaluate("*3").unwrap();
    assert_eq!(store.stops(star), (Dyadic::ZERO, Dyadic::ZERO));
    assert_eq!(store.mean(star), Dyadic::ZERO);
}

/// `value_notation` found `{0|56789+-23456789012*23345}` reading for half a second past
/// its deadline (unbounded it takes minutes): making its canonical form compares each
/// option of `56789 + 23456789012*k` for every `k < 23345` with the game, again reads of
/// remembered results. It now ends at the stop.
#[test]
fn a_switch_of_a_wide_nimber_ends_at_the_stop() {
    let mut store = ValueStore::new();
    let (limits, _, after_raise) = raised_at_first_report();
    let answer = store.bounded(limits, |s| s.evaluate("{0|56789+-23456789012*23345}"));
    assert!(matches!(answer, Err(Interrupted::Stopped(_))), "{answer:?}");
    assert_eq!(after_raise.load(Ordering::SeqCst), 0);
    // The same shape with a small nimber is valued, and right: the Right option G =
    // 56789 ± (23456789012*3) has left stop 56789 + 23456789012 > 1, so 1 is not >= G,
    // and 1 is the simplest number above the Left option 0 and not above G: the game is 1.
    let small = store
        .bounded(Limits::new(Stop::new(), Some(64_000_000)), |s| {
            let g = s.evaluate("{0|56789+-23456789012*3}").unwrap();
            (s.display(g), s.stops(g))
        })
        .unwrap();
    assert_eq!(small.0, "1");
    assert_eq!(small.1, (Dyadic::integer(1), Dyadic::integer(1)));
}

/// `value_notation` then grew `{0|28328394+-23456789,4+-23456789012*23345}` from the input
/// above, which ran past libFuzzer's 10 s timeout (12 s under a 200 ms deadline). Making a
/// canonical form compares its options two by two (to delete the dominated ones) and each
/// option's options with the game (to bypass the reversible ones); once the run was
/// interrupted each comparison answered at once, but the loops over thousands of options
/// went on. They now end at the interruption, with a placeholder.
#[test]
fn making_a_canonical_form_stops_comparing_once_interrupted() {
    let mut store = ValueStore::new();
    let (limits, _, after_raise) = raised_at_first_report();
    let text = "{0|28328394+-23456789,4+-23456789012*23345}";
    let answer = store.bounded(limits, |s| s.evaluate(text));
    assert!(matches!(answer, Err(Interrupted::Stopped(_))), "{answer:?}");
    assert_eq!(after_raise.load(Ordering::SeqCst), 0);
    // With a small nimber the same game is valued: both Right options have a left stop
    // above 1, so neither is <= 1, and 1 is the simplest number above the Left option 0.
    let small = store
        .bounded(Limits::new(Stop::new(), Some(64_000_000)), |s| {
            let g = s
                .evaluate("{0|28328394+-23456789,4+-23456789012*300}")
                .unwrap();
            s.display(g)
        })
        .unwrap();
    assert_eq!(small, "1");
}

/// The rule behind these: a bounded run looks at its limits at least once for every
/// [`Limits::EVERY`] options it reads, however many of the lists it asks for are
/// remembered. Reading the Left options of every `*k`, `k < 4000`, reads `k` options for
/// each: 7 998 000 in all. Between two looks at most `EVERY` steps pass, plus one list of
/// options (at most 3 999), so the run looks at least 7 998 000 / (EVERY + 3999) times.
#[test]
fn a_bounded_run_looks_at_its_limits_for_every_few_thousand_options_read() {
    let mut store = ValueStore::new();
    let g = store.evaluate("*4000").unwrap();
    let lefts = store.left_options(g);
    let (limits, looks) = counting_looks();
    let reads = store
        .bounded(limits, |s| {
            lefts
                .iter()
                .map(|&option| s.left_options(option).len())
                .sum::<usize>()
        })
        .unwrap();
    assert_eq!(reads, (1..4000).sum::<usize>());
    let least = reads / (Limits::EVERY as usize + 3999);
    let counted = looks.load(Ordering::SeqCst);
    assert!(
        counted >= least,
        "{counted} looks, at least {least} expected"
    );
}

/// `partizan_position` found the Hackenbush picture
/// `GGRRBRBRBRGGGGGGGGGGGGGRBRBRBRGGGG+GGBG` solving for 8.6 s past a 200 ms deadline. Its
/// value takes milliseconds, but its canonical form written out is larger than any memory
/// limit (each of its 140 values is written again wherever it is an option), and printing
/// it sorted options for print order, which compares options by their own sorted options:
/// each game's options were sorted again for every comparison above it, a number of sorts
/// exponential in the depth, with no placeholder answer once the run was interrupted. Now
/// each printing sorts each game's options once, and stops sorting once interrupted: the
/// solve passes its memory limit at once and says so.
#[test]
fn a_canonical_form_too_large_to_print_passes_the_memory_limit_at_once() {
    let text = "GGRRBRBRBRGGGGGGGGGGGGGRBRBRBRGGGG+GGBG";
    let game = registry::find("hackenbush").unwrap();
    let options = SolveOptions {
        memory_limit: Some(64_000_000),
        ..SolveOptions::default()
    };
    match game.solve(text, &options) {
        Err(SolveError::TooLarge(message)) => {
            assert!(message.contains("memory limit"), "{message}");
        }
        other => panic!("{other:?}"),
    }

    // The value itself: each stalk stands on a green edge that either player may cut,
    // taking the whole stalk, so every position lets both players move or neither. The
    // value is all-small: an infinitesimal, with both stops 0 and temperature 0.
    let position: Hackenbush = text.parse().unwrap();
    let mut store = ValueStore::new();
    let g = Evaluator::new().value(&mut store, &position);
    assert_eq!(store.len(), 140);
    assert!(store.is_all_small(g));
    assert_eq!(store.stops(g), (Dyadic::ZERO, Dyadic::ZERO));
    assert_eq!(store.temperature(g), Dyadic::ZERO);
    assert_eq!(store.mean(g), Dyadic::ZERO);

    // 1 MB of text is some 60 000 games written (16 bytes each, one step each), with the
    // options of each of the 140 values sorted once: a few looks at the limits' worth of
    // steps. Sorting as before, over 400 000 looks (1.7 billion steps, 30 s) had not
    // written 1 MB; the stop raised at the 1000th look ends such a run.
    let stop = Stop::new();
    let raiser = stop.clone();
    let looks = Arc::new(AtomicUsize::new(0));
    let counted = looks.clone();
    let limits = Limits::new(stop, Some(1_000_000)).report(move |_, _| {
        if counted.fetch_add(1, Ordering::SeqCst) + 1 == 1000 {
            raiser.raise();
        }
    });
    let printed = store.bounded(limits, |s| s.display(g).len());
    assert!(
        matches!(printed, Err(Interrupted::StoreOverMemory { .. })),
        "{printed:?} after {} looks",
        looks.load(Ordering::SeqCst)
    );
    let counted = looks.load(Ordering::SeqCst);
    assert!(counted <= 100, "{counted} looks");

    // And a stop ends it: no look at the limits after the one that finds the stop.
    let (limits, reports, after_raise) = raised_at_first_report();
    let printed = store.bounded(limits, |s| s.display(g).len());
    assert!(
        matches!(printed, Err(Interrupted::Stopped(_))),
        "{printed:?}"
    );
    assert_eq!(reports.load(Ordering::SeqCst), 1);
    assert_eq!(after_raise.load(Ordering::SeqCst), 0);
}
