//! Amazons as an SVG picture: the board with Left's `x` amazons blue, Right's `o` red and
//! the burnt cells dark.

use super::Amazons;
use crate::grid::cell::Cell;
use crate::drawing::svg::{grid, Coordinates, Mark};

impl Amazons {
    /// The board as an SVG document: one square per cell, a blue piece for each `x`
    /// (Left), a red one for each `o` (Right), burnt cells dark, columns lettered and rows
    /// numbered as moves name them.
    pub fn svg(&self) -> String {
        let title = format!("Amazons {self}");
        let geometry = self.geometry();
        grid(
            geometry.width(),
            geometry.height(),
            &title,
            Coordinates::LettersAndRows,
            |column, row| {
                let cell = Cell::new(column, row);
                match self.amazon(cell) {
                    Some(side) => Mark::Stone(side),
                    None if self.is_burnt(cell) => Mark::Blocked,
                    None => Mark::Empty,
                }
            },
        )
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn one_cell_per_square_one_piece_per_amazon_and_burnt_cells_dark() {
        let board: Amazons = "xo#/o.#".parse().unwrap();
        let svg = board.svg();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let count = |class: &str| {
            doc.descendants()
                .filter(|n| n.attribute("class") == Some(class))
                .count()
        };
        assert_eq!(count("cell") + count("cell blocked"), 6);
        assert_eq!(count("cell blocked"), 2);
        assert_eq!(count("piece left"), 1);
        assert_eq!(count("piece right"), 2);
    }
}
