//! The generic strategies through the registry: specs read and written back (the games'
//! own kinds included), seeded play-outs that replay, scripted cycles and stubborn games.
#![allow(clippy::unwrap_used)]

use grundy::game::{Budget, Status};
use grundy::registry::find;
use grundy::registry::Game;
use grundy::strategy::StrategySpec;

/// The registry's game of this name.
fn game(name: &str) -> Game {
    find(name).unwrap()
}

#[test]
fn specs_round_trip() {
    for text in [
        "perfect",
        "stubborn",
        "random",
        "noisy:0.25",
        "scripted:v1,h1",
        "alphabeta",
        "alphabeta:depth=6",
        "mcts",
        "mcts:playouts=20000",
    ] {
        let spec: StrategySpec = text.parse().unwrap();
        assert_eq!(spec.to_string(), text);
    }
    assert_eq!(
        "noisy".parse::<StrategySpec>().unwrap(),
        StrategySpec::Noisy { epsilon: 0.1 }
    );
    for bad in [
        "",
        "best",
        "noisy:2",
        "noisy:x",
        "scripted",
        "scripted:",
        "random:1",
        "alphabeta:6",
        "alphabeta:depth=0",
        "alphabeta:depth=61",
        "alphabeta:playouts=6",
        "mcts:playouts=0",
        "mcts:playouts=-3",
        "mcts:depth=4",
        "mcts:",
    ] {
        let error = bad.parse::<StrategySpec>().unwrap_err();
        assert!(!error.to_string().is_empty());
        assert_eq!(error.location.token.as_deref(), Some(bad));
    }
    assert_eq!(
        "AlphaBeta:Depth=3"
            .parse::<StrategySpec>()
            .unwrap()
            .to_string(),
        "alphabeta:depth=3"
    );
}

fn play_out(spec: &str, seed: u64, start: &str) -> Vec<String> {
    let mut game = game("rectangle").start(start).unwrap();
    let mut strategy = spec.parse::<StrategySpec>().unwrap().build(seed);
    while game.status() == Status::Ongoing {
        let mv = strategy.choose(game.as_mut(), &Budget::default()).unwrap();
        game.play(&mv).unwrap();
    }
    game.history()
}

#[test]
fn seeded_strategies_replay_exactly() {
    for spec in ["random", "noisy:0.5"] {
        assert_eq!(play_out(spec, 9, "60x50"), play_out(spec, 9, "60x50"));
        assert_ne!(play_out(spec, 9, "60x50"), play_out(spec, 10, "60x50"));
    }
}

#[test]
fn scripted_cycles_and_skips_illegal_moves() {
    // v1 is legal until the width is 1; then h1 only.
    let moves = play_out("scripted:v1,v9,h1", 0, "3x3");
    assert_eq!(moves, ["v1", "h1", "v1", "h1"]);
}

#[test]
fn stubborn_games_last_longer_than_perfect_ones() {
    let perfect = play_out("perfect", 0, "640x307").len();
    let stubborn = play_out("stubborn", 0, "640x307").len();
    assert!(stubborn >= perfect, "{stubborn} < {perfect}");
}
