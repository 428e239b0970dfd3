//! Squares as bytes, for the boards that store one byte per square.

use super::common::Colour;

/// An empty square.
pub(super) const EMPTY: u8 = 0;
/// An X marker.
pub(super) const X: u8 = 1;
/// An O marker.
pub(super) const O: u8 = 2;

/// The byte of a square holding `colour` (or nothing).
pub(super) fn code(colour: Option<Colour>) -> u8 {
    match colour {
        None => EMPTY,
        Some(Colour::X) => X,
        Some(Colour::O) => O,
    }
}

/// The marker a square's byte stands for.
pub(super) fn colour_of(code: u8) -> Option<Colour> {
    match code {
        X => Some(Colour::X),
        O => Some(Colour::O),
        _ => None,
    }
}
