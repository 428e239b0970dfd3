//! Every game behind `GameState`: legal random play-outs that end, perfect play that keeps a
//! won start, undo, notation round trips, robustness to garbage, and perfect play's game
//! length against the generic solver's remoteness.

#![allow(clippy::unwrap_used)]

use grundy::game::{Budget, Status, CHECKPOINT_EVERY};
use grundy::games::bidding::{Bidding, BiddingGame};
use grundy::games::cuboid::{CuboidGame, CuboidPosition};
use grundy::games::paper::{Paper, PaperGame};
use grundy::games::rectangle::{Rectangle, RectangleGame};
use grundy::impartial::Solver;
use grundy::player::Seat;
use grundy::registry;
use grundy::registry::Game;
use grundy::strategy::StrategySpec;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The registry's game of this name.
fn game(name: &str) -> Game {
    registry::find(name).unwrap()
}

/// A small budget: the solved games ignore it, Pousse searches two plies.
fn budget() -> Budget {
    Budget {
        movetime: None,
        depth: Some(2),
        threads: 1,
        ..Budget::default()
    }
}

/// Waterloo Pousse may go on forever, so its games stop here; every other game ends well
/// within the larger cap (bidding 30000 lasts about 25 000 moves).
fn move_cap(kind: Game) -> usize {
    if kind.may_not_end() {
        3000
    } else {
        100_000
    }
}

#[test]
fn every_game_has_starts_and_a_default_position() {
    for &kind in registry::all() {
        assert!(!kind.test_positions().is_empty(), "{kind}");
        let game = kind.start(kind.default_position()).unwrap();
        assert_eq!(Game::from(game.entry()), kind);
        assert_eq!(kind.name().parse::<Game>().unwrap(), kind);
        assert!(!game.draw().is_empty());
    }
}

/// Along random play-outs from every test position of every game: moves stay legal, the
/// position's notation starts the same game, the game ends, undo goes back to the start, and
/// the entry's bounds hold (no position has more legal moves than `most_moves` of the start,
/// no game lasts longer than its `longest_game`).
#[test]
fn random_play_outs_stay_legal_end_and_undo() {
    for &kind in registry::all() {
        for (index, start) in kind.test_positions().iter().enumerate() {
            for seed in 0..3u64 {
                let mut game = kind.start(start).unwrap();
                let first = game.position();
                let most = kind.most_moves(game.as_ref());
                let longest = kind.longest_game(game.as_ref());
                let mut rng = ChaCha8Rng::seed_from_u64(seed * 31 + index as u64);
                let mut moves = 0;
                while game.status() == Status::Ongoing && moves < move_cap(kind) {
                    if let (Some(most), Some(total)) = (most, game.legal_moves(0).total) {
                        assert!(total <= most, "{kind} {start}: {total} moves > {most}");
                    }
                    let mv = game.random_move(&mut rng).unwrap();
                    let listed = game.legal_moves(usize::MAX);
                    if listed.complete {
                        assert!(listed.moves.contains(&mv), "{kind} {start}: {mv}");
                    }
                    let canonical = game.play(&mv).unwrap();
                    assert_eq!(canonical, mv, "{kind}: moves are drawn in notation");
                    moves += 1;
                    // The position's notation starts the same game, with the same moves:
                    // entries read a game's position back from its notation.
                    let again = kind.start(&game.position()).unwrap();
                    assert_eq!(again.position(), game.position(), "{kind}");
                    assert_eq!(
                        again.legal_moves(usize::MAX).moves,
                        game.legal_moves(usize::MAX).moves,
                        "{kind} at {}",
                        game.position()
                    );
                    assert_eq!(
                        again.status() == Status::Ongoing,
                        game.status() == Status::Ongoing
                    );
                }
                if !kind.may_not_end() {
                    assert_ne!(game.status(), Status::Ongoing, "{kind} {start} did not end");
                }
                if let Some(longest) = longest {
                    assert!(
                        moves as u128 <= longest,
                        "{kind} {start}: {moves} > {longest}"
                    );
                }
                if game.status() != Status::Ongoing {
                    assert!(game.random_move(&mut rng).is_none());
                    assert!(game.legal_moves(10).moves.is_empty());
                    assert!(game.perfect_move(&budget()).is_none());
                    assert!(game.play("anything").is_err());
                }
                assert_eq!(game.history().len(), moves);
                while game.undo().is_some() {}
                assert_eq!(game.position(), first, "{kind} {start}");
                assert_eq!(game.side_to_move(), Seat::First);
            }
        }
    }
}

