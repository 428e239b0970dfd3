//! The paper game.
