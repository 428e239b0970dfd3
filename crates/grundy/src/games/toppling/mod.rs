//! Toppling Dominoes (Fink, Nowakowski, Siegel and Wolfe; CGSuite's `TopplingDominoes`):
//! dominoes stand in a row, each Blue (`L`, Left's), Red (`R`, Right's) or Green (`G`,
//! either player's). A move topples one of your dominoes (Left: blue or green; Right: red or
//! green) to the left or to the right: it falls, and so does every domino on that side of
//! it in its row. The player who cannot move loses.
//!
//! # Notation
//!
//! A position is a strip of 1 to 64 cells, left to right, each a domino (`L`, `R`, `G`;
//! lower case is read too) or an empty place `.`: `LRG.LL`. A row is a run of dominoes
//! between empty places (or the ends): a falling domino stops at an empty place, so
//! `LRG.LL` is the sum of the rows `LRG` and `LL`, and `+` is read as an empty place
//! (`LRG+LL` is `LRG.LL`). A toppled domino leaves an empty place, so the strip keeps its
//! cells and the cells keep their numbers through a game. A move is the cell of the domino,
//! numbered from 1 at the left, and the way it falls: `3<` topples the domino of cell 3 and
//! every domino left of it in its row, `5>` the domino of cell 5 and every domino right of
//! it. A domino with no neighbour on one side (a lone domino, or one at the end of its row)
//! still falls that way, taking only itself; a lone domino's two moves give the same
//! position.
//!
//! CGSuite's strip (`TopplingDominoes("lrlrreelr")`, `e` its grey) clears every cell on the
//! toppled side of the whole strip, empty or not; the two agree on every strip without an
//! empty place between dominoes, and a CGSuite sum of rows `A + B` is `A.B` here.
//!
//! ```
//! use grundy::games::toppling::{Topple, Toppling};
//! use grundy::partizan::PartizanGame;
//! use grundy::player::Player;
//!
//! let strip: Toppling = "LRG".parse().unwrap();
//! let moves: Vec<String> = strip.moves(Player::Left).iter().map(Topple::to_string).collect();
//! assert_eq!(moves, ["1<", "1>", "3<", "3>"]);
//! let after = strip.play(Player::Left, &"3>".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), "LR.");
//! let after = after.play(Player::Right, &"2<".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), "...");
//! ```
//!
//! # Components
//!
//! Each row is a component, cropped to its dominoes. A row and its mirror image have the
//! same game tree (a topple to the left in one is a topple to the right in the other, by
//! the same player), so a row is kept as the smaller of the two; swapping the colours
//! negates a row, which is offered as its negative.

mod components;
pub mod entry;
#[cfg(test)]
mod golden;
pub mod topple;

use crate::drawing::{Board, Layout, Mark, Owner};
use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, RuleError};
use crate::grid::bits;
use crate::grid::{low_bits, MAX_CELLS};
use crate::partizan::PartizanGame;
use crate::player::Player;
use crate::position::PartizanPosition;
pub use topple::{Topple, Way};

/// What a cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Domino {
    /// A blue domino: Left's.
    Blue,
    /// A red domino: Right's.
    Red,
    /// A green domino: either player's.
    Green,
}

/// A strip of Toppling Dominoes: its length (1 to 64) and, one bit per cell (cell `i` from
/// the left is bit `i`), the dominoes Left may topple (blue and green) and those Right may
/// topple (red and green); a cell in both is green, in neither empty. Bits past the strip
/// are always 0, so derived equality and hashing are the position's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Toppling {
    length: u8,
    left: u64,
    right: u64,
}

impl Toppling {
    /// A strip of `length` cells whose dominoes Left may topple are `left` and those Right
    /// may topple `right` (bit `i` is cell `i` from the left; a cell in both is green), or an
    /// error when the length is not 1 to 64 or a domino lies past the strip.
    pub fn new(length: usize, left: u64, right: u64) -> Result<Self, ParseError> {
        if !(1..=MAX_CELLS).contains(&length) {
            return Err(ParseError::new(format!(
                "a strip has 1 to {MAX_CELLS} cells, got {length}"
            )));
        }
        if (left | right) & !low_bits(length) != 0 {
            return Err(ParseError::new(format!(
                "a domino lies past the {length} cells"
            )));
        }
        Ok(Toppling {
            length: length as u8,
            left,
            right,
        })
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        usize::from(self.length)
    }

    /// Always false: a strip has at least one cell (for symmetry with [`Toppling::len`]).
    pub fn is_empty(&self) -> bool {
        self.length == 0
    }

