//! The rectangle game.
