//! Tunes the UCT sparring partner's exploration constant: `C` against √2, both at `PLAYOUTS`
//! playouts a move, on the first 40 openings of `data/openings/pousse-6.txt` in both colours
//! (80 games, ICFP rules, 400-move cap counting half). Seeded: the same arguments play the
//! same games.
//!
//! ```text
//! cargo run --release -p grundy-lab --bin pousse_mcts_tune -- 0.7 1000
//! ```
#![allow(clippy::unwrap_used)]

use grundy::games::pousse::sparring::mcts::{Mcts, MctsLimits};
use grundy::games::pousse::{BitBoard, BoardGame, PousseStatus, RuleSet};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(c), Some(playouts)) = (
        args.first().and_then(|a| a.parse::<f64>().ok()),
        args.get(1).and_then(|a| a.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: pousse_mcts_tune C PLAYOUTS");
        std::process::exit(2);
    };
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/openings/pousse-6.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let openings: Vec<&str> = text
        .lines()
        .map(|line| line.split('#').next().unwrap_or("").trim())
        .filter(|line| !line.is_empty())
        .take(40)
        .collect();
    let (mut score, mut games) = (0.0, 0);
    for (i, opening) in openings.iter().enumerate() {
        for tuned_first in [true, false] {
            let mut game: BoardGame<BitBoard> =
                BoardGame::from_notation(opening, RuleSet::Icfp).unwrap();
            let first = game.position().to_move;
            let tuned_colour = if tuned_first { first } else { first.opponent() };
            let mut tuned = Mcts::new(2 * i as u64);
            tuned.exploration = c;
            let mut reference = Mcts::new(2 * i as u64 + 1);
            reference.exploration = std::f64::consts::SQRT_2;
            while game.status() == PousseStatus::Ongoing && game.move_count() < 400 {
                let player = if game.position().to_move == tuned_colour {
                    &mut tuned
                } else {
                    &mut reference
                };
                let mv = player.search(&game, &MctsLimits::playouts(playouts));
                game.play(mv.best_move.unwrap()).unwrap();
            }
            games += 1;
            score += match game.status() {
                PousseStatus::Won { winner, .. } if winner == tuned_colour => 1.0,
                PousseStatus::Ongoing => 0.5,
                _ => 0.0,
            };
        }
    }
    println!("c = {c} against √2 at {playouts} playouts: {score} of {games}");
}
