//! Arc Kayles: a move picks an edge of a graph and deletes it with every edge that touches
//! its ends (its two vertices go); who cannot move (no edge left) loses. Impartial: its
//! value is a nimber, the nim-sum of its connected components' values.
//!
//! Positions are graphs in the edge-list notation of [`crate::graph`] (`0-1,1-2,2-3,5`:
//! edges `A-B` and lone vertices; `empty` for no vertex); a move names an edge (`1-2`).
//! Deleting an edge and the edges at its ends is deleting its two vertices, so the game on a
//! graph is Node Kayles on its line graph; on a path of `n` vertices it is Dawson's Kayles,
//! the take-and-break game 0.07 on a heap of `n`.
//!
//! ```
//! use grundy::games::arckayles::ArcKayles;
//! use grundy::impartial::searched::grundy_value;
//! let path: ArcKayles = "0-1,1-2,2-3".parse().unwrap();
//! assert_eq!(grundy_value(&path), 2);
//! ```
//!
//! The value is the nim-sum of the values of the components with an edge by the generic
//! solver, each component keyed by its relabelled graph (so that a component met again
//! under other names is not valued twice); the remoteness and perfect play are exact on
//! graphs of at most [`REMOTENESS_EDGES`] edges, and beyond that the shared heuristic of
//! [`crate::impartial::searched`] keeps a won game won.

pub mod entry;

use crate::drawing::{vertex_layout, Board, Mark};
use std::fmt;
use std::str::FromStr;
use crate::error::{ParseError, RuleError};
use crate::graph::{Graph, MAX_NAME};
use crate::impartial::searched::{SearchedPosition, SearchedRules};
use crate::position::ImpartialGame;

/// Graphs of at most this many edges have their remoteness computed exactly (the search
/// runs over the whole graph, not its components).
pub const REMOTENESS_EDGES: usize = 20;

/// The rules of Arc Kayles for [`Played`](crate::game::Played).
pub type ArcKaylesRules = SearchedRules<ArcKayles>;

/// An Arc Kayles position: the graph that is left (vertices without an edge stay in the
/// notation, with their names, and take no part).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ArcKayles {
    graph: Graph,
}

impl ArcKayles {
    /// The position on `graph` (its tags are dropped).
    pub fn new(graph: Graph) -> Self {
        let mut graph = graph;
        for index in 0..graph.len() {
            graph.set_tag(index, None);
        }
        ArcKayles { graph }
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The number of vertices left.
    pub fn vertices(&self) -> usize {
        self.graph.len()
    }

    /// The number of edges left.
    pub fn edges(&self) -> usize {
        self.graph.edge_count()
    }

    /// Whether no edge is left: the player to move has lost.
    pub fn is_terminal(&self) -> bool {
        self.edges() == 0
    }

    /// Every legal move: one per edge, in order of their ends' names.
    pub fn moves(&self) -> Vec<Cut> {
        self.graph
            .edges()
            .into_iter()
            .map(|(a, b)| Cut(self.graph.name(a), self.graph.name(b)))
            .collect()
    }

    /// The index of edge `cut` in [`Graph::edges`], if it is in the graph.
    pub fn edge_index(&self, cut: &Cut) -> Option<usize> {
        let (a, b) = (self.graph.index_of(cut.0)?, self.graph.index_of(cut.1)?);
        let (a, b) = (a.min(b), a.max(b));
        self.graph.edges().iter().position(|&edge| edge == (a, b))
    }

    /// The position after `cut`: its two ends deleted, with every edge at them.
    pub fn apply(&self, cut: &Cut) -> Result<ArcKayles, RuleError> {
        let ends = self.graph.index_of(cut.0).zip(self.graph.index_of(cut.1));
        match ends {
            Some((a, b)) if self.graph.has_edge(a, b) => Ok(ArcKayles {
                graph: self.graph.without((1u64 << a) | (1u64 << b)),
            }),
            _ => Err(RuleError::new(cut, format!("there is no edge {cut} left"))),
        }
    }
}

impl FromStr for ArcKayles {
    type Err = ParseError;

    /// The edge-list notation of [`crate::graph`]; no vertex takes a tag.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        Ok(ArcKayles {
            graph: Graph::parse(text, "")?,
        })
    }
}

impl fmt::Display for ArcKayles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.graph)
    }
}

/// A move: the edge picked, by its ends' names, the smaller first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cut(pub u32, pub u32);

impl FromStr for Cut {
    type Err = ParseError;

