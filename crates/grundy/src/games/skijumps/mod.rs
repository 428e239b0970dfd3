//! Ski Jumps (Winning Ways, ch. 3): skiers on a slope of rows. Left's skiers ski to the
//! right (east), Right's to the left (west); the player who cannot move loses.
//!
//! A move is one of the mover's skiers:
//!
//! - sliding along its row, one or more cells, to an empty cell, passing only empty cells;
//! - sliding off the board, when every cell between it and its edge (the right edge for
//!   Left, the left one for Right) is empty: the skier leaves the game;
//! - or, for a *jumper*, jumping over an opponent's skier directly below it. **The landing
//!   rule:** the jumper lands on the cell directly below the skier jumped over, which must be
//!   on the board and empty (no jump off the bottom row, none onto a skier); the skier jumped
//!   over becomes a *slipper*, which slides as before but never jumps again.
//!
//! # Notation
//!
//! A position is its rows from top to bottom separated by `/`, each cell `.` (empty), `L`
//! or `l` (a jumper or a slipper of Left's), `R` or `r` (of Right's): `...L..../..R.....`.
//! Rows are equally long; a board has at most 64 cells.
//!
//! A move is the skier's cell and where it goes joined by `-`, columns as letters from `a`
//! at the left and rows as numbers from `1` at the top: a slide `d1-f1`, a slide off the
//! edge `d1-off`, a jump `c1-c3` (two rows down).
//!
//! ```
//! use grundy::games::skijumps::SkiJumps;
//! use grundy::partizan::PartizanGame;
//! use grundy::player::Player;
//!
//! let slope: SkiJumps = "L../R../...".parse().unwrap();
//! let moves: Vec<String> = slope.moves(Player::Left).iter().map(|mv| mv.to_string()).collect();
//! assert_eq!(moves, ["a1-b1", "a1-c1", "a1-off", "a1-a3"]);
//! let after = slope.play(Player::Left, &"a1-a3".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), ".../r../L..");
//! ```
//!
//! # Components
//!
//! The whole board is one component (skiers of different rows meet through jumps); a board
//! where neither player can move is none.

pub mod entry;
pub mod run;

use std::fmt;
use std::str::FromStr;

pub use run::Run;

use crate::error::{ParseError, RuleError};
use crate::grid::cell::{column_name, Cell};
use crate::grid::{bits, parse_rows, Geometry};
use crate::partizan::{oracle, PartizanGame};
use crate::player::Player;
use crate::position::PartizanPosition;

/// A Ski Jumps position: the board's shape and, for each player (Left first), one bit per
/// cell for its jumpers and one for its slippers (see [`crate::grid`]). Bits outside the
/// board are always 0, so derived equality and hashing are the position's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SkiJumps {
    geometry: Geometry,
    jumpers: [u64; 2],
    slippers: [u64; 2],
}

/// The index of `side`'s bitboards.
fn index(side: Player) -> usize {
    match side {
        Player::Left => 0,
        Player::Right => 1,
    }
}

/// The characters of the notation: empty, then Left's jumper and slipper, then Right's.
const CELLS: [char; 5] = ['.', 'L', 'l', 'R', 'r'];

impl SkiJumps {
    /// A board of the given shape with each player's (Left first) jumpers and slippers, or
    /// an error when a skier is off the board or a cell holds two.
    pub fn new(
        geometry: Geometry,
        jumpers: [u64; 2],
        slippers: [u64; 2],
    ) -> Result<Self, ParseError> {
        let all = [jumpers[0], jumpers[1], slippers[0], slippers[1]];
        if all.iter().any(|mask| mask & !geometry.all() != 0) {
            return Err(ParseError::new("a skier lies off the board"));
        }
        let mut seen = 0u64;
        for mask in all {
            if seen & mask != 0 {
                return Err(ParseError::new("a cell holds two skiers"));
            }
            seen |= mask;
        }
        Ok(SkiJumps {
            geometry,
            jumpers,
            slippers,
        })
    }

    /// The board's shape.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The skiers of `side`, jumpers and slippers, one bit per cell.
    pub fn skiers(&self, side: Player) -> u64 {
        self.jumpers[index(side)] | self.slippers[index(side)]
    }

    /// Every skier's cell, of either player.
    fn occupied(&self) -> u64 {
        self.skiers(Player::Left) | self.skiers(Player::Right)
    }

