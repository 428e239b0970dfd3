//! Cram: impartial Domineering. Either player places a domino on two empty adjacent cells,
//! vertically or horizontally; the player who cannot place one loses (Winning Ways, ch. 22;
//! Gardner's name). Impartial: its value is a nimber, the nim-sum of its regions' values.
//!
//! # Notation
//!
//! As Domineering's: a size, `WIDTHxHEIGHT` (`4x5`: 4 columns and 5 rows, all empty), or the
//! rows from top to bottom joined by `/`, each cell `.` (empty) or `#` (blocked or covered):
//! `..#./..../....`. At most 64 cells. A move names its domino's two cells, columns as
//! letters from `a` and rows as numbers from `1` at the top: `b2-b3` (vertical) or `a1-b1`
//! (horizontal), printed top or left cell first and read either way round.
//!
//! ```
//! use grundy::games::cram::Cram;
//! use grundy::impartial::searched::grundy_value;
//! let board: Cram = "3x2".parse().unwrap();
//! assert_eq!(board.moves().len(), 7);
//! let after = board.apply(&"b1-b2".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), ".#./.#.");
//! // Two columns of two cells, *1 each.
//! assert_eq!(grundy_value(&after), 0);
//! // 1 × n is Dawson's Kayles, 0.07 on a heap of n: *2 on 4, 0 on 5.
//! assert_eq!(grundy_value(&"4x1".parse::<Cram>().unwrap()), 2);
//! assert_eq!(grundy_value(&"5x1".parse::<Cram>().unwrap()), 0);
//! ```
//!
//! # Components and symmetry
//!
//! The empty cells fall apart into maximal orthogonally connected regions; a domino lies in
//! one of them, so the board is the sum of its regions. A region of one cell is dropped (no
//! domino fits). Each region is cropped to its bounding box and reduced under all eight
//! symmetries of the rectangle (a quarter turn keeps the value of an impartial game). An
//! empty rectangle with both sides even is dropped too: its value is 0, since the second
//! player answers every domino with its image under the half turn (the image never meets
//! the domino: no domino is its own image, as the centre is a corner of four cells). An
//! empty rectangle with one side even and the other odd is won by the first player: the
//! domino on the two middle cells of the middle line is its own image, and the half-turn
//! answer wins after it ([`symmetry::symmetry_outcome`]); that gives the outcome, not the
//! value.
//!
//! # Solving
//!
//! The value by the generic solver over the regions, each in its normal form; the
//! remoteness and perfect play exact on boards of at most [`REMOTENESS_CELLS`] empty cells,
//! and beyond that the shared heuristic of [`crate::impartial::searched`] (every domino
//! covers two cells, so it plays the first winning move, or when lost the first move).

mod components;
pub mod domino;
pub mod entry;
pub mod symmetry;

use crate::drawing::{grid_board, Board, Mark};
use std::fmt;
use std::str::FromStr;

pub use domino::Domino;
use crate::error::{ParseError, RuleError};
use crate::impartial::searched::{SearchedPosition, SearchedRules, Shortcut};
use crate::position::ImpartialGame;
use crate::report::Outcome;
use crate::grid::cell::Cell;
use crate::grid::{bits, format_empty_cells, parse_empty_cells, shape, Geometry};

/// A Cram position: the board's shape and its empty cells, one bit per cell (see
/// [`crate::grid`]), so at most 64 cells. Bits outside the board are always 0, so
/// derived equality and hashing are the position's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cram {
    geometry: Geometry,
    empty: u64,
}

impl Cram {
    /// An empty `width × height` board, or an error when a side is 0 or there are more than
    /// 64 cells.
    pub fn new(width: usize, height: usize) -> Result<Self, ParseError> {
        let geometry = shape("Cram", width, height)?;
        Ok(Cram {
            geometry,
            empty: geometry.all(),
        })
    }

    /// A board of the given shape whose empty cells are `empty` (bits past the board are
    /// ignored).
    pub fn from_empty_cells(geometry: Geometry, empty: u64) -> Self {
        Cram {
            geometry,
            empty: empty & geometry.all(),
        }
    }

