//! Perfect play in a game that can loop, shared by the registry's loopy routes (impartial in
//! [`super::impartial`], partizan in [`super::partizan`]): the retrograde analysis of every
//! state reachable from a start ([`Labelled`]), what it says of one state ([`Verdict`]),
//! the analysis a game in progress keeps between moves ([`PerfectCache`]) and what it gives
//! the play adapters ([`analysis`]).
//!
//! A state is whatever the route plays: an impartial position, or a partizan position with
//! the player to move. It names its moves ([`MovingState`]); the engine names a move by its
//! index in that order, and the verdict gives the moves back by name.

use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;

use rand::{Rng, RngCore};

use super::labelling::{label, Values};
use super::retrograde::{solve, Outcome, Play, Solution};
use super::value::LoopyNimber;
use super::{Bounds, Explored, LoopyError, Rules, RulesFailed};
use crate::cgt::bounds::DEFAULT_MEMORY_LIMIT;
use crate::game::{Analysis, Budget, MoveList};

/// A state of a game that can loop, with its moves named.
pub trait MovingState: Clone + Eq + Hash {
    /// A move, as the game writes it.
    type Move: Clone + PartialEq + fmt::Display;

    /// Every legal move from the state, in a fixed order, each with the state it leads to.
    fn moves(&self) -> Vec<(Self::Move, Self)>;

    /// Who wins at the end: normal play (the player who cannot move loses) by default.
    fn play(&self) -> Play {
        Play::Normal
    }

    /// Whether every state reached from this one gets its generalised Sprague–Grundy value
    /// ([`label`]): an impartial game under normal play. False by default.
    fn valued(&self) -> bool {
        false
    }
}

/// The state after `mv` from `state`, when `mv` is legal there.
pub fn after<S: MovingState>(state: &S, mv: &S::Move) -> Option<S> {
    state
        .moves()
        .into_iter()
        .find(|(legal, _)| legal == mv)
        .map(|(_, next)| next)
}

/// The first `limit` legal moves of `state` by name, with their number.
pub fn legal_moves<S: MovingState>(state: &S, limit: usize) -> MoveList {
    let moves = state.moves();
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

/// A legal move of `state` drawn at random, none when it has no move.
pub fn random_move<S: MovingState>(state: &S, rng: &mut dyn RngCore) -> Option<S::Move> {
    let mut moves = state.moves();
    if moves.is_empty() {
        return None;
    }
    let pick = rng.gen_range(0..moves.len());
    Some(moves.swap_remove(pick).0)
}

/// The loopy engine's rules of a [`MovingState`]: the states after its moves.
struct MovingRules<S>(PhantomData<S>);

impl<S: MovingState> Rules for MovingRules<S> {
    type State = S;

    fn moves(&self, state: &S, into: &mut Vec<S>) -> Result<(), RulesFailed> {
        into.extend(state.moves().into_iter().map(|(_, next)| next));
        Ok(())
    }

    /// A state's heap bytes are not visible through the trait: its inline size is counted
    /// by the explorer, which is all the games of these routes hold.
    fn heap_bytes(&self, _: &S) -> usize {
        0
    }
}

/// Every state reachable from a start, labelled won, lost or drawn for its player to move
/// (and valued, for an impartial game). The states reached later in a game from that start
/// are in it too, so one analysis serves a whole game.
pub struct Labelled<S: MovingState> {
    explored: Explored<S>,
    solution: Solution,
    values: Option<Values>,
}

/// What the analysis says of one state, for its player to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict<M> {
    /// Won, lost or drawn.
    pub outcome: Outcome,
    /// The moves to the end with perfect play, for a win or a loss.
    pub remoteness: Option<u32>,
    /// Every winning move, in the game's order.
    pub winning: Vec<M>,
    /// Every drawing move of a drawn state, in the game's order.
    pub drawing: Vec<M>,
    /// The fastest win, a drawing move, or the slowest loss. It is also the stubborn move:
    /// in a game that can loop, a winner who drags the game on (a winning move to a loss
    /// of greater remoteness) can repeat positions for ever, so the only win that surely
    /// ends is the one whose remoteness falls at every move, the fastest.
    pub perfect: Option<M>,
    /// The generalised Sprague–Grundy value, of an impartial game's state.
    pub value: Option<LoopyNimber>,
}

