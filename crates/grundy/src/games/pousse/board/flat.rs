//! The referee's board: any size up to 100 × 100, squares stored twice (row by row and
//! column by column) so that every push moves one contiguous run of bytes, and for each row
//! and column its counts of X and O, so that a straight is noticed in O(1) per changed line.
//! It keeps no running hash: nothing asks for one while refereeing.

use crate::error::{ParseError, RuleError};

use super::common::{Board, Colour, Size, Straights};
use super::moves::{Edge, Move};
use super::square::{code, colour_of, EMPTY, O, X};
use super::zobrist;

/// A board of any size from 1 to 100 whose push does only what the straight count needs.
///
/// Squares are bytes (0 empty, 1 X, 2 O), kept both in row-major order and in column-major
/// order: a push along a row shifts a run of the first, a push along a column a run of the
/// second, and the moved squares are then copied into the other. Every row (lines `0..N`) and
/// column (lines `N..2N`) keeps its counts of X and O, and the board its straight totals.
///
/// The lines crossing the moved squares lie side by side in the count arrays, so their
/// recount is one pass over three parallel byte runs (old squares, new squares, counts)
/// without a branch, which the compiler turns into vector instructions.
///
/// Unlike [`GeneralBoard`](super::GeneralBoard), the Zobrist hash is not kept up to date but
/// computed from the squares when asked (O(N²)): use this board where nothing asks for the
/// hash on every move, as in the Waterloo referee, not under the ICFP repetition rule.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FlatBoard {
    size: Size,
    /// Square (row, column) at `row * N + column`.
    rows: Vec<u8>,
    /// Square (row, column) at `column * N + row`.
    columns: Vec<u8>,
    /// X markers per line: rows `0..N`, then columns `N..2N`.
    xs: Vec<u8>,
    /// O markers per line, likewise.
    os: Vec<u8>,
    straights: Straights,
}

/// Straights gained (positive) or lost by the lines whose squares change.
#[derive(Default)]
struct Delta {
    x: i32,
    o: i32,
}

impl Delta {
    /// One square of a line with counts `x`, `o` changes from code `old` to code `new`.
    #[inline(always)]
    fn one(&mut self, x: &mut u8, o: &mut u8, old: u8, new: u8, n: u8) {
        let (gained, lost) = recount(x, o, old, new, n);
        self.x += i32::from(gained & 1) - i32::from(lost & 1);
        self.o += i32::from(gained >> 1) - i32::from(lost >> 1);
    }

    fn apply(&self, straights: &mut Straights) {
        straights.x = straights.x.wrapping_add_signed(self.x);
        straights.o = straights.o.wrapping_add_signed(self.o);
    }
}

/// Moves one square of a line with counts `x`, `o` from code `old` to `new`; returns which
/// colours became full (bit 0 X, bit 1 O) and which stopped being full.
#[inline(always)]
fn recount(x: &mut u8, o: &mut u8, old: u8, new: u8, n: u8) -> (u8, u8) {
    let (bx, bo) = (*x, *o);
    let ax = bx
        .wrapping_add(u8::from(new == X))
        .wrapping_sub(u8::from(old == X));
    let ao = bo
        .wrapping_add(u8::from(new == O))
        .wrapping_sub(u8::from(old == O));
    *x = ax;
    *o = ao;
    let gained = u8::from(ax == n) | (u8::from(ao == n) << 1);
    let lost = u8::from(bx == n) | (u8::from(bo == n) << 1);
    (gained, lost)
}

/// Recounts the lines crossing a run of moved squares: line `k` of `xs` and `os` sees its
/// square change from `old[k]` to `new[k]`. Straight changes are summed in bytes (a run is at
/// most 100 squares long, so the signed sums fit) to keep the loop free of branches.
fn recount_run(old: &[u8], new: &[u8], xs: &mut [u8], os: &mut [u8], n: u8) -> Delta {
    let (mut x_delta, mut o_delta) = (0u8, 0u8);
    for (((&old, &new), x), o) in old.iter().zip(new).zip(xs).zip(os) {
        let (bx, bo) = (*x, *o);
        let ax = bx
            .wrapping_add(u8::from(new == X))
            .wrapping_sub(u8::from(old == X));
        let ao = bo
            .wrapping_add(u8::from(new == O))
            .wrapping_sub(u8::from(old == O));
        *x = ax;
        *o = ao;
        x_delta = x_delta
            .wrapping_add(u8::from(ax == n))
            .wrapping_sub(u8::from(bx == n));
        o_delta = o_delta
            .wrapping_add(u8::from(ao == n))
            .wrapping_sub(u8::from(bo == n));
    }
    Delta {
        x: i32::from(x_delta as i8),
        o: i32::from(o_delta as i8),
    }
}

