//! Toads and Frogs's line in the registry: what differs from the other partizan games (the
//! rest is [`PartizanEntry`]'s blanket implementation).

use super::ToadsFrogs;
use crate::entry::OverCap;
use crate::partizan::PartizanEntry;

/// The largest position a shared server values (the number of cells): rows of 12 cells are
/// analysed with every move valued in under 0.1 s, while 13 take up to 0.35 s and 14 up to
/// 0.6 s (docs/web.md).
pub const SERVED_MAX: u32 = 12;

/// Toads and Frogs.
#[derive(Debug, Clone, Copy)]
pub struct ToadsFrogsEntry;

impl PartizanEntry for ToadsFrogsEntry {
    type Game = ToadsFrogs;

    fn name(&self) -> &'static str {
        "toadsfrogs"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["toads-and-frogs"]
    }

    fn title(&self) -> &'static str {
        "Toads and Frogs"
    }

    fn summary(&self) -> &'static str {
        "Toads and Frogs: Left's Toads (T) move right, Right's Frogs (F) move left, one cell or jumping one opponent; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "a row of T, F and . (TT..FF), @L or @R for the player to move (Left by default); moves FROM-TO, cells numbered from 1 (2-3, 4-2)"
    }

    fn example(&self) -> &'static str {
        "TT..FF"
    }

    fn default_position(&self) -> &'static str {
        "TTT..FFF"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["TTT..FFF", "TT..FF", "T.F", "TTT.FFF", "TTTT..FFFF", "T.T.F.F"]
    }

    /// Won and lost starts for each player, and positions of several components.
    fn sample_positions(&self) -> &'static [&'static str] {
        &["T.F", "TT..FF", "TF.", "T..F@R", "TT.F.F", "T.TF.F"]
    }

    /// A piece has at most one move (a slide or a jump), so a player has at most as many
    /// moves as pieces.
    fn most_moves(&self, game: &ToadsFrogs) -> Option<u128> {
        Some(u128::from((game.toads() | game.frogs()).count_ones()))
    }

    /// A Toad only moves right and a Frog only left, at least one cell a move.
    fn longest_game(&self, game: &ToadsFrogs) -> Option<u128> {
        Some(u128::from((game.toads() | game.frogs()).count_ones()) * game.len() as u128)
    }

    fn check_served(&self, game: &ToadsFrogs) -> Result<(), OverCap> {
        OverCap::check("the number of cells", game.len() as u32, SERVED_MAX)
    }

    /// The board drawn by [`ToadsFrogs::svg`].
    fn picture_svg(&self, game: &ToadsFrogs) -> Option<String> {
        Some(game.svg())
    }
}
