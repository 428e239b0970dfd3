//! Boards for front ends to draw: a structured description of a position ([`Board`]) and
//! of the places each move touches (its *footprint*), so that one drawing of each kind
//! (a grid of cells, a strip, a graph) serves every game of that kind and lets a person
//! play by clicking on it.
//!
//! A game gives the board of a position
//! ([`GameEntry::board`](crate::game::GameEntry::board)) and the footprint of a move from a
//! position ([`GameEntry::footprint`](crate::game::GameEntry::footprint));
//! [`describe`](crate::game::describe) puts together what a page needs of a game in
//! progress.
//!
//! The board is the one description of a position's picture: the page draws it, [`svg`]
//! turns it into an SVG document (for notebooks) and [`text`] into the picture a person
//! sees at a terminal. Nothing here is serialised: a front end turns it into its own
//! format (the web page's JSON, say), so the library needs no serialisation of its own.

pub mod svg;
pub mod text;

use crate::grid::cell::Cell;

/// The colour a player's pieces are drawn in: Left's blue, Right's red (the first player of
/// a game that names no Left is drawn as Left), and a piece either player may take green.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Owner {
    /// Left's (blue).
    Left,
    /// Right's (red).
    Right,
    /// Either player's (green).
    Either,
}

impl Owner {
    /// `left`, `right` or `either`.
    pub fn word(self) -> &'static str {
        match self {
            Owner::Left => "left",
            Owner::Right => "right",
            Owner::Either => "either",
        }
    }
}

/// What a cell of a grid or a strip holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// An empty cell.
    Empty,
    /// A cell blocked in the start position: nobody ever uses it (drawn dark).
    Hole,
    /// A cell filled by a move of the line (a placed domino's cell): [`describe`](crate::game::describe) tells it
    /// from a hole, and the move that filled it is among the moves played.
    Filled,
    /// A round stone of a player (Clobber, Konane, Amazons).
    Stone(Owner),
    /// A piece of a player with a letter on it (Toads `T`, Frogs `F`).
    Piece(Owner, char),
    /// A domino standing on its end, of a player, with a letter on it (Toppling Dominoes'
    /// `L`, `R`, `G`): drawn as an upright tile, not a round piece.
    Domino(Owner, char),
    /// An empty cell or vertex that only this player may use (Snort's and Col's tints).
    Tinted(Owner),
}

impl Mark {
    /// The mark in a word or two for a front end: `empty`, `hole`, `filled`, `stone left`,
    /// `piece right F`.
    pub fn code(self) -> String {
        match self {
            Mark::Empty => "empty".into(),
            Mark::Hole => "hole".into(),
            Mark::Filled => "filled".into(),
            Mark::Stone(owner) => format!("stone {}", owner.word()),
            Mark::Piece(owner, letter) => format!("piece {} {letter}", owner.word()),
            Mark::Domino(owner, letter) => format!("domino {} {letter}", owner.word()),
            Mark::Tinted(owner) => format!("tinted {}", owner.word()),
        }
    }
}

/// How a grid names its cells, as the game's moves do.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Naming {
    /// Columns `a`, `b`, … from the left and rows `1`, `2`, … from the top (`b2`).
    LettersAndRows,
    /// Columns `a`, `b`, … from the left and rows `1`, `2`, … from the bottom, as on a
    /// chessboard (Fox and Geese: `b4-a3`).
    LettersAndRowsUp,
    /// Cells `1`, `2`, … from the left (a strip).
    Numbers,
    /// Cells `x,y` counted from 0, rows from the top and columns from the first column of
    /// the block the cell is in: the grid holds blocks side by side (Wythoff's queens, each
    /// on its own board), each `(first column, width)`; a column in no block has no name.
    Coordinates {
        /// Each block's first column and width, from the left.
        blocks: Vec<(usize, usize)>,
    },
}

