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
/// component on a circle. Returns the box's width and height
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
    // Paths first, one per row, the rest in a row of circles under them.
    let sets = graph.component_sets();
    let mut top = margin;
    let mut widest: f64 = 0.0;
    let mut circles = Vec::new();
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
            _ => circles.push(indices),
        }
    }
    let circle_top = top;
    for indices in circles {
        let n = indices.len();
        if n == 1 {
            places[indices[0]] = (left, circle_top);
            left += STEP;
            height = height.max(circle_top + margin);
            continue;
        }
        // A circle on which neighbours stand `STEP` apart.
        let radius = (STEP / (2.0 * (std::f64::consts::PI / n as f64).sin())).max(STEP / 2.0);
        let (cx, cy) = (left + radius, circle_top + radius);
        for (k, &index) in indices.iter().enumerate() {
            let angle =
                -std::f64::consts::FRAC_PI_2 + 2.0 * std::f64::consts::PI * k as f64 / n as f64;
            places[index] = (cx + radius * angle.cos(), cy + radius * angle.sin());
        }
        left += 2.0 * radius + STEP;
        height = height.max(circle_top + 2.0 * radius + margin);
    }
    let width = widest.max(left - margin).max(STEP) + margin;
    let height = height.max(top - margin + margin).max(STEP);
    (width, height, places)
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

    #[test]
    fn graphs_are_laid_out_inside_their_box_without_overlaps() {
        for text in [
            "0",
            "0-1,1-2,2-3",
            "0-1,1-2,2-0,5-6,9",
            "0-1,0-2,0-3,7",
            "0-1,1-2,3-4,4-5,5-3",
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
