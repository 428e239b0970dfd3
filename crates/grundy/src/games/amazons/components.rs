//! Amazons' components: the regions of cells not burnt, connected through the eight
//! neighbours of a cell (a queen also passes between two cells that touch at a corner). No
//! amazon and no arrow ever crosses a burnt cell, so regions never meet again and the board
//! is the sum of its regions. A region in which neither player can move (no amazon with an
//! empty neighbour) never changes, is worth 0 and is left out; a region with amazons of one
//! colour only stays (a number: the moves its owner has left). Each region is cropped to
//! its bounding box, the box's cells outside the region burnt, and reduced under all eight
//! symmetries of the square, which keep every colour and send rows, columns and diagonals
//! to rows, columns and diagonals, hence every queen move. Swapping the colours swaps the
//! players: the negative, which the evaluator is offered and never a normal form.

use super::Amazons;
use crate::grid::{Geometry, Symmetry};

/// The cells sharing a side or a corner with a cell of `mask` (on the grid), and `mask`.
pub(super) fn king_neighbourhood(geometry: &Geometry, mask: u64) -> u64 {
    let width = geometry.width();
    let all = geometry.all();
    let first_column = (0..geometry.height()).fold(0u64, |m, row| m | geometry.bit(0, row));
    let last_column = first_column << (width - 1);
    let across = mask | ((mask & !last_column) << 1) | ((mask & !first_column) >> 1);
    let up_down = (across << width) | (across >> width);
    (across | up_down) & all
}

/// The cells of `within` connected to `seed` through cells of `within`, corners included.
fn flood(geometry: &Geometry, seed: u64, within: u64) -> u64 {
    let mut region = seed & within;
    loop {
        let grown = king_neighbourhood(geometry, region) & within;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// The regions of `position` in which somebody can move, each normalised.
pub(super) fn components(position: &Amazons) -> Vec<Amazons> {
    let geometry = position.geometry;
    let amazons = position.left | position.right;
    let open = geometry.all() & !position.burnt;
    let empty = open & !amazons;
    let mut parts = Vec::new();
    let mut rest = open;
    while rest != 0 {
        let region = flood(&geometry, rest & rest.wrapping_neg(), rest);
        rest &= !region;
        let movers = region & amazons;
        if movers == 0 || king_neighbourhood(&geometry, movers) & region & empty == 0 {
            continue;
        }
        let (column, row, shape) = geometry.bounding_box(region);
        parts.push(normalise(Amazons {
            geometry: shape,
            left: geometry.crop(region & position.left, column, row, &shape),
            right: geometry.crop(region & position.right, column, row, &shape),
            burnt: shape.all() & !geometry.crop(region, column, row, &shape),
        }));
    }
    parts
}

/// The image of `position` under the eight symmetries that is smallest as (shape, burnt
/// cells, Left's amazons, Right's amazons): one representative per class.
pub(super) fn normalise(position: Amazons) -> Amazons {
    let geometry = position.geometry;
    Symmetry::ALL
        .iter()
        .map(|&symmetry| Amazons {
            geometry: geometry.transformed(symmetry),
            left: geometry.transform(position.left, symmetry),
            right: geometry.transform(position.right, symmetry),
            burnt: geometry.transform(position.burnt, symmetry),
        })
        .min_by_key(|image| (image.geometry, image.burnt, image.left, image.right))
        .unwrap_or(position)
}

/// A component with the colours swapped, normalised: its negative.
pub(super) fn negative(position: &Amazons) -> Amazons {
    normalise(Amazons {
        left: position.right,
        right: position.left,
        ..*position
    })
}
