//! The cuboid game.
