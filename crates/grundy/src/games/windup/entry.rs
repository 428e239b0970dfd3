//! Wind-Up's line in the registry: what differs from the other loopy impartial games (the
//! rest is [`Loopy`](crate::loopy::entry::Loopy)'s).


use super::{Back, WindUp};
use crate::drawing::Footprint;
use crate::game::{BoardKind, CapEdge, Listing, OverCap};
use crate::loopy::entry::LoopyEntry;
use crate::loopy::impartial::ImpartialRoute;

/// The most cells a shared server analyses and draws: the analysis of a cycle of 1000 cells
/// is instant (a few thousand positions and moves); the cap keeps the drawn cycle readable.
pub const SERVED_CELLS: u32 = 1000;

/// The most amounts of a subtraction set a shared server analyses.
pub const SERVED_SET: usize = 16;


/// Wind-Up.
#[derive(Debug, Clone, Copy)]
pub struct WindUpEntry;

impl Listing for WindUpEntry {
    fn name(&self) -> &'static str {
        "windup"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["wind-up"]
    }

    fn title(&self) -> &'static str {
        "Wind-Up"
    }

    fn summary(&self) -> &'static str {
        "Wind-Up: a subtraction game on a cycle of cells, the token going back round the cycle until it reaches cell 0; play may go on for ever (loopy impartial values, draws reported)"
    }

    fn notation(&self) -> &'static str {
        "N:SET@CELL, a cycle of N cells, the subtraction set, the token's cell (12:1,2,4@5); a move is the amount taken back (2)"
    }

    fn example(&self) -> &'static str {
        "6:1,2@4"
    }

    fn default_position(&self) -> &'static str {
        "12:1,2,4@7"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["12:1,2,4@7", "6:1,2@5", "10:2,3@9", "12:1,3@11", "14:2,5@13"]
    }

    /// A loss (`6:1,2@3`), wins (`6:1,2@1`, `12:1,3@5`), draws (`10:2,3@1`, `12:1,2,4@7`)
    /// and the end (`6:1,2@0`).
    fn sample_positions(&self) -> &'static [&'static str] {
        &[
            "6:1,2@3",
            "6:1,2@1",
            "12:1,3@5",
            "10:2,3@1",
            "12:1,2,4@7",
            "6:1,2@0",
        ]
    }
}

impl LoopyEntry for WindUpEntry {
    type Route = ImpartialRoute<WindUp>;

    /// One move per amount.
    fn most_moves(&self, position: &WindUp) -> Option<u128> {
        Some(position.set().len() as u128)
    }

    fn check_served(&self, position: &WindUp) -> Result<(), OverCap> {
        OverCap::check("the number of cells", position.cells(), SERVED_CELLS)?;
        OverCap::check(
            "the number of amounts",
            position.set().len() as u32,
            SERVED_SET as u32,
        )
    }

    fn cap_edges(&self) -> Vec<CapEdge> {
        let set: Vec<String> = (1..=SERVED_SET + 1).map(|a| a.to_string()).collect();
        vec![
            CapEdge::new(
                format!("{SERVED_CELLS}:1,2@{}", SERVED_CELLS - 1),
                format!("{}:1,2@{SERVED_CELLS}", SERVED_CELLS + 1),
            ),
            CapEdge::new(
                format!("40:{}@39", set[..SERVED_SET].join(",")),
                format!("40:{}@39", set.join(",")),
            ),
        ]
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Vertices)
    }

    /// The cell the token goes to.
    fn footprint(&self, position: &WindUp, mv: &Back) -> Footprint {
        if position.cell() == 0 {
            return Vec::new();
        }
        vec![WindUp::back(position.cells(), position.cell(), mv.0) as usize]
    }
}
