//! Red-Blue-Green Hackenbush's line in the registry: what differs from the other partizan
//! games (the rest is [`PartizanEntry`]'s blanket implementation).

use super::Hackenbush;
use crate::entry::OverCap;
use crate::partizan::PartizanEntry;

/// The largest position a shared server values (the number of edges). Pictures of up to 16
/// edges are valued within a second (16 green edges in a grid of cycles take 0.5 s)
/// (docs/benchmarks.md).
pub const SERVED_MAX: u32 = 16;

/// Red-Blue-Green Hackenbush.
#[derive(Debug, Clone, Copy)]
pub struct HackenbushEntry;

impl PartizanEntry for HackenbushEntry {
    type Game = Hackenbush;

    fn name(&self) -> &'static str {
        "hackenbush"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["rbg-hackenbush"]
    }

    fn title(&self) -> &'static str {
        "Red-Blue-Green Hackenbush"
    }

    fn summary(&self) -> &'static str {
        "Red-Blue-Green Hackenbush: delete an edge of your colour (Left Blue, Right Red) or a Green one; edges cut off from the ground fall; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "stalks joined by + (BBR+GG, bottom edge first) or edges NODE-NODE:COLOUR (0-1:B,1-2:R,1-3:G; 0 or g is the ground), @L or @R for the player to move (Left by default); a move is an edge's number from 1 in the order written"
    }

    fn example(&self) -> &'static str {
        "BBR+GG"
    }

    fn default_position(&self) -> &'static str {
        "BRB+RBR+GG"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["BRB+RBR+GG", "BBR+GG", "BR+RB", "0-1:B,1-2:R,1-3:G,2-3:B", "GGG+GG+G"]
    }

    /// Won and lost starts for each player, and positions of several components.
    fn sample_positions(&self) -> &'static [&'static str] {
        &["B", "BR", "BR+R", "G+GG", "BBR+GG", "0-1:B,1-2:R,1-3:G,2-3:B@R"]
    }

    /// Each move deletes one edge.
    fn most_moves(&self, game: &Hackenbush) -> Option<u128> {
        Some(game.edges().len() as u128)
    }

    /// Each move deletes at least one edge.
    fn longest_game(&self, game: &Hackenbush) -> Option<u128> {
        Some(game.edges().len() as u128)
    }

    fn check_served(&self, game: &Hackenbush) -> Result<(), OverCap> {
        OverCap::check("the number of edges", game.edges().len() as u32, SERVED_MAX)
    }

    /// The picture drawn by [`Hackenbush::svg`].
    fn picture_svg(&self, game: &Hackenbush) -> Option<String> {
        Some(game.svg())
    }
}
