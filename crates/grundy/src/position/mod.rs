//! The position traits a game implements for the engines that value it, with nothing of the
//! engines in them: [`ImpartialGame`] (the moves of an impartial game, for the generic
//! Sprague–Grundy solver of [`crate::impartial`]) and [`PartizanPosition`] (the options of
//! each player in a short partizan game, for the value engine of [`crate::cgt`]). The
//! position trait of heap games is [`crate::heap::HeapRuleset`].

mod impartial;
mod partizan;

pub use impartial::ImpartialGame;
pub use partizan::{KnownValue, PartizanPosition};
