//! Take-and-break games given as data: octal and hexadecimal codes, subtraction and all-but
//! subtraction games, and Grundy's game (see [`code`] for the notation).
//!
//! A position is a sum of heaps, `5+7+12`; its value is the nim-sum of the heaps' values.
//! The heaps' values come from the game's nim sequence, computed by the plain mex loop
//! ([`sequence`]) or, for games that split heaps, the sparse-space method ([`sparse`], on
//! every core by [`parallel`]); [`period`] proves periodicity with the periodicity theorem,
//! [`compute`] chooses the method and copies a proved period instead of computing it,
//! [`sum`] analyses a sum, and [`play`] plays a game move by move.
//!
//! ```
//! use grundy::games::takebreak::{analyse, HeapRules};
//! use grundy::stop::Stop;
//! use grundy::report::Outcome;
//!
//! let kayles: HeapRules = "0.77".parse().unwrap();
//! let report = analyse(&kayles, &[5, 7, 3], &Stop::NEVER).unwrap();
//! assert_eq!(report.heap_values, [4, 2, 3]);
//! assert_eq!(report.outcome, Outcome::Win);
//! ```

pub mod analysis;
pub mod code;
pub mod compute;
pub mod entry;
pub mod game;
pub mod options;
pub mod parallel;
pub mod period;
pub mod play;
pub mod sequence;
pub mod shape;
pub mod sparse;
pub mod sum;

pub use code::{Code, HeapRules};
pub use game::{HeapGame, HeapMove};
pub use period::{find_period, NoPeriod, Periodicity};
pub use sum::{analyse, Remoteness, SumAnalysis};
