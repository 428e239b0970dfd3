//! Toads and Frogs (Winning Ways; CGSuite's `ToadsAndFrogs`): a row of cells, each a Toad
//! (`T`), a Frog (`F`) or empty (`.`). Left moves a Toad one cell right into an empty cell,
//! or jumps it over exactly one Frog into the empty cell right behind; Right moves a Frog
//! left in the same way. The player who cannot move loses.
//!
//! # Notation
//!
//! A position is its row, left to right: `TT..FF` (lower case `t` and `f` are read too);
//! 1 to 64 cells (one bit each). A move is `from-to`, cells numbered from 1 at the left:
//! `2-3` slides the Toad of cell 2, `4-2` jumps the Frog of cell 4 over a Toad. A piece has
//! at most one move (a slide needs an empty cell ahead, a jump a Frog or Toad there), so the
//! cell moved from alone names it, but both are written so a reader sees the jump.
//!
//! ```
//! use grundy::games::toadsfrogs::{Step, ToadsFrogs};
//! use grundy::partizan::PartizanGame;
//! use grundy::player::Player;
//!
//! let row: ToadsFrogs = "T.F".parse().unwrap();
//! assert_eq!(row.moves(Player::Left), ["1-2".parse::<Step>().unwrap()]);
//! let after = row.play(Player::Left, &"1-2".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), ".TF");
//! let after = after.play(Player::Right, &"3-1".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), "FT.");
//! // The Frog at the left end is frozen; only the Toad's cell is left.
//! assert_eq!(after.components(), ["T.".parse::<ToadsFrogs>().unwrap()]);
//! ```
//!
//! # Components
//!
//! Frozen pieces (those that can never move again, such as Frogs at the left end, Toads at
//! the right end or a `TTFF` block) cut the row into independent runs, and a run where no
//! Toad stands before a Frog is the sum of its Frogs and its Toads; parts where nobody can
//! move are dropped, and each part is cropped to a row of its own. The argument is in
//! `components.rs`.

mod components;
pub mod entry;
#[cfg(test)]
mod golden;

use crate::drawing::{Board, Layout, Mark, Owner};
use std::fmt;
use std::str::FromStr;

pub use crate::grid::step::Step;
use crate::error::{ParseError, RuleError};
use crate::grid::bits;
use crate::grid::{low_bits, MAX_CELLS};
use crate::partizan::{oracle, PartizanGame};
use crate::position::PartizanPosition;
use crate::player::Player;

/// A row of Toads and Frogs: its length (1 to 64) and one bit per cell for the Toads and
/// for the Frogs (cell `i` from the left is bit `i`). Bits past the row are always 0, so
/// derived equality and hashing are the position's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ToadsFrogs {
    length: u8,
    toads: u64,
    frogs: u64,
}

/// What a cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A Toad, Left's, moving right.
    Toad,
    /// A Frog, Right's, moving left.
    Frog,
}

impl ToadsFrogs {
    /// A row of `length` cells with Toads on the cells of `toads` and Frogs on those of
    /// `frogs` (bit `i` is cell `i` from the left), or an error when the length is not 1 to
    /// 64, a piece is past the row, or a cell holds both.
    pub fn new(length: usize, toads: u64, frogs: u64) -> Result<Self, ParseError> {
        if !(1..=MAX_CELLS).contains(&length) {
            return Err(ParseError::new(format!(
                "a row has 1 to {MAX_CELLS} cells, got {length}"
            )));
        }
        let inside = low_bits(length);
        if (toads | frogs) & !inside != 0 {
            return Err(ParseError::new(format!(
                "a piece lies past the {length} cells"
            )));
        }
        if toads & frogs != 0 {
            return Err(ParseError::new("a cell holds both a Toad and a Frog"));
        }
        Ok(ToadsFrogs {
            length: length as u8,
            toads,
            frogs,
        })
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        usize::from(self.length)
    }

    /// Always false: a row has at least one cell (for symmetry with [`ToadsFrogs::len`]).
    pub fn is_empty(&self) -> bool {
        self.length == 0
    }

    /// The Toads, one bit per cell.
    pub fn toads(&self) -> u64 {
        self.toads
    }

    /// The Frogs, one bit per cell.
    pub fn frogs(&self) -> u64 {
        self.frogs
    }

    /// What cell `index` (0-based) holds, `None` when it is empty or past the row.
    pub fn piece(&self, index: usize) -> Option<Piece> {
        if index >= self.len() {
            None
        } else if self.toads & (1u64 << index) != 0 {
            Some(Piece::Toad)
        } else if self.frogs & (1u64 << index) != 0 {
            Some(Piece::Frog)
        } else {
            None
        }
    }

