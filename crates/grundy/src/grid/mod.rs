//! Grids of at most 64 cells as bitboards, and their text rows.
//!
//! Cell `(column, row)` of a `width × height` grid is bit `row · width + column` of a `u64`
//! (row 0 at the top, as the rows are written). [`Geometry`] does the bit arithmetic the grid
//! games share: pairs of neighbours, flood fill, cropping and the symmetries of the
//! rectangle. [`parse_rows`] reads the `row/row/…` notation, [`cell`] names cells as moves
//! name them (`b2`), and [`step`] is a move along a row of cells (`2-3`).

pub mod cell;
pub mod step;

use crate::error::ParseError;

/// The most cells a grid may have: one bit each in a `u64`.
pub const MAX_CELLS: usize = 64;

/// The shape of a grid: `width × height`, both at least 1, at most [`MAX_CELLS`] cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Geometry {
    width: u8,
    height: u8,
}

/// One of the eight symmetries of a rectangle, as what happens to a cell: first transpose
/// (swap columns and rows) if `transpose`, then mirror columns if `flip_columns` and rows if
/// `flip_rows`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Symmetry {
    /// Swap columns and rows (a reflection in the main diagonal).
    pub transpose: bool,
    /// Mirror left and right.
    pub flip_columns: bool,
    /// Mirror top and bottom.
    pub flip_rows: bool,
}

impl Symmetry {
    /// The four symmetries that keep rows as rows: identity, the two mirrors and the half
    /// turn.
    pub const MIRRORS: [Symmetry; 4] = [
        Symmetry::new(false, false, false),
        Symmetry::new(false, true, false),
        Symmetry::new(false, false, true),
        Symmetry::new(false, true, true),
    ];

    /// The reflection in the main diagonal (columns become rows).
    pub const TRANSPOSE: Symmetry = Symmetry::new(true, false, false);

    /// All eight symmetries of a square (of a rectangle, the transposing ones change its
    /// shape).
    pub const ALL: [Symmetry; 8] = [
        Symmetry::new(false, false, false),
        Symmetry::new(false, true, false),
        Symmetry::new(false, false, true),
        Symmetry::new(false, true, true),
        Symmetry::new(true, false, false),
        Symmetry::new(true, true, false),
        Symmetry::new(true, false, true),
        Symmetry::new(true, true, true),
    ];

    const fn new(transpose: bool, flip_columns: bool, flip_rows: bool) -> Self {
        Symmetry {
            transpose,
            flip_columns,
            flip_rows,
        }
    }
}

/// The four orthogonal directions on a grid (up is towards row 1, the top).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards the last column.
    Right,
    /// Towards the first column.
    Left,
    /// Towards the last row.
    Down,
    /// Towards the first row.
    Up,
}

impl Direction {
    /// All four.
    pub const ALL: [Direction; 4] = [
        Direction::Right,
        Direction::Left,
        Direction::Down,
        Direction::Up,
    ];
}

impl Geometry {
    /// A `width × height` grid, or `None` when a side is 0 or there are more than
    /// [`MAX_CELLS`] cells.
    pub fn new(width: usize, height: usize) -> Option<Self> {
        if width == 0 || height == 0 || width.checked_mul(height)? > MAX_CELLS {
            return None;
        }
        Some(Geometry {
            width: u8::try_from(width).ok()?,
            height: u8::try_from(height).ok()?,
        })
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.width() * self.height()
    }

    /// Every cell.
    pub fn all(&self) -> u64 {
        low_bits(self.cells())
    }

    /// The bit of a cell; the caller keeps the cell on the grid.
    pub fn bit(&self, column: usize, row: usize) -> u64 {
        1u64 << (row * self.width() + column)
    }

    /// Whether the cell is on the grid.
    pub fn contains(&self, column: usize, row: usize) -> bool {
        column < self.width() && row < self.height()
    }

    /// The cell of a bit index.
    pub fn cell_of(&self, index: usize) -> (usize, usize) {
        (index % self.width(), index / self.width())
    }

