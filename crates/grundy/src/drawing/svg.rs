//! SVG pictures of boards, for notebooks: [`picture`] draws any [`Board`], the same
//! description the page draws and the terminal picture comes from ([`super::text`]), so a
//! game that describes its board has its picture without drawing anything itself.
//!
//! Left is drawn in blue and Right in red, as Hackenbush colours its edges; a piece of
//! either player (a Green edge) is green.

use std::fmt::Write as _;

use super::{Board, EdgeShape, GraphEdge, Layout, Mark, Naming, Owner};
use crate::grid::cell::column_name;
use crate::player::Player;

/// The side of a square cell, in pixels.
pub const CELL: f64 = 40.0;

/// The margin around a board, room for the coordinates.
pub const MARGIN: f64 = 24.0;

/// Left's colour (blue).
pub const LEFT_COLOUR: &str = "#1f5fbf";

/// Right's colour (red).
pub const RIGHT_COLOUR: &str = "#c0392b";

/// The colour of a piece either player may take (green).
pub const EITHER_COLOUR: &str = "#2e8b3e";

/// The colour of a player's pieces.
pub fn side_colour(side: Player) -> &'static str {
    match side {
        Player::Left => LEFT_COLOUR,
        Player::Right => RIGHT_COLOUR,
    }
}

/// The owner of `side`'s pieces on a front end's board ([`crate::drawing`]).
pub fn owner(side: Player) -> Owner {
    match side {
        Player::Left => Owner::Left,
        Player::Right => Owner::Right,
    }
}

/// Text made safe inside an SVG element or attribute.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A whole SVG document of `width × height` pixels with a `<title>` and the given body.
pub fn document(width: f64, height: f64, title: &str, body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n\
         <title>{}</title>\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n{body}</svg>\n",
        escape(title)
    )
}

/// The colour of an owner's pieces.
pub fn owner_colour(owner: Owner) -> &'static str {
    match owner {
        Owner::Left => LEFT_COLOUR,
        Owner::Right => RIGHT_COLOUR,
        Owner::Either => EITHER_COLOUR,
    }
}

/// A pale tint of an owner's colour, for a cell or vertex only that player may use.
fn tint_colour(owner: Owner) -> &'static str {
    match owner {
        Owner::Left => "#c9d9f2",
        Owner::Right => "#f2cfcb",
        Owner::Either => "#cfe8d3",
    }
}

/// The colour of an empty cell.
const CELL_COLOUR: &str = "#f4efe4";

/// The colour of a hole or a filled cell.
const BLOCKED_COLOUR: &str = "#404040";

/// `board` as an SVG document titled `title` (the game and the position, say): a grid's or
/// a strip's cells with their coordinates as moves name them, stones and lettered pieces
/// in their owners' colours, dominoes as upright tiles; a graph on its ground with each
/// edge in its owner's colour and labelled with its name; a vertex board's vertices,
/// filled or tinted as their marks say, named, with the edges between them.
pub fn picture(board: &Board, title: &str) -> String {
    let mut body = String::new();
    let (width, height) = match &board.layout {
        Layout::Cells {
            width,
            height,
            cells,
            naming,
        } => cells_body(&mut body, *width, *height, cells, naming),
        Layout::Strip { cells } => cells_body(&mut body, cells.len(), 1, cells, &Naming::Numbers),
        Layout::Graph {
            width,
            height,
            ground,
            nodes,
            edges,
            ..
        } => {
            graph_body(&mut body, *width, *ground, nodes, edges);
            (*width, *height)
        }
        Layout::Vertices {
            width,
            height,
            vertices,
            edges,
        } => {
            for &(a, b) in edges {
                let (from, to) = (&vertices[a], &vertices[b]);
                let _ = writeln!(
                    body,
                    "<line class=\"link\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" \
                     stroke=\"#555\" stroke-width=\"3\"/>",
                    from.x, from.y, to.x, to.y
                );
            }
            for vertex in vertices {
                let (class, fill) = match vertex.mark {
                    Mark::Stone(owner) => (format!("vertex {}", owner.word()), owner_colour(owner)),
                    Mark::Tinted(owner) => (
                        format!("vertex tinted {}", owner.word()),
                        tint_colour(owner),
                    ),
                    _ => ("vertex".to_string(), "white"),
                };
                let _ = writeln!(
                    body,
                    "<circle class=\"{class}\" cx=\"{}\" cy=\"{}\" r=\"14\" fill=\"{fill}\" \
                     stroke=\"#202020\" stroke-width=\"2\"/>\n\
                     <text class=\"label\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" \
                     font-size=\"12\">{}</text>",
                    vertex.x,
                    vertex.y,
                    vertex.x,
                    vertex.y + 4.0,
                    escape(&vertex.name)
                );
            }
            (*width, *height)
        }
    };
    document(width, height, title, &body)
}