impl<S: MovingState> Labelled<S> {
    /// Explores and labels every state reachable from `start`, within `bounds` (stop and
    /// memory limit).
    pub fn new(start: &S, bounds: &mut Bounds) -> Result<Labelled<S>, LoopyError> {
        let explored = Explored::explore(&MovingRules(PhantomData), start.clone(), bounds)?;
        let solution = solve(explored.graph(), start.play(), bounds)?;
        let values = if start.valued() {
            Some(label(explored.graph(), bounds)?)
        } else {
            None
        };
        Ok(Labelled {
            explored,
            solution,
            values,
        })
    }

    /// How many states were labelled.
    pub fn positions(&self) -> usize {
        self.explored.positions()
    }

    /// The verdict on `state`, when it was reached from the start.
    pub fn verdict(&self, state: &S) -> Option<Verdict<S::Move>> {
        let id = self.explored.id(state)?;
        let graph = self.explored.graph();
        let moves: Vec<S::Move> = state.moves().into_iter().map(|(mv, _)| mv).collect();
        let named = |indices: Vec<usize>| -> Vec<S::Move> {
            indices
                .into_iter()
                .filter_map(|index| moves.get(index).cloned())
                .collect()
        };
        let perfect_index = self.solution.perfect_move(graph, id);
        Some(Verdict {
            outcome: self.solution.outcome(id),
            remoteness: self.solution.remoteness(id),
            winning: named(self.solution.winning_moves(graph, id)),
            drawing: named(self.solution.drawing_moves(graph, id)),
            perfect: perfect_index.and_then(|index| moves.get(index).cloned()),
            value: self.values.as_ref().map(|values| values.value(graph, id)),
        })
    }
}

/// What a game in progress keeps between moves: the analysis of every state reachable from
/// the first state analysed (the states of the rest of the game among them).
pub struct PerfectCache<S: MovingState> {
    labelled: Option<Labelled<S>>,
}

impl<S: MovingState> Default for PerfectCache<S> {
    fn default() -> Self {
        PerfectCache { labelled: None }
    }
}

impl<S: MovingState> PerfectCache<S> {
    /// The verdict on `state`, analysing again from it when the analysis at hand did not
    /// reach it; `Err` with the reason when the budget's stop or the memory limit ends the
    /// analysis.
    pub fn verdict(&mut self, state: &S, budget: &Budget) -> Result<Verdict<S::Move>, String> {
        if let Some(verdict) = self.labelled.as_ref().and_then(|l| l.verdict(state)) {
            return Ok(verdict);
        }
        let mut bounds = Bounds::new(budget.stop.clone(), Some(DEFAULT_MEMORY_LIMIT));
        let labelled = Labelled::new(state, &mut bounds).map_err(|error| error.to_string())?;
        let verdict = labelled
            .verdict(state)
            .ok_or_else(|| "the analysis did not reach its own start".to_string())?;
        self.labelled = Some(labelled);
        Ok(verdict)
    }

    /// The perfect move from `state` ([`Verdict::perfect`]); none when the analysis is
    /// ended first or there is no move.
    pub fn perfect_move(&mut self, state: &S, budget: &Budget) -> Option<S::Move> {
        self.verdict(state, budget).ok()?.perfect
    }

    /// The play adapters' analysis of `state`: won, lost or drawn, every winning move (the
    /// drawing ones in the comment of a draw), the perfect move, the exact remoteness and,
    /// of an impartial game, the loopy value (the analysis's `value`, and at the end of the
    /// comment: `value ∞{0}`); only the reason in the comment when the budget's stop or the
    /// memory limit ends the analysis.
    pub fn analysis(&mut self, state: &S, budget: &Budget) -> Analysis {
        match self.verdict(state, budget) {
            Ok(verdict) => analysis(&verdict),
            Err(reason) => Analysis {
                comment: Some(reason),
                ..Analysis::default()
            },
        }
    }
}

/// A verdict as the play adapters' [`Analysis`].
pub fn analysis<M: fmt::Display>(verdict: &Verdict<M>) -> Analysis {
    let names = |moves: &[M]| -> Vec<String> { moves.iter().map(ToString::to_string).collect() };
    // A draw's comment starts with `draw` (front ends read the draw from it), then the
    // value.
    let mut remarks = Vec::new();
    if verdict.outcome == Outcome::Draw {
        remarks.push(format!(
            "draw: neither player can force a win; drawing moves {}",
            names(&verdict.drawing).join(" ")
        ));
    }
    if let Some(value) = &verdict.value {
        remarks.push(format!("value {value}"));
    }
    let comment = (!remarks.is_empty()).then(|| remarks.join("; "));
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
        value: verdict.value.as_ref().map(ToString::to_string),
        ..Analysis::default()
    }
}
