//! What every impartial game valued by the generic [`Solver`] shares (Cram, Node Kayles, Arc
//! Kayles): the value as the nim-sum of its components' values, every winning move, the
//! remoteness and perfect play exact up to a size, a heuristic that keeps a won game won
//! beyond it, the play adapter ([`SearchedRules`]) and the `grundy solve` report
//! ([`analyse`]). Every question is asked within [`SearchBounds`]: a stop (a deadline,
//! Ctrl-C, a cancelled request) and a memory limit end it with [`Halted`].
//!
//! A game gives its rules through [`SearchedPosition`], on its position type.
//!
//! Beyond the exact size, perfect play is the heuristic: when won, a winning move leaving
//! the least ([`SearchedPosition::size`] of the position it leads to; stubborn play, the
//! most); when lost, the move leaving the most. Ties go to the first move in the order of
//! [`SearchedPosition::moves`].

mod entry;
mod play;
mod solve;

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use crate::error::{ParseError, RuleError};
use crate::impartial::{Halted, SearchBounds, Solver};
use crate::nimber::Nimber;
use crate::position::ImpartialGame;
use crate::report::Outcome;

pub use entry::{SearchedEntry, SearchedListing};
pub use play::SearchedRules;
pub use solve::analyse;

/// An impartial game valued by the generic solver, written on its position type: the rules,
/// the measure of a position's size that bounds the exact remoteness, and the texts that
/// differ from one game to the next.
pub trait SearchedPosition:
    Clone + Eq + Hash + Debug + Display + FromStr<Err = ParseError> + Send + Sync + 'static
{
    /// A move, read and written in the game's notation.
    type Move: Copy + PartialEq + Debug + Display + FromStr<Err = ParseError> + Send;

    /// The rules for the solver: components and the memo key.
    type Rules: ImpartialGame<Position = Self, Move = Self::Move> + Default + Send;

    /// What [`SearchedPosition::size`] counts, plural (`vertices`, `empty cells`).
    const SIZE_UNIT: &'static str;

    /// Positions of at most this size have their remoteness, and so perfect play, exact
    /// (the search runs over the whole position, not its components).
    const REMOTENESS_SIZE: usize;

    /// The best move's note beyond the exact size: how the heuristic chooses.
    const HEURISTIC: &'static str;

    /// The size that bounds the exact remoteness and orders the heuristic's moves.
    fn size(&self) -> usize;

    /// Every legal move, in a fixed order; none when the player to move has lost.
    fn moves(&self) -> Vec<Self::Move>;

    /// The position after `mv`, or why it is illegal.
    fn play(&self, mv: &Self::Move) -> Result<Self, RuleError>;

    /// A key shared by positions with the same future (cropped, relabelled, reduced under
    /// symmetries), for the play adapter's transposition table.
    fn transposition_key(&self) -> String;

    /// The position's board for a front end to draw ([`crate::drawing`], the one
    /// description its page board, its SVG picture and its terminal picture come from).
    fn board(&self) -> crate::drawing::Board;

    /// A picture for a terminal: the board's text picture ([`crate::drawing::text`]) when
    /// one draws it, else the notation. A game drawn otherwise (a graph) writes its own.
    fn draw(&self) -> String {
        crate::drawing::text::picture_or_notation(Some(&self.board()), self)
    }

    /// What a theorem says at once of the position: its outcome, the winning move it names
    /// and the note that says why. None by default.
    fn shortcut(&self) -> Option<Shortcut<Self::Move>> {
        None
    }
}

/// What a theorem says at once of a position ([`SearchedPosition::shortcut`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shortcut<M> {
    /// Who wins.
    pub outcome: Outcome,
    /// A winning move the theorem names (none when lost).
    pub winning_move: Option<M>,
    /// The report's note: the theorem and how it wins.
    pub note: String,
}

/// The solver a game keeps between questions.
pub type Evaluator<P> = Solver<<P as SearchedPosition>::Rules>;

/// A fresh evaluator.
pub fn evaluator<P: SearchedPosition>() -> Evaluator<P> {
    Solver::new(P::Rules::default())
}

/// The value of `position` by a fresh evaluator, unbounded (tests and tools).
pub fn grundy_value<P: SearchedPosition>(position: &P) -> Nimber {
    evaluator::<P>().grundy_value(position)
}

/// The value of `position`: the nim-sum of its components' values.
pub fn value<P: SearchedPosition>(
    position: &P,
    solver: &mut Evaluator<P>,
    bounds: &SearchBounds,
) -> Result<Nimber, Halted> {
    solver.try_grundy_value(position, bounds)
}

/// The components of `position` that count ([`ImpartialGame::components`]), each in
/// notation with its value.
pub fn component_values<P: SearchedPosition>(
    position: &P,
    solver: &mut Evaluator<P>,
    bounds: &SearchBounds,
) -> Result<Vec<(String, Nimber)>, Halted> {
    let parts = solver.game().components(position);
    let mut values = Vec::with_capacity(parts.len());
    for part in parts {
        let value = solver.try_grundy_value(&part, bounds)?;
        values.push((part.to_string(), value));
    }
    Ok(values)
}

