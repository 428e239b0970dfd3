//! Partizan subtraction games (Fraenkel and Kotzig, 1987; CGSuite's `PartizanSubtraction`):
//! heaps of counters and two subtraction sets, one per player. Left takes from one heap an
//! amount in her set, Right an amount in his; the player who cannot move loses.
//!
//! # Notation
//!
//! Left's set, `|`, Right's set, `:`, then the heaps joined by `+`: `1,3|2,3:6` is one heap
//! of 6 from which Left may take 1 or 3 and Right 2 or 3; `1,3|2,3:6+4+9` has three heaps.
//! A set has at most [`MAX_SET`] amounts, each from 1 to [`MAX_AMOUNT`] (written in any
//! order, repeats ignored, shown in increasing order); a set may be empty (`|1:5`: Left has
//! no move). A heap holds at most [`MAX_HEAP`] counters, a position at most [`MAX_HEAPS`]
//! heaps; heaps of 0 are kept (so heap numbers never change during a game).
//!
//! A move is `heap:amount`, heaps numbered from 1 (`2:3`: take 3 from heap 2), or the
//! amount alone (`3`) in a position of one heap.
//!
//! ```
//! use grundy::games::psub::{PartizanSubtraction, Take};
//! use grundy::partizan::PartizanGame;
//! use grundy::player::Player;
//!
//! let game: PartizanSubtraction = "1,3|2,3:4".parse().unwrap();
//! assert_eq!(game.moves(Player::Left), [Take::new(None, 1), Take::new(None, 3)]);
//! let after = game.play(Player::Right, &"2".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), "1,3|2,3:2");
//! ```
//!
//! # Components
//!
//! Each heap is a component (a position of the same sets and that heap alone); a heap
//! smaller than every amount of both sets is left out (nobody can move in it).

mod components;
pub mod entry;
#[cfg(test)]
mod golden;
pub mod period;
pub mod take;

use std::fmt;
use std::str::FromStr;

pub use take::Take;
use crate::error::{ParseError, RuleError};
use crate::partizan::{oracle, PartizanGame};
use crate::position::PartizanPosition;
use crate::player::Player;

/// The most amounts in a subtraction set.
pub const MAX_SET: usize = 8;

/// The largest amount in a subtraction set.
pub const MAX_AMOUNT: u32 = 64;

/// The largest heap: a heap is valued by search through every smaller heap, so larger ones
/// are refused (a period observed in the values is not a proof, see [`period`]).
pub const MAX_HEAP: u32 = 10_000;

/// The most heaps in a position.
pub const MAX_HEAPS: usize = 64;

/// A partizan subtraction game: Left's and Right's subtraction sets (increasing, without
/// repeats) and the heaps.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PartizanSubtraction {
    left: Vec<u32>,
    right: Vec<u32>,
    heaps: Vec<u32>,
}

impl PartizanSubtraction {
    /// The game of the two sets and the heaps, or an error when a set or a heap is out of
    /// range (see the module documentation). The sets are sorted and repeats dropped.
    pub fn new(left: &[u32], right: &[u32], heaps: &[u32]) -> Result<Self, ParseError> {
        let left = subtraction_set(left)?;
        let right = subtraction_set(right)?;
        if heaps.is_empty() {
            return Err(ParseError::new("a position has at least one heap"));
        }
        if heaps.len() > MAX_HEAPS {
            return Err(ParseError::new(format!(
                "a position has at most {MAX_HEAPS} heaps, got {}",
                heaps.len()
            )));
        }
        if let Some(heap) = heaps.iter().find(|&&heap| heap > MAX_HEAP) {
            return Err(ParseError::new(format!(
                "a heap holds at most {MAX_HEAP} counters (larger heaps are not valued), got {heap}"
            ))
            .with_token(&heap.to_string()));
        }
        Ok(PartizanSubtraction {
            left,
            right,
            heaps: heaps.to_vec(),
        })
    }

