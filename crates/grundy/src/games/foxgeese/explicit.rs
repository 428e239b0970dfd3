//! The explicit graph of every position reachable from a start, and its value as one loopy
//! game: the plain way, which compares every pair of positions at once (so only small boards
//! fit), kept as the twin that the layered valuation ([`super::layers`]) is checked against.

use std::collections::HashMap;

use super::FoxGeese;
use crate::cgt::loopy::{Budget, Graph, LoopyEngine, LoopyError, LoopyValue};

/// Bytes counted for each position found: its entry in the table of ids and in the list.
const BYTES_PER_POSITION: usize = 96;

/// The positions reachable from a start and the moves between them. Every escaped position
/// (worth `off`) is one vertex, `off`, with Right's pass.
#[derive(Debug, Clone)]
pub struct ExplicitGraph {
    /// Left's and Right's moves; the start is vertex 0.
    pub graph: Graph,
    /// The position of each vertex, `None` for the vertex `off`.
    pub positions: Vec<Option<FoxGeese>>,
}

/// Lists every position reachable from `start` (the fox's escapes fused into one vertex
/// `off`), within `budget`.
pub fn explicit_graph(start: &FoxGeese, budget: &Budget) -> Result<ExplicitGraph, LoopyError> {
    let mut graph = Graph::new();
    let mut positions: Vec<Option<FoxGeese>> = Vec::new();
    let mut ids: HashMap<FoxGeese, u32> = HashMap::new();
    let mut held = budget.reserve("the graph of Fox and Geese", 0)?;
    let mut off = None;
    let mut id_of = |position: FoxGeese,
                     graph: &mut Graph,
                     positions: &mut Vec<Option<FoxGeese>>,
                     held: &mut crate::cgt::loopy::budget::Reservation<'_>|
     -> Result<u32, LoopyError> {
        if position.is_escaped() {
            if let Some(v) = off {
                return Ok(v);
            }
            let v = graph.add_vertex();
            graph.add_right(v, v);
            positions.push(None);
            off = Some(v);
            return Ok(v);
        }
        if let Some(&v) = ids.get(&position) {
            return Ok(v);
        }
        held.grow(BYTES_PER_POSITION)?;
        let v = graph.add_vertex();
        positions.push(Some(position));
        ids.insert(position, v);
        Ok(v)
    };
    id_of(*start, &mut graph, &mut positions, &mut held)?;
    let mut next = 0;
    while next < positions.len() {
        budget.tick(1)?;
        let v = next as u32;
        next += 1;
        let Some(position) = positions[v as usize] else {
            continue;
        };
        for option in position.left_options() {
            let w = id_of(option, &mut graph, &mut positions, &mut held)?;
            graph.add_left(v, w);
        }
        for option in position.right_options() {
            let w = id_of(option, &mut graph, &mut positions, &mut held)?;
            graph.add_right(v, w);
        }
    }
    Ok(ExplicitGraph { graph, positions })
}

/// The value of `start` from its whole explicit graph at once.
pub fn value_of_explicit_graph(
    start: &FoxGeese,
    engine: &mut LoopyEngine<'_>,
) -> Result<LoopyValue, LoopyError> {
    let explicit = explicit_graph(start, engine.budget())?;
    engine.value_of_graph(&explicit.graph, 0)
}
