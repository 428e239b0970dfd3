//! The bidding game's line in the registry.

use crate::game::Listing;
use crate::error::ParseError;
use crate::games::bidding::analysis::analyse;
use crate::games::bidding::play::{BiddingPosition, BiddingRules};
use crate::game::GameState;
use crate::game::Rules;
use crate::game::{BoardKind, CapEdge, GameEntry, OverCap};
use crate::game::{start_played, with_position};
use crate::report::{Report, SolveError, SolveOptions};

/// The largest pile limit `n` a shared server analyses ([`GameEntry::check_served`]).
pub const SERVED_MAX_N: u64 = 1 << 16;

/// The largest pile limit `n` a shared server analyses under misère play
/// ([`GameEntry::check_served_misere`]): the exact misère search values every state of the
/// pile reached; n = 2¹¹ takes about 0.2 s, 2¹² about 0.7 s (docs/web.md).
pub const SERVED_MISERE_MAX_N: u64 = 1 << 11;

/// The pile's limit `n` of `state`.
fn pile_limit(state: &dyn GameState) -> u64 {
    with_position::<BiddingRules, _>(state, |position| match position {
        BiddingPosition::On(bidding) => bidding.n(),
        BiddingPosition::Over { n, .. } => *n,
    })
    .unwrap_or(0)
}

/// POI 2012 Licytacja: pass, double or triple the stake.
#[derive(Debug, Clone, Copy)]
pub struct BiddingEntry;

impl Listing for BiddingEntry {
    fn name(&self) -> &'static str {
        "bidding"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["licytacja"]
    }

    fn title(&self) -> &'static str {
        "the bidding game"
    }

    fn summary(&self) -> &'static str {
        "POI 2012 Licytacja: pass the stake onto the pile, or double or triple it; who overflows the pile loses"
    }

    fn notation(&self) -> &'static str {
        "n or n/pile/stake (15, 15/4/6); moves pass, double, triple"
    }

    fn example(&self) -> &'static str {
        "15/4/6"
    }

    fn default_position(&self) -> &'static str {
        "15"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["5", "15", "25", "129", "390"]
    }

    fn sample_positions(&self) -> &'static [&'static str] {
        &["15", "100", "30/4/6", "7/5/2", "30000"]
    }
}

impl GameEntry for BiddingEntry {
    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::PileAndStake)
    }

    /// Pass, double and triple at most.
    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        state.legal_moves(0).total
    }

    /// At most one pass per stone of room `r` (each pass adds at least one stone to the
    /// pile), and between two passes at most `log2 r` raises (the stake at least doubles
    /// and stays below the room): at most `r · (⌊log2 r⌋ + 2)`.
    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        let room = match BiddingRules::parse_position(&state.position()).ok()? {
            BiddingPosition::On(bidding) => u128::from(bidding.remaining()),
            BiddingPosition::Over { .. } => 0,
        };
        let log2 = u128::from(u128::BITS - 1 - room.max(1).leading_zeros());
        Some(room * (log2 + 2))
    }

    /// The pile's limit `n` up to [`SERVED_MAX_N`]: the table of perfect play grows with
    /// `n`.
    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        OverCap::check("the pile's limit n", pile_limit(state), SERVED_MAX_N)
    }

    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![CapEdge::new("65536", "65537")]
    }

    fn cap_edges_misere(&self) -> Vec<CapEdge> {
        vec![CapEdge::misere("2048", "2049")]
    }

    /// The pile's limit `n` up to [`SERVED_MISERE_MAX_N`]: the exact misère search values
    /// every state reached.
    fn check_served_misere(&self, state: &dyn GameState) -> Result<(), OverCap> {
        OverCap::check(
            "the pile's limit n under misère play",
            pile_limit(state),
            SERVED_MISERE_MAX_N,
        )
    }

    fn start(&'static self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<BiddingRules>(self, position)
    }

    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        Ok(Report::Solved(analyse(position, options.moves, options.stop)?))
    }
}
