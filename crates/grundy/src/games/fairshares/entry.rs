//! Fair Shares and Varied Pairs' line in the registry: what differs from the other loopy
//! impartial games (the rest is
//! [`Loopy`](crate::loopy::entry::Loopy)'s).

use super::FairShares;
use crate::game::{BoardKind, CapEdge, Listing, OverCap};
use crate::loopy::entry::LoopyEntry;
use crate::loopy::impartial::ImpartialRoute;

/// The largest total a shared server analyses: every position of a total of 30 (5 604
/// partitions) analysed and valued in well under a second (docs/web.md).
pub const SERVED_TOTAL: u32 = 30;

/// Fair Shares and Varied Pairs.
#[derive(Debug, Clone, Copy)]
pub struct FairSharesEntry;

impl Listing for FairSharesEntry {
    fn name(&self) -> &'static str {
        "fairshares"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["fair-shares", "fair-shares-and-varied-pairs"]
    }

    fn title(&self) -> &'static str {
        "Fair Shares and Varied Pairs"
    }

    fn summary(&self) -> &'static str {
        "Fair Shares and Varied Pairs: split a heap into equal heaps, or unite two heaps of different sizes; play may go on for ever (loopy impartial values, draws reported)"
    }

    fn notation(&self) -> &'static str {
        "heaps joined by + (1+2+3); a split HEAP->SHARES (6->2+2+2), a union SMALL+LARGE->SUM (2+3->5)"
    }

    fn example(&self) -> &'static str {
        "1+2+3"
    }

    fn default_position(&self) -> &'static str {
        "12"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["12", "6", "2+2", "1+2+3", "14", "6+6"]
    }

    /// Losses (`2+2`, `1+1+1`), wins (`6`, `1+2+3`, `12`) and draws (`6+6`, `2+12`).
    fn sample_positions(&self) -> &'static [&'static str] {
        &["2+2", "1+1+1", "6", "1+2+3", "12", "6+6", "2+12"]
    }
}

impl LoopyEntry for FairSharesEntry {
    type Route = ImpartialRoute<FairShares>;

    /// A heap of `n` splits in fewer than `n` ways, and two tokens of a total of `t` pair
    /// in fewer than `t²` ways: a bound of `t + t²` moves over every partition of the total.
    fn most_moves(&self, position: &FairShares) -> Option<u128> {
        let total = u128::from(position.total());
        Some(total + total * total)
    }

    fn check_served(&self, position: &FairShares) -> Result<(), OverCap> {
        let total = u32::try_from(position.total()).unwrap_or(u32::MAX);
        OverCap::check("the total of the heaps", total, SERVED_TOTAL)
    }

    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![CapEdge::new(
            SERVED_TOTAL.to_string(),
            (SERVED_TOTAL + 1).to_string(),
        )]
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Heaps)
    }
}