impl Board for FlatBoard {
    fn empty(size: Size) -> Result<Self, ParseError> {
        let n = size.get();
        Ok(FlatBoard {
            size,
            rows: vec![EMPTY; n * n],
            columns: vec![EMPTY; n * n],
            xs: vec![0; 2 * n],
            os: vec![0; 2 * n],
            straights: Straights::default(),
        })
    }

    fn size(&self) -> Size {
        self.size
    }

    fn cell(&self, row: usize, column: usize) -> Option<Colour> {
        let n = self.size.get();
        if row < n && column < n {
            colour_of(self.rows[row * n + column])
        } else {
            None
        }
    }

    fn push(&mut self, mv: Move, colour: Colour) -> Result<(), RuleError> {
        self.size.check(mv)?;
        let n = self.size.get();
        let n8 = n as u8;
        let i = mv.line() - 1;
        let new = code(Some(colour));
        // The pushed line's squares in `own` (indexed by position along the line), the other
        // layout to copy them into, and where the crossing lines' counts start.
        let (line, own, other, crossing) = if mv.edge().is_row() {
            (i, &mut self.rows, &mut self.columns, n)
        } else {
            (n + i, &mut self.columns, &mut self.rows, 0)
        };
        let squares = &mut own[i * n..(i + 1) * n];
        let full = usize::from(self.xs[line]) + usize::from(self.os[line]) == n;
        let forward = matches!(mv.edge(), Edge::Left | Edge::Top);
        // The moved run `first..=last` along the line: from the entry square to the first
        // empty square, or to the far end when the line is full (its marker falls off).
        let (first, last) = if forward {
            let stop = if full {
                n - 1
            } else {
                squares.iter().position(|&s| s == EMPTY).unwrap_or(n - 1)
            };
            (0, stop)
        } else {
            let stop = if full {
                0
            } else {
                squares.iter().rposition(|&s| s == EMPTY).unwrap_or(0)
            };
            (stop, n - 1)
        };
        let mut delta = Delta::default();
        // The pushed line gains the new marker and loses whatever stood at the run's far end:
        // an empty square, or the marker that falls off.
        let (entry, far) = if forward {
            (first, last)
        } else {
            (last, first)
        };
        delta.one(
            &mut self.xs[line],
            &mut self.os[line],
            squares[far],
            new,
            n8,
        );
        // Every crossing line swaps its square's old code for the one moving in.
        let (xs, os) = (&mut self.xs[crossing..], &mut self.os[crossing..]);
        let run = if forward {
            recount_run(
                &squares[first + 1..=last],
                &squares[first..last],
                &mut xs[first + 1..=last],
                &mut os[first + 1..=last],
                n8,
            )
        } else {
            recount_run(
                &squares[first..last],
                &squares[first + 1..=last],
                &mut xs[first..last],
                &mut os[first..last],
                n8,
            )
        };
        delta.x += run.x;
        delta.o += run.o;
        delta.one(&mut xs[entry], &mut os[entry], squares[entry], new, n8);
        if forward {
            squares.copy_within(first..last, first + 1);
        } else {
            squares.copy_within(first + 1..=last, first);
        }
        squares[entry] = new;
        let mirrored = other[first * n + i..].iter_mut().step_by(n);
        for (slot, &square) in mirrored.zip(&squares[first..=last]) {
            *slot = square;
        }
        delta.apply(&mut self.straights);
        Ok(())
    }

    fn straights(&self) -> Straights {
        self.straights
    }

    fn line_counts(&self, line: usize) -> (u32, u32) {
        match (self.xs.get(line), self.os.get(line)) {
            (Some(&x), Some(&o)) => (u32::from(x), u32::from(o)),
            _ => (0, 0),
        }
    }

    fn zobrist(&self) -> u64 {
        let n = self.size.get();
        let mut hash = 0;
        for (index, &square) in self.rows.iter().enumerate() {
            if let Some(colour) = colour_of(square) {
                hash ^= zobrist::key(index / n, index % n, colour);
            }
        }
        hash
    }

    fn set(&mut self, row: usize, column: usize, colour: Option<Colour>) {
        let n = self.size.get();
        if row < n && column < n {
            let (old, new) = (self.rows[row * n + column], code(colour));
            let mut delta = Delta::default();
            for line in [row, n + column] {
                delta.one(&mut self.xs[line], &mut self.os[line], old, new, n as u8);
            }
            delta.apply(&mut self.straights);
            self.rows[row * n + column] = new;
            self.columns[column * n + row] = new;
        }
    }
}
