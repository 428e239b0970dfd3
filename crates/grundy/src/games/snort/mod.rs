//! Snort (Winning Ways, ch. 2; CGSuite's `Snort`): Left colours an uncoloured vertex of a
//! graph blue, Right colours one red, and nobody may colour a vertex next to one of the
//! opponent's colour; who cannot move loses. Snort is hot: a lone edge is `±1`.
//!
//! The position type, its notation and its components are the colouring games' shared
//! machinery, [`crate::partizan::colouring`] (Col differs in one rule): a graph in the
//! edge-list notation (`0-1,1-2,2-3`, `empty`) whose vertices may be coloured (`3:L` blue,
//! `3:R` red) or tinted (`3:l` only Left may colour it, `3:r` only Right), or a grid `3x4`;
//! a move is the name of the vertex coloured.
//!
//! ```
//! use grundy::games::snort::Snort;
//! use grundy::partizan::{PartizanGame, Side};
//!
//! let path: Snort = "0-1,1-2".parse().unwrap();
//! let after = path.play(Side::Left, &"1".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), "0-1,1-2,1:L");
//! // Right may not colour 0 or 2 now (next to blue); Left may.
//! assert!(after.moves(Side::Right).is_empty());
//! assert_eq!(after.moves(Side::Left).len(), 2);
//! ```

pub mod entry;
#[cfg(test)]
mod golden;

use crate::entry::Game;
use crate::error::RuleError;
use crate::partizan::colouring::{Colouring, Rule, Vertex};
use crate::partizan::{PartizanGame, Side};

/// Snort's rule: a player may not colour a vertex next to one of the opponent's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SnortRule;

impl Rule for SnortRule {
    const NAME: &'static str = "Snort";
    const AVOID_OPPONENT: bool = true;
}

/// A Snort position.
pub type Snort = Colouring<SnortRule>;

impl PartizanGame for Snort {
    type Move = Vertex;

    const GAME: Game = Game::new(&entry::SnortEntry);

    /// The vertices `side` may colour (uncoloured, not tinted for the opponent, next to no
    /// vertex of the opponent's colour), by name.
    fn moves(&self, side: Side) -> Vec<Vertex> {
        Colouring::moves(self, side)
    }

    /// The position with `vertex` coloured, or why `side` may not colour it.
    fn play(&self, side: Side, vertex: &Vertex) -> Result<Self, RuleError> {
        Colouring::play(self, side, vertex)
    }

    /// The position, then each vertex with its colour or who may colour it.
    fn draw(&self) -> String {
        Colouring::draw(self)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn moves_played_are_the_options() {
        for text in ["0-1,1-2,2-3", "3x3", "0-1,0-2,0-3,1:L,3:r", "empty"] {
            let position: Snort = text.parse().unwrap();
            for side in [Side::Left, Side::Right] {
                let played: Vec<Snort> = PartizanGame::moves(&position, side)
                    .iter()
                    .map(|mv| PartizanGame::play(&position, side, mv).unwrap())
                    .collect();
                assert_eq!(played, position.options(side), "{text}");
            }
        }
        let position: Snort = "0-1,1:L".parse().unwrap();
        let error = PartizanGame::play(&position, Side::Right, &Vertex(0)).unwrap_err();
        assert!(error.to_string().contains("Left's colour"), "{error}");
        assert!(position.draw().contains("only Left"));
    }
}
