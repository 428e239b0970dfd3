//! Col (Winning Ways, ch. 2; CGSuite's `Col`): Left colours an uncoloured vertex of a graph
//! blue, Right colours one red, and nobody may colour a vertex next to one of their own
//! colour; who cannot move loses. Every value of Col is a number or a number plus `*`
//! (Winning Ways, ch. 2; `crates/grundy/tests/integration/col.rs` checks it on every small graph).
//!
//! The position type, its notation and its components are the colouring games' shared
//! machinery, [`crate::partizan::colouring`] (Snort differs in one rule): a graph in the
//! edge-list notation (`0-1,1-2,2-3`, `empty`) whose vertices may be coloured (`3:L` blue,
//! `3:R` red) or tinted (`3:l` only Left may colour it, `3:r` only Right), or a grid `3x4`;
//! a move is the name of the vertex coloured.
//!
//! ```
//! use grundy::games::col::Col;
//! use grundy::partizan::PartizanGame;
//! use grundy::player::Player;
//!
//! let path: Col = "0-1,1-2".parse().unwrap();
//! let after = path.play(Player::Left, &"1".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), "0-1,1-2,1:L");
//! // Left may not colour 0 or 2 now (next to blue); Right may.
//! assert!(after.moves(Player::Left).is_empty());
//! assert_eq!(after.moves(Player::Right).len(), 2);
//! ```

#[cfg(test)]
mod golden;
use crate::game::CapEdge;
use crate::graph::Graph;
use crate::partizan::colouring::{Colouring, ColouringEntry, Rule};
use crate::player::Player;

/// Col's rule: a player may not colour a vertex next to one of their own colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ColRule;

impl Rule for ColRule {
    const NAME: &'static str = "Col";
    const KEY: &'static str = "col";
    const SUMMARY: &'static str =
        "Col: colour a vertex of a graph, Left blue, Right red, never next to a vertex of your own colour; who cannot move loses";
    const EXAMPLE: &'static str = "0-1,1-2,2-3,3-4,4-0,5-6,6-7,5:l";

    /// A 5 × 2 grid: 10 vertices left to colour, the cap, and a lone vertex more; a coloured
    /// vertex is not counted, nor one between a blue and a red (nobody may colour it).
    /// A vertex next to one of the mover's own colour may not be coloured.
    fn avoided_colour(mover: Player) -> Player {
        mover
    }

    fn cap_edges() -> Vec<CapEdge> {
        vec![
            CapEdge::new("5x2", Graph::grid_notation(5, 2, "10")),
            CapEdge::new(
                Graph::grid_notation(5, 2, "10:L,11-12,12-13,11:R,13:L"),
                Graph::grid_notation(5, 2, "10:L,11-12,11:R"),
            ),
        ]
    }
}

/// A Col position.
pub type Col = Colouring<ColRule>;

/// Col's registry entry (the colouring games' shared entry, its texts from [`ColRule`]).
pub type ColEntry = ColouringEntry<ColRule>;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
use crate::game::GameEntry;
    use super::*;
    use crate::drawing::{Layout, Mark, Owner};
    use crate::game::describe;
    use crate::partizan::colouring::Vertex;
    use crate::partizan::PartizanGame;
    use crate::player::Player;

    const GAME: &dyn GameEntry = &ColEntry::NEW;

    #[test]
    fn a_move_is_its_vertex_and_colours_show() {
        let mut state = GAME.start("3-5,5-8,9:r").unwrap();
        assert_eq!(GAME.footprint(state.as_ref(), "5"), Some(vec![1]));
        state.play("5").unwrap();
        let view = describe(state.as_ref()).unwrap();
        let Layout::Vertices { vertices, .. } = &view.board.layout else {
            panic!("a vertex board: {view:?}");
        };
        let marks: Vec<Mark> = vertices.iter().map(|v| v.mark).collect();
        assert_eq!(
            marks,
            [
                Mark::Tinted(Owner::Right),
                Mark::Stone(Owner::Left),
                Mark::Tinted(Owner::Right),
                Mark::Tinted(Owner::Right)
            ]
        );
        assert_eq!(view.played[0].footprint, [1]);
    }

    #[test]
    fn big_graphs_are_not_served() {
        let state = GAME.start("4x3").unwrap();
        let error = GAME.check_served(state.as_ref()).unwrap_err();
        assert!(error.to_string().contains("10"), "{error}");
        assert!(GAME.check_served(GAME.start("5x2").unwrap().as_ref()).is_ok());
    }

    #[test]
    fn moves_played_are_the_options() {
        for text in ["0-1,1-2,2-3", "3x3", "0-1,0-2,0-3,1:L,3:r", "empty"] {
            let position: Col = text.parse().unwrap();
            for side in [Player::Left, Player::Right] {
                let played: Vec<Col> = PartizanGame::moves(&position, side)
                    .iter()
                    .map(|mv| PartizanGame::play(&position, side, mv).unwrap())
                    .collect();
                assert_eq!(played, position.options(side), "{text}");
            }
        }
        let position: Col = "0-1,1:L".parse().unwrap();
        let error = PartizanGame::play(&position, Player::Left, &Vertex(0)).unwrap_err();
        assert!(error.to_string().contains("your own colour"), "{error}");
        assert!(position.draw().contains("blue"));
    }
}
