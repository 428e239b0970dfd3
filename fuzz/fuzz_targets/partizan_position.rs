//! Positions of the valued partizan games, however expensive: the first byte picks one of the
//! games the partizan solver values (`grundy_fuzz::valued_games`, read from the registry),
//! the rest (as UTF-8, invalid bytes replaced) is the position. Starting must never panic; a
//! position that starts must print a position that starts again to the same position; the
//! solve, bounded as a whole by a short deadline and a small memory limit
//! (`grundy_fuzz::VALUATION_TIME`, `grundy_fuzz::VALUATION_MEMORY`), must never panic. Any
//! error is fine (a refused position, the deadline, the memory limit). A report must agree
//! with itself: its value reads back in the value notation and prints the same, with the
//! report's outcome class; its components' values add up to it; each player wins moving
//! first as the outcome class says (a loopy game's report, whose value is no short game,
//! is only solved).
#![no_main]

use grundy::cgt::{Limits, ValueStore};
use grundy::report::{Report, SolveOptions, ValuedReport};
use grundy::stop::Stop;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((game, rest)) = grundy_fuzz::pick_valued_game(data) else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    grundy_fuzz::check_round_trip(game, &text);
    let stop = grundy_fuzz::valuation_stop();
    let options = SolveOptions {
        moves: 4,
        memory_limit: Some(grundy_fuzz::VALUATION_MEMORY),
        stop: &stop,
        ..SolveOptions::default()
    };
    if let Ok(Report::Valued(report)) = game.solve(&text, &options) {
        check_report(&report, &stop, &text);
    }
});

/// The report's value, outcome class, components and players agree (checked in a store of
/// its own, bounded by the same stop: an interrupted check is fine).
fn check_report(report: &ValuedReport, stop: &Stop, text: &str) {
    // A loopy game's value (`on`, `dud`, `a & b`) is not a short game: the short store does
    // not read it, and its players may draw. Its route is checked against plain retrograde
    // twins in the library's tests.
    if report.loopy_kind.is_some() {
        return;
    }
    let mut store = ValueStore::new();
    let limits = Limits::new(stop.clone(), Some(grundy_fuzz::VALUATION_MEMORY));
    let checked = store.bounded(limits, |s| {
        let value = s
            .evaluate(&report.canonical)
            .unwrap_or_else(|error| panic!("{text:?}: value {:?}: {error}", report.canonical));
        let parts: Vec<_> = report
            .components
            .iter()
            .map(|part| {
                s.evaluate(&part.value)
                    .unwrap_or_else(|error| panic!("{text:?}: component {:?}: {error}", part.value))
            })
            .collect();
        let total = s.sum(&parts);
        (
            s.display(value),
            s.outcome(value),
            total == value,
            s.left_wins_moving_first(value),
            s.right_wins_moving_first(value),
        )
    });
    let Ok((printed, outcome, components_add_up, left_wins, right_wins)) = checked else {
        return;
    };
    assert_eq!(printed, report.canonical, "{text:?}: the value prints again");
    assert_eq!(
        outcome.letter(),
        report.outcome,
        "{text:?}: the outcome class of {printed}"
    );
    assert!(
        components_add_up,
        "{text:?}: the components {:?} do not add up to {printed}",
        report.components
    );
    for player in &report.players {
        let expected = match player.player.as_str() {
            "left" => left_wins,
            "right" => right_wins,
            other => panic!("{text:?}: a player named {other:?}"),
        };
        assert_eq!(
            player.wins, expected,
            "{text:?}: {} moving first in {printed} ({outcome})",
            player.player
        );
    }
}
