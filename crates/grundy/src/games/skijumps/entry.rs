//! Ski Jumps's line in the registry: what differs from the other partizan games (the rest
//! is [`PartizanEntry`]'s blanket implementation).

use crate::game::Listing;
use super::SkiJumps;
use crate::game::{CapEdge, OverCap};
use crate::partizan::PartizanEntry;
use crate::player::Player;

/// The largest position a shared server values (the number of skiers): slopes of up to 4
/// skiers are valued, every move included, in well under a second (docs/benchmarks.md).
pub const SERVED_MAX: u32 = 4;

/// Ski Jumps.
#[derive(Debug, Clone, Copy)]
pub struct SkiJumpsEntry;

impl Listing for SkiJumpsEntry {
    fn name(&self) -> &'static str {
        "skijumps"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["ski-jumps"]
    }

    fn title(&self) -> &'static str {
        "Ski Jumps"
    }

    fn summary(&self) -> &'static str {
        "Ski Jumps: Left's skiers (L) slide right, Right's (R) left, or jump down over an opponent's skier, who becomes a slipper (l, r); who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "rows top to bottom of L, l (Left's jumper, slipper), R, r (Right's) and . (L..../....R/.....), @L or @R for the player to move (Left by default); moves FROM-TO, FROM-off or a jump FROM-TO two rows down (a1-c1, c1-off, a1-a3), rows numbered from 1 at the top"
    }

    fn example(&self) -> &'static str {
        "L..../....R/l...."
    }

    fn default_position(&self) -> &'static str {
        "...L..../..R...../........"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &[
            "...L..../..R...../........",
            "L..../....R/l....",
            "L..../R..../.....",
            ".L.../.R.../.....",
            "L.R../..L.R/.....",
        ]
    }

    /// Won and lost starts for each player, Winning Ways' slopes among them.
    fn sample_positions(&self) -> &'static [&'static str] {
        &[
            "L.R",
            "L/R",
            "L..../....R/.....",
            "...R./...L./.....",
            "L..../R..../.....@R",
            "R.L/.L./...",
        ]
    }
}

impl PartizanEntry for SkiJumpsEntry {
    type Game = SkiJumps;

    /// A skier has at most a slide to each cell ahead, one off the edge and one jump.
    fn most_moves(&self, game: &SkiJumps) -> Option<u128> {
        Some(u128::from(skiers(game)) * (game.geometry().width() as u128 + 1))
    }

    /// A slide takes a skier at least one cell toward its edge or off the board, and a jump
    /// two rows down; a skier never moves back.
    fn longest_game(&self, game: &SkiJumps) -> Option<u128> {
        let geometry = game.geometry();
        Some(u128::from(skiers(game)) * (geometry.width() + geometry.height()) as u128)
    }

    fn check_served(&self, game: &SkiJumps) -> Result<(), OverCap> {
        OverCap::check("the number of skiers", skiers(game), SERVED_MAX)
    }

    /// Four skiers, the cap, on the largest slope (64 cells), stacked so that every jumper can
    /// jump; and a fifth.
    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![CapEdge::new(
            "L......./R......./L......./R......./......../......../......../........",
            "L......./R......./L......./R......./L......./......../......../........",
        )]
    }
}

/// The skiers on the board, of either player.
fn skiers(game: &SkiJumps) -> u32 {
    (game.skiers(Player::Left) | game.skiers(Player::Right)).count_ones()
}
