//! The Game of the Amazons (Walter Zamkauskas, 1988; Berlekamp, "Sums of N × 2 Amazons",
//! 2000; Snatzke's "New results of exhaustive search in the game Amazons", 2004; CGSuite's
//! `game.grid.Amazons`) on small boards: Left's amazons `x` and Right's `o` on a grid, some
//! cells burnt `#`. A move is a queen move of one of your amazons (any distance along a
//! row, column or diagonal, never through or onto an amazon or a burnt cell) and then an
//! arrow shot from where it landed, again as a queen, burning the cell it lands on; the
//! arrow may pass through or land on the cell the amazon just left. The player who cannot
//! move loses.
//!
//! The colours follow CGSuite, whose `Amazons` reads `x` as Left's (black) amazon and `o`
//! as Right's (white), `#` as a burnt cell and `.` as an empty one (its `CharMap`,
//! `".xo#"`).
//!
//! # Notation
//!
//! A position is its rows from top to bottom separated by `/`, each cell `x`, `o`, `#` or
//! `.`: `x.../o...`. CGSuite's `|` between rows is read too (`x...|o...`), as are capitals
//! `X` and `O`; positions are written back with `/`. Rows are equally long; a board has at
//! most 64 cells (one bit per cell in each of three masks).
//!
//! A move is the amazon's cell, the cell it goes to and the cell its arrow burns, written
//! `from-to/arrow`, columns as letters from `a` at the left and rows as numbers from `1` at
//! the *top*: on `x.../o...`, Left plays `a1-d1/c1`, or `a1-b1/a1` (the arrow back on the
//! cell just left).
//!
//! ```
//! use grundy::games::amazons::{AmazonMove, Amazons};
//! use grundy::partizan::PartizanGame;
//! use grundy::player::Player;
//!
//! let board: Amazons = "x.#/o..".parse().unwrap();
//! let moves: Vec<String> = board.moves(Player::Left).iter().map(AmazonMove::to_string).collect();
//! assert_eq!(moves, ["a1-b1/a1", "a1-b1/b2", "a1-b1/c2", "a1-b2/a1", "a1-b2/b1", "a1-b2/c2"]);
//! let after = board.play(Player::Left, &"a1-b2/b1".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), ".##/ox.");
//! ```
//!
//! # Components
//!
//! Burnt cells cut the board into regions that never meet again: the position is the sum
//! of its regions (connected through sides and corners), each cropped and reduced under the
//! eight symmetries of the square, those where nobody can move left out: see
//! `components.rs`.

mod components;
pub mod entry;
#[cfg(test)]
mod golden;
pub mod queen;

use crate::drawing::svg::owner;
use crate::drawing::{grid_board, Board, Mark};
use std::fmt;
use std::str::FromStr;

pub use queen::AmazonMove;
use crate::error::{ParseError, RuleError};
use crate::grid::cell::Cell;
use crate::grid::{parse_rows, Geometry};
use crate::partizan::{oracle, PartizanGame};
use crate::position::PartizanPosition;
use crate::player::Player;

/// The eight directions of a queen, as (column step, row step).
const QUEEN: [(isize, isize); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// An Amazons position: the board's shape and one bit per cell (see
/// [`crate::grid`]) for Left's amazons (`x`), Right's (`o`) and the burnt cells
/// (`#`), so at most 64 cells. Bits outside the board are always 0, so derived equality and
/// hashing are the position's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Amazons {
    geometry: Geometry,
    left: u64,
    right: u64,
    burnt: u64,
}

impl Amazons {
    /// A board of the given shape with Left's amazons on `left`, Right's on `right` and the
    /// burnt cells `burnt`, or an error when one of them is off the board or a cell holds
    /// two.
    pub fn new(geometry: Geometry, left: u64, right: u64, burnt: u64) -> Result<Self, ParseError> {
        if (left | right | burnt) & !geometry.all() != 0 {
            return Err(ParseError::new("an amazon or a burnt cell lies off the board"));
        }
        if left & right != 0 || (left | right) & burnt != 0 {
            return Err(ParseError::new("a cell holds two things"));
        }
        Ok(Amazons {
            geometry,
            left,
            right,
            burnt,
        })
    }

    /// The board's shape.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The amazons of `side`, one bit per cell.
    pub fn amazons(&self, side: Player) -> u64 {
        match side {
            Player::Left => self.left,
            Player::Right => self.right,
        }
    }