    /// The skier on `cell`: whose, and whether it is a jumper (`None` when the cell is
    /// empty or off the board).
    pub fn skier(&self, cell: Cell) -> Option<(Player, bool)> {
        if !self.geometry.contains(cell.column, cell.row) {
            return None;
        }
        let bit = self.geometry.bit(cell.column, cell.row);
        [Player::Left, Player::Right].into_iter().find_map(|side| {
            if self.jumpers[index(side)] & bit != 0 {
                Some((side, true))
            } else if self.slippers[index(side)] & bit != 0 {
                Some((side, false))
            } else {
                None
            }
        })
    }

    /// Whether `cell` is on the board and empty.
    fn is_empty(&self, cell: Cell) -> bool {
        self.geometry.contains(cell.column, cell.row)
            && self.occupied() & self.geometry.bit(cell.column, cell.row) == 0
    }

    /// The cells `side`'s skier on `from` passes sliding toward its edge, nearest first,
    /// up to the edge (`None` for the edge itself): the cells of its row beyond it.
    fn ahead(&self, side: Player, from: Cell) -> Vec<Cell> {
        match side {
            Player::Left => (from.column + 1..self.geometry.width())
                .map(|column| Cell::new(column, from.row))
                .collect(),
            Player::Right => (0..from.column)
                .rev()
                .map(|column| Cell::new(column, from.row))
                .collect(),
        }
    }

    /// Every move of `side` with the position it leads to, skier by skier in cell order;
    /// a skier's slides nearest first, then off the edge, then its jump.
    fn runs(&self, side: Player) -> Vec<(Run, SkiJumps)> {
        let mut runs = Vec::new();
        for bit in bits(self.skiers(side)) {
            let (column, row) = self.geometry.cell_of(bit);
            let from = Cell::new(column, row);
            let mut clear = true;
            for to in self.ahead(side, from) {
                if !self.is_empty(to) {
                    clear = false;
                    break;
                }
                runs.push((Run::Slide { from, to }, self.slid(from, Some(to))));
            }
            if clear {
                runs.push((Run::Off { from }, self.slid(from, None)));
            }
            if self.jumpers[index(side)] >> bit & 1 == 1 && self.jump_blocked(side, from).is_none()
            {
                runs.push((Run::Jump { from }, self.jumped(side, from)));
            }
        }
        runs
    }

    /// The board after the skier on `from` slides to `to` (off the board for `None`).
    fn slid(&self, from: Cell, to: Option<Cell>) -> SkiJumps {
        let from = self.geometry.bit(from.column, from.row);
        let to = to.map_or(0, |to| self.geometry.bit(to.column, to.row));
        let mut next = *self;
        for mask in next.jumpers.iter_mut().chain(next.slippers.iter_mut()) {
            if *mask & from != 0 {
                *mask = (*mask & !from) | to;
            }
        }
        next
    }

    /// Why `side`'s jumper on `from` may not jump, or `None` when it may (the landing rule:
    /// an opponent's skier directly below, and the cell below that on the board and empty).
    fn jump_blocked(&self, side: Player, from: Cell) -> Option<String> {
        let below = Cell::new(from.column, from.row + 1);
        let landing = Cell::new(from.column, from.row + 2);
        match self.skier(below) {
            Some((owner, _)) if owner == side.opponent() => {}
            _ => return Some(format!("no skier of {}'s is below {from}", side.opponent())),
        }
        if !self.geometry.contains(landing.column, landing.row) {
            return Some(format!("the landing cell {landing} is off the board"));
        }
        if !self.is_empty(landing) {
            return Some(format!("the landing cell {landing} is not empty"));
        }
        None
    }

    /// The board after `side`'s jumper on `from` jumps: it lands two rows down, and the
    /// skier jumped over becomes a slipper.
    fn jumped(&self, side: Player, from: Cell) -> SkiJumps {
        let bit = |row| self.geometry.bit(from.column, row);
        let (own, theirs) = (index(side), index(side.opponent()));
        let mut next = *self;
        next.jumpers[own] = (next.jumpers[own] & !bit(from.row)) | bit(from.row + 2);
        let over = bit(from.row + 1);
        if next.jumpers[theirs] & over != 0 {
            next.jumpers[theirs] &= !over;
            next.slippers[theirs] |= over;
        }
        next
    }