    /// An edge `A-B` (either order; written back smaller first).
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let word = text.trim();
        let vertex = |part: &str| match part.trim().parse::<u32>() {
            Ok(name) if name <= MAX_NAME && part.trim().bytes().all(|b| b.is_ascii_digit()) => {
                Some(name)
            }
            _ => None,
        };
        match word.split_once('-').map(|(a, b)| (vertex(a), vertex(b))) {
            Some((Some(a), Some(b))) if a != b => Ok(Cut(a.min(b), a.max(b))),
            _ => Err(ParseError::at_token(
                format!("`{word}` is not an edge (two vertices A-B, numbers from 0 to {MAX_NAME})"),
                word,
            )),
        }
    }
}

impl fmt::Display for Cut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.0, self.1)
    }
}

/// Arc Kayles for the generic solver ([`crate::impartial::Solver`]): components with an
/// edge valued apart (a lone vertex is no game), each under a relabelling of its vertices
/// ([`Graph::relabelled`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct ArcKaylesGame;

impl ImpartialGame for ArcKaylesGame {
    type Position = ArcKayles;
    type Move = Cut;

    fn legal_moves(&self, position: &ArcKayles) -> Vec<Cut> {
        position.moves()
    }

    fn apply(&self, position: &ArcKayles, mv: &Cut) -> Result<ArcKayles, RuleError> {
        position.apply(mv)
    }

    fn components(&self, position: &ArcKayles) -> Vec<ArcKayles> {
        position
            .graph
            .components()
            .into_iter()
            .filter(|graph| graph.len() > 1)
            .map(|graph| ArcKayles { graph })
            .collect()
    }

    fn canonical(&self, position: &ArcKayles) -> ArcKayles {
        let graph = &position.graph;
        let live = (0..graph.len())
            .filter(|&i| graph.degree(i) > 0)
            .fold(0u64, |set, i| set | (1u64 << i));
        ArcKayles {
            graph: graph.induced(live).relabelled(),
        }
    }

    fn heap_bytes(&self, position: &ArcKayles) -> usize {
        position.graph.heap_bytes()
    }
}

impl SearchedPosition for ArcKayles {
    /// The graph laid out by [`crate::drawing::lay_out`]; moves take its edges.
    fn board(&self) -> Board {
        Board {
            layout: vertex_layout(self.graph(), |_| Mark::Empty),
            pieces: ["any edge", "any edge"],
        }
    }

    type Move = Cut;
    type Rules = ArcKaylesGame;

    const SIZE_UNIT: &'static str = "edges";
    const REMOTENESS_SIZE: usize = REMOTENESS_EDGES;
    const HEURISTIC: &'static str =
        "a winning move deleting the most edges, or when lost the move deleting the fewest";

    fn size(&self) -> usize {
        self.edges()
    }

    /// One move per edge.
    fn moves(&self) -> Vec<Cut> {
        ArcKayles::moves(self)
    }

