//! Clobber's line in the registry: what differs from the other partizan games (the rest is
//! [`PartizanEntry`]'s blanket implementation).

use crate::game::Listing;
use super::{Capture, Clobber};
use crate::drawing::Footprint;
use crate::game::{BoardKind, CapEdge, OverCap};
use crate::partizan::PartizanEntry;
use crate::player::Player;

/// The largest position a shared server values (the number of stones). Boards of up to 12
/// stones are valued in milliseconds (a full 4 × 4 board, 16 stones, takes 2.4 s)
/// (docs/benchmarks.md).
pub const SERVED_MAX: u32 = 12;

/// Clobber.
#[derive(Debug, Clone, Copy)]
pub struct ClobberEntry;

impl Listing for ClobberEntry {
    fn name(&self) -> &'static str {
        "clobber"
    }

    fn title(&self) -> &'static str {
        "Clobber"
    }

    fn summary(&self) -> &'static str {
        "Clobber: move a stone of yours onto an adjacent stone of the opponent's, removing it; Left plays x, Right o; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "rows top to bottom of x (Left), o (Right) and . (xox/oxo), @L or @R for the player to move (Left by default); moves FROM-TO (a1-b1), rows numbered from 1 at the top"
    }

    fn example(&self) -> &'static str {
        "xox/oxo"
    }

    fn default_position(&self) -> &'static str {
        "xoxo/oxox/xoxo"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["xoxo/oxox/xoxo", "xox/oxo", "xoxox", "xo/ox/xo", "xoxo/oxox"]
    }

    /// Won and lost starts for each player, and positions of several components.
    fn sample_positions(&self) -> &'static [&'static str] {
        &["xo", "xox", "xxo", "xo.ox", "xo/ox", "xox/o.o@R"]
    }
}

impl PartizanEntry for ClobberEntry {
    type Game = Clobber;

    /// A stone has at most four neighbours to clobber.
    fn most_moves(&self, game: &Clobber) -> Option<u128> {
        Some(4 * u128::from(stones(game)))
    }

    /// Every move removes a stone.
    fn longest_game(&self, game: &Clobber) -> Option<u128> {
        Some(u128::from(stones(game)))
    }

    fn check_served(&self, game: &Clobber) -> Result<(), OverCap> {
        OverCap::check("the number of stones", stones(game), SERVED_MAX)
    }

    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![
            CapEdge::new("xoxo/oxox/xoxo", "xoxo/oxox/xoxo/x..."),
            CapEdge::new("xoxoxo/oxoxox", "xoxoxo/oxoxox/x....."),
        ]
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Stones)
    }

    /// The moving stone's cell, then the clobbered stone's.
    fn footprint(&self, board: &Clobber, capture: &Capture) -> Footprint {
        let width = board.geometry().width();
        vec![capture.from.index(width), capture.to.index(width)]
    }

}

/// The stones on the board, of either player.
fn stones(game: &Clobber) -> u32 {
    (game.stones(Player::Left) | game.stones(Player::Right)).count_ones()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
use crate::game::GameEntry;
    use crate::drawing::{Layout, Mark, Owner};
    use crate::game::describe;

    const CLOBBER: &dyn GameEntry = &super::ClobberEntry;

    #[test]
    fn a_capture_goes_from_the_stone_to_its_target() {
        let mut state = CLOBBER.start("xo/.o").unwrap();
        assert_eq!(CLOBBER.footprint(state.as_ref(), "a1-b1"), Some(vec![0, 1]));
        let view = describe(state.as_ref()).unwrap();
        let Layout::Cells { cells, .. } = &view.board.layout else {
            panic!("a grid: {view:?}");
        };
        assert_eq!(
            cells,
            &[
                Mark::Stone(Owner::Left),
                Mark::Stone(Owner::Right),
                Mark::Empty,
                Mark::Stone(Owner::Right)
            ]
        );
        state.play("a1-b1").unwrap();
        let view = describe(state.as_ref()).unwrap();
        assert_eq!(view.played[0].footprint, [0, 1]);
        assert_eq!(view.moves, [("b2-b1".to_string(), vec![3, 1])]);
    }
}