    /// The subtraction set of `side`, increasing.
    pub fn set(&self, side: Player) -> &[u32] {
        match side {
            Player::Left => &self.left,
            Player::Right => &self.right,
        }
    }

    /// The heaps, in order.
    pub fn heaps(&self) -> &[u32] {
        &self.heaps
    }

    /// The same sets with other heaps (each at most [`MAX_HEAP`], at most [`MAX_HEAPS`] of
    /// them; at least one, but for the remoteness search's key, which may have none).
    pub fn with_heaps(&self, heaps: Vec<u32>) -> Self {
        PartizanSubtraction {
            left: self.left.clone(),
            right: self.right.clone(),
            heaps,
        }
    }

    /// The smallest amount either player may take, `None` when both sets are empty.
    pub fn least_amount(&self) -> Option<u32> {
        self.left.iter().chain(&self.right).copied().min()
    }

    /// Every move of `side` as (0-based heap, amount), by heap then amount.
    fn takes(&self, side: Player) -> impl Iterator<Item = (usize, u32)> + '_ {
        let set = self.set(side);
        self.heaps.iter().enumerate().flat_map(move |(index, &heap)| {
            set.iter()
                .take_while(move |&&amount| amount <= heap)
                .map(move |&amount| (index, amount))
        })
    }

    /// The position after `amount` is taken from heap `index` (which holds that many).
    fn taken(&self, index: usize, amount: u32) -> Self {
        let mut heaps = self.heaps.clone();
        heaps[index] -= amount;
        self.with_heaps(heaps)
    }

    /// The position after each move of `side`.
    fn options_of(&self, side: Player) -> Vec<Self> {
        self.takes(side)
            .map(|(index, amount)| self.taken(index, amount))
            .collect()
    }
}

/// A subtraction set checked and sorted.
fn subtraction_set(amounts: &[u32]) -> Result<Vec<u32>, ParseError> {
    if let Some(amount) = amounts
        .iter()
        .find(|&&amount| amount == 0 || amount > MAX_AMOUNT)
    {
        return Err(ParseError::new(format!(
            "an amount in a subtraction set is from 1 to {MAX_AMOUNT}, got {amount}"
        ))
        .with_token(&amount.to_string()));
    }
    let mut set = amounts.to_vec();
    set.sort_unstable();
    set.dedup();
    if set.len() > MAX_SET {
        return Err(ParseError::new(format!(
            "a subtraction set has at most {MAX_SET} amounts, got {}",
            set.len()
        )));
    }
    Ok(set)
}

/// The numbers of `items` joined by `separator`.
fn joined(items: &[u32], separator: &str) -> String {
    let texts: Vec<String> = items.iter().map(u32::to_string).collect();
    texts.join(separator)
}

impl fmt::Display for PartizanSubtraction {
    /// `1,3|2,3:6+4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}|{}:{}",
            joined(&self.left, ","),
            joined(&self.right, ","),
            joined(&self.heaps, "+")
        )
    }
}

/// The decimal number `digits`, from `min` to `max` (`what` names it), or an error naming
/// the token.
fn number(digits: &str, what: &str, min: u32, max: u32) -> Result<u32, ParseError> {
    let trimmed = digits.trim();
    let bad = || {
        ParseError::at_token(
            format!("{what} must be a whole number from {min} to {max}, got {trimmed:?}"),
            trimmed,
        )
    };
    if trimmed.is_empty() || !trimmed.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    // Digits beyond u32 are over every limit: say so with the limit.
    match trimmed.parse::<u32>() {
        Ok(value) if (min..=max).contains(&value) => Ok(value),
        Ok(value) if value < min => Err(bad()),
        _ => Err(ParseError::at_token(
            format!("{what} is at most {max}, got {trimmed}"),
            trimmed,
        )),
    }
}

