//! Wythoff's game's line in the registry, and its board: each queen on its own grid, the
//! corner at the top left.

use crate::game::Listing;
use super::analysis::analyse;
use super::play::WythoffRules;
use super::solve::reachable;
use super::{Queen, Wythoff, WythoffMove};
use crate::drawing::{Board, Footprint, Layout, Mark, Naming, Owner};
use crate::game::{BoardKind, CapEdge, GameEntry, OverCap};
use crate::error::ParseError;
use crate::game::{start_played, with_position, GameState, Rules};
use crate::report::{Report, SolveError, SolveOptions};

/// The widest board drawn: the queens' grids side by side, one empty column between two
/// (columns `a` to `an`). A wider position has no board.
pub const BOARD_MAX_WIDTH: u128 = 40;

/// The tallest board drawn (rows 1 to 40).
pub const BOARD_MAX_HEIGHT: u128 = 40;

/// The most positions reachable from a position a shared server analyses under misère play
/// (the exact misère search visits them all).
pub const SERVED_MISERE_STATES: u128 = 20_000;

/// Wythoff's game: a queen moves towards the corner; who cannot move loses. Of the solve
/// options it reads only `moves`.
#[derive(Debug, Clone, Copy)]
pub struct WythoffEntry;

/// The board's width and each queen's first column, `None` past the caps.
fn board_columns(position: &Wythoff) -> Option<(usize, Vec<usize>)> {
    let mut columns = Vec::new();
    let mut width: u128 = 0;
    for (index, (a, b)) in position.queens().iter().enumerate() {
        if index > 0 {
            width += 1;
        }
        if *b >= BOARD_MAX_HEIGHT {
            return None;
        }
        columns.push(usize::try_from(width).ok()?);
        width = width.checked_add(a.checked_add(1)?)?;
        if width > BOARD_MAX_WIDTH {
            return None;
        }
    }
    Some((usize::try_from(width).ok()?, columns))
}

fn footprint_of(position: &Wythoff, mv: &WythoffMove) -> Option<Footprint> {
    let (width, columns) = board_columns(position)?;
    let at = position.queens().iter().position(|queen| *queen == mv.from)?;
    let cell = |(a, b): Queen| -> Option<usize> {
        Some(usize::try_from(b).ok()? * width + columns[at] + usize::try_from(a).ok()?)
    };
    cell(mv.from)?;
    Some(vec![cell(mv.to)?])
}

impl Listing for WythoffEntry {
    fn name(&self) -> &'static str {
        "wythoff"
    }

    fn title(&self) -> &'static str {
        "Wythoff's game"
    }

    fn summary(&self) -> &'static str {
        "Wythoff's game: take from one pile or the same from both (a queen moving to the corner)"
    }

    fn notation(&self) -> &'static str {
        "QUEENS a,b joined by + (3,5 or 3,5+2,7; 0,0 is a queen home); moves a,b->c,d (4,5->1,2)"
    }

    fn example(&self) -> &'static str {
        "4,7+2,3"
    }

    fn default_position(&self) -> &'static str {
        "6,9"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["6,9", "4,7+2,3", "10,15", "3,5+5,8+1,1"]
    }

    /// Won and lost starts, a sum, a queen at home, and one beyond the exact remoteness.
    fn sample_positions(&self) -> &'static [&'static str] {
        &["6,9", "3,5", "4,7+2,3", "1,2+0,0", "5,5", "20,30+15,20"]
    }
}