/// How an edge of a graph is drawn, in the board's coordinates (y grows downwards).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum EdgeShape {
    /// A quadratic curve from `(x1, y1)` to `(x2, y2)` bowed towards `(cx, cy)` (straight
    /// when the control point is the middle).
    Curve {
        /// Start.
        x1: f64,
        /// Start.
        y1: f64,
        /// Control point.
        cx: f64,
        /// Control point.
        cy: f64,
        /// End.
        x2: f64,
        /// End.
        y2: f64,
    },
    /// A loop: a circle of centre `(cx, cy)` and radius `r`.
    Loop {
        /// Centre.
        cx: f64,
        /// Centre.
        cy: f64,
        /// Radius.
        r: f64,
    },
}

impl EdgeShape {
    /// The SVG path data of a curve, `M x1 y1 Q cx cy x2 y2`, each coordinate written by
    /// `write` (a front end may round them); `None` for a loop, which is drawn as a circle.
    pub fn path_data<T: std::fmt::Display>(&self, write: impl Fn(f64) -> T) -> Option<String> {
        match *self {
            EdgeShape::Curve {
                x1,
                y1,
                cx,
                cy,
                x2,
                y2,
            } => Some(format!(
                "M {} {} Q {} {} {} {}",
                write(x1),
                write(y1),
                write(cx),
                write(cy),
                write(x2),
                write(y2)
            )),
            EdgeShape::Loop { .. } => None,
        }
    }

    /// Whether the edge ends at `node` (or, a loop, passes through it).
    pub fn touches(&self, (x, y): (f64, f64)) -> bool {
        let near = |a: f64, b: f64| (a - x).abs() < 1e-6 && (b - y).abs() < 1e-6;
        match *self {
            EdgeShape::Curve { x1, y1, x2, y2, .. } => near(x1, y1) || near(x2, y2),
            EdgeShape::Loop { cx, cy, r } => ((cx - x).hypot(cy - y) - r).abs() < 1e-6,
        }
    }
}

/// One edge of a graph board.
#[derive(Debug, Clone, PartialEq)]
pub struct GraphEdge {
    /// Whose edge it is.
    pub owner: Owner,
    /// Its drawing.
    pub shape: EdgeShape,
    /// Where its label goes.
    pub label: (f64, f64),
    /// The move that takes it (Hackenbush's edge number in the position now).
    pub mv: String,
    /// Its name, which is its label: the move that took it in the start position of the
    /// game ([`describe`](crate::game::describe) keeps it through the line; a game's own
    /// board gives [`GraphEdge::mv`]).
    pub name: String,
}

/// One vertex of a vertex board ([`Layout::Vertices`]).
#[derive(Debug, Clone, PartialEq)]
pub struct GraphVertex {
    /// Where it is drawn.
    pub x: f64,
    /// Where it is drawn (y grows downwards).
    pub y: f64,
    /// Its name, as moves name it.
    pub name: String,
    /// What it holds: empty, a player's colour ([`Mark::Stone`]), a tint ([`Mark::Tinted`]).
    pub mark: Mark,
}

/// The layout of a board.
#[derive(Debug, Clone, PartialEq)]
pub enum Layout {
    /// A grid of `width × height` cells, row by row from the top (Domineering, Clobber;
    /// Cram, Snort, Col, Konane, Amazons).
    Cells {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// The cells, `width` a row, the top row first.
        cells: Vec<Mark>,
        /// How moves name the cells.
        naming: Naming,
    },
    /// A row of cells numbered from 1 at the left, as moves name them (Toads and Frogs;
    /// Toppling Dominoes).
    Strip {
        /// The cells from the left.
        cells: Vec<Mark>,
    },
    /// A graph standing on the ground (Hackenbush), laid out by the game: nodes and edges in
    /// a `width × height` box whose ground is the line `y = ground`.
    Graph {
        /// The box's width.
        width: f64,
        /// The box's height.
        height: f64,
        /// The height of the ground line.
        ground: f64,
        /// The nodes above the ground.
        nodes: Vec<(f64, f64)>,
        /// The edges, in the order moves number them.
        edges: Vec<GraphEdge>,
        /// The edges the last move of the line took (the edge cut and those that fell with
        /// it), where they stood, for a page to mark the last move: filled in by
        /// [`describe`](crate::game::describe); a game's own board gives none.
        taken: Vec<GraphEdge>,
    },
    /// A graph without a ground whose moves take vertices (Node Kayles, Snort, Col) or edges
    /// (Arc Kayles), laid out by [`lay_out`]. A footprint indexes the vertices, then the
    /// edges after them: edge `i` is index `vertices.len() + i`.
    Vertices {
        /// The box's width.
        width: f64,
        /// The box's height.
        height: f64,
        /// The vertices.
        vertices: Vec<GraphVertex>,
        /// The edges, as pairs of indices into `vertices`.
        edges: Vec<(usize, usize)>,
    },
}

