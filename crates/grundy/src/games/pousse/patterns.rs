//! A learned evaluation term: a value for every pattern of markers a line can hold.
//!
//! Each row and column of the board is read as a pattern of its `n` squares (empty, the side
//! to move's marker, the other side's), and a table gives each pattern a value for the side
//! to move; the term is the sum over the `2n` lines. Lines at the same distance from the
//! board's edge are alike under the board's symmetries (rows and columns by the transpose,
//! the first and last by the reflections), and a line read backwards is the same line seen
//! in a mirror, so the table keeps one value per distance class and per pattern up to
//! reversal. The values are fitted to game results (`pousse_patterns`): they carry what the
//! hand-set terms of [`super::evaluation`] do not see, such as where in a contested line the
//! odd markers stand.
//!
//! The text form, one entry per line after a header, lists only the non-zero values:
//!
//! ```text
//! pousse-patterns 4
//! 0 ++.- 12
//! 1 .... -3
//! ```
//!
//! `+` is a marker of the side to move, `-` one of the other side, `.` an empty square; the
//! first number is the line's distance from the nearest edge.

use std::fmt;
use std::str::FromStr;

use super::board::{Board, Colour};
use crate::error::ParseError;

/// The largest board a table can be made for (3^8 patterns per class).
pub const MAX_PATTERN_SIZE: usize = 8;

/// Pattern values for one board size.
#[derive(Debug, Clone, PartialEq)]
pub struct PatternTable {
    size: usize,
    /// 3^size.
    patterns: usize,
    /// For every pattern index, the index of its canonical form (the smaller of the pattern
    /// and its reversal).
    canonical: Vec<u32>,
    /// `classes × patterns` values; only canonical indices are used.
    values: Vec<i32>,
}

/// A square as a pattern digit: 0 empty, 1 the side to move's, 2 the other side's.
fn digit(square: Option<Colour>, mover: Colour) -> usize {
    match square {
        None => 0,
        Some(colour) if colour == mover => 1,
        Some(_) => 2,
    }
}

impl PatternTable {
    /// A table of zeros for `size` × `size` boards (1 to [`MAX_PATTERN_SIZE`]).
    pub fn new(size: usize) -> Result<PatternTable, ParseError> {
        if !(1..=MAX_PATTERN_SIZE).contains(&size) {
            return Err(ParseError::at_token(
                format!(
                    "pattern tables exist for boards of 1 to {MAX_PATTERN_SIZE} squares a side"
                ),
                &size.to_string(),
            ));
        }
        let patterns = 3usize.pow(size as u32);
        let canonical = (0..patterns)
            .map(|index| {
                let reversed = Self::reverse(index, size);
                index.min(reversed) as u32
            })
            .collect();
        Ok(PatternTable {
            size,
            patterns,
            canonical,
            values: vec![0; Self::classes_for(size) * patterns],
        })
    }

    /// The board size the table is for.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of distance classes: lines 0 to `⌈n/2⌉ − 1` squares from the nearest edge.
    pub fn classes(&self) -> usize {
        Self::classes_for(self.size)
    }

    fn classes_for(size: usize) -> usize {
        size.div_ceil(2)
    }

    /// The number of entries (`classes × 3^n`), the range of [`PatternTable::entries_of`].
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the table has no entries (never: every size has at least one).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    fn reverse(mut index: usize, size: usize) -> usize {
        let mut reversed = 0;
        for _ in 0..size {
            reversed = reversed * 3 + index % 3;
            index /= 3;
        }
        reversed
    }

    /// The entries the `2n` lines of `board` read for `mover`: one per line.
    pub fn entries_of<'a, B: Board>(
        &'a self,
        board: &'a B,
        mover: Colour,
    ) -> impl Iterator<Item = usize> + 'a {
        let n = self.size;
        (0..2 * n).map(move |line| {
            let (index, class) = if line < n {
                let index = (0..n)
                    .rev()
                    .fold(0, |acc, k| acc * 3 + digit(board.cell(line, k), mover));
                (index, line.min(n - 1 - line))
            } else {
                let column = line - n;
                let index = (0..n)
                    .rev()
                    .fold(0, |acc, k| acc * 3 + digit(board.cell(k, column), mover));
                (index, column.min(n - 1 - column))
            };
            class * self.patterns + self.canonical[index] as usize
        })
    }

    /// The term for the side to move: the sum of its lines' values. The board must be of
    /// the table's size.
    pub fn score<B: Board>(&self, board: &B, mover: Colour) -> i32 {
        self.entries_of(board, mover)
            .map(|entry| self.values[entry])
            .sum()
    }

    /// The value of an entry.
    pub fn get(&self, entry: usize) -> i32 {
        self.values[entry]
    }

    /// Sets an entry's value, and that of its reversal (which is the same entry).
    pub fn set(&mut self, entry: usize, value: i32) {
        let (class, index) = (entry / self.patterns, entry % self.patterns);
        let canonical = class * self.patterns + self.canonical[index] as usize;
        self.values[canonical] = value;
    }

    fn pattern_text(&self, mut index: usize) -> String {
        (0..self.size)
            .map(|_| {
                let c = ['.', '+', '-'][index % 3];
                index /= 3;
                c
            })
            .collect()
    }
}

