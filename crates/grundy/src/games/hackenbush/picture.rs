//! Hackenbush as an SVG picture: the ground, and the edges coloured blue, red and green.
//!
//! Layout: each node stands at the height of its distance (in edges) from the ground. The
//! shortest-path tree from the ground decides the columns: its leaves take columns from left
//! to right in the order the edges are written, and a node stands over the middle of its
//! children. An edge to the ground meets the ground under its upper end. Parallel edges bow
//! apart and a loop is a small circle, so every edge can be seen.

use std::collections::VecDeque;
use std::fmt::Write as _;

use super::{Colour, Hackenbush};
use crate::drawing::EdgeShape;
use crate::drawing::svg::{
    document, EITHER_COLOUR, LEFT_COLOUR, MARGIN, RIGHT_COLOUR,
};

/// Pixels between columns and between levels.
const STEP: f64 = 48.0;

impl Colour {
    fn svg_colour(self) -> &'static str {
        match self {
            Colour::Blue => LEFT_COLOUR,
            Colour::Red => RIGHT_COLOUR,
            Colour::Green => EITHER_COLOUR,
        }
    }

    fn class(self) -> &'static str {
        match self {
            Colour::Blue => "edge blue",
            Colour::Red => "edge red",
            Colour::Green => "edge green",
        }
    }
}

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

/// The number of edge `index` (from 1, as moves name edges) at `(x, y)`.
fn label(body: &mut String, index: usize, x: f64, y: f64) {
    let _ = writeln!(
        body,
        "<text class=\"label\" x=\"{x}\" y=\"{}\" font-size=\"11\" fill=\"#555\">{}</text>",
        y + 4.0,
        index + 1
    );
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
    /// The layout of the picture, for [`Hackenbush::svg`] and the board of the web page.
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

    /// The picture as an SVG document: a ground line, each edge a thick line in its colour
    /// (Blue for Left, Red for Right, Green for either) labelled with its number (as moves
    /// name it), each node a dot.
    pub fn svg(&self) -> String {
        let title = format!("Hackenbush {self}");
        let drawing = self.drawing();
        let (width, ground_y) = (drawing.width, drawing.ground);
        let mut body = String::new();
        let _ = writeln!(
            body,
            "<line class=\"ground\" x1=\"0\" y1=\"{ground_y}\" x2=\"{width}\" y2=\"{ground_y}\" \
             stroke=\"#6b4f2a\" stroke-width=\"4\"/>"
        );
        for (i, (shape, (lx, ly), colour)) in drawing.edges.iter().enumerate() {
            let (class, stroke) = (colour.class(), colour.svg_colour());
            match *shape {
                EdgeShape::Loop { cx, cy, r } => {
                    let _ = writeln!(
                        body,
                        "<circle class=\"{class}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"none\" \
                         stroke=\"{stroke}\" stroke-width=\"5\"/>"
                    );
                }
                EdgeShape::Curve {
                    x1,
                    y1,
                    cx,
                    cy,
                    x2,
                    y2,
                } => {
                    let _ = writeln!(
                        body,
                        "<path class=\"{class}\" d=\"M {x1} {y1} Q {cx} {cy} {x2} {y2}\" fill=\"none\" \
                         stroke=\"{stroke}\" stroke-width=\"5\" stroke-linecap=\"round\"/>"
                    );
                }
            }
            label(&mut body, i, *lx, *ly);
        }
        for (x, y) in &drawing.nodes {
            let _ = writeln!(
                body,
                "<circle class=\"node\" cx=\"{x}\" cy=\"{y}\" r=\"4\" fill=\"#202020\"/>"
            );
        }
        document(drawing.width, drawing.height, &title, &body)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn count(svg: &str, class: &str) -> usize {
        let doc = roxmltree::Document::parse(svg).unwrap();
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .count()
    }

    #[test]
    fn stalks_draw_one_coloured_edge_each_on_one_ground() {
        let picture: Hackenbush = "BBR+GG".parse().unwrap();
        let svg = picture.svg();
        assert_eq!(count(&svg, "ground"), 1);
        assert_eq!(count(&svg, "edge blue"), 2);
        assert_eq!(count(&svg, "edge red"), 1);
        assert_eq!(count(&svg, "edge green"), 2);
        assert_eq!(count(&svg, "node"), 5);
        assert_eq!(count(&svg, "label"), 5);
    }

    #[test]
    fn graphs_with_cycles_parallel_edges_and_loops_draw_every_edge() {
        let picture: Hackenbush = "0-1:B,1-2:R,0-2:G,1-2:B,2-2:R,0-0:G".parse().unwrap();
        let svg = picture.svg();
        assert_eq!(count(&svg, "edge blue"), 2);
        assert_eq!(count(&svg, "edge red"), 2);
        assert_eq!(count(&svg, "edge green"), 2);
        let empty: Hackenbush = "0".parse().unwrap();
        assert_eq!(count(&empty.svg(), "ground"), 1);
    }
}
