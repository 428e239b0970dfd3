//! Domineering: a grid with blocked cells; Left places a *vertical* domino on two empty
//! cells of a column, Right a *horizontal* one on two empty cells of a row; the player who
//! cannot place one loses (Winning Ways; CGSuite's `Domineering`).
//!
//! # Notation
//!
//! A position is either a size, `WIDTHxHEIGHT` (`4x5`: 4 columns and 5 rows, all empty, as
//! the rectangle game writes sizes), or its rows from top to bottom separated by `/`, each
//! cell `.` (empty) or `#` (blocked or covered by a domino): `..#./..../....`. Rows are
//! equally long; a board has at most 64 cells (one bit each). [`Domineering`]'s `Display`
//! writes the size for an empty board and the rows otherwise.
//!
//! A move names the two cells of its domino, columns as letters from `a` at the left and
//! rows as numbers from `1` at the *top* (the first row written): `b2-b3` is a vertical
//! domino (Left's), `a1-b1` a horizontal one (Right's). It is printed top or left cell
//! first and read either way round.
//!
//! ```
//! use grundy::games::domineering::{Domineering, Domino};
//! use grundy::partizan::PartizanGame;
//! use grundy::player::Player;
//!
//! let board: Domineering = "3x2".parse().unwrap();
//! assert_eq!(board.to_string(), "3x2");
//! assert_eq!("../..".parse::<Domineering>().unwrap().to_string(), "2x2");
//! assert_eq!(board.left_options().len(), 3);
//! assert_eq!(board.right_options().len(), 4);
//! let domino: Domino = "b1-b2".parse().unwrap();
//! let after = board.play(Player::Left, &domino).unwrap();
//! assert_eq!(after.to_string(), ".#./.#.");
//! // Two equal columns of two cells are left, one Left move each.
//! let parts: Vec<String> = after.components().iter().map(Domineering::to_string).collect();
//! assert_eq!(parts, ["1x2", "1x2"]);
//! // A horizontal domino is Right's.
//! let after = board.play(Player::Right, &"a1-b1".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), "##./...");
//! ```
//!
//! # Components
//!
//! The empty cells fall apart into maximal orthogonally connected regions; a domino lies in
//! one region, so the board is the sum of its regions. A region of one cell takes no domino
//! and is dropped. Each region is cropped to its bounding box (other cells of the box
//! blocked) and then reduced under the reflections that keep the value: left–right,
//! top–bottom and both (the half turn). The representative is the image with the smallest
//! bit pattern, so two regions that are reflections of each other are equal. A quarter turn
//! swaps Left and Right (it negates the value) and is *not* used.

mod components;
pub mod domino;
pub mod entry;
#[cfg(test)]
mod golden;

use crate::drawing::{grid_board, Board, Mark};
use std::fmt;
use std::str::FromStr;

pub use domino::{Domino, Orientation};
use crate::error::{ParseError, RuleError};
use crate::grid::cell::Cell;
use crate::grid::{bits, format_empty_cells, parse_empty_cells, shape, Geometry};
use crate::partizan::{oracle, PartizanGame};
use crate::position::PartizanPosition;
use crate::player::Player;

/// A Domineering position: the board's shape and the set of empty cells, one bit per cell
/// (see [`crate::grid`]), so at most 64 cells. Bits outside the board are
/// always 0, so derived equality and hashing are the position's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domineering {
    geometry: Geometry,
    empty: u64,
}

impl Domineering {
    /// An empty `width × height` board, or an error when a side is 0 or there are more than
    /// 64 cells.
    pub fn new(width: usize, height: usize) -> Result<Self, ParseError> {
        let geometry = shape("Domineering", width, height)?;
        Ok(Domineering {
            geometry,
            empty: geometry.all(),
        })
    }

    /// A board of the given shape whose empty cells are `empty` (bits past the board are
    /// ignored).
    pub fn from_empty_cells(geometry: Geometry, empty: u64) -> Self {
        Domineering {
            geometry,
            empty: empty & geometry.all(),
        }
    }

