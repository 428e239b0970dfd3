//! Players for in-process matches: the engine under fixed limits and weaker opponents to
//! measure it against, behind one trait, and a match loop.
//!
//! ```
//! use grundy::games::pousse::{BitBoard, RuleSet, Size, PousseStatus};
//! use grundy_lab::players::{play_game, Greedy, RandomPlayer};
//!
//! let mut x = Greedy::new(1);
//! let mut o = RandomPlayer::new(2);
//! let (status, _moves) = play_game::<BitBoard>(Size::new(4).unwrap(), RuleSet::Icfp, &mut x, &mut o, 500);
//! assert!(matches!(status, PousseStatus::Won { .. } | PousseStatus::Ongoing));
//! ```

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use grundy::games::pousse::engine::search::{PousseEngine, SearchLimits};
use grundy::games::pousse::{Board, BoardGame, Colour, Move, PousseStatus, RuleSet, Size};

/// Anything that picks a move in a game.
pub trait Player<B: Board> {
    /// The move to play; `None` only when the game is over.
    fn choose(&mut self, game: &BoardGame<B>) -> Option<Move>;
}

/// Plays uniformly at random (seeded, so runs repeat).
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player with a seed.
    pub fn new(seed: u64) -> Self {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl<B: Board> Player<B> for RandomPlayer {
    fn choose(&mut self, game: &BoardGame<B>) -> Option<Move> {
        if game.status() != PousseStatus::Ongoing {
            return None;
        }
        let moves: Vec<Move> = Move::all(game.position().board.size().get()).collect();
        moves.choose(&mut self.rng).copied()
    }
}

/// Wins at once when it can, never plays a move that loses at once when another exists, and
/// otherwise plays at random.
#[derive(Debug, Clone)]
pub struct Greedy {
    rng: ChaCha8Rng,
}

impl Greedy {
    /// A greedy player with a seed for its random choices.
    pub fn new(seed: u64) -> Self {
        Greedy {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl<B: Board> Player<B> for Greedy {
    fn choose(&mut self, game: &BoardGame<B>) -> Option<Move> {
        if game.status() != PousseStatus::Ongoing {
            return None;
        }
        let mover = game.position().to_move;
        let mut safe = Vec::new();
        let mut all = Vec::new();
        for mv in Move::all(game.position().board.size().get()) {
            let mut next = game.clone();
            match next.play(mv) {
                Ok(PousseStatus::Won { winner, .. }) if winner == mover => return Some(mv),
                Ok(PousseStatus::Won { .. }) => all.push(mv),
                Ok(PousseStatus::Ongoing) => safe.push(mv),
                Err(_) => {}
            }
        }
        if safe.is_empty() {
            safe = all;
        }
        safe.choose(&mut self.rng).copied()
    }
}

/// The engine under fixed limits.
#[derive(Debug)]
pub struct EnginePlayer {
    engine: PousseEngine,
    limits: SearchLimits,
}

impl EnginePlayer {
    /// The engine searching within `limits`, with a table of `entries` positions.
    pub fn new(limits: SearchLimits, entries: usize) -> Self {
        EnginePlayer {
            engine: PousseEngine::new(entries),
            limits,
        }
    }

    /// The engine, to change its evaluation weights.
    pub fn engine_mut(&mut self) -> &mut PousseEngine {
        &mut self.engine
    }

    /// A fixed-depth searcher (reproducible: one thread, no clock).
    pub fn fixed_depth(depth: u32) -> Self {
        EnginePlayer::new(SearchLimits::depth(depth), 1 << 14)
    }
}

impl<B: Board> Player<B> for EnginePlayer {
    fn choose(&mut self, game: &BoardGame<B>) -> Option<Move> {
        self.engine.search(game, &self.limits).best_move
    }
}

/// Plays a game between `x` and `o` from the empty board; stops after `max_moves` moves
/// (status `Ongoing` then). Returns the status and the moves.
pub fn play_game<B: Board>(
    size: Size,
    rules: RuleSet,
    x: &mut dyn Player<B>,
    o: &mut dyn Player<B>,
    max_moves: usize,
) -> (PousseStatus, Vec<Move>) {
    match BoardGame::<B>::new(size, rules) {
        Ok(game) => play_from(game, x, o, max_moves),
        Err(_) => (PousseStatus::Ongoing, Vec::new()),
    }
}

/// Plays on from `game` (an opening, say) between `x` and `o`, each moving for its colour,
/// until the game ends or `max_moves` moves stand in the record. Returns the status and the
/// whole record.
pub fn play_from<B: Board>(
    mut game: BoardGame<B>,
    x: &mut dyn Player<B>,
    o: &mut dyn Player<B>,
    max_moves: usize,
) -> (PousseStatus, Vec<Move>) {
    while game.status() == PousseStatus::Ongoing && game.move_count() < max_moves {
        let player: &mut dyn Player<B> = match game.position().to_move {
            Colour::X => &mut *x,
            Colour::O => &mut *o,
        };
        let Some(mv) = player.choose(&game) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    (game.status(), game.moves().collect())
}

/// The players of in-process matches: the greedy player and the engine at a fixed depth.
#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::{play_game, EnginePlayer, Greedy, Player, RandomPlayer};
    use grundy::games::pousse::{
        BitBoard, Board, BoardGame, Colour, Position, PousseStatus, RuleSet, Size,
    };

    fn position<B: Board>(text: &str) -> Position<B> {
        text.parse().unwrap()
    }

    #[test]
    fn greedy_takes_a_win_and_avoids_a_loss() {
        let game = BoardGame::from_position(position::<BitBoard>("XX./.../O.O:X"), RuleSet::Icfp);
        let mut greedy = Greedy::new(3);
        for _ in 0..10 {
            let m = greedy.choose(&game).unwrap();
            assert!(matches!(
                game.clone().play(m),
                Ok(PousseStatus::Won {
                    winner: Colour::X,
                    ..
                })
            ));
        }
        // Pushing column 1 from the top hands O row 2; greedy never does that.
        let game = BoardGame::from_position(position::<BitBoard>("O../.OO/X..:X"), RuleSet::Icfp);
        for _ in 0..20 {
            let m = greedy.choose(&game).unwrap();
            assert_eq!(game.clone().play(m), Ok(PousseStatus::Ongoing), "{m}");
        }
    }

    #[test]
    fn engine_beats_weak_players_with_legal_moves() {
        let size = Size::new(5).unwrap();
        for seed in 0..3 {
            let mut engine = EnginePlayer::fixed_depth(3);
            let mut random = RandomPlayer::new(seed);
            let (status, moves) =
                play_game::<BitBoard>(size, RuleSet::Icfp, &mut engine, &mut random, 400);
            assert_eq!(
                status,
                PousseStatus::Won {
                    winner: Colour::X,
                    by_repetition: false
                },
                "{moves:?}"
            );
            let mut greedy = Greedy::new(seed);
            let mut engine = EnginePlayer::fixed_depth(3);
            let (status, _) =
                play_game::<BitBoard>(size, RuleSet::Icfp, &mut greedy, &mut engine, 400);
            assert!(matches!(
                status,
                PousseStatus::Won {
                    winner: Colour::O,
                    ..
                }
            ));
        }
    }
}
