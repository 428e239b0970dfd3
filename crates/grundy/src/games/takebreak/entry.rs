//! The take-and-break family's line in the registry: one entry for every game given by its
//! rules, the rules written before the heaps (`0.137:5+7+12`).

use crate::error::ParseError;
use crate::games::takebreak::analysis::analyse;
use crate::games::takebreak::play::TakeBreakRules;
use crate::play::{GameState, Rules};
use crate::registry::{start_played, GameEntry};
use crate::report::{Report, SolveError, SolveOptions};

/// Take-and-break games by their rules: octal and hexadecimal codes, subtraction and
/// all-but subtraction games, Grundy's game. Of the solve options it reads only `moves`.
#[derive(Debug, Clone, Copy)]
pub struct TakeBreakEntry;

impl GameEntry for TakeBreakEntry {
    fn name(&self) -> &'static str {
        "takebreak"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["octal", "take-and-break"]
    }

    fn title(&self) -> &'static str {
        "take-and-break games"
    }

    fn summary(&self) -> &'static str {
        "Take-and-break games by their rules: octal and hex codes, subtraction games, Grundy's game"
    }

    fn notation(&self) -> &'static str {
        "RULES:HEAPS, rules 0.137, hex:0.f, S(1,3,4), AB(1,2) or grundy (0.137:5+7+12); \
         moves HEAP->LEFT+LEFT (12->3+4, 5->0)"
    }

    fn example(&self) -> &'static str {
        "0.137:5+7+12"
    }

    fn default_position(&self) -> &'static str {
        "0.137:5+7+12"
    }

    fn is_family(&self) -> bool {
        true
    }

    /// Every move removes a token (and leaves at most 3 heaps where there was one) or
    /// splits a heap, so 3 · tokens − heaps falls by at least one each move. (No bound on
    /// the number of moves: splitting a heap can add moves.)
    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        let position = TakeBreakRules::parse_position(&state.position()).ok()?;
        let tokens: u128 = position.heaps.iter().map(|heap| u128::from(*heap)).sum();
        Some(3 * tokens - position.heaps.len() as u128)
    }

    fn start(&self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<TakeBreakRules>(position)
    }

    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        Ok(Report::Solved(analyse(position, options.moves)?))
    }
}
