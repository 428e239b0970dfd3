//! Misère play against its slow twins: Bouton's rule and the tame rule against the exact
//! misère search, every impartial game's misère analysis against a plain recursive brute
//! force through the [`GameState`] interface, and the genera of Kayles, Dawson's chess and
//! Grundy's game against published values.

#![allow(clippy::unwrap_used)]

use grundy::game::{GameState, Status};
use grundy::games::takebreak::HeapRules;
use grundy::misere_play::genus::{tame_to_move_wins, tame_up_to, Genus, GenusSearch};
use grundy::misere_play::nim;
use grundy::misere_play::search::{MisereSearch, DEFAULT_LIMIT};
use grundy::misere_play::value::MisereValue;
use grundy::registry;
use grundy::registry::Game;
use grundy::report::Outcome;
use grundy::report::{Report, SolveOptions};
use grundy::stop::Stop;
use proptest::prelude::*;
use rand::{rngs::StdRng, SeedableRng};

/// The misère value of a position by plain recursion, without a memo; `None` when it would
/// visit more than `budget` positions or go more than 150 moves past its start.
fn brute_force(state: &dyn GameState, budget: &mut u64) -> Option<MisereValue> {
    *budget = budget.checked_sub(1)?;
    // Deep lines are left out, to keep the recursion within a test thread's stack.
    if state.history().len() > 150 {
        return None;
    }
    if let Status::Won { winner } = state.status() {
        // The normal-play winner loses under misère play.
        return Some(MisereValue {
            wins: winner != state.side_to_move(),
            remoteness: 0,
        });
    }
    let moves = state.legal_moves(usize::MAX).moves;
    let mut best: Option<MisereValue> = None;
    for mv in moves {
        let mut child = state.clone_box();
        child.play(&mv).unwrap();
        let after = brute_force(child.as_ref(), budget)?;
        let mine = MisereValue {
            wins: !after.wins,
            remoteness: after.remoteness + 1,
        };
        best = Some(match best {
            None => mine,
            Some(old) => better(old, mine),
        });
    }
    Some(best.unwrap_or(MisereValue {
        wins: true,
        remoteness: 0,
    }))
}

/// The better of two values for the player choosing: a win over a loss, the faster win, the
/// slower loss.
fn better(a: MisereValue, b: MisereValue) -> MisereValue {
    match (a.wins, b.wins) {
        (true, false) => a,
        (false, true) => b,
        (true, true) => {
            if b.remoteness < a.remoteness {
                b
            } else {
                a
            }
        }
        (false, false) => {
            if b.remoteness > a.remoteness {
                b
            } else {
                a
            }
        }
    }
}

fn exact(game: &str, position: &str) -> MisereValue {
    let game = registry::find(game).unwrap();
    let state = game.entry().start(position).unwrap();
    MisereSearch::new(DEFAULT_LIMIT, &Stop::NEVER)
        .value(state.as_ref())
        .unwrap()
}

/// The winning moves the exact search finds, sorted.
fn searched_winning_moves(game: &str, position: &str) -> Vec<String> {
    let game = registry::find(game).unwrap();
    let state = game.entry().start(position).unwrap();
    let mut moves: Vec<String> = MisereSearch::new(DEFAULT_LIMIT, &Stop::NEVER)
        .move_values(state.as_ref())
        .unwrap()
        .into_iter()
        .filter(|(_, after)| !after.wins)
        .map(|(mv, _)| mv)
        .collect();
    moves.sort();
    moves
}

