//! The value notation: the input (as UTF-8, invalid bytes replaced) is read by
//! `ValueStore::evaluate`. Every store operation runs inside `ValueStore::bounded`, under one
//! deadline for the whole input and a small memory limit (`grundy_fuzz::VALUATION_TIME`,
//! `grundy_fuzz::VALUATION_MEMORY`), so that no input hangs or exhausts memory; an
//! interrupted run is fine and ends the input. Reading must never panic, and a value that
//! reads must behave as a value:
//!
//! - its printed form reads back to the same value, and prints the same in a new store;
//! - `g - g = 0`, `g + 0 = g`, `-(-g) = g`;
//! - its outcome class agrees with its comparisons with zero both ways, with its options
//!   (Left wins moving first exactly when a Left option is `>= 0`), and with that of `-g`;
//! - its stops are ordered (right stop <= left stop), a right stop above zero makes it
//!   positive and a left stop below zero negative, and `-g` has the stops negated;
//! - both walls of its thermograph stand at the mean at its temperature and at the stops at
//!   temperature 0; `g + g` has twice its mean and no higher temperature;
//! - its summary is made and agrees with the above.
#![no_main]

use grundy::cgt::{Comparison, Dyadic, GameId, Interrupted, Limits, OutcomeClass, ValueStore};
use grundy::stop::Stop;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let stop = grundy_fuzz::valuation_stop();
    let mut store = ValueStore::new();
    // An interrupted run (the deadline or the memory limit) ends the input.
    let _ = check(&mut store, &text, &stop);
});

/// `work` on the store, bounded by `stop` and the memory limit.
fn bounded<R>(
    store: &mut ValueStore,
    stop: &Stop,
    work: impl FnOnce(&mut ValueStore) -> R,
) -> Result<R, Interrupted> {
    let limits = Limits::new(stop.clone(), Some(grundy_fuzz::VALUATION_MEMORY));
    store.bounded(limits, work)
}

/// The outcome class from who wins moving first.
fn outcome_of(left_wins_first: bool, right_wins_first: bool) -> OutcomeClass {
    match (left_wins_first, right_wins_first) {
        (true, false) => OutcomeClass::Left,
        (false, true) => OutcomeClass::Right,
        (true, true) => OutcomeClass::Next,
        (false, false) => OutcomeClass::Previous,
    }
}

/// The outcome class of `g` from its comparison with zero.
fn outcome_of_comparison(comparison: Comparison) -> OutcomeClass {
    match comparison {
        Comparison::Greater => OutcomeClass::Left,
        Comparison::Less => OutcomeClass::Right,
        Comparison::Fuzzy => OutcomeClass::Next,
        Comparison::Equal => OutcomeClass::Previous,
    }
}

/// The outcome class of `-g` from that of `g`.
fn mirrored(outcome: OutcomeClass) -> OutcomeClass {
    match outcome {
        OutcomeClass::Left => OutcomeClass::Right,
        OutcomeClass::Right => OutcomeClass::Left,
        other => other,
    }
}

fn check(store: &mut ValueStore, text: &str, stop: &Stop) -> Result<(), Interrupted> {
    let Ok(g) = bounded(store, stop, |s| s.evaluate(text))? else {
        return Ok(());
    };
    let printed = bounded(store, stop, |s| s.display(g))?;
    let again = bounded(store, stop, |s| s.evaluate(&printed))?;
    // Sums can reach an up-multiple past the largest count the notation reads (`v65536 +
    // v1`); such a value prints, and its printed form is refused naming the count, a known
    // limit of the notation (docs/partizan.md). Every other value reads back.
    if matches!(&again, Err(error) if error.message.starts_with("count too large")) {
        return Ok(());
    }
    assert_eq!(again, Ok(g), "{text:?} prints as {printed:?}");
    let mut fresh = ValueStore::new();
    let reprinted = bounded(&mut fresh, stop, |s| {
        s.evaluate(&printed).map(|h| s.display(h))
    })?;
    assert_eq!(
        reprinted.as_deref(),
        Ok(printed.as_str()),
        "{text:?} prints as {printed:?} in a new store"
    );

    let zero = store.zero();
    let (minus, difference, plus_zero, double_negative) = bounded(store, stop, |s| {
        let minus = s.neg(g);
        (minus, s.add(g, minus), s.add(g, zero), s.neg(minus))
    })?;
    assert_eq!(difference, zero, "{printed}: g - g");
    assert_eq!(plus_zero, g, "{printed}: g + 0");
    assert_eq!(double_negative, g, "{printed}: -(-g)");

    check_outcome(store, stop, g, minus, &printed)?;
    check_stops_and_thermograph(store, stop, g, minus, &printed)?;

    let summary = bounded(store, stop, |s| s.summary(g))?;
    let (outcome, stops, mean, temperature) = bounded(store, stop, |s| {
        (s.outcome(g), s.stops(g), s.mean(g), s.temperature(g))
    })?;
    assert_eq!(summary.canonical, printed, "{printed}: the summary's form");
    assert_eq!(summary.outcome, outcome, "{printed}: the summary's outcome");
    assert_eq!(
        (summary.left_stop, summary.right_stop),
        stops,
        "{printed}: the summary's stops"
    );
    assert_eq!(
        (summary.mean, summary.temperature),
        (mean, temperature),
        "{printed}: the summary's mean and temperature"
    );
    Ok(())
}