impl GameEntry for WythoffEntry {
    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Stones)
    }

    /// Each queen's grid from its corner (top left, `0,0`) to the queen (a green stone at
    /// column `a`, row `b` counted from 0), side by side with an empty column between;
    /// cells off every grid are holes. `None` past [`BOARD_MAX_WIDTH`] or
    /// [`BOARD_MAX_HEIGHT`].
    fn board(&self, state: &dyn GameState) -> Option<Board> {
        with_position::<WythoffRules, _>(state, |position| {
            let (width, columns) = board_columns(position)?;
            let height = position
                .queens()
                .iter()
                .map(|(_, b)| usize::try_from(*b).ok().map(|b| b + 1))
                .max()??;
            let mut cells = vec![Mark::Hole; width * height];
            for ((a, b), first) in position.queens().iter().zip(&columns) {
                let (a, b) = (usize::try_from(*a).ok()?, usize::try_from(*b).ok()?);
                for row in 0..=b {
                    for column in 0..=a {
                        cells[row * width + first + column] = Mark::Empty;
                    }
                }
                cells[b * width + first + a] = Mark::Stone(Owner::Either);
            }
            Some(Board {
                layout: Layout::Cells {
                    width,
                    height,
                    cells,
                    naming: Naming::LettersAndRows,
                },
                pieces: ["a queen to move", "a queen to move"],
            })
        })
        .flatten()
    }

    /// The cell the queen goes to: one cell, so the page draws each move as a disc there,
    /// coloured by its value (the losing squares stand out as the winning moves), and a
    /// click on the cell plays it. Each queen has its own grid, so no two moves share a
    /// cell.
    fn footprint(&self, state: &dyn GameState, mv: &str) -> Option<Footprint> {
        let mv: WythoffMove = mv.trim().parse().ok()?;
        with_position::<WythoffRules, _>(state, |position| footprint_of(position, &mv)).flatten()
    }

    /// The moves of the queens of `state` bound those of every later position (a queen's
    /// moves only go down as it nears its corner). `None` past `u128`.
    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        let position = WythoffRules::parse_position(&state.position()).ok()?;
        position
            .queens()
            .iter()
            .try_fold(0u128, |total, queen| total.checked_add(super::queen_move_count(*queen)?))
    }

    /// Every move brings a queen's `a + b` down by at least one.
    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        let position = WythoffRules::parse_position(&state.position()).ok()?;
        position.longest_game()
    }

    /// The page draws a board ([`BOARD_MAX_WIDTH`] by [`BOARD_MAX_HEIGHT`]); within it the
    /// value table and the remoteness take well under a second.
    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        let (width, height) = with_position::<WythoffRules, _>(state, |position| {
            let width = position.queens().iter().fold(0u128, |total, (a, _)| {
                total.saturating_add(a.saturating_add(2))
            });
            let height = position.queens().iter().map(|(_, b)| b.saturating_add(1)).max();
            (width.saturating_sub(1), height.unwrap_or(0))
        })
        .unwrap_or((0, 0));
        OverCap::check("the board's width", width, BOARD_MAX_WIDTH)?;
        OverCap::check("the board's height", height, BOARD_MAX_HEIGHT)
    }

    /// The board's 40 columns and 40 rows: one queen at the far cell (a column and a row
    /// past each cap), and two queens side by side filling the width.
    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![
            CapEdge::new("39,39", "40,39"),
            CapEdge::new("39,39", "39,40"),
            CapEdge::new("19,39+18,39", "19,39+19,39"),
        ]
    }

    /// (9 + 1)(9 + 1) × (9 + 1)(19 + 1) = 20 000 positions reachable, the cap, and 21 000.
    fn cap_edges_misere(&self) -> Vec<CapEdge> {
        vec![CapEdge::misere("9,9+9,19", "9,9+9,20")]
    }

    /// Under misère play, at most [`SERVED_MISERE_STATES`] positions reachable.
    fn check_served_misere(&self, state: &dyn GameState) -> Result<(), OverCap> {
        self.check_served(state)?;
        let states = with_position::<WythoffRules, _>(state, reachable)
            .flatten()
            .unwrap_or(u128::MAX);
        OverCap::check("the positions reachable under misère play", states, SERVED_MISERE_STATES)
    }

    fn start(&'static self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<WythoffRules>(self, position)
    }

    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        Ok(Report::Solved(analyse(position, options)?))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::game::describe;

    #[test]
    fn the_board_puts_each_queen_on_its_grid() {
        let state = WythoffEntry.start("2,1+1,2").unwrap();
        let board = WythoffEntry.board(state.as_ref()).unwrap();
        let Layout::Cells { width, height, cells, .. } = board.layout else {
            panic!("a grid");
        };
        assert_eq!((width, height), (6, 3));
        let stone = Mark::Stone(Owner::Either);
        assert_eq!(cells[5], Mark::Empty);
        assert_eq!(cells[6 + 2], stone);
        assert_eq!(cells[2 * 6 + 5], stone);
        assert_eq!(cells[2 * 6], Mark::Hole);
        assert_eq!(cells[3], Mark::Hole);
        assert_eq!(WythoffEntry.footprint(state.as_ref(), "1,2->0,1"), Some(vec![10]));
        let view = describe(state.as_ref()).unwrap();
        assert_eq!(view.moves.len(), 8);
        assert!(view.moves.iter().all(|(_, at)| at.len() == 1));
        let big = WythoffEntry.start("100,1").unwrap();
        assert!(WythoffEntry.board(big.as_ref()).is_none());
        assert!(WythoffEntry.check_served(big.as_ref()).is_err());
    }
}
