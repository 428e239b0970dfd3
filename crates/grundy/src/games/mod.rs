//! The seed games, one module each: position and move types, legality, notation and a fast
//! solver that agrees with the generic one in [`crate::impartial`].

pub mod bidding;
pub mod cuboid;
pub mod paper;
pub mod pousse;
pub mod rectangle;
pub mod takebreak;