    /// The dominoes Left may topple (blue and green), one bit per cell.
    pub fn left(&self) -> u64 {
        self.left
    }

    /// The dominoes Right may topple (red and green), one bit per cell.
    pub fn right(&self) -> u64 {
        self.right
    }

    /// The cells holding a domino, one bit each.
    pub fn occupied(&self) -> u64 {
        self.left | self.right
    }

    /// The number of dominoes standing.
    pub fn dominoes(&self) -> u32 {
        self.occupied().count_ones()
    }

    /// What cell `index` (0-based) holds, `None` when it is empty or past the strip.
    pub fn domino(&self, index: usize) -> Option<Domino> {
        if index >= self.len() {
            return None;
        }
        let bit = 1u64 << index;
        match (self.left & bit != 0, self.right & bit != 0) {
            (true, true) => Some(Domino::Green),
            (true, false) => Some(Domino::Blue),
            (false, true) => Some(Domino::Red),
            (false, false) => None,
        }
    }

    /// The first and last cells (0-based) of the row of dominoes through `index`, which
    /// holds one.
    fn row_through(&self, index: usize) -> (usize, usize) {
        // The empty cells of the strip (and every place past it), below and above `index`:
        // the row runs from just after the nearest one below to just before the nearest
        // one above.
        let empty = !self.occupied();
        let below = empty & low_bits(index);
        let first = match below {
            0 => 0,
            _ => 64 - below.leading_zeros() as usize,
        };
        let above = empty & !low_bits(index + 1);
        let last = match above {
            0 => 63,
            _ => above.trailing_zeros() as usize - 1,
        };
        (first, last)
    }

    /// The strip after `topple` (the caller checked that a domino stands on its cell).
    fn toppled(&self, topple: &Topple) -> Self {
        let (first, last) = self.row_through(topple.cell);
        let (from, to) = match topple.way {
            Way::Left => (first, topple.cell),
            Way::Right => (topple.cell, last),
        };
        let fallen = low_bits(to + 1) & !low_bits(from);
        Toppling {
            length: self.length,
            left: self.left & !fallen,
            right: self.right & !fallen,
        }
    }

    /// Cells `start..end` as a strip of their own (the caller keeps `start < end ≤ len`).
    fn slice(&self, start: usize, end: usize) -> Self {
        let keep = low_bits(end - start);
        Toppling {
            length: (end - start) as u8,
            left: (self.left >> start) & keep,
            right: (self.right >> start) & keep,
        }
    }

    /// The strip read right to left.
    fn mirrored(&self) -> Self {
        let flip = |mask: u64| mask.reverse_bits() >> (64 - self.len());
        Toppling {
            length: self.length,
            left: flip(self.left),
            right: flip(self.right),
        }
    }

    /// The strip with blue and red swapped (green stays green): its negative.
    fn swapped(&self) -> Self {
        Toppling {
            length: self.length,
            left: self.right,
            right: self.left,
        }
    }

    /// The strips after each move of `side`, in the order of [`PartizanGame::moves`]: each
    /// of the mover's dominoes from the left, toppled left then right. Made in one list,
    /// without listing the moves first: the remoteness search asks for the options of every
    /// position it visits.
    fn options_of(&self, side: Player) -> Vec<Self> {
        let mine = match side {
            Player::Left => self.left,
            Player::Right => self.right,
        };
        let mut options = Vec::with_capacity(2 * mine.count_ones() as usize);
        for cell in bits(mine) {
            for way in [Way::Left, Way::Right] {
                options.push(self.toppled(&Topple::new(cell, way)));
            }
        }
        options
    }

    /// The rows, each cropped and in its normal form (see the module documentation).
    pub fn components(&self) -> Vec<Self> {
        components::components(self)
    }
}

impl fmt::Display for Toppling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..self.len() {
            f.write_str(match self.domino(i) {
                Some(Domino::Blue) => "L",
                Some(Domino::Red) => "R",
                Some(Domino::Green) => "G",
                None => ".",
            })?;
        }
        Ok(())
    }
}

impl FromStr for Toppling {
    type Err = ParseError;

