//! The loopy engine (`grundy::loopy`) against independent brute forces: retrograde analysis
//! and the labelling of values on random graphs with cycles, sums against the explicit
//! graphs of their parts' products, graphs without a cycle against the short-game solvers
//! of built-in games, and the values of the loopy rulesets of the issue written plainly
//! here (Wind-Up, Fair Shares and Varied Pairs).

#![allow(clippy::unwrap_used)]

mod brute;
mod graphs;
mod played;
mod rulesets;
mod short;
mod sums;
