//! Cram's line in the registry.

use crate::board::{Board, Footprint, Mark};
use crate::entry::{BoardKind, GameEntry, OverCap};
use crate::error::ParseError;
use crate::games::cram::analysis::analyse;
use crate::games::cram::play::CramRules;
use crate::games::cram::Domino;
use crate::partizan::cell::grid_board;
use crate::play::{start_played, with_position, GameState};
use crate::report::{Report, SolveError, SolveOptions};

/// The most empty cells a shared server values: analysing a board of 24 empty cells and
/// valuing every move takes well under a second (docs/benchmarks.md).
pub const SERVED_MAX_EMPTY: u32 = 24;

/// The most empty cells a shared server analyses under misère play (an exact search of
/// every position reached).
pub const SERVED_MISERE_MAX_EMPTY: u32 = 16;

/// Cram: place a domino on two empty adjacent cells, either way; who cannot move loses. Of
/// the solve options it reads only `moves`.
#[derive(Debug, Clone, Copy)]
pub struct CramEntry;

/// The number of empty cells of `state`'s position.
fn empty_cells(state: &dyn GameState) -> u32 {
    with_position::<CramRules, _>(state, |position| position.empty_count()).unwrap_or(0)
}

impl GameEntry for CramEntry {
    fn name(&self) -> &'static str {
        "cram"
    }

    fn title(&self) -> &'static str {
        "Cram"
    }

    fn summary(&self) -> &'static str {
        "Cram: place a domino on two empty adjacent cells, either way; who cannot place one loses"
    }

    fn notation(&self) -> &'static str {
        "WIDTHxHEIGHT (4x3) or rows top to bottom (..#./....; # blocked); moves name the \
         domino's cells, b2-b3 or a1-b1, rows numbered from 1 at the top"
    }

    fn example(&self) -> &'static str {
        "5x3"
    }

    fn default_position(&self) -> &'static str {
        "4x3"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["4x3", "3x3", "5x3", "4x4", "6x3", "..#./..../.#.."]
    }

    /// Won and lost starts, blocked cells, several regions, a strip and a board beyond the
    /// exact remoteness.
    fn sample_positions(&self) -> &'static [&'static str] {
        &["3x3", "4x2", "4x3", "7x1", "..#/.../#..", "#..#/..../#..#", "6x3"]
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Cells)
    }

    /// The grid, each cell empty or not (a hole or a placed domino's: the page tells them
    /// apart from the start position).
    fn board(&self, state: &dyn GameState) -> Option<Board> {
        with_position::<CramRules, _>(state, |position| {
            let marks = |cell| {
                if position.is_empty(cell) {
                    Mark::Empty
                } else {
                    Mark::Hole
                }
            };
            grid_board(position.width(), position.height(), ["dominoes", "dominoes"], marks)
        })
    }

    /// The domino's two cells, top or left first.
    fn footprint(&self, state: &dyn GameState, mv: &str) -> Option<Footprint> {
        let domino: Domino = mv.parse().ok()?;
        with_position::<CramRules, _>(state, |position| {
            let second = domino.second();
            let on_board = |column: usize, row: usize| column < position.width() && row < position.height();
            (on_board(domino.cell.column, domino.cell.row) && on_board(second.column, second.row))
                .then(|| {
                    let width = position.width();
                    vec![domino.cell.index(width), second.index(width)]
                })
        })?
    }

    /// Each empty cell is the top cell of at most one vertical domino and the left cell of
    /// at most one horizontal one, and cells only fill.
    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        Some(2 * u128::from(empty_cells(state)))
    }

    /// Every move covers two empty cells.
    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        Some(u128::from(empty_cells(state) / 2))
    }

    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        OverCap::check("the number of empty cells", empty_cells(state), SERVED_MAX_EMPTY)
    }

    fn check_served_misere(&self, state: &dyn GameState) -> Result<(), OverCap> {
        OverCap::check(
            "the number of empty cells under misère play",
            empty_cells(state),
            SERVED_MISERE_MAX_EMPTY,
        )
    }

    fn start(&self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<CramRules>(position)
    }

    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        Ok(Report::Solved(analyse(position, options.moves)?))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::board::{describe, Layout};
    use crate::entry::Game;

    const CRAM: Game = Game::new(&CramEntry);

    #[test]
    fn a_domino_covers_its_two_cells() {
        let mut state = CRAM.start("..#/.../...").unwrap();
        assert_eq!(CRAM.footprint(state.as_ref(), "b2-b3"), Some(vec![4, 7]));
        assert_eq!(CRAM.footprint(state.as_ref(), "b1-a1"), Some(vec![0, 1]));
        assert_eq!(CRAM.footprint(state.as_ref(), "c3-d3"), None);
        assert_eq!(CRAM.footprint(state.as_ref(), "nonsense"), None);
        state.play("b2-b3").unwrap();
        let view = describe(state.as_ref()).unwrap();
        let Layout::Cells { cells, .. } = &view.board.layout else {
            panic!("a grid: {view:?}");
        };
        use Mark::{Empty, Filled, Hole};
        assert_eq!(cells, &[Empty, Empty, Hole, Empty, Filled, Empty, Empty, Filled, Empty]);
        assert_eq!(view.played[0].footprint, [4, 7]);
        assert_eq!(view.moves.len(), 4);
    }

    #[test]
    fn big_boards_are_not_served() {
        let state = CRAM.start("5x5").unwrap();
        let error = CRAM.check_served(state.as_ref()).unwrap_err();
        assert!(error.to_string().contains("24"), "{error}");
        assert!(CRAM.check_served(CRAM.start("6x4").unwrap().as_ref()).is_ok());
    }
}
