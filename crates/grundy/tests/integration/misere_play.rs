//! Misère play through the registry's games: which games take it, a misère game in
//! progress (the last mover loses, the bounds are the usual rules'), and the exact misère
//! search on Nim, the rectangle game and take-and-break (its values, its limit and stop,
//! its memo shared by sums in another order, its progress reports).

#![allow(clippy::unwrap_used)]

use grundy::game::{Budget, Status};

use grundy::misere_play::check_misere;
use grundy::misere_play::search::{MisereSearch, DEFAULT_LIMIT};
use grundy::misere_play::solve::solve_with_limit;
use grundy::misere_play::theory::{reachable_lower_bound, search_certainly_too_large};
use grundy::misere_play::value::{MisereValue, SearchError};
use grundy::player::Seat;
use grundy::registry;
use grundy::report::Outcome;
use grundy::report::{Observer, Report, SolveOptions, SolvedReport};
use grundy::stop::Stop;

#[test]
fn only_impartial_games_accept_misere_play() {
    for game in registry::all() {
        let checked = check_misere(game.entry());
        assert_eq!(checked.is_ok(), game.is_impartial(), "{game}");
        if let Err(error) = checked {
            assert!(error.to_string().contains(game.name()), "{error}");
        }
    }
}

#[test]
fn the_last_mover_loses_and_perfect_play_wins() {
    let nim = registry::find("nim").unwrap();
    let mut game = nim.start("1+1+2@misere").unwrap();
    assert_eq!(game.position(), "1+1+2@misere");
    let budget = Budget::default();
    let analysis = game.analyse(&budget);
    assert_eq!(analysis.to_move_wins, Some(true));
    // Leave an odd number of single tokens: 2->1.
    assert_eq!(game.perfect_move(&budget).as_deref(), Some("2->1"));
    game.play("2->1").unwrap();
    game.play("1->0").unwrap();
    game.play("1->0").unwrap();
    assert_eq!(game.status(), Status::Ongoing);
    game.play("1->0").unwrap();
    // The second player took the last token and lost.
    assert_eq!(
        game.status(),
        Status::Won {
            winner: Seat::First
        }
    );
    assert_eq!(game.start_position(), "1+1+2@misere");
}

#[test]
fn the_bounds_are_the_usual_rules_bounds() {
    for game in registry::all().iter().filter(|game| game.is_impartial()) {
        for position in game.test_positions() {
            let usual = game.start(position).unwrap();
            let misere = game.start(&format!("{position}@misere")).unwrap();
            assert_eq!(
                game.most_moves(misere.as_ref()),
                game.most_moves(usual.as_ref()),
                "{game} {position}"
            );
            assert_eq!(
                game.longest_game(misere.as_ref()),
                game.longest_game(usual.as_ref()),
                "{game} {position}"
            );
        }
    }
}

/// The exact misère value of `position` of the registry's game `game`.
fn value(game: &str, position: &str) -> MisereValue {
    let game = registry::find(game).unwrap();
    let state = game.entry().start(position).unwrap();
    MisereSearch::new(DEFAULT_LIMIT, &Stop::NEVER)
        .value(state.as_ref())
        .unwrap()
}

#[test]
fn misere_nim_by_hand() {
    // No heap: the opponent took the last token and lost.
    assert_eq!(
        value("nim", "0"),
        MisereValue {
            wins: true,
            remoteness: 0
        }
    );
    // One heap of one: take it and lose.
    assert_eq!(
        value("nim", "1"),
        MisereValue {
            wins: false,
            remoteness: 1
        }
    );
    // 1+1+1: whatever happens the mover takes the last.
    assert_eq!(
        value("nim", "1+1+1"),
        MisereValue {
            wins: false,
            remoteness: 3
        }
    );
    // A single heap of 5: take 4, leave 1.
    assert_eq!(
        value("nim", "5"),
        MisereValue {
            wins: true,
            remoteness: 2
        }
    );
}

#[test]
fn the_limit_is_named_and_the_stop_is_obeyed() {
    let nim = registry::find("nim").unwrap();
    let state = nim.entry().start("9+9+9+9").unwrap();
    let error = MisereSearch::new(100, &Stop::NEVER)
        .value(state.as_ref())
        .unwrap_err();
    assert_eq!(error, SearchError::TooLarge { limit: 100 });
    assert!(error.to_string().contains("100 positions"), "{error}");
    // A long line is refused before it is walked to its end.
    let rectangle = registry::find("rectangle").unwrap();
    let long = rectangle.entry().start("100000x1").unwrap();
    let error = MisereSearch::new(1000, &Stop::NEVER)
        .value(long.as_ref())
        .unwrap_err();
    assert_eq!(error, SearchError::TooLarge { limit: 1000 });
    let stop = Stop::new();
    stop.raise();
    let error = MisereSearch::new(100, &stop)
        .value(state.as_ref())
        .unwrap_err();
    assert!(matches!(error, SearchError::Stopped(_)), "{error}");
}

#[test]
fn sums_in_another_order_share_the_memo() {
    let takebreak = registry::find("takebreak").unwrap();
    let mut search = MisereSearch::new(DEFAULT_LIMIT, &Stop::NEVER);
    let first = search
        .value(takebreak.entry().start("0.77:3+4+0").unwrap().as_ref())
        .unwrap();
    let known = search.positions();
    let second = search
        .value(takebreak.entry().start("0.77:4+3").unwrap().as_ref())
        .unwrap();
    assert_eq!(first, second);
    assert_eq!(search.positions(), known);
    // 3 + 4 + 0 reaches the sums of at most two Kayles heaps of at most 4 and 3 pins,
    // each once whatever the order: far fewer than the orderings.
    assert!(known < 30, "{known} positions");
    let nim = registry::find("nim").unwrap();
    let mut search = MisereSearch::new(DEFAULT_LIMIT, &Stop::NEVER);
    search
        .value(nim.entry().start("1+2+3").unwrap().as_ref())
        .unwrap();
    let known = search.positions();
    search
        .value(nim.entry().start("3+1+2").unwrap().as_ref())
        .unwrap();
    assert_eq!(search.positions(), known);
}

