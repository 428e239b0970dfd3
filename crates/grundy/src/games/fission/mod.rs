//! Fission: stones on a grid. A move removes a stone and puts two stones on the cells next
//! to it on opposite sides, both on the board, open and empty: Left's *vertically* (the
//! cells above and below), Right's *horizontally* (left and right). The player who cannot
//! move loses. (cgt-tools' `Fission`, whose Left splits vertically too.) Every move fills
//! one empty cell more, so a game lasts at most as many moves as there are empty cells.
//!
//! # Notation
//!
//! The rows from top to bottom joined by `/` (cgt-tools writes `|`), each cell `x` (a
//! stone), `.` (empty) or `#` (blocked: no stone ever goes there): `..x./..../#..#`. Rows
//! are equally long; a board has at most 64 cells. A move names the stone that splits, its
//! column as a letter from `a` and its row as a number from 1 at the top: `c2`; the player
//! making it says which way.
//!
//! ```
//! use grundy::games::fission::Fission;
//! use grundy::partizan::PartizanGame;
//! use grundy::player::Player;
//!
//! let board: Fission = "..../..x./..../....".parse().unwrap();
//! let after = board.play(Player::Left, &"c2".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), "..x./..../..x./....");
//! let after = board.play(Player::Right, &"c2".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), "..../.x.x/..../....");
//! ```
//!
//! # Components
//!
//! The open cells fall apart into maximal orthogonally connected regions; a split stays in
//! its stone's region, so the board is the sum of its regions. A region where neither player
//! can split is dropped (no stone appears there but by a split in it). Each region is cropped
//! to its bounding box (the box's other cells blocked) and reduced under the reflections
//! that keep the value (left–right, top–bottom, the half turn); the quarter turn swaps the
//! players and gives the negative.

mod components;
pub mod entry;
pub mod split;

use crate::drawing::{grid_board, Board, Mark, Owner};
use std::fmt;
use std::str::FromStr;

pub use split::Split;
use crate::error::{ParseError, RuleError};
use crate::grid::cell::Cell;
use crate::grid::{bits, parse_rows, Direction, Geometry};
use crate::partizan::PartizanGame;
use crate::position::PartizanPosition;
use crate::player::Player;

/// A Fission position: the board's shape, its open cells (not blocked) and its stones, one
/// bit per cell (see [`crate::grid`]), so at most 64 cells. Stones lie on open
/// cells and bits outside the board are 0, so derived equality and hashing are the
/// position's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fission {
    geometry: Geometry,
    open: u64,
    stones: u64,
}

impl Fission {
    /// The board of the given shape with `open` cells (the others blocked) and `stones`
    /// (bits past the board or on blocked cells are dropped).
    pub fn new(geometry: Geometry, open: u64, stones: u64) -> Self {
        let open = open & geometry.all();
        Fission {
            geometry,
            open,
            stones: stones & open,
        }
    }

    /// The board's shape.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The open cells (not blocked), one bit each.
    pub fn open_cells(&self) -> u64 {
        self.open
    }

    /// The stones, one bit each.
    pub fn stones(&self) -> u64 {
        self.stones
    }

    /// The empty open cells, one bit each.
    pub fn empty_cells(&self) -> u64 {
        self.open & !self.stones
    }

    /// What is on `cell`: `Some(true)` a stone, `Some(false)` an empty open cell, `None` a
    /// blocked cell or one off the board.
    pub fn cell(&self, cell: Cell) -> Option<bool> {
        if !self.geometry.contains(cell.column, cell.row) {
            return None;
        }
        let bit = self.geometry.bit(cell.column, cell.row);
        (self.open & bit != 0).then_some(self.stones & bit != 0)
    }

    /// The stones Left may split: the cells above and below empty.
    fn left_fits(&self) -> u64 {
        let empty = self.empty_cells();
        let up = self.geometry.facing(self.stones, empty, Direction::Up);
        self.geometry.facing(up, empty, Direction::Down)
    }

    /// The stones Right may split: the cells to the left and to the right empty.
    fn right_fits(&self) -> u64 {
        let empty = self.empty_cells();
        let left = self.geometry.facing(self.stones, empty, Direction::Left);
        self.geometry.facing(left, empty, Direction::Right)
    }

    /// The stones `side` may split.
    fn fits(&self, side: Player) -> u64 {
        match side {
            Player::Left => self.left_fits(),
            Player::Right => self.right_fits(),
        }
    }

