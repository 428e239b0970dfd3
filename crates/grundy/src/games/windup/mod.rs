//! Wind-Up (cgt-tools' `WindUp`): a subtraction game played on a cycle. A token stands on
//! one of the `n` cells of a cycle, numbered 0 to `n − 1`; a move takes it back by an amount
//! of the subtraction set, modulo `n` (from cell `c` by `a` to cell `(c − a) mod n`), and the
//! game ends at cell 0: the player to move there has no move and loses. The token can go
//! round and round, so play may go on for ever, and a cell's value is a generalised
//! Sprague–Grundy value: a nimber, or `∞` with the finite values among its options.
//!
//! # Notation
//!
//! `N:SET@CELL`: the number of cells (1 to [`MAX_CELLS`]), `:`, the subtraction set (amounts
//! from 1 to [`MAX_AMOUNT`] joined by `,`, at most [`MAX_SET`] of them, written in any
//! order, repeats ignored, shown in increasing order), `@`, the token's cell (0 to `N − 1`):
//! `12:1,2,4@5`. A move is the amount taken (`2`).
//!
//! ```
//! use grundy::games::windup::WindUp;
//! use grundy::loopy::impartial::LoopyImpartialGame;
//!
//! let cycle: WindUp = "6:2,1@1".parse().unwrap();
//! assert_eq!(cycle.to_string(), "6:1,2@1");
//! let after: Vec<String> = cycle.moves().iter().map(|(_, next)| next.to_string()).collect();
//! assert_eq!(after, ["6:1,2@0", "6:1,2@5"]);
//! ```
//!
//! [`cycle_values`] values every cell of a cycle at once, on the explicit graph of the
//! cycle.

pub mod entry;
#[cfg(test)]
mod tests;

use std::f64::consts::PI;
use crate::drawing::{Board, GraphVertex, Layout, Mark, Owner};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::Arc;

use crate::error::ParseError;
use crate::loopy::graph::{Graph, MAX_MOVES};
use crate::loopy::impartial::LoopyImpartialGame;
use crate::loopy::labelling::label;
use crate::loopy::value::LoopyNimber;
use crate::loopy::{Bounds, LoopyError, Phase, RulesFailed};

/// The most cells a cycle may have.
pub const MAX_CELLS: u32 = 100_000_000;

/// The largest amount of a subtraction set.
pub const MAX_AMOUNT: u32 = 1_000_000_000;

/// The most amounts of a subtraction set.
pub const MAX_SET: usize = 64;

/// A Wind-Up position: the cycle's size, its subtraction set (sorted, each amount once) and
/// the token's cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WindUp {
    cells: u32,
    set: Arc<[u32]>,
    cell: u32,
}

impl Hash for WindUp {
    /// The cell and the size only: the positions a game reaches share their set, so hashing
    /// it would cost every look-up its length for nothing (equal positions still hash
    /// equally).
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.cell.hash(state);
        self.cells.hash(state);
    }
}

/// A move: the amount the token is taken back by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Back(pub u32);

impl fmt::Display for Back {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Back {
    type Err = ParseError;

    /// The amount, a whole number from 1.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        match text.parse::<u32>() {
            Ok(amount) if amount > 0 => Ok(Back(amount)),
            _ => Err(ParseError::at_token(
                format!(
                    "\"{text}\" is not a Wind-Up move: write the amount the token goes back by, \
                     a whole number from 1 (2)"
                ),
                text,
            )),
        }
    }
}

impl WindUp {
    /// The position of a cycle of `cells` cells with the subtraction set `set` (in any order,
    /// repeats ignored) and the token on `cell`, or what is wrong with them.
    pub fn new(cells: u32, set: &[u32], cell: u32) -> Result<WindUp, ParseError> {
        if !(1..=MAX_CELLS).contains(&cells) {
            return Err(ParseError::new(format!(
                "a cycle of {cells} cells: Wind-Up takes 1 to {MAX_CELLS} cells"
            )));
        }
        if cell >= cells {
            return Err(ParseError::new(format!(
                "cell {cell} is not on a cycle of {cells} cells (cells 0 to {})",
                cells - 1
            )));
        }
        let mut sorted = set.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.is_empty() {
            return Err(ParseError::new(
                "the subtraction set is empty: write at least one amount (12:1,2@5)",
            ));
        }
        if sorted.len() > MAX_SET {
            return Err(ParseError::new(format!(
                "a subtraction set of {} amounts: at most {MAX_SET}",
                sorted.len()
            )));
        }
        if let Some(&amount) = sorted.iter().find(|&&a| a == 0 || a > MAX_AMOUNT) {
            return Err(ParseError::new(format!(
                "the amount {amount}: an amount is 1 to {MAX_AMOUNT}"
            )));
        }
        Ok(WindUp {
            cells,
            set: sorted.into(),
            cell,
        })
    }

    /// The number of cells of the cycle.
    pub fn cells(&self) -> u32 {
        self.cells
    }

    /// The subtraction set, in increasing order.
    pub fn set(&self) -> &[u32] {
        &self.set
    }

    /// The token's cell.
    pub fn cell(&self) -> u32 {
        self.cell
    }

    /// The cell the token reaches from `cell` going back by `amount`.
    fn back(cells: u32, cell: u32, amount: u32) -> u32 {
        let step = amount % cells;
        if step <= cell {
            cell - step
        } else {
            cell + (cells - step)
        }
    }
}

