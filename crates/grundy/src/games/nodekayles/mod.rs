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
//! use grundy::games::nodekayles::{solve, NodeKayles};
//! let path: NodeKayles = "0-1,1-2".parse().unwrap();
//! assert_eq!(solve::grundy_value(&path), 2);
//! ```

pub mod analysis;
pub mod entry;
pub mod play;
pub mod solve;

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, RuleError};
use crate::graph::{Graph, MAX_NAME};
use crate::impartial::ImpartialGame;

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

    proptest! {
        #[test]
        fn no_text_panics(text in "[0-9,:\\- a-z]{0,20}") {
            let _ = text.parse::<NodeKayles>();
            let _ = text.parse::<Pick>();
        }
    }
}
