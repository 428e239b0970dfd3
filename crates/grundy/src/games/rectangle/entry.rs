//! The rectangle game's line in the registry.

use crate::game::Listing;
use crate::error::ParseError;
use crate::games::rectangle::analysis::analyse;
use crate::games::rectangle::play::RectangleRules;
use crate::game::GameState;
use crate::game::{BoardKind, CapEdge, GameEntry, OverCap};
use crate::game::{start_played, with_position};
use crate::report::{Report, SolveError, SolveOptions};

/// The longest side of a rectangle a shared server analyses ([`GameEntry::check_served`]).
pub const SERVED_MAX_SIDE: u64 = 1_000_000;

/// The longest side of a rectangle a shared server analyses under misère play
/// ([`GameEntry::check_served_misere`]): the exact misère search values every rectangle
/// reached (about a quarter of the sides' product) with each of its cuts, so its work grows
/// as the cube of the side; 64 × 64 takes about 0.1 s (docs/web.md).
pub const SERVED_MISERE_MAX_SIDE: u64 = 64;

/// The longest side of the rectangle of `state`.
fn longest_side(state: &dyn GameState) -> u64 {
    with_position::<RectangleRules, _>(state, |position| position.width().max(position.height()))
        .unwrap_or(0)
}

/// IOI 2005 REC: cut a rectangle, keep the larger part.
#[derive(Debug, Clone, Copy)]
pub struct RectangleEntry;

impl Listing for RectangleEntry {
    fn name(&self) -> &'static str {
        "rectangle"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["rec"]
    }

    fn title(&self) -> &'static str {
        "the rectangle game"
    }

    fn summary(&self) -> &'static str {
        "IOI 2005 REC: cut a rectangle along a grid line and keep the larger part; who cannot cut loses"
    }

    fn notation(&self) -> &'static str {
        "WIDTHxHEIGHT (4x3); moves vP or hP cut at P from the left or the top (v1, h2)"
    }

    fn example(&self) -> &'static str {
        "33x11"
    }

    fn default_position(&self) -> &'static str {
        "4x3"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["4x3", "8x5", "12x9", "33x11", "80x57"]
    }

    fn sample_positions(&self) -> &'static [&'static str] {
        &["4x3", "7x5", "33x11", "2x1"]
    }
}

impl GameEntry for RectangleEntry {
    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Cuts)
    }

    /// A cut shrinks a side, and the cuts are the lines across each side: the legal moves
    /// of `state` bound those of every later position.
    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        state.legal_moves(0).total
    }

    /// Every cut shrinks a side by at least one: at most one move per cut line.
    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        state.legal_moves(0).total
    }

    /// No side over [`SERVED_MAX_SIDE`]: the exact remoteness searches the sides' cuts.
    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        OverCap::check("the longest side", longest_side(state), SERVED_MAX_SIDE)
    }

    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![CapEdge::new("1000000x1000000", "1000001x1000000")]
    }

    fn cap_edges_misere(&self) -> Vec<CapEdge> {
        vec![CapEdge::misere("64x64", "65x64")]
    }

    /// No side over [`SERVED_MISERE_MAX_SIDE`]: the exact misère search values every
    /// rectangle reached.
    fn check_served_misere(&self, state: &dyn GameState) -> Result<(), OverCap> {
        OverCap::check(
            "the longest side under misère play",
            longest_side(state),
            SERVED_MISERE_MAX_SIDE,
        )
    }

    fn start(&'static self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<RectangleRules>(self, position)
    }

    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        Ok(Report::Solved(analyse(position, options.moves)?))
    }
}
