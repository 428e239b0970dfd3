//! Fission's line in the registry: what differs from the other partizan games (the rest is
//! [`PartizanEntry`]'s blanket implementation).

use crate::game::Listing;
use super::{Fission, Split};
use crate::drawing::Footprint;
use crate::game::{BoardKind, CapEdge, OverCap};
use crate::partizan::PartizanEntry;

/// The most empty cells a shared server values: every move fills one, so a game from a
/// board of 20 empty cells lasts at most 20 moves; a lone stone on 5 × 5 (24 empty cells)
/// is analysed in 0.6 s unoptimised (docs/benchmarks.md).
pub const SERVED_MAX_EMPTY: u32 = 20;

/// Fission: Left splits a stone vertically, Right horizontally.
#[derive(Debug, Clone, Copy)]
pub struct FissionEntry;

impl Listing for FissionEntry {
    fn name(&self) -> &'static str {
        "fission"
    }

    fn title(&self) -> &'static str {
        "Fission"
    }

    fn summary(&self) -> &'static str {
        "Fission: remove a stone and put two on the empty cells on either side of it, Left above and below, Right left and right; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "rows top to bottom of x (a stone), . (empty) and # (blocked) (..x./..../#..#), @L or @R \
         for the player to move (Left by default); a move names the stone that splits (c2), \
         rows numbered from 1 at the top"
    }

    fn example(&self) -> &'static str {
        ".x.x/..x./..../..x."
    }

    fn default_position(&self) -> &'static str {
        "..../.x../..x./...."
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &[
            "..../.x../..x./....",
            ".x.x/..x./..../..x.",
            "..../..x./..../#..#",
            "...../..x../...../.x.x.",
        ]
    }

    /// Won and lost starts for each player, blocked cells and boards of several regions.
    fn sample_positions(&self) -> &'static [&'static str] {
        &[
            "..x./..../..x./....",
            ".x.x/..../..x./....",
            "..../..x./..../#..#",
            ".../.x./...@R",
            ".x./.../.x.",
            "..x../.#.#./..x..",
        ]
    }
}

impl PartizanEntry for FissionEntry {
    type Game = Fission;

    /// A stone has at most one move for each player, and a board at most as many stones as
    /// open cells.
    fn most_moves(&self, board: &Fission) -> Option<u128> {
        Some(u128::from(board.open_cells().count_ones()))
    }

    /// Every move fills one empty cell.
    fn longest_game(&self, board: &Fission) -> Option<u128> {
        Some(u128::from(board.empty_cells().count_ones()))
    }

    fn check_served(&self, board: &Fission) -> Result<(), OverCap> {
        let empty = board.empty_cells().count_ones();
        OverCap::check("the number of empty cells", empty, SERVED_MAX_EMPTY)
    }

    /// 20 empty cells, the cap, and 21: a lone stone in the middle of a 7 × 3 board (and of
    /// an 11 × 2 one), and four stones on 6 × 4 (and on 5 × 5).
    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![
            CapEdge::new("......./...x.../.......", ".........../.....x....."),
            CapEdge::new(
                "x..x../....../....../x..x..",
                "x..x./...../...../...../x..x.",
            ),
        ]
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Stones)
    }

    /// The stone's cell: a stone has at most one move for the player to move, so the board
    /// draws it as a disc on the stone.
    fn footprint(&self, board: &Fission, split: &Split) -> Footprint {
        let geometry = board.geometry();
        let cell = split.0;
        if geometry.contains(cell.column, cell.row) {
            vec![cell.index(geometry.width())]
        } else {
            Footprint::new()
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
use crate::game::GameEntry;
    use crate::drawing::{Layout, Mark, Owner};
    use crate::game::describe;

    const FISSION: &dyn GameEntry = &super::FissionEntry;

    #[test]
    fn a_split_is_drawn_on_its_stone() {
        let mut state = FISSION.start(".../.x./..#").unwrap();
        assert_eq!(FISSION.footprint(state.as_ref(), "b2"), Some(vec![4]));
        assert_eq!(FISSION.footprint(state.as_ref(), "z9"), None);
        let view = describe(state.as_ref()).unwrap();
        let Layout::Cells { cells, .. } = &view.board.layout else {
            panic!("a grid: {view:?}");
        };
        assert_eq!(cells[4], Mark::Stone(Owner::Either));
        assert_eq!(cells[8], Mark::Hole);
        assert_eq!(view.moves, [("b2".to_string(), vec![4])]);
        state.play("b2").unwrap();
        let view = describe(state.as_ref()).unwrap();
        assert_eq!(view.played[0].footprint, [4]);
        assert_eq!(view.to_move, Owner::Right);
        assert_eq!(view.moves, [("b1".to_string(), vec![1])]);
    }

    #[test]
    fn big_boards_are_not_served() {
        let state = FISSION.start("..x../...../...../...../.....").unwrap();
        let error = FISSION.check_served(state.as_ref()).unwrap_err();
        assert!(error.to_string().contains("20"), "{error}");
    }
}