    /// The board's shape.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.geometry.width()
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.geometry.height()
    }

    /// The empty cells, one bit each.
    pub fn empty_cells(&self) -> u64 {
        self.empty
    }

    /// The number of empty cells.
    pub fn empty_count(&self) -> u32 {
        self.empty.count_ones()
    }

    /// Whether every cell is empty (the board is an empty rectangle).
    pub fn is_full(&self) -> bool {
        self.empty == self.geometry.all()
    }

    /// Whether a cell is on the board and empty.
    pub fn is_empty(&self, cell: Cell) -> bool {
        self.geometry.contains(cell.column, cell.row)
            && self.empty & self.geometry.bit(cell.column, cell.row) != 0
    }

    /// Whether no domino fits: the player to move has lost.
    pub fn is_terminal(&self) -> bool {
        self.geometry.right_pairs(self.empty) == 0 && self.geometry.down_pairs(self.empty) == 0
    }

    /// Every domino that fits: the vertical ones by their top cells, then the horizontal
    /// ones by their left cells, each row by row.
    pub fn moves(&self) -> Vec<Domino> {
        let domino = |vertical: bool| {
            move |index: usize| {
                let (column, row) = self.geometry.cell_of(index);
                Domino::new(Cell::new(column, row), vertical)
            }
        };
        bits(self.geometry.down_pairs(self.empty))
            .map(domino(true))
            .chain(bits(self.geometry.right_pairs(self.empty)).map(domino(false)))
            .collect()
    }

    /// The board with both cells of `domino` covered, or why it does not fit.
    pub fn apply(&self, domino: &Domino) -> Result<Cram, RuleError> {
        let mut empty = self.empty;
        for cell in [domino.cell, domino.second()] {
            if !self.geometry.contains(cell.column, cell.row) {
                return Err(RuleError::new(
                    domino,
                    format!("{cell} is off the {}x{} board", self.width(), self.height()),
                ));
            }
            if !self.is_empty(cell) {
                return Err(RuleError::new(domino, format!("{cell} is not empty")));
            }
            empty &= !self.geometry.bit(cell.column, cell.row);
        }
        Ok(Cram {
            geometry: self.geometry,
            empty,
        })
    }

    /// The regions of empty cells that take a domino, each cropped and reduced under the
    /// symmetries, without the empty rectangles of even sides (see the module
    /// documentation).
    pub fn components(&self) -> Vec<Cram> {
        components::components(self)
    }

    /// The board cropped to its empty cells and reduced under the symmetries: one
    /// representative of the boards that are the same game.
    pub fn normalised(&self) -> Cram {
        components::normalised_whole(self)
    }

}

impl fmt::Display for Cram {
    /// `WIDTHxHEIGHT` for a board with every cell empty, else the rows, top first, joined
    /// by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_empty_cells(&self.geometry, self.empty))
    }
}

impl FromStr for Cram {
    type Err = ParseError;

    /// Reads `WIDTHxHEIGHT` (a text starting with a digit) or rows of `.` and `#` joined by
    /// `/`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let (geometry, empty) = parse_empty_cells(text.trim(), "Cram")?;
        Ok(Cram::from_empty_cells(geometry, empty))
    }
}

/// Cram for the generic solver ([`crate::impartial::Solver`]): regions valued apart, each
/// cropped and reduced under the symmetries, empty rectangles of even sides dropped (value
/// 0).
#[derive(Debug, Clone, Copy, Default)]
pub struct CramGame;

impl ImpartialGame for CramGame {
    type Position = Cram;
    type Move = Domino;

    fn legal_moves(&self, position: &Cram) -> Vec<Domino> {
        position.moves()
    }

    fn apply(&self, position: &Cram, mv: &Domino) -> Result<Cram, RuleError> {
        position.apply(mv)
    }

    fn components(&self, position: &Cram) -> Vec<Cram> {
        position.components()
    }

    fn canonical(&self, position: &Cram) -> Cram {
        position.normalised()
    }
}

/// Boards of at most this many empty cells have their remoteness computed exactly (the
/// search runs over the whole board, not its regions).
pub const REMOTENESS_CELLS: usize = 16;

/// The rules of Cram for [`Played`](crate::game::Played).
pub type CramRules = SearchedRules<Cram>;