/// Who wins with perfect play: from the shortcut when there is one, else from the value.
pub fn outcome<P: SearchedPosition>(
    position: &P,
    solver: &mut Evaluator<P>,
    bounds: &SearchBounds,
) -> Result<Outcome, Halted> {
    match position.shortcut() {
        Some(shortcut) => Ok(shortcut.outcome),
        None => value(position, solver, bounds).map(Outcome::from_grundy),
    }
}

/// Each move with the position it leads to.
fn followers<P: SearchedPosition>(position: &P) -> Vec<(P::Move, P)> {
    position
        .moves()
        .into_iter()
        .filter_map(|mv| position.play(&mv).ok().map(|next| (mv, next)))
        .collect()
}

/// Every winning move (to a position of value 0), with the position it leads to, in the
/// order of [`SearchedPosition::moves`]; none, without valuing the options, when the
/// position is lost.
fn winning_followers<P: SearchedPosition>(
    position: &P,
    solver: &mut Evaluator<P>,
    bounds: &SearchBounds,
) -> Result<Vec<(P::Move, P)>, Halted> {
    if outcome(position, solver, bounds)? == Outcome::Loss {
        return Ok(Vec::new());
    }
    let mut winning = Vec::new();
    for (mv, next) in followers(position) {
        if solver.try_grundy_value(&next, bounds)? == 0 {
            winning.push((mv, next));
        }
    }
    Ok(winning)
}

/// Every winning move, in the order of [`SearchedPosition::moves`].
pub fn winning_moves<P: SearchedPosition>(
    position: &P,
    solver: &mut Evaluator<P>,
    bounds: &SearchBounds,
) -> Result<Vec<P::Move>, Halted> {
    Ok(winning_followers(position, solver, bounds)?
        .into_iter()
        .map(|(mv, _)| mv)
        .collect())
}

/// Whether the remoteness of `position` is exact: its size is at most
/// [`SearchedPosition::REMOTENESS_SIZE`].
pub fn remoteness_is_exact<P: SearchedPosition>(position: &P) -> bool {
    position.size() <= P::REMOTENESS_SIZE
}

/// The exact remoteness; `None` past [`SearchedPosition::REMOTENESS_SIZE`].
pub fn remoteness<P: SearchedPosition>(
    position: &P,
    solver: &mut Evaluator<P>,
    bounds: &SearchBounds,
) -> Result<Option<u64>, Halted> {
    if !remoteness_is_exact(position) {
        return Ok(None);
    }
    solver.try_remoteness(position, bounds).map(Some)
}

/// The move perfect play makes: the fastest win or the slowest loss, exact up to
/// [`SearchedPosition::REMOTENESS_SIZE`] and the heuristic of the module's documentation
/// beyond; `None` when no move is left.
pub fn perfect_move<P: SearchedPosition>(
    position: &P,
    solver: &mut Evaluator<P>,
    bounds: &SearchBounds,
) -> Result<Option<P::Move>, Halted> {
    if remoteness_is_exact(position) {
        return solver.try_perfect_move(position, bounds);
    }
    heuristic_move(position, solver, bounds, false)
}

/// The stubborn move: when lost, the slowest loss; when won, the winning move that leaves
/// the longest lost game (exact up to [`SearchedPosition::REMOTENESS_SIZE`], the heuristic
/// of the module's documentation beyond).
pub fn stubborn_move<P: SearchedPosition>(
    position: &P,
    solver: &mut Evaluator<P>,
    bounds: &SearchBounds,
) -> Result<Option<P::Move>, Halted> {
    if !remoteness_is_exact(position) {
        return heuristic_move(position, solver, bounds, true);
    }
    if outcome(position, solver, bounds)? == Outcome::Loss {
        return solver.try_perfect_move(position, bounds);
    }
    let mut best: Option<(u64, P::Move)> = None;
    for (mv, next) in winning_followers(position, solver, bounds)? {
        let after = solver.try_remoteness(&next, bounds)?;
        if best.map_or(true, |(longest, _)| after > longest) {
            best = Some((after, mv));
        }
    }
    Ok(best.map(|(_, mv)| mv))
}

/// The heuristic beyond the exact size: a winning move leaving the smallest position (the
/// largest when `stubborn`), or when lost the move leaving the largest; the first of equals.
fn heuristic_move<P: SearchedPosition>(
    position: &P,
    solver: &mut Evaluator<P>,
    bounds: &SearchBounds,
    stubborn: bool,
) -> Result<Option<P::Move>, Halted> {
    let winning = winning_followers(position, solver, bounds)?;
    let (candidates, largest) = if winning.is_empty() {
        (followers(position), true)
    } else {
        (winning, stubborn)
    };
    let mut best: Option<(usize, P::Move)> = None;
    for (mv, next) in candidates {
        let left = next.size();
        let better = best.map_or(true, |(chosen, _)| {
            if largest {
                left > chosen
            } else {
                left < chosen
            }
        });
        if better {
            best = Some((left, mv));
        }
    }
    Ok(best.map(|(_, mv)| mv))
}
