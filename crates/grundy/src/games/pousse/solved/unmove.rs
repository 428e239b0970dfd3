//! Unplaying a move: the boards from which one X move gives a board.
//!
//! A move slides the new marker in at the entry square of a line and pushes the markers up to
//! the first empty square (or off the far end of a full line). Backwards: the entry square
//! must hold X; the parent's first empty square along the line may be any square up to the
//! first empty one of the child, and the markers between are slid back by one. When the
//! child's line is full after the entry square, the parent may also have been full, with an X
//! or an O that fell off the far end.

use super::super::board::{Edge, Move, Size};

/// The squares of every move's line as bit numbers, in push order (entry square first).
#[derive(Debug, Clone)]
pub struct Lines {
    lines: Vec<Vec<u32>>,
}

impl Lines {
    /// The lines of the 4N moves of a `size` × `size` board.
    pub fn new(size: Size) -> Lines {
        let n = size.get() as u32;
        let lines = Move::all(size.get())
            .map(|mv| {
                let line = mv.line() as u32 - 1;
                (0..n)
                    .map(|step| match mv.edge() {
                        Edge::Left => 8 * line + step,
                        Edge::Right => 8 * line + n - 1 - step,
                        Edge::Top => 8 * step + line,
                        Edge::Bottom => 8 * (n - 1 - step) + line,
                    })
                    .collect()
            })
            .collect();
        Lines { lines }
    }

    /// Calls `found(x, o)` with the masks of every board (X to move) from which some X move
    /// gives the board with masks `x` and `o`; a parent reached by two moves may come twice.
    pub fn parents(&self, x: u64, o: u64, mut found: impl FnMut(u64, u64)) {
        for squares in &self.lines {
            let n = squares.len();
            if x & (1 << squares[0]) == 0 {
                continue;
            }
            // The parent with its first empty square at `gap`: the child's squares 1..=gap
            // slide back by one, and square `gap` is emptied.
            let line: u64 = squares.iter().map(|&s| 1u64 << s).sum();
            let (mut px, mut po) = (x & !line, o & !line);
            // Squares after the gap keep their markers; they are added back as the gap moves.
            let mut full = true;
            for gap in 0..n {
                let rest: u64 = squares[gap + 1..].iter().map(|&s| 1u64 << s).sum();
                found(px | (x & rest), po | (o & rest));
                if gap + 1 == n {
                    break;
                }
                let next = 1u64 << squares[gap + 1];
                let here = 1u64 << squares[gap];
                if x & next != 0 {
                    px |= here;
                } else if o & next != 0 {
                    po |= here;
                } else {
                    full = false;
                    break;
                }
            }
            if full {
                let last = 1u64 << squares[n - 1];
                found(px | last, po);
                found(px, po | last);
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::super::super::board::{BitBoard, Board, Colour};
    use super::super::index::Indexer;
    use super::*;
    use std::collections::HashSet;

    /// Every parent found gives the child by some move, and every (board, move) pair is
    /// found from its child, on every board up to 3 × 3.
    #[test]
    fn parents_are_exactly_the_boards_one_move_before() {
        for n in 1..=3 {
            let size = Size::new(n).unwrap();
            let indexer = Indexer::new(n).unwrap();
            let lines = Lines::new(size);
            let child_of = |x: u64, o: u64| -> HashSet<(u64, u64)> {
                let board = BitBoard::from_masks(size, x, o).unwrap();
                Move::all(n)
                    .map(|mv| {
                        let mut child = board;
                        child.push(mv, Colour::X).unwrap();
                        (child.x_mask(), child.o_mask())
                    })
                    .collect()
            };
            for index in 0..indexer.count() {
                let (x, o) = indexer.masks(index);
                for (cx, co) in child_of(x, o) {
                    let mut parents = HashSet::new();
                    lines.parents(cx, co, |px, po| {
                        parents.insert((px, po));
                    });
                    assert!(parents.contains(&(x, o)), "size {n} board {index}");
                    for (px, po) in parents {
                        assert_eq!(px & po, 0);
                        assert!(child_of(px, po).contains(&(cx, co)));
                    }
                }
            }
        }
    }
}
