//! The Pousse sparring partners (`alphabeta`, `mcts`) through the strategy interface: they
//! beat random play, and more budget makes them stronger. Seeded and fixed-budget, so every
//! run plays the same games.
#![allow(clippy::unwrap_used)]

use grundy::game::{Budget, Status};
use grundy::player::Seat;
use grundy::registry;
use grundy::registry::Game;
use grundy::strategy::StrategySpec;

/// Short openings on 5 × 5, so that two deterministic players meet in different games.
const OPENINGS: [&str; 10] = [
    "5", "5:L1,R2", "5:T3,B3", "5:L3,T1", "5:R5,B2", "5:T2,T4", "5:B1,L5", "5:R3,L2", "5:T5,R1",
    "5:B4,L4",
];

/// A budget that never binds: the specs' own depth or playouts decide.
fn unlimited() -> Budget {
    Budget {
        movetime: None,
        depth: None,
        threads: 1,
        ..Budget::default()
    }
}

/// Plays `a` against `b` from `position`, `a` moving first; the winner's seat, or `None`
/// at the 300-move cap.
fn play(a: &str, b: &str, position: &str, seed: u64) -> Option<Seat> {
    let mut game = registry::find("pousse").unwrap().start(position).unwrap();
    let mut players = [
        a.parse::<StrategySpec>().unwrap().build(seed),
        b.parse::<StrategySpec>().unwrap().build(seed + 1),
    ];
    for _ in 0..300 {
        if let Status::Won { winner } = game.status() {
            return Some(winner);
        }
        let mover = game.side_to_move().index();
        let mv = players[mover].choose(game.as_mut(), &unlimited()).unwrap();
        game.play(&mv).unwrap();
    }
    None
}

/// Games `strong` wins against `weak` over every opening in both colours.
fn wins(strong: &str, weak: &str, openings: &[&str], seed: u64) -> usize {
    let mut won = 0;
    for (i, opening) in openings.iter().enumerate() {
        let seed = seed + 10 * i as u64;
        if play(strong, weak, opening, seed) == Some(Seat::First) {
            won += 1;
        }
        if play(weak, strong, opening, seed + 5) == Some(Seat::Second) {
            won += 1;
        }
    }
    won
}

#[test]
fn the_sparring_partners_beat_random_play() {
    let starts = ["5"; 20];
    for partner in ["alphabeta:depth=2", "mcts:playouts=200"] {
        let won = wins(partner, "random", &starts, 7);
        eprintln!("{partner} won {won} of 40 against random");
        assert!(won >= 38, "{partner} won {won} of 40 against random");
    }
}

#[test]
fn alphabeta_is_stronger_deeper() {
    let won = wins("alphabeta:depth=4", "alphabeta:depth=1", &OPENINGS, 1);
    eprintln!("depth 4 won {won} of 20 against depth 1");
    assert!(won >= 15, "depth 4 won {won} of 20 against depth 1");
}

#[test]
fn mcts_is_stronger_with_more_playouts() {
    let won = wins("mcts:playouts=2000", "mcts:playouts=50", &OPENINGS, 1);
    eprintln!("2000 playouts won {won} of 20 against 50");
    assert!(won >= 15, "2000 playouts won {won} of 20 against 50");
}

/// The registry's game of this name.
fn game(name: &str) -> Game {
    registry::find(name).unwrap()
}

#[test]
fn sparring_partners_play_pousse_only() {
    for text in ["alphabeta", "mcts:playouts=10"] {
        let spec: StrategySpec = text.parse().unwrap();
        assert!(spec.check_game(game("pousse").entry()).is_ok());
        assert!(spec.check_game(game("pousse-waterloo").entry()).is_ok());
        let error = spec
            .check_game(game("rectangle").entry())
            .unwrap_err()
            .to_string();
        let name = text.split(':').next().unwrap();
        assert!(
            error.contains(&format!("{name} is a Pousse strategy")),
            "{error}"
        );
        // Asked anyway, they give no move instead of panicking.
        let mut game = game("rectangle").start("4x3").unwrap();
        assert_eq!(
            spec.build(1).choose(game.as_mut(), &Budget::default()),
            None
        );
    }
    assert!(StrategySpec::Perfect
        .check_game(game("paper").entry())
        .is_ok());
}

#[test]
fn sparring_partners_win_at_once_when_they_can() {
    for text in ["alphabeta:depth=2", "mcts:playouts=50", "alphabeta", "mcts"] {
        let mut game = game("pousse").start("..../XXX./..../O.O.:X").unwrap();
        let budget = Budget {
            movetime: Some(std::time::Duration::from_millis(50)),
            ..Budget::default()
        };
        let mv = text
            .parse::<StrategySpec>()
            .unwrap()
            .build(3)
            .choose(game.as_mut(), &budget)
            .unwrap();
        game.play(&mv).unwrap();
        assert_eq!(
            game.status(),
            Status::Won {
                winner: Seat::First
            },
            "{text} played {mv}"
        );
    }
}
