//! The bitboard: boards up to 8 × 8 as two 64-bit masks, for search speed.
//!
//! Square (row, column) is bit `8 * row + column` whatever the size, so a row is one byte and
//! a column one bit of each byte; a push is a masked shift by 1 (rows) or 8 (columns).

use crate::error::{ParseError, RuleError};
use crate::grid;

use super::common::{Board, Colour, LineView, Size, Straights};
use super::moves::{Edge, Move};
use super::zobrist;

/// The largest size a bitboard holds.
pub const MAX_BITBOARD_SIZE: usize = 8;

/// A board of size 1 to 8 as masks of X and O markers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BitBoard {
    x: u64,
    o: u64,
    size: Size,
}

/// Zobrist tables by byte: `TABLE[colour][row][byte]` is the XOR of the keys of the squares of
/// `row` whose bits are set in `byte`, so hashing costs 16 lookups instead of 64 tests.
static TABLE: [[[u64; 256]; 8]; 2] = build_table();

const fn build_table() -> [[[u64; 256]; 8]; 2] {
    let mut table = [[[0u64; 256]; 8]; 2];
    let mut colour = 0;
    while colour < 2 {
        let which = if colour == 0 { Colour::X } else { Colour::O };
        let mut row = 0;
        while row < 8 {
            let mut byte = 0;
            while byte < 256 {
                let mut hash = 0u64;
                let mut column = 0;
                while column < 8 {
                    if byte & (1 << column) != 0 {
                        hash ^= zobrist::key(row, column, which);
                    }
                    column += 1;
                }
                table[colour][row][byte] = hash;
                byte += 1;
            }
            row += 1;
        }
        colour += 1;
    }
    table
}

/// `RINGS[n][r]`: the squares of an `n` × `n` bitboard at distance `r` from the nearest edge.
static RINGS: [[u64; 4]; MAX_BITBOARD_SIZE + 1] = build_rings();

const fn build_rings() -> [[u64; 4]; MAX_BITBOARD_SIZE + 1] {
    let mut rings = [[0u64; 4]; MAX_BITBOARD_SIZE + 1];
    let mut n = 1;
    while n <= MAX_BITBOARD_SIZE {
        let mut row = 0;
        while row < n {
            let mut column = 0;
            while column < n {
                let mut ring = row;
                if column < ring {
                    ring = column;
                }
                if n - 1 - row < ring {
                    ring = n - 1 - row;
                }
                if n - 1 - column < ring {
                    ring = n - 1 - column;
                }
                rings[n][ring] |= 1 << (8 * row + column);
                column += 1;
            }
            row += 1;
        }
        n += 1;
    }
    rings
}

/// The `n` lowest bits set (n ≤ 64).
#[inline]
fn low_bits(n: u32) -> u64 {
    grid::low_bits(n as usize)
}

/// The number of set bits in each byte of `mask`, byte by byte (a SWAR popcount that stops
/// before adding the bytes up): byte `k` of the result counts the markers of row `k`.
fn byte_counts(mask: u64) -> u64 {
    let pairs = mask - ((mask >> 1) & 0x5555_5555_5555_5555);
    let nibbles = (pairs & 0x3333_3333_3333_3333) + ((pairs >> 2) & 0x3333_3333_3333_3333);
    (nibbles + (nibbles >> 4)) & 0x0F0F_0F0F_0F0F_0F0F
}

/// The mask mirrored in its main diagonal: bit `8 * row + column` moves to
/// `8 * column + row`, so that columns become rows (three delta swaps).
fn transpose(mask: u64) -> u64 {
    let mut mask = mask;
    let swap = |mask: &mut u64, bits: u64, delta: u32| {
        let moved = bits & (*mask ^ (*mask << delta));
        *mask ^= moved ^ (moved >> delta);
    };
    swap(&mut mask, 0x0F0F_0F0F_0000_0000, 28);
    swap(&mut mask, 0x3333_0000_3333_0000, 14);
    swap(&mut mask, 0x5500_5500_5500_5500, 7);
    mask
}

/// The marker on bit `bit` of the two masks (looked up, not branched on: the evaluation reads
/// every line's ends).
fn marker_at(x: u64, o: u64, bit: usize) -> Option<Colour> {
    const MARKERS: [Option<Colour>; 4] = [None, Some(Colour::X), Some(Colour::O), None];
    MARKERS[((x >> bit & 1) | (o >> bit & 1) << 1) as usize]
}