    /// The empty cells, one bit each.
    fn empty(&self) -> u64 {
        let inside = low_bits(self.len());
        inside & !(self.toads | self.frogs)
    }

    /// Cells `start..end` as a row of their own (the caller keeps `start < end ≤ len`).
    fn slice(&self, start: usize, end: usize) -> Self {
        let width = end - start;
        let keep = low_bits(width);
        ToadsFrogs {
            length: width as u8,
            toads: (self.toads >> start) & keep,
            frogs: (self.frogs >> start) & keep,
        }
    }

    /// The Toads that can slide, the Toads that can jump, and the same for the Frogs.
    fn movers(&self) -> [u64; 4] {
        let empty = self.empty();
        [
            self.toads & (empty >> 1),
            self.toads & (self.frogs >> 1) & (empty >> 2),
            self.frogs & (empty << 1),
            self.frogs & (self.toads << 1) & (empty << 2),
        ]
    }

    /// Whether either player has a move.
    pub fn has_moves(&self) -> bool {
        self.movers().iter().any(|&mask| mask != 0)
    }

    /// The row with the piece of `step.from` on `step.to` (the caller checked the move).
    fn moved(&self, step: &Step) -> Self {
        let (from, to) = (1u64 << step.from, 1u64 << step.to);
        let mut next = *self;
        if self.toads & from != 0 {
            next.toads = (self.toads & !from) | to;
        } else {
            next.frogs = (self.frogs & !from) | to;
        }
        next
    }

    /// The rows after each move of Left (a Toad's).
    pub fn left_options(&self) -> Vec<Self> {
        self.moves(Player::Left)
            .iter()
            .map(|step| self.moved(step))
            .collect()
    }

    /// The rows after each move of Right (a Frog's).
    pub fn right_options(&self) -> Vec<Self> {
        self.moves(Player::Right)
            .iter()
            .map(|step| self.moved(step))
            .collect()
    }

    /// The independent parts (see the module documentation).
    pub fn components(&self) -> Vec<Self> {
        components::components(self)
    }

    /// The cells no piece will ever leave, one bit each.
    pub fn frozen(&self) -> u64 {
        components::frozen(self)
    }
}

impl fmt::Display for ToadsFrogs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..self.len() {
            f.write_str(match self.piece(i) {
                Some(Piece::Toad) => "T",
                Some(Piece::Frog) => "F",
                None => ".",
            })?;
        }
        Ok(())
    }
}

impl FromStr for ToadsFrogs {
    type Err = ParseError;

    /// Reads the row: `T`, `F` and `.` (or `t`, `f`), 1 to 64 cells.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let (mut toads, mut frogs) = (0u64, 0u64);
        let mut length = 0;
        for (index, c) in text.chars().enumerate() {
            if index >= MAX_CELLS {
                return Err(ParseError::at_token(
                    format!("a row has at most {MAX_CELLS} cells"),
                    text,
                ));
            }
            match c {
                'T' | 't' => toads |= 1u64 << index,
                'F' | 'f' => frogs |= 1u64 << index,
                '.' => {}
                _ => {
                    return Err(ParseError::at_token(
                        format!(
                            "unknown character {c:?} at cell {} (cells are 'T', 'F' and '.')",
                            index + 1
                        ),
                        text,
                    )
                    .with_column(index + 1))
                }
            }
            length = index + 1;
        }
        ToadsFrogs::new(length, toads, frogs).map_err(|error| error.with_token(text))
    }
}

impl PartizanPosition for ToadsFrogs {
    fn left_options(&self) -> Vec<Self> {
        ToadsFrogs::left_options(self)
    }

    fn right_options(&self) -> Vec<Self> {
        ToadsFrogs::right_options(self)
    }

    fn components(&self) -> Vec<Self> {
        ToadsFrogs::components(self)
    }
}

impl PartizanGame for ToadsFrogs {
    /// The row: Toads (Left's) and Frogs (Right's).
    fn board(&self) -> Option<Board> {
        let cells = (0..self.len())
            .map(|index| match self.piece(index) {
                Some(Piece::Toad) => Mark::Piece(Owner::Left, 'T'),
                Some(Piece::Frog) => Mark::Piece(Owner::Right, 'F'),
                None => Mark::Empty,
            })
            .collect();
        Some(Board {
            layout: Layout::Strip { cells },
            pieces: ["Toads, moving right", "Frogs, moving left"],
        })
    }

