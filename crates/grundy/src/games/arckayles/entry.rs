//! Arc Kayles's line in the registry: what it states of itself (texts, caps, the board);
//! the rest is the searched games' shared entry ([`SearchedEntry`]).

use crate::game::CapEdge;
use crate::graph::Graph;
use crate::drawing::Footprint;
use crate::game::BoardKind;
use crate::games::arckayles::{ArcKayles, Cut};
use crate::impartial::searched::{SearchedEntry, SearchedListing};

/// Arc Kayles: pick an edge, deleting it and every edge at its ends; who cannot move loses.
pub type ArcKaylesEntry = SearchedEntry<ArcKayles>;

impl SearchedListing for ArcKayles {
    const NAME: &'static str = "arckayles";
    const ALIASES: &'static [&'static str] = &["arc-kayles"];
    const TITLE: &'static str = "Arc Kayles";
    const SUMMARY: &'static str = "Arc Kayles: pick an edge of a graph, deleting it and every edge at its ends; who cannot move loses";
    const NOTATION: &'static str = "a graph as edges A-B and lone vertices, joined by commas (0-1,1-2,2-3,7; empty for no \
     vertex); moves an edge (1-2)";
    const EXAMPLE: &'static str = "0-1,1-2,2-3,3-4,4-0,5-6,6-7";
    const DEFAULT_POSITION: &'static str = "0-1,1-2,2-3,3-4,4-5,5-6";
    const START_POSITIONS: &'static [&'static str] = &[
        "0-1,1-2,2-3,3-4,4-5,5-6",
        "0-1,1-2,2-3,3-4,4-0,5-6,6-7",
        "0-1,1-2,2-3,3-0,0-4,1-5,2-6,3-7",
        "0-1,1-2,3-4,4-5,0-3,1-4,2-5,3-6,4-7,5-8,6-7,7-8",
    ];
    /// Won and lost starts, several components, a star, a grid and a path beyond the exact
    /// remoteness (22 edges).
    const SAMPLE_POSITIONS: &'static [&'static str] = &[
        "0-1,1-2,2-3,3-4,4-5,5-6,6-7",
        "0-1,1-2,2-3",
        "0-1,1-2,2-3,3-4,4-0,5-6,6-7",
        "0-1,0-2,0-3,0-4,9",
        "0-1,1-2,3-4,4-5,0-3,1-4,2-5",
        "0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9,9-10,10-11,11-12,12-13,13-14,14-15,15-16,16-17,17-18,18-19,19-20,20-21,21-22",
    ];
    const BOARD_KIND: BoardKind = BoardKind::Vertices;
    const SERVED_QUANTITY: &'static str = "the number of edges";
    /// Analysing a graph of 24 edges and valuing every move takes well under a second even
    /// on a grid (docs/benchmarks.md).
    const SERVED_MAX: usize = 24;
    const SERVED_MISERE_QUANTITY: &'static str = "the number of edges under misère play";
    const SERVED_MISERE_MAX: usize = 14;

    /// The edge picked, counted after the vertices ([`crate::drawing::Layout::Vertices`]).
    fn footprint(&self, cut: &Cut) -> Option<Footprint> {
        self.edge_index(cut).map(|index| vec![self.vertices() + index])
    }

    /// One move per edge, and edges only go.
    fn most_moves(&self) -> u128 {
        self.edges() as u128
    }

    /// Every move deletes at least one edge.
    fn longest_game(&self) -> u128 {
        self.edges() as u128
    }

    /// A 4 × 4 grid: 24 edges, the cap, and an edge more.
    fn cap_edges() -> Vec<CapEdge> {
        vec![CapEdge::new(
            Graph::grid_notation(4, 4, ""),
            Graph::grid_notation(4, 4, "16-17"),
        )]
    }

    /// A 3 × 3 grid (12 edges) and a path of 2 edges: 14, the misère cap, and one more.
    fn cap_edges_misere() -> Vec<CapEdge> {
        vec![CapEdge::misere(
            &Graph::grid_notation(3, 3, "9-10,10-11"),
            &Graph::grid_notation(3, 3, "9-10,10-11,11-12"),
        )]
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
use crate::game::GameEntry;
    use super::*;
    use crate::drawing::Layout;
    use crate::game::describe;

    const ARC_KAYLES: &dyn GameEntry = &ArcKaylesEntry::NEW;

    #[test]
    fn each_edge_is_a_move_counted_after_the_vertices() {
        let mut state = ARC_KAYLES.start("3-5,5-8,8-10,9").unwrap();
        let view = describe(state.as_ref()).unwrap();
        let Layout::Vertices { vertices, edges, .. } = &view.board.layout else {
            panic!("a vertex board: {view:?}");
        };
        assert_eq!(vertices.len(), 5);
        assert_eq!(edges.len(), 3);
        let moves: Vec<(String, Vec<usize>)> = view.moves.clone();
        assert_eq!(
            moves,
            [("3-5".into(), vec![5]), ("5-8".into(), vec![6]), ("8-10".into(), vec![7])]
        );
        state.play("8-10").unwrap();
        let view = describe(state.as_ref()).unwrap();
        assert_eq!(view.played[0].footprint, [7]);
        assert_eq!(ARC_KAYLES.footprint(state.as_ref(), "5-3"), Some(vec![3]));
    }

    #[test]
    fn big_graphs_are_not_served() {
        let path: Vec<String> = (1..=25).map(|i| format!("{}-{i}", i - 1)).collect();
        let state = ARC_KAYLES.start(&path.join(",")).unwrap();
        let error = ARC_KAYLES.check_served(state.as_ref()).unwrap_err();
        assert!(error.to_string().contains("24"), "{error}");
    }
}