    /// The cells of `from` whose neighbour in `direction` is in `to`.
    pub fn facing(&self, from: u64, to: u64, direction: Direction) -> u64 {
        let width = self.width();
        match direction {
            Direction::Right => from & (to >> 1) & self.has_right(),
            Direction::Left => from & (to << 1) & (self.has_right() << 1),
            Direction::Down => from & row_up(to, width),
            Direction::Up => from & row_down(to, width),
        }
    }

    /// The index of the neighbour of cell `index` in `direction`; the caller keeps it on
    /// the grid (as [`Geometry::facing`] does).
    pub fn neighbour(&self, index: usize, direction: Direction) -> usize {
        match direction {
            Direction::Right => index + 1,
            Direction::Left => index - 1,
            Direction::Down => index + self.width(),
            Direction::Up => index - self.width(),
        }
    }

    /// The cells of the first column.
    fn first_column(&self) -> u64 {
        (0..self.height()).fold(0, |mask, row| mask | self.bit(0, row))
    }

    /// The cells not in the last column: those with a right-hand neighbour.
    fn has_right(&self) -> u64 {
        self.all() & !(self.first_column() << (self.width() - 1))
    }

    /// The cells `i` of `mask` whose right-hand neighbour is also in `mask`.
    pub fn right_pairs(&self, mask: u64) -> u64 {
        mask & (mask >> 1) & self.has_right()
    }

    /// The cells `i` of `mask` whose neighbour below is also in `mask`.
    pub fn down_pairs(&self, mask: u64) -> u64 {
        mask & row_up(mask, self.width())
    }

    /// The cells sharing a side with a cell of `mask` (on the grid).
    pub fn neighbours(&self, mask: u64) -> u64 {
        let width = self.width();
        let right = (mask & self.has_right()) << 1;
        let left = (mask >> 1) & self.has_right();
        let down = row_down(mask, width);
        let up = row_up(mask, width);
        (right | left | down | up) & self.all()
    }

    /// The cells of `within` connected to `seed` through cells of `within` (orthogonally).
    pub fn flood(&self, seed: u64, within: u64) -> u64 {
        let mut region = seed & within;
        loop {
            let grown = (region | self.neighbours(region)) & within;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The maximal orthogonally connected regions of `mask`, in order of their first cell.
    pub fn regions(&self, mask: u64) -> Vec<u64> {
        let mut regions = Vec::new();
        let mut rest = mask;
        while rest != 0 {
            let region = self.flood(rest & rest.wrapping_neg(), rest);
            regions.push(region);
            rest &= !region;
        }
        regions
    }

    /// The smallest box holding the cells of a non-empty `mask`: its first column and row
    /// and its shape.
    pub fn bounding_box(&self, mask: u64) -> (usize, usize, Geometry) {
        let width = self.width();
        let row_cells = low_bits(width);
        let (mut columns, mut top, mut bottom) = (0u64, usize::MAX, 0);
        for row in 0..self.height() {
            let cells = (mask >> (row * width)) & row_cells;
            if cells != 0 {
                columns |= cells;
                top = top.min(row);
                bottom = row;
            }
        }
        if columns == 0 {
            return (0, 0, *self);
        }
        let left = columns.trailing_zeros() as usize;
        let right = 63 - columns.leading_zeros() as usize;
        let shape = Geometry {
            width: (right - left + 1) as u8,
            height: (bottom - top + 1) as u8,
        };
        (left, top, shape)
    }

    /// `mask` in a box of shape `target` whose top-left cell is `(left, top)` of this grid.
    pub fn crop(&self, mask: u64, left: usize, top: usize, target: &Geometry) -> u64 {
        let width = self.width();
        let kept = low_bits(target.width());
        (0..target.height())
            .map(|row| (row, top + row))
            .filter(|&(_, from)| from < self.height() && left < width)
            .fold(0, |cropped, (row, from)| {
                let cells = (mask >> (from * width + left)) & kept & low_bits(width - left);
                cropped | cells << (row * target.width())
            })
    }

    /// The grid after `symmetry` (a transposing one swaps width and height).
    pub fn transformed(&self, symmetry: Symmetry) -> Geometry {
        if symmetry.transpose {
            Geometry {
                width: self.height,
                height: self.width,
            }
        } else {
            *self
        }
    }

    /// `mask` moved by `symmetry`, in the grid [`Geometry::transformed`] gives.
    pub fn transform(&self, mask: u64, symmetry: Symmetry) -> u64 {
        if !symmetry.transpose {
            return self.mirror(mask, symmetry.flip_columns, symmetry.flip_rows);
        }
        let target = self.transformed(symmetry);
        bits(mask).fold(0, |moved, index| {
            let (mut column, mut row) = self.cell_of(index);
            std::mem::swap(&mut column, &mut row);
            if symmetry.flip_columns {
                column = target.width() - 1 - column;
            }
            if symmetry.flip_rows {
                row = target.height() - 1 - row;
            }
            moved | target.bit(column, row)
        })
    }

    /// `mask` mirrored left–right and/or top–bottom, a row at a time.
    fn mirror(&self, mask: u64, flip_columns: bool, flip_rows: bool) -> u64 {
        let width = self.width();
        let height = self.height();
        let row_cells = low_bits(width);
        (0..height).fold(0, |moved, row| {
            let mut cells = (mask >> (row * width)) & row_cells;
            if flip_columns {
                cells = cells.reverse_bits() >> (64 - width);
            }
            let to = if flip_rows { height - 1 - row } else { row };
            moved | cells << (to * width)
        })
    }
}

/// The `count` lowest bits (all 64 when `count` is 64 or more): the mask of the first
/// `count` cells of a bitboard, a row or a strip.
#[inline]
pub fn low_bits(count: usize) -> u64 {
    if count >= 64 {
        u64::MAX
    } else {
        (1u64 << count) - 1
    }
}

/// The indices of the set bits of `mask`, lowest first.
pub fn bits(mask: u64) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        if rest == 0 {
            None
        } else {
            let index = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(index)
        }
    })
}

