//! Names of grid cells, as a person types them: the column as letters (`a` to `z`, then
//! `aa`, `ab`, … as in spreadsheets) and the row as a number counted from 1 at the *top*
//! row, the first one written in the position's notation. `a1` is the top-left cell, `c2`
//! the third cell of the second row.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;

/// A cell of a grid: 0-based column (from the left) and row (from the top).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// 0-based column, from the left.
    pub column: usize,
    /// 0-based row, from the top.
    pub row: usize,
}

impl Cell {
    /// The cell in `column` and `row` (both 0-based).
    pub fn new(column: usize, row: usize) -> Self {
        Cell { column, row }
    }

    /// The cell's place in a grid `width` cells wide, row by row from the top left: how a
    /// board's footprint names it.
    pub fn index(self, width: usize) -> usize {
        self.row * width + self.column
    }

    /// Whether the two cells share a side.
    pub fn is_adjacent(&self, other: &Cell) -> bool {
        self.column.abs_diff(other.column) + self.row.abs_diff(other.row) == 1
    }
}

/// The letters of a 0-based column: `a`…`z`, `aa`…`az`, `ba`, …
pub fn column_name(column: usize) -> String {
    let mut letters = Vec::new();
    let mut rest = column + 1;
    while rest > 0 {
        rest -= 1;
        letters.push(char::from(b'a' + (rest % 26) as u8));
        rest /= 26;
    }
    letters.iter().rev().collect()
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_name(self.column), self.row + 1)
    }
}

impl FromStr for Cell {
    type Err = ParseError;

    /// Reads letters then a row number ≥ 1, as in `b3` (capital letters too).
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let fail = |message: &str| ParseError::at_token(message, text);
        let digits_at = text
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(text.len());
        let (letters, digits) = text.split_at(digits_at);
        if letters.is_empty() {
            return Err(fail("a cell is a column letter and a row number, as in b3"));
        }
        if letters.len() > 3 {
            return Err(fail("the column letters name a column past any board"));
        }
        if digits.is_empty() {
            return Err(fail("the cell's row number is missing, as in b3"));
        }
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return Err(fail("the cell's row must be a number from 1, as in b3"));
        }
        let row: usize = digits
            .parse()
            .map_err(|_| fail("the cell's row number is past any board"))?;
        let column = letters.bytes().fold(0usize, |acc, b| {
            acc * 26 + usize::from(b.to_ascii_lowercase() - b'a') + 1
        }) - 1;
        Ok(Cell::new(column, row - 1))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn columns_are_spreadsheet_letters() {
        assert_eq!(column_name(0), "a");
        assert_eq!(column_name(25), "z");
        assert_eq!(column_name(26), "aa");
        assert_eq!(column_name(27), "ab");
        assert_eq!(column_name(52), "ba");
        assert_eq!("B3".parse::<Cell>().unwrap(), Cell::new(1, 2));
        assert_eq!("aa10".parse::<Cell>().unwrap(), Cell::new(26, 9));
    }

    #[test]
    fn bad_cells_are_named() {
        for text in [
            "",
            "3",
            "b",
            "b0",
            "b-1",
            "b3x",
            "abcd1",
            "é1",
            "b99999999999999999999999",
        ] {
            let error = text.parse::<Cell>().unwrap_err();
            assert_eq!(error.location.token.as_deref(), Some(text), "{text}");
        }
    }

    proptest! {
        #[test]
        fn cells_round_trip(column in 0usize..5000, row in 0usize..5000) {
            let cell = Cell::new(column, row);
            prop_assert_eq!(cell.to_string().parse::<Cell>().unwrap(), cell);
        }

        #[test]
        fn no_text_panics(text in "\\PC{0,12}") {
            let _ = text.parse::<Cell>();
        }
    }
}