    type Move = Step;

    /// Every move of `side`, by the cell moved from.
    fn moves(&self, side: Player) -> Vec<Step> {
        let [toad_slides, toad_jumps, frog_slides, frog_jumps] = self.movers();
        let mut moves: Vec<Step> = match side {
            Player::Left => bits(toad_slides)
                .map(|i| Step::new(i, i + 1))
                .chain(bits(toad_jumps).map(|i| Step::new(i, i + 2)))
                .collect(),
            Player::Right => bits(frog_slides)
                .map(|i| Step::new(i, i - 1))
                .chain(bits(frog_jumps).map(|i| Step::new(i, i - 2)))
                .collect(),
        };
        moves.sort();
        moves
    }

    /// The row after `step`, or why `side` may not make it.
    fn play(&self, side: Player, step: &Step) -> Result<Self, RuleError> {
        if mover(step) != side {
            let way = match side {
                Player::Left => "Left moves Toads to the right",
                Player::Right => "Right moves Frogs to the left",
            };
            return Err(RuleError::new(step, way));
        }
        if !self.moves(side).contains(step) {
            let reason = match (self.piece(step.from), side) {
                _ if step.from >= self.len() || step.to >= self.len() => {
                    format!("the row has {} cells", self.len())
                }
                (Some(Piece::Toad), Player::Left) | (Some(Piece::Frog), Player::Right) => {
                    "a piece moves to the next cell if it is empty, or jumps one piece of the \
                     other kind into an empty cell"
                        .to_string()
                }
                _ => {
                    let piece = if side == Player::Left { "Toad" } else { "Frog" };
                    format!("there is no {piece} on cell {}", step.from + 1)
                }
            };
            return Err(RuleError::new(step, reason));
        }
        Ok(self.moved(step))
    }

}

/// Whether Left (the Toads) wins `row` moving first, by memoised brute force (a test
/// oracle).
pub fn left_wins_moving_first(row: &ToadsFrogs) -> bool {
    oracle::left_wins_moving_first(row)
}

/// Whether Right (the Frogs) wins `row` moving first, by memoised brute force (a test
/// oracle).
pub fn right_wins_moving_first(row: &ToadsFrogs) -> bool {
    oracle::right_wins_moving_first(row)
}

