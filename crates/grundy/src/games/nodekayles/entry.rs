//! Node Kayles's line in the registry.

use crate::board::{vertex_layout, Board, Footprint, Mark};
use crate::entry::{BoardKind, GameEntry, OverCap};
use crate::error::ParseError;
use crate::games::nodekayles::{NodeKayles, NodeKaylesRules, Pick};
use crate::impartial::searched::analyse;
use crate::play::{start_played, with_position, GameState};
use crate::report::{Report, SolveError, SolveOptions};

/// The most vertices a shared server values: analysing a graph of 24 vertices and valuing
/// every move takes well under a second even on a grid (docs/benchmarks.md).
pub const SERVED_MAX_VERTICES: u32 = 24;

/// The most vertices a shared server analyses under misère play (an exact search of every
/// position reached).
pub const SERVED_MISERE_MAX_VERTICES: u32 = 14;

/// Node Kayles: pick a vertex, deleting it and its neighbours; who cannot move loses. Of
/// the solve options it reads `moves`, `stop` and `memory_limit`.
#[derive(Debug, Clone, Copy)]
pub struct NodeKaylesEntry;

/// The number of vertices of `state`'s position.
fn vertices(state: &dyn GameState) -> u32 {
    with_position::<NodeKaylesRules, _>(state, |position| position.vertices() as u32).unwrap_or(0)
}

impl GameEntry for NodeKaylesEntry {
    fn name(&self) -> &'static str {
        "nodekayles"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["node-kayles"]
    }

    fn title(&self) -> &'static str {
        "Node Kayles"
    }

    fn summary(&self) -> &'static str {
        "Node Kayles: pick a vertex of a graph, deleting it and its neighbours; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "a graph as edges A-B and lone vertices, joined by commas (0-1,1-2,2-3,7; empty for no \
         vertex); moves a vertex (2)"
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
    /// remoteness.
    fn sample_positions(&self) -> &'static [&'static str] {
        &[
            "0-1,1-2,2-3,3-4,4-5,5-6,6-7",
            "0-1,1-2,2-3",
            "0-1,1-2,2-3,3-4,4-0,5-6,6-7",
            "0-1,0-2,0-3,0-4,9",
            "0-1,1-2,3-4,4-5,0-3,1-4,2-5",
            "0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9,9-10,10-11,11-12,12-13,13-14,14-15,15-16,16-17,17-18",
        ]
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Vertices)
    }

    /// The graph laid out by [`crate::board::lay_out`], every vertex empty.
    fn board(&self, state: &dyn GameState) -> Option<Board> {
        with_position::<NodeKaylesRules, _>(state, |position| Board {
            layout: vertex_layout(position.graph(), |_| Mark::Empty),
            pieces: ["any vertex", "any vertex"],
        })
    }

    /// The vertex picked.
    fn footprint(&self, state: &dyn GameState, mv: &str) -> Option<Footprint> {
        let pick: Pick = mv.parse().ok()?;
        with_position::<NodeKaylesRules, _>(state, |position| {
            position.graph().index_of(pick.0).map(|index| vec![index])
        })?
    }

    /// One move per vertex, and vertices only go.
    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        Some(u128::from(vertices(state)))
    }

    /// Every move deletes at least one vertex.
    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        Some(u128::from(vertices(state)))
    }

    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        OverCap::check("the number of vertices", vertices(state), SERVED_MAX_VERTICES)
    }

    fn check_served_misere(&self, state: &dyn GameState) -> Result<(), OverCap> {
        OverCap::check(
            "the number of vertices under misère play",
            vertices(state),
            SERVED_MISERE_MAX_VERTICES,
        )
    }

    fn start(&self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<NodeKaylesRules>(position)
    }

    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        Ok(Report::Solved(analyse::<NodeKayles>(position, options)?))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::board::{describe, Layout};
    use crate::entry::Game;

    const NODE_KAYLES: Game = Game::new(&NodeKaylesEntry);

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
