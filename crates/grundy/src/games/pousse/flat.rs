//! The referee's board: any size up to 100 × 100, squares in one flat byte array, and for
//! each row and column its count of empty squares, X and O, so that a straight is noticed in
//! O(1) per changed line. It keeps no running hash: nothing asks for one while refereeing.

use crate::error::{ParseError, RuleError};

use super::board::{Board, Colour, Size, Straights};
use super::moves::{Edge, Move};
use super::zobrist;

const EMPTY: u8 = 0;
const X: u8 = 1;
const O: u8 = 2;

/// What a line full of one code adds to the packed straight totals: X straights count in the
/// low 32 bits, O straights in the high 32; a line of empty squares adds nothing.
const UNIT: [u64; 4] = [0, 1, 1 << 32, 0];

/// A board of any size from 1 to 100 whose push does only what the straight count needs.
///
/// Squares are bytes (0 empty, 1 X, 2 O) in row-major order. Every row (lines `0..N`) and
/// column (lines `N..2N`) keeps its counts of empty squares, X and O, indexed by those codes,
/// and the board keeps its straight totals. A push rewrites the squares it moves and recounts
/// the line crossing each of them without a branch on the squares' contents (a square that
/// keeps its code is counted out and back in), so the cost of a move is a fixed few
/// operations per moved square however the markers lie.
///
/// Unlike [`GeneralBoard`](super::GeneralBoard), the Zobrist hash is not kept up to date but
/// computed from the squares when asked (O(N²)): use this board where nothing asks for the
/// hash on every move, as in the Waterloo referee, not under the ICFP repetition rule.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FlatBoard {
    size: Size,
    cells: Vec<u8>,
    /// Counts of empty squares, X and O (and an unused fourth slot) per line.
    counts: Vec<[u8; 4]>,
    /// Straights of X in the low 32 bits and of O in the high 32 bits.
    straights: u64,
}

fn code(colour: Option<Colour>) -> u8 {
    match colour {
        None => EMPTY,
        Some(Colour::X) => X,
        Some(Colour::O) => O,
    }
}

fn colour_of(code: u8) -> Option<Colour> {
    match code {
        X => Some(Colour::X),
        O => Some(Colour::O),
        _ => None,
    }
}

/// One square of `line` changes from code `from` to code `to` (possibly the same): moves one
/// unit of the line's counts and adjusts the packed straight totals `straights` for a line
/// that stops or starts being full of one code.
#[inline(always)]
fn recount(counts: &mut [u8; 4], from: u8, to: u8, n: u8, straights: &mut u64) {
    let (from, to) = (usize::from(from & 3), usize::from(to & 3));
    let before = counts[from];
    *straights = straights.wrapping_sub(UNIT[from] * u64::from(before == n));
    counts[from] = before.wrapping_sub(1);
    let after = counts[to].wrapping_add(1);
    counts[to] = after;
    *straights = straights.wrapping_add(UNIT[to] * u64::from(after == n));
}

impl FlatBoard {
    /// The square index of step `k` along a line that starts at `first` and moves by `step`
    /// (a two's-complement `usize` for lines walked backwards).
    #[inline(always)]
    fn at(first: usize, step: usize, k: usize) -> usize {
        first.wrapping_add(k.wrapping_mul(step))
    }

    /// The step at which the pushed marker stops: the first empty square along the line, or
    /// the last square when the line is full (its marker falls off).
    fn end(&self, line: usize, first: usize, step: usize, edge: Edge) -> usize {
        let n = self.size.get();
        let last = n - 1;
        if self.counts[line][usize::from(EMPTY)] == 0 {
            return last;
        }
        let found = if edge.is_row() {
            let start = first.min(Self::at(first, step, last));
            let row = &self.cells[start..start + n];
            match edge {
                Edge::Left => row.iter().position(|&c| c == EMPTY),
                _ => row.iter().rposition(|&c| c == EMPTY).map(|k| last - k),
            }
        } else {
            let mut column = self.cells[first % n..].iter().step_by(n);
            match edge {
                Edge::Top => column.position(|&c| c == EMPTY),
                _ => column.rposition(|&c| c == EMPTY).map(|k| last - k),
            }
        };
        found.unwrap_or(last)
    }
}

impl Board for FlatBoard {
    fn empty(size: Size) -> Result<Self, ParseError> {
        let n = size.get();
        Ok(FlatBoard {
            size,
            cells: vec![EMPTY; n * n],
            counts: vec![[n as u8, 0, 0, 0]; 2 * n],
            straights: 0,
        })
    }

    fn size(&self) -> Size {
        self.size
    }

    fn cell(&self, row: usize, column: usize) -> Option<Colour> {
        let n = self.size.get();
        if row < n && column < n {
            colour_of(self.cells[row * n + column])
        } else {
            None
        }
    }

    fn push(&mut self, mv: Move, colour: Colour) -> Result<(), RuleError> {
        self.size.check(mv)?;
        let n = self.size.get();
        let last = n - 1;
        let i = mv.line() - 1;
        let back = usize::MAX; // -1 as a step
                               // The pushed line, its first square, the step between its squares, and the crossing
                               // line of its first square with the step between crossing lines.
        let (line, first, step, cross, cross_step) = match mv.edge() {
            Edge::Left => (i, i * n, 1, n, 1),
            Edge::Right => (i, i * n + last, back, n + last, back),
            Edge::Top => (n + i, i, n, 0, 1),
            Edge::Bottom => (n + i, last * n + i, n.wrapping_neg(), last, back),
        };
        let end = self.end(line, first, step, mv.edge());
        let n8 = n as u8;
        let new = code(Some(colour));
        let mut straights = self.straights;
        let cells = &mut self.cells;
        let counts = &mut self.counts;
        // The pushed line gains the new marker and loses whatever stood at `end`: an empty
        // square, or the marker that falls off.
        let mut at = Self::at(first, step, end);
        recount(&mut counts[line], cells[at], new, n8, &mut straights);
        // Every other line crossed by a moved square swaps that square's old code for the
        // one moving in.
        for k in (1..=end).rev() {
            let from = at.wrapping_sub(step);
            let moving = cells[from];
            let crossing = Self::at(cross, cross_step, k);
            recount(&mut counts[crossing], cells[at], moving, n8, &mut straights);
            cells[at] = moving;
            at = from;
        }
        recount(&mut counts[cross], cells[first], new, n8, &mut straights);
        cells[first] = new;
        self.straights = straights;
        Ok(())
    }

    fn straights(&self) -> Straights {
        Straights {
            x: self.straights as u32,
            o: (self.straights >> 32) as u32,
        }
    }

    fn line_counts(&self, line: usize) -> (u32, u32) {
        match self.counts.get(line) {
            Some(counts) => (
                u32::from(counts[usize::from(X)]),
                u32::from(counts[usize::from(O)]),
            ),
            None => (0, 0),
        }
    }

    fn zobrist(&self) -> u64 {
        let n = self.size.get();
        let mut hash = 0;
        for (index, &square) in self.cells.iter().enumerate() {
            if let Some(colour) = colour_of(square) {
                hash ^= zobrist::key(index / n, index % n, colour);
            }
        }
        hash
    }

    fn set(&mut self, row: usize, column: usize, colour: Option<Colour>) {
        let n = self.size.get();
        if row < n && column < n {
            let index = row * n + column;
            let (old, new) = (self.cells[index], code(colour));
            let mut straights = self.straights;
            for line in [row, n + column] {
                recount(&mut self.counts[line], old, new, n as u8, &mut straights);
            }
            self.straights = straights;
            self.cells[index] = new;
        }
    }
}
