//! Cutcake's line in the registry: what differs from the other partizan games (the rest is
//! [`PartizanEntry`]'s blanket implementation).

use crate::game::Listing;
use super::Cutcake;
use crate::game::{BoardKind, CapEdge, OverCap};
use crate::partizan::PartizanEntry;

/// The most cuts (both players' together) a shared server lists and values at once: the
/// values are the closed form's, so the time is in the exact remoteness search of each
/// move's position, about 0.07 s a move when it runs out of its budget (12 cuts: 0.7 s;
/// docs/benchmarks.md).
pub const SERVED_MAX_CUTS: u32 = 12;

/// The most cuts a shared server values as a cancellable job (`/api/jobs`): a 200 × 200
/// cake's 398 cuts.
pub const JOB_MAX_CUTS: u32 = 400;

/// Cutcake.
#[derive(Debug, Clone, Copy)]
pub struct CutcakeEntry;

/// Left's and Right's cuts in `position`, together.
fn cuts(position: &Cutcake) -> u128 {
    position
        .cakes()
        .iter()
        .map(|&(w, h)| u128::from(w - 1) + u128::from(h - 1))
        .sum()
}

impl Listing for CutcakeEntry {
    fn name(&self) -> &'static str {
        "cutcake"
    }

    fn title(&self) -> &'static str {
        "Cutcake"
    }

    fn summary(&self) -> &'static str {
        "Cutcake: Left cuts a cake from top to bottom, Right from side to side, along the grid lines; who cannot cut loses"
    }

    fn notation(&self) -> &'static str {
        "cakes WxH joined by + (3x2+5x1), @L or @R for the player to move (Left by default); moves v3 (Left, 3 columns from the left) or h2 (Right, 2 rows from the top), after the cake's number and : when there are several (2:v3)"
    }

    fn example(&self) -> &'static str {
        "4x3+3x5"
    }

    fn default_position(&self) -> &'static str {
        "4x3"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["4x3", "4x3+3x5", "5x5", "3x2+5x1", "7x7"]
    }

    /// Won and lost starts for each player, some with Right to move, and sums of cakes.
    fn sample_positions(&self) -> &'static [&'static str] {
        &[
            "4x3", "3x3", "2x3@R", "3x2+1x3", "5x1+1x4@R", "4x2+2x4", "5x4", "6x2+1x1",
        ]
    }
}

impl PartizanEntry for CutcakeEntry {
    type Game = Cutcake;

    /// Left's cuts grow to `(W - 1)·H` for a cake cut into rows, Right's to `W·(H - 1)`.
    fn most_moves(&self, position: &Cutcake) -> Option<u128> {
        let (mut left, mut right) = (0u128, 0u128);
        for &(w, h) in position.cakes() {
            left += u128::from(w - 1) * u128::from(h);
            right += u128::from(w) * u128::from(h - 1);
        }
        Some(left.max(right))
    }

    /// A cut makes one cake more, and there are at most as many cakes as squares.
    fn longest_game(&self, position: &Cutcake) -> Option<u128> {
        Some(u128::from(position.area()) - position.cakes().len() as u128)
    }

    fn check_served(&self, position: &Cutcake) -> Result<(), OverCap> {
        OverCap::check("the number of cuts", cuts(position), SERVED_MAX_CUTS)
    }

    /// 12 cuts, the cap, in one cake and in a sum; and 13.
    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![
            CapEdge::new("7x7", "8x7"),
            CapEdge::new("3x2+5x1+4x3", "3x2+5x1+4x4"),
        ]
    }

    fn check_job(&self, position: &Cutcake) -> Result<(), OverCap> {
        OverCap::check("the number of cuts", cuts(position), JOB_MAX_CUTS)
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Cuts)
    }
}