    /// The board's shape.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.geometry.width()
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.geometry.height()
    }

    /// The empty cells, one bit each.
    pub fn empty_cells(&self) -> u64 {
        self.empty
    }

    /// Whether a cell is on the board and empty.
    pub fn is_empty(&self, cell: Cell) -> bool {
        self.geometry.contains(cell.column, cell.row)
            && self.empty & self.geometry.bit(cell.column, cell.row) != 0
    }

    /// The top cells of every vertical domino that fits (one bit each).
    fn vertical_fits(&self) -> u64 {
        self.geometry.down_pairs(self.empty)
    }

    /// The left cells of every horizontal domino that fits (one bit each).
    fn horizontal_fits(&self) -> u64 {
        self.geometry.right_pairs(self.empty)
    }

    /// The board with the domino whose top-left cell is `cell` covered (the caller checked
    /// that it fits).
    fn covered(&self, cell: Cell, orientation: Orientation) -> Self {
        let first = self.geometry.bit(cell.column, cell.row);
        let second = match orientation {
            Orientation::Vertical => first << self.width(),
            Orientation::Horizontal => first << 1,
        };
        Domineering {
            geometry: self.geometry,
            empty: self.empty & !(first | second),
        }
    }

    /// The positions after each vertical domino Left may place.
    pub fn left_options(&self) -> Vec<Self> {
        let below = self.width();
        bits(self.vertical_fits())
            .map(|index| Domineering {
                geometry: self.geometry,
                empty: self.empty & !((1u64 << index) | (1u64 << (index + below))),
            })
            .collect()
    }

    /// The positions after each horizontal domino Right may place.
    pub fn right_options(&self) -> Vec<Self> {
        bits(self.horizontal_fits())
            .map(|index| Domineering {
                geometry: self.geometry,
                empty: self.empty & !(0b11u64 << index),
            })
            .collect()
    }

    /// The regions of empty cells that take a domino, each cropped and reduced under the
    /// reflections (see the module documentation).
    pub fn components(&self) -> Vec<Self> {
        components::components(self)
    }
}

impl fmt::Display for Domineering {
    /// `WIDTHxHEIGHT` for a board with every cell empty, else the rows, top first, joined
    /// by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_empty_cells(&self.geometry, self.empty))
    }
}

impl FromStr for Domineering {
    type Err = ParseError;

    /// Reads `WIDTHxHEIGHT` (a text starting with a digit) or rows of `.` and `#` joined by
    /// `/`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let (geometry, empty) = parse_empty_cells(text, "Domineering")?;
        Ok(Domineering::from_empty_cells(geometry, empty))
    }
}

impl PartizanPosition for Domineering {
    fn left_options(&self) -> Vec<Self> {
        Domineering::left_options(self)
    }

    fn right_options(&self) -> Vec<Self> {
        Domineering::right_options(self)
    }

    fn components(&self) -> Vec<Self> {
        Domineering::components(self)
    }

    /// The quarter turn: vertical dominoes become horizontal ones, Left's moves Right's.
    fn negative(&self) -> Option<Self> {
        Some(components::negative(self))
    }
}

impl PartizanGame for Domineering {
    /// The grid, each cell empty or not (a hole or a placed domino's: the page tells them
    /// apart from the start position).
    fn board(&self) -> Option<Board> {
        let marks = |cell| if self.is_empty(cell) { Mark::Empty } else { Mark::Hole };
        Some(grid_board(
            self.width(),
            self.height(),
            ["vertical dominoes", "horizontal dominoes"],
            marks,
        ))
    }

    type Move = Domino;