/// A set written `1,3` (empty: no amounts).
fn parse_set(text: &str, whose: &str) -> Result<Vec<u32>, ParseError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let amounts = text
        .split(',')
        .map(|token| number(token, &format!("an amount of {whose} set"), 1, MAX_AMOUNT))
        .collect::<Result<Vec<u32>, ParseError>>()?;
    subtraction_set(&amounts).map_err(|error| error.with_token(text))
}

impl FromStr for PartizanSubtraction {
    type Err = ParseError;

    /// Reads `LEFT|RIGHT:HEAP+HEAP…` (`1,3|2,3:6+4`).
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        let (sets, heaps) = text.split_once(':').ok_or_else(|| {
            ParseError::at_token(
                "a position is LEFT|RIGHT:HEAPS, as in 1,3|2,3:6+4 (no ':' found)",
                text,
            )
        })?;
        let (left, right) = sets.split_once('|').ok_or_else(|| {
            ParseError::at_token(
                "the sets are written LEFT|RIGHT, as in 1,3|2,3 (no '|' found)",
                sets,
            )
        })?;
        let left = parse_set(left, "Left's")?;
        let right = parse_set(right, "Right's")?;
        let tokens: Vec<&str> = heaps.split('+').collect();
        if tokens.len() > MAX_HEAPS {
            return Err(ParseError::at_token(
                format!(
                    "a position has at most {MAX_HEAPS} heaps, got {}",
                    tokens.len()
                ),
                heaps,
            ));
        }
        let heaps = tokens
            .iter()
            .map(|token| number(token, "a heap", 0, MAX_HEAP))
            .collect::<Result<Vec<u32>, ParseError>>()?;
        PartizanSubtraction::new(&left, &right, &heaps).map_err(|error| error.with_token(text))
    }
}

impl PartizanPosition for PartizanSubtraction {
    fn left_options(&self) -> Vec<Self> {
        self.options_of(Player::Left)
    }

    fn right_options(&self) -> Vec<Self> {
        self.options_of(Player::Right)
    }

    fn components(&self) -> Vec<Self> {
        components::components(self)
    }

    /// The two sets and the heaps, with their allocations' headers.
    fn heap_bytes(&self) -> usize {
        (self.left.capacity() + self.right.capacity() + self.heaps.capacity())
            * std::mem::size_of::<u32>()
            + 3 * 16
    }
}

impl PartizanGame for PartizanSubtraction {
    type Move = Take;

    /// The heaps sorted, without those smaller than every amount of both sets (nobody can
    /// take from them): the order of the heaps only names the moves, so a sum of many heaps
    /// is searched once per multiset of heaps rather than once per order.
    fn remoteness_key(&self) -> Self {
        let least = self.least_amount().unwrap_or(u32::MAX);
        let mut heaps: Vec<u32> = self
            .heaps
            .iter()
            .copied()
            .filter(|&heap| heap >= least)
            .collect();
        heaps.sort_unstable();
        self.with_heaps(heaps)
    }

    /// Every move of `side`, by heap then amount; written without the heap when there is
    /// one heap.
    fn moves(&self, side: Player) -> Vec<Take> {
        let single = self.heaps.len() == 1;
        self.takes(side)
            .map(|(index, amount)| Take::new((!single).then_some(index), amount))
            .collect()
    }

    /// The position after `take`, or why `side` may not make it.
    fn play(&self, side: Player, take: &Take) -> Result<Self, RuleError> {
        let index = match take.heap {
            Some(index) if index < self.heaps.len() => index,
            Some(index) => {
                return Err(RuleError::new(
                    take,
                    format!(
                        "there is no heap {} (the position has {})",
                        index.saturating_add(1),
                        self.heaps.len()
                    ),
                ))
            }
            None if self.heaps.len() == 1 => 0,
            None => {
                return Err(RuleError::new(
                    take,
                    format!(
                        "the position has {} heaps: write heap:amount, as in 1:{}",
                        self.heaps.len(),
                        take.amount
                    ),
                ))
            }
        };
        let set = self.set(side);
        if !set.contains(&take.amount) {
            let may = if set.is_empty() {
                "nothing".to_string()
            } else {
                joined(set, ", ")
            };
            return Err(RuleError::new(take, format!("{side} may take {may}")));
        }
        let heap = self.heaps[index];
        if take.amount > heap {
            return Err(RuleError::new(
                take,
                format!("heap {} holds only {heap}", index + 1),
            ));
        }
        Ok(self.taken(index, take.amount))
    }

