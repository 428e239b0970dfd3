//! The fast construction of a [`CuboidTable`], on every core rayon offers.
//!
//! **Levels.** Only sorted cuboids `a ≤ b ≤ c` are computed. Every piece of a sorted cuboid
//! with smallest side `a` has a side below `a` (the piece's share of the smallest side), so
//! the cuboids of level `a` depend only on lower levels: a level is a set of independent
//! tasks, one per middle side `b`, run in parallel; the values are written back between
//! levels.
//!
//! **Shared rows.** For `a × b` and the cut `(i, j)` in the lower half of both sides (mirror
//! cuts give the same pieces), the four-way XOR of the pieces' values along the third side,
//! `K[c] = g(i,j,c) ^ g(i,b−1−j,c) ^ g(a−1−i,j,c) ^ g(a−1−i,b−1−j,c)`, does not depend on
//! the third side `z`; slicing slab `k` of `a × b × z` is worth `K[k] ^ K[z−1−k]`. A task
//! computes the rows `K` of every cut once (as 16-bit entries while the values fit), then for
//! each `z` marks `K[k] ^ K[z−1−k]` for `k` in the lower half in a byte per possible value
//! and takes the least unmarked one. Plain byte stores, with no read-modify-write and no
//! bounds check in the 16-bit case, keep the inner loop at about one option per cycle.

use rayon::prelude::*;

use super::table::{BuildError, CuboidTable};
use crate::stop::{Stop, Stopped};

/// A build's progress: called after each level with the slicing options examined so far
/// and the total for the whole table.
pub type Progress<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// One more than the largest option the byte array of the 16-bit rows can mark.
const NARROW_BOUND: usize = 1 << 16;

/// The number of slicing options the build examines for the sorted cuboids `a × b × z`
/// with `b ≤ z ≤ n`: cuts in the lower half of each side.
fn row_work(a: usize, b: usize, n: usize) -> u64 {
    let slabs: usize = (b..=n).map(|z| z.div_ceil(2)).sum();
    (a.div_ceil(2) * b.div_ceil(2) * slabs) as u64
}

/// The work of level `a` in a table of side `n`.
fn level_work(a: usize, n: usize) -> u64 {
    (a..=n).map(|b| row_work(a, b, n)).sum()
}

impl CuboidTable {
    /// Computes the table with the fast algorithm (module `build`: levels in parallel), using
    /// every core rayon offers.
    pub fn new(max_side: u32) -> Result<Self, BuildError> {
        CuboidTable::build(max_side, &|_, _| {}, &Stop::NEVER)
    }

    /// [`CuboidTable::new`], calling `progress` after each level of the build with the
    /// slicing options examined so far and the total, and giving up with
    /// [`BuildError::Stopped`] soon after `stop` comes: it is looked at before each row
    /// `(a, b)` of each level, and a row is at most some 10⁷ XORs (side 128), a few
    /// milliseconds.
    pub fn build(max_side: u32, progress: Progress<'_>, stop: &Stop) -> Result<Self, BuildError> {
        let mut table = CuboidTable::zeroed(max_side)?;
        fill(&mut table, progress, stop)?;
        Ok(table)
    }
}

/// The slicing options a table of side `max_side` examines in all (the unit of progress).
pub fn total_work(max_side: u32) -> u64 {
    let n = max_side as usize;
    (1..=n).map(|a| level_work(a, n)).sum()
}

/// Fills `table` (all zeros, every side up to its maximum) level by level, until `stop`.
pub(super) fn fill(table: &mut CuboidTable, progress: Progress<'_>, stop: &Stop) -> Result<(), Stopped> {
    fill_with_width(table, progress, stop, false)
}

/// [`fill`], with the 32-bit rows forced when `wide` (to test them on small tables).
pub(super) fn fill_with_width(
    table: &mut CuboidTable,
    progress: Progress<'_>,
    stop: &Stop,
    wide: bool,
) -> Result<(), Stopped> {
    let n = table.max_side() as usize;
    let total = total_work(table.max_side());
    let mut done = 0u64;
    // Every option is a XOR of values already known, so it stays below the least power of
    // two above them all: the marks need no more room than that.
    let mut largest = 0u32;
    for a in 1..=n {
        let bound = (largest as usize + 1).next_power_of_two();
        let frozen = &*table;
        let narrow = !wide && bound <= NARROW_BOUND;
        // A row is looked at before it starts, so a raised stop ends the level after the
        // rows already running (each a few milliseconds at most).
        let rows: Result<Vec<(usize, Vec<u32>)>, Stopped> = (a..=n)
            .into_par_iter()
            .map(|b| {
                stop.check()?;
                let values = if narrow {
                    level_row::<u16>(frozen, (a, b), bound, NARROW_BOUND)
                } else {
                    level_row::<u32>(frozen, (a, b), bound, bound)
                };
                Ok((b, values))
            })
            .collect();
        let rows = rows?;
        for (b, row) in rows {
            for (offset, value) in row.into_iter().enumerate() {
                largest = largest.max(value);
                table.set_all_orders(a, b, b + offset, value);
            }
        }
        done += level_work(a, n);
        progress(done, total);
    }
    Ok(())
}

