//! Boards as pictures for a terminal: the text a person sees in `grundy play` and the
//! engine's `showboard`, drawn from the same [`Board`] as the page's board and the SVG
//! picture ([`super::svg`]).
//!
//! A grid is drawn with its column letters on top and its row numbers on the left (`b2`
//! names the cell under `b` in row 2), one character a cell; a strip with its cell numbers
//! above, three characters a cell. Each cell shows the character the games' notations use:
//! `.` empty, `#` a hole or a filled cell, `x` and `o` Left's and Right's stones (`x` a stone
//! of either player, as Fission writes it), a piece's or a domino's own letter.
//! A graph has no text picture here: a game drawn as a graph writes its own.

use super::{Board, Layout, Mark, Naming, Owner};
use crate::grid::cell::column_name;

/// The character a cell shows.
fn symbol(mark: Mark) -> char {
    match mark {
        Mark::Empty | Mark::Tinted(_) => '.',
        Mark::Hole | Mark::Filled => '#',
        Mark::Stone(Owner::Left | Owner::Either) => 'x',
        Mark::Stone(Owner::Right) => 'o',
        Mark::Piece(_, letter) | Mark::Domino(_, letter) => letter,
    }
}

/// `board` as text for a terminal, ending in a newline: a grid named by letters and row
/// numbers, or a strip; `None` for a layout that has no text picture (a graph, a grid
/// named by coordinates).
pub fn picture(board: &Board) -> Option<String> {
    match &board.layout {
        Layout::Cells {
            width,
            height,
            cells,
            naming,
        } => {
            let number = |row: usize| match naming {
                Naming::LettersAndRows => Some(row + 1),
                Naming::LettersAndRowsUp => Some(height - row),
                Naming::Numbers | Naming::Coordinates { .. } => None,
            };
            number(0)?;
            let label = height.to_string().len();
            let mut text = " ".repeat(label + 1);
            let header: Vec<String> = (0..*width).map(column_name).collect();
            text.push_str(&header.join(" "));
            text.push('\n');
            for row in 0..*height {
                text.push_str(&format!("{:>label$} ", number(row)?));
                let line: Vec<String> = cells[row * width..(row + 1) * width]
                    .iter()
                    .map(|&mark| symbol(mark).to_string())
                    .collect();
                text.push_str(&line.join(" "));
                text.push('\n');
            }
            Some(text)
        }
        Layout::Strip { cells } => {
            let numbers: String = (1..=cells.len()).map(|n| format!("{n:>3}")).collect();
            let marks: String = cells
                .iter()
                .map(|&mark| format!("  {}", symbol(mark)))
                .collect();
            Some(format!("{numbers}\n{marks}\n"))
        }
        Layout::Graph { .. } | Layout::Vertices { .. } => None,
    }
}

/// The terminal picture of a position whose board is `board` and whose notation is
/// `notation`: the board's text picture when it has one, else the notation on its own line.
/// The default `draw` of every position trait.
pub fn picture_or_notation(board: Option<&Board>, notation: impl std::fmt::Display) -> String {
    board
        .and_then(picture)
        .unwrap_or_else(|| format!("{notation}\n"))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::drawing::grid_board;

    #[test]
    fn a_grid_has_letters_on_top_and_row_numbers_on_the_left() {
        let board = grid_board(3, 2, ["", ""], |cell| match (cell.column, cell.row) {
            (0, 0) => Mark::Stone(Owner::Left),
            (1, 0) => Mark::Stone(Owner::Right),
            (2, 1) => Mark::Hole,
            _ => Mark::Empty,
        });
        assert_eq!(picture(&board).unwrap(), "  a b c\n1 x o .\n2 . . #\n");
    }

    #[test]
    fn ten_rows_take_two_characters_of_label_and_rows_up_count_from_the_bottom() {
        let mut board = grid_board(1, 10, ["", ""], |_| Mark::Empty);
        let text = picture(&board).unwrap();
        assert!(text.starts_with("   a\n 1 .\n"), "{text}");
        assert!(text.ends_with("10 .\n"), "{text}");
        if let Layout::Cells { naming, .. } = &mut board.layout {
            *naming = Naming::LettersAndRowsUp;
        }
        let text = picture(&board).unwrap();
        assert!(text.starts_with("   a\n10 .\n"), "{text}");
        assert!(text.ends_with(" 1 .\n"), "{text}");
    }

    #[test]
    fn a_strip_has_its_numbers_above_three_characters_a_cell() {
        let board = Board {
            layout: Layout::Strip {
                cells: vec![
                    Mark::Piece(Owner::Left, 'T'),
                    Mark::Empty,
                    Mark::Domino(Owner::Either, 'G'),
                ],
            },
            pieces: ["", ""],
        };
        assert_eq!(picture(&board).unwrap(), "  1  2  3\n  T  .  G\n");
    }

    #[test]
    fn graphs_and_coordinate_grids_have_no_text_picture() {
        let mut board = grid_board(2, 2, ["", ""], |_| Mark::Empty);
        if let Layout::Cells { naming, .. } = &mut board.layout {
            *naming = Naming::Coordinates {
                blocks: vec![(0, 2)],
            };
        }
        assert_eq!(picture(&board), None);
        let graph = crate::graph::Graph::parse("0-1", "").unwrap();
        let vertices = Board {
            layout: crate::drawing::vertex_layout(&graph, |_| Mark::Empty),
            pieces: ["", ""],
        };
        assert_eq!(picture(&vertices), None);
    }
}
