//! Cram's line in the registry: what it states of itself (texts, caps, the board); the rest
//! is the searched games' shared entry ([`SearchedEntry`]).

use crate::game::CapEdge;
use crate::drawing::Footprint;
use crate::game::BoardKind;
use crate::games::cram::{Cram, Domino};
use crate::impartial::searched::{SearchedEntry, SearchedListing};

/// Cram: place a domino on two empty adjacent cells, either way; who cannot move loses.
pub type CramEntry = SearchedEntry<Cram>;

impl SearchedListing for Cram {
    const NAME: &'static str = "cram";
    const TITLE: &'static str = "Cram";
    const SUMMARY: &'static str = "Cram: place a domino on two empty adjacent cells, either way; who cannot place one loses";
    const NOTATION: &'static str = "WIDTHxHEIGHT (4x3) or rows top to bottom (..#./....; # blocked); moves name the \
     domino's cells, b2-b3 or a1-b1, rows numbered from 1 at the top";
    const EXAMPLE: &'static str = "5x3";
    const DEFAULT_POSITION: &'static str = "4x3";
    const START_POSITIONS: &'static [&'static str] = &["4x3", "3x3", "5x3", "4x4", "6x3", "..#./..../.#.."];
    /// Won and lost starts, blocked cells, several regions, a strip and a board beyond the
    /// exact remoteness.
    const SAMPLE_POSITIONS: &'static [&'static str] = &["3x3", "4x2", "4x3", "7x1", "..#/.../#..", "#..#/..../#..#", "6x3"];
    const BOARD_KIND: BoardKind = BoardKind::Cells;
    const SERVED_QUANTITY: &'static str = "the number of empty cells";
    /// Analysing a board of 24 empty cells and valuing every move takes well under a second
    /// (docs/benchmarks.md).
    const SERVED_MAX: usize = 24;
    const SERVED_MISERE_QUANTITY: &'static str = "the number of empty cells under misère play";
    const SERVED_MISERE_MAX: usize = 16;

    /// The domino's two cells, top or left first.
    fn footprint(&self, domino: &Domino) -> Option<Footprint> {
        let second = domino.second();
        let on_board = |column: usize, row: usize| column < self.width() && row < self.height();
        (on_board(domino.cell.column, domino.cell.row) && on_board(second.column, second.row))
            .then(|| {
                let width = self.width();
                vec![domino.cell.index(width), second.index(width)]
            })
    }

    /// Each empty cell is the top cell of at most one vertical domino and the left cell of
    /// at most one horizontal one, and cells only fill.
    fn most_moves(&self) -> u128 {
        2 * u128::from(self.empty_count())
    }

    /// Every move covers two empty cells.
    fn longest_game(&self) -> u128 {
        u128::from(self.empty_count() / 2)
    }

    /// 24 empty cells, the cap, and 25: a 5 × 5 board less a corner, a 6 × 4 rectangle
    /// (valued 0 at once, but every move is valued) and a strip of 24.
    fn cap_edges() -> Vec<CapEdge> {
        vec![
            CapEdge::new("...../...../...../...../....#", "5x5"),
            CapEdge::new("6x4", "....../....../....../....../.#####"),
            CapEdge::new("24x1", "25x1"),
        ]
    }

    /// 16 empty cells, the misère cap, and 17.
    fn cap_edges_misere() -> Vec<CapEdge> {
        vec![CapEdge::misere("4x4", "..../..../..../..../.###")]
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
use crate::game::GameEntry;
    use super::*;
    use crate::drawing::Layout;
    use crate::game::describe;

    const CRAM: &dyn GameEntry = &CramEntry::NEW;

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
        use crate::drawing::Mark::{Empty, Filled, Hole};
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