    /// Reads the strip: `L`, `R`, `G` (or `l`, `r`, `g`), `.` and `+` (an empty place),
    /// 1 to 64 cells.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let (mut left, mut right) = (0u64, 0u64);
        let mut length = 0;
        for (index, c) in text.chars().enumerate() {
            if index >= MAX_CELLS {
                return Err(ParseError::at_token(
                    format!("a strip has at most {MAX_CELLS} cells"),
                    text,
                ));
            }
            let bit = 1u64 << index;
            match c {
                'L' | 'l' => left |= bit,
                'R' | 'r' => right |= bit,
                'G' | 'g' => {
                    left |= bit;
                    right |= bit;
                }
                '.' | '+' => {}
                _ => return Err(ParseError::at_token(
                    format!(
                        "unknown character {c:?} at cell {} (cells are 'L', 'R', 'G', '.' and '+')",
                        index + 1
                    ),
                    text,
                )
                .with_column(index + 1)),
            }
            length = index + 1;
        }
        Toppling::new(length, left, right).map_err(|error| error.with_token(text))
    }
}

impl PartizanPosition for Toppling {
    fn left_options(&self) -> Vec<Self> {
        self.options_of(Player::Left)
    }

    fn right_options(&self) -> Vec<Self> {
        self.options_of(Player::Right)
    }

    fn components(&self) -> Vec<Self> {
        Toppling::components(self)
    }

    /// Blue and red swapped.
    fn negative(&self) -> Option<Self> {
        Some(components::normalise(self.swapped()))
    }
}

impl PartizanGame for Toppling {
    /// The strip: blue dominoes (Left's), red (Right's) and green (either's).
    fn board(&self) -> Option<Board> {
        let cells = (0..self.len())
            .map(|index| match self.domino(index) {
                Some(Domino::Blue) => Mark::Domino(Owner::Left, 'L'),
                Some(Domino::Red) => Mark::Domino(Owner::Right, 'R'),
                Some(Domino::Green) => Mark::Domino(Owner::Either, 'G'),
                None => Mark::Empty,
            })
            .collect();
        Some(Board {
            layout: Layout::Strip { cells },
            pieces: ["blue and green dominoes", "red and green dominoes"],
        })
    }

    type Move = Topple;

    /// A hundredth of the shared budget: the value of a strip comes from its rows, each
    /// valued at once (a row has only as many positions as intervals), while the remoteness
    /// does not split over the rows, so a sum of five or six rows met the shared budget of
    /// 200 000 positions and spent 95 % of `grundy solve`'s time failing to finish
    /// (docs/benchmarks.md, Toppling Dominoes). Bounded here, the search stays below the
    /// valuation's cost on every strip of the cgt-tools comparison, and still finishes on
    /// a row of 64 and on small sums.
    const REMOTENESS_NODES: usize = 2_000;

    /// A hundredth of the shared budget, as for the positions.
    const REMOTENESS_OPTIONS: usize = 40_000;

    /// Every move of `side`: its dominoes from the left, each toppled left then right.
    fn moves(&self, side: Player) -> Vec<Topple> {
        let mine = match side {
            Player::Left => self.left,
            Player::Right => self.right,
        };
        bits(mine)
            .flat_map(|cell| [Topple::new(cell, Way::Left), Topple::new(cell, Way::Right)])
            .collect()
    }

