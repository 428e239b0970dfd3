//! SVG pictures of boards, for notebooks and pages: the pieces every board
//! picture shares (the document, grids of cells with coordinates, Left's and Right's
//! colours). Each game draws its own position with them (`picture.rs` in its folder).
//!
//! Left is drawn in blue and Right in red, as Hackenbush colours its edges; a piece of
//! either player (a Green edge) is green.

use std::fmt::Write as _;

use super::Owner;
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

/// What a grid cell shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// An empty cell.
    Empty,
    /// A cell nobody may use (drawn dark).
    Blocked,
    /// A round stone of a player (Clobber).
    Stone(Player),
    /// A piece of a player with a letter on it (Toads `T`, Frogs `F`).
    Lettered(Player, char),
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

/// A grid of `width × height` cells (row 0 at the top) with column letters above and row
/// numbers on the left when `coordinates` (as the game's moves name cells), or cell numbers
/// from 1 below when it is a single row that the game numbers so.
pub fn grid(
    width: usize,
    height: usize,
    title: &str,
    coordinates: Coordinates,
    mark: impl Fn(usize, usize) -> Mark,
) -> String {
    let mut body = String::new();
    for row in 0..height {
        for column in 0..width {
            let x = MARGIN + column as f64 * CELL;
            let y = MARGIN + row as f64 * CELL;
            let cell = mark(column, row);
            let (class, fill) = match cell {
                Mark::Blocked => ("cell blocked", "#404040"),
                _ => ("cell", "#f4efe4"),
            };
            let _ = writeln!(
                body,
                "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" \
                 fill=\"{fill}\" stroke=\"#8a8172\"/>"
            );
            let (cx, cy, r) = (x + CELL / 2.0, y + CELL / 2.0, CELL * 0.36);
            match cell {
                Mark::Stone(side) => {
                    let _ = writeln!(
                        body,
                        "<circle class=\"piece {}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" \
                         fill=\"{}\" stroke=\"#202020\"/>",
                        side.to_string().to_lowercase(),
                        side_colour(side)
                    );
                }
                Mark::Lettered(side, letter) => {
                    let _ = writeln!(
                        body,
                        "<circle class=\"piece {}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" \
                         fill=\"{}\" stroke=\"#202020\"/>\n\
                         <text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-size=\"18\" \
                         font-weight=\"bold\" fill=\"white\">{letter}</text>",
                        side.to_string().to_lowercase(),
                        side_colour(side),
                        cy + 6.0
                    );
                }
                Mark::Empty | Mark::Blocked => {}
            }
        }
    }
    match coordinates {
        Coordinates::LettersAndRows => {
            for column in 0..width {
                let x = MARGIN + (column as f64 + 0.5) * CELL;
                coordinate_label(&mut body, x, MARGIN - 8.0, column_name(column));
            }
            for row in 0..height {
                let y = MARGIN + (row as f64 + 0.5) * CELL + 5.0;
                coordinate_label(&mut body, MARGIN / 2.0, y, row + 1);
            }
        }
        Coordinates::NumbersBelow => {
            for column in 0..width {
                let x = MARGIN + (column as f64 + 0.5) * CELL;
                coordinate_label(
                    &mut body,
                    x,
                    MARGIN + height as f64 * CELL + 16.0,
                    column + 1,
                );
            }
        }
    }
    let total_width = 2.0 * MARGIN + width as f64 * CELL;
    let total_height = 2.0 * MARGIN + height as f64 * CELL;
    document(total_width, total_height, title, &body)
}

/// Writes a coordinate label (a column letter or number, a row number) centred on `x`.
fn coordinate_label(body: &mut String, x: f64, y: f64, text: impl std::fmt::Display) {
    let _ = writeln!(
        body,
        "<text x=\"{x}\" y=\"{y}\" text-anchor=\"middle\" font-size=\"13\" \
         fill=\"#555\">{text}</text>"
    );
}

/// How a grid names its cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coordinates {
    /// Columns `a`, `b`, … above and rows `1`, `2`, … on the left (`b2`).
    LettersAndRows,
    /// Cells numbered `1`, `2`, … below a row.
    NumbersBelow,
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_is_one_rect_per_cell_and_well_formed() {
        let svg = grid(
            3,
            2,
            "a <board>",
            Coordinates::LettersAndRows,
            |c, r| match (c, r) {
                (0, 0) => Mark::Blocked,
                (1, 1) => Mark::Stone(Player::Left),
                _ => Mark::Empty,
            },
        );
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let cells = doc
            .descendants()
            .filter(|n| n.has_tag_name("rect") && n.attribute("class").is_some())
            .count();
        assert_eq!(cells, 6);
        let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
        assert_eq!(title.text(), Some("a <board>"));
        assert_eq!(svg.matches("cell blocked").count(), 1);
        assert_eq!(svg.matches("piece left").count(), 1);
    }
}