    fn play(&self, mv: &Cut) -> Result<ArcKayles, RuleError> {
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

/// Arc Kayles with no shortcut: the whole graph as the memo key, no components. The plain
/// recursion the benchmark compares [`ArcKaylesGame`] with.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlainArcKayles;

impl ImpartialGame for PlainArcKayles {
    type Position = ArcKayles;
    type Move = Cut;

    fn legal_moves(&self, position: &ArcKayles) -> Vec<Cut> {
        position.moves()
    }

    fn apply(&self, position: &ArcKayles, mv: &Cut) -> Result<ArcKayles, RuleError> {
        position.apply(mv)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::games::arckayles::entry::ArcKaylesEntry;
    use crate::impartial::searched::{
        analyse, evaluator, grundy_value, outcome, perfect_move, stubborn_move,
    };
    use crate::impartial::SearchBounds;
    use crate::report::Outcome;
    use crate::game::{Budget, GameState, Played, Status};
    use crate::player::Seat;
    use crate::report::SolveOptions;
    use proptest::prelude::*;

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
            assert_eq!(grundy_value(&text.parse::<ArcKayles>().unwrap()), value, "{text}");
        }
    }

    #[test]
    fn perfect_and_stubborn_moves_win_won_positions() {
        let mut solver = evaluator::<ArcKayles>();
        let free = SearchBounds::default();
        let long = (0..22).map(|v| format!("{v}-{}", v + 1)).collect::<Vec<_>>().join(",");
        for text in ["0-1,1-2", "0-1,1-2,2-3", long.as_str()] {
            let position: ArcKayles = text.parse().unwrap();
            if outcome(&position, &mut solver, &free).unwrap() == Outcome::Win {
                for cut in [
                    perfect_move(&position, &mut solver, &free).unwrap(),
                    stubborn_move(&position, &mut solver, &free).unwrap(),
                ] {
                    let next = position.apply(&cut.unwrap()).unwrap();
                    assert_eq!(grundy_value(&next), 0, "{text}");
                }
            }
        }
    }

    #[test]
    fn a_game_is_refereed_move_by_move() {
        let mut game = Played::<ArcKaylesRules>::start(&ArcKaylesEntry::NEW, "0-1,1-2,2-3,3-4").unwrap();
        assert_eq!(game.play(" 2-1 ").unwrap(), "1-2");
        assert_eq!(game.position(), "3-4,0");
        assert!(game.play("0-1").is_err());
        assert_eq!(game.play("3-4").unwrap(), "3-4");
        assert_eq!(game.position(), "0");
        assert_eq!(game.status(), Status::Won { winner: Seat::Second });
        assert_eq!(game.undo().as_deref(), Some("3-4"));
        let list = game.legal_moves(1);
        assert_eq!(list.moves, ["3-4"]);
        assert!(list.complete);
    }

    #[test]
    fn the_analysis_names_the_value_and_the_winning_moves() {
        let mut game = Played::<ArcKaylesRules>::start(&ArcKaylesEntry::NEW, "0-1,1-2,2-3").unwrap();
        let analysis = game.analyse(&Budget::default());
        assert_eq!(analysis.grundy_value, Some(2));
        assert_eq!(analysis.winning_moves, ["1-2"]);
        assert_eq!(analysis.remoteness, Some(1));
    }

    #[test]
    fn the_report_names_the_components_with_an_edge() {
        let options = SolveOptions::default();
        let report = analyse::<ArcKayles>("0-1,1-2,2-3,5-6,9", &options).unwrap();
        assert_eq!(report.game, "arckayles");
        assert_eq!(report.grundy, Some(3));
        assert_eq!(report.outcome, Outcome::Win);
        assert_eq!(report.winning_move_count, "2");
        assert_eq!(report.winning_moves.len(), 2);
        assert_eq!(report.notes, ["components: 0-1,1-2,2-3 = *2 ; 5-6 = *1"]);
        assert_eq!(report.remoteness.map(|r| r.moves), Some(3));
        let empty = analyse::<ArcKayles>("empty", &options).unwrap();
        assert_eq!(empty.outcome, Outcome::Loss);
        assert_eq!(empty.best_move, None);
        let error = analyse::<ArcKayles>("0-1,1-x", &options).unwrap_err();
        assert!(error.to_string().contains("\"1-x\""), "{error}");
    }

    #[test]
    fn notation_reads_back_and_names_bad_tokens() {
        for text in ["empty", "0", "0-1,1-2", "0-1,0-2,1-2,7"] {
            assert_eq!(text.parse::<ArcKayles>().unwrap().to_string(), text);
        }
        for (text, token) in [("0-a", "0-a"), ("1-1", "1-1"), ("0-1,1-0", "1-0"), ("2:B", "2:B")] {
            let error = text.parse::<ArcKayles>().unwrap_err();
            assert_eq!(error.location.token.as_deref(), Some(token), "{text}");
        }
        assert_eq!("x".parse::<Cut>().unwrap_err().location.token.as_deref(), Some("x"));
        assert_eq!(" 5-2 ".parse::<Cut>().unwrap(), Cut(2, 5));
        assert!("3-3".parse::<Cut>().is_err());
        assert!("3".parse::<Cut>().is_err());
    }

    #[test]
    fn a_move_deletes_the_edge_and_the_edges_at_its_ends() {
        let position: ArcKayles = "0-1,1-2,2-3,3-4".parse().unwrap();
        assert_eq!(position.apply(&Cut(1, 2)).unwrap().to_string(), "3-4,0");
        assert_eq!(position.apply(&Cut(0, 1)).unwrap().to_string(), "2-3,3-4");
        let error = position.apply(&Cut(0, 2)).unwrap_err();
        assert!(error.to_string().contains("0-2"), "{error}");
        assert!(position.apply(&Cut(1, 2)).unwrap().apply(&Cut(3, 4)).unwrap().is_terminal());
        assert_eq!(position.edge_index(&Cut(2, 3)), Some(2));
    }

    proptest! {
        #[test]
        fn no_text_panics(text in "[0-9,:\\- a-z]{0,20}") {
            let _ = text.parse::<ArcKayles>();
            let _ = text.parse::<Cut>();
        }
    }
}
