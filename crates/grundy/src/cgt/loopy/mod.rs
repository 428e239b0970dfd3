//! Loopy partizan games: stoppers and sided values.

pub mod budget;
pub mod graph;
pub mod survival;