    /// The burnt cells, one bit per cell.
    pub fn burnt(&self) -> u64 {
        self.burnt
    }

    /// The empty cells: neither an amazon nor burnt.
    pub fn empty(&self) -> u64 {
        self.geometry.all() & !(self.left | self.right | self.burnt)
    }

    /// Whose amazon is on `cell`, if any (`None` off the board too).
    pub fn amazon(&self, cell: Cell) -> Option<Player> {
        if !self.geometry.contains(cell.column, cell.row) {
            return None;
        }
        let bit = self.geometry.bit(cell.column, cell.row);
        if self.left & bit != 0 {
            Some(Player::Left)
        } else if self.right & bit != 0 {
            Some(Player::Right)
        } else {
            None
        }
    }

    /// Whether `cell` is burnt (`false` off the board).
    pub fn is_burnt(&self, cell: Cell) -> bool {
        self.geometry.contains(cell.column, cell.row)
            && self.burnt & self.geometry.bit(cell.column, cell.row) != 0
    }

    /// Calls `reached` with each cell a queen on bit `from` reaches through the cells of
    /// `open`, direction by direction, nearest first.
    fn slide(&self, from: usize, open: u64, mut reached: impl FnMut(usize)) {
        let (width, height) = (
            self.geometry.width() as isize,
            self.geometry.height() as isize,
        );
        let (column, row) = self.geometry.cell_of(from);
        for (dc, dr) in QUEEN {
            let (mut c, mut r) = (column as isize + dc, row as isize + dr);
            while c >= 0 && r >= 0 && c < width && r < height {
                let index = (r * width + c) as usize;
                if open & (1u64 << index) == 0 {
                    break;
                }
                reached(index);
                c += dc;
                r += dr;
            }
        }
    }

    /// Every move of `side` as (amazon's bit, landing bit, arrow's bit), in increasing
    /// order.
    fn queen_moves(&self, side: Player) -> Vec<(usize, usize, usize)> {
        let empty = self.empty();
        let mut moves = Vec::new();
        let mut own = self.amazons(side);
        while own != 0 {
            let from = own.trailing_zeros() as usize;
            own &= own - 1;
            self.slide(from, empty, |to| {
                let open = (empty | (1u64 << from)) & !(1u64 << to);
                self.slide(to, open, |arrow| moves.push((from, to, arrow)));
            });
        }
        moves.sort_unstable();
        moves
    }

    /// The board after `side`'s amazon on bit `from` goes to bit `to` and shoots at bit
    /// `arrow`.
    fn moved(&self, side: Player, from: usize, to: usize, arrow: usize) -> Self {
        let step = |mask: u64| (mask & !(1u64 << from)) | (1u64 << to);
        let mut next = *self;
        match side {
            Player::Left => next.left = step(self.left),
            Player::Right => next.right = step(self.right),
        }
        next.burnt |= 1u64 << arrow;
        next
    }

    /// The positions after each move of `side`, in the order of [`PartizanGame::moves`].
    fn options_of(&self, side: Player) -> Vec<Self> {
        self.queen_moves(side)
            .into_iter()
            .map(|(from, to, arrow)| self.moved(side, from, to, arrow))
            .collect()
    }

    /// The regions in which somebody can move, each normalised (see the module
    /// documentation).
    pub fn components(&self) -> Vec<Self> {
        components::components(self)
    }

    /// The board with the colours swapped: its negative.
    pub fn swapped(&self) -> Self {
        Amazons {
            left: self.right,
            right: self.left,
            ..*self
        }
    }

}

impl Amazons {
    /// The character of a cell in the notation.
    fn symbol(&self, cell: Cell) -> char {
        match self.amazon(cell) {
            Some(Player::Left) => 'x',
            Some(Player::Right) => 'o',
            None if self.is_burnt(cell) => '#',
            None => '.',
        }
    }
}

impl fmt::Display for Amazons {
    /// The rows, top first, joined by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.geometry.height() {
            if row > 0 {
                f.write_str("/")?;
            }
            for column in 0..self.geometry.width() {
                write!(f, "{}", self.symbol(Cell::new(column, row)))?;
            }
        }
        Ok(())
    }
}

impl FromStr for Amazons {
    type Err = ParseError;

