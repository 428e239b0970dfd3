//! Fox and Geese (*Winning Ways* ch. 20; CGSuite's `FoxAndGeese`): on the dark squares of a
//! board of a given width, open upward, Left's geese move one square diagonally down (to a
//! lower row), and Right's fox moves one square diagonally either way. Neither may land on
//! a piece. Left wins by trapping the fox (Right cannot move); geese that run out of moves
//! lose. The fox can go back and forth, so play may go on for ever: the game is loopy, and
//! every position is valued as a stopper (an alternating run of moves has a goose move every
//! other move, and the geese have finitely many).
//!
//! Squares are `(row, column)`, from 1 at the bottom left; the dark squares, where pieces
//! stand, are those whose row and column add up to an even number (the bottom left corner
//! is dark, as in CGSuite). The board is open above, as CGSuite's is: a fox level with the
//! top goose, or one row below it with a free square above, can never be trapped (the geese
//! only move down), and such a position is worth `off`; the positions reachable from a
//! start are therefore finite.
//!
//! # Notation
//!
//! A position is its picture, top row first, rows split by `/` (or `|`, or line breaks):
//! `x` a goose, `o` the fox, `.` an empty square (light or dark); every row as wide as the
//! board, the last row row 1. The 4-row board with four geese on row 4 and the fox in the
//! bottom left corner is `.x.x.x.x/......../......../o.......`. Upper case `X` and `O` are
//! read too.
//!
//! ```
//! use grundy::games::foxgeese::{FoxGeese, Square};
//!
//! let start: FoxGeese = ".x.x.x.x/......../......../o.......".parse().unwrap();
//! assert_eq!(start.width(), 8);
//! assert_eq!(start.fox(), Square::new(1, 1));
//! assert_eq!(start.left_options().len(), 7); // the goose on (4, 8) has one move
//! assert_eq!(start.right_options().len(), 1); // the fox has one square: (2, 2)
//! assert!(!start.is_escaped());
//! ```
//!
//! Values: [`value`] values one position, [`values_table`] every square of the fox for
//! fixed geese, as CGSuite's `FoxAndGeese.ValuesTable` prints it. The argument and the
//! figures are in `docs/loopy.md`.

pub mod entry;
mod explicit;
mod layers;
mod moves;
mod table;

#[cfg(test)]
mod tests;

use crate::drawing::{Board, Layout, Mark, Naming, Owner};
use std::fmt;
use std::str::FromStr;

pub use explicit::{explicit_graph, value_of_explicit_graph, ExplicitGraph};
pub use moves::Step;
pub use layers::{value, values, LayerProgress};
pub use table::{values_table, TableCell, ValuesTable};

use crate::cgt::loopy::{LoopyEngine, LoopyError, LoopyValue};
use crate::error::ParseError;
use crate::loopy::partizan::LoopyPartizanGame;
use crate::player::Player;

/// The widest board: 16 columns.
pub const MAX_WIDTH: u8 = 16;

/// The geese stand on at most this many squares of the board's lowest rows (one bit each):
/// a board of width `w` holds geese on its lowest `128 / w` rows.
pub const GOOSE_CELLS: usize = 128;

/// A square of the board: its row (from 1 at the bottom) and column (from 1 at the left).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// The row, from 1 at the bottom.
    pub row: u8,
    /// The column, from 1 at the left.
    pub col: u8,
}

impl Square {
    /// The square on `row` and `col` (both from 1).
    pub const fn new(row: u8, col: u8) -> Square {
        Square { row, col }
    }

    /// Whether pieces stand on it: its row and column add up to an even number.
    pub fn is_dark(self) -> bool {
        (u16::from(self.row) + u16::from(self.col)) % 2 == 0
    }

