//! Boards of Left's and Right's stones (Clobber, Konane): the `x`/`o`/`.` rows of their
//! notation, and their SVG picture. A game keeps its own position type (its stones as two
//! bitboards over a [`Geometry`]) and reads, writes and draws it through these.

use std::fmt;

use crate::error::ParseError;
use crate::grid::cell::Cell;
use crate::grid::{parse_rows, Geometry};
use crate::player::Player;

/// The stone on `cell` of a board with Left's stones on `left` and Right's on `right`
/// (bitboards over `geometry`); none off the board.
pub fn stone_at(geometry: &Geometry, left: u64, right: u64, cell: Cell) -> Option<Player> {
    if !geometry.contains(cell.column, cell.row) {
        return None;
    }
    let bit = geometry.bit(cell.column, cell.row);
    if left & bit != 0 {
        Some(Player::Left)
    } else if right & bit != 0 {
        Some(Player::Right)
    } else {
        None
    }
}

/// The character of a cell: `x` for Left's stone, `o` for Right's, `.` for none.
fn symbol(stone: Option<Player>) -> &'static str {
    match stone {
        Some(Player::Left) => "x",
        Some(Player::Right) => "o",
        None => ".",
    }
}

/// Writes the rows, top first, joined by `/`.
pub fn write_rows(
    f: &mut fmt::Formatter<'_>,
    geometry: &Geometry,
    left: u64,
    right: u64,
) -> fmt::Result {
    for row in 0..geometry.height() {
        if row > 0 {
            f.write_str("/")?;
        }
        for column in 0..geometry.width() {
            f.write_str(symbol(stone_at(
                geometry,
                left,
                right,
                Cell::new(column, row),
            )))?;
        }
    }
    Ok(())
}

/// Reads rows of `x`, `o` and `.` (or `X`, `O`) joined by `/`: the shape, Left's stones and
/// Right's. `game` names the game in the message about a wrong character.
pub fn read_rows(text: &str, game: &str) -> Result<(Geometry, u64, u64), ParseError> {
    let rows = parse_rows(
        text,
        &['x', 'o', '.', 'X', 'O'],
        &format!("{game} cells are 'x', 'o' and '.'"),
    )?;
    let (mut left, mut right) = (0u64, 0u64);
    for (index, c) in rows.cells.iter().enumerate() {
        match c {
            'x' | 'X' => left |= 1u64 << index,
            'o' | 'O' => right |= 1u64 << index,
            _ => {}
        }
    }
    Ok((rows.geometry, left, right))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    struct Shown(Geometry, u64, u64);

    impl fmt::Display for Shown {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write_rows(f, &self.0, self.1, self.2)
        }
    }

    #[test]
    fn rows_read_back_and_bad_cells_name_the_game() {
        let (geometry, left, right) = read_rows("xO./.ox", "Test").unwrap();
        assert_eq!(Shown(geometry, left, right).to_string(), "xo./.ox");
        assert_eq!(
            stone_at(&geometry, left, right, Cell::new(2, 1)),
            Some(Player::Left)
        );
        assert_eq!(stone_at(&geometry, left, right, Cell::new(7, 1)), None);
        let error = read_rows("x#", "Test").unwrap_err();
        assert!(error.to_string().contains("Test cells are"), "{error}");
    }
}
