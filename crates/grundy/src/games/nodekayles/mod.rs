//! Node Kayles: a move picks a vertex of a graph and deletes it with its neighbours; who
//! cannot move (no vertex left) loses. Impartial: its value is a nimber, the nim-sum of its
//! connected components' values.
//!
//! Positions are graphs in the edge-list notation of [`crate::graph`] (`0-1,1-2,2-3,5`:
//! edges `A-B` and lone vertices; `empty` for no vertex); a move names a vertex (`2`). On a
//! path of `n` vertices the game is Dawson's chess, the take-and-break game 0.137 on a heap of
//! `n` (equivalently Dawson's Kayles, 0.07, on `n + 1`).
//!
//! ```
//! use grundy::games::nodekayles::NodeKayles;
//! use grundy::impartial::searched::grundy_value;
//! let path: NodeKayles = "0-1,1-2".parse().unwrap();
//! assert_eq!(grundy_value(&path), 2);
//! ```
//!
//! The value is the nim-sum of the components' values by the generic solver, each component
//! keyed by its relabelled graph (so that a component met again under other names is not
//! valued twice); the remoteness and perfect play are exact on graphs of at most
//! [`REMOTENESS_VERTICES`] vertices, and beyond that the shared heuristic of
//! [`crate::impartial::searched`] keeps a won game won.

pub mod entry;

use crate::drawing::{vertex_layout, Board, Mark};
use std::fmt;
use std::str::FromStr;
use crate::error::{ParseError, RuleError};
use crate::graph::{Graph, MAX_NAME};
use crate::impartial::searched::{SearchedPosition, SearchedRules};
use crate::position::ImpartialGame;

/// Graphs of at most this many vertices have their remoteness computed exactly (the
/// search runs over the whole graph, not its components).
pub const REMOTENESS_VERTICES: usize = 16;

/// The rules of Node Kayles for [`Played`](crate::game::Played).
pub type NodeKaylesRules = SearchedRules<NodeKayles>;

/// A Node Kayles position: the graph that is left.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NodeKayles {
    graph: Graph,
}

impl NodeKayles {
    /// The position on `graph` (its tags are dropped).
    pub fn new(graph: Graph) -> Self {
        let mut graph = graph;
        for index in 0..graph.len() {
            graph.set_tag(index, None);
        }
        NodeKayles { graph }
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The number of vertices left.
    pub fn vertices(&self) -> usize {
        self.graph.len()
    }

    /// Whether no vertex is left: the player to move has lost.
    pub fn is_terminal(&self) -> bool {
        self.graph.is_empty()
    }

    /// Every legal move: one per vertex, by name.
    pub fn moves(&self) -> Vec<Pick> {
        self.graph.names().iter().map(|&name| Pick(name)).collect()
    }

    /// The position after `pick`: its vertex and its neighbours deleted.
    pub fn apply(&self, pick: &Pick) -> Result<NodeKayles, RuleError> {
        let index = self
            .graph
            .index_of(pick.0)
            .ok_or_else(|| RuleError::new(pick, format!("there is no vertex {} left", pick.0)))?;
        let gone = self.graph.neighbours(index) | (1u64 << index);
        Ok(NodeKayles {
            graph: self.graph.without(gone),
        })
    }
}

impl FromStr for NodeKayles {
    type Err = ParseError;

    /// The edge-list notation of [`crate::graph`]; no vertex takes a tag.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        Ok(NodeKayles {
            graph: Graph::parse(text, "")?,
        })
    }
}

impl fmt::Display for NodeKayles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.graph)
    }
}

/// A move: the vertex picked, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pick(pub u32);

impl FromStr for Pick {
    type Err = ParseError;

    /// A vertex's name (`3`).
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let word = text.trim();
        match word.parse::<u32>() {
            Ok(name) if name <= MAX_NAME && word.bytes().all(|b| b.is_ascii_digit()) => {
                Ok(Pick(name))
            }
            _ => Err(ParseError::at_token(
                format!("`{word}` is not a vertex (a number from 0 to {MAX_NAME})"),
                word,
            )),
        }
    }
}

impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Node Kayles for the generic solver ([`crate::impartial::Solver`]): components valued
/// apart, each under a relabelling of its vertices ([`Graph::relabelled`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct NodeKaylesGame;

impl ImpartialGame for NodeKaylesGame {
    type Position = NodeKayles;
    type Move = Pick;

    fn legal_moves(&self, position: &NodeKayles) -> Vec<Pick> {
        position.moves()
    }