    /// The square `rows` up and `cols` right, when it is on a board of `width` columns
    /// (rows from 1 to 255).
    fn step(self, rows: i16, cols: i16, width: u8) -> Option<Square> {
        let row = i16::from(self.row) + rows;
        let col = i16::from(self.col) + cols;
        if row < 1 || col < 1 || col > i16::from(width) {
            return None;
        }
        Some(Square::new(
            u8::try_from(row).ok()?,
            u8::try_from(col).ok()?,
        ))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// A position of Fox and Geese: the board's width, the geese (one bit per square of the
/// lowest rows) and the fox. Every field is the position's, so derived equality and hashing
/// are the position's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FoxGeese {
    width: u8,
    geese: u128,
    fox: Square,
}

impl FoxGeese {
    /// The position with the geese on `geese` and the fox on `fox`, on a board `width`
    /// columns wide; an error names the square when a piece is off the board or on a light
    /// square, two pieces share a square, there is no goose, or a goose is too high for the
    /// board's bits (row `128 / width` at most).
    pub fn new(width: u8, geese: &[Square], fox: Square) -> Result<FoxGeese, ParseError> {
        if !(2..=MAX_WIDTH).contains(&width) {
            return Err(ParseError::new(format!(
                "a board of Fox and Geese is 2 to {MAX_WIDTH} columns wide, not {width}"
            )));
        }
        if geese.is_empty() {
            return Err(ParseError::new(
                "a position of Fox and Geese needs at least one goose",
            ));
        }
        let check = |square: Square, what: &str| -> Result<(), ParseError> {
            if square.row < 1 || square.col < 1 || square.col > width {
                return Err(ParseError::at_token(
                    format!("the {what} is off the board of {width} columns"),
                    &square.to_string(),
                ));
            }
            if !square.is_dark() {
                return Err(ParseError::at_token(
                    format!(
                        "the {what} is on a light square: pieces stand where row and column add \
                         up to an even number"
                    ),
                    &square.to_string(),
                ));
            }
            Ok(())
        };
        check(fox, "fox")?;
        let mut bits = 0u128;
        for &goose in geese {
            check(goose, "goose")?;
            let cell = cell_of(width, goose).ok_or_else(|| {
                ParseError::at_token(
                    format!(
                        "a goose is above row {} (a board {width} wide holds geese on its lowest \
                         {} rows)",
                        GOOSE_CELLS / usize::from(width),
                        GOOSE_CELLS / usize::from(width)
                    ),
                    &goose.to_string(),
                )
            })?;
            if bits & (1 << cell) != 0 {
                return Err(ParseError::at_token(
                    "two geese on one square",
                    &goose.to_string(),
                ));
            }
            if goose == fox {
                return Err(ParseError::at_token(
                    "the fox and a goose on one square",
                    &goose.to_string(),
                ));
            }
            bits |= 1 << cell;
        }
        Ok(FoxGeese {
            width,
            geese: bits,
            fox,
        })
    }

    /// The board's width.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// The fox's square.
    pub fn fox(&self) -> Square {
        self.fox
    }

    /// The geese's squares, bottom row first, left to right in a row.
    pub fn geese(&self) -> Vec<Square> {
        bits_of(self.geese)
            .map(|cell| square_of(self.width, cell))
            .collect()
    }

    /// The geese, one bit per square (`(row − 1) × width + column − 1`).
    pub(crate) fn geese_bits(&self) -> u128 {
        self.geese
    }

    /// The highest row a goose stands on.
    pub fn top_goose_row(&self) -> u8 {
        let highest = 127 - self.geese.leading_zeros() as usize;
        square_of(self.width, highest).row
    }

    /// Whether a goose stands on `square`.
    pub fn has_goose(&self, square: Square) -> bool {
        cell_of(self.width, square).is_some_and(|cell| self.geese & (1 << cell) != 0)
    }

    /// Whether the fox can never be trapped: it is level with the top goose or above, or one
    /// row below with a free square above it. Geese only move down, so such a fox always
    /// has a move, while the geese have finitely many: the position is worth `off`.
    pub fn is_escaped(&self) -> bool {
        let top = self.top_goose_row();
        if self.fox.row >= top {
            return true;
        }
        self.fox.row + 1 == top
            && [-1, 1].into_iter().any(|dc| {
                self.fox
                    .step(1, dc, self.width)
                    .is_some_and(|up| !self.has_goose(up))
            })
    }

    /// Left's options: a goose one square diagonally down, onto an empty square.
    pub fn left_options(&self) -> Vec<FoxGeese> {
        self.goose_steps().into_iter().map(|(_, next)| next).collect()
    }

    /// Left's moves, each with the position it leads to: geese from the bottom row up, left
    /// to right in a row, each down-left then down-right.
    pub fn goose_steps(&self) -> Vec<(Step, FoxGeese)> {
        let mut out = Vec::new();
        for cell in bits_of(self.geese) {
            let goose = square_of(self.width, cell);
            for dc in [-1, 1] {
                let Some(to) = goose.step(-1, dc, self.width) else {
                    continue;
                };
                if to == self.fox || self.has_goose(to) {
                    continue;
                }
                let Some(to_cell) = cell_of(self.width, to) else {
                    continue;
                };
                let next = FoxGeese {
                    geese: (self.geese & !(1 << cell)) | (1 << to_cell),
                    ..*self
                };
                out.push((Step { from: goose, to }, next));
            }
        }
        out
    }

    /// Right's options: the fox one square diagonally either way, onto an empty square (up
    /// to row 255).
    pub fn right_options(&self) -> Vec<FoxGeese> {
        self.fox_steps().into_iter().map(|(_, next)| next).collect()
    }

    /// Right's moves, each with the position it leads to: down-left, down-right, up-left,
    /// up-right.
    pub fn fox_steps(&self) -> Vec<(Step, FoxGeese)> {
        let mut out = Vec::new();
        for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
            if let Some(to) = self.fox.step(dr, dc, self.width) {
                if !self.has_goose(to) {
                    let step = Step { from: self.fox, to };
                    out.push((step, FoxGeese { fox: to, ..*self }));
                }
            }
        }
        out
    }

    /// The position with the fox on `fox` instead (which must be a dark square of the board
    /// without a goose).
    pub(crate) fn with_fox(&self, fox: Square) -> FoxGeese {
        FoxGeese { fox, ..*self }
    }