/// A grid read from rows: its shape and each cell's character, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rows {
    /// The shape.
    pub geometry: Geometry,
    /// The characters, row-major from the top-left cell.
    pub cells: Vec<char>,
}

/// Reads rows separated by `/`, top row first, each cell one of `allowed` (`what` names the
/// cells in messages, as in "Domineering cells are '.' and '#'"). Errors name the row (as the
/// token index) and the character's column.
pub fn parse_rows(text: &str, allowed: &[char], what: &str) -> Result<Rows, ParseError> {
    let rows: Vec<&str> = text.split('/').collect();
    let width = rows.first().map_or(0, |row| row.chars().count());
    let mut cells = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let fail = |message: String| ParseError::at_token(message, row).with_column(index + 1);
        if row.is_empty() {
            return Err(fail(format!("row {} is empty", index + 1)));
        }
        for (column, c) in row.chars().enumerate() {
            if !allowed.contains(&c) {
                return Err(fail(format!(
                    "unknown character {c:?} in row {}, column {} ({what})",
                    index + 1,
                    column + 1
                )));
            }
            cells.push(c);
        }
        let length = row.chars().count();
        if length != width {
            return Err(fail(format!(
                "row {} has {length} cells but the first row has {width}: rows must be \
                 equally long",
                index + 1
            )));
        }
        if cells.len() > MAX_CELLS {
            return Err(ParseError::at_token(
                format!(
                    "the board has more than {MAX_CELLS} cells, the most this representation holds"
                ),
                text,
            ));
        }
    }
    let geometry = Geometry::new(width, rows.len())
        .ok_or_else(|| ParseError::at_token(format!("a board has 1 to {MAX_CELLS} cells"), text))?;
    Ok(Rows { geometry, cells })
}

/// The shape `width × height` of a board of `game` (named in the message), or an error
/// when a side is 0 or there are more than [`MAX_CELLS`] cells.
pub fn shape(game: &str, width: usize, height: usize) -> Result<Geometry, ParseError> {
    Geometry::new(width, height).ok_or_else(|| {
        ParseError::new(format!(
            "a {game} board has 1 to {MAX_CELLS} cells and both sides at least 1, \
             got {width}x{height}"
        ))
    })
}