    fn apply(&self, position: &NodeKayles, mv: &Pick) -> Result<NodeKayles, RuleError> {
        position.apply(mv)
    }

    fn components(&self, position: &NodeKayles) -> Vec<NodeKayles> {
        position
            .graph
            .components()
            .into_iter()
            .map(|graph| NodeKayles { graph })
            .collect()
    }

    fn canonical(&self, position: &NodeKayles) -> NodeKayles {
        NodeKayles {
            graph: position.graph.relabelled(),
        }
    }

    fn heap_bytes(&self, position: &NodeKayles) -> usize {
        position.graph.heap_bytes()
    }
}

impl SearchedPosition for NodeKayles {
    /// The graph laid out by [`crate::drawing::lay_out`], every vertex empty.
    fn board(&self) -> Board {
        Board {
            layout: vertex_layout(self.graph(), |_| Mark::Empty),
            pieces: ["any vertex", "any vertex"],
        }
    }

    type Move = Pick;
    type Rules = NodeKaylesGame;

    const SIZE_UNIT: &'static str = "vertices";
    const REMOTENESS_SIZE: usize = REMOTENESS_VERTICES;
    const HEURISTIC: &'static str =
        "a winning move deleting the most vertices, or when lost the move deleting the fewest";

    fn size(&self) -> usize {
        self.vertices()
    }

    /// One move per vertex, by name.
    fn moves(&self) -> Vec<Pick> {
        NodeKayles::moves(self)
    }

    fn play(&self, mv: &Pick) -> Result<NodeKayles, RuleError> {
        self.apply(mv)
    }

    /// The graph relabelled: positions of the same shape share a future.
    fn transposition_key(&self) -> String {
        self.graph.relabelled().to_string()
    }

    /// Each vertex with its neighbours, one line each.
    fn draw(&self) -> String {
        self.graph.draw()
    }
}

/// Node Kayles with no shortcut: the whole graph as the memo key, no components. The plain
/// recursion the benchmark compares [`NodeKaylesGame`] with.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlainNodeKayles;

impl ImpartialGame for PlainNodeKayles {
    type Position = NodeKayles;
    type Move = Pick;

    fn legal_moves(&self, position: &NodeKayles) -> Vec<Pick> {
        position.moves()
    }

