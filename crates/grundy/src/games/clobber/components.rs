//! Clobber's components: orthogonally connected groups of stones. A stone only ever moves
//! onto a neighbouring stone, so groups never merge, and a group of one colour has no move
//! now or later (worth 0) and is dropped. Each group is cropped to its bounding box and
//! reduced under all eight symmetries of the square, which keep every stone's colour and
//! every adjacency, hence the game.

use super::Clobber;
use crate::grid::Symmetry;

/// The groups of `position` holding stones of both colours, each normalised.
pub(super) fn components(position: &Clobber) -> Vec<Clobber> {
    let geometry = position.geometry;
    geometry
        .regions(position.left | position.right)
        .into_iter()
        .filter(|group| group & position.left != 0 && group & position.right != 0)
        .map(|group| {
            let (column, row, shape) = geometry.bounding_box(group);
            normalise(Clobber {
                geometry: shape,
                left: geometry.crop(group & position.left, column, row, &shape),
                right: geometry.crop(group & position.right, column, row, &shape),
            })
        })
        .collect()
}

/// The image of `position` under the eight symmetries that is smallest as (shape, Left's
/// stones, Right's stones): one representative per class.
fn normalise(position: Clobber) -> Clobber {
    Symmetry::ALL
        .iter()
        .map(|&symmetry| Clobber {
            geometry: position.geometry.transformed(symmetry),
            left: position.geometry.transform(position.left, symmetry),
            right: position.geometry.transform(position.right, symmetry),
        })
        .min_by_key(|image| (image.geometry, image.left, image.right))
        .unwrap_or(position)
}