impl SearchedPosition for Cram {
    /// The grid, each cell empty or not (a hole or a placed domino's: the page tells them
    /// apart from the start position).
    fn board(&self) -> Board {
        let marks = |cell| {
            if self.is_empty(cell) {
                Mark::Empty
            } else {
                Mark::Hole
            }
        };
        grid_board(self.width(), self.height(), ["dominoes", "dominoes"], marks)
    }

    type Move = Domino;
    type Rules = CramGame;

    const SIZE_UNIT: &'static str = "empty cells";
    const REMOTENESS_SIZE: usize = REMOTENESS_CELLS;
    const HEURISTIC: &'static str = "the first winning move, or when lost the first move";

    fn size(&self) -> usize {
        self.empty_count() as usize
    }

    /// Every domino that fits, vertical ones first.
    fn moves(&self) -> Vec<Domino> {
        Cram::moves(self)
    }

    fn play(&self, mv: &Domino) -> Result<Cram, RuleError> {
        self.apply(mv)
    }

    /// The board cropped and reduced under the symmetries: boards of the same shape share a
    /// future.
    fn transposition_key(&self) -> String {
        self.normalised().to_string()
    }

    /// The symmetry of an empty rectangle ([`symmetry::symmetry_outcome`]).
    fn shortcut(&self) -> Option<Shortcut<Domino>> {
        let (outcome, centre) = symmetry::symmetry_outcome(self)?;
        let note = match (outcome, centre) {
            (Outcome::Loss, _) => "an empty rectangle with even sides: the second player wins \
                                   by answering each domino with its image under the half turn"
                .to_string(),
            (Outcome::Win, Some(centre)) => format!(
                "an empty rectangle with one side even and one odd: the first player wins by \
                 {centre}, then answers each domino with its image under the half turn"
            ),
            (Outcome::Win, None) => return None,
        };
        Some(Shortcut {
            outcome,
            winning_move: centre,
            note,
        })
    }
}

/// Cram with no shortcut: the whole board as the memo key, no regions, no symmetry. The
/// plain recursion the tests and the benchmark compare [`CramGame`] with.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlainCram;

impl ImpartialGame for PlainCram {
    type Position = Cram;
    type Move = Domino;

    fn legal_moves(&self, position: &Cram) -> Vec<Domino> {
        position.moves()
    }