/// Plays `first` against `second` from `start`; the final status.
fn play(kind: Game, start: &str, first: &str, second: &str, seed: u64) -> (Status, usize) {
    let mut game = kind.start(start).unwrap();
    let mut players = [
        first.parse::<StrategySpec>().unwrap().build(seed),
        second.parse::<StrategySpec>().unwrap().build(seed + 1),
    ];
    let mut moves = 0;
    while game.status() == Status::Ongoing && moves < move_cap(kind) {
        let player = &mut players[game.side_to_move().index()];
        let mv = player.choose(game.as_mut(), &budget()).unwrap();
        game.play(&mv).unwrap();
        moves += 1;
    }
    (game.status(), moves)
}

#[test]
fn perfect_play_agrees_with_the_analysis_of_the_start() {
    for &kind in registry::all() {
        for start in kind.test_positions() {
            let analysis = kind.start(start).unwrap().analyse(&budget());
            let Some(wins) = analysis.to_move_wins else {
                continue;
            };
            let (status, moves) = play(kind, start, "perfect", "perfect", 1);
            let winner = if wins { Seat::First } else { Seat::Second };
            assert_eq!(status, Status::Won { winner }, "{kind} {start}: {analysis}");
            if analysis.remoteness_exact {
                assert_eq!(
                    Some(moves as u128),
                    analysis.remoteness,
                    "{kind} {start}: {analysis}"
                );
            }
            for stubborn in ["stubborn", "perfect"] {
                let (status, _) = play(kind, start, "stubborn", stubborn, 2);
                assert_eq!(status, Status::Won { winner }, "{kind} {start} stubborn");
            }
        }
    }
}

#[test]
fn perfect_play_keeps_every_won_start_against_random_and_noisy() {
    for &kind in registry::all() {
        for start in kind.test_positions() {
            let analysis = kind.start(start).unwrap().analyse(&budget());
            if analysis.to_move_wins != Some(true) {
                continue;
            }
            for opponent in ["random", "noisy:0.5", "noisy"] {
                for seed in 0..3 {
                    let (status, _) = play(kind, start, "perfect", opponent, seed);
                    assert_eq!(
                        status,
                        Status::Won {
                            winner: Seat::First
                        },
                        "{kind} {start} against {opponent}, seed {seed}"
                    );
                }
            }
        }
    }
}

/// The length of a perfect-against-perfect game.
fn perfect_length(kind: Game, start: &str) -> u64 {
    let (status, moves) = play(kind, start, "perfect", "perfect", 0);
    assert_ne!(status, Status::Ongoing);
    moves as u64
}

#[test]
fn perfect_play_lasts_the_generic_remoteness() {
    let mut rectangles = Solver::new(RectangleGame);
    for width in 1..=9 {
        for height in 1..=9 {
            let position = Rectangle::new(width, height).unwrap();
            let text = position.to_string();
            assert_eq!(
                perfect_length(game("rectangle"), &text),
                rectangles.remoteness(&position),
                "{text}"
            );
        }
    }
    let mut cuboids = Solver::new(CuboidGame);
    for text in [
        "1x1x1",
        "2x2x2",
        "1x2x3+2x2x1",
        "3x3x2",
        "2x3x4",
        "1x1x5+2x2x3",
    ] {
        let position: CuboidPosition = text.parse().unwrap();
        assert_eq!(
            perfect_length(game("cuboid"), text),
            cuboids.remoteness(&position),
            "{text}"
        );
    }
    let mut bids = Solver::new(BiddingGame);
    for n in [1u64, 2, 5, 17, 60] {
        let position = Bidding::start(n).unwrap();
        // The played game adds the loser's forced pass.
        assert_eq!(
            perfect_length(game("bidding"), &n.to_string()),
            bids.remoteness(&position) + 1,
            "{n}"
        );
    }
    let mut sheets = Solver::new(PaperGame);
    for text in ["2x1", "3x2", "3x3", "2x2:0,1,1,1", "4x2"] {
        let paper: Paper = text.parse().unwrap();
        assert_eq!(
            perfect_length(game("paper"), text),
            sheets.remoteness(&paper),
            "{text}"
        );
    }
}

