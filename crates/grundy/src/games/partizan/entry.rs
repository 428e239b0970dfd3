//! What the registry entries of the partizan games share: starting a game, solving a
//! position and listing its components, each through the shared adapter.

use super::play::PartizanRules;
use super::report::{parse_game, solve as solve_position};
use super::solver::PartizanGame;
use crate::error::ParseError;
use crate::play::GameState;
use crate::play::{start_played, with_position};
use crate::report::{Report, SolveError, SolveOptions};

/// A game of `G` from `position` (`POSITION`, `POSITION@L` or `POSITION@R`).
pub fn start<G: PartizanGame>(position: &str) -> Result<Box<dyn GameState>, ParseError> {
    start_played::<PartizanRules<G>>(position)
}

/// The report of `grundy solve` for `position`.
pub fn solve<G: PartizanGame>(
    position: &str,
    options: &SolveOptions,
) -> Result<Report, SolveError> {
    Ok(Report::Valued(solve_position::<G>(position, options)?))
}

/// The components of `position`, each in notation; empty when it does not read.
pub fn components<G: PartizanGame>(position: &str) -> Vec<String> {
    parse_game::<G>(position)
        .map(|game| game.components().iter().map(ToString::to_string).collect())
        .unwrap_or_default()
}

/// `f` of the position of a game of `G` in progress (whoever is to move).
pub fn with_game<G: PartizanGame, T>(state: &dyn GameState, f: impl FnOnce(&G) -> T) -> Option<T> {
    with_position::<PartizanRules<G>, _>(state, |turn| f(&turn.position))
}
