//! Clobber's line in the registry: what differs from the other partizan games (the rest is
//! [`PartizanEntry`]'s blanket implementation).

use super::Clobber;
use crate::entry::OverCap;
use crate::partizan::{PartizanEntry, Side};

/// The largest position a shared server values (the number of stones). Boards of up to 12
/// stones are valued in milliseconds (a full 4 × 4 board, 16 stones, takes 2.4 s)
/// (docs/benchmarks.md).
pub const SERVED_MAX: u32 = 12;

/// Clobber.
#[derive(Debug, Clone, Copy)]
pub struct ClobberEntry;

impl PartizanEntry for ClobberEntry {
    type Game = Clobber;

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

    /// The board drawn by [`Clobber::svg`].
    fn picture_svg(&self, game: &Clobber) -> Option<String> {
        Some(game.svg())
    }
}

/// The stones on the board, of either player.
fn stones(game: &Clobber) -> u32 {
    (game.stones(Side::Left) | game.stones(Side::Right)).count_ones()
}
