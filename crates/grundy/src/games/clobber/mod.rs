//! Clobber (Albert, Grossman, Nowakowski and Wolfe, 2001; CGSuite's `Clobber`): stones on a
//! grid, `x` for Left and `o` for Right. A player moves one of their stones onto an
//! orthogonally adjacent stone of the opponent, which is removed ("clobbered"); the player
//! who cannot move loses.
//!
//! The colours follow CGSuite, whose Clobber maps the characters `.xo` to 0, Left and Right
//! (its `CharMap`), so `x` is Left's stone (black in the literature, blue in CGSuite's
//! drawings) and `o` Right's.
//!
//! # Notation
//!
//! A position is its rows from top to bottom separated by `/`, each cell `x`, `o` or `.`
//! (empty): `xox/o.o`. Capitals `X` and `O` are read too. Rows are equally long; a board
//! has at most 64 cells (one bit per cell and colour).
//!
//! A move is the moving stone's cell and the clobbered stone's cell joined by `-`, columns
//! as letters from `a` at the left and rows as numbers from `1` at the *top*: in `xo`, Left
//! plays `a1-b1` and Right `b1-a1`.
//!
//! ```
//! use grundy::games::clobber::{Capture, Clobber};
//! use grundy::partizan::PartizanGame;
//! use grundy::player::Player;
//!
//! let board: Clobber = "xxo".parse().unwrap();
//! assert_eq!(board.moves(Player::Left), ["b1-c1".parse::<Capture>().unwrap()]);
//! let after = board.play(Player::Left, &"b1-c1".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), "x.x");
//! assert!(after.components().is_empty());
//! ```
//!
//! # Components
//!
//! The orthogonally connected groups of stones with both colours, each cropped to its
//! bounding box and reduced under the eight symmetries of the square (reflections and
//! rotations keep the colours, so the value): see `components.rs`.

pub mod capture;
mod components;
pub mod entry;
#[cfg(test)]
mod golden;

use crate::drawing::svg::owner;
use crate::drawing::{grid_board, Board, Mark};
use std::fmt;
use std::str::FromStr;

pub use capture::Capture;
use crate::error::{ParseError, RuleError};
use crate::grid::cell::Cell;
use crate::partizan::stones::{read_rows, stone_at, write_rows};
use crate::grid::{bits, Direction, Geometry};
use crate::partizan::{oracle, PartizanGame};
use crate::position::PartizanPosition;
use crate::player::Player;

/// A Clobber position: the board's shape and one bit per cell for Left's (`x`) and for
/// Right's (`o`) stones (see [`crate::grid`]), so at most 64 cells. Bits
/// outside the board are always 0, so derived equality and hashing are the position's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clobber {
    geometry: Geometry,
    left: u64,
    right: u64,
}

impl Clobber {
    /// A board of the given shape with Left's stones on `left` and Right's on `right`, or an
    /// error when a stone is off the board or a cell holds two.
    pub fn new(geometry: Geometry, left: u64, right: u64) -> Result<Self, ParseError> {
        if (left | right) & !geometry.all() != 0 {
            return Err(ParseError::new("a stone lies off the board"));
        }
        if left & right != 0 {
            return Err(ParseError::new("a cell holds two stones"));
        }
        Ok(Clobber {
            geometry,
            left,
            right,
        })
    }

    /// The board's shape.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The stones of `side`, one bit per cell.
    pub fn stones(&self, side: Player) -> u64 {
        match side {
            Player::Left => self.left,
            Player::Right => self.right,
        }
    }

    /// Whose stone is on `cell`, if any (`None` off the board too).
    pub fn stone(&self, cell: Cell) -> Option<Player> {
        stone_at(&self.geometry, self.left, self.right, cell)
    }

    /// Every capture of `side` as (moving stone's index, clobbered stone's index), by
    /// direction then cell.
    fn captures(&self, side: Player) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (own, theirs) = match side {
            Player::Left => (self.left, self.right),
            Player::Right => (self.right, self.left),
        };
        Direction::ALL.into_iter().flat_map(move |direction| {
            bits(self.geometry.facing(own, theirs, direction))
                .map(move |from| (from, self.geometry.neighbour(from, direction)))
        })
    }

    /// The board after the stone on bit `from` clobbers the one on bit `to`.
    fn captured(&self, side: Player, from: usize, to: usize) -> Self {
        let (from, to) = (1u64 << from, 1u64 << to);
        let mut next = *self;
        match side {
            Player::Left => {
                next.left = (self.left & !from) | to;
                next.right = self.right & !to;
            }
            Player::Right => {
                next.right = (self.right & !from) | to;
                next.left = self.left & !to;
            }
        }
        next
    }

    /// The positions after each move of Left.
    pub fn left_options(&self) -> Vec<Self> {
        self.captures(Player::Left)
            .map(|(from, to)| self.captured(Player::Left, from, to))
            .collect()
    }

    /// The positions after each move of Right.
    pub fn right_options(&self) -> Vec<Self> {
        self.captures(Player::Right)
            .map(|(from, to)| self.captured(Player::Right, from, to))
            .collect()
    }

    /// The groups of stones with both colours, normalised (see the module documentation).
    pub fn components(&self) -> Vec<Self> {
        components::components(self)
    }
}

