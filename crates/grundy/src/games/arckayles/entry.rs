//! Arc Kayles's line in the registry.

use crate::board::{vertex_layout, Board, Footprint, Mark};
use crate::entry::{BoardKind, GameEntry, OverCap};
use crate::error::ParseError;
use crate::games::arckayles::{ArcKayles, ArcKaylesRules, Cut};
use crate::impartial::searched::analyse;
use crate::play::{start_played, with_position, GameState};
use crate::report::{Report, SolveError, SolveOptions};

/// The most edges a shared server values: analysing a graph of 24 edges and valuing every
/// move takes well under a second even on a grid (docs/benchmarks.md).
pub const SERVED_MAX_EDGES: u32 = 24;

/// The most edges a shared server analyses under misère play (an exact search of every
/// position reached).
pub const SERVED_MISERE_MAX_EDGES: u32 = 14;

/// Arc Kayles: pick an edge, deleting it and every edge at its ends; who cannot move loses.
/// Of the solve options it reads `moves`, `stop` and `memory_limit`.
#[derive(Debug, Clone, Copy)]
pub struct ArcKaylesEntry;

/// The number of edges of `state`'s position.
fn edges(state: &dyn GameState) -> u32 {
    with_position::<ArcKaylesRules, _>(state, |position| position.edges() as u32).unwrap_or(0)
}

impl GameEntry for ArcKaylesEntry {
    fn name(&self) -> &'static str {
        "arckayles"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["arc-kayles"]
    }

    fn title(&self) -> &'static str {
        "Arc Kayles"
    }

    fn summary(&self) -> &'static str {
        "Arc Kayles: pick an edge of a graph, deleting it and every edge at its ends; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "a graph as edges A-B and lone vertices, joined by commas (0-1,1-2,2-3,7; empty for no \
         vertex); moves an edge (1-2)"
    }

    fn example(&self) -> &'static str {
        "0-1,1-2,2-3,3-4,4-0,5-6,6-7"
    }

    fn default_position(&self) -> &'static str {
        "0-1,1-2,2-3,3-4,4-5,5-6"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &[
            "0-1,1-2,2-3,3-4,4-5,5-6",
            "0-1,1-2,2-3,3-4,4-0,5-6,6-7",
            "0-1,1-2,2-3,3-0,0-4,1-5,2-6,3-7",
            "0-1,1-2,3-4,4-5,0-3,1-4,2-5,3-6,4-7,5-8,6-7,7-8",
        ]
    }

    /// Won and lost starts, several components, a star, a grid and a path beyond the exact
    /// remoteness (22 edges).
    fn sample_positions(&self) -> &'static [&'static str] {
        &[
            "0-1,1-2,2-3,3-4,4-5,5-6,6-7",
            "0-1,1-2,2-3",
            "0-1,1-2,2-3,3-4,4-0,5-6,6-7",
            "0-1,0-2,0-3,0-4,9",
            "0-1,1-2,3-4,4-5,0-3,1-4,2-5",
            "0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9,9-10,10-11,11-12,12-13,13-14,14-15,15-16,16-17,17-18,18-19,19-20,20-21,21-22",
        ]
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Vertices)
    }

    /// The graph laid out by [`crate::board::lay_out`]; moves take its edges.
    fn board(&self, state: &dyn GameState) -> Option<Board> {
        with_position::<ArcKaylesRules, _>(state, |position| Board {
            layout: vertex_layout(position.graph(), |_| Mark::Empty),
            pieces: ["any edge", "any edge"],
        })
    }

    /// The edge picked, counted after the vertices ([`crate::board::Layout::Vertices`]).
    fn footprint(&self, state: &dyn GameState, mv: &str) -> Option<Footprint> {
        let cut: Cut = mv.parse().ok()?;
        with_position::<ArcKaylesRules, _>(state, |position| {
            position
                .edge_index(&cut)
                .map(|index| vec![position.vertices() + index])
        })?
    }

    /// One move per edge, and edges only go.
    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        Some(u128::from(edges(state)))
    }

    /// Every move deletes at least one edge.
    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        Some(u128::from(edges(state)))
    }

    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        OverCap::check("the number of edges", edges(state), SERVED_MAX_EDGES)
    }

    fn check_served_misere(&self, state: &dyn GameState) -> Result<(), OverCap> {
        OverCap::check(
            "the number of edges under misère play",
            edges(state),
            SERVED_MISERE_MAX_EDGES,
        )
    }

    fn start(&self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<ArcKaylesRules>(position)
    }

    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        Ok(Report::Solved(analyse::<ArcKayles>(position, options)?))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::board::{describe, Layout};
    use crate::entry::Game;

    const ARC_KAYLES: Game = Game::new(&ArcKaylesEntry);

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
