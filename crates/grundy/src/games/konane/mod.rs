//! Konane (the Hawaiian stone-jumping game; Ernst, "Playing Konane mathematically: a
//! combinatorial game-theoretic analysis", UMAP Journal 16(2), 1995; CGSuite's and
//! cgt-tools' `Konane`): stones on a grid, `x` for Left and `o` for Right. A player jumps
//! one of their stones along a row or column over an adjacent stone of the opponent into
//! the empty cell directly beyond, capturing it, and may go on jumping in the *same*
//! direction (each length of such a multiple jump is a move of its own); the player who
//! cannot move loses.
//!
//! The colours follow CGSuite and cgt-tools, which read `x` as Left's stone (blue) and `o`
//! as Right's (red).
//!
//! # Notation
//!
//! A position is its rows from top to bottom separated by `/`, each cell `x`, `o` or `.`
//! (empty): `xo./..o`. Capitals `X` and `O` are read too. Rows are equally long; a board
//! has at most 64 cells (one bit per cell and colour).
//!
//! A move is the jumping stone's cell and the cell it lands on joined by `-`, columns as
//! letters from `a` at the left and rows as numbers from `1` at the *top*: in `xo.o.`, Left
//! plays `a1-c1` (one capture) or `a1-e1` (two).
//!
//! ```
//! use grundy::games::konane::{Jump, Konane};
//! use grundy::partizan::PartizanGame;
//! use grundy::player::Player;
//!
//! let board: Konane = "xo.o.".parse().unwrap();
//! let moves: Vec<String> = board.moves(Player::Left).iter().map(Jump::to_string).collect();
//! assert_eq!(moves, ["a1-c1", "a1-e1"]);
//! let after = board.play(Player::Left, &"a1-e1".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), "....x");
//! assert!(after.components().is_empty());
//! ```
//!
//! # Components
//!
//! A jump lands beyond the stone it captures, so stones far apart may meet later and the
//! empty cells at the edge may be landed on: the board is not cut. It is one component,
//! reduced under the eight symmetries of the square (which keep every colour, row and
//! column, hence the game), and dropped when neither player can move (nothing changes
//! then, so it is 0): see `components.rs`.

mod components;
pub mod entry;
#[cfg(test)]
mod golden;
pub mod jump;

use crate::drawing::svg::owner;
use crate::drawing::{grid_board, Board, Mark};
use std::fmt;
use std::str::FromStr;

pub use jump::Jump;
use crate::error::{ParseError, RuleError};
use crate::grid::cell::Cell;
use crate::partizan::stones::{read_rows, stone_at, write_rows};
use crate::grid::{bits, Direction, Geometry};
use crate::partizan::{oracle, PartizanGame};
use crate::position::PartizanPosition;
use crate::player::Player;

/// A Konane position: the board's shape and one bit per cell for Left's (`x`) and for
/// Right's (`o`) stones (see [`crate::grid`]), so at most 64 cells. Bits outside
/// the board are always 0, so derived equality and hashing are the position's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Konane {
    geometry: Geometry,
    left: u64,
    right: u64,
}