/// Reads a size `WIDTHxHEIGHT` (`x`, `X` or `×`, as in `4x5`: 4 columns and 5 rows) of a
/// board of `game`; errors name the whole text.
pub fn parse_size(text: &str, game: &str) -> Result<Geometry, ParseError> {
    let fail = |message: String| ParseError::at_token(message, text);
    let (width, height) = text
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| fail("a board size is written WIDTHxHEIGHT, as in 4x5".to_string()))?;
    let side = |what: &str, digits: &str| -> Result<usize, ParseError> {
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(fail(format!(
                "{what} must be a positive integer, got {digits:?}"
            )));
        }
        digits
            .parse()
            .map_err(|_| fail(format!("{what} is far too large")))
    };
    let width = side("the width", width)?;
    let height = side("the height", height)?;
    shape(game, width, height).map_err(|error| error.with_token(text))
}

/// Reads a board of `game` whose cells are empty or not: a size `WIDTHxHEIGHT` (a text
/// starting with a digit, every cell empty) or rows joined by `/` of `.` (empty) and `#`
/// (blocked). Returns the shape and the empty cells.
pub fn parse_empty_cells(text: &str, game: &str) -> Result<(Geometry, u64), ParseError> {
    if text.starts_with(|c: char| c.is_ascii_digit()) {
        let geometry = parse_size(text, game)?;
        return Ok((geometry, geometry.all()));
    }
    let rows = parse_rows(text, &['.', '#'], &format!("{game} cells are '.' and '#'"))?;
    let empty = rows
        .cells
        .iter()
        .enumerate()
        .filter(|(_, &c)| c == '.')
        .fold(0u64, |mask, (index, _)| mask | (1u64 << index));
    Ok((rows.geometry, empty))
}

