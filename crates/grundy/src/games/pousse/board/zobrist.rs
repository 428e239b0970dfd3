//! Zobrist keys: one pseudo-random 64-bit key per (row, column, colour), derived from the
//! square by a fixed mixing function so that no table is needed for the 100 × 100 board and
//! every board representation hashes the same markers to the same value.

use super::common::Colour;

/// The SplitMix64 finaliser: a bijection on u64 that spreads every input bit over the output.
pub(crate) const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of a `colour` marker at 0-based `row`, `column`.
pub(crate) const fn key(row: usize, column: usize, colour: Colour) -> u64 {
    let colour = match colour {
        Colour::X => 0,
        Colour::O => 1,
    };
    mix(((row as u64) << 16) | ((column as u64) << 1) | colour)
}

/// The key XORed into a state's hash when O is to move.
pub(crate) const O_TO_MOVE: u64 = mix(0xDEAD_BEEF_u64 << 32);
