//! Nim's line in the registry.

use crate::game::Listing;
use crate::error::ParseError;
use crate::games::nim::analysis::analyse;
use crate::games::nim::play::NimRules;
use crate::game::{GameState, Rules};
use crate::game::{BoardKind, CapEdge, GameEntry, OverCap, sum_of};
use crate::game::{start_played, with_position};
use crate::report::{Report, SolveError, SolveOptions};

/// The largest bound on the legal moves [`GameEntry::most_moves`] states; beyond it, none
/// (no front end lists so many moves).
pub const MOST_MOVES_COUNTED: u128 = 1 << 24;

/// The most tokens a position may hold for a shared server to analyse it under misère play
/// ([`GameEntry::check_served_misere`]): the exact misère search values every position
/// reached (before Bouton's rule is asked); the sums of 48 tokens take up to about 0.1 s,
/// of 64 up to 0.3 s (docs/web.md).
pub const SERVED_MISERE_MAX_TOKENS: u128 = 48;

/// Nim: take any number of tokens from one heap; who cannot move loses. Of the solve
/// options it reads only `moves`.
#[derive(Debug, Clone, Copy)]
pub struct NimEntry;

impl Listing for NimEntry {
    fn name(&self) -> &'static str {
        "nim"
    }

    fn title(&self) -> &'static str {
        "Nim"
    }

    fn summary(&self) -> &'static str {
        "Nim: take any positive number of tokens from one heap; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "HEAPS joined by + (3+4+5; 0 for no heap); moves HEAP->REST (5->2 takes 3, 5->0 empties)"
    }

    fn example(&self) -> &'static str {
        "3+4+5"
    }

    fn default_position(&self) -> &'static str {
        "3+4+5"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["3+4+5", "1+2+3", "5+7+9+11", "10+20+30"]
    }

    /// Won and lost starts, equal heaps, a single heap and one beyond the exact remoteness.
    fn sample_positions(&self) -> &'static [&'static str] {
        &["3+4+5", "1+2+3", "2+2", "6", "1+4+4+7", "20+25"]
    }
}

impl GameEntry for NimEntry {
    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Heaps)
    }

    /// A position has one legal move per token of each distinct heap size, so at most as
    /// many as its tokens, and tokens only go down: the tokens of `state` bound the legal
    /// moves of every later position (the moves of `state` alone do not: `2+2` has 2, and
    /// `1+2` after it 3). `None` past [`MOST_MOVES_COUNTED`].
    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        let position = NimRules::parse_position(&state.position()).ok()?;
        let tokens = position.tokens();
        (tokens <= MOST_MOVES_COUNTED).then_some(tokens)
    }

    /// Every move takes at least one token: at most one move per token.
    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        let position = NimRules::parse_position(&state.position()).ok()?;
        Some(position.tokens())
    }

    /// No caps under normal play (Bouton's rule is instant, and the notation takes at
    /// most 1 000 heaps); under misère play, see [`SERVED_MISERE_MAX_TOKENS`].
    fn check_served_misere(&self, state: &dyn GameState) -> Result<(), OverCap> {
        let tokens = with_position::<NimRules, _>(state, |nim| nim.tokens()).unwrap_or(0);
        OverCap::check(
            "the number of tokens under misère play",
            tokens,
            SERVED_MISERE_MAX_TOKENS,
        )
    }

    /// Nim has no cap of its own under normal play: as many heaps as the notation takes,
    /// each as large as it takes, and one heap more (which the notation refuses).
    fn cap_edges(&self) -> Vec<CapEdge> {
        let heap = u64::MAX.to_string();
        vec![CapEdge::new(sum_of(&heap, 1_000), sum_of(&heap, 1_001))]
    }

    fn cap_edges_misere(&self) -> Vec<CapEdge> {
        let heaps = sum_of("6", 8);
        vec![CapEdge::misere(&heaps, &format!("{heaps}+1"))]
    }

    fn start(&'static self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<NimRules>(self, position)
    }

    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        Ok(Report::Solved(analyse(position, options.moves)?))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_heap_has_no_stated_move_bound() {
        let state = NimEntry.start("100000000").unwrap();
        assert_eq!(NimEntry.most_moves(state.as_ref()), None);
        assert_eq!(NimEntry.longest_game(state.as_ref()), Some(100_000_000));
    }
}