/// The space between neighbouring vertices of a laid-out graph.
const STEP: f64 = 48.0;

/// Lays out `graph` in a box for a vertex board: a grid graph (the notation `WxH`) as its
/// grid; else each component side by side from the left, a path along a row, any other
/// component in layers by `layered`. Returns the box's width and height
/// and the place of each vertex, by index.
pub fn lay_out(graph: &crate::graph::Graph) -> (f64, f64, Vec<(f64, f64)>) {
    let margin = STEP / 2.0;
    if let Some(width) = grid_width(graph) {
        // A grid graph (the notation `WxH`) laid out as its grid, row by row.
        let height = graph.len() / width;
        let places = (0..graph.len())
            .map(|index| {
                let name = graph.name(index) as usize;
                let (column, row) = (name % width, name / width);
                (margin + column as f64 * STEP, margin + row as f64 * STEP)
            })
            .collect();
        return (width as f64 * STEP, height as f64 * STEP, places);
    }
    let mut places = vec![(0.0, 0.0); graph.len()];
    let mut left = margin;
    let mut height: f64 = STEP;
    // Paths first, one per row, the rest side by side under them.
    let sets = graph.component_sets();
    let mut top = margin;
    let mut widest: f64 = 0.0;
    let mut others = Vec::new();
    for set in sets {
        let part = graph.induced(set);
        let indices: Vec<usize> = (0..graph.len())
            .filter(|&i| set & (1u64 << i) != 0)
            .collect();
        match part.path_order() {
            Some(order) if part.len() > 1 => {
                for (step, &local) in order.iter().enumerate() {
                    places[indices[local]] = (margin + step as f64 * STEP, top);
                }
                widest = widest.max(order.len() as f64 * STEP);
                top += STEP;
            }
            _ => others.push(indices),
        }
    }
    let layers_top = top;
    for indices in others {
        if indices.len() == 1 {
            places[indices[0]] = (left, layers_top);
            left += STEP;
            height = height.max(layers_top + margin);
            continue;
        }
        // A component that is neither a point nor a path: in layers, by a layered layout.
        let local = layered(&graph.induced(indices.iter().map(|&i| 1u64 << i).sum()));
        let (mut right, mut bottom): (f64, f64) = (0.0, 0.0);
        for (&index, &(x, y)) in indices.iter().zip(&local) {
            places[index] = (left + x, layers_top + y);
            right = right.max(x);
            bottom = bottom.max(y);
        }
        left += right + STEP;
        height = height.max(layers_top + bottom + margin);
    }
    let width = widest.max(left - margin).max(STEP) + margin;
    let height = height.max(top - margin + margin).max(STEP);
    (width, height, places)
}