/// Draws a grid of `width × height` cells (row 0 at the top) into `body`, with the
/// coordinates `naming` gives; returns the document's size.
fn cells_body(
    body: &mut String,
    width: usize,
    height: usize,
    cells: &[Mark],
    naming: &Naming,
) -> (f64, f64) {
    for row in 0..height {
        for column in 0..width {
            let x = MARGIN + column as f64 * CELL;
            let y = MARGIN + row as f64 * CELL;
            let mark = cells[row * width + column];
            let (class, fill) = match mark {
                Mark::Hole => ("cell blocked".to_string(), BLOCKED_COLOUR),
                Mark::Filled => ("cell filled".to_string(), BLOCKED_COLOUR),
                Mark::Tinted(owner) => {
                    (format!("cell tinted {}", owner.word()), tint_colour(owner))
                }
                _ => ("cell".to_string(), CELL_COLOUR),
            };
            let _ = writeln!(
                body,
                "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" \
                 fill=\"{fill}\" stroke=\"#8a8172\"/>"
            );
            let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
            match mark {
                Mark::Stone(owner) => piece(body, "piece", owner, cx, cy, None),
                Mark::Piece(owner, letter) => piece(body, "piece", owner, cx, cy, Some(letter)),
                Mark::Domino(owner, letter) => {
                    let (w, h) = (CELL * 0.42, CELL * 0.86);
                    let _ = writeln!(
                        body,
                        "<rect class=\"domino {}\" x=\"{}\" y=\"{}\" width=\"{w}\" height=\"{h}\" \
                         rx=\"3\" fill=\"{}\" stroke=\"#202020\"/>",
                        owner.word(),
                        cx - w / 2.0,
                        cy - h / 2.0,
                        owner_colour(owner)
                    );
                    letter_on(body, cx, cy, letter);
                }
                Mark::Empty | Mark::Hole | Mark::Filled | Mark::Tinted(_) => {}
            }
        }
    }
    let below = MARGIN + height as f64 * CELL + 16.0;
    let column_x = |column: usize| MARGIN + (column as f64 + 0.5) * CELL;
    let row_y = |row: usize| MARGIN + (row as f64 + 0.5) * CELL + 5.0;
    match naming {
        Naming::LettersAndRows | Naming::LettersAndRowsUp => {
            for column in 0..width {
                coordinate_label(body, column_x(column), MARGIN - 8.0, column_name(column));
            }
            for row in 0..height {
                let number = match naming {
                    Naming::LettersAndRowsUp => height - row,
                    _ => row + 1,
                };
                coordinate_label(body, MARGIN / 2.0, row_y(row), number);
            }
        }
        Naming::Numbers => {
            for column in 0..width {
                coordinate_label(body, column_x(column), below, column + 1);
            }
        }
        Naming::Coordinates { blocks } => {
            for &(first, block_width) in blocks {
                for offset in 0..block_width {
                    coordinate_label(body, column_x(first + offset), below, offset);
                }
            }
            for row in 0..height {
                coordinate_label(body, MARGIN / 2.0, row_y(row), row);
            }
        }
    }
    (
        2.0 * MARGIN + width as f64 * CELL,
        2.0 * MARGIN + height as f64 * CELL,
    )
}

/// Draws a round piece of `owner` centred on `(cx, cy)`, with `letter` on it if any.
fn piece(body: &mut String, class: &str, owner: Owner, cx: f64, cy: f64, letter: Option<char>) {
    let r = CELL * 0.36;
    let _ = writeln!(
        body,
        "<circle class=\"{class} {}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{}\" \
         stroke=\"#202020\"/>",
        owner.word(),
        owner_colour(owner)
    );
    if let Some(letter) = letter {
        letter_on(body, cx, cy, letter);
    }
}

/// Writes a piece's letter, white, centred on `(cx, cy)`.
fn letter_on(body: &mut String, cx: f64, cy: f64, letter: char) {
    let _ = writeln!(
        body,
        "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-size=\"18\" font-weight=\"bold\" \
         fill=\"white\">{}</text>",
        cy + 6.0,
        escape(&letter.to_string())
    );
}

