//! Col's line in the registry: what differs from the other partizan games (the rest is
//! [`PartizanEntry`]'s blanket implementation).

use super::Col;
use crate::board::{Board, Footprint};
use crate::entry::{BoardKind, OverCap};
use crate::partizan::colouring::Vertex;
use crate::partizan::PartizanEntry;

/// The largest position a shared server values (the uncoloured vertices somebody may still
/// colour): `grundy solve` (the value, every move's, and the remoteness search) takes at
/// most about a quarter of a second on graphs of 10 vertices, and 0.6 to 0.7 s on a star of
/// 12 (release build, docs/benchmarks.md).
pub const SERVED_MAX: u32 = 10;

/// Col.
#[derive(Debug, Clone, Copy)]
pub struct ColEntry;

impl PartizanEntry for ColEntry {
    type Game = Col;

    fn name(&self) -> &'static str {
        "col"
    }

    fn title(&self) -> &'static str {
        "Col"
    }

    fn summary(&self) -> &'static str {
        "Col: colour a vertex of a graph, Left blue, Right red, never next to a vertex of your own colour; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "a graph as edges A-B and lone vertices joined by commas, a vertex tagged :L (blue), :R (red), :l (only Left may colour it) or :r (only Right) (0-1,1-2,2-3,0:L; empty for none), or a grid WxH (3x4), @L or @R for the player to move (Left by default); moves a vertex (2)"
    }

    fn example(&self) -> &'static str {
        "0-1,1-2,2-3,3-4,4-0,5-6,6-7,5:l"
    }

    /// The 3 × 3 grid, written as the position is written back (`3x3` is read too).
    fn default_position(&self) -> &'static str {
        "0-1,0-3,1-2,1-4,2-5,3-4,3-6,4-5,4-7,5-8,6-7,7-8"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &[
            "3x3",
            "5x2",
            "0-1,1-2,2-3,3-4,4-5,5-6",
            "0-1,1-2,2-3,3-4,4-0,5-6,6-7,5:l",
            "0-1,0-2,0-3,0-4,4-5,5-6",
        ]
    }

    /// Won and lost starts for each player, tints and colours, several components.
    fn sample_positions(&self) -> &'static [&'static str] {
        &[
            "0-1,1-2,2-3",
            "0-1",
            "2x2@R",
            "3x2",
            "0-1,1-2,2-3,3-0,4:l",
            "0-1,0-2,0-3,1:L,3:r@R",
            "0-1,1-2,2-3,3-4,5-6,6-7,8",
        ]
    }

    /// A move colours an uncoloured vertex.
    fn most_moves(&self, position: &Col) -> Option<u128> {
        Some(position.uncoloured() as u128)
    }

    /// Every move colours a vertex.
    fn longest_game(&self, position: &Col) -> Option<u128> {
        Some(position.uncoloured() as u128)
    }

    fn check_served(&self, position: &Col) -> Result<(), OverCap> {
        OverCap::check(
            "the number of vertices left to colour",
            position.live() as u32,
            SERVED_MAX,
        )
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Vertices)
    }

    /// The graph laid out, coloured vertices as stones, tinted ones ringed.
    fn board(&self, position: &Col) -> Option<Board> {
        Some(position.board(["blue vertices", "red vertices"]))
    }

    /// The vertex coloured.
    fn footprint(&self, position: &Col, vertex: &Vertex) -> Footprint {
        position.footprint(vertex)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use crate::board::{describe, Layout, Mark, Owner};
    use crate::entry::Game;

    const COL: Game = Game::new(&super::ColEntry);

    #[test]
    fn a_move_is_its_vertex_and_colours_show() {
        let mut state = COL.start("3-5,5-8,9:r").unwrap();
        assert_eq!(COL.footprint(state.as_ref(), "5"), Some(vec![1]));
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
        let state = COL.start("4x3").unwrap();
        let error = COL.check_served(state.as_ref()).unwrap_err();
        assert!(error.to_string().contains("10"), "{error}");
        assert!(COL.check_served(COL.start("5x2").unwrap().as_ref()).is_ok());
    }
}