impl Konane {
    /// A board of the given shape with Left's stones on `left` and Right's on `right`, or an
    /// error when a stone is off the board or a cell holds two.
    pub fn new(geometry: Geometry, left: u64, right: u64) -> Result<Self, ParseError> {
        if (left | right) & !geometry.all() != 0 {
            return Err(ParseError::new("a stone lies off the board"));
        }
        if left & right != 0 {
            return Err(ParseError::new("a cell holds two stones"));
        }
        Ok(Konane {
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

    /// Every jump of `side` as (jumping stone's bit, captured bits, landing bit), by
    /// direction, then cell, then length.
    fn jumps(&self, side: Player) -> Vec<(usize, u64, usize)> {
        let (own, theirs) = match side {
            Player::Left => (self.left, self.right),
            Player::Right => (self.right, self.left),
        };
        let empty = self.geometry.all() & !(own | theirs);
        let mut jumps = Vec::new();
        for direction in Direction::ALL {
            for from in bits(own) {
                let (mut at, mut captured) = (from, 0u64);
                while self.geometry.facing(1u64 << at, theirs, direction) != 0 {
                    let over = self.geometry.neighbour(at, direction);
                    if self.geometry.facing(1u64 << over, empty, direction) == 0 {
                        break;
                    }
                    let landing = self.geometry.neighbour(over, direction);
                    captured |= 1u64 << over;
                    jumps.push((from, captured, landing));
                    at = landing;
                }
            }
        }
        jumps
    }

    /// The board after `side`'s stone on bit `from` captures `captured` and lands on bit
    /// `landing`.
    fn jumped(&self, side: Player, from: usize, captured: u64, landing: usize) -> Self {
        let (from, landing) = (1u64 << from, 1u64 << landing);
        let mut next = *self;
        match side {
            Player::Left => {
                next.left = (self.left & !from) | landing;
                next.right = self.right & !captured;
            }
            Player::Right => {
                next.right = (self.right & !from) | landing;
                next.left = self.left & !captured;
            }
        }
        next
    }

    /// The positions after each move of Left.
    pub fn left_options(&self) -> Vec<Self> {
        self.jumps(Player::Left)
            .into_iter()
            .map(|(from, captured, landing)| self.jumped(Player::Left, from, captured, landing))
            .collect()
    }

    /// The positions after each move of Right.
    pub fn right_options(&self) -> Vec<Self> {
        self.jumps(Player::Right)
            .into_iter()
            .map(|(from, captured, landing)| self.jumped(Player::Right, from, captured, landing))
            .collect()
    }

    /// The board as its one component, normalised, or none when nobody can move (see the
    /// module documentation).
    pub fn components(&self) -> Vec<Self> {
        components::components(self)
    }
}

impl fmt::Display for Konane {
    /// The rows, top first, joined by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_rows(f, &self.geometry, self.left, self.right)
    }
}

impl FromStr for Konane {
    type Err = ParseError;

    /// Reads rows of `x`, `o` and `.` (or `X`, `O`) joined by `/`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let (geometry, left, right) = read_rows(text, "Konane")?;
        Konane::new(geometry, left, right).map_err(|error| error.with_token(text))
    }
}

impl PartizanPosition for Konane {
    fn left_options(&self) -> Vec<Self> {
        Konane::left_options(self)
    }

    fn right_options(&self) -> Vec<Self> {
        Konane::right_options(self)
    }

    fn components(&self) -> Vec<Self> {
        Konane::components(self)
    }
}

impl PartizanGame for Konane {
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

    type Move = Jump;

    /// Every move of `side`, in order of the jumping stone's cell, then the landing cell.
    fn moves(&self, side: Player) -> Vec<Jump> {
        let cell = |index| {
            let (column, row) = self.geometry.cell_of(index);
            Cell::new(column, row)
        };
        let mut moves: Vec<(usize, usize)> = self
            .jumps(side)
            .into_iter()
            .map(|(from, _, landing)| (from, landing))
            .collect();
        moves.sort_unstable();
        moves
            .into_iter()
            .map(|(from, landing)| Jump::new(cell(from), cell(landing)))
            .collect()
    }

    /// The board after `jump`, or why `side` may not make it.
    fn play(&self, side: Player, jump: &Jump) -> Result<Self, RuleError> {
        for cell in [jump.from, jump.to] {
            if !self.geometry.contains(cell.column, cell.row) {
                return Err(RuleError::new(
                    jump,
                    format!(
                        "{cell} is off the {}x{} board",
                        self.geometry.width(),
                        self.geometry.height()
                    ),
                ));
            }
        }
        if jump.captures().is_none() {
            return Err(RuleError::new(
                jump,
                "a stone jumps along a row or column an even number of cells",
            ));
        }
        if self.stone(jump.from) != Some(side) {
            return Err(RuleError::new(
                jump,
                format!("{} holds no stone of {side}'s", jump.from),
            ));
        }
        let between = jump.between();
        let mut captured = 0u64;
        for (k, cell) in between.iter().chain([&jump.to]).enumerate() {
            let stone = self.stone(*cell);
            if k % 2 == 0 {
                if stone != Some(side.opponent()) {
                    return Err(RuleError::new(
                        jump,
                        format!("{cell} holds no stone of {}'s to jump", side.opponent()),
                    ));
                }
                captured |= self.geometry.bit(cell.column, cell.row);
            } else if stone.is_some() {
                return Err(RuleError::new(jump, format!("{cell} is not empty")));
            }
        }
        let index = |cell: Cell| cell.row * self.geometry.width() + cell.column;
        Ok(self.jumped(side, index(jump.from), captured, index(jump.to)))
    }

}

/// Whether Left (`x`) wins `position` moving first, by memoised brute force (a test
/// oracle).
pub fn left_wins_moving_first(position: &Konane) -> bool {
    oracle::left_wins_moving_first(position)
}

/// Whether Right (`o`) wins `position` moving first, by memoised brute force (a test
/// oracle).
pub fn right_wins_moving_first(position: &Konane) -> bool {
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

    fn board(text: &str) -> Konane {
        text.parse().unwrap()
    }

    fn texts(boards: &[Konane]) -> Vec<String> {
        boards.iter().map(Konane::to_string).collect()
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
            let error = text.parse::<Konane>().unwrap_err();
            assert!(error.message.starts_with(message), "{text}: {error}");
        }
        let geometry = Geometry::new(2, 1).unwrap();
        assert!(Konane::new(geometry, 0b1, 0b1).is_err());
        assert!(Konane::new(geometry, 0b100, 0).is_err());
    }