impl fmt::Display for Clobber {
    /// The rows, top first, joined by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_rows(f, &self.geometry, self.left, self.right)
    }
}

impl FromStr for Clobber {
    type Err = ParseError;

    /// Reads rows of `x`, `o` and `.` (or `X`, `O`) joined by `/`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let (geometry, left, right) = read_rows(text, "Clobber")?;
        Clobber::new(geometry, left, right).map_err(|error| error.with_token(text))
    }
}

impl PartizanPosition for Clobber {
    fn left_options(&self) -> Vec<Self> {
        Clobber::left_options(self)
    }

    fn right_options(&self) -> Vec<Self> {
        Clobber::right_options(self)
    }

    fn components(&self) -> Vec<Self> {
        Clobber::components(self)
    }
}

impl PartizanGame for Clobber {
    /// The grid and its stones.
    fn board(&self) -> Option<Board> {
        let geometry = self.geometry();
        Some(grid_board(
            geometry.width(),
            geometry.height(),
            ["x stones", "o stones"],
            |cell| self.stone(cell).map_or(Mark::Empty, |side| Mark::Stone(owner(side))),
        ))
    }

    type Move = Capture;

    /// Every move of `side`, in order of the moving stone's cell, then the target's.
    fn moves(&self, side: Player) -> Vec<Capture> {
        let cell = |index| {
            let (column, row) = self.geometry.cell_of(index);
            Cell::new(column, row)
        };
        let mut moves: Vec<(usize, usize)> = self.captures(side).collect();
        moves.sort_unstable();
        moves
            .into_iter()
            .map(|(from, to)| Capture::new(cell(from), cell(to)))
            .collect()
    }

    /// The board after `capture`, or why `side` may not make it.
    fn play(&self, side: Player, capture: &Capture) -> Result<Self, RuleError> {
        for cell in [capture.from, capture.to] {
            if !self.geometry.contains(cell.column, cell.row) {
                return Err(RuleError::new(
                    capture,
                    format!(
                        "{cell} is off the {}x{} board",
                        self.geometry.width(),
                        self.geometry.height()
                    ),
                ));
            }
        }
        if !capture.from.is_adjacent(&capture.to) {
            return Err(RuleError::new(capture, "the two cells do not share a side"));
        }
        if self.stone(capture.from) != Some(side) {
            return Err(RuleError::new(
                capture,
                format!("{} holds no stone of {side}'s", capture.from),
            ));
        }
        if self.stone(capture.to) != Some(side.opponent()) {
            return Err(RuleError::new(
                capture,
                format!("{} holds no stone of {}'s", capture.to, side.opponent()),
            ));
        }
        let index = |cell: Cell| cell.row * self.geometry.width() + cell.column;
        Ok(self.captured(side, index(capture.from), index(capture.to)))
    }

}

/// Whether Left (`x`) wins `position` moving first, by memoised brute force (a test
/// oracle).
pub fn left_wins_moving_first(position: &Clobber) -> bool {
    oracle::left_wins_moving_first(position)
}

