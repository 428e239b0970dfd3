//! A heap ruleset given by its options written out, heap by heap: how a user's ruleset
//! (a Python callback `n -> list of option lists`, a file) reaches the engines that work on
//! any heap game.
//!
//! The table is checked once, when it is built: every heap an option leaves must be smaller
//! than the heap moved in, so that every engine's recursion ends.

use std::collections::HashSet;

use super::notation::HeapMove;
use super::HeapRuleset;

/// A heap ruleset from explicit option lists for the heaps `0..=largest`:
/// `options[n]` lists the moves from a heap of `n`, each as the heaps it leaves.
///
/// Built by [`Tabulated::new`], which checks and tidies the table: a part of 0 is no heap
/// and is dropped (`[0, 3]` leaves one heap of 3, `[0]` removes the heap), the parts of
/// each option are sorted, smallest first, and an option listed twice is kept once.
///
/// The ruleset knows nothing of heaps past `largest`: asking for their options is a logic
/// error, answered with no option (the heap then acts as one without a move). The engines
/// that take a heap bound ([`nim_values`](crate::impartial::heap_values::nim_values),
/// [`misere_quotient`](crate::misere_quotient::misere_quotient)) read
/// [`largest_heap`](HeapRuleset::largest_heap) and refuse bounds past it; with the searches
/// of sums ([`HeapSearch`](crate::misere_play::heap_search::HeapSearch),
/// [`GenusSearch`](crate::misere_play::genus::GenusSearch)) the caller keeps the heaps in
/// range.
///
/// ```
/// use grundy::heap::{HeapRuleset, Tabulated};
///
/// // Heaps up to 3: take one token, or split a heap of 3 into 1 + 1 (a 0 part is dropped).
/// let rules = Tabulated::new(
///     "take one or split three",
///     vec![vec![], vec![vec![]], vec![vec![1]], vec![vec![2], vec![1, 0, 1]]],
/// )
/// .unwrap();
/// let mut options = Vec::new();
/// rules.for_each_option(3, &mut |left| options.push(left.to_vec()));
/// assert_eq!(options, [vec![2], vec![1, 1]]);
/// assert_eq!(rules.largest_heap(), Some(3));
///
/// // A heap left as large as the heap moved in is refused, naming it.
/// let error = Tabulated::new("bad", vec![vec![], vec![], vec![vec![1], vec![2]]]).unwrap_err();
/// assert_eq!(error.to_string(), "bad: heap 2, option 2 ([2]): the part 2 is not smaller than the heap 2");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Tabulated {
    name: String,
    /// `options[n]`: the options of a heap of `n`, each sorted, without parts of 0.
    options: Vec<Vec<Vec<u64>>>,
}

/// Why a table of options is not a ruleset.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TabulatedError {
    /// An option leaves a heap at least as large as the heap moved in.
    #[error(
        "{name}: heap {heap}, option {option} ({left:?}): the part {part} is not smaller than \
         the heap {heap}"
    )]
    PartTooLarge {
        /// The ruleset's name.
        name: String,
        /// The heap moved in.
        heap: u64,
        /// The option's place in the heap's list, from 1.
        option: usize,
        /// The option as it was given.
        left: Vec<u64>,
        /// The part that is too large.
        part: u64,
    },
    /// Moves were given for the empty heap, which has none.
    #[error(
        "{name}: heap 0 is no heap and has no move, but {count} {} given for it",
        if *count == 1 { "option was" } else { "options were" }
    )]
    EmptyHeapMoves {
        /// The ruleset's name.
        name: String,
        /// How many options were given.
        count: usize,
    },
    /// The table has no row, not even the empty heap's.
    #[error("{0}: the table has no heaps; give the options of the heaps 0 to the largest")]
    Empty(String),
}

impl Tabulated {
    /// The ruleset of `options`, `options[n]` the moves from a heap of `n` (`options[0]`,
    /// the empty heap's, must list none: a move from it would have to leave a heap below
    /// 0). Checks every part: each must be smaller than its heap, and a part of 0 is
    /// dropped.
    pub fn new(
        name: impl Into<String>,
        options: Vec<Vec<Vec<u64>>>,
    ) -> Result<Self, TabulatedError> {
        let name = name.into();
        if options.is_empty() {
            return Err(TabulatedError::Empty(name));
        }
        if !options[0].is_empty() {
            return Err(TabulatedError::EmptyHeapMoves {
                name,
                count: options[0].len(),
            });
        }
        let mut checked = Vec::with_capacity(options.len());
        for (heap, moves) in options.into_iter().enumerate() {
            let heap = heap as u64;
            let mut kept: Vec<Vec<u64>> = Vec::with_capacity(moves.len());
            let mut seen: HashSet<Vec<u64>> = HashSet::with_capacity(moves.len());
            for (index, left) in moves.into_iter().enumerate() {
                if let Some(part) = left.iter().find(|part| **part >= heap) {
                    return Err(TabulatedError::PartTooLarge {
                        name,
                        heap,
                        option: index + 1,
                        part: *part,
                        left,
                    });
                }
                let mut parts: Vec<u64> = left.into_iter().filter(|part| *part > 0).collect();
                parts.sort_unstable();
                if seen.insert(parts.clone()) {
                    kept.push(parts);
                }
            }
            checked.push(kept);
        }
        Ok(Tabulated {
            name,
            options: checked,
        })
    }

