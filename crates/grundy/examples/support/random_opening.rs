//! Random Pousse openings, the starting points of the tuning examples' games.

use grundy::games::pousse::{BitBoard, Game, Move, RuleSet, Size, Status};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// A random opening of `plies` moves under the ICFP rules that ends no game.
pub fn opening(size: Size, plies: usize, rng: &mut ChaCha8Rng) -> Game<BitBoard> {
    let moves: Vec<_> = Move::all(size.get()).collect();
    loop {
        let mut game: Game<BitBoard> = Game::new(size, RuleSet::Icfp).unwrap();
        for _ in 0..plies {
            let _ = game.play(moves[rng.gen_range(0..moves.len())]);
        }
        if game.status() == Status::Ongoing {
            return game;
        }
    }
}