/// The places of the vertices of a connected `graph` (by index, from `(0, 0)`, `STEP`
/// apart) by a layered (Sugiyama) layout: the layers are the distances from vertex 0 (each
/// edge runs from the vertex nearer it to the farther one, or from the lower index to the
/// higher within a layer), and the layout orders each layer to cross as few edges as it
/// can. The same graph always gets the same places.
fn layered(graph: &crate::graph::Graph) -> Vec<(f64, f64)> {
    let n = graph.len();
    let mut depth = vec![usize::MAX; n];
    let mut queue = std::collections::VecDeque::from([0]);
    depth[0] = 0;
    while let Some(vertex) = queue.pop_front() {
        for next in (0..n).filter(|&next| graph.has_edge(vertex, next)) {
            if depth[next] == usize::MAX {
                depth[next] = depth[vertex] + 1;
                queue.push_back(next);
            }
        }
    }
    let as_u32 = |index: usize| u32::try_from(index).unwrap_or(u32::MAX);
    let vertices: Vec<(u32, (f64, f64))> = (0..n).map(|i| (as_u32(i), (1.0, 1.0))).collect();
    let edges: Vec<(u32, u32)> = graph
        .edges()
        .into_iter()
        .map(|(a, b)| {
            if (depth[a], a) <= (depth[b], b) {
                (as_u32(a), as_u32(b))
            } else {
                (as_u32(b), as_u32(a))
            }
        })
        .collect();
    // Each way the library orders the layers, drawn with straight edges (it would bend a
    // long edge round the others): the one that crosses the fewest edges, the first of equals.
    let mut best: Option<(usize, Vec<(f64, f64)>)> = None;
    for ordering in [
        rust_sugiyama::configure::CrossingMinimization::Barycenter,
        rust_sugiyama::configure::CrossingMinimization::Median,
    ] {
        let config = rust_sugiyama::configure::Config {
            c_minimization: ordering,
            ..rust_sugiyama::configure::Config::default()
        };
        let places = in_layers(n, &vertices, &edges, &config);
        let crossed = crossings(&places, &graph.edges());
        if !matches!(&best, Some((fewest, _)) if *fewest <= crossed) {
            best = Some((crossed, places));
        }
    }
    best.map(|(_, places)| places).unwrap_or_default()
}

/// The places of `n` vertices laid out in layers by the library with `config`, `STEP` apart.
fn in_layers(
    n: usize,
    vertices: &[(u32, (f64, f64))],
    edges: &[(u32, u32)],
    config: &rust_sugiyama::configure::Config,
) -> Vec<(f64, f64)> {
    // The layout's unit: its vertex spacing plus the vertex's size.
    let unit = config.vertex_spacing + 1.0;
    let mut places = vec![(0.0, 0.0); n];
    let mut shift = 0.0;
    for (part, _, _) in rust_sugiyama::from_vertices_and_edges(vertices, edges, config) {
        let mut right: f64 = 0.0;
        for (index, (x, y)) in part {
            if let Some(place) = places.get_mut(index) {
                *place = (shift + x / unit * STEP, y / unit * STEP);
                right = right.max(x / unit * STEP);
            }
        }
        shift += right + STEP;
    }
    places
}

/// How many pairs of edges without a common end cross when drawn straight between `places`.
fn crossings(places: &[(f64, f64)], edges: &[(usize, usize)]) -> usize {
    let turn = |p: (f64, f64), q: (f64, f64), r: (f64, f64)| {
        (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0)
    };
    let mut count = 0;
    for (i, &(a, b)) in edges.iter().enumerate() {
        for &(c, d) in &edges[..i] {
            if [a, b].iter().any(|end| [c, d].contains(end)) {
                continue;
            }
            let (pa, pb, pc, pd) = (places[a], places[b], places[c], places[d]);
            if turn(pa, pb, pc) * turn(pa, pb, pd) < 0.0
                && turn(pc, pd, pa) * turn(pc, pd, pb) < 0.0
            {
                count += 1;
            }
        }
    }
    count
}

/// The width of the grid `graph` is, when it is exactly the graph of a `W × H` grid of at
/// least two rows and two columns as [`Graph::grid`](crate::graph::Graph::grid) makes it
/// (vertices named row by row from 0, tags aside), the graph of the notation `WxH`.
pub fn grid_width(graph: &crate::graph::Graph) -> Option<usize> {
    let cells = graph.len();
    (2..=cells / 2)
        .filter(|width| cells % width == 0 && cells / width >= 2)
        .find(|&width| {
            crate::graph::Graph::grid(width, cells / width)
                .is_some_and(|grid| grid.names() == graph.names() && grid.edges() == graph.edges())
        })
}

