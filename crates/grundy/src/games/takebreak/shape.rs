//! The rules of a heap game reduced to what a table computation needs: for which takes a
//! move may leave nothing, one heap, two heaps or three heaps.

use super::code::HeapRules;

/// The kinds of moves of a heap game, by number of tokens taken. All-but games have no
/// shape (a move may take any number of tokens): see [`Shape::of`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Shape {
    /// Takes that may remove a whole heap (the heap had exactly that many tokens).
    pub whole: Vec<usize>,
    /// Takes (≥ 1) that may leave one non-empty heap.
    pub single: Vec<usize>,
    /// Takes that may leave two non-empty heaps.
    pub pair: Vec<usize>,
    /// True when the two heaps left must be unequal (Grundy's game).
    pub unequal_pairs: bool,
    /// Takes that may leave three non-empty heaps.
    pub triple: Vec<usize>,
}

impl Shape {
    /// The shape of `rules`, `None` for all-but games.
    pub fn of(rules: &HeapRules) -> Option<Shape> {
        if let HeapRules::Grundy = rules {
            return Some(Shape {
                pair: vec![0],
                unequal_pairs: true,
                ..Shape::default()
            });
        }
        let code = rules.as_code()?;
        let mut shape = Shape::default();
        for (take, digit) in code.digits().iter().enumerate() {
            if digit & 1 != 0 {
                shape.whole.push(take);
            }
            if digit & 2 != 0 && take >= 1 {
                shape.single.push(take);
            }
            if digit & 4 != 0 {
                shape.pair.push(take);
            }
            if digit & 8 != 0 {
                shape.triple.push(take);
            }
        }
        Some(shape)
    }

    /// The largest first heap of a split of `sum` tokens into two heaps, the first no
    /// larger than the second (and smaller when the heaps must be unequal).
    pub fn pair_limit(&self, sum: usize) -> usize {
        if self.unequal_pairs {
            sum.saturating_sub(1) / 2
        } else {
            sum / 2
        }
    }
}
