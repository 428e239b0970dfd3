//! Fission's components: regions of open (not blocked) cells in which a move is left,
//! cropped, and reduced under the reflections that keep the value (a quarter turn swaps the
//! players, so it gives the component's negative, [`negative`]).

use super::Fission;
use crate::grid::Symmetry;

/// The regions of `position`'s open cells where either player can move, each cropped to its
/// box (the box's other cells blocked) and normalised by [`normalise`].
pub(super) fn components(position: &Fission) -> Vec<Fission> {
    let geometry = position.geometry;
    geometry
        .regions(position.open)
        .into_iter()
        .map(|region| {
            let (left, top, shape) = geometry.bounding_box(region);
            Fission {
                geometry: shape,
                open: geometry.crop(region, left, top, &shape),
                stones: geometry.crop(position.stones & region, left, top, &shape),
            }
        })
        .filter(|part| part.left_fits() != 0 || part.right_fits() != 0)
        .map(normalise)
        .collect()
}

/// The normal form of `position` turned a quarter: every vertical split becomes a
/// horizontal one and back, so its value is the negative.
pub(super) fn negative(position: &Fission) -> Fission {
    let transpose = Symmetry::TRANSPOSE;
    normalise(Fission {
        geometry: position.geometry.transformed(transpose),
        open: position.geometry.transform(position.open, transpose),
        stones: position.geometry.transform(position.stones, transpose),
    })
}

/// The least image of `position` under identity, the two mirrors and the half turn.
fn normalise(position: Fission) -> Fission {
    Symmetry::MIRRORS
        .iter()
        .map(|&symmetry| Fission {
            geometry: position.geometry,
            open: position.geometry.transform(position.open, symmetry),
            stones: position.geometry.transform(position.stones, symmetry),
        })
        .min()
        .unwrap_or(position)
}
