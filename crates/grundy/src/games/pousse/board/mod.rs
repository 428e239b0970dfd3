//! The boards: what every Pousse board can do ([`Board`], in `common`), the three
//! representations of the markers (the general board for any size up to 100, the referee's
//! flat board without a running hash, and the bitboard for sizes up to 8), the move notation,
//! and the square bytes and Zobrist keys the representations share.

mod bitboard;
mod common;
mod flat;
mod general;
mod moves;
mod square;
pub(super) mod zobrist;

pub use bitboard::BitBoard;
pub use common::{Board, Colour, LineView, Size, Straights};
pub use flat::FlatBoard;
pub use general::GeneralBoard;
pub use moves::{Edge, Move};
