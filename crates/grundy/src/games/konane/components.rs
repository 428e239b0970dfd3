//! Konane's components. A jump lands on an empty cell beyond the stone it captures, so
//! groups of stones apart may meet later and the empty cells around them may be landed on:
//! no cut of the board is safe in general, and the board is one component. It is reduced
//! under all eight symmetries of the square, which keep every stone's colour and every row
//! and column (so every jump), hence the game; and it is left out when neither player can
//! move (no move ever changes it then: it is 0).

use super::Konane;
use crate::grid::Symmetry;
use crate::player::Player;

/// The board as its one component, normalised, or nothing when nobody can move.
pub(super) fn components(position: &Konane) -> Vec<Konane> {
    if position.jumps(Player::Left).is_empty() && position.jumps(Player::Right).is_empty() {
        return Vec::new();
    }
    vec![normalise(*position)]
}

/// The image of `position` under the eight symmetries that is smallest as (shape, Left's
/// stones, Right's stones): one representative per class.
fn normalise(position: Konane) -> Konane {
    Symmetry::ALL
        .iter()
        .map(|&symmetry| Konane {
            geometry: position.geometry.transformed(symmetry),
            left: position.geometry.transform(position.left, symmetry),
            right: position.geometry.transform(position.right, symmetry),
        })
        .min_by_key(|image| (image.geometry, image.left, image.right))
        .unwrap_or(position)
}
