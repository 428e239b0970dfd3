//! Misère play of the impartial games: the player who makes the last move loses, the rules
//! are otherwise the same.
//!
//! A position asks for misère play with the rules term `@misere` at its end (`3+4@misere`,
//! `0.77:5+7@misere`); every front end that reads positions therefore reads misère ones,
//! and a misère game writes its positions back with the term, so records replay under the
//! rules they were played by. [`Game::start`](crate::game::Game::start) and
//! [`Game::solve`](crate::game::Game::solve) read the term and call [`start`] and
//! [`solve::solve`] here; a partizan game or Pousse refuses it with an error naming the game.
//!
//! Misère play sits with the traits, below the games: it wraps any impartial game's
//! [`GameState`] ([`state::MisereGame`]) and knows a game only through its entry and its
//! state, so the entry's handle calls it without importing anything above the traits, and a
//! new impartial game gets misère play without a line of its own. What needs the wrapped
//! game's usual rules asks the state for them ([`GameState::usual_rules`]) instead of
//! naming the wrapper's type.
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

use crate::error::ParseError;
use crate::game::Game;
use crate::game::GameState;

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
pub fn check_misere(game: Game) -> Result<(), ParseError> {
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
pub fn start(game: Game, position: &str) -> Result<Box<dyn GameState>, ParseError> {
    check_misere(game)?;
    Ok(Box::new(state::MisereGame::new(
        game.entry().start(position)?,
    )))
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
