//! Misère play of the impartial games: the player who makes the last move loses, the rules
//! are otherwise the same.
//!
//! A position asks for misère play with the rules term `@misere` at its end (`3+4@misere`,
//! `0.77:5+7@misere`); every front end that reads positions therefore reads misère ones,
//! and a misère game writes its positions back with the term, so records replay under the
//! rules they were played by. The list's handle of a game,
//! [`Game::start`](crate::registry::Game::start) and
//! [`Game::solve`](crate::registry::Game::solve), reads the term and calls [`start`] and
//! [`solve::solve`] here; a partizan game or Pousse refuses it with an error naming the game.
//!
//! Misère play is an engine that wraps a game from above: it sits over the traits a game
//! implements, wraps any impartial game's [`GameState`] ([`state::MisereGame`]) and knows a
//! game only through its entry and its state; no entry calls it, and a new impartial game
//! gets misère play without a line of its own. What needs the wrapped game's usual rules
//! asks the state for them ([`GameState::usual_rules`]) instead of naming the wrapper's
//! type.
//!
//! What is computed, and by which theorem (docs/misere.md has the whole story):
//!
//! - [`search`]: an exact memoised search of the position itself through the
//!   [`GameState`] interface, for every impartial game, bounded by a [`Stop`] and a
//!   number of positions: misère play does not add up by nim-sums, so there is no shortcut
//!   through components.
//! - [`nim`]: Bouton's rule for misère Nim, for heaps of any size.
//! - [`genus`]: Conway's genus of the heaps of a take-and-break game, and the rule by which
//!   sums of tame heaps are decided.
//! - [`state`]: a misère game in progress, for the referee, the engine and the strategies.
//! - [`solve`]: the analysis report of a misère position.
//! - [`value`]: what a search answers (the value of a position, or why there is none).
//!
//! ```
//! use grundy::registry;
//! use grundy::report::{Report, SolveOptions};
//! use grundy::report::Outcome;
//!
//! let nim = registry::find("nim").unwrap();
//! // Normal play: 1+1+1 is won (take a heap). Misère play: it is lost.
//! let Report::Solved(report) = nim.solve("1+1+1@misere", &SolveOptions::default()).unwrap()
//! else { panic!("nim is solved exactly") };
//! assert_eq!(report.outcome, Outcome::Loss);
//! assert!(nim.start("1+1+1@misere").unwrap().position().ends_with("@misere"));
//! // Partizan games have no misère rule here.
//! let error = registry::find("domineering").unwrap().start("2x2@misere").unwrap_err();
//! assert!(error.to_string().contains("domineering"), "{error}");
//! ```
//!
//! [`GameState`]: crate::game::GameState
//! [`Stop`]: crate::stop::Stop

pub mod genus;
pub mod heap_search;
pub mod nim;
pub mod search;
pub mod solve;
pub mod state;
pub mod theory;
pub mod value;

use crate::error::ParseError;
use crate::game::{GameEntry, GameState, OverCap};

/// The rules term that asks for misère play, appended to a position.
pub const MISERE_TERM: &str = "@misere";

/// Splits `text` into the position and whether it ends in the rules term `@misere` (any
/// letter case, spaces allowed before it).
pub fn split_misere(text: &str) -> (&str, bool) {
    let trimmed = text.trim_end();
    let cut = trimmed.len().checked_sub(MISERE_TERM.len());
    match cut {
        Some(cut)
            if trimmed.is_char_boundary(cut)
                && trimmed[cut..].eq_ignore_ascii_case(MISERE_TERM) =>
        {
            (trimmed[..cut].trim_end(), true)
        }
        _ => (text, false),
    }
}

/// `position` with the rules term appended (once).
pub fn with_misere_term(position: &str) -> String {
    let (bare, _) = split_misere(position);
    format!("{bare}{MISERE_TERM}")
}

/// `Ok` when `game` has a misère version: the impartial games. The error names the game and
/// says why.
pub fn check_misere(game: &dyn GameEntry) -> Result<(), ParseError> {
    if game.is_impartial() {
        return Ok(());
    }
    Err(ParseError::at_token(
        format!(
            "{} has no misère version: misère play (the last mover loses) is for the impartial \
             games, and {} is not impartial",
            game.name(),
            game.name()
        ),
        MISERE_TERM,
    ))
}

/// A new misère game of `game` from `position` (without the `@misere` term): the game
/// under its usual rules, wrapped so that the last mover loses. An error for a game that is
/// not impartial, or a position the game does not read.
pub fn start(
    game: &'static dyn GameEntry,
    position: &str,
) -> Result<Box<dyn GameState>, ParseError> {
    check_misere(game)?;
    Ok(Box::new(state::MisereGame::new(game.start(position)?)))
}

/// Whether a shared server values `state` (a game of `game`'s under its usual rules) played
/// misère as a background job. Within the entry's misère caps
/// ([`GameEntry::check_served_misere`]) the exact search answers; past them it is refused at
/// its limit and only theory can answer, so a job takes a sum of heaps
/// ([`GameState::heap_sum`]) within the usual caps ([`GameEntry::check_served`]) whose heaps
/// theory reaches — Nim of any size (Bouton's rule), or heaps of at most
/// [`QUOTIENT_HEAPS`](theory::QUOTIENT_HEAPS) tokens (the genus and the misère quotient;
/// their builds honour the job's stop) — and otherwise only what the misère caps take.
pub fn check_job(game: &dyn GameEntry, state: &dyn GameState) -> Result<(), OverCap> {
    let served = game.check_served_misere(state);
    if served.is_err() && game.check_served(state).is_ok() {
        if let Some(sum) = state.heap_sum() {
            let reach = theory::QUOTIENT_HEAPS;
            if sum.rules.is_nim() || sum.heaps.iter().all(|heap| *heap <= reach) {
                return Ok(());
            }
        }
    }
    served
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_term_is_read_in_any_case_and_only_at_the_end() {
        assert_eq!(split_misere("3+4@misere"), ("3+4", true));
        assert_eq!(split_misere("3+4 @MISERE "), ("3+4", true));
        assert_eq!(split_misere("3+4"), ("3+4", false));
        assert_eq!(split_misere("@misere3"), ("@misere3", false));
        assert_eq!(split_misere("é"), ("é", false));
        assert_eq!(with_misere_term("3@misere"), "3@misere");
        assert_eq!(with_misere_term("3"), "3@misere");
    }
}
