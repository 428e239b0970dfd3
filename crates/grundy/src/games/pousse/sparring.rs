//! The Pousse sparring partners as [`Strategy`]s: the classical alpha-beta searcher and the
//! UCT searcher, each keeping its own state (a transposition table, a random generator) for
//! the game it plays. For any other game they have no move (`StrategySpec::check_game`
//! refuses them before a game starts).

use std::time::Duration;

use crate::games::pousse::classic::{Classic, ClassicLimits};
use crate::games::pousse::mcts::{Mcts as Searcher, MctsLimits};
use crate::games::pousse::play::{pousse_position, PousseGame};
use crate::games::pousse::Status;
use crate::play::{Budget, GameState};
use crate::strategy::{Strategy, StrategySpec};

/// Transposition-table slots of the alpha-beta partner (24 bytes each: 6 MB).
const TABLE_ENTRIES: usize = 1 << 18;
/// The time of a move when the budget sets neither a time nor a depth.
const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);

/// `alphabeta[:depth=N]`.
pub(crate) struct AlphaBeta {
    depth: Option<u32>,
    searcher: Classic,
}

impl AlphaBeta {
    /// The table is allocated here, before the game, not on the first move's clock.
    pub(crate) fn new(depth: Option<u32>) -> Self {
        AlphaBeta {
            depth,
            searcher: Classic::new(TABLE_ENTRIES),
        }
    }
}

impl Strategy for AlphaBeta {
    fn name(&self) -> String {
        StrategySpec::AlphaBeta { depth: self.depth }.to_string()
    }

    fn choose(&mut self, game: &mut dyn GameState, budget: &Budget) -> Option<String> {
        let position = pousse_position(game)?;
        if position.status() != Status::Ongoing {
            return None;
        }
        let depth = self.depth.or(budget.depth);
        let limits = ClassicLimits {
            depth,
            movetime: match (budget.movetime, depth) {
                (None, None) => Some(DEFAULT_MOVETIME),
                (time, _) => time,
            },
        };
        let searcher = &mut self.searcher;
        let result = match position.game() {
            PousseGame::Bit(game) => searcher.search(game, &limits),
            PousseGame::General(game) => searcher.search(game, &limits),
        };
        result.best_move.map(|mv| mv.to_string())
    }
}

/// `mcts[:playouts=N]`.
pub(crate) struct Mcts {
    playouts: Option<u64>,
    searcher: Searcher,
}

impl Mcts {
    pub(crate) fn new(playouts: Option<u64>, seed: u64) -> Self {
        Mcts {
            playouts,
            searcher: Searcher::new(seed),
        }
    }
}

impl Strategy for Mcts {
    fn name(&self) -> String {
        StrategySpec::Mcts {
            playouts: self.playouts,
        }
        .to_string()
    }

    fn choose(&mut self, game: &mut dyn GameState, budget: &Budget) -> Option<String> {
        let position = pousse_position(game)?;
        if position.status() != Status::Ongoing {
            return None;
        }
        let limits = MctsLimits {
            playouts: self.playouts,
            movetime: match (budget.movetime, self.playouts) {
                (None, None) => Some(DEFAULT_MOVETIME),
                (time, _) => time,
            },
        };
        let result = match position.game() {
            PousseGame::Bit(game) => self.searcher.search(game, &limits),
            PousseGame::General(game) => self.searcher.search(game, &limits),
        };
        result.best_move.map(|mv| mv.to_string())
    }
}