    /// The positions after each move of `side`, in the order of [`PartizanGame::moves`].
    fn after_each_move(&self, side: Player) -> Vec<SkiJumps> {
        self.runs(side)
            .into_iter()
            .map(|(_, after)| after)
            .collect()
    }
}

impl fmt::Display for SkiJumps {
    /// The rows, top first, joined by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.geometry.height() {
            if row > 0 {
                f.write_str("/")?;
            }
            for column in 0..self.geometry.width() {
                let c = match self.skier(Cell::new(column, row)) {
                    None => '.',
                    Some((Player::Left, true)) => 'L',
                    Some((Player::Left, false)) => 'l',
                    Some((Player::Right, true)) => 'R',
                    Some((Player::Right, false)) => 'r',
                };
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for SkiJumps {
    type Err = ParseError;

    /// Reads rows of `.`, `L`, `l`, `R` and `r` joined by `/`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let rows = parse_rows(
            text,
            &CELLS,
            "Ski Jumps cells are '.', 'L', 'l', 'R' and 'r'",
        )?;
        let (mut jumpers, mut slippers) = ([0u64; 2], [0u64; 2]);
        for (bit, c) in rows.cells.iter().enumerate() {
            match c {
                'L' => jumpers[0] |= 1 << bit,
                'l' => slippers[0] |= 1 << bit,
                'R' => jumpers[1] |= 1 << bit,
                'r' => slippers[1] |= 1 << bit,
                _ => {}
            }
        }
        SkiJumps::new(rows.geometry, jumpers, slippers).map_err(|error| error.with_token(text))
    }
}

impl PartizanPosition for SkiJumps {
    fn left_options(&self) -> Vec<Self> {
        self.after_each_move(Player::Left)
    }

    fn right_options(&self) -> Vec<Self> {
        self.after_each_move(Player::Right)
    }

    /// The whole board, unless neither player can move.
    fn components(&self) -> Vec<Self> {
        if self.runs(Player::Left).is_empty() && self.runs(Player::Right).is_empty() {
            Vec::new()
        } else {
            vec![*self]
        }
    }
}

impl PartizanGame for SkiJumps {
    type Move = Run;

    /// Every move of `side`: skier by skier in cell order (rows top first), a skier's slides
    /// nearest first, then off the edge, then its jump.
    fn moves(&self, side: Player) -> Vec<Run> {
        self.runs(side).into_iter().map(|(run, _)| run).collect()
    }

    /// The board after `run`, or why `side` may not make it.
    fn play(&self, side: Player, run: &Run) -> Result<Self, RuleError> {
        let from = run.from();
        let refuse = |why: String| Err(RuleError::new(run, why));
        if !self.geometry.contains(from.column, from.row) {
            return refuse(format!(
                "{from} is off the {}x{} board",
                self.geometry.width(),
                self.geometry.height()
            ));
        }
        let Some((owner, jumper)) = self.skier(from).filter(|(owner, _)| *owner == side) else {
            return refuse(format!("{from} holds no skier of {side}'s"));
        };
        debug_assert_eq!(owner, side);
        match *run {
            Run::Slide { to, .. } => {
                let ahead = self.ahead(side, from);
                let Some(distance) = ahead.iter().position(|cell| *cell == to) else {
                    return refuse(match side {
                        Player::Left => format!(
                            "{to} is not to the right of {from} on the board: Left slides right"
                        ),
                        Player::Right => format!(
                            "{to} is not to the left of {from} on the board: Right slides left"
                        ),
                    });
                };
                if let Some(blocked) = ahead[..=distance]
                    .iter()
                    .find(|cell| !self.is_empty(**cell))
                {
                    return refuse(format!("the way to {to} is blocked at {blocked}"));
                }
                Ok(self.slid(from, Some(to)))
            }
            Run::Off { .. } => {
                if let Some(blocked) = self
                    .ahead(side, from)
                    .into_iter()
                    .find(|cell| !self.is_empty(*cell))
                {
                    return refuse(format!("the way off the board is blocked at {blocked}"));
                }
                Ok(self.slid(from, None))
            }
            Run::Jump { .. } => {
                if !jumper {
                    return refuse(format!(
                        "the skier on {from} is a slipper, which never jumps"
                    ));
                }
                if let Some(why) = self.jump_blocked(side, from) {
                    return refuse(why);
                }
                Ok(self.jumped(side, from))
            }
        }
    }

