//! Konane as an SVG picture: the board with Left's `x` stones blue and Right's `o` red.

use super::Konane;
use crate::partizan::cell::Cell;
use crate::partizan::picture::{grid, Coordinates, Mark};

impl Konane {
    /// The board as an SVG document: one square per cell, a blue stone for each `x` (Left)
    /// and a red one for each `o` (Right), columns lettered and rows numbered as moves name
    /// them.
    pub fn svg(&self) -> String {
        let title = format!("Konane {self}");
        let geometry = self.geometry();
        grid(
            geometry.width(),
            geometry.height(),
            &title,
            Coordinates::LettersAndRows,
            |column, row| match self.stone(Cell::new(column, row)) {
                Some(side) => Mark::Stone(side),
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
    fn one_cell_per_square_and_one_stone_per_piece() {
        let board: Konane = "xox/ox.".parse().unwrap();
        let svg = board.svg();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let count = |class: &str| {
            doc.descendants()
                .filter(|n| n.attribute("class") == Some(class))
                .count()
        };
        assert_eq!(count("cell"), 6);
        assert_eq!(count("piece left"), 3);
        assert_eq!(count("piece right"), 2);
    }
}
