//! Misère play through the registry's games: which games take it, a misère game in
//! progress (the last mover loses, the bounds are the usual rules'), and the exact misère
//! search on Nim, the rectangle game and take-and-break (its values, its limit and stop,
//! its memo shared by sums in another order, its progress reports).

#![allow(clippy::unwrap_used)]

use grundy::misere_play::check_misere;
use grundy::misere_play::search::{MisereSearch, MisereValue, SearchError, DEFAULT_LIMIT};
use grundy::play::{Budget, Side, Status};
use grundy::registry;
use grundy::report::Observer;
use grundy::stop::Stop;

#[test]
fn only_impartial_games_accept_misere_play() {
    for game in registry::all() {
        let checked = check_misere(*game);
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
            winner: Side::First
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
            assert_eq!(
                game.check_served(misere.as_ref()),
                game.check_served(usual.as_ref())
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
