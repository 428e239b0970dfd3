//! Where a row of Toads and Frogs falls apart.
//!
//! Toads only move right and Frogs only left, and a piece only ever looks at the two cells
//! ahead of it. Two facts follow.
//!
//! **Frozen pieces are walls.** Call a set `S` of pieces *stuck* when each of them is blocked
//! by `S` alone: a Toad at `i` whose cell `i+1` is off the row or holds a piece of `S` that is
//! a Toad or has `i+2` off the row or in `S` (no slide, no jump), and symmetrically a Frog.
//! By induction over any continuation no piece of a stuck set ever moves, since what blocks
//! it never moves either. The largest stuck set (a greatest fixed point: start from every
//! piece and drop those not blocked until none is dropped) is the set of pieces that can
//! never move. No piece ever crosses a frozen one: a frozen Toad at `c` could only be jumped
//! by a Frog standing at `c+1`, but `c+1` is off the row or frozen itself; symmetrically for
//! a frozen Frog. And a mobile piece next to a frozen one sees it exactly as the end of the
//! row: a mobile Toad right before a frozen piece at `c` meets a frozen Toad (a frozen Frog at
//! `c` would need its own left neighbour frozen), so it can neither slide nor jump there.
//! Hence the maximal runs of cells between frozen pieces are independent rows, with the
//! frozen pieces as their ends. A prefix of Frogs at the left end and a suffix of Toads at
//! the right end, and blocks such as `TTFF`, are frozen.
//!
//! **No Toad before a Frog.** In a run where every Frog stands left of every Toad, the
//! Frogs can only move further left and the Toads further right, and no Frog ever meets a
//! Toad: the run is the sum of its Frogs (the cells up to the last Frog) and its Toads (the
//! cells from the first Toad), and the cells in between are never used.
//!
//! Parts where no piece can move are dropped (they never change: worth 0). Each part is its
//! own row, cropped to its cells, so equal parts are equal; no other symmetry is used
//! (reversing a row and swapping Toads for Frogs negates it).

use super::ToadsFrogs;

/// The independent parts of `row`, each a cropped row with a move for someone.
pub(super) fn components(row: &ToadsFrogs) -> Vec<ToadsFrogs> {
    let frozen = frozen(row);
    let mut parts = Vec::new();
    let mut start = 0;
    for end in 0..=row.len() {
        if end == row.len() || frozen & (1u64 << end) != 0 {
            if end > start {
                split_run(row, start, end, &mut parts);
            }
            start = end + 1;
        }
    }
    parts.retain(|part| part.has_moves());
    parts
}

/// The pieces of `row` that can never move: the largest stuck set (see the module
/// documentation), one bit per cell.
pub(super) fn frozen(row: &ToadsFrogs) -> u64 {
    // Cells are shifted up by 2 in a u128 so that the two cells before the row and every
    // cell after it can be treated as walls without overflow.
    let inside: u128 = ((1u128 << row.len()) - 1) << 2;
    let toads = u128::from(row.toads) << 2;
    let frogs = u128::from(row.frogs) << 2;
    let mut stuck = toads | frogs;
    loop {
        let wall = stuck | !inside;
        // A Toad at i: i+1 is a wall, and it is a Toad or i+2 is a wall too.
        let toads_blocked = toads & stuck & (wall >> 1) & ((toads & stuck) >> 1 | wall >> 2);
        // A Frog at j: j-1 is a wall, and it is a Frog or j-2 is a wall too.
        let frogs_blocked = frogs & stuck & (wall << 1) & ((frogs & stuck) << 1 | wall << 2);
        let next = toads_blocked | frogs_blocked;
        if next == stuck {
            break;
        }
        stuck = next;
    }
    // The pieces are inside the row, so the shifted-back mask fits a u64.
    u64::try_from((stuck & inside) >> 2).unwrap_or(0)
}

/// Appends the parts of the run `start..end` (no frozen piece in it): the whole run, or its
/// Frogs and its Toads apart when no Toad stands before a Frog.
fn split_run(row: &ToadsFrogs, start: usize, end: usize, parts: &mut Vec<ToadsFrogs>) {
    let run = row.slice(start, end);
    let last_frog = (0..run.len()).rev().find(|&i| run.frogs & (1u64 << i) != 0);
    let first_toad = (0..run.len()).find(|&i| run.toads & (1u64 << i) != 0);
    match (last_frog, first_toad) {
        (Some(frog), Some(toad)) if toad < frog => parts.push(run),
        (frog, toad) => {
            if let Some(frog) = frog {
                parts.push(run.slice(0, frog + 1));
            }
            if let Some(toad) = toad {
                parts.push(run.slice(toad, run.len()));
            }
        }
    }
}
