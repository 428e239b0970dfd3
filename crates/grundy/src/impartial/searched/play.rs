//! A searched game behind [`GameState`](crate::game::GameState): [`SearchedRules`], the
//! play adapter of every [`SearchedPosition`], each analysis and move within the budget's
//! stop and the default memory limit.

use std::marker::PhantomData;

use rand::{Rng, RngCore};

use crate::error::{ParseError, RuleError};
use crate::game::{Analysis, Budget, MoveList, Relative, Rules};
use crate::impartial::bounds::DEFAULT_MEMORY_LIMIT;
use crate::impartial::searched::{
    evaluator, outcome, perfect_move, remoteness, stubborn_move, value, winning_moves, Evaluator,
    SearchedPosition,
};
use crate::impartial::{Halted, SearchBounds};
use crate::report::Outcome;

/// The rules of the searched game `P` for [`Played`](crate::game::Played).
#[derive(Debug, Clone, Copy)]
pub struct SearchedRules<P>(PhantomData<P>);

/// What the solver keeps between moves.
pub struct SearchedCache<P: SearchedPosition> {
    solver: Evaluator<P>,
}

impl<P: SearchedPosition> Default for SearchedCache<P> {
    fn default() -> Self {
        SearchedCache {
            solver: evaluator::<P>(),
        }
    }
}

/// The budget's stop and the default memory limit.
fn bounds(budget: &Budget) -> SearchBounds {
    SearchBounds::new(budget.stop.clone(), Some(DEFAULT_MEMORY_LIMIT))
}

/// The analysis within `bounds`.
fn analysis<P: SearchedPosition>(
    position: &P,
    solver: &mut Evaluator<P>,
    bounds: &SearchBounds,
) -> Result<Analysis, Halted> {
    let grundy = value(position, solver, bounds)?;
    let winning = winning_moves(position, solver, bounds)?;
    let exact = remoteness(position, solver, bounds)?;
    let best = perfect_move(position, solver, bounds)?;
    let comment = exact.is_none().then(|| {
        format!(
            "remoteness not computed ({} {}; exact up to {})",
            position.size(),
            P::SIZE_UNIT,
            P::REMOTENESS_SIZE
        )
    });
    Ok(Analysis {
        to_move_wins: Some(outcome(position, solver, bounds)? == Outcome::Win),
        grundy_value: Some(u128::from(grundy)),
        best_move: best.map(|mv| mv.to_string()),
        winning_moves_complete: true,
        winning_moves: winning.iter().map(ToString::to_string).collect(),
        remoteness: exact.map(u128::from),
        remoteness_exact: exact.is_some(),
        comment,
        value: None,
        quotient_element: None,
    })
}

impl<P: SearchedPosition> Rules for SearchedRules<P> {
    type Position = P;
    type Move = P::Move;
    type Cache = SearchedCache<P>;

    fn parse_position(text: &str) -> Result<P, ParseError> {
        text.trim().parse()
    }

    fn format_position(position: &P) -> String {
        position.to_string()
    }

    /// The game's own key: positions of the same shape share a future.
    fn transposition_key(position: &P) -> String {
        position.transposition_key()
    }

    fn parse_move(_: &P, text: &str) -> Result<P::Move, ParseError> {
        text.trim().parse()
    }

    fn apply(position: &P, mv: &P::Move) -> Result<P, RuleError> {
        position.play(mv)
    }

    fn winner(position: &P) -> Option<Relative> {
        position.moves().is_empty().then_some(Relative::JustMoved)
    }

    fn legal_moves(position: &P, limit: usize) -> MoveList {
        let all = position.moves();
        let total = all.len();
        MoveList {
            complete: total <= limit,
            moves: all.iter().take(limit).map(ToString::to_string).collect(),
            total: Some(total as u128),
        }
    }

    fn random_move(position: &P, rng: &mut dyn RngCore) -> Option<P::Move> {
        let moves = position.moves();
        if moves.is_empty() {
            return None;
        }
        Some(moves[rng.gen_range(0..moves.len())])
    }

    fn draw(position: &P) -> String {
        position.draw()
    }

    /// The value, every winning move, the perfect move and the remoteness when exact; only
    /// the reason in the comment when the budget's stop or the memory limit ends the search.
    fn analyse(position: &P, budget: &Budget, cache: &mut SearchedCache<P>) -> Analysis {
        analysis(position, &mut cache.solver, &bounds(budget)).unwrap_or_else(|halted| Analysis {
            comment: Some(halted.to_string()),
            ..Analysis::default()
        })
    }

    /// The perfect move, or none when the budget's stop or the memory limit ends the search
    /// first.
    fn perfect_move(
        position: &P,
        budget: &Budget,
        cache: &mut SearchedCache<P>,
    ) -> Option<P::Move> {
        perfect_move(position, &mut cache.solver, &bounds(budget))
            .ok()
            .flatten()
    }

    /// The stubborn move, or none when the search is ended first.
    fn stubborn_move(
        position: &P,
        budget: &Budget,
        cache: &mut SearchedCache<P>,
    ) -> Option<P::Move> {
        stubborn_move(position, &mut cache.solver, &bounds(budget))
            .ok()
            .flatten()
    }
}
