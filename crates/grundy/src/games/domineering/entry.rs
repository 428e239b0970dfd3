//! Domineering's line in the registry: what differs from the other partizan games (the rest is
//! [`PartizanEntry`]'s blanket implementation).

use crate::game::Listing;
use super::domino::Domino;
use super::Domineering;
use crate::drawing::Footprint;
use crate::game::{BoardKind, CapEdge, OverCap};
use crate::partizan::PartizanEntry;

/// The most empty cells a shared server values: the boards of 20 empty cells (5 × 4, or
/// 5 × 5 with five cells blocked) are analysed with every move valued in at most 0.15 s,
/// while 22 take up to 0.4 s and the 5 × 5 board 1.3 s (docs/web.md).
pub const SERVED_MAX_EMPTY: u32 = 20;

/// The most empty cells a shared server values as a background job
/// ([`PartizanEntry::check_job`]): the 6 × 6 board, which the release command line values in
/// 12 minutes on a busy two-core machine (3.2 GB), within the job's limit of twenty minutes;
/// 6 × 5 takes 14 s (docs/web.md).
pub const JOB_MAX_EMPTY: u32 = 36;

/// Domineering: Left places vertical dominoes, Right horizontal ones.
#[derive(Debug, Clone, Copy)]
pub struct DomineeringEntry;

impl Listing for DomineeringEntry {
    fn name(&self) -> &'static str {
        "domineering"
    }

    fn title(&self) -> &'static str {
        "Domineering"
    }

    fn summary(&self) -> &'static str {
        "Domineering: Left places vertical dominoes, Right horizontal ones; who cannot place one loses"
    }

    fn notation(&self) -> &'static str {
        "WIDTHxHEIGHT (4x5) or rows top to bottom (..#./....; # blocked), @L or @R for the player \
         to move (Left by default); moves name the domino's cells, b2-b3 (Left, vertical) or \
         a1-b1 (Right, horizontal), rows numbered from 1 at the top"
    }

    fn example(&self) -> &'static str {
        "4x4"
    }

    fn default_position(&self) -> &'static str {
        "4x4"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["4x4", "2x2", "3x3", "5x4", "6x3", "..#./..../.#.."]
    }

    /// Won and lost starts for each player, blocked cells and a board of several regions.
    fn sample_positions(&self) -> &'static [&'static str] {
        &["2x2", "3x3", "3x2@R", "4x3", "..#/.../..#", "#..#/..../#..#"]
    }
}

impl PartizanEntry for DomineeringEntry {
    type Game = Domineering;

    /// Each empty cell is the top cell of at most one vertical domino and the left cell of
    /// at most one horizontal one, and cells only fill.
    fn most_moves(&self, board: &Domineering) -> Option<u128> {
        Some(u128::from(board.empty_cells().count_ones()))
    }

    /// Every move covers two empty cells.
    fn longest_game(&self, board: &Domineering) -> Option<u128> {
        Some(u128::from(board.empty_cells().count_ones() / 2))
    }

    fn check_served(&self, board: &Domineering) -> Result<(), OverCap> {
        let empty = board.empty_cells().count_ones();
        OverCap::check("the number of empty cells", empty, SERVED_MAX_EMPTY)
    }

    /// 6 × 4 with four cells blocked: 20 empty cells, the cap, and 21.
    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![CapEdge::new(
            "#...../....../....../...###",
            "#...../....../....../....##",
        )]
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Cells)
    }

    /// The domino's two cells, top or left first.
    fn footprint(&self, board: &Domineering, domino: &Domino) -> Footprint {
        let width = board.width();
        vec![domino.cell.index(width), domino.second().index(width)]
    }

    fn check_job(&self, board: &Domineering) -> Result<(), OverCap> {
        let empty = board.empty_cells().count_ones();
        OverCap::check("the number of empty cells", empty, JOB_MAX_EMPTY)
    }

}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
use crate::game::GameEntry;
    use crate::drawing::{Layout, Mark, Owner};
    use crate::game::describe;

    const DOMINEERING: &dyn GameEntry = &super::DomineeringEntry;

    #[test]
    fn a_domino_covers_its_two_cells_and_placed_dominoes_are_not_holes() {
        let mut state = DOMINEERING.start("..#/.../...").unwrap();
        // b2-b3 covers the second and third rows' middle cells: 1 * 3 + 1 and 2 * 3 + 1.
        assert_eq!(DOMINEERING.footprint(state.as_ref(), "b2-b3"), Some(vec![4, 7]));
        assert_eq!(DOMINEERING.footprint(state.as_ref(), "a1-b1"), Some(vec![0, 1]));
        assert_eq!(DOMINEERING.footprint(state.as_ref(), "nonsense"), None);
        state.play("b2-b3").unwrap();
        state.play("a1-b1").unwrap();
        let view = describe(state.as_ref()).unwrap();
        let Layout::Cells { width, height, cells, .. } = &view.board.layout else {
            panic!("a grid: {view:?}");
        };
        assert_eq!((*width, *height), (3, 3));
        use Mark::{Empty, Filled, Hole};
        assert_eq!(
            cells,
            &[Filled, Filled, Hole, Empty, Filled, Empty, Empty, Filled, Empty]
        );
        let played: Vec<_> = view.played.iter().map(|p| (p.mv.as_str(), p.by, p.footprint.clone())).collect();
        assert_eq!(
            played,
            [("b2-b3", Owner::Left, vec![4, 7]), ("a1-b1", Owner::Right, vec![0, 1])]
        );
        assert_eq!(view.to_move, Owner::Left);
        // Left's vertical dominoes left: a2-a3 and c2-c3.
        assert_eq!(
            view.moves,
            [("a2-a3".to_string(), vec![3, 6]), ("c2-c3".to_string(), vec![5, 8])]
        );
    }

    #[test]
    fn right_to_move_first_places_horizontal_dominoes() {
        let state = DOMINEERING.start("2x2@R").unwrap();
        let view = describe(state.as_ref()).unwrap();
        assert_eq!(view.to_move, Owner::Right);
        assert_eq!(
            view.moves,
            [("a1-b1".to_string(), vec![0, 1]), ("a2-b2".to_string(), vec![2, 3])]
        );
    }
}
