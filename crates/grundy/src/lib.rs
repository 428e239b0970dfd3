//! grundy: rules, notation and perfect solvers for combinatorial games.
//!
//! The library knows the rules of the seed games (the rectangle game of IOI 2005, the cuboid
//! slicing game, the bidding game of POI 2012, Codeforces' paper cutting and Pousse), solves
//! them, and gives every other part of the project (the command line, the referee, the C
//! libraries) one source of truth for legality.
//!
//! Every heap game (take-and-break codes, Nim, a user's ruleset) implements
//! [`heap::HeapRuleset`], through which [`misere_quotient`] computes misère quotients and outcomes
//! of any of them.
//!
//! Beyond the seed games, [`cgt`] computes with the values of short partizan games
//! (canonical forms, stops, thermographs, atomic weights, CGSuite notation) for any game that
//! implements [`position::PartizanPosition`].
//!
//! It does no process I/O and prints nothing: contest formats are read from and written to
//! strings (each game's `contest` module), and every game is listed once in [`registry`].
//!
//! ```
//! use grundy::nimber::{mex, nim_sum};
//! assert_eq!(mex([0, 1, 3]), 2);
//! assert_eq!(nim_sum([1, 2, 3]), 0);
//! ```

#![deny(missing_docs)]

pub mod cgt;
pub mod checksum;
pub mod contest_input;
pub mod drawing;
pub mod error;
pub mod game;
pub mod games;
pub mod graph;
pub mod grid;
pub mod heap;
pub mod impartial;
pub mod integer;
pub mod loopy;
pub mod misere_play;
pub mod misere_quotient;
pub mod nimber;
pub mod partizan;
pub mod player;
pub mod position;
pub mod registry;
pub mod report;
pub mod stop;
pub mod strategy;
pub mod tables;
