//! Small games for tests, examples and benchmarks of the evaluators: explicit game trees
//! and Domineering on boards of at most 8 × 8 cells.
//!
//! These are fixtures, not the project's game implementations: they exist so that
//! [`Evaluator`](super::Evaluator) and [`plain_value`](super::plain_value) can be checked
//! against each other and timed.

use crate::position::PartizanPosition;

/// A game written out as a tree: its Left and Right options, recursively.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct GameTree {
    /// Left's options.
    pub left: Vec<GameTree>,
    /// Right's options.
    pub right: Vec<GameTree>,
}

impl GameTree {
    /// `{ left | right }`.
    pub fn new(left: Vec<GameTree>, right: Vec<GameTree>) -> Self {
        GameTree { left, right }
    }

    /// The number of nodes of the tree.
    pub fn size(&self) -> usize {
        1 + self
            .left
            .iter()
            .chain(self.right.iter())
            .map(GameTree::size)
            .sum::<usize>()
    }

    /// The negative: options swapped and negated.
    pub fn negative(&self) -> GameTree {
        GameTree {
            left: self.right.iter().map(GameTree::negative).collect(),
            right: self.left.iter().map(GameTree::negative).collect(),
        }
    }

    /// The disjunctive sum, written out as a tree.
    pub fn sum(&self, other: &GameTree) -> GameTree {
        let mut left: Vec<GameTree> = self.left.iter().map(|l| l.sum(other)).collect();
        left.extend(other.left.iter().map(|l| self.sum(l)));
        let mut right: Vec<GameTree> = self.right.iter().map(|r| r.sum(other)).collect();
        right.extend(other.right.iter().map(|r| self.sum(r)));
        GameTree { left, right }
    }
}

impl PartizanPosition for GameTree {
    fn left_options(&self) -> Vec<GameTree> {
        self.left.clone()
    }

    /// The option lists and every subtree, with their allocations' headers.
    fn heap_bytes(&self) -> usize {
        (self.left.capacity() + self.right.capacity()) * std::mem::size_of::<GameTree>()
            + 2 * 16
            + self
                .left
                .iter()
                .chain(&self.right)
                .map(PartizanPosition::heap_bytes)
                .sum::<usize>()
    }

    fn right_options(&self) -> Vec<GameTree> {
        self.right.clone()
    }
}

/// Domineering on a board of at most 8 × 8 cells: Left places vertical dominoes, Right
/// horizontal ones (Winning Ways' convention), each on two empty cells; a player who cannot
/// place loses. Components are the 4-connected regions of empty cells, each moved to the
/// top-left corner of a board just large enough for it, so equal regions hash equal.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Domineering {
    rows: u8,
    cols: u8,
    /// Bit `8·r + c` is set when cell (r, c) is empty.
    empty: u64,
}

impl Domineering {
    /// An empty board (both sides at most 8).
    pub fn empty(rows: u8, cols: u8) -> Option<Domineering> {
        if rows == 0 || cols == 0 || rows > 8 || cols > 8 {
            return None;
        }
        let mut empty = 0u64;
        for r in 0..rows {
            for c in 0..cols {
                empty |= 1 << (8 * r + c);
            }
        }
        Some(Domineering { rows, cols, empty })
    }

    /// A board from rows of `.` (empty) and `#` (filled), e.g. `["..#", "..."]`.
    pub fn from_rows(lines: &[&str]) -> Option<Domineering> {
        let rows = u8::try_from(lines.len()).ok()?;
        let cols = u8::try_from(lines.first()?.len()).ok()?;
        let mut board = Domineering::empty(rows, cols)?;
        for (r, line) in lines.iter().enumerate() {
            if line.len() != usize::from(cols) {
                return None;
            }
            for (c, cell) in line.bytes().enumerate() {
                match cell {
                    b'.' => {}
                    b'#' => board.empty &= !(1u64 << (8 * r + c)),
                    _ => return None,
                }
            }
        }
        Some(board)
    }