    /// Reads rows of `x`, `o`, `#` and `.` (or `X`, `O`) joined by `/` or, as CGSuite
    /// writes them, by `|`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let rows = text.replace('|', "/");
        let rows = parse_rows(
            &rows,
            &['x', 'o', '#', '.', 'X', 'O'],
            "Amazons cells are 'x' (Left's amazon), 'o' (Right's), '#' (burnt) and '.'",
        )
        .map_err(|mut error| {
            // The whole board named as it was written, not with its `|` replaced.
            if error.location.token.as_deref() == Some(rows.as_str()) {
                error.location.token = Some(text.to_string());
            }
            error
        })?;
        let (mut left, mut right, mut burnt) = (0u64, 0u64, 0u64);
        for (index, c) in rows.cells.iter().enumerate() {
            match c {
                'x' | 'X' => left |= 1u64 << index,
                'o' | 'O' => right |= 1u64 << index,
                '#' => burnt |= 1u64 << index,
                _ => {}
            }
        }
        Amazons::new(rows.geometry, left, right, burnt).map_err(|error| error.with_token(text))
    }
}

impl PartizanPosition for Amazons {
    fn left_options(&self) -> Vec<Self> {
        self.options_of(Player::Left)
    }

    fn right_options(&self) -> Vec<Self> {
        self.options_of(Player::Right)
    }

    fn components(&self) -> Vec<Self> {
        Amazons::components(self)
    }

    fn negative(&self) -> Option<Self> {
        Some(components::negative(self))
    }
}

impl PartizanGame for Amazons {
    /// The grid, its amazons and its burnt cells (the start's as holes; the page tells
    /// arrows shot since from them).
    fn board(&self) -> Option<Board> {
        let geometry = self.geometry();
        Some(grid_board(
            geometry.width(),
            geometry.height(),
            ["x amazons", "o amazons"],
            |cell| match self.amazon(cell) {
                Some(side) => Mark::Stone(owner(side)),
                None if self.is_burnt(cell) => Mark::Hole,
                None => Mark::Empty,
            },
        ))
    }

    type Move = AmazonMove;

    /// Every move of `side`, in order of the amazon's cell, then where it goes, then where
    /// its arrow lands (cells in reading order).
    fn moves(&self, side: Player) -> Vec<AmazonMove> {
        let cell = |index| {
            let (column, row) = self.geometry.cell_of(index);
            Cell::new(column, row)
        };
        self.queen_moves(side)
            .into_iter()
            .map(|(from, to, arrow)| AmazonMove::new(cell(from), cell(to), cell(arrow)))
            .collect()
    }

    /// The board after `mv`, or why `side` may not make it.
    fn play(&self, side: Player, mv: &AmazonMove) -> Result<Self, RuleError> {
        for cell in [mv.from, mv.to, mv.arrow] {
            if !self.geometry.contains(cell.column, cell.row) {
                return Err(RuleError::new(
                    mv,
                    format!(
                        "{cell} is off the {}x{} board",
                        self.geometry.width(),
                        self.geometry.height()
                    ),
                ));
            }
        }
        if queen::queen_step(mv.from, mv.to).is_none()
            || queen::queen_step(mv.to, mv.arrow).is_none()
        {
            return Err(RuleError::new(
                mv,
                "an amazon and its arrow each go along a row, a column or a diagonal",
            ));
        }
        if self.amazon(mv.from) != Some(side) {
            return Err(RuleError::new(
                mv,
                format!("{} holds no amazon of {side}'s", mv.from),
            ));
        }
        let free = |cell: Cell, left: Cell| {
            cell == left || (self.amazon(cell).is_none() && !self.is_burnt(cell))
        };
        for cell in queen::cells_between(mv.from, mv.to)
            .into_iter()
            .chain([mv.to])
        {
            if !free(cell, mv.from) || cell == mv.from {
                return Err(RuleError::new(
                    mv,
                    format!("the amazon's way to {} is blocked at {cell}", mv.to),
                ));
            }
        }
        for cell in queen::cells_between(mv.to, mv.arrow)
            .into_iter()
            .chain([mv.arrow])
        {
            if !free(cell, mv.from) {
                return Err(RuleError::new(
                    mv,
                    format!("the arrow's way to {} is blocked at {cell}", mv.arrow),
                ));
            }
        }
        let index = |cell: Cell| cell.index(self.geometry.width());
        Ok(self.moved(side, index(mv.from), index(mv.to), index(mv.arrow)))
    }

}

/// Whether Left (`x`) wins `position` moving first, by memoised brute force (a test
/// oracle).
pub fn left_wins_moving_first(position: &Amazons) -> bool {
    oracle::left_wins_moving_first(position)
}

