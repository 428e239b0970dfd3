//! The values of every square of the fox for fixed geese, printed as CGSuite's
//! `FoxAndGeese.ValuesTable` prints them: the top goose's row first, each goose an `X`, each
//! dark square the value with the fox there, light squares empty; columns right-aligned to
//! their widest entry, split by ` | `, rows by `-+-` rules.

use std::fmt;

use super::layers::{values, LayerProgress};
use super::{FoxGeese, Square};
use crate::cgt::loopy::{LoopyEngine, LoopyError, LoopyValue};
use crate::error::ParseError;

/// One entry of a values table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableCell {
    /// A goose stands there.
    Goose,
    /// The value with the fox there, in CGSuite's notation.
    Value(String),
    /// A light square: no piece stands there.
    Light,
}

impl fmt::Display for TableCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableCell::Goose => f.write_str("X"),
            TableCell::Value(text) => f.write_str(text),
            TableCell::Light => Ok(()),
        }
    }
}

/// The table: rows from the top goose's row down to row 1, columns 1 to the width.
#[derive(Debug, Clone)]
pub struct ValuesTable {
    /// The entries, top row first.
    pub rows: Vec<Vec<TableCell>>,
    /// Each square of the fox valued, top row first, left to right, with its value.
    pub values: Vec<(Square, LoopyValue)>,
}

/// The values table of the geese on `geese` on a board `width` columns wide: every dark
/// square from the top goose's row down gets the value with the fox there. The positions of
/// all the squares are valued together; `progress` hears how far the work has come.
pub fn values_table(
    width: u8,
    geese: &[Square],
    engine: &mut LoopyEngine<'_>,
    progress: impl FnMut(&LayerProgress),
) -> Result<Result<ValuesTable, ParseError>, LoopyError> {
    // The geese are checked with the fox above them all, then each square of the fox is
    // set in turn.
    if geese.is_empty() {
        return Ok(Err(ParseError::new(
            "a values table of Fox and Geese needs at least one goose",
        )));
    }
    let placed = match FoxGeese::new(width, geese, far_fox(geese)) {
        Ok(position) => position,
        Err(error) => return Ok(Err(error)),
    };
    let top = placed.top_goose_row();
    let mut starts = Vec::new();
    let mut cells = Vec::new();
    for row in (1..=top).rev() {
        let mut line = Vec::new();
        for col in 1..=width {
            let square = Square::new(row, col);
            if placed.has_goose(square) {
                line.push(TableCell::Goose);
            } else if square.is_dark() {
                line.push(TableCell::Value(String::new()));
                starts.push(placed.with_fox(square));
            } else {
                line.push(TableCell::Light);
            }
        }
        cells.push(line);
    }
    let found = values(&starts, engine, progress)?;
    let mut texts = Vec::with_capacity(found.len());
    for value in &found {
        texts.push(engine.display(value)?);
    }
    let mut texts = texts.into_iter();
    for line in &mut cells {
        for cell in line.iter_mut() {
            if let TableCell::Value(text) = cell {
                *text = texts.next().unwrap_or_default();
            }
        }
    }
    let values = starts.iter().map(FoxGeese::fox).zip(found).collect();
    Ok(Ok(ValuesTable {
        rows: cells,
        values,
    }))
}

/// A dark square above every goose, for checking the geese alone.
fn far_fox(geese: &[Square]) -> Square {
    let top = geese.iter().map(|g| g.row).max().unwrap_or(1);
    let row = top.saturating_add(2);
    let col = if row % 2 == 0 { 2 } else { 1 };
    Square::new(row, col)
}

impl fmt::Display for ValuesTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|row| row.iter().map(ToString::to_string).collect())
            .collect();
        let columns = texts.iter().map(Vec::len).max().unwrap_or(0);
        let widths: Vec<usize> = (0..columns)
            .map(|j| {
                texts
                    .iter()
                    .map(|row| row.get(j).map_or(0, |t| t.chars().count()))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let rule = widths
            .iter()
            .map(|&w| "-".repeat(w))
            .collect::<Vec<_>>()
            .join("-+-");
        for (i, row) in texts.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
                writeln!(f, "{rule}")?;
            }
            let padded: Vec<String> = row
                .iter()
                .zip(&widths)
                .map(|(text, &w)| format!("{text:>w$}"))
                .collect();
            write!(f, "{}", padded.join(" | "))?;
        }
        Ok(())
    }
}