    fn is_empty(&self, r: u8, c: u8) -> bool {
        r < self.rows && c < self.cols && self.empty & (1 << (8 * r + c)) != 0
    }

    fn options(&self, vertical: bool) -> Vec<Domineering> {
        let mut options = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                let (r2, c2) = if vertical { (r + 1, c) } else { (r, c + 1) };
                if self.is_empty(r, c) && self.is_empty(r2, c2) {
                    let filled = (1u64 << (8 * r + c)) | (1u64 << (8 * r2 + c2));
                    options.push(Domineering {
                        empty: self.empty & !filled,
                        ..self.clone()
                    });
                }
            }
        }
        options
    }
}

impl PartizanPosition for Domineering {
    fn left_options(&self) -> Vec<Domineering> {
        self.options(true)
    }

    fn right_options(&self) -> Vec<Domineering> {
        self.options(false)
    }

    fn components(&self) -> Vec<Domineering> {
        let mut left = self.empty;
        let mut parts = Vec::new();
        while left != 0 {
            // Flood fill from the lowest empty cell.
            let mut region = left & left.wrapping_neg();
            loop {
                let grown = region
                    | ((region << 8) & self.empty)
                    | ((region >> 8) & self.empty)
                    | ((region << 1) & self.empty & !0x0101_0101_0101_0101)
                    | ((region >> 1) & self.empty & !0x8080_8080_8080_8080);
                if grown == region {
                    break;
                }
                region = grown;
            }
            left &= !region;
            if region.count_ones() < 2 {
                continue; // a lone cell is 0
            }
            let cells = (0..64).filter(|bit| region & (1u64 << bit) != 0);
            let (mut top, mut bottom, mut first, mut last) = (8u8, 0u8, 8u8, 0u8);
            for bit in cells {
                let (r, c) = ((bit / 8) as u8, (bit % 8) as u8);
                top = top.min(r);
                bottom = bottom.max(r);
                first = first.min(c);
                last = last.max(c);
            }
            parts.push(Domineering {
                rows: bottom - top + 1,
                cols: last - first + 1,
                empty: region >> (8 * u32::from(top) + u32::from(first)),
            });
        }
        parts
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::cgt::{plain_value, Evaluator, ValueStore};

    fn value(lines: &[&str]) -> String {
        let mut store = ValueStore::new();
        let board = Domineering::from_rows(lines).unwrap();
        let g = Evaluator::new().value(&mut store, &board);
        assert_eq!(g, plain_value(&mut store, &board));
        store.display(g)
    }

    #[test]
    fn small_domineering_values() {
        // Winning Ways, ch. 5 (Domineering): a vertical 2-strip is 1 (Left's move), a
        // horizontal one -1, a 2 × 2 square ±1, a 1 × 3 row -1, and a 3 × 1 column 1.
        assert_eq!(value(&["."]), "0");
        assert_eq!(value(&[".", "."]), "1");
        assert_eq!(value(&[".."]), "-1");
        assert_eq!(value(&["..", ".."]), "±1");
        assert_eq!(value(&["...."]), "-2");
        assert_eq!(value(&[".", ".", "."]), "1");
        // The L-shaped tromino: either player's only move leaves a lone cell or nothing
        // (Winning Ways, ch. 5): {0 | 0} = *.
        assert_eq!(value(&["..", ".#"]), "*");
    }

    #[test]
    fn components_are_normalised() {
        let board = Domineering::from_rows(&["..#..", "..#.."]).unwrap();
        let parts = board.components();
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0], parts[1]);
        assert_eq!(parts[0], Domineering::empty(2, 2).unwrap());
    }

    #[test]
    fn trees_add_like_values() {
        let zero = GameTree::default();
        let star = GameTree::new(vec![zero.clone()], vec![zero.clone()]);
        let mut store = ValueStore::new();
        let g = plain_value(&mut store, &star.sum(&star));
        assert_eq!(g, store.zero());
        assert_eq!(star.sum(&star).size(), 13);
    }
}