/// Whose move `step` is: a rightward move is a Toad's (Left), a leftward one a Frog's
/// (Right).
fn mover(step: &Step) -> Player {
    if step.to > step.from {
        Player::Left
    } else {
        Player::Right
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::position::PartizanPosition;
    use crate::partizan::{
        check_components, check_options_partition, check_outcome_of_components,
    };
    use proptest::prelude::*;

    fn row(text: &str) -> ToadsFrogs {
        text.parse().unwrap()
    }

    fn texts(rows: &[ToadsFrogs]) -> Vec<String> {
        rows.iter().map(ToadsFrogs::to_string).collect()
    }

    #[test]
    fn rows_read_back() {
        for text in ["TT..FF", ".", "T", "F.T", &"T.".repeat(32)] {
            assert_eq!(row(text).to_string(), text);
        }
        assert_eq!(row("tf.").to_string(), "TF.");
        for (text, message) in [
            ("", "a row has 1 to 64 cells, got 0"),
            ("T.X", "unknown character 'X' at cell 3"),
            (&".".repeat(65), "a row has at most 64 cells"),
        ] {
            let error = text.parse::<ToadsFrogs>().unwrap_err();
            assert!(error.message.starts_with(message), "{text}: {error}");
            assert_eq!(error.location.token.as_deref(), Some(text));
        }
        assert!(ToadsFrogs::new(3, 0b1, 0b1).is_err());
        assert!(ToadsFrogs::new(3, 0b1000, 0).is_err());
    }

    #[test]
    fn toads_slide_and_jump_right_frogs_left() {
        let position = row("T.TF.F");
        let moves =
            |side| -> Vec<String> { position.moves(side).iter().map(Step::to_string).collect() };
        assert_eq!(moves(Player::Left), ["1-2", "3-5"]);
        assert_eq!(moves(Player::Right), ["4-2", "6-5"]);
        assert_eq!(texts(&position.left_options()), [".TTF.F", "T..FTF"]);
        assert_eq!(texts(&position.right_options()), ["TFT..F", "T.TFF."]);
        let play = |side, text: &str| position.play(side, &text.parse().unwrap());
        assert_eq!(
            play(Player::Left, "4-2").unwrap_err().to_string(),
            "illegal move 4-2: Left moves Toads to the right"
        );
        assert!(play(Player::Left, "3-4")
            .unwrap_err()
            .to_string()
            .contains("jumps one piece"));
        assert!(play(Player::Right, "5-4")
            .unwrap_err()
            .to_string()
            .contains("no Frog on cell 5"));
        assert!(play(Player::Right, "9-8")
            .unwrap_err()
            .to_string()
            .contains("6 cells"));
        // A Toad never jumps a Toad, nor two Frogs.
        assert_eq!(row("TT.").moves(Player::Left).len(), 1);
        assert!(row("TFF.").moves(Player::Left).is_empty());
    }

    #[test]
    fn a_picture_numbers_the_cells() {
        assert_eq!(row("T.F").draw(), "  1  2  3\n  T  .  F\n");
    }

    #[test]
    fn frozen_pieces_and_one_sided_runs_split_the_row() {
        // Frogs at the left end, Toads at the right end and a TTFF block are frozen.
        assert_eq!(row("FF.T.TTFF.F.T.TT").frozen(), 0b1100_0001_1110_0011);
        assert_eq!(
            texts(&row("FF.T.TTFF.F.T.TT").components()),
            ["T.", ".F", "T."]
        );
        // A Frog left of every Toad never meets one.
        assert_eq!(texts(&row("..F..T..").components()), ["..F", "T.."]);
        // A Toad before a Frog: one part, nothing trimmed.
        assert_eq!(texts(&row(".T.F.").components()), [".T.F."]);
        // Nobody can move: nothing left.
        assert!(row("FT").components().is_empty());
        assert!(row("TF").components().is_empty());
        check_components(&row("TT.FF.T..F")).unwrap();
    }

    /// Every row of at most `max` cells.
    fn every_row(max: usize) -> impl Iterator<Item = ToadsFrogs> {
        (1..=max).flat_map(|length| {
            (0..3usize.pow(length as u32)).map(move |mut code| {
                let (mut toads, mut frogs) = (0, 0);
                for i in 0..length {
                    match code % 3 {
                        1 => toads |= 1u64 << i,
                        2 => frogs |= 1u64 << i,
                        _ => {}
                    }
                    code /= 3;
                }
                ToadsFrogs::new(length, toads, frogs).unwrap()
            })
        })
    }

    /// The options of every row of up to 9 cells are those of its parts: by induction on the
    /// rows (the parts are shorter rows, checked too), the parts are independent.
    #[test]
    fn components_partition_every_small_row() {
        for position in every_row(9) {
            check_components(&position).unwrap();
            check_options_partition(&position).unwrap();
        }
    }

    /// Every row of up to 8 cells has the outcome of the sum of its parts.
    #[test]
    fn components_have_the_outcome_of_every_small_row() {
        for position in every_row(8) {
            check_outcome_of_components(&position).unwrap();
        }
    }

    fn any_row() -> impl Strategy<Value = ToadsFrogs> {
        "[TF.]{1,64}".prop_map(|text| text.parse().unwrap())
    }

    proptest! {
        #[test]
        fn notation_round_trips(position in any_row()) {
            prop_assert_eq!(position.to_string().parse::<ToadsFrogs>().unwrap(), position);
        }

        #[test]
        fn listed_moves_are_legal_and_give_the_options(position in any_row()) {
            for side in [Player::Left, Player::Right] {
                let after: Vec<ToadsFrogs> = position
                    .moves(side)
                    .iter()
                    .map(|step| position.play(side, &step.to_string().parse().unwrap()).unwrap())
                    .collect();
                prop_assert_eq!(&after, &position.options(side));
                for next in after {
                    prop_assert_eq!(next.toads().count_ones(), position.toads().count_ones());
                    prop_assert_eq!(next.frogs().count_ones(), position.frogs().count_ones());
                    prop_assert_eq!(next.to_string().parse::<ToadsFrogs>().unwrap(), next);
                }
            }
        }

        #[test]
        fn components_partition_the_moves(position in any_row()) {
            prop_assert_eq!(check_components(&position), Ok(()));
            prop_assert_eq!(check_options_partition(&position), Ok(()));
        }

        #[test]
        fn no_text_panics(text in "[TtFf.]{0,70}|\\PC{0,20}") {
            if let Ok(position) = text.parse::<ToadsFrogs>() {
                prop_assert_eq!(position.to_string().parse::<ToadsFrogs>().unwrap(), position);
            }
            let _ = text.parse::<Step>();
        }
    }
}