fn heaps_text(heaps: &[u64]) -> String {
    let kept: Vec<String> = heaps
        .iter()
        .filter(|heap| **heap > 0)
        .map(u64::to_string)
        .collect();
    if kept.is_empty() {
        "0".to_string()
    } else {
        kept.join("+")
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Bouton's misère rule gives the exact search's outcome and winning moves.
    #[test]
    fn boutons_rule_agrees_with_the_search(heaps in prop::collection::vec(0u64..6, 0..5)) {
        let position = heaps_text(&heaps);
        let value = exact("nim", &position);
        prop_assert_eq!(nim::to_move_wins(&heaps), value.wins, "{}", position);
        let mut by_rule: Vec<String> = nim::winning_moves(&heaps)
            .into_iter()
            .map(|(heap, rest)| format!("{heap}->{rest}"))
            .collect();
        by_rule.sort();
        prop_assert_eq!(by_rule, searched_winning_moves("nim", &position), "{}", position);
    }

    /// The tame rule gives the exact search's outcome on sums of heaps that are tame through
    /// and through, for Kayles, Dawson's chess, Dawson's Kayles and a subtraction game.
    #[test]
    fn the_tame_rule_agrees_with_the_search(
        code in prop::sample::select(vec!["0.77", "0.137", "0.07", "0.6", "S(1,2)"]),
        heaps in prop::collection::vec(0u64..12, 1..4),
    ) {
        let rules: HeapRules = code.parse().unwrap();
        let mut search = GenusSearch::new(&rules, 1_000_000, &Stop::NEVER);
        // Keep only heaps up to the last of the tame prefix.
        let mut tame_to = 0;
        while tame_to < 11 && tame_up_to(&mut search, tame_to + 1).unwrap() {
            tame_to += 1;
        }
        let heaps: Vec<u64> = heaps.into_iter().map(|heap| heap % (tame_to + 1)).collect();
        let genera: Vec<Genus> = heaps.iter().map(|heap| search.genus(*heap).unwrap()).collect();
        let chosen: Vec<&Genus> = genera.iter().collect();
        let by_rule = tame_to_move_wins(&chosen).unwrap();
        let position = format!("{rules}:{}", heaps_text(&heaps));
        prop_assert_eq!(by_rule, exact("takebreak", &position).wins, "{}", position);
    }
}

/// Every impartial game of the registry that ends: the misère analysis (`@misere`) against
/// the brute force, on the positions met in random play-outs from the game's test positions,
/// wherever the brute force takes at most 4 000 positions. The games that can loop (Wind-Up,
/// Fair Shares and Varied Pairs) play misère by the retrograde analysis, checked against the
/// loopy brute force in `loopy::rulesets`.
#[test]
fn every_impartial_game_agrees_with_the_brute_force() {
    let mut rng = StdRng::seed_from_u64(7);
    let ends = |game: &&Game| game.is_impartial() && !game.may_not_end();
    for game in registry::all().iter().filter(ends) {
        let mut checked = 0;
        for start in game.test_positions() {
            let mut state = game.entry().start(start).unwrap();
            for _ in 0..60 {
                let mut budget = 4_000;
                if let Some(expected) = brute_force(state.as_ref(), &mut budget) {
                    check_report(*game, &state.position(), expected);
                    checked += 1;
                }
                let Some(mv) = state.random_move(&mut rng) else {
                    break;
                };
                state.play(&mv).unwrap();
            }
        }
        assert!(
            checked >= 3,
            "{game}: only {checked} positions were small enough"
        );
    }
}

fn check_report(game: Game, position: &str, expected: MisereValue) {
    let misere = format!("{position}@misere");
    let Report::Solved(report) = game.solve(&misere, &SolveOptions::default()).unwrap() else {
        panic!("{game} {misere} is not solved exactly");
    };
    let outcome = if expected.wins {
        Outcome::Win
    } else {
        Outcome::Loss
    };
    assert_eq!(report.outcome, outcome, "{game} {misere}");
    assert_eq!(
        report.remoteness.map(|remoteness| remoteness.moves),
        Some(expected.remoteness),
        "{game} {misere}"
    );
    // A finished game has no move, won or lost; otherwise a win has a winning move.
    if report.best_move.is_some() {
        assert_eq!(
            report.winning_move_count == "0",
            !expected.wins,
            "{game} {misere}"
        );
    }
    // The best move keeps the value: after it, the opponent's position is worth what the
    // brute force said, one move closer.
    if let Some(best) = report.best_move {
        let mut after = game.entry().start(position).unwrap();
        after.play(&best).unwrap();
        let mut budget = u64::MAX;
        let next = brute_force(after.as_ref(), &mut budget).unwrap();
        assert_eq!(next.wins, !expected.wins, "{game} {misere} {best}");
        assert_eq!(
            next.remoteness + 1,
            expected.remoteness,
            "{game} {misere} {best}"
        );
    }
}

/// The rules of a take-and-break game from their notation.
fn heap_rules(code: &str) -> HeapRules {
    code.parse().unwrap()
}

/// The misère values `γ0 … γ5` of a heap plus 0 to 5 heaps of 2, as digits.
fn terms(search: &mut GenusSearch<'_>, heap: u64) -> String {
    let genus = search.genus(heap).unwrap();
    genus.misere.iter().map(u64::to_string).collect()
}

/// Published genus sequences (`γ0` to `γ5`, heap 0 first), as CGSuite 2.2 computes them
/// (`TakeAndBreak(code)(n)`, its misère canonical form plus heaps of 2); the symbols of Kayles
/// and Dawson's chess are those of *Winning Ways*, ch. 13 (`4^{146}` for Kayles 5, `3^{1431}`
/// for Dawson's chess 9, its first wild heap).
const PUBLISHED: &[(&str, &[&str])] = &[
    (
        "0.77",
        &[
            "120202", "031313", "202020", "313131", "031313", "146464", "313131", "202020",
            "131313", "046464", "202020", "464646", "046464", "131313", "202020", "575757",
            "131313", "646464", "313131", "202020", "031313", "646464", "464646", "575757",
            "646464", "731313",
        ],
    ),
    (
        "0.137",
        &[
            "120202", "031313", "031313", "202020", "120202", "313131", "031313", "031313",
            "120202", "143131", "313131", "052020", "202020", "146464", "120202", "057575",
            "052020", "202020", "143131", "313131", "020202", "031313", "131313", "143131",
            "313131", "052020",
        ],
    ),
    (
        "grundy",
        &[
            "120202", "120202", "120202", "031313", "120202", "202020", "031313", "120202",
            "202020", "031313", "120202", "202020", "031313", "143131", "202020", "031313",
            "143131", "202020", "056464", "143131",
        ],
    ),
];

#[test]
fn genera_are_the_published_ones() {
    for (code, expected) in PUBLISHED {
        let rules = heap_rules(code);
        let mut search = GenusSearch::new(&rules, 2_000_000, &Stop::NEVER);
        let computed: Vec<String> = (0..expected.len() as u64)
            .map(|heap| terms(&mut search, heap))
            .collect();
        assert_eq!(computed, *expected, "{code}");
    }
    let kayles_rules = heap_rules("0.77");
    let mut kayles = GenusSearch::new(&kayles_rules, 1_000_000, &Stop::NEVER);
    let symbols: Vec<String> = (0..=12)
        .map(|heap| kayles.genus(heap).unwrap().to_string())
        .collect();
    assert_eq!(
        symbols,
        [
            "0^{120}", "1^{031}", "2^{20}", "3^{31}", "1^{031}", "4^{146}", "3^{31}", "2^{20}",
            "1^{13}", "4^{046}", "2^{20}", "6^{46}", "4^{046}"
        ]
    );
    let chess_rules = heap_rules("0.137");
    let mut chess = GenusSearch::new(&chess_rules, 1_000_000, &Stop::NEVER);
    assert_eq!(chess.genus(9).unwrap().to_string(), "3^{1431}");
    assert!(!chess.genus(9).unwrap().is_tame());
    assert!(tame_up_to(&mut chess, 8).unwrap());
}

/// Dawson's chess (0.137) on n is Dawson's Kayles (0.07) on n + 1: the same game, so the
/// same genus.
#[test]
fn dawsons_chess_is_dawsons_kayles_shifted() {
    let (chess_rules, kayles_rules) = (heap_rules("0.137"), heap_rules("0.07"));
    let mut chess = GenusSearch::new(&chess_rules, 1_000_000, &Stop::NEVER);
    let mut kayles = GenusSearch::new(&kayles_rules, 1_000_000, &Stop::NEVER);
    for heap in 0..10 {
        assert_eq!(
            chess.genus(heap).unwrap(),
            kayles.genus(heap + 1).unwrap(),
            "heap {heap}"
        );
    }
}

/// Every game that is not impartial refuses `@misere`, naming itself.
#[test]
fn games_that_are_not_impartial_refuse_misere_play() {
    for game in registry::all().iter().filter(|game| !game.is_impartial()) {
        let position = format!("{}@misere", game.default_position());
        let error = game.start(&position).unwrap_err().to_string();
        assert!(error.contains(game.name()), "{error}");
        let error = game
            .solve(&position, &SolveOptions::default())
            .unwrap_err()
            .to_string();
        assert!(error.contains(game.name()), "{error}");
    }
}
