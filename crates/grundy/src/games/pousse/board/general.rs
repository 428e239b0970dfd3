//! The general board: any size up to 100 × 100, one byte per square, with per-line marker
//! counts kept up to date so that a move costs O(N) however many straights the board holds.

use crate::error::{ParseError, RuleError};

use super::common::{Board, Colour, Size, Straights};
use super::moves::{Edge, Move};
use super::square::{code, colour_of, EMPTY};
use super::zobrist;

/// A board of any size from 1 to 100, for the referee.
///
/// Squares are bytes (0 empty, 1 X, 2 O). Each row and column keeps its count of X and O
/// markers and the board keeps its straight totals and Zobrist hash, all updated square by
/// square as a push moves markers: a push touches at most N squares.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GeneralBoard {
    size: Size,
    cells: Vec<u8>,
    /// Counts of X then O for rows `0..N` and columns `N..2N`.
    counts: Vec<[u16; 2]>,
    straights: Straights,
    hash: u64,
}

impl GeneralBoard {
    /// Writes `value` at (row, column), keeping counts, straights and hash right.
    fn write(&mut self, row: usize, column: usize, value: u8) {
        let n = self.size.get();
        let index = row * n + column;
        let old = self.cells[index];
        if old == value {
            return;
        }
        for line in [row, n + column] {
            if let Some(colour) = colour_of(old) {
                let slot = &mut self.counts[line][colour as usize];
                let was_full = usize::from(*slot) == n;
                *slot -= 1;
                if was_full {
                    self.adjust(colour, false);
                }
            }
            if let Some(colour) = colour_of(value) {
                let slot = &mut self.counts[line][colour as usize];
                *slot += 1;
                let now_full = usize::from(*slot) == n;
                if now_full {
                    self.adjust(colour, true);
                }
            }
        }
        if let Some(colour) = colour_of(old) {
            self.hash ^= zobrist::key(row, column, colour);
        }
        if let Some(colour) = colour_of(value) {
            self.hash ^= zobrist::key(row, column, colour);
        }
        self.cells[index] = value;
    }

    fn adjust(&mut self, colour: Colour, up: bool) {
        let total = match colour {
            Colour::X => &mut self.straights.x,
            Colour::O => &mut self.straights.o,
        };
        if up {
            *total += 1;
        } else {
            *total -= 1;
        }
    }

    fn get(&self, row: usize, column: usize) -> u8 {
        self.cells[row * self.size.get() + column]
    }
}

impl Board for GeneralBoard {
    fn empty(size: Size) -> Result<Self, ParseError> {
        let n = size.get();
        Ok(GeneralBoard {
            size,
            cells: vec![EMPTY; n * n],
            counts: vec![[0; 2]; 2 * n],
            straights: Straights::default(),
            hash: 0,
        })
    }

    fn size(&self) -> Size {
        self.size
    }

    fn cell(&self, row: usize, column: usize) -> Option<Colour> {
        let n = self.size.get();
        if row < n && column < n {
            colour_of(self.get(row, column))
        } else {
            None
        }
    }

    fn push(&mut self, mv: Move, colour: Colour) -> Result<(), RuleError> {
        self.size.check(mv)?;
        let n = self.size.get();
        let line = mv.line() - 1;
        // The squares of the line in the order the marker travels.
        let square = |step: usize| -> (usize, usize) {
            match mv.edge() {
                Edge::Left => (line, step),
                Edge::Right => (line, n - 1 - step),
                Edge::Top => (step, line),
                Edge::Bottom => (n - 1 - step, line),
            }
        };
        // The first empty square takes the last pushed marker; with none, the last square's
        // marker falls off and the last square takes its neighbour's.
        let end = (0..n)
            .find(|&step| {
                let (r, c) = square(step);
                self.get(r, c) == EMPTY
            })
            .unwrap_or(n - 1);
        for step in (1..=end).rev() {
            let (from_r, from_c) = square(step - 1);
            let (to_r, to_c) = square(step);
            let moving = self.get(from_r, from_c);
            self.write(to_r, to_c, moving);
        }
        let (r, c) = square(0);
        self.write(r, c, code(Some(colour)));
        Ok(())
    }

    fn straights(&self) -> Straights {
        self.straights
    }

    fn line_counts(&self, line: usize) -> (u32, u32) {
        match self.counts.get(line) {
            Some([x, o]) => (u32::from(*x), u32::from(*o)),
            None => (0, 0),
        }
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn set(&mut self, row: usize, column: usize, colour: Option<Colour>) {
        let n = self.size.get();
        if row < n && column < n {
            self.write(row, column, code(colour));
        }
    }
}
