//! Misère quotients of heap games (Plambeck and Siegel): the finite commutative monoid that
//! tells the misère outcome of every sum of heaps, as the nim-sum does in normal play.
//!
//! Everything here works on any [`HeapRuleset`](crate::heap::HeapRuleset) — a
//! take-and-break code, Nim, a user's ruleset written out as a
//! [`Tabulated`](crate::heap::Tabulated) table — and on nothing of a game's own type.
//!
//! Two sums of heaps `G` and `H` are indistinguishable when `G + X` and `H + X` have the same
//! misère outcome for every sum `X` of the game's heaps. The classes form a commutative
//! monoid under `+`, the **misère quotient**, with its **P-portion**, the classes of
//! P-positions; a sum is a P-position exactly when the product of its heaps' elements is in
//! the P-portion.
//!
//! * [`quotient`] builds the quotient of the heaps of at most `n` tokens, one heap at a
//!   time;
//! * [`stable`] proves, by the periodicity theorem for misère quotients, that it is the
//!   quotient of the whole game, or says only up to where it was seen not to change;
//! * [`presentation`] writes it with generators and relations, as the papers do;
//! * [`outcome`] decides a sum of heaps of any size with one product per heap;
//! * [`cache`] keeps the quotients built in the process, so each is built once.
//!
//! The exact search of sums of heaps, the twin every answer is tested against, is
//! [`HeapSearch`](crate::misere_play::heap_search::HeapSearch).
//!
//! ```
//! use grundy::heap::Tabulated;
//! use grundy::misere_quotient::{misere_quotient, Presentation};
//! use grundy::stop::Stop;
//!
//! // Misère Kayles on heaps of 1 and 2 (a heap of 2 may be left as 1 or removed): misère
//! // Nim's quotient on *1 and *2.
//! let kayles = Tabulated::new("kayles to 2", vec![vec![], vec![vec![]], vec![vec![1], vec![]]])
//!     .unwrap();
//! let quotient = misere_quotient(&kayles, 2, &mut |_| {}, &Stop::NEVER).unwrap();
//! assert_eq!(quotient.monoid().order(), 6);
//! let presentation = Presentation::of(&quotient);
//! assert_eq!(presentation.relation_texts(), ["a^2 = 1", "b^3 = b"]);
//! ```

pub mod cache;
pub mod monoid;
pub mod outcome;
pub mod presentation;
pub mod quotient;
pub mod stable;
pub mod verify;

pub use cache::{shared_quotient, SharedQuotient};
pub use monoid::{BipartiteMonoid, Element};
pub use outcome::{
    element_of_counts, heap_element, misere_outcome, misere_outcome_of_counts, outcome_of_element,
    BeyondQuotient,
};
pub use presentation::{Generator, Presentation};
pub use quotient::{
    max_order, misere_quotient, misere_quotient_within, quotient_bytes, MisereQuotient,
    QuotientError, QuotientProgress, MAX_GUESS, MAX_HEAPS,
};
pub use stable::{prove_periodicity, stable_from, Periodic};
