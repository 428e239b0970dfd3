//! The bidding game.