/// Whether Right (`o`) wins `position` moving first, by memoised brute force (a test
/// oracle).
pub fn right_wins_moving_first(position: &Amazons) -> bool {
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

    fn board(text: &str) -> Amazons {
        text.parse().unwrap()
    }

    fn texts(boards: &[Amazons]) -> Vec<String> {
        boards.iter().map(Amazons::to_string).collect()
    }

    #[test]
    fn boards_read_back() {
        for text in ["x.", "x.#/o..", ".", "#", "x/o/.", &"xo#.".repeat(16)] {
            assert_eq!(board(text).to_string(), text);
        }
        assert_eq!(board("X..#|O...").to_string(), "x..#/o...");
        for (text, message, token) in [
            ("xo/x", "row 2 has 1 cells but the first row has 2", "x"),
            ("xa", "unknown character 'a' in row 1, column 2", "xa"),
            ("x.|o", "row 2 has 1 cells", "o"),
            ("", "row 1 is empty", ""),
            ("x.||o.", "row 2 is empty", ""),
        ] {
            let error = text.parse::<Amazons>().unwrap_err();
            assert!(error.message.starts_with(message), "{text}: {error}");
            assert_eq!(error.location.token.as_deref(), Some(token), "{text}");
        }
        let long = format!("{}|{}", "x".repeat(40), ".".repeat(40));
        let error = long.parse::<Amazons>().unwrap_err();
        assert!(error.message.starts_with("the board has more than 64 cells"));
        assert_eq!(error.location.token.as_deref(), Some(long.as_str()));
        let geometry = Geometry::new(2, 1).unwrap();
        assert!(Amazons::new(geometry, 0b1, 0b1, 0).is_err());
        assert!(Amazons::new(geometry, 0b1, 0, 0b1).is_err());
        assert!(Amazons::new(geometry, 0b100, 0, 0).is_err());
    }

    #[test]
    fn amazons_move_as_queens_and_shoot_as_queens() {
        let position = board("x.#./..../o...");
        let moves = |side| -> Vec<String> {
            position.moves(side).iter().map(AmazonMove::to_string).collect()
        };
        let left = moves(Player::Left);
        // Along the row to b1 (c1 is burnt), down the column to a2 (the o on a3 stops
        // it), down the diagonal to b2 and c3.
        assert!(left.contains(&"a1-b1/a1".to_string()));
        assert!(left.contains(&"a1-c3/a1".to_string()));
        assert!(left.contains(&"a1-c3/d3".to_string()));
        assert!(left.contains(&"a1-a2/a1".to_string()));
        assert!(!left.iter().any(|m| m.starts_with("a1-a3")));
        assert!(!left.iter().any(|m| m.starts_with("a1-c1")));
        assert!(!left.iter().any(|m| m.ends_with("/c1")));
        let play = |side, text: &str| position.play(side, &text.parse().unwrap());
        assert_eq!(
            play(Player::Left, "a1-c3/a1").unwrap().to_string(),
            "#.#./..../o.x."
        );
        assert_eq!(
            play(Player::Right, "a3-a1/a3").unwrap_err().to_string(),
            "illegal move a3-a1/a3: the amazon's way to a1 is blocked at a1"
        );
        assert_eq!(
            play(Player::Right, "a3-c1/a3").unwrap_err().to_string(),
            "illegal move a3-c1/a3: the amazon's way to c1 is blocked at c1"
        );
        assert_eq!(
            play(Player::Left, "a1-d1/d2").unwrap_err().to_string(),
            "illegal move a1-d1/d2: the amazon's way to d1 is blocked at c1"
        );
        assert_eq!(
            play(Player::Left, "a1-a2/a4").unwrap_err().to_string(),
            "illegal move a1-a2/a4: a4 is off the 4x3 board"
        );
        assert_eq!(
            play(Player::Left, "a1-a2/a3").unwrap_err().to_string(),
            "illegal move a1-a2/a3: the arrow's way to a3 is blocked at a3"
        );
        assert_eq!(
            play(Player::Left, "a1-b2/d4").unwrap_err().to_string(),
            "illegal move a1-b2/d4: d4 is off the 4x3 board"
        );
        assert_eq!(
            play(Player::Right, "a1-a2/a1").unwrap_err().to_string(),
            "illegal move a1-a2/a1: a1 holds no amazon of Right's"
        );
        // The arrow flies back through the cell the amazon left.
        let row = board("...x.");
        assert!(row
            .play(Player::Left, &"d1-e1/a1".parse().unwrap())
            .is_ok());
        assert_eq!(
            row.play(Player::Left, &"d1-e1/a1".parse().unwrap())
                .unwrap()
                .to_string(),
            "#...x"
        );
    }

    #[test]
    fn a_picture_has_coordinates() {
        assert_eq!(board("xo#/..o").draw(), "  a b c\n1 x o #\n2 . . o\n");
    }

    #[test]
    fn regions_are_the_components() {
        // Two regions apart: one of Left's only, one with both.
        let parts = texts(&board("x.#o./..#.x/###../o....").components());
        assert_eq!(parts.len(), 2, "{parts:?}");
        // Corners connect: the diagonal is a way through.
        assert_eq!(board("x#/#.").components().len(), 1);
        // A region where nobody can move is left out; so is one without amazons.
        assert!(board("x#./##./...").components().is_empty());
        assert!(board("xo").components().is_empty());
        // Symmetric boards are one normal form; swapping colours is the negative.
        assert_eq!(board("x../...").components(), board(".../..x").components());
        assert_eq!(board("x../...").components(), board("x./../..").components());
        let part = board("x.o/...").components()[0];
        assert_eq!(part.negative(), Some(board("o.x/...").components()[0]));
        check_components(&board("x.#o./..#.x/###../o....")).unwrap();
    }

    /// Every board of up to 6 cells (each cell empty, burnt or holding an amazon): the
    /// options of each are those of its components, and it has the outcome of their sum.
    #[test]
    fn components_partition_every_small_board() {
        for (width, height) in [(1, 1), (3, 1), (5, 1), (2, 2), (3, 2), (2, 3)] {
            let geometry = Geometry::new(width, height).unwrap();
            for mut code in 0..4usize.pow((width * height) as u32) {
                let (mut left, mut right, mut burnt) = (0, 0, 0);
                for index in 0..width * height {
                    match code % 4 {
                        1 => left |= 1u64 << index,
                        2 => right |= 1u64 << index,
                        3 => burnt |= 1u64 << index,
                        _ => {}
                    }
                    code /= 4;
                }
                let position = Amazons::new(geometry, left, right, burnt).unwrap();
                check_components(&position).unwrap();
                check_options_partition(&position).unwrap();
                check_outcome_of_components(&position).unwrap();
            }
        }
    }

    /// A random board of at most 16 cells with at most a few amazons.
    fn any_board() -> impl Strategy<Value = Amazons> {
        (1usize..=4, 1usize..=4, any::<u64>(), any::<u64>(), any::<u64>()).prop_map(
            |(width, height, pieces, colours, burnt)| {
                let geometry = Geometry::new(width, height).unwrap();
                let pieces = pieces & (pieces >> 3) & (pieces >> 5) & geometry.all();
                let burnt = burnt & (burnt >> 2) & geometry.all() & !pieces;
                Amazons::new(geometry, pieces & colours, pieces & !colours, burnt).unwrap()
            },
        )
    }

    proptest! {
        #[test]
        fn notation_round_trips(position in any_board()) {
            prop_assert_eq!(position.to_string().parse::<Amazons>().unwrap(), position);
        }

        #[test]
        fn listed_moves_are_legal_and_give_the_options(position in any_board()) {
            for side in [Player::Left, Player::Right] {
                let after: Vec<Amazons> = position
                    .moves(side)
                    .iter()
                    .map(|mv| position.play(side, &mv.to_string().parse().unwrap()).unwrap())
                    .collect();
                prop_assert_eq!(&after, &position.options(side));
                for next in after {
                    prop_assert_eq!(
                        next.empty().count_ones() + 1,
                        position.empty().count_ones()
                    );
                    prop_assert_eq!(next.to_string().parse::<Amazons>().unwrap(), next);
                }
            }
        }

        #[test]
        fn components_partition_the_moves(position in any_board()) {
            prop_assert_eq!(check_components(&position), Ok(()));
            prop_assert_eq!(check_options_partition(&position), Ok(()));
        }

        #[test]
        fn no_text_panics(text in "[xo#./|]{0,20}|\\PC{0,20}") {
            if let Ok(position) = text.parse::<Amazons>() {
                prop_assert_eq!(position.to_string().parse::<Amazons>().unwrap(), position);
            }
            let _ = text.parse::<AmazonMove>();
        }
    }
}
