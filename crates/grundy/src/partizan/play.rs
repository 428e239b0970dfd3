//! The play adapter every partizan game shares: [`PartizanRules<G>`] turns a
//! [`PartizanGame`] into the typed [`Rules`] of the referee, the engine protocol, the
//! terminal player and the strategies. A game folder implements [`PartizanGame`]; the
//! shared entry ([`super::entry`]) starts its games with
//! `start_played::<PartizanRules<G>>`.

use std::marker::PhantomData;

use rand::{Rng, RngCore};

use super::solver::{PartizanGame, PartizanSolver, MEMORY_LIMIT};
use super::turn::Turn;
use crate::cgt::{Interrupted, Limits, Watch};
use crate::error::{ParseError, RuleError};
use crate::game::{Analysis, Budget, MoveList, Relative, Rules};
use crate::player::Seat;

/// The typed rules of the partizan game `G`, played from a [`Turn`]: Left moves first unless
/// the position ends in `@R`, then the players alternate, and whoever cannot move loses.
#[derive(Debug, Clone, Copy, Default)]
pub struct PartizanRules<G>(PhantomData<G>);

impl<G: PartizanGame> Rules for PartizanRules<G> {
    type Position = Turn<G>;
    type Move = G::Move;
    type Cache = PartizanSolver<G>;

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
        Ok(Turn {
            position: position.position.play(position.to_move, mv)?,
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
            moves: moves.iter().take(limit).map(ToString::to_string).collect(),
            total: Some(total as u128),
            complete: total <= limit,
        }
    }

    fn random_move(position: &Turn<G>, rng: &mut dyn RngCore) -> Option<G::Move> {
        let moves = position.position.moves(position.to_move);
        if moves.is_empty() {
            return None;
        }
        let pick = rng.gen_range(0..moves.len());
        moves.into_iter().nth(pick)
    }

    fn draw(position: &Turn<G>) -> String {
        format!("{}{} to move\n", position.position.draw(), position.to_move)
    }

    /// Who wins from the value, every winning move, the perfect move, the exact remoteness
    /// when the game tree is small enough to search, and the value in the comment; only
    /// the reason in the comment when the budget's stop or the memory limit ends the
    /// valuation.
    fn analyse(position: &Turn<G>, budget: &Budget, solver: &mut PartizanSolver<G>) -> Analysis {
        // Bounded as a whole: the moves' values and the remoteness search too.
        solver
            .bounded(limits(budget), |solver| analysis(position, budget, solver))
            .and_then(|analysis| analysis)
            .unwrap_or_else(|interrupted| Analysis {
                comment: Some(interrupted.to_string()),
                ..Analysis::default()
            })
    }

    /// The perfect move, or none when the budget's stop or the memory limit ends the
    /// valuation first.
    fn perfect_move(
        position: &Turn<G>,
        budget: &Budget,
        solver: &mut PartizanSolver<G>,
    ) -> Option<G::Move> {
        chosen_move(position, budget, solver, false)
    }

    /// The stubborn move, or none when the valuation is ended first (as for the perfect
    /// move).
    fn stubborn_move(
        position: &Turn<G>,
        budget: &Budget,
        solver: &mut PartizanSolver<G>,
    ) -> Option<G::Move> {
        chosen_move(position, budget, solver, true)
    }
}

/// The perfect (or, when `stubborn`, the stubborn) move, valued within the budget's stop
/// and [`MEMORY_LIMIT`]; none when they end the valuation first.
fn chosen_move<G: PartizanGame>(
    position: &Turn<G>,
    budget: &Budget,
    solver: &mut PartizanSolver<G>,
    stubborn: bool,
) -> Option<G::Move> {
    solver
        .bounded(limits(budget), |solver| {
            value_within(&position.position, budget, solver).ok()?;
            solver.choose(&position.position, position.to_move, stubborn)
        })
        .ok()
        .flatten()
}

/// The budget's stop and [`MEMORY_LIMIT`], for a bounded run of the solver.
fn limits(budget: &Budget) -> Limits {
    Limits::new(budget.stop.clone(), Some(MEMORY_LIMIT))
}

/// The analysis within a bounded run of the solver.
fn analysis<G: PartizanGame>(
    position: &Turn<G>,
    budget: &Budget,
    solver: &mut PartizanSolver<G>,
) -> Result<Analysis, Interrupted> {
    let (game, side) = (&position.position, position.to_move);
    value_within(game, budget, solver)?;
    let wins = solver.wins(game, side);
    let winning_moves: Vec<String> = solver
        .move_values(game, side)
        .into_iter()
        .filter(|candidate| candidate.wins)
        .map(|candidate| candidate.mv.to_string())
        .collect();
    let remoteness = solver.remoteness(game, side);
    let best_move = solver.choose(game, side, false).map(|mv| mv.to_string());
    let value = solver.value(game);
    let store = solver.store();
    let shown = store.display(value);
    let comment = format!(
        "value {shown} ({}), temperature {}",
        store.outcome(value).letter(),
        store.temperature(value)
    );
    Ok(Analysis {
        to_move_wins: Some(wins),
        grundy_value: None,
        best_move,
        winning_moves,
        winning_moves_complete: true,
        remoteness: remoteness.map(u128::from),
        remoteness_exact: remoteness.is_some(),
        comment: Some(comment),
        value: Some(shown),
        quotient_element: None,
    })
}

/// Values `game` within the budget's stop and [`MEMORY_LIMIT`], so that what the moves and
/// the analysis ask next comes from the cache.
fn value_within<G: PartizanGame>(
    game: &G,
    budget: &Budget,
    solver: &mut PartizanSolver<G>,
) -> Result<(), Interrupted> {
    let mut watch = Watch::new(&budget.stop).memory_limit(MEMORY_LIMIT);
    solver.value_watched(game, &mut watch).map(|_| ())
}
