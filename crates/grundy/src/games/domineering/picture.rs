//! Domineering as an SVG picture: the board with its blocked cells dark.

use super::Domineering;
use crate::grid::cell::Cell;
use crate::drawing::svg::{grid, Coordinates, Mark};

impl Domineering {
    /// The board as an SVG document: one square per cell, blocked (or filled) cells dark,
    /// columns lettered and rows numbered as moves name them.
    pub fn svg(&self) -> String {
        let title = format!("Domineering {self}");
        grid(
            self.width(),
            self.height(),
            &title,
            Coordinates::LettersAndRows,
            |column, row| {
                if self.is_empty(Cell::new(column, row)) {
                    Mark::Empty
                } else {
                    Mark::Blocked
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
    fn every_cell_is_drawn_and_the_blocked_ones_dark() {
        let board: Domineering = "..#./..../.#..".parse().unwrap();
        let svg = board.svg();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let classes: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("rect"))
            .filter_map(|n| n.attribute("class"))
            .collect();
        assert_eq!(classes.len(), 12);
        assert_eq!(classes.iter().filter(|c| **c == "cell blocked").count(), 2);
    }
}