/// Writes a board whose cells are empty or not, as [`parse_empty_cells`] reads it:
/// `WIDTHxHEIGHT` when every cell is empty, else the rows, top first, joined by `/`.
pub fn format_empty_cells(geometry: &Geometry, empty: u64) -> String {
    if empty == geometry.all() {
        return format!("{}x{}", geometry.width(), geometry.height());
    }
    let rows: Vec<String> = (0..geometry.height())
        .map(|row| {
            (0..geometry.width())
                .map(|column| {
                    if empty & geometry.bit(column, row) != 0 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect()
        })
        .collect();
    rows.join("/")
}

/// `mask` moved one row down (`width` bits up): nothing is left of a one-row grid of 64
/// cells, where a plain shift by 64 would overflow.
fn row_down(mask: u64, width: usize) -> u64 {
    u32::try_from(width)
        .ok()
        .and_then(|width| mask.checked_shl(width))
        .unwrap_or(0)
}

/// `mask` moved one row up (`width` bits down), as [`row_down`].
fn row_up(mask: u64, width: usize) -> u64 {
    u32::try_from(width)
        .ok()
        .and_then(|width| mask.checked_shr(width))
        .unwrap_or(0)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_bounded() {
        assert!(Geometry::new(8, 8).is_some());
        assert!(Geometry::new(64, 1).is_some());
        assert!(Geometry::new(1, 64).is_some());
        assert!(Geometry::new(5, 13).is_none());
        assert!(Geometry::new(0, 3).is_none());
        assert!(Geometry::new(usize::MAX, 2).is_none());
        assert_eq!(Geometry::new(8, 8).unwrap().all(), u64::MAX);
    }

    #[test]
    fn a_row_of_64_cells_has_no_cell_above_or_below() {
        let row = Geometry::new(64, 1).unwrap();
        let all = row.all();
        assert_eq!(row.down_pairs(all), 0);
        assert_eq!(row.facing(all, all, Direction::Down), 0);
        assert_eq!(row.facing(all, all, Direction::Up), 0);
        // Neighbours along the row only: both ends have one, every other cell two.
        assert_eq!(row.neighbours(1), 2);
        assert_eq!(row.neighbours(1 << 63), 1 << 62);
        assert_eq!(row.right_pairs(all).count_ones(), 63);
    }

    #[test]
    fn pairs_stay_in_their_row() {
        let grid = Geometry::new(3, 2).unwrap();
        // Row 0 full, row 1 only its first cell: right pairs at 0 and 1 (not 2-3 across rows).
        let mask = 0b001_111;
        assert_eq!(grid.right_pairs(mask), 0b000_011);
        assert_eq!(grid.down_pairs(mask), 0b000_001);
        assert_eq!(grid.neighbours(0b000_100), 0b100_010);
        assert_eq!(grid.regions(0b101_101), vec![0b001_001, 0b100_100]);
        // Cells of row 0 facing a cell of row 1 in each direction.
        let (from, to) = (0b000_111, 0b111_000);
        assert_eq!(grid.facing(from, to, Direction::Down), 0b000_111);
        assert_eq!(grid.facing(from, to, Direction::Up), 0);
        assert_eq!(grid.facing(0b001, 0b100, Direction::Right), 0);
        assert_eq!(grid.facing(0b100_000, 0b001, Direction::Left), 0);
        assert_eq!(grid.facing(0b010, 0b001, Direction::Left), 0b010);
        assert_eq!(grid.neighbour(4, Direction::Up), 1);
    }

    #[test]
    fn boxes_crop_and_symmetries_move() {
        let grid = Geometry::new(4, 3).unwrap();
        let mask = grid.bit(1, 1) | grid.bit(2, 1) | grid.bit(2, 2);
        let (left, top, shape) = grid.bounding_box(mask);
        assert_eq!((left, top, shape.width(), shape.height()), (1, 1, 2, 2));
        let cropped = grid.crop(mask, left, top, &shape);
        assert_eq!(cropped, 0b1011);
        // A box wider than what is left of the grid keeps only the grid's cells.
        let wide = Geometry::new(4, 2).unwrap();
        assert_eq!(grid.crop(grid.all(), 2, 1, &wide), 0b0011_0011);
        assert_eq!(grid.bounding_box(grid.bit(3, 2)).0, 3);
        let flipped = shape.transform(cropped, Symmetry::new(false, true, false));
        assert_eq!(flipped, 0b0111);
        for symmetry in Symmetry::ALL {
            let moved = grid.transform(mask, symmetry);
            assert_eq!(moved.count_ones(), 3);
        }
        // Row-at-a-time mirrors agree with moving each cell, on every mask of a 3 x 2 grid
        // and on full-width rows.
        for grid in [Geometry::new(3, 2).unwrap(), Geometry::new(64, 1).unwrap()] {
            for mask in (0..64u64).chain([grid.all(), 0x8000_0000_0000_0001]) {
                let mask = mask & grid.all();
                for symmetry in Symmetry::MIRRORS {
                    let by_cell = bits(mask).fold(0, |moved, index| {
                        let (mut column, mut row) = grid.cell_of(index);
                        if symmetry.flip_columns {
                            column = grid.width() - 1 - column;
                        }
                        if symmetry.flip_rows {
                            row = grid.height() - 1 - row;
                        }
                        moved | grid.bit(column, row)
                    });
                    assert_eq!(
                        grid.transform(mask, symmetry),
                        by_cell,
                        "{mask:b} {symmetry:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn rows_are_checked() {
        let rows = parse_rows("..#/...", &['.', '#'], "cells are '.' and '#'").unwrap();
        assert_eq!((rows.geometry.width(), rows.geometry.height()), (3, 2));
        for (text, message, row) in [
            ("../.", "row 2 has 1 cells", 2),
            ("..//..", "row 2 is empty", 2),
            ("", "row 1 is empty", 1),
            (".x", "unknown character 'x' in row 1, column 2", 1),
        ] {
            let error = parse_rows(text, &['.', '#'], "cells are '.' and '#'").unwrap_err();
            assert!(error.message.starts_with(message), "{text}: {error}");
            assert_eq!(error.location.column, Some(row), "{text}");
        }
        let big = ["........"; 9].join("/");
        assert!(parse_rows(&big, &['.'], "dots")
            .unwrap_err()
            .message
            .contains("64"));
    }
}