#[test]
fn the_observer_hears_how_far_the_search_has_come() {
    #[derive(Default)]
    struct Recorder(std::sync::Mutex<Vec<String>>);
    impl Observer for Recorder {
        fn working(&self, task: &str, status: &str) {
            self.0.lock().unwrap().push(format!("{task}: {status}"));
        }
    }
    let recorder = Recorder::default();
    let nim = registry::find("nim").unwrap();
    let state = nim.entry().start("9+9+9+9+2").unwrap();
    let mut search = MisereSearch::new(DEFAULT_LIMIT, &Stop::NEVER).observed_by(Some(&recorder));
    search.value(state.as_ref()).unwrap();
    // The observer hears every 1024 positions.
    assert!(search.positions() > 1024);
    let heard = recorder.0.lock().unwrap();
    assert_eq!(
        heard.first().map(String::as_str),
        Some("exact misère search: 1024 positions valued, at most 1000000 searched")
    );
}

// The misère theory's bound on the positions a search would value.

#[test]
fn the_bound_is_below_what_the_search_values() {
    for (game, position) in [
        ("takebreak", "0.77:9+8+7+6+5"),
        ("takebreak", "0.77:12+12+3"),
        ("takebreak", "0.137:15+9+4"),
        ("takebreak", "S(2,3):20+17+11"),
        ("takebreak", "AB(1):14+9"),
        ("nim", "5+4+3+2+2"),
        ("nim", "9+9"),
    ] {
        let state = registry::find(game)
            .unwrap()
            .entry()
            .start(position)
            .unwrap();
        let bound = reachable_lower_bound(state.as_ref()).unwrap();
        let mut search = MisereSearch::new(DEFAULT_LIMIT, &Stop::NEVER);
        search.value(state.as_ref()).unwrap();
        assert!(
            bound <= search.positions() as f64,
            "{position}: bound {bound}, searched {}",
            search.positions()
        );
    }
}

#[test]
fn large_sums_are_known_too_large_without_searching() {
    let takebreak = registry::find("takebreak").unwrap().entry();
    let large = takebreak.start("0.77:100+200+300+400").unwrap();
    assert!(search_certainly_too_large(large.as_ref(), DEFAULT_LIMIT));
    let small = takebreak.start("0.77:9+8+7+6+5").unwrap();
    assert!(!search_certainly_too_large(small.as_ref(), DEFAULT_LIMIT));
    // Grundy's game never takes a token: no bound is claimed.
    let grundy = takebreak.start("grundy:100+200").unwrap();
    assert_eq!(reachable_lower_bound(grundy.as_ref()), None);
}

// Misère solves: the search, Bouton's rule, the misère quotient.

fn solved(game: &str, position: &str, limit: usize) -> SolvedReport {
    let game = registry::find(game).unwrap();
    match solve_with_limit(game.entry(), position, &SolveOptions::default(), limit).unwrap() {
        Report::Solved(report) => report,
        other => panic!("{other:?}"),
    }
}

#[test]
fn small_nim_is_searched_and_large_nim_follows_bouton() {
    let small = solved("nim", "1+2+4", DEFAULT_LIMIT);
    assert_eq!(small.outcome, Outcome::Win);
    assert_eq!(small.winning_moves, ["4->3"]);
    assert!(small.remoteness.is_some());
    assert_eq!(small.position, "1+2+4@misere");
    let large = solved("nim", "1000000000000+1", DEFAULT_LIMIT);
    assert_eq!(large.outcome, Outcome::Win);
    assert_eq!(large.winning_moves, ["1000000000000->0"]);
    assert!(large.remoteness.is_none());
    assert!(large.notes.iter().any(|note| note.contains("Bouton")));
}

#[test]
fn a_game_without_theory_names_the_limit() {
    let error = solve_with_limit(
        registry::find("rectangle").unwrap().entry(),
        "12x12",
        &SolveOptions::default(),
        50,
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("limited to 50 positions"), "{error}");
    assert!(error.contains("rectangle"), "{error}");
}

#[test]
fn wild_take_and_break_sums_follow_the_misere_quotient() {
    // A search limited to one position leaves these sums to theory; each has a wild heap
    // (Kayles from 5 on, Dawson's chess from 5 on, as the genus shows), so the misère
    // quotient answers, and it must give the exact search's outcome and winning moves.
    for position in ["0.77:8+5+12", "0.77:10+1+9", "0.137:5+7+11", "0.137:6+2+9"] {
        let exact = solved("takebreak", position, DEFAULT_LIMIT);
        let theory = solved("takebreak", position, 1);
        assert!(
            theory.notes.iter().any(|note| note.contains("quotient")),
            "{position}: {:?}",
            theory.notes
        );
        assert_eq!(exact.outcome, theory.outcome, "{position}");
        let mut exact_moves = exact.winning_moves.clone();
        let mut theory_moves = theory.winning_moves.clone();
        exact_moves.sort();
        theory_moves.sort();
        assert_eq!(exact_moves, theory_moves, "{position}");
    }
}