    /// The sets, then each heap as a number and a row of counters (up to 40).
    fn draw(&self) -> String {
        let set = |side: Player| {
            let set = self.set(side);
            if set.is_empty() {
                "nothing".to_string()
            } else {
                joined(set, ", ")
            }
        };
        let mut picture = format!(
            "Left takes {}; Right takes {}\n",
            set(Player::Left),
            set(Player::Right)
        );
        for (index, &heap) in self.heaps.iter().enumerate() {
            let shown = heap.min(40) as usize;
            let more = if heap > 40 { " …" } else { "" };
            picture.push_str(&format!(
                "heap {}: {heap:>5} {}{more}\n",
                index + 1,
                "o".repeat(shown)
            ));
        }
        picture
    }
}

/// Whether Left wins `position` moving first, by memoised brute force (a test oracle).
pub fn left_wins_moving_first(position: &PartizanSubtraction) -> bool {
    oracle::left_wins_moving_first(position)
}

/// Whether Right wins `position` moving first, by memoised brute force (a test oracle).
pub fn right_wins_moving_first(position: &PartizanSubtraction) -> bool {
    oracle::right_wins_moving_first(position)
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

    fn game(text: &str) -> PartizanSubtraction {
        text.parse().unwrap()
    }

    #[test]
    fn positions_read_back() {
        for text in [
            "1,3|2,3:6",
            "1,3|2,3:6+4+9",
            "|1:5",
            "1|:0",
            "|:3",
            "1,2,3,4,5,6,7,64|64:10000",
        ] {
            assert_eq!(game(text).to_string(), text);
        }
        assert_eq!(game(" 3,1,3 | 2 : 6 + 0 ").to_string(), "1,3|2:6+0");
        for (text, token) in [
            ("1,3|2,3", "1,3|2,3"),
            ("1,3:6", "1,3"),
            ("1,a|2:6", "a"),
            ("0|2:6", "0"),
            ("65|2:6", "65"),
            ("1|2:10001", "10001"),
            ("1|2:99999999999999", "99999999999999"),
            ("1|2:", ""),
            ("1|2:3++4", ""),
            ("1|2:-3", "-3"),
            ("1,2,3,4,5,6,7,8,9|1:3", "1,2,3,4,5,6,7,8,9"),
        ] {
            let error = text.parse::<PartizanSubtraction>().unwrap_err();
            assert_eq!(
                error.location.token.as_deref(),
                Some(token),
                "{text}: {error}"
            );
        }
        let many = format!("1|2:{}", vec!["1"; MAX_HEAPS + 1].join("+"));
        assert!(many.parse::<PartizanSubtraction>().is_err());
        assert!(PartizanSubtraction::new(&[1], &[2], &[]).is_err());
    }

    #[test]
    fn players_take_their_amounts() {
        let position = game("1,3|2,3:6+2");
        let moves = |side| -> Vec<String> {
            position.moves(side).iter().map(Take::to_string).collect()
        };
        assert_eq!(moves(Player::Left), ["1:1", "1:3", "2:1"]);
        assert_eq!(moves(Player::Right), ["1:2", "1:3", "2:2"]);
        let play = |side, text: &str| position.play(side, &text.parse().unwrap());
        assert_eq!(play(Player::Left, "2:1").unwrap().to_string(), "1,3|2,3:6+1");
        assert_eq!(
            play(Player::Left, "1:2").unwrap_err().to_string(),
            "illegal move 1:2: Left may take 1, 3"
        );
        assert_eq!(
            play(Player::Right, "2:3").unwrap_err().to_string(),
            "illegal move 2:3: heap 2 holds only 2"
        );
        assert_eq!(
            play(Player::Right, "3:2").unwrap_err().to_string(),
            "illegal move 3:2: there is no heap 3 (the position has 2)"
        );
        assert!(play(Player::Right, "2").is_err());
        let single = game("1|2:3");
        assert_eq!(single.moves(Player::Right), [Take::new(None, 2)]);
        let after = single.play(Player::Right, &"1:2".parse().unwrap()).unwrap();
        assert_eq!(after.to_string(), "1|2:1");
        assert!(game("|2:3").play(Player::Left, &Take::new(None, 1)).is_err());
    }

    #[test]
    fn a_picture_lists_the_heaps() {
        assert_eq!(
            game("1,3|:3+0").draw(),
            "Left takes 1, 3; Right takes nothing\nheap 1:     3 ooo\nheap 2:     0 \n"
        );
    }

    #[test]
    fn components_are_the_live_heaps() {
        let position = game("2,3|3:6+1+0+2");
        let parts: Vec<String> = position.components().iter().map(|p| p.to_string()).collect();
        assert_eq!(parts, ["2,3|3:6", "2,3|3:2"]);
        assert!(game("2|3:1+0").components().is_empty());
        assert!(game("|:5").components().is_empty());
    }

    /// Every pair of sets of amounts up to 3 and up to three heaps of at most 5.
    #[test]
    fn components_partition_every_small_position() {
        let sets: Vec<Vec<u32>> = (0u32..8)
            .map(|bits| (1..=3).filter(|a| bits & (1 << (a - 1)) != 0).collect())
            .collect();
        for left in &sets {
            for right in &sets {
                for code in 0..6 * 6 * 6 {
                    let heaps = [code % 6, code / 6 % 6, code / 36];
                    let count = 1 + code as usize % 3;
                    let position =
                        PartizanSubtraction::new(left, right, &heaps[..count]).unwrap();
                    check_components(&position).unwrap();
                    check_options_partition(&position).unwrap();
                    if code % 5 == 0 {
                        check_outcome_of_components(&position).unwrap();
                    }
                }
            }
        }
    }

    /// A random position of small heaps.
    fn any_position() -> impl Strategy<Value = PartizanSubtraction> {
        (
            proptest::collection::vec(1u32..=6, 0..=3),
            proptest::collection::vec(1u32..=6, 0..=3),
            proptest::collection::vec(0u32..=12, 1..=3),
        )
            .prop_map(|(left, right, heaps)| {
                PartizanSubtraction::new(&left, &right, &heaps).unwrap()
            })
    }

    proptest! {
        #[test]
        fn notation_round_trips(position in any_position()) {
            prop_assert_eq!(
                position.to_string().parse::<PartizanSubtraction>().unwrap(),
                position
            );
        }

        #[test]
        fn listed_moves_are_legal_and_give_the_options(position in any_position()) {
            for side in [Player::Left, Player::Right] {
                let after: Vec<PartizanSubtraction> = position
                    .moves(side)
                    .iter()
                    .map(|take| position.play(side, &take.to_string().parse().unwrap()).unwrap())
                    .collect();
                prop_assert_eq!(&after, &position.options(side));
                for next in after {
                    prop_assert_eq!(next.to_string().parse::<PartizanSubtraction>().unwrap(), next);
                }
            }
        }

        #[test]
        fn components_partition_the_moves(position in any_position()) {
            prop_assert_eq!(check_components(&position), Ok(()));
            prop_assert_eq!(check_options_partition(&position), Ok(()));
        }

        #[test]
        fn no_text_panics(text in "[0-9,|:+]{0,20}|\\PC{0,20}") {
            if let Ok(position) = text.parse::<PartizanSubtraction>() {
                prop_assert_eq!(
                    position.to_string().parse::<PartizanSubtraction>().unwrap(),
                    position
                );
            }
            let _ = text.parse::<Take>();
        }
    }
}