impl fmt::Display for PatternTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "pousse-patterns {}", self.size)?;
        for (entry, &value) in self.values.iter().enumerate() {
            let (class, index) = (entry / self.patterns, entry % self.patterns);
            if value != 0 && self.canonical[index] as usize == index {
                writeln!(f, "{class} {} {value}", self.pattern_text(index))?;
            }
        }
        Ok(())
    }
}

impl FromStr for PatternTable {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<PatternTable, ParseError> {
        let mut lines = text.lines().enumerate();
        let header = lines.next().map(|(_, line)| line.trim()).ok_or_else(|| {
            ParseError::new("an empty pattern table: expected `pousse-patterns N`")
        })?;
        let size_text = header.strip_prefix("pousse-patterns ").ok_or_else(|| {
            ParseError::at_token(
                "a pattern table must begin with `pousse-patterns N`",
                header,
            )
        })?;
        let size: usize = size_text
            .trim()
            .parse()
            .map_err(|_| ParseError::at_token("not a board size", size_text))?;
        let mut table = PatternTable::new(size)?;
        for (number, line) in lines {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let at = |message: &str| ParseError::at_token(message, line).with_line(number + 1);
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [class, pattern, value] = fields[..] else {
                return Err(at("expected `CLASS PATTERN VALUE`"));
            };
            let class: usize = class.parse().map_err(|_| at("not a class number"))?;
            if class >= table.classes() {
                return Err(at("class beyond the board's middle line"));
            }
            if pattern.chars().count() != size {
                return Err(at("a pattern has one sign for each square of a line"));
            }
            let mut index = 0;
            for c in pattern.chars().rev() {
                let d = match c {
                    '.' => 0,
                    '+' => 1,
                    '-' => 2,
                    _ => return Err(at("a pattern is made of `.`, `+` and `-`")),
                };
                index = index * 3 + d;
            }
            let value: i32 = value.parse().map_err(|_| at("not a whole number"))?;
            table.set(class * table.patterns + index, value);
        }
        Ok(table)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::games::pousse::{BitBoard, Position};

    fn position(text: &str) -> Position<BitBoard> {
        text.parse().expect("a valid diagram")
    }

    #[test]
    fn a_line_and_its_mirror_share_an_entry() {
        let table = PatternTable::new(4).unwrap();
        let left = position("XX../..../..../....:X");
        let right = position("..XX/..../..../....:X");
        let a: Vec<_> = table.entries_of(&left.board, left.to_move).collect();
        let b: Vec<_> = table.entries_of(&right.board, right.to_move).collect();
        assert_eq!(a[0], b[0]);
        // The first row is class 0, like the last, and the columns of the other board.
        let bottom = position("..../..../..../XX..:X");
        let c: Vec<_> = table.entries_of(&bottom.board, bottom.to_move).collect();
        assert_eq!(a[0], c[3]);
    }

    #[test]
    fn the_score_is_for_the_side_to_move() {
        let mut table = PatternTable::new(4).unwrap();
        let x_to_move = position("XX../..../..../....:X");
        let entry = table
            .entries_of(&x_to_move.board, Colour::X)
            .next()
            .unwrap();
        table.set(entry, 30);
        assert_eq!(table.score(&x_to_move.board, Colour::X), 30);
        // The same row seen by O is another pattern (the other side's markers).
        assert_eq!(table.score(&x_to_move.board, Colour::O), 0);
        // The colours swapped, O reads the same pattern.
        let swapped = position("OO../..../..../....:O");
        assert_eq!(table.score(&swapped.board, Colour::O), 30);
    }

    #[test]
    fn the_text_form_reads_back() {
        let mut table = PatternTable::new(5).unwrap();
        let board = position("XO..X/....O/...../...../.....:O");
        for (k, entry) in table
            .entries_of(&board.board, Colour::O)
            .collect::<Vec<_>>()
            .into_iter()
            .enumerate()
        {
            table.set(entry, k as i32 - 3);
        }
        let text = table.to_string();
        let again: PatternTable = text.parse().unwrap();
        assert_eq!(again, table);
        assert!(text.starts_with("pousse-patterns 5\n"));
    }

    #[test]
    fn bad_tables_are_refused_with_the_line() {
        for (text, needle) in [
            ("", "empty"),
            ("patterns 4", "must begin"),
            ("pousse-patterns 9", "1 to 8"),
            ("pousse-patterns 4\n0 ++.- x", "line 2"),
            ("pousse-patterns 4\n2 ++.- 1", "class"),
            ("pousse-patterns 4\n0 ++.-. 1", "one sign"),
            ("pousse-patterns 4\n0 ++o- 1", "made of"),
            ("pousse-patterns 4\n0 ++.-", "expected"),
        ] {
            let error = text
                .parse::<PatternTable>()
                .expect_err("a bad table")
                .to_string();
            assert!(error.contains(needle), "{text:?}: {error}");
        }
    }
}