    /// The two directions `side` splits in.
    fn directions(side: Player) -> [Direction; 2] {
        match side {
            Player::Left => [Direction::Up, Direction::Down],
            Player::Right => [Direction::Left, Direction::Right],
        }
    }

    /// The board after `side` splits the stone at bit `index` (the caller checked it may).
    fn split(&self, side: Player, index: usize) -> Self {
        let [one, other] = Self::directions(side);
        let added = (1u64 << self.geometry.neighbour(index, one))
            | (1u64 << self.geometry.neighbour(index, other));
        Fission {
            geometry: self.geometry,
            open: self.open,
            stones: (self.stones & !(1u64 << index)) | added,
        }
    }

    /// The positions after each of `side`'s splits, in the order of the stones' cells.
    pub fn options(&self, side: Player) -> Vec<Self> {
        bits(self.fits(side))
            .map(|index| self.split(side, index))
            .collect()
    }

    /// The regions where a move is left, each cropped and reduced (see the module
    /// documentation).
    pub fn components(&self) -> Vec<Self> {
        components::components(self)
    }

    /// The first cell a split of the stone at `cell` by `side` fills: above (Left) or to
    /// the left (Right); `None` on the board's edge.
    pub fn first_target(side: Player, cell: Cell) -> Option<Cell> {
        match side {
            Player::Left => cell.row.checked_sub(1).map(|row| Cell::new(cell.column, row)),
            Player::Right => cell
                .column
                .checked_sub(1)
                .map(|column| Cell::new(column, cell.row)),
        }
    }
}

impl fmt::Display for Fission {
    /// The rows, top first, joined by `/`: `x` a stone, `.` empty, `#` blocked.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.geometry.height() {
            if row > 0 {
                f.write_str("/")?;
            }
            for column in 0..self.geometry.width() {
                f.write_str(match self.cell(Cell::new(column, row)) {
                    Some(true) => "x",
                    Some(false) => ".",
                    None => "#",
                })?;
            }
        }
        Ok(())
    }
}

impl FromStr for Fission {
    type Err = ParseError;

    /// Reads rows of `x`, `.` and `#` joined by `/`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let rows = parse_rows(
            text.trim(),
            &['x', '.', '#'],
            "Fission cells are 'x' (a stone), '.' (empty) and '#' (blocked)",
        )?;
        let (mut open, mut stones) = (0u64, 0u64);
        for (index, &c) in rows.cells.iter().enumerate() {
            if c != '#' {
                open |= 1u64 << index;
            }
            if c == 'x' {
                stones |= 1u64 << index;
            }
        }
        Ok(Fission::new(rows.geometry, open, stones))
    }
}

impl PartizanPosition for Fission {
    fn left_options(&self) -> Vec<Self> {
        self.options(Player::Left)
    }

    fn right_options(&self) -> Vec<Self> {
        self.options(Player::Right)
    }

    fn components(&self) -> Vec<Self> {
        Fission::components(self)
    }

    /// The quarter turn: vertical splits become horizontal ones, Left's moves Right's.
    fn negative(&self) -> Option<Self> {
        Some(components::negative(self))
    }
}

impl PartizanGame for Fission {
    /// The grid: stones (either player's, drawn green), empty cells and blocked cells.
    fn board(&self) -> Option<Board> {
        let geometry = self.geometry();
        Some(grid_board(
            geometry.width(),
            geometry.height(),
            ["vertical splits", "horizontal splits"],
            |cell| match self.cell(cell) {
                Some(true) => Mark::Stone(Owner::Either),
                Some(false) => Mark::Empty,
                None => Mark::Hole,
            },
        ))
    }

    type Move = Split;

    /// Every stone `side` may split, row by row from the top left.
    fn moves(&self, side: Player) -> Vec<Split> {
        bits(self.fits(side))
            .map(|index| {
                let (column, row) = self.geometry.cell_of(index);
                Split(Cell::new(column, row))
            })
            .collect()
    }

    /// The board after `side` splits the stone, or why it may not.
    fn play(&self, side: Player, split: &Split) -> Result<Self, RuleError> {
        let cell = split.0;
        if self.cell(cell) != Some(true) {
            return Err(RuleError::new(split, format!("there is no stone on {cell}")));
        }
        let index = cell.index(self.geometry.width());
        if self.fits(side) & (1u64 << index) == 0 {
            let (way, cells) = match side {
                Player::Left => ("vertically", "above and below"),
                Player::Right => ("horizontally", "to the left and to the right of"),
            };
            return Err(RuleError::new(
                split,
                format!(
                    "{side} splits {way}: the cells {cells} {cell} must be on the board, open \
                     and empty"
                ),
            ));
        }
        Ok(self.split(side, index))
    }

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

