//! Toads and Frogs as an SVG picture: the row with Toads (Left's, blue `T`) and Frogs
//! (Right's, red `F`).

use super::{Piece, ToadsFrogs};
use crate::drawing::svg::{grid, Coordinates, Mark};
use crate::player::Player;

impl ToadsFrogs {
    /// The row as an SVG document: one square per cell, numbered from 1 below as moves name
    /// them, a blue `T` for each Toad and a red `F` for each Frog.
    pub fn svg(&self) -> String {
        let title = format!("Toads and Frogs {self}");
        grid(
            self.len(),
            1,
            &title,
            Coordinates::NumbersBelow,
            |column, _| match self.piece(column) {
                Some(Piece::Toad) => Mark::Lettered(Player::Left, 'T'),
                Some(Piece::Frog) => Mark::Lettered(Player::Right, 'F'),
                None => Mark::Empty,
            },
        )
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn one_cell_per_square_and_one_piece_per_animal() {
        let row: ToadsFrogs = "TT..F".parse().unwrap();
        let svg = row.svg();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let count = |class: &str| {
            doc.descendants()
                .filter(|n| n.attribute("class") == Some(class))
                .count()
        };
        assert_eq!(count("cell"), 5);
        assert_eq!(count("piece left"), 2);
        assert_eq!(count("piece right"), 1);
    }
}