    /// A picture for a terminal: column letters on top, row numbers on the left, the cells
    /// as in the notation.
    fn draw(&self) -> String {
        let width = self.geometry.width();
        let mut picture = String::from(" ");
        for column in 0..width {
            picture.push(' ');
            picture.push_str(&column_name(column));
        }
        picture.push('\n');
        let text = self.to_string();
        for (row, cells) in text.split('/').enumerate() {
            picture.push_str(&(row + 1).to_string());
            for c in cells.chars() {
                picture.push(' ');
                picture.push(c);
            }
            picture.push('\n');
        }
        picture
    }
}

/// Whether Left wins `position` moving first, by memoised brute force (a test oracle).
pub fn left_wins_moving_first(position: &SkiJumps) -> bool {
    oracle::left_wins_moving_first(position)
}

/// Whether Right wins `position` moving first, by memoised brute force (a test oracle).
pub fn right_wins_moving_first(position: &SkiJumps) -> bool {
    oracle::right_wins_moving_first(position)
}

#[cfg(test)]
mod golden;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::partizan::{check_components, check_options_partition, check_outcome_of_components};
    use proptest::prelude::*;

    fn slope(text: &str) -> SkiJumps {
        text.parse().unwrap()
    }

    fn moves(position: &SkiJumps, side: Player) -> Vec<String> {
        position.moves(side).iter().map(Run::to_string).collect()
    }

    #[test]
    fn slopes_read_back() {
        for text in [
            "L",
            "...L..../..R.....",
            "Ll.rR/...../.....",
            &"L.".repeat(32),
        ] {
            assert_eq!(slope(text).to_string(), text);
        }
        for (text, message) in [
            ("L./R", "row 2 has 1 cells but the first row has 2"),
            ("Lx", "unknown character 'x' in row 1, column 2"),
            ("", "row 1 is empty"),
            (&".".repeat(65), "the board has more than 64 cells"),
        ] {
            let error = text.parse::<SkiJumps>().unwrap_err();
            assert!(error.message.starts_with(message), "{text}: {error}");
        }
        let geometry = Geometry::new(2, 1).unwrap();
        assert!(SkiJumps::new(geometry, [0b1, 0b1], [0, 0]).is_err());
        assert!(SkiJumps::new(geometry, [0b100, 0], [0, 0]).is_err());
    }

    #[test]
    fn skiers_slide_toward_their_edge_and_jumpers_jump_down() {
        let position = slope(".L.R/.R../....");
        assert_eq!(moves(&position, Player::Left), ["b1-c1", "b1-b3"]);
        assert_eq!(
            moves(&position, Player::Right),
            ["d1-c1", "b2-a2", "b2-off"]
        );
        let play = |side, text: &str| position.play(side, &text.parse().unwrap());
        assert_eq!(
            play(Player::Left, "b1-b3").unwrap().to_string(),
            "...R/.r../.L.."
        );
        assert_eq!(
            play(Player::Right, "b2-off").unwrap().to_string(),
            ".L.R/..../...."
        );
        for (side, text, message) in [
            (
                Player::Left,
                "b1-d1",
                "illegal move b1-d1: the way to d1 is blocked at d1",
            ),
            (
                Player::Left,
                "b1-off",
                "illegal move b1-off: the way off the board is blocked at d1",
            ),
            (
                Player::Left,
                "b1-a1",
                "illegal move b1-a1: a1 is not to the right of b1 on the board: Left slides right",
            ),
            (
                Player::Right,
                "b1-c1",
                "illegal move b1-c1: b1 holds no skier of Right's",
            ),
            (
                Player::Right,
                "d1-d3",
                "illegal move d1-d3: no skier of Left's is below d1",
            ),
            (
                Player::Left,
                "e1-off",
                "illegal move e1-off: e1 is off the 4x3 board",
            ),
        ] {
            assert_eq!(play(side, text).unwrap_err().to_string(), message, "{text}");
        }
    }

    #[test]
    fn the_landing_cell_is_on_the_board_and_empty() {
        // No jump off the bottom row, none onto a skier.
        assert_eq!(moves(&slope("L/R"), Player::Left), ["a1-off"]);
        assert_eq!(moves(&slope("L/R/l"), Player::Left), ["a1-off", "a3-off"]);
        assert_eq!(
            slope("L/R/r")
                .play(Player::Left, &"a1-a3".parse().unwrap())
                .unwrap_err()
                .to_string(),
            "illegal move a1-a3: the landing cell a3 is not empty"
        );
        // A slipper never jumps, and a jumper jumped over becomes one.
        assert_eq!(moves(&slope("l./R./.."), Player::Left), ["a1-b1", "a1-off"]);
        let after = slope("L./R./..")
            .play(Player::Left, &"a1-a3".parse().unwrap())
            .unwrap();
        assert_eq!(after.to_string(), "../r./L.");
        assert_eq!(after.skier(Cell::new(0, 1)), Some((Player::Right, false)));
    }

    #[test]
    fn a_picture_has_coordinates() {
        assert_eq!(slope("L.r/.R.").draw(), "  a b c\n1 L . r\n2 . R .\n");
    }

    #[test]
    fn a_board_without_moves_has_no_component() {
        assert!(slope("LR/..").components().is_empty());
        assert!(slope("...").components().is_empty());
        assert_eq!(slope("L.R").components(), [slope("L.R")]);
    }

    /// Every board of up to 6 cells: the components check out, and the board has the
    /// outcome of their sum.
    #[test]
    fn components_check_out_on_every_small_board() {
        for (width, height) in [
            (1, 1),
            (2, 1),
            (3, 1),
            (1, 3),
            (2, 2),
            (3, 2),
            (2, 3),
            (1, 4),
        ] {
            let geometry = Geometry::new(width, height).unwrap();
            let cells = width * height;
            for mut code in 0..5usize.pow(cells as u32) {
                let (mut jumpers, mut slippers) = ([0u64; 2], [0u64; 2]);
                for bit in 0..cells {
                    match code % 5 {
                        1 => jumpers[0] |= 1 << bit,
                        2 => slippers[0] |= 1 << bit,
                        3 => jumpers[1] |= 1 << bit,
                        4 => slippers[1] |= 1 << bit,
                        _ => {}
                    }
                    code /= 5;
                }
                let position = SkiJumps::new(geometry, jumpers, slippers).unwrap();
                check_components(&position).unwrap();
                check_options_partition(&position).unwrap();
                check_outcome_of_components(&position).unwrap();
            }
        }
    }

    /// A random board of at most 20 cells.
    fn any_slope() -> impl Strategy<Value = SkiJumps> {
        (1usize..=5, 1usize..=4, prop::collection::vec(0usize..8, 20)).prop_map(
            |(width, height, codes)| {
                let geometry = Geometry::new(width, height).unwrap();
                let (mut jumpers, mut slippers) = ([0u64; 2], [0u64; 2]);
                for (bit, code) in codes.into_iter().take(width * height).enumerate() {
                    match code {
                        1 => jumpers[0] |= 1 << bit,
                        2 => slippers[0] |= 1 << bit,
                        3 => jumpers[1] |= 1 << bit,
                        4 => slippers[1] |= 1 << bit,
                        _ => {}
                    }
                }
                SkiJumps::new(geometry, jumpers, slippers).unwrap()
            },
        )
    }

    proptest! {
        #[test]
        fn notation_round_trips(position in any_slope()) {
            prop_assert_eq!(position.to_string().parse::<SkiJumps>().unwrap(), position);
        }

        #[test]
        fn listed_moves_are_legal_and_give_the_options(position in any_slope()) {
            for side in [Player::Left, Player::Right] {
                let after: Vec<SkiJumps> = position
                    .moves(side)
                    .iter()
                    .map(|run| position.play(side, &run.to_string().parse().unwrap()).unwrap())
                    .collect();
                prop_assert_eq!(&after, &position.options(side));
                for next in after {
                    prop_assert_eq!(
                        next.skiers(side.opponent()).count_ones(),
                        position.skiers(side.opponent()).count_ones()
                    );
                    prop_assert_eq!(next.to_string().parse::<SkiJumps>().unwrap(), next);
                }
            }
        }

        #[test]
        fn components_check_out(position in any_slope()) {
            prop_assert_eq!(check_components(&position), Ok(()));
            prop_assert_eq!(check_options_partition(&position), Ok(()));
        }

        #[test]
        fn no_text_panics(text in "[.LlRr/]{0,20}|\\PC{0,20}") {
            if let Ok(position) = text.parse::<SkiJumps>() {
                prop_assert_eq!(position.to_string().parse::<SkiJumps>().unwrap(), position);
            }
            let _ = text.parse::<Run>();
        }
    }
}
