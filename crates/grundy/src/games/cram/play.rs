//! Cram behind [`GameState`](crate::play::GameState).
//!
//! Positions in Domineering's notation (`4x3`, `..#/.../...`), moves a domino's two cells
//! (`a1-a2`). Perfect play is exact on boards of at most [`REMOTENESS_CELLS`] empty cells
//! and the heuristic of [`super::solve`] beyond.

use rand::{Rng, RngCore};

use crate::entry::Game;
use crate::error::{ParseError, RuleError};
use crate::games::cram::entry::CramEntry;
use crate::games::cram::solve::{
    evaluator, outcome, perfect_move, remoteness, stubborn_move, value_with, winning_moves,
    Evaluator, REMOTENESS_CELLS,
};
use crate::games::cram::{Cram, Domino};
use crate::impartial::Outcome;
use crate::play::{Analysis, Budget, MoveList, Relative, Rules};

/// The rules of Cram for [`Played`](crate::play::Played).
#[derive(Debug, Clone, Copy)]
pub struct CramRules;

/// What the solver keeps between moves.
pub struct CramCache {
    solver: Evaluator,
}

impl Default for CramCache {
    fn default() -> Self {
        CramCache {
            solver: evaluator(),
        }
    }
}

impl Rules for CramRules {
    type Position = Cram;
    type Move = Domino;
    type Cache = CramCache;

    const GAME: Game = Game::new(&CramEntry);

    fn parse_position(text: &str) -> Result<Cram, ParseError> {
        text.trim().parse()
    }

    fn format_position(position: &Cram) -> String {
        position.to_string()
    }

    /// The board cropped and reduced under the symmetries: boards of the same shape share a
    /// future.
    fn transposition_key(position: &Cram) -> String {
        position.normalised().to_string()
    }

    fn parse_move(_: &Cram, text: &str) -> Result<Domino, ParseError> {
        text.trim().parse()
    }

    fn apply(position: &Cram, mv: &Domino) -> Result<Cram, RuleError> {
        position.apply(mv)
    }

    fn winner(position: &Cram) -> Option<Relative> {
        position.is_terminal().then_some(Relative::JustMoved)
    }

    /// Every domino that fits, vertical ones first.
    fn legal_moves(position: &Cram, limit: usize) -> MoveList {
        let all = position.moves();
        let total = all.len();
        MoveList {
            complete: total <= limit,
            moves: all.iter().take(limit).map(Domino::to_string).collect(),
            total: Some(total as u128),
        }
    }

    fn random_move(position: &Cram, rng: &mut dyn RngCore) -> Option<Domino> {
        let moves = position.moves();
        if moves.is_empty() {
            return None;
        }
        Some(moves[rng.gen_range(0..moves.len())])
    }

    fn draw(position: &Cram) -> String {
        position.draw()
    }

    fn analyse(position: &Cram, _: &Budget, cache: &mut CramCache) -> Analysis {
        let solver = &mut cache.solver;
        let winning = winning_moves(position, solver);
        let exact = remoteness(position, solver);
        let comment = exact.is_none().then(|| {
            format!(
                "remoteness not computed ({} empty cells; exact up to {REMOTENESS_CELLS})",
                position.empty_count()
            )
        });
        Analysis {
            to_move_wins: Some(outcome(position, solver) == Outcome::Win),
            grundy_value: Some(u128::from(value_with(position, solver))),
            best_move: perfect_move(position, solver).map(|mv| mv.to_string()),
            winning_moves_complete: true,
            winning_moves: winning.iter().map(ToString::to_string).collect(),
            remoteness: exact.map(u128::from),
            remoteness_exact: exact.is_some(),
            comment,
            value: None,
        }
    }

    fn perfect_move(position: &Cram, _: &Budget, cache: &mut CramCache) -> Option<Domino> {
        perfect_move(position, &mut cache.solver)
    }

    fn stubborn_move(position: &Cram, _: &Budget, cache: &mut CramCache) -> Option<Domino> {
        stubborn_move(position, &mut cache.solver)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::play::{GameState, Played, Side, Status};

    #[test]
    fn a_game_is_refereed_move_by_move() {
        let mut game = Played::<CramRules>::start("3x2").unwrap();
        assert_eq!(game.play(" b2-b1 ").unwrap(), "b1-b2");
        assert_eq!(game.position(), ".#./.#.");
        assert!(game.play("b1-c1").is_err());
        assert_eq!(game.play("a1-a2").unwrap(), "a1-a2");
        assert_eq!(game.play("c1-c2").unwrap(), "c1-c2");
        assert_eq!(game.position(), "###/###");
        assert_eq!(game.status(), Status::Won { winner: Side::First });
        assert_eq!(game.undo().as_deref(), Some("c1-c2"));
        let list = game.legal_moves(5);
        assert_eq!(list.moves, ["c1-c2"]);
        assert!(list.complete);
    }

    #[test]
    fn the_analysis_names_the_value_and_the_winning_moves() {
        let mut game = Played::<CramRules>::start("4x1").unwrap();
        let analysis = game.analyse(&Budget::default());
        assert_eq!(analysis.grundy_value, Some(2));
        assert_eq!(analysis.winning_moves, ["b1-c1"]);
        assert_eq!(analysis.remoteness, Some(1));
    }
}