    fn apply(&self, position: &Cram, mv: &Domino) -> Result<Cram, RuleError> {
        position.apply(mv)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::games::cram::entry::CramEntry;
    use crate::impartial::searched::analyse;
    use crate::game::{Budget, GameState, Played, Status};
    use crate::player::Seat;
    use crate::report::SolveOptions;
    use proptest::prelude::*;

    #[test]
    fn a_game_is_refereed_move_by_move() {
        let mut game = Played::<CramRules>::start(&CramEntry::NEW, "3x2").unwrap();
        assert_eq!(game.play(" b2-b1 ").unwrap(), "b1-b2");
        assert_eq!(game.position(), ".#./.#.");
        assert!(game.play("b1-c1").is_err());
        assert_eq!(game.play("a1-a2").unwrap(), "a1-a2");
        assert_eq!(game.play("c1-c2").unwrap(), "c1-c2");
        assert_eq!(game.position(), "###/###");
        assert_eq!(game.status(), Status::Won { winner: Seat::First });
        assert_eq!(game.undo().as_deref(), Some("c1-c2"));
        let list = game.legal_moves(5);
        assert_eq!(list.moves, ["c1-c2"]);
        assert!(list.complete);
    }

    #[test]
    fn the_analysis_names_the_value_and_the_winning_moves() {
        let mut game = Played::<CramRules>::start(&CramEntry::NEW, "4x1").unwrap();
        let analysis = game.analyse(&Budget::default());
        assert_eq!(analysis.grundy_value, Some(2));
        assert_eq!(analysis.winning_moves, ["b1-c1"]);
        assert_eq!(analysis.remoteness, Some(1));
    }

    #[test]
    fn the_report_names_the_symmetry_and_the_regions() {
        let options = SolveOptions::default();
        let report = analyse::<Cram>("..../#.##/#.##", &options).unwrap();
        assert_eq!(report.game, "cram");
        // The 4-cell row (*2) and the column of two below b1 join at b1: one region.
        assert_eq!(report.outcome, Outcome::Win);
        assert!(report.grundy.unwrap() > 0);
        let report = analyse::<Cram>("4x1", &options).unwrap();
        assert_eq!(report.grundy, Some(2));
        assert_eq!(report.winning_moves, ["b1-c1"]);
        assert_eq!(report.remoteness.map(|r| r.moves), Some(1));
        let report = analyse::<Cram>("4x2", &options).unwrap();
        assert_eq!(report.outcome, Outcome::Loss);
        assert!(report.notes[0].contains("half turn"), "{:?}", report.notes);
        let report = analyse::<Cram>("4x3", &options).unwrap();
        assert!(report.notes[0].contains("b2-c2"), "{:?}", report.notes);
        let empty = analyse::<Cram>("##/##", &options).unwrap();
        assert_eq!(empty.outcome, Outcome::Loss);
        assert_eq!(empty.best_move, None);
        let error = analyse::<Cram>("../.x", &options).unwrap_err().to_string();
        assert!(error.contains("\".x\""), "{error}");
    }

    #[test]
    fn sizes_and_rows_read_back() {
        let board: Cram = "4x5".parse().unwrap();
        assert_eq!((board.width(), board.height()), (4, 5));
        assert_eq!(board.to_string(), "4x5");
        assert_eq!("..../..../..../..../....".parse::<Cram>().unwrap(), board);
        for text in ["..#./..../....", "#", "8x2", "1x1", "#./.#"] {
            assert_eq!(text.parse::<Cram>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn bad_boards_are_named() {
        for (text, message, token) in [
            ("0x3", "a Cram board has 1 to 64 cells", "0x3"),
            ("9x8", "a Cram board has 1 to 64 cells", "9x8"),
            ("4x", "the height must be a positive integer", "4x"),
            ("4", "a board size is written WIDTHxHEIGHT", "4"),
            ("../.", "row 2 has 1 cells but the first row has 2", "."),
            ("..x", "unknown character 'x' in row 1, column 3", "..x"),
            ("../", "row 2 is empty", ""),
        ] {
            let error = text.parse::<Cram>().unwrap_err();
            assert!(error.message.starts_with(message), "{text}: {error}");
            assert_eq!(error.location.token.as_deref(), Some(token), "{text}");
        }
        assert!(Cram::new(65, 1).is_err());
    }

    #[test]
    fn dominoes_go_either_way_on_empty_cells() {
        let board: Cram = ".#/..".parse().unwrap();
        let moves: Vec<String> = board.moves().iter().map(Domino::to_string).collect();
        assert_eq!(moves, ["a1-a2", "a2-b2"]);
        assert_eq!(board.apply(&"a2-a1".parse().unwrap()).unwrap().to_string(), "##/#.");
        let error = board.apply(&"a1-b1".parse().unwrap()).unwrap_err();
        assert!(error.to_string().contains("b1 is not empty"), "{error}");
        let error = board.apply(&"b2-c2".parse().unwrap()).unwrap_err();
        assert!(error.to_string().contains("c2 is off the 2x2 board"), "{error}");
        assert!(!board.is_terminal());
        assert!("#./.#".parse::<Cram>().unwrap().is_terminal());
    }

    /// A random board of at most 20 cells.
    fn board() -> impl Strategy<Value = Cram> {
        (1usize..=5, 1usize..=4, any::<u64>()).prop_map(|(width, height, empty)| {
            Cram::from_empty_cells(Geometry::new(width, height).unwrap(), empty)
        })
    }

    proptest! {
        #[test]
        fn notation_round_trips(position in board()) {
            prop_assert_eq!(position.to_string().parse::<Cram>().unwrap(), position);
        }

        #[test]
        fn listed_moves_are_legal_and_cover_two_cells(position in board()) {
            for domino in position.moves() {
                let read: Domino = domino.to_string().parse().unwrap();
                let next = position.apply(&read).unwrap();
                prop_assert_eq!(next.empty_count() + 2, position.empty_count());
            }
            prop_assert_eq!(position.moves().is_empty(), position.is_terminal());
        }

        #[test]
        fn no_text_panics(text in "[.#/x0-9]{0,20}|\\PC{0,20}") {
            if let Ok(position) = text.parse::<Cram>() {
                prop_assert_eq!(position.to_string().parse::<Cram>().unwrap(), position);
            }
            let _ = text.parse::<Domino>();
        }
    }
}
