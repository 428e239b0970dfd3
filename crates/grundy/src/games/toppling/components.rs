//! Where a strip of Toppling Dominoes falls apart: into its rows.
//!
//! A falling domino takes dominoes only within its own row (the run of dominoes between
//! empty places), so a move in one row leaves every other row as it was, and the rows are
//! independent: the strip is the sum of its rows. A row cropped to its dominoes is the same
//! game wherever it stands. Reading a row right to left gives the same game tree (each
//! topple to the left becomes a topple to the right by the same player, and the rows left
//! are read right to left too), so each row is kept as the smaller of its two readings; a
//! row always has a move for someone (every domino is someone's), so none is dropped.

use super::Toppling;

/// The rows of `strip`, each cropped and in its normal form.
pub(super) fn components(strip: &Toppling) -> Vec<Toppling> {
    let occupied = strip.occupied();
    let mut parts = Vec::new();
    let mut start = None;
    for cell in 0..=strip.len() {
        let standing = cell < strip.len() && occupied & (1u64 << cell) != 0;
        match (standing, start) {
            (true, None) => start = Some(cell),
            (false, Some(first)) => {
                parts.push(normalise(strip.slice(first, cell)));
                start = None;
            }
            _ => {}
        }
    }
    parts
}

/// The smaller of `row` and its mirror image (a row cropped to its dominoes).
pub(super) fn normalise(row: Toppling) -> Toppling {
    row.min(row.mirrored())
}