/// The outcome class of `g` (with `minus = -g`) against its comparisons and its options.
fn check_outcome(
    store: &mut ValueStore,
    stop: &Stop,
    g: GameId,
    minus: GameId,
    printed: &str,
) -> Result<(), Interrupted> {
    let zero = store.zero();
    let (outcome, of_minus, versus_zero, zero_versus, left_first, right_first) =
        bounded(store, stop, |s| {
            (
                s.outcome(g),
                s.outcome(minus),
                s.compare(g, zero),
                s.compare(zero, g),
                s.left_wins_moving_first(g),
                s.right_wins_moving_first(g),
            )
        })?;
    assert_eq!(outcome, outcome_of_comparison(versus_zero), "{printed}");
    assert_eq!(
        mirrored(outcome),
        outcome_of_comparison(zero_versus),
        "{printed}: 0 against g"
    );
    assert_eq!(
        outcome,
        outcome_of(left_first, right_first),
        "{printed}: who wins moving first"
    );
    assert_eq!(of_minus, mirrored(outcome), "{printed}: the outcome of -g");
    // G |> 0 exactly when some Left option is >= 0; G <| 0 when some Right option is <= 0.
    let (left_by_options, right_by_options) = bounded(store, stop, |s| {
        let lefts = s.left_options(g);
        let rights = s.right_options(g);
        (
            lefts.iter().any(|&l| s.ge(l, zero)),
            rights.iter().any(|&r| s.le(r, zero)),
        )
    })?;
    assert_eq!(
        (left_first, right_first),
        (left_by_options, right_by_options),
        "{printed}: who wins moving first, from the options"
    );
    Ok(())
}

/// The stops and the thermograph of `g` (with `minus = -g`).
fn check_stops_and_thermograph(
    store: &mut ValueStore,
    stop: &Stop,
    g: GameId,
    minus: GameId,
    printed: &str,
) -> Result<(), Interrupted> {
    let ((left_stop, right_stop), (minus_left, minus_right), outcome) =
        bounded(store, stop, |s| (s.stops(g), s.stops(minus), s.outcome(g)))?;
    assert!(
        right_stop <= left_stop,
        "{printed}: right stop {right_stop} above left stop {left_stop}"
    );
    assert_eq!(
        (minus_left, minus_right),
        (-&right_stop, -&left_stop),
        "{printed}: the stops of -g"
    );
    if right_stop > Dyadic::ZERO {
        assert_eq!(
            outcome,
            OutcomeClass::Left,
            "{printed}: right stop {right_stop}"
        );
    }
    if left_stop < Dyadic::ZERO {
        assert_eq!(
            outcome,
            OutcomeClass::Right,
            "{printed}: left stop {left_stop}"
        );
    }
    if let Some(x) = store.as_number(g) {
        assert_eq!(
            (&left_stop, &right_stop),
            (&x, &x),
            "{printed}: a number's stops"
        );
    }

    let thermograph = bounded(store, stop, |s| s.thermograph(g))?;
    let temperature = thermograph.temperature();
    let mean = thermograph.mast();
    assert!(
        temperature >= Dyadic::integer(-1),
        "{printed}: temperature {temperature}"
    );
    assert_eq!(
        (
            thermograph.left_at(&temperature),
            thermograph.right_at(&temperature)
        ),
        (mean.clone(), mean.clone()),
        "{printed}: the walls at the temperature {temperature}"
    );
    assert_eq!(
        (
            thermograph.left_at(&Dyadic::ZERO),
            thermograph.right_at(&Dyadic::ZERO)
        ),
        (left_stop.clone(), right_stop.clone()),
        "{printed}: the walls at temperature 0"
    );

    // Means add, and the temperature of a sum is at most the larger of the parts'.
    let (double_mean, double_temperature) = bounded(store, stop, |s| {
        let double = s.add(g, g);
        (s.mean(double), s.temperature(double))
    })?;
    assert_eq!(double_mean, mean.times(2), "{printed}: the mean of g + g");
    assert!(
        double_temperature <= temperature,
        "{printed}: g + g has temperature {double_temperature}, g {temperature}"
    );
    Ok(())
}
