//! The play adapter every loopy partizan game shares: [`LoopyRules<G>`] turns a
//! [`LoopyPartizanGame`] into the typed [`Rules`] of the referee, the engine protocol, the
//! terminal player and the strategies. Perfect play comes from the retrograde analysis of
//! every position reachable from the current one ([`Labelled`]), made once and kept for
//! the rest of the game: the fastest win, else a move that keeps the draw, else the slowest
//! loss.

use std::marker::PhantomData;

use rand::{Rng, RngCore};

use super::labelled::{Labelled, Verdict};
use super::LoopyPartizanGame;
use crate::cgt::bounds::DEFAULT_MEMORY_LIMIT;
use crate::error::{ParseError, RuleError};
use crate::game::{Analysis, Budget, MoveList, Relative, Rules};
use crate::loopy::retrograde::Outcome;
use crate::loopy::Bounds;
use crate::partizan::turn::Turn;
use crate::player::Seat;

/// The typed rules of the loopy partizan game `G`, played from a [`Turn`]: Left moves first
/// unless the position ends in `@R`, then the players alternate, and whoever cannot move
/// loses. Play may go on for ever: a drawn position is one neither player can win.
#[derive(Debug, Clone, Copy, Default)]
pub struct LoopyRules<G>(PhantomData<G>);

/// What a game in progress keeps between moves: the analysis of every position reachable
/// from the first position analysed (the positions of the rest of the game among them).
pub struct LoopyCache<G: LoopyPartizanGame> {
    labelled: Option<Labelled<G>>,
}

impl<G: LoopyPartizanGame> Default for LoopyCache<G> {
    fn default() -> Self {
        LoopyCache { labelled: None }
    }
}

impl<G: LoopyPartizanGame> LoopyCache<G> {
    /// The verdict on `position`, analysing again from it when the analysis at hand did
    /// not reach it; `Err` with the reason when the budget's stop or the memory limit ends
    /// the analysis.
    pub fn verdict(
        &mut self,
        position: &Turn<G>,
        budget: &Budget,
    ) -> Result<Verdict<G::Move>, String> {
        if let Some(verdict) = self.labelled.as_ref().and_then(|l| l.verdict(position)) {
            return Ok(verdict);
        }
        let mut bounds = Bounds::new(budget.stop.clone(), Some(DEFAULT_MEMORY_LIMIT));
        let labelled = Labelled::new(position, &mut bounds).map_err(|error| error.to_string())?;
        let verdict = labelled
            .verdict(position)
            .ok_or_else(|| "the analysis did not reach its own start".to_string())?;
        self.labelled = Some(labelled);
        Ok(verdict)
    }
}

impl<G: LoopyPartizanGame> Rules for LoopyRules<G> {
    type Position = Turn<G>;
    type Move = G::Move;
    type Cache = LoopyCache<G>;

    fn parse_position(text: &str) -> Result<Turn<G>, ParseError> {
        text.parse()
    }

    fn format_position(position: &Turn<G>) -> String {
        position.to_string()
    }

    fn parse_move(_: &Turn<G>, text: &str) -> Result<G::Move, ParseError> {
        text.trim().parse()
    }

    fn apply(position: &Turn<G>, mv: &G::Move) -> Result<Turn<G>, RuleError> {
        let next = position
            .position
            .moves(position.to_move)
            .into_iter()
            .find(|(legal, _)| legal == mv)
            .map(|(_, next)| next)
            .ok_or_else(|| {
                RuleError::new(mv, format!("not a legal move of {}", position.to_move))
            })?;
        Ok(Turn {
            position: next,
            to_move: position.to_move.opponent(),
        })
    }

    /// Normal play: the player to move with no move has lost.
    fn winner(position: &Turn<G>) -> Option<Relative> {
        position
            .position
            .moves(position.to_move)
            .is_empty()
            .then_some(Relative::JustMoved)
    }

    /// `Left` or `Right`: the seat that moves first is the player the start position names.
    fn side_name(start: &Turn<G>, side: Seat) -> String {
        start.player_in(side).to_string()
    }

    fn legal_moves(position: &Turn<G>, limit: usize) -> MoveList {
        let moves = position.position.moves(position.to_move);
        let total = moves.len();
        MoveList {
            moves: moves
                .iter()
                .take(limit)
                .map(|(mv, _)| mv.to_string())
                .collect(),
            total: Some(total as u128),
            complete: total <= limit,
        }
    }

    fn random_move(position: &Turn<G>, rng: &mut dyn RngCore) -> Option<G::Move> {
        let mut moves = position.position.moves(position.to_move);
        if moves.is_empty() {
            return None;
        }
        let pick = rng.gen_range(0..moves.len());
        Some(moves.swap_remove(pick).0)
    }

    fn draw(position: &Turn<G>) -> String {
        format!("{}{} to move\n", position.position.draw(), position.to_move)
    }

    /// Won, lost or drawn, every winning move (the drawing ones in the comment of a draw),
    /// the perfect move and the exact remoteness; only the reason in the comment when the
    /// budget's stop or the memory limit ends the analysis. No value: the retrograde
    /// analysis answers every position of a game at once, while a value can take minutes
    /// (Backsliding Toads and Frogs' `TTT..FFF`, a sided value); `grundy solve` gives it.
    fn analyse(position: &Turn<G>, budget: &Budget, cache: &mut LoopyCache<G>) -> Analysis {
        let verdict = match cache.verdict(position, budget) {
            Ok(verdict) => verdict,
            Err(reason) => {
                return Analysis {
                    comment: Some(reason),
                    ..Analysis::default()
                }
            }
        };
        let names =
            |moves: &[G::Move]| -> Vec<String> { moves.iter().map(ToString::to_string).collect() };
        let comment = match verdict.outcome {
            Outcome::Draw => Some(format!(
                "draw: neither player can force a win; drawing moves {}",
                names(&verdict.drawing).join(" ")
            )),
            Outcome::Win | Outcome::Loss => None,
        };
        Analysis {
            to_move_wins: match verdict.outcome {
                Outcome::Win => Some(true),
                Outcome::Loss => Some(false),
                Outcome::Draw => None,
            },
            best_move: verdict.perfect.as_ref().map(ToString::to_string),
            winning_moves: names(&verdict.winning),
            winning_moves_complete: true,
            remoteness: verdict.remoteness.map(u128::from),
            remoteness_exact: verdict.remoteness.is_some(),
            comment,
            ..Analysis::default()
        }
    }

    /// The fastest win, a drawing move, or the slowest loss; none when the analysis is
    /// ended first.
    fn perfect_move(
        position: &Turn<G>,
        budget: &Budget,
        cache: &mut LoopyCache<G>,
    ) -> Option<G::Move> {
        cache.verdict(position, budget).ok()?.perfect
    }

    /// The perfect move: a slower win could loop for ever ([`Verdict::perfect`]); a loser
    /// already loses as slowly as it can, and a draw is kept.
    fn stubborn_move(
        position: &Turn<G>,
        budget: &Budget,
        cache: &mut LoopyCache<G>,
    ) -> Option<G::Move> {
        cache.verdict(position, budget).ok()?.perfect
    }
}