/// The vertex board of `graph`: its layout with each vertex's name and the mark `mark`
/// gives it (by index).
pub fn vertex_layout(graph: &crate::graph::Graph, mark: impl Fn(usize) -> Mark) -> Layout {
    let (width, height, places) = lay_out(graph);
    Layout::Vertices {
        width,
        height,
        vertices: places
            .into_iter()
            .enumerate()
            .map(|(index, (x, y))| GraphVertex {
                x,
                y,
                name: graph.name(index).to_string(),
                mark: mark(index),
            })
            .collect(),
        edges: graph.edges(),
    }
}

/// The board of a grid of `width × height` cells named as moves name them (`b2`), each cell
/// marked by `mark`, with Left's and Right's pieces described by `pieces`.
pub fn grid_board(
    width: usize,
    height: usize,
    pieces: [&'static str; 2],
    mark: impl Fn(Cell) -> Mark,
) -> Board {
    let cells = (0..height)
        .flat_map(|row| (0..width).map(move |column| Cell::new(column, row)))
        .map(mark)
        .collect();
    Board {
        layout: Layout::Cells {
            width,
            height,
            cells,
            naming: Naming::LettersAndRows,
        },
        pieces,
    }
}

/// The board of a position: its layout and what each player's pieces are, in words.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    /// The cells or the graph.
    pub layout: Layout,
    /// Left's pieces and Right's (or the first player's and the second's), in a few words
    /// for a caption: `vertical dominoes`, `Toads, moving right`.
    pub pieces: [&'static str; 2],
}

/// Where a move lies on the board: the indices of the cells it touches (a grid's cells row
/// by row from the top left, a strip's from the left), or of the edge it takes (a graph),
/// in the order the move names them (a piece's cell before the cell it goes to).
pub type Footprint = Vec<usize>;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn marks_have_codes_and_owners_words() {
        assert_eq!(Mark::Hole.code(), "hole");
        assert_eq!(Mark::Filled.code(), "filled");
        assert_eq!(Mark::Stone(Owner::Left).code(), "stone left");
        assert_eq!(Mark::Piece(Owner::Right, 'F').code(), "piece right F");
        assert_eq!(Mark::Domino(Owner::Either, 'G').code(), "domino either G");
        assert_eq!(Owner::Either.word(), "either");
        assert_eq!(Mark::Tinted(Owner::Left).code(), "tinted left");
    }

    /// The places the layout gave before: every vertex on a circle, by index.
    fn on_a_circle(n: usize) -> Vec<(f64, f64)> {
        (0..n)
            .map(|k| {
                let angle = 2.0 * std::f64::consts::PI * k as f64 / n as f64;
                (angle.cos(), angle.sin())
            })
            .collect()
    }

    #[test]
    fn planar_graphs_that_a_circle_crossed_are_laid_out_without_crossings() {
        // A cycle with a chord and a tree whose vertices' order around a circle crosses
        // their edges, a 4-cycle named out of its order, and the cube (planar, but not
        // drawn without crossings in layers here: the layout crosses fewer than the circle).
        for (text, circle_crossings, now) in [
            ("0-3,3-1,1-4,4-2,2-5,5-0,0-1", 6, 0),
            ("0-1,0-2,0-3,1-4,2-5", 4, 0),
            ("0-2,2-1,1-3,3-0", 1, 0),
        ] {
            let graph = crate::graph::Graph::parse(text, "").unwrap();
            let edges = graph.edges();
            assert_eq!(
                crossings(&on_a_circle(graph.len()), &edges),
                circle_crossings,
                "{text}"
            );
            let (_, _, places) = lay_out(&graph);
            assert_eq!(crossings(&places, &edges), now, "{text}: {places:?}");
        }
        let cube = "0-1,1-2,2-3,3-0,4-5,5-6,6-7,7-4,0-4,1-5,2-6,3-7";
        let graph = crate::graph::Graph::parse(cube, "").unwrap();
        let (_, _, places) = lay_out(&graph);
        assert!(crossings(&places, &graph.edges()) < crossings(&on_a_circle(8), &graph.edges()));
    }

    #[test]
    fn the_same_graph_is_always_laid_out_the_same() {
        let petersen = "0-1,1-2,2-3,3-4,4-0,0-5,1-6,2-7,3-8,4-9,5-7,7-9,9-6,6-8,8-5";
        let graph = crate::graph::Graph::parse(petersen, "").unwrap();
        let first = lay_out(&graph);
        // A complete graph and a dense graph of 64 vertices are laid out too, each vertex
        // in a place of its own.
        let complete: Vec<String> = (0..7)
            .flat_map(|a| (a + 1..7).map(move |b| format!("{a}-{b}")))
            .collect();
        let mut dense = crate::graph::Graph::cycle(64).unwrap();
        for a in 0..64 {
            let b = (a * 7 + 3) % 64;
            if a != b && !dense.has_edge(a, b) {
                dense.add_edge(a, b);
            }
        }
        for graph in [
            crate::graph::Graph::parse(&complete.join(","), "").unwrap(),
            dense,
        ] {
            let (_, _, places) = lay_out(&graph);
            for (i, &(x, y)) in places.iter().enumerate() {
                assert!(places[..i]
                    .iter()
                    .all(|&(u, v)| (x - u).hypot(y - v) >= STEP / 2.0));
            }
        }
        for _ in 0..10 {
            assert_eq!(lay_out(&graph), first);
        }
        // Its ten vertices stand apart, and no vertex lies on an edge it is not an end of.
        let (_, _, places) = &first;
        for (i, &(x, y)) in places.iter().enumerate() {
            for &(u, v) in &places[..i] {
                assert!((x - u).hypot(y - v) >= STEP / 2.0);
            }
        }
    }

    #[test]
    fn graphs_are_laid_out_inside_their_box_without_overlaps() {
        for text in [
            "0",
            "0-1,1-2,2-3",
            "0-1,1-2,2-0,5-6,9",
            "0-1,0-2,0-3,7",
            "0-1,1-2,3-4,4-5,5-3",
            "0-1,1-2,2-3,3-4,4-5,5-6,6-0,0-3,9-10,10-11,11-9,12-13",
        ] {
            let graph = crate::graph::Graph::parse(text, "").unwrap();
            let (width, height, places) = lay_out(&graph);
            for (i, &(x, y)) in places.iter().enumerate() {
                assert!(
                    x > 0.0 && x < width && y > 0.0 && y < height,
                    "{text}: {x},{y} in {width}x{height}"
                );
                for &(u, v) in &places[..i] {
                    assert!(
                        (x - u).hypot(y - v) > STEP / 2.0,
                        "{text}: vertices overlap"
                    );
                }
            }
        }
        // A grid graph is its grid; a grid with an edge more or less is not.
        let grid = crate::graph::Graph::grid(3, 2).unwrap();
        assert_eq!(grid_width(&grid), Some(3));
        let (_, _, places) = lay_out(&grid);
        assert_eq!(places[4].0 - places[3].0, STEP);
        assert_eq!(places[3].1 - places[0].1, STEP);
        assert_eq!(
            grid_width(&crate::graph::Graph::parse("0-1,1-2,3-4,4-5,0-3,1-4", "").unwrap()),
            None
        );
        assert_eq!(
            grid_width(&crate::graph::Graph::parse("0-1,1-2,2-3", "").unwrap()),
            None
        );
        let Layout::Vertices {
            vertices, edges, ..
        } = vertex_layout(&crate::graph::Graph::parse("4-7", "").unwrap(), |_| {
            Mark::Empty
        })
        else {
            panic!("not a vertex layout");
        };
        assert_eq!(vertices[1].name, "7");
        assert_eq!(edges, [(0, 1)]);
    }
}
