//! Dense indices of boards with X to move, and the colour swap that covers O to move.
//!
//! A board of size N ≤ 4 is a number in base 3 with one digit per square (square
//! `row * N + column` has weight 3^square; 0 empty, 1 X, 2 O), the order of the slow
//! [`retrograde`](super::retrograde) twin. The rules treat both colours alike (only the
//! start says X moves first), so a board with O to move has the value of the same board with
//! the colours swapped and X to move: only the 3^(N²) boards with X to move are indexed.
//!
//! Conversions go row by row through small tables, since a row of the bitboard is one byte.

use crate::error::ParseError;

use super::super::board::{BitBoard, Board, Colour, Size};
use super::super::game::Position;

/// The largest board size a solved table covers (3^25 boards of 5 × 5 are far out of reach).
pub const MAX_TABLE_SIZE: usize = 4;

/// Converts between boards (as the bitboard's masks) and indices for one board size.
#[derive(Debug, Clone)]
pub struct Indexer {
    size: Size,
    n: usize,
    /// 3^N: the number of different rows.
    row_count: usize,
    /// The weight of each row's digits: 3^(N · row).
    row_weight: [usize; MAX_TABLE_SIZE],
    /// The base-3 value of a row from `(x bits << 4) | o bits`.
    row_value: [u16; 256],
    /// The X and O bits of a row from its base-3 value.
    row_bits: Vec<(u8, u8)>,
}

impl Indexer {
    /// An indexer for `size` × `size` boards, 1 ≤ size ≤ 4.
    pub fn new(size: usize) -> Result<Indexer, ParseError> {
        if !(1..=MAX_TABLE_SIZE).contains(&size) {
            return Err(ParseError::at_token(
                format!("a solved Pousse table covers board sizes 1 to {MAX_TABLE_SIZE}"),
                &size.to_string(),
            ));
        }
        let n = size;
        let row_count = 3usize.pow(n as u32);
        let mut row_weight = [0; MAX_TABLE_SIZE];
        for (row, weight) in row_weight.iter_mut().enumerate().take(n) {
            *weight = row_count.pow(row as u32);
        }
        let mut row_value = [0u16; 256];
        let mut row_bits = vec![(0u8, 0u8); row_count];
        for (value, bits) in row_bits.iter_mut().enumerate() {
            let (mut x, mut o, mut rest) = (0u8, 0u8, value);
            for column in 0..n {
                match rest % 3 {
                    1 => x |= 1 << column,
                    2 => o |= 1 << column,
                    _ => {}
                }
                rest /= 3;
            }
            *bits = (x, o);
            row_value[(usize::from(x) << 4) | usize::from(o)] = value as u16;
        }
        Ok(Indexer {
            size: Size::new(size)?,
            n,
            row_count,
            row_weight,
            row_value,
            row_bits,
        })
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// How many boards there are: 3^(N²).
    pub fn count(&self) -> usize {
        self.row_count.pow(self.n as u32)
    }

    /// The index of the board with X markers `x` and O markers `o` (bitboard masks).
    pub fn index(&self, x: u64, o: u64) -> usize {
        let mut index = 0;
        for row in 0..self.n {
            let xs = ((x >> (8 * row)) & 0xF) as usize;
            let os = ((o >> (8 * row)) & 0xF) as usize;
            index += usize::from(self.row_value[(xs << 4) | os]) * self.row_weight[row];
        }
        index
    }

    /// The X and O masks of the board with index `index` (which must be below
    /// [`Indexer::count`]).
    pub fn masks(&self, index: usize) -> (u64, u64) {
        let (mut x, mut o, mut rest) = (0u64, 0u64, index);
        for row in 0..self.n {
            let (xs, os) = self.row_bits[rest % self.row_count];
            x |= u64::from(xs) << (8 * row);
            o |= u64::from(os) << (8 * row);
            rest /= self.row_count;
        }
        (x, o)
    }

    /// The board with index `index`, X to move.
    pub fn board(&self, index: usize) -> Result<BitBoard, ParseError> {
        let (x, o) = self.masks(index);
        BitBoard::from_masks(self.size, x, o)
    }

    /// The index of `position` seen with X to move (colours swapped when O is to move);
    /// `None` for another board size.
    pub fn position_index<B: Board>(&self, position: &Position<B>) -> Option<usize> {
        if position.board.size() != self.size {
            return None;
        }
        let (mut x, mut o) = (0u64, 0u64);
        for row in 0..self.n {
            for column in 0..self.n {
                let bit = 1u64 << (8 * row + column);
                match position.board.cell(row, column) {
                    Some(Colour::X) => x |= bit,
                    Some(Colour::O) => o |= bit,
                    None => {}
                }
            }
        }
        Some(match position.to_move {
            Colour::X => self.index(x, o),
            Colour::O => self.index(o, x),
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn indices_round_trip_on_every_small_board() {
        for size in 1..=3 {
            let indexer = Indexer::new(size).unwrap();
            for index in 0..indexer.count() {
                let (x, o) = indexer.masks(index);
                assert_eq!(x & o, 0);
                assert_eq!(indexer.index(x, o), index);
            }
        }
    }

    #[test]
    fn the_order_is_square_by_square_in_base_3() {
        let indexer = Indexer::new(4).unwrap();
        assert_eq!(indexer.count(), 43_046_721);
        // X on square (0, 1): digit 1 of weight 3; O on square (3, 3): digit 2 of weight 3^15.
        assert_eq!(indexer.index(1 << 1, 1 << 27), 3 + 2 * 3usize.pow(15));
        let position: Position<BitBoard> = ".X../..../..../...O:O".parse().unwrap();
        assert_eq!(
            indexer.position_index(&position),
            Some(2 * 3 + 3usize.pow(15))
        );
    }

    #[test]
    fn other_sizes_are_refused() {
        assert!(Indexer::new(0).is_err());
        assert!(Indexer::new(5).is_err());
        let indexer = Indexer::new(3).unwrap();
        let position: Position<BitBoard> = "..../..../..../....:X".parse().unwrap();
        assert_eq!(indexer.position_index(&position), None);
    }
}