#[test]
fn stubborn_play_lasts_at_least_as_long_as_perfect_play() {
    let exact = [
        (game("rectangle"), "9x7"),
        (game("rectangle"), "8x8"),
        (game("cuboid"), "2x3x4"),
        (game("cuboid"), "1x1x5+2x2x3"),
        (game("bidding"), "60"),
        (game("bidding"), "61"),
        (game("paper"), "3x3"),
        (game("paper"), "4x2:1,0,1,1"),
    ];
    for (kind, start) in exact {
        let (perfect, perfect_moves) = play(kind, start, "perfect", "perfect", 0);
        let (stubborn, stubborn_moves) = play(kind, start, "stubborn", "stubborn", 0);
        assert_eq!(perfect, stubborn, "{kind} {start}");
        assert!(stubborn_moves >= perfect_moves, "{kind} {start}");
    }
}

#[test]
fn bidding_is_refereed_as_the_contest_library_plays_it() {
    // n = 2: every move leaves pile + stake ≥ 2; the opponent must pass, and loses.
    let mut game = game("bidding").start("2").unwrap();
    game.play("double").unwrap();
    assert_eq!(game.legal_moves(9).moves, ["pass"]);
    assert_eq!(game.status(), Status::Ongoing);
    game.play("pass").unwrap();
    assert_eq!(
        game.status(),
        Status::Won {
            winner: Seat::First
        }
    );
    assert_eq!(game.side_name(Seat::Second), "bajtazar");
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,16}",
        "[LRTBlrtb][0-9]{1,3}",
        "[0-9]{1,3}:[0-9]{1,2},[0-9]{1,2},[0-9]{1,2}",
        "[0-9]{1,2},[0-9]{1,2},[0-9]{1,2},[0-9]{1,2}",
        "(pass|double|triple|[hv][0-9]{1,2}|[0-9])",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn garbage_never_panics_and_never_changes_the_game(
        kind_index in 0..registry::all().len(),
        start_index in 0..3usize,
        texts in prop::collection::vec(any_text(), 1..6),
    ) {
        let kind = registry::all()[kind_index];
        let start = kind.test_positions()[start_index % kind.test_positions().len()];
        let mut game = kind.start(start).unwrap();
        for text in &texts {
            let before = game.position();
            let history = game.history();
            match game.play(text) {
                Ok(canonical) => {
                    prop_assert_eq!(game.undo(), Some(canonical));
                    prop_assert_eq!(game.position(), before);
                }
                Err(_) => {
                    prop_assert_eq!(game.position(), before);
                    prop_assert_eq!(game.history(), history);
                }
            }
            // Garbage as a position is an error, never a panic.
            let _ = kind.start(text);
        }
    }
}

/// Undo goes back through every position of a line longer than several of the checkpoints
/// `Played` keeps (one every 32 moves).
#[test]
fn undo_retraces_a_long_line() {
    let mut game = game("rectangle").start("200x150").unwrap();
    let mut seen = vec![(game.position(), game.side_to_move())];
    while let Some(mv) = game.legal_moves(1).moves.first().cloned() {
        game.play(&mv).unwrap();
        seen.push((game.position(), game.side_to_move()));
    }
    assert!(seen.len() > 3 * 32, "{}", seen.len());
    let mut copy = game.clone_box();
    while let Some((position, side)) = seen.pop() {
        assert_eq!((game.position(), game.side_to_move()), (position, side));
        assert_eq!(game.history().len(), seen.len());
        game.undo();
    }
    assert!(game.undo().is_none());
    assert_eq!(game.position(), "200x150");
    // A copy undoes on its own.
    copy.undo();
    assert_ne!(copy.position(), "200x150");
}

// Undo in a game of many moves: the checkpoints of `Played`.

/// Valuing every move: play one, undo it, play the next, each from the same position.
#[test]
fn undoing_each_move_just_played_comes_back() {
    let mut game = registry::find("rectangle")
        .unwrap()
        .start("300x200")
        .unwrap();
    for _ in 0..CHECKPOINT_EVERY + 5 {
        let mv = game.legal_moves(1).moves[0].clone();
        game.play(&mv).unwrap();
    }
    let (position, history) = (game.position(), game.history());
    for mv in game.legal_moves(usize::MAX).moves {
        game.play(&mv).unwrap();
        assert_eq!(game.undo(), Some(mv));
        assert_eq!(
            (game.position(), game.history()),
            (position.clone(), history.clone())
        );
    }
    game.undo();
    game.undo();
    assert_eq!(game.history(), history[..history.len() - 2]);
}