/// An entry of the shared rows: 16 bits while every value fits, else 32.
trait Entry: Copy + Default + Send + Sync {
    /// The entry of `value` (which fits, by the caller's choice of width).
    fn of(value: u32) -> Self;
    /// Marks in `seen` the option `row[k] ^ row[z − 1 − k]` of every slab `k` in the lower
    /// half of the third side `z`, for every row. Options beyond `seen` are impossible (the
    /// caller sizes it) and skipped.
    fn mark_options(rows: &[Self], n: usize, z: usize, seen: &mut [u8]);
}

/// The two halves of the row that pair slab `k` with slab `z − 1 − k`.
fn halves<T>(row: &[T], z: usize) -> (&[T], &[T]) {
    let half = z.div_ceil(2);
    (&row[..half], &row[z - half..z])
}

impl Entry for u16 {
    fn of(value: u32) -> Self {
        value as u16
    }
    fn mark_options(rows: &[Self], n: usize, z: usize, seen: &mut [u8]) {
        if seen.len() != NARROW_BOUND {
            let wide: Vec<u32> = rows.iter().map(|entry| u32::from(*entry)).collect();
            return u32::mark_options(&wide, n, z, seen);
        }
        // Every u16 is an index of the array: no bounds check in the hot loop.
        if let Ok(seen) = <&mut [u8; NARROW_BOUND]>::try_from(seen) {
            for row in rows.chunks_exact(n) {
                let (low, high) = halves(row, z);
                // Eight slabs per step, low from the start and high from the end: the stores
                // are independent, and the unrolled loop runs about 1.6 times faster.
                let mut lows = low.chunks_exact(8);
                let mut highs = high.rchunks_exact(8);
                for (low, high) in (&mut lows).zip(&mut highs) {
                    for t in 0..8 {
                        seen[usize::from(low[t] ^ high[7 - t])] = 1;
                    }
                }
                let rest = lows.remainder().iter().zip(highs.remainder().iter().rev());
                for (x, y) in rest {
                    seen[usize::from(x ^ y)] = 1;
                }
            }
        }
    }
}

impl Entry for u32 {
    fn of(value: u32) -> Self {
        value
    }
    fn mark_options(rows: &[Self], n: usize, z: usize, seen: &mut [u8]) {
        for row in rows.chunks_exact(n) {
            let (low, high) = halves(row, z);
            for (x, y) in low.iter().zip(high.iter().rev()) {
                if let Some(mark) = seen.get_mut((x ^ y) as usize) {
                    *mark = 1;
                }
            }
        }
    }
}

/// The values of the sorted cuboids `a × b × z` for every `z` from `b` to the maximum,
/// given every value of the levels below `a`. Every option is below `bound`; `room` (at
/// least `bound`) is the length of the marks, 2^16 for 16-bit entries.
fn level_row<T: Entry>(
    table: &CuboidTable,
    (a, b): (usize, usize),
    bound: usize,
    room: usize,
) -> Vec<u32> {
    let n = table.max_side() as usize;
    let rows = shared_rows::<T>(table, a, b);
    let mut seen = vec![0u8; room.max(bound)];
    (b..=n)
        .map(|z| {
            seen[..bound].fill(0);
            T::mark_options(&rows, n, z, &mut seen);
            seen[..bound]
                .iter()
                .position(|mark| *mark == 0)
                .unwrap_or(bound) as u32
        })
        .collect()
}

/// The rows `K` of every cut `(i, j)` of `a × b` in the lower half of both sides, each of
/// length `n` (third sides 0 to `n − 1`), one after another.
fn shared_rows<T: Entry>(table: &CuboidTable, a: usize, b: usize) -> Vec<T> {
    let n = table.max_side() as usize;
    let mut rows = vec![T::default(); a.div_ceil(2) * b.div_ceil(2) * n];
    let mut chunks = rows.chunks_exact_mut(n);
    for i in 0..a.div_ceil(2) {
        let i2 = a - 1 - i;
        for j in 0..b.div_ceil(2) {
            let j2 = b - 1 - j;
            let lines = [
                table.line(i, j),
                table.line(i, j2),
                table.line(i2, j),
                table.line(i2, j2),
            ];
            if let Some(row) = chunks.next() {
                for (c, slot) in row.iter_mut().enumerate() {
                    *slot = T::of(lines[0][c] ^ lines[1][c] ^ lines[2][c] ^ lines[3][c]);
                }
            }
        }
    }
    rows
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::super::table::naive_table;
    use super::*;

    #[test]
    fn the_work_counts_every_option_once() {
        // Side 2: 1x1x1, 1x1x2 (one slab in the lower half), 1x2x2, 2x2x2: one cut each.
        assert_eq!(total_work(2), 4);
        assert_eq!(total_work(1), 1);
        assert!(total_work(128) > 10_000_000_000);
    }

    #[test]
    fn wide_and_narrow_rows_agree() {
        let mut wide = CuboidTable::zeroed(13).unwrap();
        fill_with_width(&mut wide, &|_, _| {}, &Stop::NEVER, true).unwrap();
        assert_eq!(wide, naive_table(13).unwrap());
        assert_eq!(wide, CuboidTable::new(13).unwrap());
    }

    #[test]
    fn progress_reaches_the_total() {
        let last = std::sync::Mutex::new((0, 1));
        let table = CuboidTable::build(
            9,
            &|done, total| {
                *last.lock().unwrap() = (done, total);
            },
            &Stop::NEVER,
        )
        .unwrap();
        assert_eq!(table.max_side(), 9);
        let (done, total) = *last.lock().unwrap();
        assert_eq!((done, total), (total_work(9), total_work(9)));
    }
}
