//! Node Kayles behind [`GameState`](crate::play::GameState).
//!
//! Positions in the edge-list notation (`0-1,1-2,5`), moves a vertex's name (`1`). Perfect
//! play is exact on graphs of at most [`REMOTENESS_VERTICES`] vertices and the heuristic of
//! [`super::solve`] beyond.

use rand::{Rng, RngCore};

use crate::entry::Game;
use crate::error::{ParseError, RuleError};
use crate::games::nodekayles::entry::NodeKaylesEntry;
use crate::games::nodekayles::solve::{
    evaluator, outcome, perfect_move, remoteness, stubborn_move, value_with, winning_moves,
    Evaluator, REMOTENESS_VERTICES,
};
use crate::games::nodekayles::{NodeKayles, Pick};
use crate::impartial::Outcome;
use crate::play::{Analysis, Budget, MoveList, Relative, Rules};

/// The rules of Node Kayles for [`Played`](crate::play::Played).
#[derive(Debug, Clone, Copy)]
pub struct NodeKaylesRules;

/// What the solver keeps between moves.
pub struct NodeKaylesCache {
    solver: Evaluator,
}

impl Default for NodeKaylesCache {
    fn default() -> Self {
        NodeKaylesCache {
            solver: evaluator(),
        }
    }
}

impl Rules for NodeKaylesRules {
    type Position = NodeKayles;
    type Move = Pick;
    type Cache = NodeKaylesCache;

    const GAME: Game = Game::new(&NodeKaylesEntry);

    fn parse_position(text: &str) -> Result<NodeKayles, ParseError> {
        text.trim().parse()
    }

    fn format_position(position: &NodeKayles) -> String {
        position.to_string()
    }

    /// The graph relabelled: positions of the same shape share a future.
    fn transposition_key(position: &NodeKayles) -> String {
        position.graph().relabelled().to_string()
    }

    fn parse_move(_: &NodeKayles, text: &str) -> Result<Pick, ParseError> {
        text.trim().parse()
    }

    fn apply(position: &NodeKayles, mv: &Pick) -> Result<NodeKayles, RuleError> {
        position.apply(mv)
    }

    fn winner(position: &NodeKayles) -> Option<Relative> {
        position.is_terminal().then_some(Relative::JustMoved)
    }

    /// One move per vertex, by name.
    fn legal_moves(position: &NodeKayles, limit: usize) -> MoveList {
        let all = position.moves();
        let total = all.len();
        MoveList {
            complete: total <= limit,
            moves: all.iter().take(limit).map(Pick::to_string).collect(),
            total: Some(total as u128),
        }
    }

    fn random_move(position: &NodeKayles, rng: &mut dyn RngCore) -> Option<Pick> {
        let names = position.graph().names();
        if names.is_empty() {
            return None;
        }
        Some(Pick(names[rng.gen_range(0..names.len())]))
    }

    /// Each vertex with its neighbours, one line each.
    fn draw(position: &NodeKayles) -> String {
        let graph = position.graph();
        if graph.is_empty() {
            return "(no vertices)\n".to_string();
        }
        let mut picture = String::new();
        for index in 0..graph.len() {
            let around: Vec<String> = (0..graph.len())
                .filter(|&other| graph.has_edge(index, other))
                .map(|other| graph.name(other).to_string())
                .collect();
            picture.push_str(&format!("{:>5} : {}\n", graph.name(index), around.join(" ")));
        }
        picture
    }

    fn analyse(position: &NodeKayles, _: &Budget, cache: &mut NodeKaylesCache) -> Analysis {
        let solver = &mut cache.solver;
        let winning = winning_moves(position, solver);
        let exact = remoteness(position, solver);
        let comment = exact.is_none().then(|| {
            format!(
                "remoteness not computed ({} vertices; exact up to {REMOTENESS_VERTICES})",
                position.vertices()
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

    fn perfect_move(position: &NodeKayles, _: &Budget, cache: &mut NodeKaylesCache) -> Option<Pick> {
        perfect_move(position, &mut cache.solver)
    }

    fn stubborn_move(position: &NodeKayles, _: &Budget, cache: &mut NodeKaylesCache) -> Option<Pick> {
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
        let mut game = Played::<NodeKaylesRules>::start("0-1,1-2,2-3,3-4").unwrap();
        assert_eq!(game.play(" 1 ").unwrap(), "1");
        assert_eq!(game.position(), "3-4");
        assert!(game.play("0").is_err());
        assert_eq!(game.play("4").unwrap(), "4");
        assert_eq!(game.position(), "empty");
        assert_eq!(game.status(), Status::Won { winner: Side::Second });
        assert_eq!(game.undo().as_deref(), Some("4"));
        let list = game.legal_moves(1);
        assert_eq!(list.moves, ["3"]);
        assert!(!list.complete);
    }

    #[test]
    fn the_analysis_names_the_value_and_the_winning_moves() {
        let mut game = Played::<NodeKaylesRules>::start("0-1,1-2").unwrap();
        let analysis = game.analyse(&Budget::default());
        assert_eq!(analysis.grundy_value, Some(2));
        assert_eq!(analysis.winning_moves, ["1"]);
        assert_eq!(analysis.remoteness, Some(1));
    }
}
