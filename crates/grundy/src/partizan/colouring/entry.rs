//! The registry entry of a colouring game (Col, Snort): [`ColouringEntry`], its texts from
//! the game's [`Rule`], everything else shared.

use crate::game::Listing;
use std::marker::PhantomData;

use crate::drawing::Footprint;
use crate::game::{BoardKind, CapEdge, OverCap};
use crate::partizan::colouring::{Colouring, Rule, Vertex};
use crate::partizan::PartizanEntry;

/// The largest position a shared server values (the uncoloured vertices somebody may still
/// colour): `grundy solve` (the value, every move's, and the remoteness search) takes at
/// most about a quarter of a second on graphs of 10 vertices, and 0.6 to 0.7 s on a star of
/// 12 (release build, docs/benchmarks.md), in Col and in Snort alike.
pub const SERVED_MAX: u32 = 10;

/// The notation of every colouring game.
const NOTATION: &str = "a graph as edges A-B and lone vertices joined by commas, a vertex \
    tagged :L (blue), :R (red), :l (only Left may colour it) or :r (only Right) \
    (0-1,1-2,2-3,0:L; empty for none), or a grid WxH (3x4), @L or @R for the player to move \
    (Left by default); moves a vertex (2)";

/// The 3 × 3 grid, written as a position is written back (`3x3` is read too).
const GRID_3X3: &str = "0-1,0-3,1-2,1-4,2-5,3-4,3-6,4-5,4-7,5-8,6-7,7-8";

/// The registry entry of the colouring game of rule `R`.
#[derive(Debug, Clone, Copy)]
pub struct ColouringEntry<R>(PhantomData<R>);

impl<R> ColouringEntry<R> {
    /// The entry, as a constant for the registry's list.
    pub const NEW: Self = ColouringEntry(PhantomData);
}

impl<R: Rule> Listing for ColouringEntry<R> {
    fn name(&self) -> &'static str {
        R::KEY
    }

    fn title(&self) -> &'static str {
        R::NAME
    }

    fn summary(&self) -> &'static str {
        R::SUMMARY
    }

    fn notation(&self) -> &'static str {
        NOTATION
    }

    fn example(&self) -> &'static str {
        R::EXAMPLE
    }

    /// The 3 × 3 grid, written as the position is written back (`3x3` is read too).
    fn default_position(&self) -> &'static str {
        GRID_3X3
    }

    /// Grids, a path, a cycle with a tail and a tint, a star with a tail.
    fn start_positions(&self) -> &'static [&'static str] {
        &[
            "3x3",
            "5x2",
            "0-1,1-2,2-3,3-4,4-5,5-6",
            "0-1,1-2,2-3,3-4,4-0,5-6,6-7,5:l",
            "0-1,0-2,0-3,0-4,4-5,5-6",
        ]
    }

    /// Won and lost starts for each player, tints and colours, several components.
    fn sample_positions(&self) -> &'static [&'static str] {
        &[
            "0-1,1-2,2-3",
            "0-1",
            "2x2@R",
            "3x2",
            "0-1,1-2,2-3,3-0,4:l",
            "0-1,0-2,0-3,1:L,3:r@R",
            "0-1,1-2,2-3,3-4,5-6,6-7,8",
        ]
    }
}

impl<R: Rule> PartizanEntry for ColouringEntry<R> {
    type Game = Colouring<R>;

    /// A move colours an uncoloured vertex.
    fn most_moves(&self, position: &Colouring<R>) -> Option<u128> {
        Some(position.uncoloured() as u128)
    }

    /// Every move colours a vertex.
    fn longest_game(&self, position: &Colouring<R>) -> Option<u128> {
        Some(position.uncoloured() as u128)
    }

    fn check_served(&self, position: &Colouring<R>) -> Result<(), OverCap> {
        OverCap::check(
            "the number of vertices left to colour",
            position.live() as u32,
            SERVED_MAX,
        )
    }

    fn cap_edges(&self) -> Vec<CapEdge> {
        R::cap_edges()
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Vertices)
    }

    /// The vertex coloured.
    fn footprint(&self, position: &Colouring<R>, vertex: &Vertex) -> Footprint {
        position.footprint(vertex)
    }
}
