//! What every Pousse board can do, so that the referee, the retrograde analysis and the
//! engine work on either representation.

use std::fmt;
use std::hash::Hash;

use crate::error::{ParseError, RuleError};

use super::moves::{Move, MAX_SIZE};

/// A marker's colour; X moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// The first player.
    X,
    /// The second player.
    O,
}

impl Colour {
    /// The other colour.
    pub fn opponent(self) -> Colour {
        match self {
            Colour::X => Colour::O,
            Colour::O => Colour::X,
        }
    }

    /// The letter used in diagrams and contest output.
    pub fn letter(self) -> char {
        match self {
            Colour::X => 'X',
            Colour::O => 'O',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A board side length, validated once: 1 ≤ N ≤ 100.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size(u8);

impl Size {
    /// A size from 1 to 100; anything else is an error naming the number.
    pub fn new(size: usize) -> Result<Size, ParseError> {
        if (1..=MAX_SIZE).contains(&size) {
            Ok(Size(size as u8))
        } else {
            Err(ParseError::at_token(
                format!("the board size must be between 1 and {MAX_SIZE}"),
                &size.to_string(),
            ))
        }
    }

    /// The side length.
    pub fn get(self) -> usize {
        usize::from(self.0)
    }

    /// An error unless `mv` names a row or column of this board.
    pub fn check(self, mv: Move) -> Result<(), RuleError> {
        if mv.line() <= self.get() {
            Ok(())
        } else {
            Err(RuleError::new(
                mv,
                format!("the board has only {} rows and columns", self.get()),
            ))
        }
    }
}

/// How many straights (full rows and columns of one colour) each colour has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Straights {
    /// Straights of X.
    pub x: u32,
    /// Straights of O.
    pub o: u32,
}

impl Straights {
    /// The colour with more straights, which has won; `None` while they are equal.
    pub fn dominant(self) -> Option<Colour> {
        match self.x.cmp(&self.o) {
            std::cmp::Ordering::Greater => Some(Colour::X),
            std::cmp::Ordering::Less => Some(Colour::O),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// One row or column as the evaluation reads it: its markers of each colour and the markers
/// at its two ends (left then right for a row, top then bottom for a column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineView {
    /// Markers of X on the line.
    pub x: u32,
    /// Markers of O on the line.
    pub o: u32,
    /// The markers a push along the line would drop off, first end then last.
    pub ends: (Option<Colour>, Option<Colour>),
}

/// A Pousse board of some size: markers and pushes, no turn or history.
///
/// Both implementations must agree move by move (a property test plays random games on both);
/// [`Board::zobrist`] in particular is the same for the same markers on either board.
pub trait Board: Clone + PartialEq + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    /// An empty board, or an error if this representation cannot hold the size.
    fn empty(size: Size) -> Result<Self, ParseError>;

    /// The side length.
    fn size(&self) -> Size;

    /// The marker at 0-based `row` and `column` (`None` when empty or off the board).
    fn cell(&self, row: usize, column: usize) -> Option<Colour>;

    /// Slides a `colour` marker in as `mv` says, pushing the markers in the way and dropping
    /// the last one of a full line.
    fn push(&mut self, mv: Move, colour: Colour) -> Result<(), RuleError>;

    /// The straights of both colours.
    fn straights(&self) -> Straights;

    /// Markers of X and of O on line `line`: rows are `0..N`, columns `N..2N`.
    fn line_counts(&self, line: usize) -> (u32, u32);

    /// Every line's counts and ends, rows `0..N` then columns: what [`Board::line_counts`]
    /// and [`Board::line_ends`] say line by line, read at once (a bitboard counts all its
    /// rows and columns in a few word operations).
    fn lines(&self) -> impl Iterator<Item = LineView> + '_ {
        (0..2 * self.size().get()).map(move |line| {
            let (x, o) = self.line_counts(line);
            LineView {
                x,
                o,
                ends: self.line_ends(line),
            }
        })
    }

    /// The markers on the board, of both colours.
    fn markers(&self) -> u32 {
        (0..self.size().get())
            .map(|row| self.line_counts(row))
            .map(|(x, o)| x + o)
            .sum()
    }

    /// The markers at the two ends of line `line` (rows `0..N` left then right end, columns
    /// `N..2N` top then bottom end): the markers a push along the line would drop off.
    fn line_ends(&self, line: usize) -> (Option<Colour>, Option<Colour>) {
        let n = self.size().get();
        if line < n {
            (self.cell(line, 0), self.cell(line, n - 1))
        } else if line < 2 * n {
            (self.cell(0, line - n), self.cell(n - 1, line - n))
        } else {
            (None, None)
        }
    }

    /// The sums over the X markers and over the O markers of their rings: a square's ring is
    /// its distance from the nearest edge (0 on the border), so the sums grow with the
    /// markers that no push can soon drop off the board.
    fn ring_sums(&self) -> (u32, u32) {
        let n = self.size().get();
        let mut sums = (0, 0);
        for row in 0..n {
            for column in 0..n {
                let ring = row.min(column).min(n - 1 - row).min(n - 1 - column) as u32;
                match self.cell(row, column) {
                    Some(Colour::X) => sums.0 += ring,
                    Some(Colour::O) => sums.1 += ring,
                    None => {}
                }
            }
        }
        sums
    }

    /// A Zobrist hash of the markers: the XOR of one key per (row, column, colour) present.
    fn zobrist(&self) -> u64;

    /// Puts `colour` (or nothing) on a square, for setting up diagrams.
    fn set(&mut self, row: usize, column: usize, colour: Option<Colour>);
}
