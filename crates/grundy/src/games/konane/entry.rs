//! Konane's line in the registry: what differs from the other partizan games (the rest is
//! [`PartizanEntry`]'s blanket implementation).

use crate::game::Listing;
use super::{Jump, Konane};
use crate::drawing::Footprint;
use crate::game::{BoardKind, CapEdge, OverCap};
use crate::grid::cell::Cell;
use crate::partizan::PartizanEntry;
use crate::player::Player;

/// The largest position a shared server values (the number of stones): boards of up to 16
/// stones are valued in a tenth of a second even unoptimised (20 stones take 2 s)
/// (docs/benchmarks.md).
pub const SERVED_MAX: u32 = 16;

/// Konane.
#[derive(Debug, Clone, Copy)]
pub struct KonaneEntry;

impl Listing for KonaneEntry {
    fn name(&self) -> &'static str {
        "konane"
    }

    fn title(&self) -> &'static str {
        "Konane"
    }

    fn summary(&self) -> &'static str {
        "Konane: jump a stone of yours over an adjacent stone of the opponent's into the empty cell beyond, capturing it, and on in the same direction if you like; Left plays x, Right o; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "rows top to bottom of x (Left), o (Right) and . (xo.o./..ox.), @L or @R for the player to move (Left by default); moves FROM-TO (a1-c1, a1-e1 for a double jump), rows numbered from 1 at the top"
    }

    fn example(&self) -> &'static str {
        ".ox./o..x/...."
    }

    /// The full 4 × 4 board with two adjacent stones taken from the middle, as a game of
    /// Konane starts.
    fn default_position(&self) -> &'static str {
        "xoxo/o..x/xoxo/oxox"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &[
            "xoxo/o..x/xoxo/oxox",
            ".ox./o..x/....",
            "xo.o.x",
            "xox.o/o.xox/xox.o",
            "xoxoxo/o.x.xo",
        ]
    }

    /// Won and lost starts for each player, and boards that split.
    fn sample_positions(&self) -> &'static [&'static str] {
        &[
            "..ox",
            "..xo",
            ".ox.",
            "xo.o.",
            ".ox./o..x/....",
            "xox.o/o.xo.@R",
            ".ox./..../.xo.",
        ]
    }
}

impl PartizanEntry for KonaneEntry {
    type Game = Konane;

    /// A stone jumps in four directions, at most half the board's side in each.
    fn most_moves(&self, game: &Konane) -> Option<u128> {
        let geometry = game.geometry();
        let reach = geometry.width() + geometry.height();
        Some(u128::from(stones(game)) * reach as u128)
    }

    /// Every move captures a stone.
    fn longest_game(&self, game: &Konane) -> Option<u128> {
        Some(u128::from(stones(game)))
    }

    fn check_served(&self, game: &Konane) -> Result<(), OverCap> {
        OverCap::check("the number of stones", stones(game), SERVED_MAX)
    }

    /// 16 stones, the cap, on a 4 × 5 board with four holes in the middle, and 17.
    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![CapEdge::new(
            "xoxo/o..x/x..o/oxox/xoxo",
            "xoxo/o..x/x..o/oxox/xoxo/x...",
        )]
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Stones)
    }

    /// The jumping stone's cell, then the cell it lands on (the board draws the jump as an
    /// arrow over the stones it captures).
    fn footprint(&self, board: &Konane, jump: &Jump) -> Footprint {
        let width = board.geometry().width();
        let index = |cell: Cell| cell.row * width + cell.column;
        vec![index(jump.from), index(jump.to)]
    }

}

/// The stones on the board, of either player.
fn stones(game: &Konane) -> u32 {
    (game.stones(Player::Left) | game.stones(Player::Right)).count_ones()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
use crate::game::GameEntry;
    use crate::drawing::{Layout, Mark, Owner};
    use crate::game::describe;

    const KONANE: &dyn GameEntry = &super::KonaneEntry;

    #[test]
    fn a_jump_goes_from_the_stone_to_where_it_lands() {
        let mut state = KONANE.start("xo.o./.....").unwrap();
        assert_eq!(KONANE.footprint(state.as_ref(), "a1-c1"), Some(vec![0, 2]));
        assert_eq!(KONANE.footprint(state.as_ref(), "a1-e1"), Some(vec![0, 4]));
        let view = describe(state.as_ref()).unwrap();
        let Layout::Cells { cells, .. } = &view.board.layout else {
            panic!("a grid: {view:?}");
        };
        assert_eq!(cells[0], Mark::Stone(Owner::Left));
        assert_eq!(cells[1], Mark::Stone(Owner::Right));
        assert_eq!(cells[2], Mark::Empty);
        state.play("a1-e1").unwrap();
        let view = describe(state.as_ref()).unwrap();
        assert_eq!(view.played[0].footprint, [0, 4]);
        assert!(view.moves.is_empty());
    }
}
