//! The retrograde analysis of a loopy partizan position: every position reachable from it,
//! with each player to move, labelled won, lost or drawn for the player to move, with the
//! remoteness of every win and loss ([`crate::loopy::retrograde`]).

use std::marker::PhantomData;

use super::LoopyPartizanGame;
use crate::loopy::retrograde::{solve, Outcome, Play, Solution};
use crate::loopy::{Bounds, Explored, LoopyError, Rules, RulesFailed};
use crate::partizan::turn::Turn;

/// The loopy engine's rules of `G`: a state is a position and the player to move.
struct TurnRules<G>(PhantomData<G>);

impl<G: LoopyPartizanGame> Rules for TurnRules<G> {
    type State = Turn<G>;

    fn moves(&self, state: &Turn<G>, into: &mut Vec<Turn<G>>) -> Result<(), RulesFailed> {
        let to_move = state.to_move.opponent();
        into.extend(
            state
                .position
                .moves(state.to_move)
                .into_iter()
                .map(|(_, position)| Turn { position, to_move }),
        );
        Ok(())
    }

    /// A position's heap bytes are not visible through the trait: its inline size is counted
    /// by the explorer, which is all the games of this route hold.
    fn heap_bytes(&self, _: &Turn<G>) -> usize {
        0
    }
}

/// Every position reachable from a start, labelled (see the module documentation). The
/// positions reached later in a game from that start are in it too, so one analysis serves
/// a whole game.
pub struct Labelled<G: LoopyPartizanGame> {
    explored: Explored<Turn<G>>,
    solution: Solution,
}

/// What the analysis says of one position, for its player to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict<M> {
    /// Won, lost or drawn.
    pub outcome: Outcome,
    /// The moves to the end with perfect play, for a win or a loss.
    pub remoteness: Option<u32>,
    /// Every winning move, in the game's order.
    pub winning: Vec<M>,
    /// Every drawing move of a drawn position, in the game's order.
    pub drawing: Vec<M>,
    /// The fastest win, a drawing move, or the slowest loss. It is also the stubborn move:
    /// in a game that can loop, a winner who drags the game on (a winning move to a loss
    /// of greater remoteness) can repeat positions for ever, so the only win that surely
    /// ends is the one whose remoteness falls at every move, the fastest.
    pub perfect: Option<M>,
}

impl<G: LoopyPartizanGame> Labelled<G> {
    /// Explores and labels every position reachable from `start`, within `bounds` (stop and
    /// memory limit).
    pub fn new(start: &Turn<G>, bounds: &mut Bounds) -> Result<Labelled<G>, LoopyError> {
        let explored = Explored::explore(&TurnRules(PhantomData), start.clone(), bounds)?;
        let solution = solve(explored.graph(), Play::Normal, bounds)?;
        Ok(Labelled { explored, solution })
    }

    /// How many positions (with a player to move) were labelled.
    pub fn positions(&self) -> usize {
        self.explored.positions()
    }

    /// The verdict on `turn`, when it was reached from the start.
    pub fn verdict(&self, turn: &Turn<G>) -> Option<Verdict<G::Move>> {
        let id = self.explored.id(turn)?;
        let graph = self.explored.graph();
        let moves: Vec<G::Move> = turn
            .position
            .moves(turn.to_move)
            .into_iter()
            .map(|(mv, _)| mv)
            .collect();
        let named = |indices: Vec<usize>| -> Vec<G::Move> {
            indices
                .into_iter()
                .filter_map(|index| moves.get(index).cloned())
                .collect()
        };
        let outcome = self.solution.outcome(id);
        let perfect_index = self.solution.perfect_move(graph, id);
        Some(Verdict {
            outcome,
            remoteness: self.solution.remoteness(id),
            winning: named(self.solution.winning_moves(graph, id)),
            drawing: named(self.solution.drawing_moves(graph, id)),
            perfect: perfect_index.and_then(|index| moves.get(index).cloned()),
        })
    }
}
