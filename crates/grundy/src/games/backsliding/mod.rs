//! Backsliding Toads and Frogs (*Winning Ways* ch. 11; CGSuite's
//! `BackslidingToadsAndFrogs`): Toads and Frogs in which a piece may also step back one cell
//! into an empty cell. On a row of cells, each a Toad (Left's), a Frog (Right's) or empty, Left
//! moves a Toad one cell right into an empty cell, one cell left into an empty cell, or jumps
//! it right over exactly one Frog into the empty cell behind; Right moves a Frog the same way
//! with left and right exchanged. The player who cannot move loses. Pieces can step back and
//! forth, so play may go on for ever, and a position is valued as a loopy game: a stopper,
//! or a sided value `onside & offside`.
//!
//! # Notation
//!
//! A position is its row, left to right: `T` a Toad, `F` a Frog, `.` an empty cell (lower
//! case `t` and `f` read too, as CGSuite writes them); 1 to 64 cells.
//!
//! ```
//! use grundy::games::backsliding::Backsliding;
//!
//! let row: Backsliding = "t.f".parse().unwrap();
//! assert_eq!(row.to_string(), "T.F");
//! // The Toad steps right; the Frog steps left; neither has a cell behind it.
//! assert_eq!(row.left_options(), [".TF".parse::<Backsliding>().unwrap()]);
//! assert_eq!(row.right_options(), ["TF.".parse::<Backsliding>().unwrap()]);
//! ```
//!
//! [`value`] values a position from the explicit graph of every position reachable from
//! it ([`explicit_graph`]), within the engine's budget.

pub mod entry;
#[cfg(test)]
mod tests;

use crate::drawing::{Board, Layout, Mark, Owner};
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use crate::cgt::loopy::{Budget, Graph, LoopyEngine, LoopyError, LoopyValue};
use crate::error::ParseError;
use crate::grid::step::Step;
use crate::loopy::partizan::LoopyPartizanGame;
use crate::player::Player;

/// The most cells a row may have: one bit each in a `u64`, as on every bitboard
/// ([`crate::grid::MAX_CELLS`]).
pub const MAX_CELLS: usize = crate::grid::MAX_CELLS;

/// Bytes counted for each position found: its entry in the table of ids and in the list.
const BYTES_PER_POSITION: usize = 64;

/// A row of Backsliding Toads and Frogs: its length (1 to 64) and one bit per cell for the
/// Toads and for the Frogs (cell `i` from the left is bit `i`). Bits past the row are always
/// 0, so derived equality and hashing are the position's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Backsliding {
    length: u8,
    toads: u64,
    frogs: u64,
}

impl Backsliding {
    /// A row of `length` cells with Toads on the cells of `toads` and Frogs on those of
    /// `frogs` (bit `i` is cell `i` from the left), or an error when the length is not 1 to
    /// 64, a piece is past the row, or a cell holds both.
    pub fn new(length: usize, toads: u64, frogs: u64) -> Result<Backsliding, ParseError> {
        if !(1..=MAX_CELLS).contains(&length) {
            return Err(ParseError::new(format!(
                "a row of Backsliding Toads and Frogs has 1 to {MAX_CELLS} cells, not {length}"
            )));
        }
        let inside = if length == MAX_CELLS {
            u64::MAX
        } else {
            (1u64 << length) - 1
        };
        if (toads | frogs) & !inside != 0 {
            return Err(ParseError::new(format!(
                "a piece past the end of a row of {length} cells"
            )));
        }
        if toads & frogs != 0 {
            return Err(ParseError::new(format!(
                "cell {} holds a Toad and a Frog",
                (toads & frogs).trailing_zeros() + 1
            )));
        }
        Ok(Backsliding {
            length: length as u8,
            toads,
            frogs,
        })
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        usize::from(self.length)
    }

    /// Whether the row has no cell (never: a row has 1 to 64).
    pub fn is_empty(&self) -> bool {
        self.length == 0
    }

    fn empty(&self, cell: i32) -> bool {
        cell >= 0 && cell < i32::from(self.length) && (self.toads | self.frogs) & (1 << cell) == 0
    }

    /// The moves of the pieces in `mine` going `ahead` (+1 right, −1 left) over the pieces
    /// in `theirs`: a step ahead, a step back, a jump ahead over one of theirs.
    fn options(&self, mine: u64, theirs: u64, ahead: i32) -> Vec<(Step, u64, u64)> {
        let mut out = Vec::new();
        let mut pieces = mine;
        while pieces != 0 {
            let cell = pieces.trailing_zeros() as i32;
            pieces &= pieces - 1;
            let mut land = |to: i32| {
                // Both cells are on the row (0 to 63), so the casts are exact.
                let step = Step::new(cell as usize, to as usize);
                out.push((step, mine & !(1 << cell) | (1 << to), theirs));
            };
            if self.empty(cell + ahead) {
                land(cell + ahead);
            }
            if self.empty(cell - ahead) {
                land(cell - ahead);
            }
            let over = cell + ahead;
            if over >= 0
                && over < i32::from(self.length)
                && theirs & (1 << over) != 0
                && self.empty(cell + 2 * ahead)
            {
                land(cell + 2 * ahead);
            }
        }
        out
    }