    /// Every domino `side` may place, in the order of their top-left cells (row by row).
    fn moves(&self, side: Player) -> Vec<Domino> {
        let orientation = Orientation::of(side);
        let fits = match orientation {
            Orientation::Vertical => self.vertical_fits(),
            Orientation::Horizontal => self.horizontal_fits(),
        };
        bits(fits)
            .map(|index| {
                let (column, row) = self.geometry.cell_of(index);
                Domino::new(Cell::new(column, row), orientation)
            })
            .collect()
    }

    /// The board with both cells of `domino` covered, or why `side` may not place it.
    fn play(&self, side: Player, domino: &Domino) -> Result<Self, RuleError> {
        if domino.side() != side {
            let way = match side {
                Player::Left => "vertical",
                Player::Right => "horizontal",
            };
            return Err(RuleError::new(
                domino,
                format!("{side} places {way} dominoes"),
            ));
        }
        for cell in [domino.cell, domino.second()] {
            if !self.geometry.contains(cell.column, cell.row) {
                return Err(RuleError::new(
                    domino,
                    format!("{cell} is off the {}x{} board", self.width(), self.height()),
                ));
            }
            if !self.is_empty(cell) {
                return Err(RuleError::new(domino, format!("{cell} is not empty")));
            }
        }
        Ok(self.covered(domino.cell, domino.orientation))
    }

}

/// Whether Left wins `position` moving first, by memoised brute force (a test oracle).
pub fn left_wins_moving_first(position: &Domineering) -> bool {
    oracle::left_wins_moving_first(position)
}