/// Draws a graph standing on its ground into `body`: the ground line, each edge in its
/// owner's colour (classed `edge blue`, `edge red` or `edge green`, as Hackenbush names
/// them) labelled with its name, each node a dot.
fn graph_body(
    body: &mut String,
    width: f64,
    ground: f64,
    nodes: &[(f64, f64)],
    edges: &[GraphEdge],
) {
    let _ = writeln!(
        body,
        "<line class=\"ground\" x1=\"0\" y1=\"{ground}\" x2=\"{width}\" y2=\"{ground}\" \
         stroke=\"#6b4f2a\" stroke-width=\"4\"/>"
    );
    for edge in edges {
        let colour = match edge.owner {
            Owner::Left => "blue",
            Owner::Right => "red",
            Owner::Either => "green",
        };
        let (class, stroke) = (format!("edge {colour}"), owner_colour(edge.owner));
        match (edge.shape.path_data(|v| v), edge.shape) {
            (Some(path), _) => {
                let _ = writeln!(
                    body,
                    "<path class=\"{class}\" d=\"{path}\" fill=\"none\" stroke=\"{stroke}\" \
                     stroke-width=\"5\" stroke-linecap=\"round\"/>"
                );
            }
            (None, EdgeShape::Loop { cx, cy, r }) => {
                let _ = writeln!(
                    body,
                    "<circle class=\"{class}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"none\" \
                     stroke=\"{stroke}\" stroke-width=\"5\"/>"
                );
            }
            (None, EdgeShape::Curve { .. }) => {}
        }
        let (x, y) = edge.label;
        let _ = writeln!(
            body,
            "<text class=\"label\" x=\"{x}\" y=\"{}\" font-size=\"11\" fill=\"#333\">{}</text>",
            y + 4.0,
            escape(&edge.name)
        );
    }
    for (x, y) in nodes {
        let _ = writeln!(
            body,
            "<circle class=\"node\" cx=\"{x}\" cy=\"{y}\" r=\"4\" fill=\"#202020\"/>"
        );
    }
}

/// Writes a coordinate label (a column letter or number, a row number) centred on `x`.
fn coordinate_label(body: &mut String, x: f64, y: f64, text: impl std::fmt::Display) {
    let _ = writeln!(
        body,
        "<text x=\"{x}\" y=\"{y}\" text-anchor=\"middle\" font-size=\"13\" \
         fill=\"#555\">{text}</text>"
    );
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::drawing::grid_board;

    fn count(svg: &str, class: &str) -> usize {
        let doc = roxmltree::Document::parse(svg).unwrap();
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .count()
    }

    #[test]
    fn a_grid_is_one_rect_per_cell_and_one_circle_per_stone() {
        let board = grid_board(3, 2, ["", ""], |cell| match (cell.column, cell.row) {
            (0, 0) => Mark::Hole,
            (1, 1) => Mark::Stone(Owner::Left),
            (2, 1) => Mark::Piece(Owner::Right, 'F'),
            _ => Mark::Empty,
        });
        let svg = picture(&board, "a <board>");
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
        assert_eq!(title.text(), Some("a <board>"));
        assert_eq!(count(&svg, "cell"), 5);
        assert_eq!(count(&svg, "cell blocked"), 1);
        assert_eq!(count(&svg, "piece left"), 1);
        assert_eq!(count(&svg, "piece right"), 1);
    }

    #[test]
    fn a_strip_of_dominoes_draws_tiles() {
        let board = Board {
            layout: Layout::Strip {
                cells: vec![
                    Mark::Domino(Owner::Left, 'L'),
                    Mark::Empty,
                    Mark::Domino(Owner::Either, 'G'),
                ],
            },
            pieces: ["", ""],
        };
        let svg = picture(&board, "strip");
        assert_eq!(count(&svg, "cell"), 3);
        assert_eq!(count(&svg, "domino left"), 1);
        assert_eq!(count(&svg, "domino either"), 1);
    }

    #[test]
    fn a_vertex_board_draws_each_vertex_and_edge() {
        let graph = crate::graph::Graph::parse("0-1,1-2", "").unwrap();
        let layout = crate::drawing::vertex_layout(&graph, |index| match index {
            0 => Mark::Stone(Owner::Left),
            1 => Mark::Tinted(Owner::Right),
            _ => Mark::Empty,
        });
        let svg = picture(
            &Board {
                layout,
                pieces: ["", ""],
            },
            "path",
        );
        assert_eq!(count(&svg, "link"), 2);
        assert_eq!(count(&svg, "vertex left"), 1);
        assert_eq!(count(&svg, "vertex tinted right"), 1);
        assert_eq!(count(&svg, "vertex"), 1);
        assert_eq!(count(&svg, "label"), 3);
    }
}
