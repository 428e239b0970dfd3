//! Backsliding Toads and Frogs's line in the registry: what differs from the other loopy
//! partizan games (the rest is [`Loopy`](crate::loopy::entry::Loopy)'s).

use super::Backsliding;
use crate::drawing::Footprint;
use crate::game::{BoardKind, CapEdge, Listing, OverCap};
use crate::grid::step::Step;
use crate::loopy::entry::LoopyEntry;
use crate::loopy::partizan::PartizanRoute;

/// The longest row a shared server analyses (cells): the retrograde analysis of a row of 10
/// cells with three pieces each (8 400 positions) and every move's takes under 0.1 s
/// (docs/web.md). The page shows outcomes and remoteness; values are `grundy solve`'s,
/// and some take minutes (`TTT..FFF`, a sided value).
pub const SERVED_MAX: u32 = 10;

/// Backsliding Toads and Frogs.
#[derive(Debug, Clone, Copy)]
pub struct BackslidingEntry;

impl Listing for BackslidingEntry {
    fn name(&self) -> &'static str {
        "backsliding"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["backsliding-toads-and-frogs", "btf"]
    }

    fn title(&self) -> &'static str {
        "Backsliding Toads and Frogs"
    }

    fn summary(&self) -> &'static str {
        "Backsliding Toads and Frogs: Toads and Frogs in which a piece may also step back one cell; play may go on for ever (values are stoppers or onside & offside, draws reported)"
    }

    fn notation(&self) -> &'static str {
        "a row of T, F and . (TT..FF), @L or @R for the player to move (Left by default); moves FROM-TO, cells numbered from 1 (2-3, 3-2, 4-2)"
    }

    fn example(&self) -> &'static str {
        "TT.FF"
    }

    fn default_position(&self) -> &'static str {
        "TT..FF"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["TT..FF", "T.F", "TT.FF", "FF..TT", "T..F", "TT....FF"]
    }

    /// Won and lost positions for each player, and drawn ones: `FF..TT` whoever starts,
    /// `F..TFT` with Right to start, `FTF..T` with Left.
    fn sample_positions(&self) -> &'static [&'static str] {
        &["T.F", "T..F", "TT.FF", "T.F@R", "TF.", "FF..TT", "F..TFT@R", "FTF..T"]
    }
}

impl LoopyEntry for BackslidingEntry {
    type Route = PartizanRoute<Backsliding>;

    /// A piece has at most three moves: a step ahead, a step back and a jump.
    fn most_moves(&self, row: &Backsliding) -> Option<u128> {
        let pieces = (0..row.len()).filter(|&cell| row.piece(cell).is_some()).count();
        Some(3 * pieces as u128)
    }

    fn check_served(&self, row: &Backsliding) -> Result<(), OverCap> {
        OverCap::check("the number of cells", row.len() as u32, SERVED_MAX)
    }

    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![CapEdge::new("TTT....FFF", "TTT.....FFF")]
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Strip)
    }

    /// The cell the piece leaves, then the cell it lands on.
    fn footprint(&self, _: &Backsliding, step: &Step) -> Footprint {
        vec![step.from, step.to]
    }
}
