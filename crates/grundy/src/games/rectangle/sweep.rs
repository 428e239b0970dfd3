//! Exact remoteness of every rectangle up to a size, row by row, in O(1) amortised time per
//! rectangle and O(side) memory.
//!
//! The rectangle `a × b` moves to `m × b` for `m` in the window ⌈a/2⌉ ≤ m ≤ a − 1 and to
//! `a × m` for ⌈b/2⌉ ≤ m ≤ b − 1. Its remoteness needs only the least even remoteness (the
//! fastest win, through a lost successor) and the largest odd one (the slowest loss) over
//! each window. Both ends of a window only move up as the side grows, so each window is a
//! sliding window and a monotone queue answers its minimum or maximum in amortised O(1):
//!
//! - one pair of queues per height `b` slides over the widths `m` of the rows already built;
//! - one pair slides over the heights of the row being built.
//!
//! No table is kept: the queues hold the values they need, so sweeping every rectangle up
//! to 10⁴ × 10⁴ takes about a megabyte. The sweep knows only the rules (no Grundy values, no
//! closed form), so it checks [`super::remoteness::formula_remoteness`] independently.
//!
//! ```
//! use grundy::games::rectangle::sweep::RemotenessSweep;
//! let mut sweep = RemotenessSweep::new(4, 3);
//! let mut rows = Vec::new();
//! while let Some((width, row)) = sweep.next_row() {
//!     rows.push((width, row.to_vec()));
//! }
//! // 4 × 3 is won in 5 moves, 3 × 3 is lost after 4.
//! assert_eq!(rows[3], (4, vec![3, 3, 5]));
//! assert_eq!(rows[2], (3, vec![2, 3, 4]));
//! ```

use std::collections::VecDeque;

/// The extremes of one sliding window of successor remoteness values: the least even one
/// and the largest odd one, each kept in a monotone queue of `(index, value)`.
#[derive(Debug, Clone, Default)]
struct Window {
    /// Even values, increasing from front to back: the front is the least.
    even_min: VecDeque<(u32, u32)>,
    /// Odd values, decreasing from front to back: the front is the largest.
    odd_max: VecDeque<(u32, u32)>,
}

impl Window {
    /// Adds the value at `index`; indices arrive in increasing order.
    fn push(&mut self, index: u32, value: u32) {
        if value % 2 == 0 {
            while self.even_min.back().is_some_and(|&(_, v)| v >= value) {
                self.even_min.pop_back();
            }
            self.even_min.push_back((index, value));
        } else {
            while self.odd_max.back().is_some_and(|&(_, v)| v <= value) {
                self.odd_max.pop_back();
            }
            self.odd_max.push_back((index, value));
        }
    }

    /// Drops every index below `low`.
    fn slide(&mut self, low: u32) {
        while self.even_min.front().is_some_and(|&(i, _)| i < low) {
            self.even_min.pop_front();
        }
        while self.odd_max.front().is_some_and(|&(i, _)| i < low) {
            self.odd_max.pop_front();
        }
    }

    /// Empties the window.
    fn clear(&mut self) {
        self.even_min.clear();
        self.odd_max.clear();
    }

    /// The least even value in the window.
    fn fastest_win(&self) -> Option<u32> {
        self.even_min.front().map(|&(_, v)| v)
    }

    /// The largest odd value in the window.
    fn slowest_loss(&self) -> Option<u32> {
        self.odd_max.front().map(|&(_, v)| v)
    }
}

/// The remoteness of a position from the extremes over its moves: one more than the fastest
/// win through a lost (even) successor if there is one, else one more than the slowest loss;
/// 0 without moves.
fn combine(fastest_win: Option<u32>, slowest_loss: Option<u32>) -> u32 {
    match (fastest_win, slowest_loss) {
        (Some(even), _) => even + 1,
        (None, Some(odd)) => odd + 1,
        (None, None) => 0,
    }
}