    /// Left's options: each Toad stepping right, stepping back left, or jumping a Frog.
    pub fn left_options(&self) -> Vec<Backsliding> {
        self.steps(Player::Left)
            .into_iter()
            .map(|(_, row)| row)
            .collect()
    }

    /// Right's options: each Frog stepping left, stepping back right, or jumping a Toad.
    pub fn right_options(&self) -> Vec<Backsliding> {
        self.steps(Player::Right)
            .into_iter()
            .map(|(_, row)| row)
            .collect()
    }

    /// The moves of `side`, each with the row it leads to, pieces from the left and each
    /// piece's moves ahead, back, then the jump.
    pub fn steps(&self, side: Player) -> Vec<(Step, Backsliding)> {
        let (mine, theirs, ahead) = match side {
            Player::Left => (self.toads, self.frogs, 1),
            Player::Right => (self.frogs, self.toads, -1),
        };
        self.options(mine, theirs, ahead)
            .into_iter()
            .map(|(step, mine, theirs)| {
                let (toads, frogs) = match side {
                    Player::Left => (mine, theirs),
                    Player::Right => (theirs, mine),
                };
                let row = Backsliding {
                    toads,
                    frogs,
                    ..*self
                };
                (step, row)
            })
            .collect()
    }

    /// The piece on `cell` (from 0), if any: Left's Toad or Right's Frog.
    pub fn piece(&self, cell: usize) -> Option<Player> {
        if cell >= self.len() {
            None
        } else if self.toads & (1 << cell) != 0 {
            Some(Player::Left)
        } else if self.frogs & (1 << cell) != 0 {
            Some(Player::Right)
        } else {
            None
        }
    }
}

impl fmt::Display for Backsliding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in 0..self.length {
            let c = if self.toads & (1 << cell) != 0 {
                'T'
            } else if self.frogs & (1 << cell) != 0 {
                'F'
            } else {
                '.'
            };
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl FromStr for Backsliding {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Backsliding, ParseError> {
        let row = text.trim();
        let length = row.chars().count();
        if !(1..=MAX_CELLS).contains(&length) {
            return Err(ParseError::at_token(
                format!(
                    "a row of Backsliding Toads and Frogs has 1 to {MAX_CELLS} cells, not {length}"
                ),
                row,
            ));
        }
        let (mut toads, mut frogs) = (0u64, 0u64);
        for (i, c) in row.chars().enumerate() {
            match c {
                'T' | 't' => toads |= 1 << i,
                'F' | 'f' => frogs |= 1 << i,
                '.' => {}
                other => {
                    return Err(ParseError::at_token(
                        format!(
                            "unknown cell {other:?} at cell {}: a Toad is `T`, a Frog `F`, an \
                             empty cell `.`",
                            i + 1
                        ),
                        row,
                    ))
                }
            }
        }
        Backsliding::new(length, toads, frogs)
    }
}

/// Every position reachable from `start` (vertex 0) and both players' moves between them,
/// within `budget`; with the position of each vertex.
pub fn explicit_graph(
    start: &Backsliding,
    budget: &Budget,
) -> Result<(Graph, Vec<Backsliding>), LoopyError> {
    let mut graph = Graph::new();
    let mut positions = vec![*start];
    let mut ids: HashMap<Backsliding, u32> = HashMap::from([(*start, 0)]);
    let mut held = budget.reserve(
        "the graph of Backsliding Toads and Frogs",
        BYTES_PER_POSITION,
    )?;
    graph.add_vertex();
    let mut next = 0;
    while next < positions.len() {
        budget.tick(1)?;
        let v = next as u32;
        let position = positions[next];
        next += 1;
        for (left, options) in [
            (true, position.left_options()),
            (false, position.right_options()),
        ] {
            for option in options {
                let w = match ids.get(&option) {
                    Some(&w) => w,
                    None => {
                        held.grow(BYTES_PER_POSITION)?;
                        let w = graph.add_vertex();
                        ids.insert(option, w);
                        positions.push(option);
                        w
                    }
                };
                if left {
                    graph.add_left(v, w);
                } else {
                    graph.add_right(v, w);
                }
            }
        }
    }
    Ok((graph, positions))
}

/// The value of `start`: its canonical stopper, or its onside and offside.
pub fn value(start: &Backsliding, engine: &mut LoopyEngine<'_>) -> Result<LoopyValue, LoopyError> {
    let (graph, _) = explicit_graph(start, engine.budget())?;
    engine.value_of_graph(&graph, 0)
}

impl LoopyPartizanGame for Backsliding {
    /// The row: Toads (Left's) and Frogs (Right's).
    fn board(&self) -> Option<Board> {
        let cells = (0..self.len())
            .map(|cell| match self.piece(cell) {
                Some(Player::Left) => Mark::Piece(Owner::Left, 'T'),
                Some(Player::Right) => Mark::Piece(Owner::Right, 'F'),
                None => Mark::Empty,
            })
            .collect();
        Some(Board {
            layout: Layout::Strip { cells },
            pieces: [
                "Toads, moving right or back left",
                "Frogs, moving left or back right",
            ],
        })
    }

    type Move = Step;

    fn moves(&self, side: Player) -> Vec<(Step, Backsliding)> {
        self.steps(side)
    }

    fn value(&self, engine: &mut LoopyEngine<'_>) -> Result<LoopyValue, LoopyError> {
        value(self, engine)
    }
}
