//! Domineering's components: regions of empty cells, cropped, and reduced under the
//! reflections that keep the value (a quarter turn negates it, so it is not used here; it
//! gives the component's negative, [`negative`]).

use super::Domineering;
use crate::grid::Symmetry;

/// The regions of `position`'s empty cells with at least two cells, each normalised by
/// [`normalise`].
pub(super) fn components(position: &Domineering) -> Vec<Domineering> {
    let geometry = position.geometry;
    geometry
        .regions(position.empty)
        .into_iter()
        .filter(|region| region.count_ones() >= 2)
        .map(|region| {
            let (left, top, shape) = geometry.bounding_box(region);
            normalise(Domineering {
                geometry: shape,
                empty: geometry.crop(region, left, top, &shape),
            })
        })
        .collect()
}

/// The normal form of `position` (a component) turned a quarter: the component in which
/// every vertical domino is a horizontal one and back, so its value is the negative.
pub(super) fn negative(position: &Domineering) -> Domineering {
    let transpose = Symmetry::TRANSPOSE;
    normalise(Domineering {
        geometry: position.geometry.transformed(transpose),
        empty: position.geometry.transform(position.empty, transpose),
    })
}

/// The image of `position` under identity, the two mirrors and the half turn with the
/// smallest set of empty cells as a number: one representative per class of reflections.
fn normalise(position: Domineering) -> Domineering {
    Symmetry::MIRRORS
        .iter()
        .map(|&symmetry| Domineering {
            geometry: position.geometry,
            empty: position.geometry.transform(position.empty, symmetry),
        })
        .min_by_key(|image| image.empty)
        .unwrap_or(position)
}
