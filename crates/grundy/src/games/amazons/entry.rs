//! Amazons' line in the registry: what differs from the other partizan games (the rest is
//! [`PartizanEntry`]'s blanket implementation).

use crate::game::Listing;
use super::{AmazonMove, Amazons};
use crate::drawing::Footprint;
use crate::game::{BoardKind, CapEdge, OverCap};
use crate::partizan::PartizanEntry;
use crate::player::Player;

/// The largest position a shared server values at once: the number of open cells (empty or
/// holding an amazon) in the regions where somebody can move. The work grows with both the
/// empty cells and the amazons, and their sum measures it: at 10 open cells `grundy solve`
/// takes 0.2 s (one amazon each on 5 × 2) to 0.65 s (three amazons, 7 empty cells) in an
/// unoptimised build, while 11 take up to 3.3 s (four amazons, 7 empty cells) and 12 up to
/// 8.8 s (docs/benchmarks.md).
pub const SERVED_MAX: u32 = 10;

/// The largest position a shared server values as a background job, in open cells as for
/// [`SERVED_MAX`]: in an optimised build two amazons each take 1.5 s on 12 open cells and
/// 11 s on 13 (seven times as long a cell), so 14 stay well within a job's twenty minutes,
/// while on 16 (4 × 4) they did not finish in ten minutes (docs/benchmarks.md).
pub const JOB_MAX: u32 = 14;

/// The Game of the Amazons.
#[derive(Debug, Clone, Copy)]
pub struct AmazonsEntry;

impl Listing for AmazonsEntry {
    fn name(&self) -> &'static str {
        "amazons"
    }

    fn title(&self) -> &'static str {
        "Amazons"
    }

    fn summary(&self) -> &'static str {
        "Amazons: move one of your amazons as a chess queen, then shoot an arrow from where it lands, as a queen too, burning the cell it hits; Left plays x, Right o; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "rows top to bottom of x (Left), o (Right), # (burnt) and . (x.../o..., or CGSuite's x...|o...), @L or @R for the player to move (Left by default); moves FROM-TO/ARROW (a1-a2/b1), rows numbered from 1 at the top"
    }

    fn example(&self) -> &'static str {
        "x.../o..."
    }

    /// Two amazons each on 4 × 3 with two cells burnt, a hot game of 6 empty cells.
    fn default_position(&self) -> &'static str {
        "x..o/#..#/o..x"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &[
            "x..o/#..#/o..x",
            "x.../o...",
            "x..../o....",
            "x..#/..../.#.o",
            "x.o/.../o.x",
        ]
    }

    /// Won and lost starts for each player, boards that split into regions, and one whose
    /// remoteness is past the exact search.
    fn sample_positions(&self) -> &'static [&'static str] {
        &[
            "x.",
            "x.o",
            "o..",
            "x.o/###/x.o",
            "x.#o/..#./o.#x",
            "x.#/o..@R",
            "x.../o...",
        ]
    }
}

impl PartizanEntry for AmazonsEntry {
    type Game = Amazons;

    /// An amazon goes to an empty cell and shoots at an empty cell (or the one it left):
    /// at most the empty cells squared for each amazon of the side with more.
    fn most_moves(&self, game: &Amazons) -> Option<u128> {
        let movers = game
            .amazons(Player::Left)
            .count_ones()
            .max(game.amazons(Player::Right).count_ones());
        let empty = u128::from(game.empty().count_ones());
        Some(u128::from(movers) * empty * empty)
    }

    /// Every move burns an empty cell.
    fn longest_game(&self, game: &Amazons) -> Option<u128> {
        Some(u128::from(game.empty().count_ones()))
    }

    fn check_served(&self, game: &Amazons) -> Result<(), OverCap> {
        OverCap::check("the number of open cells", open_cells(game), SERVED_MAX)
    }

    /// 10 open cells (empty or an amazon), the cap, and 11: one amazon each on 5 × 2, and on
    /// 4 × 3 two holes and three or four amazons (the costliest mixes measured).
    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![
            CapEdge::new("x..../o....", "x..../o..../####."),
            CapEdge::new("x..o/#..#/o..x", "x..o/...#/o..x"),
            CapEdge::new("x..o/#..#/o...", "x..o/...#/o..."),
        ]
    }

    fn check_job(&self, game: &Amazons) -> Result<(), OverCap> {
        OverCap::check("the number of open cells", open_cells(game), JOB_MAX)
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Stones)
    }

    /// The amazon's cell, the cell it goes to, then the cell its arrow burns.
    fn footprint(&self, board: &Amazons, mv: &AmazonMove) -> Footprint {
        let width = board.geometry().width();
        vec![
            mv.from.index(width),
            mv.to.index(width),
            mv.arrow.index(width),
        ]
    }

}

/// The cells not burnt (empty or holding an amazon) of the regions where somebody can move:
/// what the work grows with.
fn open_cells(game: &Amazons) -> u32 {
    game.components()
        .iter()
        .map(|part| (part.geometry().all() & !part.burnt()).count_ones())
        .sum()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
use crate::game::GameEntry;
    use crate::drawing::{Layout, Mark, Owner};
    use crate::game::describe;

    const AMAZONS: &dyn GameEntry = &super::AmazonsEntry;

    #[test]
    fn a_move_goes_from_the_amazon_to_its_cell_then_to_the_arrow() {
        let mut state = AMAZONS.start("x.#/o..").unwrap();
        assert_eq!(
            AMAZONS.footprint(state.as_ref(), "a1-b2/a1"),
            Some(vec![0, 4, 0])
        );
        let view = describe(state.as_ref()).unwrap();
        let Layout::Cells { cells, .. } = &view.board.layout else {
            panic!("a grid: {view:?}");
        };
        assert_eq!(cells[0], Mark::Stone(Owner::Left));
        assert_eq!(cells[2], Mark::Hole);
        assert_eq!(cells[3], Mark::Stone(Owner::Right));
        state.play("a1-b2/b1").unwrap();
        let view = describe(state.as_ref()).unwrap();
        let Layout::Cells { cells, .. } = &view.board.layout else {
            panic!("a grid: {view:?}");
        };
        // The arrow shot is a filled cell; the start's burnt cell stays a hole.
        assert_eq!(cells[1], Mark::Filled);
        assert_eq!(cells[2], Mark::Hole);
        assert_eq!(view.played[0].footprint, [0, 4, 1]);
        assert!(!view.moves.is_empty());
    }
}
