//! Cram's components: regions of empty cells, cropped, and reduced under the eight
//! symmetries of the rectangle (all of them keep the value of an impartial game); empty
//! rectangles of even sides are dropped (value 0, by the half-turn answer).

use super::Cram;
use crate::grid::Symmetry;

/// The regions of `position`'s empty cells with at least two cells, each normalised by
/// [`normalise`], without the empty rectangles whose sides are both even.
pub(super) fn components(position: &Cram) -> Vec<Cram> {
    let geometry = position.geometry;
    geometry
        .regions(position.empty)
        .into_iter()
        .filter(|region| region.count_ones() >= 2)
        .map(|region| normalise(cropped(position, region)))
        .filter(|part| !is_even_rectangle(part))
        .collect()
}

/// Whether `position` is an empty rectangle whose sides are both even: a second-player win,
/// value 0.
pub(super) fn is_even_rectangle(position: &Cram) -> bool {
    position.is_full() && position.width() % 2 == 0 && position.height() % 2 == 0
}

/// The whole board cropped to the box of its empty cells and normalised (a board without an
/// empty cell is kept as it is).
pub(super) fn normalised_whole(position: &Cram) -> Cram {
    if position.empty == 0 {
        return *position;
    }
    normalise(cropped(position, position.empty))
}

/// The cells `mask` of `position` in their bounding box, the box's other cells blocked.
fn cropped(position: &Cram, mask: u64) -> Cram {
    let geometry = position.geometry;
    let (left, top, shape) = geometry.bounding_box(mask);
    Cram {
        geometry: shape,
        empty: geometry.crop(mask, left, top, &shape),
    }
}

/// The image of `position` under the eight symmetries that is least (shape first, then the
/// empty cells as a number): one representative per class.
fn normalise(position: Cram) -> Cram {
    Symmetry::ALL
        .iter()
        .map(|&symmetry| Cram {
            geometry: position.geometry.transformed(symmetry),
            empty: position.geometry.transform(position.empty, symmetry),
        })
        .min()
        .unwrap_or(position)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn regions_are_cropped_and_turned() {
        let board: Cram = "..#./#.#./...#".parse().unwrap();
        let parts: Vec<String> = board.components().iter().map(Cram::to_string).collect();
        // {a1, b1, b2, a3, b3, c3} and the column {d1, d2}; the lone cell c... none.
        assert_eq!(parts.len(), 2, "{parts:?}");
        let column: Cram = "#./#./#.".parse().unwrap();
        let row: Cram = "1x3".parse().unwrap();
        assert_eq!(column.components(), row.components());
        assert_eq!(column.normalised(), "3x1".parse::<Cram>().unwrap().normalised());
    }

    #[test]
    fn even_rectangles_are_dropped() {
        for text in ["2x2", "4x2", "2x6", "4x4", "..#/..#"] {
            assert!(text.parse::<Cram>().unwrap().components().is_empty(), "{text}");
        }
        assert_eq!("3x2".parse::<Cram>().unwrap().components().len(), 1);
    }
}