impl BitBoard {
    /// The rows and the columns that `mask` fills on this board, as two counts.
    fn full_lines(&self, mask: u64) -> u32 {
        let n = self.n();
        // A row is full when its byte ANDed with its own shifts keeps bit 0; a column when
        // the rows ANDed together keep its bit.
        let (mut rows, mut columns) = (mask, mask);
        for step in 1..n {
            rows &= mask >> step;
            columns &= mask >> (8 * step);
        }
        let (rows, columns) = (
            rows & 0x0101_0101_0101_0101 & low_bits(8 * n),
            columns & low_bits(n),
        );
        // Almost every board has no straight: no bits to count then.
        if rows | columns == 0 {
            return 0;
        }
        rows.count_ones() + columns.count_ones()
    }

    fn n(&self) -> u32 {
        u32::from(self.size.get() as u8)
    }

    fn row_mask(&self, row: u32) -> u64 {
        low_bits(self.n()) << (8 * row)
    }

    fn column_mask(&self, column: u32) -> u64 {
        (0x0101_0101_0101_0101u64 & low_bits(8 * self.n())) << column
    }

    /// The X markers as a mask (bit `8 * row + column`).
    pub fn x_mask(&self) -> u64 {
        self.x
    }

    /// The O markers as a mask (bit `8 * row + column`).
    pub fn o_mask(&self) -> u64 {
        self.o
    }

    /// Replaces both masks in one step (used by the retrograde analysis to enumerate boards).
    pub fn from_masks(size: Size, x: u64, o: u64) -> Result<BitBoard, ParseError> {
        let mut board = BitBoard::empty(size)?;
        let all = (0..board.n()).fold(0, |acc, row| acc | board.row_mask(row));
        if x & o != 0 || (x | o) & !all != 0 {
            return Err(ParseError::new("the masks overlap or leave the board"));
        }
        board.x = x;
        board.o = o;
        Ok(board)
    }

    /// Moves the markers of `region` except the last one (`moved`) by `shift`, then puts the
    /// new marker on `entry`.
    fn shift_in(
        &mut self,
        region: u64,
        moved: u64,
        up: bool,
        step: u32,
        entry: u64,
        colour: Colour,
    ) {
        let shift = |mask: u64| if up { mask << step } else { mask >> step };
        self.x = (self.x & !region) | shift(self.x & moved);
        self.o = (self.o & !region) | shift(self.o & moved);
        match colour {
            Colour::X => self.x |= entry,
            Colour::O => self.o |= entry,
        }
    }
}

impl Board for BitBoard {
    fn empty(size: Size) -> Result<Self, ParseError> {
        if size.get() > MAX_BITBOARD_SIZE {
            return Err(ParseError::at_token(
                format!("a bitboard holds boards up to {MAX_BITBOARD_SIZE} × {MAX_BITBOARD_SIZE}"),
                &size.get().to_string(),
            ));
        }
        Ok(BitBoard { x: 0, o: 0, size })
    }

    fn size(&self) -> Size {
        self.size
    }

    fn cell(&self, row: usize, column: usize) -> Option<Colour> {
        let n = self.size.get();
        if row >= n || column >= n {
            return None;
        }
        let bit = 1u64 << (8 * row + column);
        if self.x & bit != 0 {
            Some(Colour::X)
        } else if self.o & bit != 0 {
            Some(Colour::O)
        } else {
            None
        }
    }

    fn push(&mut self, mv: Move, colour: Colour) -> Result<(), RuleError> {
        self.size.check(mv)?;
        let n = self.n();
        let line = mv.line() as u32 - 1;
        let occupied = self.x | self.o;
        match mv.edge() {
            Edge::Left => {
                let row = self.row_mask(line);
                let empty = !occupied & row;
                let end = if empty == 0 {
                    n - 1
                } else {
                    empty.trailing_zeros() - 8 * line
                };
                let region = low_bits(end + 1) << (8 * line);
                let moved = low_bits(end) << (8 * line);
                self.shift_in(region, moved, true, 1, 1 << (8 * line), colour);
            }
            Edge::Right => {
                let row = self.row_mask(line);
                let empty = !occupied & row;
                let end = if empty == 0 {
                    0
                } else {
                    63 - empty.leading_zeros() - 8 * line
                };
                let region = row & !(low_bits(end) << (8 * line));
                let moved = row & !(low_bits(end + 1) << (8 * line));
                self.shift_in(region, moved, false, 1, 1 << (8 * line + n - 1), colour);
            }
            Edge::Top => {
                let column = self.column_mask(line);
                let empty = !occupied & column;
                let end = if empty == 0 {
                    n - 1
                } else {
                    empty.trailing_zeros() / 8
                };
                let region = column & low_bits(8 * (end + 1));
                let moved = column & low_bits(8 * end);
                self.shift_in(region, moved, true, 8, 1 << line, colour);
            }
            Edge::Bottom => {
                let column = self.column_mask(line);
                let empty = !occupied & column;
                let end = if empty == 0 {
                    0
                } else {
                    (63 - empty.leading_zeros()) / 8
                };
                let region = column & !low_bits(8 * end);
                let moved = column & !low_bits(8 * (end + 1));
                self.shift_in(region, moved, false, 8, 1 << (8 * (n - 1) + line), colour);
            }
        }
        Ok(())
    }