/// Whether Right (`o`) wins `position` moving first, by memoised brute force (a test
/// oracle).
pub fn right_wins_moving_first(position: &Clobber) -> bool {
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

    fn board(text: &str) -> Clobber {
        text.parse().unwrap()
    }

    fn texts(boards: &[Clobber]) -> Vec<String> {
        boards.iter().map(Clobber::to_string).collect()
    }

    #[test]
    fn boards_read_back() {
        for text in ["xo", "xox/o.o", ".", "x/o/.", &"xo".repeat(32)] {
            assert_eq!(board(text).to_string(), text);
        }
        assert_eq!(board("XO/.x").to_string(), "xo/.x");
        for (text, message) in [
            ("xo/x", "row 2 has 1 cells but the first row has 2"),
            ("xa", "unknown character 'a' in row 1, column 2"),
            ("", "row 1 is empty"),
            (&"x".repeat(65), "the board has more than 64 cells"),
        ] {
            let error = text.parse::<Clobber>().unwrap_err();
            assert!(error.message.starts_with(message), "{text}: {error}");
        }
        let geometry = Geometry::new(2, 1).unwrap();
        assert!(Clobber::new(geometry, 0b1, 0b1).is_err());
        assert!(Clobber::new(geometry, 0b100, 0).is_err());
    }

    #[test]
    fn stones_clobber_orthogonal_neighbours() {
        let position = board("xo/ox");
        let moves = |side| -> Vec<String> {
            position
                .moves(side)
                .iter()
                .map(Capture::to_string)
                .collect()
        };
        assert_eq!(moves(Player::Left), ["a1-b1", "a1-a2", "b2-b1", "b2-a2"]);
        assert_eq!(moves(Player::Right), ["b1-a1", "b1-b2", "a2-a1", "a2-b2"]);
        assert_eq!(texts(&position.left_options()).len(), 4);
        let play = |side, text: &str| position.play(side, &text.parse().unwrap());
        assert_eq!(play(Player::Left, "a1-b1").unwrap().to_string(), ".x/ox");
        assert_eq!(
            play(Player::Left, "b1-a1").unwrap_err().to_string(),
            "illegal move b1-a1: b1 holds no stone of Left's"
        );
        assert_eq!(
            play(Player::Right, "c1-b1").unwrap_err().to_string(),
            "illegal move c1-b1: c1 is off the 2x2 board"
        );
        let after = play(Player::Left, "a1-b1").unwrap();
        assert_eq!(
            after
                .play(Player::Left, &"b1-b2".parse().unwrap())
                .unwrap_err()
                .to_string(),
            "illegal move b1-b2: b2 holds no stone of Right's"
        );
    }

    #[test]
    fn a_picture_has_coordinates() {
        assert_eq!(board("xo./..o").draw(), "  a b c\n1 x o .\n2 . . o\n");
    }

    #[test]
    fn components_are_groups_with_both_colours() {
        // Three groups: `xo` (twice, once turned a quarter) and an all-x group, dropped. The
        // representative of a pair is the upright one (the narrower shape comes first).
        let position = board("xo.x/...x/o.../x...");
        assert_eq!(texts(&position.components()), ["x/o", "x/o"]);
        // Mirror images and rotations are one component.
        assert_eq!(board("xo/.o").components(), board("o./ox").components());
        assert_eq!(board("xo/.o").components(), board("x./oo").components());
        check_components(&position).unwrap();
    }

    /// Every board of up to 3×3 cells: the options of each are those of its components, and
    /// it has the outcome of their sum.
    #[test]
    fn components_partition_every_small_board() {
        for (width, height) in [
            (1, 1),
            (2, 1),
            (3, 1),
            (2, 2),
            (3, 2),
            (2, 3),
            (3, 3),
            (4, 2),
        ] {
            let geometry = Geometry::new(width, height).unwrap();
            for mut code in 0..3usize.pow((width * height) as u32) {
                let (mut left, mut right) = (0, 0);
                for index in 0..width * height {
                    match code % 3 {
                        1 => left |= 1u64 << index,
                        2 => right |= 1u64 << index,
                        _ => {}
                    }
                    code /= 3;
                }
                let position = Clobber::new(geometry, left, right).unwrap();
                check_components(&position).unwrap();
                check_options_partition(&position).unwrap();
                check_outcome_of_components(&position).unwrap();
            }
        }
    }

    /// A random board of at most 20 cells.
    fn any_board() -> impl Strategy<Value = Clobber> {
        (1usize..=5, 1usize..=4, any::<u64>(), any::<u64>()).prop_map(
            |(width, height, stones, colours)| {
                let geometry = Geometry::new(width, height).unwrap();
                let stones = stones & geometry.all();
                Clobber::new(geometry, stones & colours, stones & !colours).unwrap()
            },
        )
    }

    proptest! {
        #[test]
        fn notation_round_trips(position in any_board()) {
            prop_assert_eq!(position.to_string().parse::<Clobber>().unwrap(), position);
        }

        #[test]
        fn listed_moves_are_legal_and_give_the_options(position in any_board()) {
            for side in [Player::Left, Player::Right] {
                let mut after: Vec<Clobber> = position
                    .moves(side)
                    .iter()
                    .map(|capture| {
                        position.play(side, &capture.to_string().parse().unwrap()).unwrap()
                    })
                    .collect();
                let mut options = position.options(side);
                after.sort();
                options.sort();
                prop_assert_eq!(&after, &options);
                for next in after {
                    prop_assert_eq!(
                        next.stones(side.opponent()).count_ones() + 1,
                        position.stones(side.opponent()).count_ones()
                    );
                    prop_assert_eq!(next.to_string().parse::<Clobber>().unwrap(), next);
                }
            }
        }

        #[test]
        fn components_partition_the_moves(position in any_board()) {
            prop_assert_eq!(check_components(&position), Ok(()));
            prop_assert_eq!(check_options_partition(&position), Ok(()));
        }

        #[test]
        fn no_text_panics(text in "[xo./]{0,20}|\\PC{0,20}") {
            if let Ok(position) = text.parse::<Clobber>() {
                prop_assert_eq!(position.to_string().parse::<Clobber>().unwrap(), position);
            }
            let _ = text.parse::<Capture>();
        }
    }
}