/// The rows `a = 1, 2, …, max_width` of exact remoteness values, each over the heights
/// `1..=max_height`: `row[b − 1]` is the remoteness of `a × b`.
#[derive(Debug, Clone)]
pub struct RemotenessSweep {
    max_width: u32,
    /// The width of the last row built (0 before the first).
    width: u32,
    /// The last row built.
    row: Vec<u32>,
    /// Per height `b`, the window over the widths ⌈a/2⌉..a − 1 of the rows built so far.
    columns: Vec<Window>,
    /// The window over the heights of the row being built.
    across: Window,
}

impl RemotenessSweep {
    /// A sweep over every rectangle `a × b` with `a ≤ max_width` and `b ≤ max_height`.
    /// Memory is O(`max_height`) plus the queues; time O(`max_width · max_height`).
    pub fn new(max_width: u32, max_height: u32) -> Self {
        let height = max_height as usize;
        RemotenessSweep {
            max_width,
            width: 0,
            row: vec![0; height],
            columns: vec![Window::default(); height],
            across: Window::default(),
        }
    }

    /// The next row: its width `a` and the remoteness of `a × b` for `b = 1..=max_height`.
    /// `None` after the last row.
    pub fn next_row(&mut self) -> Option<(u32, &[u32])> {
        if self.width >= self.max_width {
            return None;
        }
        let width = self.width + 1;
        let low = width.div_ceil(2);
        // The previous row joins every column's window; the rows below ⌈a/2⌉ leave it.
        for (column, &value) in self.columns.iter_mut().zip(&self.row) {
            if self.width > 0 {
                column.push(self.width, value);
            }
            column.slide(low);
        }
        self.across.clear();
        for height in 1..=self.row.len() as u32 {
            let column = &self.columns[height as usize - 1];
            self.across.slide(height.div_ceil(2));
            let fastest = [column.fastest_win(), self.across.fastest_win()]
                .into_iter()
                .flatten()
                .min();
            let slowest = [column.slowest_loss(), self.across.slowest_loss()]
                .into_iter()
                .flatten()
                .max();
            let value = combine(fastest, slowest);
            self.row[height as usize - 1] = value;
            self.across.push(height, value);
        }
        self.width = width;
        Some((width, &self.row))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::games::rectangle::remoteness::{formula_remoteness, RemotenessTable};
    use crate::games::rectangle::{Rectangle, RectangleGame};
    use crate::impartial::Solver;

    #[test]
    fn sweep_matches_the_generic_solver() {
        let mut solver = Solver::new(RectangleGame);
        let mut sweep = RemotenessSweep::new(48, 40);
        let mut rows = 0;
        while let Some((width, row)) = sweep.next_row() {
            rows += 1;
            assert_eq!(row.len(), 40);
            for (height, &value) in (1..).zip(row) {
                let position = Rectangle::new(u64::from(width), height).unwrap();
                assert_eq!(u64::from(value), solver.remoteness(&position), "{position}");
            }
        }
        assert_eq!(rows, 48);
    }

    #[test]
    fn sweep_matches_the_table() {
        let table = RemotenessTable::build(200, 170, u64::MAX).unwrap();
        let mut sweep = RemotenessSweep::new(200, 170);
        while let Some((width, row)) = sweep.next_row() {
            for (height, &value) in (1..).zip(row) {
                let position = Rectangle::new(u64::from(width), height).unwrap();
                assert_eq!(Some(u64::from(value)), table.get(&position), "{position}");
            }
        }
    }

    #[test]
    fn closed_form_matches_the_sweep_to_300() {
        let mut sweep = RemotenessSweep::new(300, 300);
        while let Some((width, row)) = sweep.next_row() {
            for (height, &value) in (1..).zip(row) {
                let position = Rectangle::new(u64::from(width), height).unwrap();
                assert_eq!(
                    formula_remoteness(&position),
                    u128::from(value),
                    "{position}"
                );
            }
        }
    }

    #[test]
    fn empty_sweeps_end_at_once() {
        assert!(RemotenessSweep::new(0, 5).next_row().is_none());
        let mut flat = RemotenessSweep::new(3, 0);
        assert_eq!(flat.next_row(), Some((1, &[][..])));
        assert_eq!(flat.next_row().map(|(width, _)| width), Some(2));
    }
}