    fn board(text: &str) -> Fission {
        text.parse().unwrap()
    }

    #[test]
    fn boards_read_back_and_bad_ones_are_named() {
        for text in ["..x./..../#..#", "x", "#", ".x.", "x/./x"] {
            assert_eq!(board(text).to_string(), text);
        }
        for (text, token) in [("..o", "..o"), ("../.", "."), ("", ""), ("4x4", "4x4")] {
            let error = text.parse::<Fission>().unwrap_err();
            assert_eq!(error.location.token.as_deref(), Some(token), "{text}");
        }
        let big = ["........"; 9].join("/");
        assert!(big.parse::<Fission>().unwrap_err().message.contains("64"));
    }

    #[test]
    fn stones_split_each_player_its_way() {
        let position = board(".../.x./...");
        assert_eq!(position.moves(Player::Left), [Split(Cell::new(1, 1))]);
        let after = position.play(Player::Left, &"b2".parse().unwrap()).unwrap();
        assert_eq!(after.to_string(), ".x./.../.x.");
        let after = position.play(Player::Right, &"b2".parse().unwrap()).unwrap();
        assert_eq!(after.to_string(), ".../x.x/...");
        let edge = board(".x./...");
        assert!(edge.moves(Player::Left).is_empty());
        let error = edge.play(Player::Left, &"b1".parse().unwrap()).unwrap_err();
        assert!(error.to_string().contains("Left splits vertically"), "{error}");
        let error = edge.play(Player::Right, &"a1".parse().unwrap()).unwrap_err();
        assert!(error.to_string().contains("no stone on a1"), "{error}");
        let blocked = board(".x#/...");
        assert!(blocked.moves(Player::Right).is_empty());
    }

    /// Every board of at most 9 cells, each cell a stone, empty or blocked: the components
    /// are the whole (a part cut wrongly, or normalised by a quarter turn, fails here).
    #[test]
    fn components_are_the_whole_on_every_small_board() {
        for (width, height) in [(1, 3), (3, 1), (2, 2), (4, 1), (2, 3), (3, 2), (3, 3)] {
            let geometry = Geometry::new(width, height).unwrap();
            let cells = width * height;
            for mut code in 0..3u32.pow(cells as u32) {
                let (mut open, mut stones) = (0, 0);
                for index in 0..cells {
                    match code % 3 {
                        0 => open |= 1u64 << index,
                        1 => {
                            open |= 1u64 << index;
                            stones |= 1u64 << index;
                        }
                        _ => {}
                    }
                    code /= 3;
                }
                let position = Fission::new(geometry, open, stones);
                check_components(&position).unwrap();
                check_options_partition(&position).unwrap();
                check_outcome_of_components(&position).unwrap();
            }
        }
    }

    /// A random board of at most 20 cells.
    fn any_board() -> impl Strategy<Value = Fission> {
        (1usize..=5, 1usize..=4, any::<u64>(), any::<u64>()).prop_map(
            |(width, height, open, stones)| {
                Fission::new(Geometry::new(width, height).unwrap(), !(open & (open >> 7)), stones & (stones >> 3))
            },
        )
    }

    proptest! {
        #[test]
        fn notation_round_trips(position in any_board()) {
            prop_assert_eq!(position.to_string().parse::<Fission>().unwrap(), position);
        }

        #[test]
        fn listed_moves_are_legal_and_give_the_options(position in any_board()) {
            for side in [Player::Left, Player::Right] {
                let after: Vec<Fission> = position
                    .moves(side)
                    .iter()
                    .map(|split| position.play(side, &split.to_string().parse().unwrap()).unwrap())
                    .collect();
                prop_assert_eq!(&after, &PartizanPosition::options(&position, side));
                for next in after {
                    prop_assert_eq!(next.stones().count_ones(), position.stones().count_ones() + 1);
                }
            }
        }

        #[test]
        fn components_partition_the_moves(position in any_board()) {
            prop_assert_eq!(check_components(&position), Ok(()));
            prop_assert_eq!(check_options_partition(&position), Ok(()));
        }

        #[test]
        fn no_text_panics(text in "[.x#/]{0,20}|\\PC{0,20}") {
            if let Ok(position) = text.parse::<Fission>() {
                prop_assert_eq!(position.to_string().parse::<Fission>().unwrap(), position);
            }
            let _ = text.parse::<Split>();
        }
    }
}
