//! Hackenbush laid out for its board: the ground, and the edges coloured blue, red and green.
//!
//! Layout: each node stands at the height of its distance (in edges) from the ground. The
//! shortest-path tree from the ground decides the columns: its leaves take columns from left
//! to right in the order the edges are written, and a node stands over the middle of its
//! children. An edge to the ground meets the ground under its upper end. Parallel edges bow
//! apart and a loop is a small circle, so every edge can be seen.

use std::collections::VecDeque;

use super::{Colour, Hackenbush};
use crate::drawing::EdgeShape;
use crate::drawing::svg::MARGIN;

/// Pixels between columns and between levels.
const STEP: f64 = 48.0;

/// Where each node stands: `(column, level)`, the ground at level 0.
fn layout(picture: &Hackenbush) -> Vec<(f64, usize)> {
    let edges = picture.edges();
    let nodes = edges
        .iter()
        .map(|e| super::slot(e.b) + 1)
        .max()
        .unwrap_or(1);
    // Breadth-first from the ground, neighbours in the order the edges are written.
    let mut neighbours = vec![Vec::new(); nodes];
    for e in edges {
        if e.a != e.b {
            neighbours[super::slot(e.a)].push(super::slot(e.b));
            neighbours[super::slot(e.b)].push(super::slot(e.a));
        }
    }
    let mut level = vec![usize::MAX; nodes];
    let mut children = vec![Vec::new(); nodes];
    level[0] = 0;
    let mut queue = VecDeque::from([0usize]);
    while let Some(node) = queue.pop_front() {
        for &next in &neighbours[node] {
            if level[next] == usize::MAX {
                level[next] = level[node] + 1;
                children[node].push(next);
                queue.push_back(next);
            }
        }
    }
    let mut column = vec![0.0; nodes];
    let mut next_column = 0.0;
    place(0, &children, &mut column, &mut next_column);
    (0..nodes)
        .map(|n| (column[n], if level[n] == usize::MAX { 0 } else { level[n] }))
        .collect()
}

/// Columns for the subtree of `node`: leaves in turn, parents over their children's middle.
fn place(node: usize, children: &[Vec<usize>], column: &mut [f64], next: &mut f64) {
    if children[node].is_empty() {
        column[node] = *next;
        *next += 1.0;
        return;
    }
    for &child in &children[node] {
        place(child, children, column, next);
    }
    let first = column[children[node][0]];
    let last = column[children[node][children[node].len() - 1]];
    column[node] = (first + last) / 2.0;
}

/// The picture laid out: the box, the ground line's height, the nodes above the ground
/// that edges reach, and each edge's shape, label point and colour, in the order of the
/// edges (the order moves number them).
pub(super) struct Drawing {
    pub width: f64,
    pub height: f64,
    pub ground: f64,
    pub nodes: Vec<(f64, f64)>,
    pub edges: Vec<(EdgeShape, (f64, f64), Colour)>,
}

impl Hackenbush {
    /// The layout of the picture, for its board ([`crate::partizan::PartizanGame::board`]).
    pub(super) fn drawing(&self) -> Drawing {
        let places = layout(self);
        let columns = places
            .iter()
            .skip(1)
            .map(|p| p.0)
            .fold(0.0f64, f64::max)
            + 1.0;
        let levels = places.iter().map(|p| p.1).max().unwrap_or(0);
        let width = 2.0 * MARGIN + columns * STEP;
        let height = 2.0 * MARGIN + (levels as f64 + 0.5) * STEP;
        let ground_y = height - MARGIN;
        let x_of = |column: f64| MARGIN + (column + 0.5) * STEP;
        let y_of = |level: usize| ground_y - level as f64 * STEP;
        // Where an edge meets a node: the ground is met under the other end.
        let point = |node: usize, other: usize| {
            if node == 0 {
                (x_of(places[other].0), ground_y)
            } else {
                (x_of(places[node].0), y_of(places[node].1))
            }
        };
        let edges = self.edges();
        let mut drawn = Vec::with_capacity(edges.len());
        for (i, edge) in edges.iter().enumerate() {
            let (a, b) = (super::slot(edge.a), super::slot(edge.b));
            if a == b {
                // A loop: a circle beside its node (standing on the ground at its own
                // column for a loop at the ground).
                let r = STEP / 4.0;
                let (cx, cy) = if a == 0 {
                    (x_of(columns - 0.5), ground_y - r)
                } else {
                    let (x, y) = point(a, a);
                    (x + r, y)
                };
                drawn.push((EdgeShape::Loop { cx, cy, r }, (cx + r + 4.0, cy), edge.colour));
                continue;
            }
            let (x1, y1) = point(a, b);
            let (x2, y2) = point(b, a);
            // Parallel edges between the same nodes bow apart symmetrically.
            let twins: Vec<usize> = edges
                .iter()
                .enumerate()
                .filter(|(_, e)| e.a == edge.a && e.b == edge.b)
                .map(|(j, _)| j)
                .collect();
            let rank = twins.iter().position(|&j| j == i).unwrap_or(0) as f64;
            let bow = (rank - (twins.len() as f64 - 1.0) / 2.0) * STEP * 0.4;
            let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
            let (dx, dy) = (x2 - x1, y2 - y1);
            let length = (dx * dx + dy * dy).sqrt().max(1.0);
            let (cx, cy) = (mx - dy / length * bow, my + dx / length * bow);
            // The label sits beside the middle of the curve (a quadratic's middle is halfway
            // between the chord's middle and the control point), pushed off the curve on
            // its bowed side (to the right of an upright edge).
            let side = if bow < 0.0 { -1.0 } else { 1.0 };
            let (nx, ny) = (-dy / length * side, dx / length * side);
            let label = (
                (mx + cx) / 2.0 + nx * 9.0 - 3.0,
                (my + cy) / 2.0 + ny * 9.0,
            );
            drawn.push((
                EdgeShape::Curve {
                    x1,
                    y1,
                    cx,
                    cy,
                    x2,
                    y2,
                },
                label,
                edge.colour,
            ));
        }
        let nodes = (1..places.len())
            .filter(|&node| edges.iter().any(|e| super::slot(e.b) == node))
            .map(|node| point(node, node))
            .collect();
        Drawing {
            width,
            height,
            ground: ground_y,
            nodes,
            edges: drawn,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::partizan::PartizanGame;

    /// The picture of `text` drawn from its board.
    fn svg(text: &str) -> String {
        let picture: Hackenbush = text.parse().unwrap();
        crate::drawing::svg::picture(&picture.board().unwrap(), text)
    }

    fn count(svg: &str, class: &str) -> usize {
        let doc = roxmltree::Document::parse(svg).unwrap();
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .count()
    }

    #[test]
    fn stalks_draw_one_coloured_edge_each_on_one_ground() {
        let svg = svg("BBR+GG");
        assert_eq!(count(&svg, "ground"), 1);
        assert_eq!(count(&svg, "edge blue"), 2);
        assert_eq!(count(&svg, "edge red"), 1);
        assert_eq!(count(&svg, "edge green"), 2);
        assert_eq!(count(&svg, "node"), 5);
        assert_eq!(count(&svg, "label"), 5);
    }

    #[test]
    fn graphs_with_cycles_parallel_edges_and_loops_draw_every_edge() {
        let graph = svg("0-1:B,1-2:R,0-2:G,1-2:B,2-2:R,0-0:G");
        assert_eq!(count(&graph, "edge blue"), 2);
        assert_eq!(count(&graph, "edge red"), 2);
        assert_eq!(count(&graph, "edge green"), 2);
        assert_eq!(count(&svg("0"), "ground"), 1);
    }
}