    fn apply(&self, position: &NodeKayles, mv: &Pick) -> Result<NodeKayles, RuleError> {
        position.apply(mv)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::games::nodekayles::entry::NodeKaylesEntry;
    use crate::impartial::searched::{
        analyse, evaluator, grundy_value, outcome, perfect_move, stubborn_move,
    };
    use crate::impartial::SearchBounds;
    use crate::report::Outcome;
    use crate::game::{Budget, GameState, Played, Status};
    use crate::player::Seat;
    use crate::report::{SolveError, SolveOptions};
    use crate::stop::Stop;
    use proptest::prelude::*;

    #[test]
    fn notation_reads_back_and_names_bad_tokens() {
        for text in ["empty", "0", "0-1,1-2", "0-1,0-2,1-2,7"] {
            assert_eq!(text.parse::<NodeKayles>().unwrap().to_string(), text);
        }
        for (text, token) in [("0-a", "0-a"), ("1-1", "1-1"), ("0-1,1-0", "1-0"), ("2:B", "2:B")] {
            let error = text.parse::<NodeKayles>().unwrap_err();
            assert_eq!(error.location.token.as_deref(), Some(token), "{text}");
        }
        assert_eq!("x".parse::<Pick>().unwrap_err().location.token.as_deref(), Some("x"));
        assert_eq!(" 12 ".parse::<Pick>().unwrap(), Pick(12));
        assert!("+1".parse::<Pick>().is_err());
    }

    #[test]
    fn a_move_deletes_the_vertex_and_its_neighbours() {
        let position: NodeKayles = "0-1,1-2,2-3,3-4".parse().unwrap();
        assert_eq!(position.apply(&Pick(2)).unwrap().to_string(), "0,4");
        assert_eq!(position.apply(&Pick(0)).unwrap().to_string(), "2-3,3-4");
        let error = position.apply(&Pick(9)).unwrap_err();
        assert!(error.to_string().contains('9'), "{error}");
        let star: NodeKayles = "0-1,0-2,0-3".parse().unwrap();
        assert!(star.apply(&Pick(0)).unwrap().is_terminal());
    }

    #[test]
    fn small_graphs_have_their_known_values() {
        for (text, value) in [
            ("empty", 0),
            ("0", 1),
            ("0,1", 0),
            ("0-1", 1),
            ("0-1,1-2", 2),
            ("0-1,1-2,2-3", 0),
            ("0-1,1-2,2-0", 1),
            ("0-1,0-2,0-3", 1),
        ] {
            assert_eq!(grundy_value(&text.parse::<NodeKayles>().unwrap()), value, "{text}");
        }
    }

    #[test]
    fn perfect_and_stubborn_moves_win_won_positions() {
        let mut solver = evaluator::<NodeKayles>();
        let free = SearchBounds::default();
        let long = (0..18).map(|v| format!("{v}-{}", v + 1)).collect::<Vec<_>>().join(",");
        for text in ["0-1,1-2", "0-1,1-2,2-3,3-4", long.as_str()] {
            let position: NodeKayles = text.parse().unwrap();
            if outcome(&position, &mut solver, &free).unwrap() == Outcome::Win {
                for pick in [
                    perfect_move(&position, &mut solver, &free).unwrap(),
                    stubborn_move(&position, &mut solver, &free).unwrap(),
                ] {
                    let next = position.apply(&pick.unwrap()).unwrap();
                    assert_eq!(grundy_value(&next), 0, "{text}");
                }
            }
        }
    }

    #[test]
    fn a_game_is_refereed_move_by_move() {
        let mut game = Played::<NodeKaylesRules>::start(&NodeKaylesEntry::NEW, "0-1,1-2,2-3,3-4").unwrap();
        assert_eq!(game.play(" 1 ").unwrap(), "1");
        assert_eq!(game.position(), "3-4");
        assert!(game.play("0").is_err());
        assert_eq!(game.play("4").unwrap(), "4");
        assert_eq!(game.position(), "empty");
        assert_eq!(game.status(), Status::Won { winner: Seat::Second });
        assert_eq!(game.undo().as_deref(), Some("4"));
        let list = game.legal_moves(1);
        assert_eq!(list.moves, ["3"]);
        assert!(!list.complete);
    }

    #[test]
    fn the_analysis_names_the_value_and_the_winning_moves() {
        let mut game = Played::<NodeKaylesRules>::start(&NodeKaylesEntry::NEW, "0-1,1-2").unwrap();
        let analysis = game.analyse(&Budget::default());
        assert_eq!(analysis.grundy_value, Some(2));
        assert_eq!(analysis.winning_moves, ["1"]);
        assert_eq!(analysis.remoteness, Some(1));
    }

    #[test]
    fn the_report_names_the_components() {
        let report = analyse::<NodeKayles>("0-1,1-2,5", &SolveOptions::default()).unwrap();
        assert_eq!(report.game, "nodekayles");
        assert_eq!(report.grundy, Some(3));
        assert_eq!(report.outcome, Outcome::Win);
        assert_eq!(report.winning_moves, ["0", "2"]);
        assert_eq!(report.notes, ["components: 0-1,1-2 = *2 ; 5 = *1"]);
        assert_eq!(report.remoteness.map(|r| r.moves), Some(3));
        let empty = analyse::<NodeKayles>("empty", &SolveOptions::default()).unwrap();
        assert_eq!(empty.outcome, Outcome::Loss);
        assert_eq!(empty.best_move, None);
        let error = analyse::<NodeKayles>("0-1,1-x", &SolveOptions::default()).unwrap_err();
        assert!(error.to_string().contains("\"1-x\""), "{error}");
    }

    #[test]
    fn a_stopped_report_says_so() {
        let stop = Stop::new();
        stop.raise();
        let options = SolveOptions {
            stop: &stop,
            ..SolveOptions::default()
        };
        let error = analyse::<NodeKayles>("0-1,1-2", &options).unwrap_err();
        assert!(matches!(error, SolveError::Stopped(_)), "{error}");
        let tiny = SolveOptions {
            memory_limit: Some(1),
            ..SolveOptions::default()
        };
        let big = (0..40).map(|v| format!("{v}-{}", v + 1)).collect::<Vec<_>>().join(",");
        let error = analyse::<NodeKayles>(&format!("{big},0-20,5-30"), &tiny).unwrap_err();
        assert!(error.to_string().contains("past the limit"), "{error}");
    }

    proptest! {
        #[test]
        fn no_text_panics(text in "[0-9,:\\- a-z]{0,20}") {
            let _ = text.parse::<NodeKayles>();
            let _ = text.parse::<Pick>();
        }
    }
}
