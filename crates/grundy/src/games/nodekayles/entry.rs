//! Node Kayles's line in the registry: what it states of itself (texts, caps, the board);
//! the rest is the searched games' shared entry ([`SearchedEntry`]).

use crate::game::CapEdge;
use crate::graph::Graph;
use crate::drawing::Footprint;
use crate::game::BoardKind;
use crate::games::nodekayles::{NodeKayles, Pick};
use crate::impartial::searched::{SearchedEntry, SearchedListing};

/// Node Kayles: pick a vertex, deleting it and its neighbours; who cannot move loses.
pub type NodeKaylesEntry = SearchedEntry<NodeKayles>;

impl SearchedListing for NodeKayles {
    const NAME: &'static str = "nodekayles";
    const ALIASES: &'static [&'static str] = &["node-kayles"];
    const TITLE: &'static str = "Node Kayles";
    const SUMMARY: &'static str = "Node Kayles: pick a vertex of a graph, deleting it and its neighbours; who cannot move loses";
    const NOTATION: &'static str = "a graph as edges A-B and lone vertices, joined by commas (0-1,1-2,2-3,7; empty for no \
     vertex); moves a vertex (2)";
    const EXAMPLE: &'static str = "0-1,1-2,2-3,3-4,4-0,5-6,6-7";
    const DEFAULT_POSITION: &'static str = "0-1,1-2,2-3,3-4,4-5,5-6";
    const START_POSITIONS: &'static [&'static str] = &[
        "0-1,1-2,2-3,3-4,4-5,5-6",
        "0-1,1-2,2-3,3-4,4-0,5-6,6-7",
        "0-1,1-2,2-3,3-0,0-4,1-5,2-6,3-7",
        "0-1,1-2,3-4,4-5,0-3,1-4,2-5,3-6,4-7,5-8,6-7,7-8",
    ];
    /// Won and lost starts, several components, a star, a grid and a path beyond the exact
    /// remoteness.
    const SAMPLE_POSITIONS: &'static [&'static str] = &[
        "0-1,1-2,2-3,3-4,4-5,5-6,6-7",
        "0-1,1-2,2-3",
        "0-1,1-2,2-3,3-4,4-0,5-6,6-7",
        "0-1,0-2,0-3,0-4,9",
        "0-1,1-2,3-4,4-5,0-3,1-4,2-5",
        "0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9,9-10,10-11,11-12,12-13,13-14,14-15,15-16,16-17,17-18",
    ];
    const BOARD_KIND: BoardKind = BoardKind::Vertices;
    const SERVED_QUANTITY: &'static str = "the number of vertices";
    /// Analysing a graph of 24 vertices and valuing every move takes well under a second
    /// even on a grid (docs/benchmarks.md).
    const SERVED_MAX: usize = 24;
    const SERVED_MISERE_QUANTITY: &'static str = "the number of vertices under misère play";
    const SERVED_MISERE_MAX: usize = 14;

    /// The vertex picked.
    fn footprint(&self, pick: &Pick) -> Option<Footprint> {
        self.graph().index_of(pick.0).map(|index| vec![index])
    }

    /// One move per vertex, and vertices only go.
    fn most_moves(&self) -> u128 {
        self.vertices() as u128
    }

    /// Every move deletes at least one vertex.
    fn longest_game(&self) -> u128 {
        self.vertices() as u128
    }

    /// A 6 × 4 grid: 24 vertices, the cap, and a lone vertex more.
    fn cap_edges() -> Vec<CapEdge> {
        vec![CapEdge::new(
            Graph::grid_notation(6, 4, ""),
            Graph::grid_notation(6, 4, "24"),
        )]
    }

    /// A 7 × 2 grid: 14 vertices, the misère cap, and a lone vertex more.
    fn cap_edges_misere() -> Vec<CapEdge> {
        vec![CapEdge::misere(
            &Graph::grid_notation(7, 2, ""),
            &Graph::grid_notation(7, 2, "14"),
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

    const NODE_KAYLES: &dyn GameEntry = &NodeKaylesEntry::NEW;

    /// The places of a view's vertices, by name.
    fn places(view: &crate::game::BoardView) -> Vec<(String, f64, f64)> {
        let Layout::Vertices { vertices, .. } = &view.board.layout else {
            panic!("a vertex board: {view:?}");
        };
        vertices.iter().map(|v| (v.name.clone(), v.x, v.y)).collect()
    }

    #[test]
    fn a_grid_is_drawn_as_its_grid_and_its_vertices_keep_their_places() {
        // The 5 × 2 grid written as its edges: two rows of five, not five rungs meeting at a
        // centre.
        let grid = crate::graph::Graph::grid(5, 2).unwrap().to_string();
        let mut state = NODE_KAYLES.start(&grid).unwrap();
        let start = places(&describe(state.as_ref()).unwrap());
        for (name, x, y) in &start {
            let name: usize = name.parse().unwrap();
            assert_eq!((x - start[0].1, y - start[0].2), ((name % 5) as f64 * 48.0, (name / 5) as f64 * 48.0), "{name}");
        }
        state.play("2").unwrap();
        let after = places(&describe(state.as_ref()).unwrap());
        assert!(after.len() < start.len());
        for vertex in &after {
            assert!(start.contains(vertex), "{vertex:?} moved");
        }
    }

    #[test]
    fn each_vertex_is_a_move_and_its_own_footprint() {
        let mut state = NODE_KAYLES.start("3-5,5-8,9").unwrap();
        let view = describe(state.as_ref()).unwrap();
        let Layout::Vertices { vertices, edges, .. } = &view.board.layout else {
            panic!("a vertex board: {view:?}");
        };
        assert_eq!(vertices.len(), 4);
        assert_eq!(edges.len(), 2);
        let moves: Vec<(String, Vec<usize>)> = view.moves.clone();
        assert_eq!(
            moves,
            [("3".into(), vec![0]), ("5".into(), vec![1]), ("8".into(), vec![2]), ("9".into(), vec![3])]
        );
        state.play("5").unwrap();
        let view = describe(state.as_ref()).unwrap();
        assert_eq!(view.played[0].footprint, [1]);
        assert_eq!(NODE_KAYLES.footprint(state.as_ref(), "9"), Some(vec![0]));
    }

    #[test]
    fn big_graphs_are_not_served() {
        let path: Vec<String> = (1..30).map(|i| format!("{}-{i}", i - 1)).collect();
        let state = NODE_KAYLES.start(&path.join(",")).unwrap();
        let error = NODE_KAYLES.check_served(state.as_ref()).unwrap_err();
        assert!(error.to_string().contains("24"), "{error}");
    }
}