    /// The number of rows the picture shows: up to the top goose or the fox.
    pub fn height(&self) -> u8 {
        self.top_goose_row().max(self.fox.row)
    }
}

/// The bit of `square` on a board of `width` columns, when the geese's bits reach it.
pub(crate) fn cell_of(width: u8, square: Square) -> Option<usize> {
    if square.row < 1 || square.col < 1 || square.col > width {
        return None;
    }
    let cell = (usize::from(square.row) - 1) * usize::from(width) + usize::from(square.col) - 1;
    (cell < GOOSE_CELLS).then_some(cell)
}

/// The square of bit `cell` on a board of `width` columns.
pub(crate) fn square_of(width: u8, cell: usize) -> Square {
    let width = usize::from(width);
    // `cell` < 128 and `width` ≥ 2: the row is at most 64.
    Square::new((cell / width + 1) as u8, (cell % width + 1) as u8)
}

/// The set bits of `bits`, lowest first.
pub(crate) fn bits_of(mut bits: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let cell = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(cell)
    })
}

impl fmt::Display for FoxGeese {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let height = self.height();
        for row in (1..=height).rev() {
            for col in 1..=self.width {
                let square = Square::new(row, col);
                let c = if square == self.fox {
                    'o'
                } else if self.has_goose(square) {
                    'x'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            if row > 1 {
                write!(f, "/")?;
            }
        }
        Ok(())
    }
}

impl FromStr for FoxGeese {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<FoxGeese, ParseError> {
        let rows: Vec<&str> = text.trim().split(['/', '|', '\n']).map(str::trim).collect();
        if rows.iter().any(|row| row.is_empty()) {
            return Err(ParseError::at_token(
                "an empty row in a Fox and Geese picture (rows are split by `/`)",
                text,
            ));
        }
        let height = rows.len();
        if height > usize::from(u8::MAX) {
            return Err(ParseError::new(format!(
                "a Fox and Geese picture of {height} rows: at most 255"
            )));
        }
        let width = rows[0].chars().count();
        let mut geese = Vec::new();
        let mut fox = None;
        for (i, row_text) in rows.iter().enumerate() {
            let row = (height - i) as u8;
            if row_text.chars().count() != width {
                return Err(ParseError::at_token(
                    format!(
                        "row {row} of the picture is {} squares wide, the top row {width}",
                        row_text.chars().count()
                    ),
                    row_text,
                ));
            }
            for (j, c) in row_text.chars().enumerate() {
                let square = Square::new(row, (j + 1).min(255) as u8);
                match c {
                    'x' | 'X' => geese.push(square),
                    'o' | 'O' => {
                        if fox.replace(square).is_some() {
                            return Err(ParseError::at_token(
                                "a second fox (a position has one)",
                                &square.to_string(),
                            ));
                        }
                    }
                    '.' => {}
                    other => {
                        return Err(ParseError::at_token(
                            format!(
                                "unknown square {other:?} in row {row}, column {}: a goose is \
                                 `x`, the fox `o`, an empty square `.`",
                                j + 1
                            ),
                            row_text,
                        ))
                    }
                }
            }
        }
        let fox = fox.ok_or_else(|| ParseError::at_token("no fox (`o`) in the picture", text))?;
        let width = u8::try_from(width).map_err(|_| {
            ParseError::new(format!(
                "a board of Fox and Geese is 2 to {MAX_WIDTH} columns wide, not {width}"
            ))
        })?;
        FoxGeese::new(width, &geese, fox)
    }
}

impl LoopyPartizanGame for FoxGeese {
    /// The board up to the row above the fox or the top goose, row 1 at the bottom: geese
    /// (Left's) and the fox (Right's) on the dark squares, the light ones blocked.
    fn board(&self) -> Option<Board> {
        let (width, height) = entry::board_size(self);
        let mut cells = Vec::with_capacity(width * height);
        for row in (1..=height).rev() {
            for col in 1..=width {
                // Both fit a u8: the width is at most 16 and the height one more than a
                // piece's row.
                let square = Square::new(row as u8, col as u8);
                cells.push(if !square.is_dark() {
                    Mark::Hole
                } else if square == self.fox() {
                    Mark::Piece(Owner::Right, 'F')
                } else if self.has_goose(square) {
                    Mark::Piece(Owner::Left, 'G')
                } else {
                    Mark::Empty
                });
            }
        }
        Some(Board {
            layout: Layout::Cells {
                width,
                height,
                cells,
                naming: Naming::LettersAndRowsUp,
            },
            pieces: ["geese, stepping down", "the fox, stepping either way"],
        })
    }

    type Move = Step;

    fn moves(&self, side: Player) -> Vec<(Step, FoxGeese)> {
        match side {
            Player::Left => self.goose_steps(),
            Player::Right => self.fox_steps(),
        }
    }

    fn value(&self, engine: &mut LoopyEngine<'_>) -> Result<LoopyValue, LoopyError> {
        value(self, engine)
    }
}