    #[test]
    fn stones_jump_over_enemies_into_empty_cells_and_on() {
        let position = board("xo.o./o..../...../o..../.....");
        let moves = |side| -> Vec<String> {
            position.moves(side).iter().map(Jump::to_string).collect()
        };
        assert_eq!(moves(Player::Left), ["a1-c1", "a1-e1", "a1-a3", "a1-a5"]);
        assert_eq!(moves(Player::Right), Vec::<String>::new());
        let play = |side, text: &str| position.play(side, &text.parse().unwrap());
        assert_eq!(
            play(Player::Left, "a1-e1").unwrap().to_string(),
            "....x/o..../...../o..../....."
        );
        assert_eq!(
            play(Player::Left, "a1-a5").unwrap().to_string(),
            ".o.o./...../...../...../x...."
        );
        assert_eq!(
            play(Player::Left, "b1-d1").unwrap_err().to_string(),
            "illegal move b1-d1: b1 holds no stone of Left's"
        );
        assert_eq!(
            play(Player::Left, "a2-a4").unwrap_err().to_string(),
            "illegal move a2-a4: a2 holds no stone of Left's"
        );
        assert_eq!(
            play(Player::Right, "a2-a4").unwrap_err().to_string(),
            "illegal move a2-a4: a3 holds no stone of Left's to jump"
        );
        assert_eq!(
            play(Player::Left, "a1-g1").unwrap_err().to_string(),
            "illegal move a1-g1: g1 is off the 5x5 board"
        );
        let blocked = board("xox");
        assert_eq!(
            blocked
                .play(Player::Left, &"a1-c1".parse().unwrap())
                .unwrap_err()
                .to_string(),
            "illegal move a1-c1: c1 is not empty"
        );
    }

    #[test]
    fn a_picture_has_coordinates() {
        assert_eq!(board("xo./..o").draw(), "  a b c\n1 x o .\n2 . . o\n");
    }

    #[test]
    fn the_board_is_one_component_under_the_symmetries() {
        assert_eq!(texts(&board("xo.").components()), ["x/o/."]);
        assert_eq!(board("xo./...").components(), board(".../.ox").components());
        assert_eq!(board("xo./...").components(), board("x./o./..").components());
        assert!(board("xox/oxo").components().is_empty());
        check_components(&board("xo.o/.x../o...")).unwrap();
    }

    /// Every board of up to 8 cells: the options of each are those of its components, and
    /// it has the outcome of their sum.
    #[test]
    fn components_partition_every_small_board() {
        for (width, height) in [(1, 1), (3, 1), (5, 1), (2, 2), (3, 2), (2, 3), (4, 2)] {
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
                let position = Konane::new(geometry, left, right).unwrap();
                check_components(&position).unwrap();
                check_options_partition(&position).unwrap();
                check_outcome_of_components(&position).unwrap();
            }
        }
    }

    /// A random board of at most 20 cells.
    fn any_board() -> impl Strategy<Value = Konane> {
        (1usize..=5, 1usize..=4, any::<u64>(), any::<u64>(), any::<u64>()).prop_map(
            |(width, height, stones, colours, holes)| {
                let geometry = Geometry::new(width, height).unwrap();
                let stones = stones & geometry.all() & (holes | holes >> 7);
                Konane::new(geometry, stones & colours, stones & !colours).unwrap()
            },
        )
    }

    proptest! {
        #[test]
        fn notation_round_trips(position in any_board()) {
            prop_assert_eq!(position.to_string().parse::<Konane>().unwrap(), position);
        }

        #[test]
        fn listed_moves_are_legal_and_give_the_options(position in any_board()) {
            for side in [Player::Left, Player::Right] {
                let mut after: Vec<Konane> = position
                    .moves(side)
                    .iter()
                    .map(|jump| {
                        position.play(side, &jump.to_string().parse().unwrap()).unwrap()
                    })
                    .collect();
                let mut options = position.options(side);
                after.sort();
                options.sort();
                prop_assert_eq!(&after, &options);
                for next in after {
                    prop_assert!(
                        next.stones(side.opponent()).count_ones()
                            < position.stones(side.opponent()).count_ones()
                    );
                    prop_assert_eq!(next.to_string().parse::<Konane>().unwrap(), next);
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
            if let Ok(position) = text.parse::<Konane>() {
                prop_assert_eq!(position.to_string().parse::<Konane>().unwrap(), position);
            }
            let _ = text.parse::<Jump>();
        }
    }
}
