//! Fox and Geese's line in the registry: what differs from the other loopy partizan games
//! (the rest is [`Loopy`](crate::loopy::entry::Loopy)'s).

use super::{FoxGeese, Step};
use crate::drawing::Footprint;
use crate::game::{BoardKind, CapEdge, Listing, OverCap};
use crate::loopy::entry::LoopyEntry;
use crate::loopy::partizan::PartizanRoute;

/// The widest board a shared server analyses (columns).
pub const SERVED_WIDTH: u32 = 8;

/// The highest top goose a shared server analyses (its row): with four geese on row 4 of
/// the 8-wide board, the value and both players' analyses take under 0.5 s (docs/web.md).
pub const SERVED_TOP_ROW: u32 = 4;

/// Fox and Geese.
#[derive(Debug, Clone, Copy)]
pub struct FoxGeeseEntry;

impl Listing for FoxGeeseEntry {
    fn name(&self) -> &'static str {
        "foxgeese"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["fox-and-geese"]
    }

    fn title(&self) -> &'static str {
        "Fox and Geese"
    }

    fn summary(&self) -> &'static str {
        "Fox and Geese (Winning Ways ch. 20): Left's geese (x) step diagonally down, Right's fox (o) diagonally either way, on the dark squares; Left wins by trapping the fox (values are stoppers)"
    }

    fn notation(&self) -> &'static str {
        "the board's rows top first split by / (x a goose, o the fox, . empty; dark squares: row + column even, row 1 at the bottom), @L or @R for the player to move (Left by default); moves FROM-TO, squares named a1 at the bottom left (b4-a3, a1-b2)"
    }

    fn example(&self) -> &'static str {
        "x.x./..../o..."
    }

    fn default_position(&self) -> &'static str {
        ".x.x.x.x/......../......../o......."
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &[
            ".x.x.x.x/......../......../o.......",
            "x.x./..../o...",
            ".x.x.x/....../....../o.....",
            "x.x.x.x./......../o.......",
        ]
    }

    /// Trapped and escaping foxes, each player to move.
    fn sample_positions(&self) -> &'static [&'static str] {
        &[
            "x.x./..../o...",
            "x.x./.o../....@R",
            "..x./.o../....",
            "x.../...o/....",
            ".x/o.",
        ]
    }
}

impl LoopyEntry for FoxGeeseEntry {
    type Route = PartizanRoute<FoxGeese>;

    /// A goose has at most two moves, the fox four.
    fn most_moves(&self, position: &FoxGeese) -> Option<u128> {
        Some((2 * position.geese().len() as u128).max(4))
    }

    fn check_served(&self, position: &FoxGeese) -> Result<(), OverCap> {
        OverCap::check("the board's width", u32::from(position.width()), SERVED_WIDTH)?;
        OverCap::check(
            "the top goose's row",
            u32::from(position.top_goose_row()),
            SERVED_TOP_ROW,
        )
    }

    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![
            CapEdge::new(
                ".x.x.x.x/......../......../o.......",
                ".x.x.x.x./........./........./o........",
            ),
            CapEdge::new(
                ".x.x.x.x/......../......../o.......",
                "x.x.x.x./......../......../......../o.......",
            ),
        ]
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Stones)
    }

    /// The square the piece leaves, then the square it lands on.
    fn footprint(&self, position: &FoxGeese, step: &Step) -> Footprint {
        let (width, height) = board_size(position);
        [step.from, step.to]
            .into_iter()
            .filter_map(|square| {
                let (row, col) = (usize::from(square.row), usize::from(square.col));
                (row >= 1 && row <= height && col >= 1 && col <= width)
                    .then(|| (height - row) * width + col - 1)
            })
            .collect()
    }
}

/// The board's columns and rows as drawn: up to the row above the fox (where it may step)
/// or the top goose.
pub(super) fn board_size(position: &FoxGeese) -> (usize, usize) {
    let height = usize::from(position.height()).max(usize::from(position.fox().row) + 1);
    (usize::from(position.width()), height)
}
