//! Arc Kayles solved: the value by the generic memoised solver over connected components
//! with an edge, each keyed by its relabelled graph (so that a component met again under
//! other names is not valued twice); the remoteness and perfect play exact on graphs of at
//! most [`REMOTENESS_EDGES`] edges.
//!
//! Beyond that bound the remoteness is not reported and perfect play is a heuristic that
//! keeps a won game won: the winner plays the winning move that deletes the most edges
//! (stubborn play: the fewest), the loser the move that deletes the fewest.

use crate::games::arckayles::{ArcKayles, ArcKaylesGame, Cut};
use crate::impartial::{Outcome, Solver};
use crate::nim::{nim_sum, Nimber};

/// Graphs of at most this many edges have their remoteness computed exactly (the search
/// runs over the whole graph, not its components).
pub const REMOTENESS_EDGES: usize = 20;

/// The solver a game keeps between moves.
pub type Evaluator = Solver<ArcKaylesGame>;

/// A fresh evaluator.
pub fn evaluator() -> Evaluator {
    Solver::new(ArcKaylesGame)
}

/// The value of `position` (a fresh evaluator; see [`value_with`] to keep one).
pub fn grundy_value(position: &ArcKayles) -> Nimber {
    value_with(position, &mut evaluator())
}

/// The value of `position`: the nim-sum of its components' values.
pub fn value_with(position: &ArcKayles, solver: &mut Evaluator) -> Nimber {
    solver.grundy_value(position)
}

/// The values of the components of `position`, in the order of their smallest vertex.
pub fn component_values(position: &ArcKayles, solver: &mut Evaluator) -> Vec<(String, Nimber)> {
    position
        .graph()
        .components()
        .into_iter()
        .filter(|graph| graph.len() > 1)
        .map(|graph| {
            let part = ArcKayles::new(graph);
            let value = solver.grundy_value(&part);
            (part.to_string(), value)
        })
        .collect()
}

/// Every winning move (to a position of value 0), in the order of the vertices' names.
pub fn winning_moves(position: &ArcKayles, solver: &mut Evaluator) -> Vec<Cut> {
    let values: Vec<(Cut, Nimber, usize)> = options(position, solver);
    values
        .into_iter()
        .filter(|&(_, value, _)| value == 0)
        .map(|(pick, _, _)| pick)
        .collect()
}

/// Each move with the value and the number of edges of the position it leads to.
fn options(position: &ArcKayles, solver: &mut Evaluator) -> Vec<(Cut, Nimber, usize)> {
    position
        .moves()
        .into_iter()
        .filter_map(|pick| {
            let next = position.apply(&pick).ok()?;
            let value = nim_sum(
                next.graph()
                    .components()
                    .into_iter()
                    .map(|graph| solver.grundy_value(&ArcKayles::new(graph))),
            );
            Some((pick, value, next.edges()))
        })
        .collect()
}

/// Who wins with perfect play.
pub fn outcome(position: &ArcKayles, solver: &mut Evaluator) -> Outcome {
    Outcome::from_grundy(value_with(position, solver))
}

/// Whether the remoteness of `position` is exact: at most [`REMOTENESS_EDGES`] edges.
pub fn remoteness_is_exact(position: &ArcKayles) -> bool {
    position.edges() <= REMOTENESS_EDGES
}

/// The exact remoteness, `None` beyond [`REMOTENESS_EDGES`] edges.
pub fn remoteness(position: &ArcKayles, solver: &mut Evaluator) -> Option<u64> {
    remoteness_is_exact(position).then(|| solver.remoteness(position))
}

/// The move perfect play makes: the fastest win or the slowest loss, exact up to
/// [`REMOTENESS_EDGES`] edges and the heuristic of the module's documentation beyond;
/// `None` when no edge is left.
pub fn perfect_move(position: &ArcKayles, solver: &mut Evaluator) -> Option<Cut> {
    if remoteness_is_exact(position) {
        return solver.perfect_move(position);
    }
    large_move(position, solver, false)
}

/// The stubborn move: when lost, the slowest loss; when won, the winning move that leaves
/// the longest lost game (exact up to [`REMOTENESS_EDGES`] edges, the heuristic of
/// the module's documentation beyond).
pub fn stubborn_move(position: &ArcKayles, solver: &mut Evaluator) -> Option<Cut> {
    if !remoteness_is_exact(position) {
        return large_move(position, solver, true);
    }
    if outcome(position, solver) == Outcome::Loss {
        return solver.perfect_move(position);
    }
    let mut best: Option<(u64, Cut)> = None;
    for pick in winning_moves(position, solver) {
        let next = position.apply(&pick).ok()?;
        let after = solver.remoteness(&next);
        if best.map_or(true, |(longest, _)| after > longest) {
            best = Some((after, pick));
        }
    }
    best.map(|(_, pick)| pick)
}

/// The heuristic beyond the exact bound: a winning move deleting the most edges (or the
/// fewest when `stubborn`), or when lost the move deleting the fewest.
fn large_move(position: &ArcKayles, solver: &mut Evaluator, stubborn: bool) -> Option<Cut> {
    let options = options(position, solver);
    let winning = options.iter().filter(|(_, value, _)| *value == 0);
    let chosen = if stubborn {
        winning.max_by_key(|(_, _, left)| *left)
    } else {
        winning.min_by_key(|(_, _, left)| *left)
    };
    chosen
        .or_else(|| options.iter().max_by_key(|(_, _, left)| *left))
        .map(|(pick, _, _)| *pick)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn small_graphs_have_their_known_values() {
        for (text, value) in [
            ("empty", 0),
            ("0", 0),
            ("0-1", 1),
            ("0-1,1-2", 1),
            ("0-1,1-2,2-3", 2),
            ("0-1,1-2,2-3,3-4", 0),
            ("0-1,1-2,2-0", 1),
            ("0-1,2-3", 0),
            ("0-1,0-2,0-3", 1),
        ] {
            assert_eq!(grundy_value(&text.parse().unwrap()), value, "{text}");
        }
    }

    #[test]
    fn perfect_and_stubborn_moves_win_won_positions() {
        let mut solver = evaluator();
        for text in ["0-1,1-2", "0-1,1-2,2-3", "0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9,9-10,10-11,11-12,12-13,13-14,14-15,15-16,16-17,17-18,18-19,19-20,20-21,21-22"] {
            let position: ArcKayles = text.parse().unwrap();
            if outcome(&position, &mut solver) == Outcome::Win {
                for pick in [perfect_move(&position, &mut solver), stubborn_move(&position, &mut solver)] {
                    let next = position.apply(&pick.unwrap()).unwrap();
                    assert_eq!(grundy_value(&next), 0, "{text}");
                }
            }
        }
    }
}
