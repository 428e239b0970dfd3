//! What a page needs to draw a game in progress and play it by clicking ([`BoardView`]):
//! the board now ([`GameEntry::board`](super::GameEntry::board)), where every legal move lies
//! ([`GameEntry::footprint`](super::GameEntry::footprint)), and every move of the line so far with who made it, replayed
//! from the start (a placement game's pieces are the moves that placed them; the cells
//! blocked in the start position are its holes).

use super::GameState;
use crate::drawing::{Board, Footprint, GraphEdge, Layout, Mark, Owner};
use crate::player::Seat;

/// A move of the line, drawn on the board.
#[derive(Debug, Clone, PartialEq)]
pub struct DrawnMove {
    /// The move.
    pub mv: String,
    /// Who made it.
    pub by: Owner,
    /// Where it lies, on the board of the position it was played in.
    pub footprint: Footprint,
    /// The move as the board of the start position names what it takes: on a graph board
    /// whose edges lose their numbers as others are cut (Hackenbush), the name the edge it
    /// took had in the start position ([`GraphEdge::name`]); otherwise the move itself.
    pub name: String,
    /// On a vertex board ([`Layout::Vertices`]), where the move lies as the board now draws
    /// it (every vertex where it stood in the start position): the place of the vertex it
    /// takes or colours, or the two ends of the edge it takes; empty on other boards.
    pub spots: Vec<(f64, f64)>,
}

/// What a page needs to draw a game in progress on a board and play it by clicking.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardView {
    /// The board now (cells blocked since the start are [`Mark::Filled`], the start's
    /// blocked cells [`Mark::Hole`]).
    pub board: Board,
    /// Whose turn it is.
    pub to_move: Owner,
    /// Every legal move of the player to move and its footprint, in the game's order.
    pub moves: Vec<(String, Footprint)>,
    /// The moves of the line, first to last.
    pub played: Vec<DrawnMove>,
}

/// The owner of the pieces of `side` in `state`: Right when the game calls the player
/// Right, Left otherwise.
fn owner(state: &dyn GameState, side: Seat) -> Owner {
    if state.side_name(side).eq_ignore_ascii_case("right") {
        Owner::Right
    } else {
        Owner::Left
    }
}

/// The board view of `state`, replayed from its start position; `None` when its game gives
/// no board ([`GameEntry::board`](super::GameEntry::board)) or the line does not replay. A game that changes the
/// rules (misère play) is replayed under its usual rules ([`GameState::usual_rules`]): the
/// moves and the board are the same.
pub fn describe(state: &dyn GameState) -> Option<BoardView> {
    let entry = state.entry();
    let mut board = entry.board(state)?;
    let usual = state.usual_rules().unwrap_or(state);
    let mut replay = entry.start(&usual.start_position()).ok()?;
    let start_board = entry.board(replay.as_ref())?;
    // Each edge of a graph board now, as its index on the start board.
    let start_edges: &[GraphEdge] = match &start_board.layout {
        Layout::Graph { edges, .. } => edges,
        _ => &[],
    };
    let mut alive: Vec<usize> = (0..start_edges.len()).collect();
    let mut taken = Vec::new();
    let mut played = Vec::new();
    // The place of each vertex of the start board, by name.
    let start_places = |name: &str| match &start_board.layout {
        Layout::Vertices { vertices, .. } => vertices
            .iter()
            .find(|vertex| vertex.name == name)
            .map(|vertex| (vertex.x, vertex.y)),
        _ => None,
    };
    for mv in state.history() {
        let by = owner(replay.as_ref(), replay.side_to_move());
        let footprint = entry.footprint(replay.as_ref(), &mv).unwrap_or_default();
        let spots = match entry.board(replay.as_ref()).map(|board| board.layout) {
            Some(Layout::Vertices {
                vertices, edges, ..
            }) => footprint
                .iter()
                .flat_map(|&at| match at.checked_sub(vertices.len()) {
                    None => vec![at],
                    Some(edge) => edges
                        .get(edge)
                        .map(|&(a, b)| vec![a, b])
                        .unwrap_or_default(),
                })
                .filter_map(|index| start_places(&vertices.get(index)?.name))
                .collect(),
            _ => Vec::new(),
        };
        let mut name = mv.clone();
        if let Some(kept) = entry.kept_edges(replay.as_ref(), &mv) {
            if let [edge] = footprint[..] {
                name = start_edges.get(*alive.get(edge)?)?.name.clone();
            }
            let now: Vec<usize> = kept
                .iter()
                .map(|&index| alive.get(index).copied())
                .collect::<Option<_>>()?;
            taken = alive
                .iter()
                .copied()
                .filter(|index| !now.contains(index))
                .collect();
            alive = now;
        } else {
            taken.clear();
        }
        replay.play(&mv).ok()?;
        played.push(DrawnMove {
            mv,
            by,
            footprint,
            name,
            spots,
        });
    }
    // A graph's edges keep the names and places they had in the start position, and the
    // edges the last move took stay drawn where they stood.
    if let (
        Layout::Graph {
            width,
            height,
            ground,
            nodes,
            edges,
            taken: gone,
        },
        Layout::Graph {
            width: start_width,
            height: start_height,
            ground: start_ground,
            nodes: start_nodes,
            ..
        },
    ) = (&mut board.layout, &start_board.layout)
    {
        if edges.len() == alive.len() {
            for (edge, &first) in edges.iter_mut().zip(&alive) {
                let start = start_edges.get(first)?;
                edge.name = start.name.clone();
                edge.shape = start.shape;
                edge.label = start.label;
            }
            *gone = taken
                .iter()
                .filter_map(|&index| start_edges.get(index).cloned())
                .collect();
            *nodes = start_nodes
                .iter()
                .copied()
                .filter(|&node| edges.iter().any(|edge| edge.shape.touches(node)))
                .collect();
            (*width, *height, *ground) = (*start_width, *start_height, *start_ground);
        }
    }
    // A cell blocked now but not at the start was filled by a move.
    if let (Layout::Cells { cells, .. }, Layout::Cells { cells: start, .. }) =
        (&mut board.layout, &start_board.layout)
    {
        for (cell, first) in cells.iter_mut().zip(start) {
            if *cell == Mark::Hole && *first != Mark::Hole {
                *cell = Mark::Filled;
            }
        }
    }
    // The vertices stay where they stood at the start (a grid stays a grid, every vertex
    // in its place as the others go), placed by their names, which moves keep.
    if let (
        Layout::Vertices {
            width,
            height,
            vertices,
            ..
        },
        Layout::Vertices {
            width: start_width,
            height: start_height,
            vertices: start,
            ..
        },
    ) = (&mut board.layout, &start_board.layout)
    {
        let place = |name: &str| start.iter().find(|vertex| vertex.name == name);
        if vertices.iter().all(|vertex| place(&vertex.name).is_some()) {
            for vertex in vertices.iter_mut() {
                if let Some(first) = place(&vertex.name) {
                    (vertex.x, vertex.y) = (first.x, first.y);
                }
            }
            (*width, *height) = (*start_width, *start_height);
        }
    }
    let moves = state
        .legal_moves(10_000)
        .moves
        .into_iter()
        .map(|mv| {
            let footprint = entry.footprint(state, &mv).unwrap_or_default();
            (mv, footprint)
        })
        .collect();
    Some(BoardView {
        board,
        to_move: owner(state, state.side_to_move()),
        moves,
        played,
    })
}
