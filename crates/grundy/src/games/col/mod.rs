//! Col (Winning Ways, ch. 2; CGSuite's `Col`): Left colours an uncoloured vertex of a graph
//! blue, Right colours one red, and nobody may colour a vertex next to one of their own
//! colour; who cannot move loses. Every value of Col is a number or a number plus `*`
//! (Winning Ways, ch. 2; `crates/grundy/tests/col.rs` checks it on every small graph).
//!
//! The position type, its notation and its components are the colouring games' shared
//! machinery, [`crate::partizan::colouring`] (Snort differs in one rule): a graph in the
//! edge-list notation (`0-1,1-2,2-3`, `empty`) whose vertices may be coloured (`3:L` blue,
//! `3:R` red) or tinted (`3:l` only Left may colour it, `3:r` only Right), or a grid `3x4`;
//! a move is the name of the vertex coloured.
//!
//! ```
//! use grundy::games::col::Col;
//! use grundy::partizan::{PartizanGame, Side};
//!
//! let path: Col = "0-1,1-2".parse().unwrap();
//! let after = path.play(Side::Left, &"1".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), "0-1,1-2,1:L");
//! // Left may not colour 0 or 2 now (next to blue); Right may.
//! assert!(after.moves(Side::Left).is_empty());
//! assert_eq!(after.moves(Side::Right).len(), 2);
//! ```

pub mod entry;
#[cfg(test)]
mod golden;

use crate::entry::Game;
use crate::error::RuleError;
use crate::partizan::colouring::{Colouring, Rule, Vertex};
use crate::partizan::{PartizanGame, Side};

/// Col's rule: a player may not colour a vertex next to one of their own colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ColRule;

impl Rule for ColRule {
    const NAME: &'static str = "Col";
    const AVOID_OPPONENT: bool = false;
}

/// A Col position.
pub type Col = Colouring<ColRule>;

impl PartizanGame for Col {
    type Move = Vertex;

    const GAME: Game = Game::new(&entry::ColEntry);

    /// The vertices `side` may colour (uncoloured, not tinted for the opponent, next to no
    /// vertex of `side`'s colour), by name.
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
            let position: Col = text.parse().unwrap();
            for side in [Side::Left, Side::Right] {
                let played: Vec<Col> = PartizanGame::moves(&position, side)
                    .iter()
                    .map(|mv| PartizanGame::play(&position, side, mv).unwrap())
                    .collect();
                assert_eq!(played, position.options(side), "{text}");
            }
        }
        let position: Col = "0-1,1:L".parse().unwrap();
        let error = PartizanGame::play(&position, Side::Left, &Vertex(0)).unwrap_err();
        assert!(error.to_string().contains("your own colour"), "{error}");
        assert!(position.draw().contains("blue"));
    }
}