/// The value of every cell of the cycle of `cells` cells with the subtraction set `set`,
/// cell 0 first: the explicit graph of the cycle (cell `c` to `(c − a) mod n` for each
/// amount `a`, cell 0 without a move) labelled at once, within `bounds`.
pub fn cycle_values(
    cells: u32,
    set: &[u32],
    bounds: &mut Bounds,
) -> Result<Vec<LoopyNimber>, LoopyError> {
    let shape = WindUp::new(cells, set, 0).map_err(|error| {
LoopyError::Rules(RulesFailed::new(error.to_string()))
    })?;
    let amounts = shape.set.len();
    let moves = (cells as usize - 1) * amounts;
    if moves as u64 > MAX_MOVES {
        return Err(LoopyError::TooLarge {
            what: "moves",
            limit: MAX_MOVES,
        });
    }
    bounds.afford(
        Phase::Exploring,
        (cells as usize + 1 + moves) * std::mem::size_of::<u32>(),
        0,
    )?;
    let mut offsets = Vec::with_capacity(cells as usize + 1);
    let mut targets = Vec::with_capacity(moves);
    offsets.push(0u32);
    offsets.push(0u32);
    for cell in 1..cells {
        targets.extend(shape.set.iter().map(|&a| WindUp::back(cells, cell, a)));
        offsets.push(targets.len() as u32);
    }
    let graph = Graph::from_csr(offsets, targets).map_err(|error| {
LoopyError::Rules(RulesFailed::new(error.to_string()))
    })?;
    let values = label(&graph, bounds)?;
    Ok((0..cells).map(|cell| values.value(&graph, cell)).collect())
}

/// The space between neighbouring cells of the drawn cycle.
const STEP: f64 = 48.0;

impl LoopyImpartialGame for WindUp {
    /// The cycle: its cells on a circle, cell 0 at the top and the numbers going round
    /// clockwise, the token's cell coloured.
    fn board(&self) -> Option<Board> {
        let cells = self.cells() as usize;
        let radius = (STEP * cells as f64 / (2.0 * PI)).max(STEP);
        let centre = radius + STEP / 2.0;
        let vertices = (0..cells)
            .map(|cell| {
                let angle = 2.0 * PI * cell as f64 / cells as f64;
                GraphVertex {
                    x: centre + radius * angle.sin(),
                    y: centre - radius * angle.cos(),
                    name: cell.to_string(),
                    mark: if cell == self.cell() as usize {
                        Mark::Stone(Owner::Either)
                    } else {
                        Mark::Empty
                    },
                }
            })
            .collect();
        let edges = match cells {
            1 => Vec::new(),
            2 => vec![(0, 1)],
            _ => (0..cells).map(|cell| (cell, (cell + 1) % cells)).collect(),
        };
        Some(Board {
            layout: Layout::Vertices {
                width: 2.0 * centre,
                height: 2.0 * centre,
                vertices,
                edges,
            },
            pieces: ["the token", "the token"],
        })
    }

    type Move = Back;

    /// Each amount of the set, in increasing order; none from cell 0.
    fn moves(&self) -> Vec<(Back, WindUp)> {
        if self.cell == 0 {
            return Vec::new();
        }
        self.set
            .iter()
            .map(|&amount| {
                let next = WindUp {
                    cells: self.cells,
                    set: Arc::clone(&self.set),
                    cell: WindUp::back(self.cells, self.cell, amount),
                };
                (Back(amount), next)
            })
            .collect()
    }

    /// The cycle as a row of cells, the token's marked: `0 1 2 [3] 4 5`.
    fn draw(&self) -> String {
        if self.cells > 64 {
            return format!("{self}\n");
        }
        let row: Vec<String> = (0..self.cells)
            .map(|cell| {
                if cell == self.cell {
                    format!("[{cell}]")
                } else {
                    cell.to_string()
                }
            })
            .collect();
        format!(
            "{} (back by {}, round the cycle)\n",
            row.join(" "),
            written_set(&self.set)
        )
    }
}

/// `1,2,4`.
fn written_set(set: &[u32]) -> String {
    let amounts: Vec<String> = set.iter().map(u32::to_string).collect();
    amounts.join(",")
}

impl fmt::Display for WindUp {
    /// `N:SET@CELL`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}@{}", self.cells, written_set(&self.set), self.cell)
    }
}

/// A whole number of `text`, `what` naming it in the message when it is not one.
fn number(text: &str, what: &str) -> Result<u32, ParseError> {
    let trimmed = text.trim();
    if trimmed.is_empty() || !trimmed.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::at_token(
            format!("\"{trimmed}\" is not {what}: write a whole number (12:1,2,4@5)"),
            trimmed,
        ));
    }
    trimmed.parse().map_err(|_| {
        ParseError::at_token(format!("{what} {trimmed} is too large"), trimmed)
    })
}

impl FromStr for WindUp {
    type Err = ParseError;

    /// `N:SET@CELL` (`12:1,2,4@5`).
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        let Some((rules, cell)) = text.rsplit_once('@') else {
            return Err(ParseError::new(format!(
                "\"{text}\" is not a Wind-Up position: write the cells, the subtraction set and \
                 the token's cell as N:SET@CELL (12:1,2,4@5)"
            )));
        };
        let Some((cells, set)) = rules.split_once(':') else {
            return Err(ParseError::new(format!(
                "\"{rules}\" lacks the subtraction set: write N:SET@CELL (12:1,2,4@5)"
            )));
        };
        let cells = number(cells, "the number of cells")?;
        let set = set
            .split(',')
            .map(|amount| number(amount, "an amount"))
            .collect::<Result<Vec<u32>, ParseError>>()?;
        let cell = number(cell, "the token's cell")?;
        WindUp::new(cells, &set, cell)
    }
}