    /// The ruleset whose heap of `n` has the options `options(n)`, for `n` from 1 to
    /// `largest` (the empty heap has no move, and `options` is not asked for it), checked
    /// as by [`Tabulated::new`]: the way a callback `n -> list of option lists` becomes a
    /// ruleset.
    ///
    /// ```
    /// use grundy::heap::{HeapRuleset, Tabulated};
    ///
    /// // Kayles: knock down one pin or two neighbours, leaving the pins on either side
    /// // (a side without pins is a part of 0, dropped).
    /// let kayles = Tabulated::from_fn("kayles", 30, |n| {
    ///     (1..=n.min(2))
    ///         .flat_map(|knocked| (0..=n - knocked).map(move |left| vec![left, n - knocked - left]))
    ///         .collect()
    /// })
    /// .unwrap();
    /// assert_eq!(kayles.options(3).unwrap(), [vec![2], vec![1, 1], vec![1]]);
    /// ```
    pub fn from_fn(
        name: impl Into<String>,
        largest: u64,
        mut options: impl FnMut(u64) -> Vec<Vec<u64>>,
    ) -> Result<Self, TabulatedError> {
        let rows = std::iter::once(Vec::new())
            .chain((1..=largest).map(&mut options))
            .collect();
        Tabulated::new(name, rows)
    }

    /// The largest heap of the table.
    pub fn largest(&self) -> u64 {
        (self.options.len() - 1) as u64
    }

    /// The options of a heap of `heap`, each sorted; `None` past the largest heap.
    pub fn options(&self, heap: u64) -> Option<&[Vec<u64>]> {
        let row = usize::try_from(heap).ok()?;
        self.options.get(row).map(Vec::as_slice)
    }

    /// The moves from a heap of `heap`, in notation order (`12->3+4`).
    pub fn moves(&self, heap: u64) -> Vec<HeapMove> {
        self.options(heap)
            .unwrap_or_default()
            .iter()
            .map(|left| HeapMove {
                heap,
                left: left.clone(),
            })
            .collect()
    }
}

impl HeapRuleset for Tabulated {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// The options of the table, in its order; none past the largest heap (a logic error
    /// of the caller, see [`Tabulated`]).
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        for left in self.options(heap).unwrap_or_default() {
            visit(left);
        }
    }

    fn has_option(&self, heap: u64) -> bool {
        self.options(heap).is_some_and(|row| !row.is_empty())
    }

    fn largest_heap(&self) -> Option<u64> {
        Some(self.largest())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn zero_parts_are_dropped_and_duplicates_kept_once() {
        let rules = Tabulated::new(
            "t",
            vec![vec![], vec![vec![0]], vec![vec![1, 0], vec![1], vec![0, 0]]],
        )
        .unwrap();
        assert_eq!(rules.options(1).unwrap(), [Vec::<u64>::new()]);
        assert_eq!(rules.options(2).unwrap(), [vec![1], vec![]]);
        assert_eq!(rules.options(3), None);
        assert!(!rules.has_option(3));
        assert!(!rules.has_option(0));
        let moves: Vec<String> = rules.moves(2).iter().map(ToString::to_string).collect();
        assert_eq!(moves, ["2->1", "2->0"]);
    }

    #[test]
    fn errors_name_the_heap_the_option_and_the_part() {
        let error =
            Tabulated::new("t", vec![vec![], vec![vec![]], vec![vec![1], vec![1, 5]]]).unwrap_err();
        assert_eq!(
            error,
            TabulatedError::PartTooLarge {
                name: "t".into(),
                heap: 2,
                option: 2,
                left: vec![1, 5],
                part: 5
            }
        );
        let error = Tabulated::new("t", vec![vec![vec![0]]]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "t: heap 0 is no heap and has no move, but 1 option was given for it"
        );
        assert_eq!(
            Tabulated::new("t", vec![]).unwrap_err(),
            TabulatedError::Empty("t".into())
        );
    }
}
