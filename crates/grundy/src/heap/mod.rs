//! Heap games in general: a position is a sum of heaps, and a move replaces one heap by
//! zero or more smaller heaps. Kayles, Dawson's chess, every octal and hexadecimal code,
//! subtraction games, Grundy's game and Nim are heap games, and so is any ruleset a user
//! writes down heap by heap.
//!
//! [`HeapRuleset`] is what the engines that work on any heap game ask of one: the options
//! of a heap. The misère engines ([`crate::misere_quotient`], the genus and the theory of
//! [`crate::misere_play`]) and the plain nim-value loop
//! ([`nim_values`](crate::impartial::heap_values::nim_values)) go through it and never
//! through a game's own type; each game implements it in its own folder
//! (`games/takebreak`, `games/nim`), and a user's ruleset implements it through
//! [`Tabulated`] (or its own type).
//!
//! * [`notation`] writes heaps and moves (`5+7+12`, `12->3+4`, `5->0`);
//! * [`periodicity`] holds what the periodicity theorem of take-and-break codes needs of a
//!   ruleset, and the period merely *seen* in a computed sequence;
//! * [`tabulated`] is a ruleset given by explicit option lists.
//!
//! ```
//! use grundy::heap::{HeapRuleset, Tabulated};
//! use grundy::impartial::heap_values::nim_values;
//! use grundy::stop::Stop;
//!
//! // Kayles on heaps up to 4, written out: knock down one pin or two neighbours.
//! let kayles = Tabulated::new(
//!     "kayles to 4",
//!     vec![
//!         vec![],
//!         vec![vec![]],
//!         vec![vec![1], vec![]],
//!         vec![vec![2], vec![1, 1], vec![1]],
//!         vec![vec![3], vec![1, 2], vec![2], vec![1, 1]],
//!     ],
//! )
//! .unwrap();
//! assert!(kayles.has_option(4));
//! let values = nim_values(&kayles, 4, &Stop::NEVER, &mut |_, _| {}).unwrap();
//! assert_eq!(values, [0, 1, 2, 3, 1]);
//! ```

pub mod notation;
pub mod periodicity;
pub mod tabulated;

use std::sync::Arc;

pub use notation::{format_heaps, parse_heap, parse_heaps, HeapMove};
pub use periodicity::{apparent_period, ApparentPeriod, PeriodicityBounds};
pub use tabulated::{Tabulated, TabulatedError};

/// The rules of a heap game: a position is a sum of heaps, and a move replaces one heap by
/// zero or more smaller heaps.
///
/// The trait is object-safe: the engines take `&dyn HeapRuleset`, and a position that is a
/// sum of heaps hands out an `Arc<dyn HeapRuleset>` ([`HeapSum`]). Only the first two
/// methods are required; the others have defaults that claim nothing.
pub trait HeapRuleset: Send + Sync + std::fmt::Debug {
    /// The ruleset's name for messages and reports (an octal code such as `0.77`, or a
    /// user's name).
    fn name(&self) -> String;

    /// Calls `visit` once for each move from a heap of `heap` with the heaps the move
    /// leaves, each ≥ 1 and < `heap` (empty when the move removes the heap). The same list
    /// may be visited more than once.
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64]));

    /// True when a heap of `heap` has a move (default: through for_each_option).
    fn has_option(&self, heap: u64) -> bool {
        let mut found = false;
        self.for_each_option(heap, &mut |_| found = true);
        found
    }

    /// The largest heap whose options the ruleset knows, `None` (the default) when it knows
    /// every heap. A ruleset given by a table ([`Tabulated`]) says no move for heaps past
    /// its table; the engines that take a heap bound refuse bounds past this one rather
    /// than compute with moves that are missing.
    fn largest_heap(&self) -> Option<u64> {
        None
    }

    /// What the periodicity theorem of take-and-break codes needs of the ruleset, `None`
    /// (the default) when the theorem does not apply to it, or the ruleset does not know:
    /// then periods are only observed, never proved. See [`PeriodicityBounds`] for what a
    /// ruleset promises by returning `Some`.
    fn periodicity_bounds(&self) -> Option<PeriodicityBounds> {
        None
    }

    /// Whether this is Nim, where a heap of `n` may be left as any smaller heap (or
    /// removed), and which says so: misère play then follows Bouton's rule for heaps of any
    /// size. False by default; a ruleset that is Nim without saying so is decided by the
    /// general misère theory instead, with the same answers, for smaller heaps.
    fn is_nim(&self) -> bool {
        false
    }

    /// A take `r` such that every heap of more than `r` tokens has a move that removes `r`
    /// tokens and leaves one heap, if the ruleset knows one (`None` by default). It only
    /// serves a lower bound on the positions a search of a sum must visit (Nim's is 1), so
    /// that a search certain to be too large is not started.
    fn single_heap_step(&self) -> Option<u64> {
        None
    }
}

/// A position that is a sum of heaps: the ruleset they follow and the heaps, as a game
/// describes its position to the engines that work on any heap game
/// ([`GameState::heap_sum`](crate::game::GameState::heap_sum)).
#[derive(Debug, Clone)]
pub struct HeapSum {
    /// The rules every heap follows.
    pub rules: Arc<dyn HeapRuleset>,
    /// The heaps, in the position's order. A game that keeps empty heaps in its positions
    /// (Nim's `3+0+5`) lists them as 0: a heap of 0 has no move and changes nothing.
    pub heaps: Vec<u64>,
}