    fn straights(&self) -> Straights {
        Straights {
            x: self.full_lines(self.x),
            o: self.full_lines(self.o),
        }
    }

    fn line_counts(&self, line: usize) -> (u32, u32) {
        let n = self.size.get();
        let mask = if line < n {
            self.row_mask(line as u32)
        } else if line < 2 * n {
            self.column_mask((line - n) as u32)
        } else {
            0
        };
        ((self.x & mask).count_ones(), (self.o & mask).count_ones())
    }

    fn line_ends(&self, line: usize) -> (Option<Colour>, Option<Colour>) {
        let n = self.n() as usize;
        let (first, last) = if line < n {
            (8 * line, 8 * line + n - 1)
        } else if line < 2 * n {
            (line - n, 8 * (n - 1) + line - n)
        } else {
            return (None, None);
        };
        (
            marker_at(self.x, self.o, first),
            marker_at(self.x, self.o, last),
        )
    }

    fn lines(&self) -> impl Iterator<Item = LineView> + '_ {
        let n = self.n() as usize;
        // Columns are read as the rows of the transposed masks, both counted byte by byte.
        let (x_columns, o_columns) = (transpose(self.x), transpose(self.o));
        let counts = [
            (byte_counts(self.x), byte_counts(self.o)),
            (byte_counts(x_columns), byte_counts(o_columns)),
        ];
        let masks = [(self.x, self.o), (x_columns, o_columns)];
        (0..2 * n).map(move |line| {
            let (side, k) = if line < n { (0, line) } else { (1, line - n) };
            let (x_counts, o_counts) = counts[side];
            let (x, o) = masks[side];
            LineView {
                x: (x_counts >> (8 * k) & 0xFF) as u32,
                o: (o_counts >> (8 * k) & 0xFF) as u32,
                ends: (marker_at(x, o, 8 * k), marker_at(x, o, 8 * k + n - 1)),
            }
        })
    }

    fn ring_sums(&self) -> (u32, u32) {
        // A marker on ring r lies within rings 1..=r, so the sum of the rings is the sum over
        // r ≥ 1 of the markers at distance r or more: byte counts of those masks, added up
        // (at most 8 × (1 + 2 + 3) = 48 per byte, 192 in all: no byte overflows).
        let rings = &RINGS[self.size.get()];
        let sum = |markers: u64| {
            let mut inner = 0;
            let mut counts = 0;
            for ring in rings.iter().skip(1).rev() {
                inner |= ring;
                counts += byte_counts(markers & inner);
            }
            (counts.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
        };
        (sum(self.x), sum(self.o))
    }

    fn zobrist(&self) -> u64 {
        let mut hash = 0;
        for row in 0..self.size.get() {
            hash ^= TABLE[0][row][((self.x >> (8 * row)) & 0xFF) as usize];
            hash ^= TABLE[1][row][((self.o >> (8 * row)) & 0xFF) as usize];
        }
        hash
    }

    fn set(&mut self, row: usize, column: usize, colour: Option<Colour>) {
        let n = self.size.get();
        if row >= n || column >= n {
            return;
        }
        let bit = 1u64 << (8 * row + column);
        self.x &= !bit;
        self.o &= !bit;
        match colour {
            Some(Colour::X) => self.x |= bit,
            Some(Colour::O) => self.o |= bit,
            None => {}
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn transpose_moves_every_square_across_the_diagonal() {
        for row in 0..8 {
            for column in 0..8 {
                let square = 1u64 << (8 * row + column);
                assert_eq!(transpose(square), 1u64 << (8 * column + row));
            }
        }
        assert_eq!(transpose(0xFF), 0x0101_0101_0101_0101);
    }

    #[test]
    fn byte_counts_count_each_row() {
        assert_eq!(byte_counts(0xFF00_0103_0000_0080), 0x0800_0102_0000_0001);
    }

    #[test]
    fn full_lines_are_counted_on_the_board_only() {
        let size = Size::new(3).unwrap();
        // X fills row 0 and column 2 of a 3 x 3 board: 0b111 in byte 0, bit 2 of bytes 1, 2.
        let board = BitBoard::from_masks(size, 0b111 | 0b100 << 8 | 0b100 << 16, 0).unwrap();
        assert_eq!(board.straights(), Straights { x: 2, o: 0 });
        // Squares off a 3 x 3 board never complete a line of it.
        let board = BitBoard::from_masks(size, 0b011 | 0b011 << 8, 0b100 << 16).unwrap();
        assert_eq!(board.straights(), Straights { x: 0, o: 0 });
    }
}
