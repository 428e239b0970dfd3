//! MCTS as a [`Player`], within fixed limits, for the examples' games against it.

use grundy::games::pousse::mcts::{Mcts, MctsLimits};
use grundy::games::pousse::players::Player;
use grundy::games::pousse::{BitBoard, Game, Move};

/// MCTS searching every move within the same limits.
pub struct MctsPlayer {
    /// The searcher (its seed makes a game repeat under playout limits).
    pub mcts: Mcts,
    /// The limits of each move's search.
    pub limits: MctsLimits,
}

impl Player<BitBoard> for MctsPlayer {
    fn choose(&mut self, game: &Game<BitBoard>) -> Option<Move> {
        self.mcts.search(game, &self.limits).best_move
    }
}
