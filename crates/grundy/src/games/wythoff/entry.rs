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

/// The board's frame: each queen's grid as large as it was in the start position (so that
/// the board stays the same as the queens near their corners), side by side with an empty
/// column between two. Queen `i` of any position of the game stays queen `i` (a move
/// changes one queen in its place).
struct Frame {
    /// The board's columns.
    width: usize,
    /// The board's rows.
    height: usize,
    /// Each queen's grid: its first column and its width.
    blocks: Vec<(usize, usize)>,
    /// Each queen's grid's rows.
    rows: Vec<usize>,
}

impl Frame {
    /// The frame of `start`, `None` past [`BOARD_MAX_WIDTH`] or [`BOARD_MAX_HEIGHT`].
    fn of(start: &Wythoff) -> Option<Frame> {
        let mut blocks = Vec::new();
        let mut rows = Vec::new();
        let mut width: u128 = 0;
        let mut height: u128 = 0;
        for (index, (a, b)) in start.queens().iter().enumerate() {
            if index > 0 {
                width += 1;
            }
            if *b >= BOARD_MAX_HEIGHT {
                return None;
            }
            height = height.max(b + 1);
            rows.push(usize::try_from(b + 1).ok()?);
            let columns = a.checked_add(1)?;
            blocks.push((usize::try_from(width).ok()?, usize::try_from(columns).ok()?));
            width = width.checked_add(columns)?;
            if width > BOARD_MAX_WIDTH {
                return None;
            }
        }
        Some(Frame {
            width: usize::try_from(width).ok()?,
            height: usize::try_from(height).ok()?,
            blocks,
            rows,
        })
    }

    /// The frame of the start of the game `state` is a position of.
    fn of_game(state: &dyn GameState) -> Option<Frame> {
        let usual = state.usual_rules().unwrap_or(state);
        let start = WythoffRules::parse_position(&usual.start_position()).ok()?;
        Frame::of(&start)
    }

    /// The cell of `queen`'s grid at `(a, b)`, `None` off the grid.
    fn cell(&self, queen: usize, (a, b): Queen) -> Option<usize> {
        let (first, columns) = *self.blocks.get(queen)?;
        let (a, b) = (usize::try_from(a).ok()?, usize::try_from(b).ok()?);
        (a < columns && b < *self.rows.get(queen)?).then_some(b * self.width + first + a)
    }
}

fn footprint_of(frame: &Frame, position: &Wythoff, mv: &WythoffMove) -> Option<Footprint> {
    let at = position.queens().iter().position(|queen| *queen == mv.from)?;
    frame.cell(at, mv.from)?;
    Some(vec![frame.cell(at, mv.to)?])
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

    /// Each queen's grid from its corner (top left, `0,0`) to where the queen stood in the
    /// start position, whatever it has moved since (the board does not shrink), side by
    /// side with an empty column between; the queen a green stone at column `a`, row `b`
    /// counted from 0, and cells are named `a,b` as the notation names squares
    /// ([`Naming::Coordinates`]). Cells off every grid are holes. `None` past
    /// [`BOARD_MAX_WIDTH`] or [`BOARD_MAX_HEIGHT`].
    fn board(&self, state: &dyn GameState) -> Option<Board> {
        let frame = Frame::of_game(state)?;
        with_position::<WythoffRules, _>(state, |position| {
            let mut cells = vec![Mark::Hole; frame.width * frame.height];
            for (&(first, columns), &rows) in frame.blocks.iter().zip(&frame.rows) {
                for row in 0..rows {
                    for column in 0..columns {
                        cells[row * frame.width + first + column] = Mark::Empty;
                    }
                }
            }
            for (index, queen) in position.queens().iter().enumerate() {
                cells[frame.cell(index, *queen)?] = Mark::Stone(Owner::Either);
            }
            Some(Board {
                layout: Layout::Cells {
                    width: frame.width,
                    height: frame.height,
                    cells,
                    naming: Naming::Coordinates {
                        blocks: frame.blocks.clone(),
                    },
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
        let frame = Frame::of_game(state)?;
        with_position::<WythoffRules, _>(state, |position| footprint_of(&frame, position, &mv))
            .flatten()
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
        let Layout::Cells {
            width,
            height,
            cells,
            naming,
        } = board.layout
        else {
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
        let Naming::Coordinates { blocks } = naming else {
            panic!("cells named by coordinates");
        };
        assert_eq!(blocks, vec![(0, 3), (4, 2)]);
        let big = WythoffEntry.start("100,1").unwrap();
        assert!(WythoffEntry.board(big.as_ref()).is_none());
        assert!(WythoffEntry.check_served(big.as_ref()).is_err());
    }

    #[test]
    fn the_board_keeps_the_start_size_as_the_queens_move() {
        let mut state = WythoffEntry.start("2,1+1,2").unwrap();
        state.play("2,1->0,1").unwrap();
        state.play("1,2->0,1").unwrap();
        let board = WythoffEntry.board(state.as_ref()).unwrap();
        let Layout::Cells { width, height, cells, .. } = board.layout else {
            panic!("a grid");
        };
        assert_eq!((width, height), (6, 3));
        let stone = Mark::Stone(Owner::Either);
        let stones: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == stone).collect();
        assert_eq!(stones, vec![6, 10]);
        assert_eq!(cells[8], Mark::Empty);
        assert_eq!(cells[2 * 6 + 5], Mark::Empty);
        // The moves left lie on the same frame: the first queen's from 0,1 to 0,0 is cell 0.
        assert_eq!(WythoffEntry.footprint(state.as_ref(), "0,1->0,0"), Some(vec![0]));
        let view = describe(state.as_ref()).unwrap();
        let at: Vec<Vec<usize>> = view.played.iter().map(|m| m.footprint.clone()).collect();
        assert_eq!(at, vec![vec![6], vec![10]]);
    }
}
