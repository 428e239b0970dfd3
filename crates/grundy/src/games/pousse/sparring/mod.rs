//! The sparring partners: players of other designs than the engine, which measure it. The
//! classical alpha-beta searcher ([`classic`]) and the Monte Carlo tree searcher ([`mcts`]),
//! and the strategy kinds that put them in the registry's games (`alphabeta`, `mcts`).

pub mod classic;
pub mod mcts;

mod strategy;

pub use strategy::{
    AlphaBetaKind, MctsKind, ALPHABETA, MAX_ALPHABETA_DEPTH, MCTS, SPARRING_PARTNERS,
};
