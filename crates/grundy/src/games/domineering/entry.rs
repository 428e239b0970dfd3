//! Domineering's line in the registry: what differs from the other partizan games (the rest is
//! [`PartizanEntry`]'s blanket implementation).

use super::Domineering;
use crate::entry::OverCap;
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

impl PartizanEntry for DomineeringEntry {
    type Game = Domineering;

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

    fn check_job(&self, board: &Domineering) -> Result<(), OverCap> {
        let empty = board.empty_cells().count_ones();
        OverCap::check("the number of empty cells", empty, JOB_MAX_EMPTY)
    }

    /// The board drawn by [`Domineering::svg`].
    fn picture_svg(&self, board: &Domineering) -> Option<String> {
        Some(board.svg())
    }
}