    /// The strip after `topple`, or why `side` may not make it.
    fn play(&self, side: Player, topple: &Topple) -> Result<Self, RuleError> {
        if topple.cell >= self.len() {
            return Err(RuleError::new(
                topple,
                format!("the strip has {} cells", self.len()),
            ));
        }
        let reason = match (self.domino(topple.cell), side) {
            (None, _) => format!("there is no domino on cell {}", topple.cell + 1),
            (Some(Domino::Red), Player::Left) => {
                format!("the domino on cell {} is red: Right's", topple.cell + 1)
            }
            (Some(Domino::Blue), Player::Right) => {
                format!("the domino on cell {} is blue: Left's", topple.cell + 1)
            }
            _ => return Ok(self.toppled(topple)),
        };
        Err(RuleError::new(topple, reason))
    }

}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::cgt::Dyadic;
    use crate::partizan::solver::PartizanSolver;
    use crate::partizan::{check_components, check_options_partition, check_outcome_of_components};
    use crate::position::PartizanPosition;
    use proptest::prelude::*;

    fn strip(text: &str) -> Toppling {
        text.parse().unwrap()
    }

    fn texts(strips: &[Toppling]) -> Vec<String> {
        strips.iter().map(Toppling::to_string).collect()
    }

    #[test]
    fn strips_read_back() {
        for text in ["LRG.LL", ".", "G", "R.L", &"LR".repeat(32)] {
            assert_eq!(strip(text).to_string(), text);
        }
        assert_eq!(strip("lrg+").to_string(), "LRG.");
        assert_eq!(strip("LL+RR").to_string(), "LL.RR");
        for (text, message) in [
            ("", "a strip has 1 to 64 cells, got 0"),
            ("LRX", "unknown character 'X' at cell 3"),
            ("L R", "unknown character ' ' at cell 2"),
            (&"L".repeat(65), "a strip has at most 64 cells"),
        ] {
            let error = text.parse::<Toppling>().unwrap_err();
            assert!(error.message.starts_with(message), "{text}: {error}");
            assert_eq!(error.location.token.as_deref(), Some(text));
        }
        assert!(Toppling::new(3, 0b1000, 0).is_err());
        assert!(Toppling::new(0, 0, 0).is_err());
        assert!(Toppling::new(65, 0, 0).is_err());
    }

    #[test]
    fn a_domino_takes_its_row_on_one_side_and_stops_at_a_gap() {
        let position = strip("LRG.GL");
        let moves =
            |side| -> Vec<String> { position.moves(side).iter().map(Topple::to_string).collect() };
        assert_eq!(
            moves(Player::Left),
            ["1<", "1>", "3<", "3>", "5<", "5>", "6<", "6>"]
        );
        assert_eq!(moves(Player::Right), ["2<", "2>", "3<", "3>", "5<", "5>"]);
        assert_eq!(
            texts(&position.left_options()),
            [".RG.GL", "....GL", "....GL", "LR..GL", "LRG..L", "LRG...", "LRG...", "LRG.G."]
        );
        let play = |side, text: &str| position.play(side, &text.parse().unwrap());
        assert_eq!(
            play(Player::Left, "2<").unwrap_err().to_string(),
            "illegal move 2<: the domino on cell 2 is red: Right's"
        );
        assert!(play(Player::Right, "1>")
            .unwrap_err()
            .to_string()
            .contains("blue: Left's"));
        assert!(play(Player::Right, "4>")
            .unwrap_err()
            .to_string()
            .contains("no domino on cell 4"));
        assert!(play(Player::Left, "9<")
            .unwrap_err()
            .to_string()
            .contains("6 cells"));
        assert!(strip("...").moves(Player::Left).is_empty());
    }

    #[test]
    fn a_picture_numbers_the_cells() {
        assert_eq!(strip("LG.").draw(), "  1  2  3\n  L  G  .\n");
    }

    #[test]
    fn rows_are_the_components_each_read_one_way() {
        assert_eq!(texts(&strip("..LR.RL.G").components()), ["LR", "LR", "G"]);
        assert_eq!(texts(&strip("RRL").components()), ["LRR"]);
        assert!(strip("....").components().is_empty());
        assert_eq!(
            strip("LLR").negative().unwrap().to_string(),
            strip("LRR").to_string()
        );
        check_components(&strip("LRG.GL..RRL")).unwrap();
    }

    /// Every strip of at most `max` cells.
    fn every_strip(max: usize) -> impl Iterator<Item = Toppling> {
        (1..=max).flat_map(|length| {
            (0..4usize.pow(length as u32)).map(move |mut code| {
                let (mut left, mut right) = (0, 0);
                for i in 0..length {
                    match code % 4 {
                        1 => left |= 1u64 << i,
                        2 => right |= 1u64 << i,
                        3 => {
                            left |= 1u64 << i;
                            right |= 1u64 << i;
                        }
                        _ => {}
                    }
                    code /= 4;
                }
                Toppling::new(length, left, right).unwrap()
            })
        })
    }

    /// The options of every strip of up to 7 cells are those of its rows.
    #[test]
    fn components_partition_every_small_strip() {
        for position in every_strip(7) {
            check_components(&position).unwrap();
            check_options_partition(&position).unwrap();
        }
    }

    /// The row through each domino, found from the empty cells' bits, is the one a walk
    /// cell by cell finds; and each strip's options, made in one list, are the strips its
    /// listed moves lead to, in their order: on every strip of up to 7 cells and on strips
    /// reaching both ends of 64 cells.
    #[test]
    fn rows_and_options_are_those_of_a_walk_along_the_strip() {
        let walked = |position: &Toppling, index: usize| {
            let standing = |i: usize| position.domino(i).is_some();
            let mut first = index;
            while first > 0 && standing(first - 1) {
                first -= 1;
            }
            let mut last = index;
            while last + 1 < position.len() && standing(last + 1) {
                last += 1;
            }
            (first, last)
        };
        let long = [
            "LR".repeat(32),
            format!("G{}", "L".repeat(62)) + "R",
            "L.".repeat(32),
        ];
        let long = long.iter().map(|text| strip(text));
        for position in every_strip(7).chain(long) {
            for index in bits(position.occupied()) {
                assert_eq!(
                    position.row_through(index),
                    walked(&position, index),
                    "{position} {index}"
                );
            }
            for side in [Player::Left, Player::Right] {
                let played: Vec<Toppling> = position
                    .moves(side)
                    .iter()
                    .map(|topple| position.play(side, topple).unwrap())
                    .collect();
                assert_eq!(position.options_of(side), played, "{position} {side}");
            }
        }
        assert_eq!(
            texts(&strip("LR.GL").options_of(Player::Right)),
            ["...GL", "L..GL", "LR..L", "LR..."]
        );
    }

    /// Every strip of up to 6 cells has the outcome of the sum of its rows.
    #[test]
    fn components_have_the_outcome_of_every_small_strip() {
        for position in every_strip(6) {
            check_outcome_of_components(&position).unwrap();
        }
    }

    fn any_strip() -> impl Strategy<Value = Toppling> {
        "[LRG.]{1,64}".prop_map(|text| text.parse().unwrap())
    }

    proptest! {
        #[test]
        fn notation_round_trips(position in any_strip()) {
            prop_assert_eq!(position.to_string().parse::<Toppling>().unwrap(), position);
        }

        #[test]
        fn listed_moves_are_legal_and_give_the_options(position in any_strip()) {
            for side in [Player::Left, Player::Right] {
                let after: Vec<Toppling> = position
                    .moves(side)
                    .iter()
                    .map(|topple| position.play(side, &topple.to_string().parse().unwrap()).unwrap())
                    .collect();
                prop_assert_eq!(&after, &position.options(side));
                for next in after {
                    prop_assert!(next.dominoes() < position.dominoes());
                    prop_assert_eq!(next.occupied() & !position.occupied(), 0);
                    prop_assert_eq!(next.to_string().parse::<Toppling>().unwrap(), next);
                }
            }
        }

        #[test]
        fn components_partition_the_moves(position in any_strip()) {
            prop_assert_eq!(check_components(&position), Ok(()));
            prop_assert_eq!(check_options_partition(&position), Ok(()));
        }

        /// The report's winning moves and the value-based best move, found from what each
        /// move changes, are those the options' own canonical values give (the way the
        /// report found them before).
        #[test]
        fn the_report_moves_are_those_of_the_options_values(
            position in "[LRG.]{1,30}".prop_map(|text| strip(&text)),
            stubborn in any::<bool>(),
        ) {
            let mut solver = PartizanSolver::<Toppling>::default();
            for side in [Player::Left, Player::Right] {
                let valued = solver.move_values(&position, side);
                let wins = solver.wins(&position, side);
                let winning: Vec<String> = valued
                    .iter()
                    .filter(|candidate| candidate.wins == wins)
                    .map(|candidate| candidate.mv.to_string())
                    .collect();
                let found: Vec<String> = solver
                    .winning_moves(&position, side)
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                prop_assert_eq!(&found, &winning, "{} {}", position, side);
                // The value-based rule, on the options' values (the exact search is not
                // asked, so the rule decides at any size).
                let any_wins = valued.iter().any(|candidate| candidate.wins);
                let mut best: Option<(String, (Dyadic, Dyadic))> = None;
                for candidate in valued.iter().filter(|candidate| candidate.wins == any_wins) {
                    let store = solver.store();
                    let mean = store.mean(candidate.value);
                    let temperature = store.temperature(candidate.value);
                    let for_mover = if side == Player::Left { mean } else { -mean };
                    let key = if any_wins && stubborn {
                        (temperature, for_mover)
                    } else if any_wins {
                        (for_mover, -temperature)
                    } else {
                        (for_mover, temperature)
                    };
                    if best.as_ref().map_or(true, |(_, kept)| key > *kept) {
                        best = Some((candidate.mv.to_string(), key));
                    }
                }
                let chosen = solver
                    .choose_by_value(&position, side, stubborn)
                    .map(|mv| mv.to_string());
                prop_assert_eq!(chosen, best.map(|(mv, _)| mv), "{} {}", position, side);
            }
        }

        #[test]
        fn no_text_panics(text in "[LlRrGg.+]{0,70}|\\PC{0,20}") {
            if let Ok(position) = text.parse::<Toppling>() {
                prop_assert_eq!(position.to_string().parse::<Toppling>().unwrap(), position);
            }
            let _ = text.parse::<Topple>();
        }
    }
}