/// Whether Right wins `position` moving first, by memoised brute force (a test oracle).
pub fn right_wins_moving_first(position: &Domineering) -> bool {
    oracle::right_wins_moving_first(position)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::position::PartizanPosition;
    use crate::partizan::{
        check_components, check_options_partition, check_outcome_of_components,
    };
    use proptest::prelude::*;

    #[test]
    fn sizes_and_rows_read_back() {
        let board: Domineering = "4x5".parse().unwrap();
        assert_eq!((board.width(), board.height()), (4, 5));
        assert_eq!(board.to_string(), "4x5");
        assert_eq!("..../..../..../..../....".parse::<Domineering>().unwrap(), board);
        assert_eq!("4X5".parse::<Domineering>().unwrap(), board);
        for text in ["..#./..../....", "#", "8x2", "1x1"] {
            assert_eq!(text.parse::<Domineering>().unwrap().to_string(), text);
        }
        assert_eq!(
            "8x8".parse::<Domineering>().unwrap().empty_cells(),
            u64::MAX
        );
    }

    #[test]
    fn bad_boards_are_named() {
        for (text, message) in [
            ("0x3", "a Domineering board has 1 to 64 cells"),
            ("9x8", "a Domineering board has 1 to 64 cells"),
            ("4x", "the height must be a positive integer"),
            ("4x-1", "the height must be a positive integer"),
            ("4", "a board size is written WIDTHxHEIGHT"),
            ("99999999999999999999999x2", "the width is far too large"),
            ("../.", "row 2 has 1 cells but the first row has 2"),
            ("..x", "unknown character 'x' in row 1, column 3"),
            ("", "row 1 is empty"),
            ("../", "row 2 is empty"),
        ] {
            let error = text.parse::<Domineering>().unwrap_err();
            assert!(error.message.starts_with(message), "{text}: {error}");
        }
        assert!(Domineering::new(65, 1).is_err());
    }

    #[test]
    fn moves_cover_two_empty_cells() {
        let board: Domineering = ".#/..".parse().unwrap();
        let left: Vec<String> = board
            .moves(Player::Left)
            .iter()
            .map(Domino::to_string)
            .collect();
        let right: Vec<String> = board
            .moves(Player::Right)
            .iter()
            .map(Domino::to_string)
            .collect();
        assert_eq!(left, ["a1-a2"]);
        assert_eq!(right, ["a2-b2"]);
        let play = |side, text: &str| board.play(side, &text.parse().unwrap());
        assert_eq!(play(Player::Left, "a1-a2").unwrap().to_string(), "##/#.");
        assert_eq!(
            play(Player::Left, "a2-b2").unwrap_err().to_string(),
            "illegal move a2-b2: Left places vertical dominoes"
        );
        assert_eq!(
            play(Player::Left, "b1-b2").unwrap_err().to_string(),
            "illegal move b1-b2: b1 is not empty"
        );
        assert_eq!(
            play(Player::Right, "b2-c2").unwrap_err().to_string(),
            "illegal move b2-c2: c2 is off the 2x2 board"
        );
    }

    #[test]
    fn a_picture_has_coordinates() {
        let board: Domineering = "..#/...".parse().unwrap();
        assert_eq!(board.draw(), "  a b c\n1 . . #\n2 . . .\n");
    }

    #[test]
    fn components_are_regions_cropped_and_reflected() {
        // Two regions: an L of three cells and a vertical pair, and a dead single cell.
        let board: Domineering = "..#./.##./###./.###".parse().unwrap();
        let parts = board.components();
        let texts: Vec<String> = parts.iter().map(Domineering::to_string).collect();
        assert_eq!(texts.len(), 2, "{texts:?}");
        assert!(texts.contains(&"1x3".to_string()), "{texts:?}");
        check_components(&board).unwrap();
        // Mirror images are one component.
        let left: Domineering = "../.#".parse().unwrap();
        let right: Domineering = "../#.".parse().unwrap();
        let upside_down: Domineering = ".#/..".parse().unwrap();
        assert_eq!(left.components(), right.components());
        assert_eq!(left.components(), upside_down.components());
    }

    /// Every board of up to 12 cells: its options are its components' options, and it has
    /// the outcome of the sum of its components (which would fail if a component were
    /// normalised by a quarter turn, which swaps the players).
    #[test]
    fn components_are_the_whole_on_every_small_board() {
        for width in 1..=12 {
            for height in 1..=12 / width {
                let geometry = Geometry::new(width, height).unwrap();
                for empty in 0..=geometry.all() {
                    let position = Domineering::from_empty_cells(geometry, empty);
                    check_components(&position).unwrap();
                    check_options_partition(&position).unwrap();
                    check_outcome_of_components(&position).unwrap();
                }
            }
        }
    }

    /// A random board of at most 20 cells.
    fn board() -> impl Strategy<Value = Domineering> {
        (1usize..=5, 1usize..=4, any::<u64>()).prop_map(|(width, height, empty)| {
            let geometry = Geometry::new(width, height).unwrap();
            Domineering::from_empty_cells(geometry, empty)
        })
    }

    proptest! {
        #[test]
        fn notation_round_trips(position in board()) {
            let text = position.to_string();
            prop_assert_eq!(text.parse::<Domineering>().unwrap(), position);
        }

        #[test]
        fn listed_moves_are_legal_and_give_the_options(position in board()) {
            for side in [Player::Left, Player::Right] {
                let after: Vec<Domineering> = position
                    .moves(side)
                    .iter()
                    .map(|domino| {
                        let text = domino.to_string();
                        position.play(side, &text.parse().unwrap()).unwrap()
                    })
                    .collect();
                prop_assert_eq!(&after, &position.options(side));
                for next in after {
                    prop_assert_eq!(
                        next.empty_cells().count_ones() + 2,
                        position.empty_cells().count_ones()
                    );
                    prop_assert_eq!(next.to_string().parse::<Domineering>().unwrap(), next);
                }
            }
        }

        #[test]
        fn components_partition_the_moves(position in board()) {
            prop_assert_eq!(check_components(&position), Ok(()));
            prop_assert_eq!(check_options_partition(&position), Ok(()));
        }

        #[test]
        fn no_text_panics(text in "[.#/x0-9]{0,20}|\\PC{0,20}") {
            if let Ok(position) = text.parse::<Domineering>() {
                prop_assert_eq!(position.to_string().parse::<Domineering>().unwrap(), position);
            }
            let _ = text.parse::<Domino>();
        }
    }
}
