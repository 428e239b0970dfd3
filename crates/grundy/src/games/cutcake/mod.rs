//! Cutcake (Berlekamp, Conway and Guy, *Winning Ways*, chapter 2): cakes of `W` by `H`
//! squares. Left cuts a cake from top to bottom along a grid line (two cakes of the same
//! height), Right from side to side (two of the same width); who cannot cut loses.
//!
//! # Notation
//!
//! A position is its cakes `WxH` (width, then height) joined by `+`: `3x2+5x1`. A side is
//! at most [`MAX_SIDE`] and the cakes' total area at most [`MAX_AREA`] (a cut keeps the
//! area, so every position reached reads back). A move is `v3` (Left: from top to bottom,
//! 3 columns from the left) or `h2` (Right: 2 rows from the top), after the cake's number
//! from 1 and `:` when there are several (`2:v3`); the cut cake is replaced, in place, by
//! its two pieces (left piece or top piece first).
//!
//! ```
//! use grundy::games::cutcake::Cutcake;
//! use grundy::partizan::PartizanGame;
//! use grundy::player::Player;
//!
//! let cake: Cutcake = "3x2".parse().unwrap();
//! assert_eq!(cake.moves(Player::Left).len(), 2);
//! let after = cake.play(Player::Left, &"v1".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), "1x2+2x2");
//! ```
//!
//! # Values
//!
//! Every cake's value is an integer, and *Winning Ways* gives it (chapter 2, "Cutcake"):
//! with `2^k` the greatest power of two at most the height, a cake at least as wide as high
//! is worth `⌊W / 2^k⌋ - 1`, and a cake higher than wide the negative of its transpose.
//! [`published_value`] is that formula; the value engine takes it for each cake
//! ([`PartizanPosition::known_value`]), so `1000000x3` is valued at once. The tests check it
//! against the options on every cake up to 14×14.
//!
//! # Components
//!
//! Each cake is a component, except `1x1`, where neither player can cut. Turning a cake a
//! quarter swaps the players, so the transpose is offered as the negative.

pub mod cut;
pub mod entry;
#[cfg(test)]
mod golden;

use std::fmt;
use std::str::FromStr;

pub use cut::Cut;
use crate::error::{ParseError, RuleError};
use crate::partizan::PartizanGame;
use crate::position::{KnownValue, PartizanPosition};
use crate::player::Player;

/// The longest side a cake may have: every cut of the largest cake is listed as a move.
pub const MAX_SIDE: u64 = 1_000_000;

/// The most squares all the cakes of a position may have together.
pub const MAX_AREA: u64 = 1_000_000_000_000;

/// A Cutcake position: its cakes, `(width, height)`, in the order of the notation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cutcake {
    cakes: Vec<(u64, u64)>,
}

impl Cutcake {
    /// The position of these cakes, if every side is from 1 to [`MAX_SIDE`] and the area at
    /// most [`MAX_AREA`].
    pub fn new(cakes: Vec<(u64, u64)>) -> Result<Self, ParseError> {
        let mut area: u64 = 0;
        for &(width, height) in &cakes {
            if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
                return Err(ParseError::at_token(
                    format!("a cake's sides are from 1 to {MAX_SIDE}"),
                    &format!("{width}x{height}"),
                ));
            }
            area = width
                .checked_mul(height)
                .and_then(|cake| area.checked_add(cake))
                .filter(|&total| total <= MAX_AREA)
                .ok_or_else(|| {
                    ParseError::new(format!(
                        "the cakes' area together is over the limit of {MAX_AREA} squares"
                    ))
                })?;
        }
        Ok(Cutcake { cakes })
    }

    /// The cakes, `(width, height)`, in order.
    pub fn cakes(&self) -> &[(u64, u64)] {
        &self.cakes
    }

    /// The cakes' area together (a cut keeps it).
    pub fn area(&self) -> u64 {
        // Bounded by MAX_AREA when the position was made.
        self.cakes.iter().map(|&(w, h)| w * h).sum()
    }

    /// The position with cake `index` cut `vertical`ly (or not) `at` lines from its start.
    fn cut(&self, index: usize, vertical: bool, at: u64) -> Self {
        let (width, height) = self.cakes[index];
        let pieces = if vertical {
            [(at, height), (width - at, height)]
        } else {
            [(width, at), (width, height - at)]
        };
        let mut cakes = Vec::with_capacity(self.cakes.len() + 1);
        cakes.extend_from_slice(&self.cakes[..index]);
        cakes.extend_from_slice(&pieces);
        cakes.extend_from_slice(&self.cakes[index + 1..]);
        Cutcake { cakes }
    }

    /// Every cut of `side`: cake by cake, line by line.
    fn cuts(&self, side: Player) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.cakes
            .iter()
            .enumerate()
            .flat_map(move |(index, &(width, height))| {
                let lines = match side {
                    Player::Left => width,
                    Player::Right => height,
                };
                (1..lines).map(move |at| (index, at))
            })
    }

    fn options(&self, side: Player) -> Vec<Self> {
        self.cuts(side)
            .map(|(index, at)| self.cut(index, side == Player::Left, at))
            .collect()
    }
}

/// *Winning Ways*' value of a `width` × `height` cake (chapter 2): with `2^k` the greatest
/// power of two at most the shorter side, `⌊longer / 2^k⌋ - 1`, positive (Left's) when the
/// cake is at least as wide as high and negative otherwise.
pub fn published_value(width: u64, height: u64) -> i64 {
    let (long, short) = (width.max(height), width.min(height).max(1));
    let power = 1u64 << (63 - short.leading_zeros());
    // At most MAX_SIDE for a cake of the notation; saturates beyond i64 otherwise.
    let value = i64::try_from(long / power).unwrap_or(i64::MAX) - 1;
    if width >= height {
        value
    } else {
        -value
    }
}

impl fmt::Display for Cutcake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.cakes.is_empty() {
            return f.write_str("0");
        }
        let cakes: Vec<String> = self.cakes.iter().map(|(w, h)| format!("{w}x{h}")).collect();
        f.write_str(&cakes.join("+"))
    }
}

impl FromStr for Cutcake {
    type Err = ParseError;

    /// Reads cakes `WxH` joined by `+` (`0` for none).
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        if text == "0" {
            return Ok(Cutcake { cakes: Vec::new() });
        }
        let mut cakes = Vec::new();
        for token in text.split('+') {
            let token = token.trim();
            let side = |part: &str| -> Option<u64> {
                if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                part.parse().ok()
            };
            let cake = token
                .split_once(['x', 'X'])
                .and_then(|(w, h)| Some((side(w)?, side(h)?)))
                .ok_or_else(|| {
                    ParseError::at_token(
                        "a cake is its width and height joined by x, as in 3x2; cakes are \
                         joined by +",
                        token,
                    )
                })?;
            cakes.push(cake);
        }
        Cutcake::new(cakes).map_err(|error| error.with_token(text))
    }
}

impl PartizanPosition for Cutcake {
    fn left_options(&self) -> Vec<Self> {
        self.options(Player::Left)
    }

    fn right_options(&self) -> Vec<Self> {
        self.options(Player::Right)
    }

    /// Each cake but `1x1`, on its own.
    fn components(&self) -> Vec<Self> {
        self.cakes
            .iter()
            .filter(|&&cake| cake != (1, 1))
            .map(|&cake| Cutcake { cakes: vec![cake] })
            .collect()
    }

    /// The cake turned a quarter: the players swap.
    fn negative(&self) -> Option<Self> {
        match self.cakes.as_slice() {
            &[(width, height)] => Some(Cutcake {
                cakes: vec![(height, width)],
            }),
            _ => None,
        }
    }

    /// *Winning Ways*' value of one cake ([`published_value`]).
    fn known_value(&self) -> Option<KnownValue> {
        match self.cakes.as_slice() {
            &[(width, height)] => Some(KnownValue::Integer(published_value(width, height))),
            _ => None,
        }
    }

    /// The list of cakes, with its allocation's header.
    fn heap_bytes(&self) -> usize {
        self.cakes.capacity() * std::mem::size_of::<(u64, u64)>() + 16
    }
}

impl PartizanGame for Cutcake {
    type Move = Cut;

    /// A tenth of the shared budget: a cake `W × H` has `W + H − 2` cuts and a sum the cuts
    /// of every cake, so the positions of a Cutcake search list tens of options each and
    /// the shared budget took seconds (and a gigabyte) to run out on a 20 × 20 cake, whose
    /// value the closed form gives at once (docs/benchmarks.md, Cutcake).
    const REMOTENESS_NODES: usize = 20_000;

    /// A tenth of the shared budget, as for the positions.
    const REMOTENESS_OPTIONS: usize = 400_000;

    /// The cakes sorted, without the `1x1` ones (nobody can cut them): the order of the
    /// cakes only names the moves.
    fn remoteness_key(&self) -> Self {
        let mut cakes: Vec<(u64, u64)> = self
            .cakes
            .iter()
            .copied()
            .filter(|cake| *cake != (1, 1))
            .collect();
        cakes.sort_unstable();
        Cutcake { cakes }
    }

    /// Every cut of `side`, cake by cake, line by line.
    fn moves(&self, side: Player) -> Vec<Cut> {
        let numbered = self.cakes.len() > 1;
        self.cuts(side)
            .map(|(index, at)| Cut {
                cake: numbered.then_some(index + 1),
                vertical: side == Player::Left,
                at,
            })
            .collect()
    }

    /// The cakes after `cut`, or why `side` may not make it.
    fn play(&self, side: Player, cut: &Cut) -> Result<Self, RuleError> {
        let index = match cut.cake {
            None if self.cakes.len() == 1 => 0,
            None => {
                return Err(RuleError::new(
                    cut,
                    format!(
                        "there are {} cakes: say which, as in 1:{cut}",
                        self.cakes.len()
                    ),
                ))
            }
            Some(cake) if (1..=self.cakes.len()).contains(&cake) => cake - 1,
            Some(cake) => {
                return Err(RuleError::new(
                    cut,
                    format!("there is no cake {cake}, only {}", self.cakes.len()),
                ))
            }
        };
        if cut.vertical != (side == Player::Left) {
            return Err(RuleError::new(
                cut,
                match side {
                    Player::Left => "Left cuts from top to bottom (v)",
                    Player::Right => "Right cuts from side to side (h)",
                },
            ));
        }
        let (width, height) = self.cakes[index];
        let lines = if cut.vertical { width } else { height };
        if cut.at >= lines {
            return Err(RuleError::new(
                cut,
                format!("a {width}x{height} cake has no line {}", cut.at),
            ));
        }
        Ok(self.cut(index, cut.vertical, cut.at))
    }

    /// Each cake in squares (`#`), side by side, when it is small; its size otherwise.
    fn draw(&self) -> String {
        if self.cakes.is_empty() {
            return "no cake\n".to_string();
        }
        let small = self.cakes.iter().all(|&(w, h)| w <= 20 && h <= 10);
        if !small || self.cakes.len() > 8 {
            return format!("{self}\n");
        }
        let rows = self.cakes.iter().map(|&(_, h)| h).max().unwrap_or(0);
        let mut picture = String::new();
        for row in 0..rows {
            let line: Vec<String> = self
                .cakes
                .iter()
                .map(|&(w, h)| {
                    let cell = if row < h { "#" } else { " " };
                    cell.repeat(w as usize)
                })
                .collect();
            picture.push_str(line.join("  ").trim_end());
            picture.push('\n');
        }
        picture
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
use crate::cgt::ValueStore;
    use super::*;
    use crate::cgt::Evaluator;
    use crate::partizan::{
        check_components, check_options_partition, check_outcome_of_components,
    };
    use proptest::prelude::*;

    fn cake(text: &str) -> Cutcake {
        text.parse().unwrap()
    }

    /// The same cakes, valued by the generic evaluator from their options: no closed form.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    struct Generic(Cutcake);

    impl PartizanPosition for Generic {
        fn left_options(&self) -> Vec<Self> {
            self.0.left_options().into_iter().map(Generic).collect()
        }
        fn right_options(&self) -> Vec<Self> {
            self.0.right_options().into_iter().map(Generic).collect()
        }
        fn components(&self) -> Vec<Self> {
            self.0.components().into_iter().map(Generic).collect()
        }
        fn negative(&self) -> Option<Self> {
            self.0.negative().map(Generic)
        }
    }

    #[test]
    fn cakes_read_back() {
        for text in ["3x2", "3x2+5x1", "1x1", "0", "1000000x3"] {
            assert_eq!(cake(text).to_string(), text);
        }
        assert_eq!(cake(" 3X2 + 1x4 ").to_string(), "3x2+1x4");
        for (text, token) in [
            ("3x", "3x"),
            ("3x2+", ""),
            ("0x2", "0x2"),
            ("3x2+ax1", "ax1"),
            ("1000001x1", "1000001x1"),
            ("-1x2", "-1x2"),
            ("", ""),
        ] {
            let error = text.parse::<Cutcake>().unwrap_err();
            assert_eq!(error.location.token.as_deref(), Some(token), "{text}: {error}");
        }
        let error = "1000000x1000000+1x1".parse::<Cutcake>().unwrap_err();
        assert!(error.message.contains("area"), "{error}");
    }

    #[test]
    fn left_cuts_columns_and_right_rows() {
        let position = cake("3x2+1x2");
        let moves = |side| -> Vec<String> {
            position.moves(side).iter().map(Cut::to_string).collect()
        };
        assert_eq!(moves(Player::Left), ["1:v1", "1:v2"]);
        assert_eq!(moves(Player::Right), ["1:h1", "2:h1"]);
        let play = |side, text: &str| position.play(side, &text.parse().unwrap());
        assert_eq!(play(Player::Left, "1:v2").unwrap().to_string(), "2x2+1x2+1x2");
        assert_eq!(play(Player::Right, "2:h1").unwrap().to_string(), "3x2+1x1+1x1");
        for (side, text, reason) in [
            (Player::Left, "v1", "there are 2 cakes: say which, as in 1:v1"),
            (Player::Left, "1:h1", "Left cuts from top to bottom (v)"),
            (Player::Right, "2:v1", "Right cuts from side to side (h)"),
            (Player::Left, "2:v1", "a 1x2 cake has no line 1"),
            (Player::Left, "3:v1", "there is no cake 3, only 2"),
        ] {
            let error = play(side, text).unwrap_err().to_string();
            assert_eq!(error, format!("illegal move {text}: {reason}"));
        }
        assert_eq!(
            cake("3x2").play(Player::Left, &"1:v1".parse().unwrap()).unwrap(),
            cake("1x2+2x2")
        );
    }

    #[test]
    fn a_picture_shows_the_squares() {
        assert_eq!(cake("3x2+1x1").draw(), "###  #\n###\n");
    }

    /// The closed form against the generic evaluator, on every cake up to 14×14.
    #[test]
    fn the_published_value_is_the_value_of_every_cake_up_to_14() {
        let mut store = ValueStore::new();
        let mut generic = Evaluator::new();
        for width in 1..=14 {
            for height in 1..=14 {
                let position = Cutcake::new(vec![(width, height)]).unwrap();
                let value = generic.value(&mut store, &Generic(position));
                let published = store.integer(published_value(width, height));
                assert_eq!(value, published, "{width}x{height}");
            }
        }
    }

    #[test]
    fn large_cakes_are_valued_at_once() {
        let mut store = ValueStore::new();
        let mut evaluator = Evaluator::new();
        let value = evaluator.value(&mut store, &cake("1000000x3+3x1000000+7x5"));
        assert_eq!(value, store.integer(0));
        let value = evaluator.value(&mut store, &cake("1000000x3"));
        assert_eq!(value, store.integer(499_999));
    }

    /// Every sum of up to two cakes up to 4×4: the options are those of the components.
    #[test]
    fn components_partition_every_small_position() {
        let cakes: Vec<(u64, u64)> = (1..=4).flat_map(|w| (1..=4).map(move |h| (w, h))).collect();
        for &first in &cakes {
            for &second in &cakes {
                let position = Cutcake::new(vec![first, second]).unwrap();
                check_components(&position).unwrap();
                check_options_partition(&position).unwrap();
                if first.0 * first.1 + second.0 * second.1 <= 14 {
                    check_outcome_of_components(&position).unwrap();
                }
            }
        }
    }

    fn any_position() -> impl Strategy<Value = Cutcake> {
        proptest::collection::vec((1u64..=6, 1u64..=6), 0..=3)
            .prop_map(|cakes| Cutcake::new(cakes).unwrap())
    }

    proptest! {
        #[test]
        fn notation_round_trips(position in any_position()) {
            prop_assert_eq!(cake(&position.to_string()), position);
        }

        #[test]
        fn listed_moves_are_legal_and_give_the_options(position in any_position()) {
            for side in [Player::Left, Player::Right] {
                let played: Vec<Cutcake> = position
                    .moves(side)
                    .iter()
                    .map(|cut| {
                        let again: Cut = cut.to_string().parse().unwrap();
                        position.play(side, &again).unwrap()
                    })
                    .collect();
                prop_assert_eq!(played, position.options(side));
            }
        }

        #[test]
        fn the_value_is_the_generic_value(position in any_position()) {
            let mut store = ValueStore::new();
            let fast = Evaluator::new().value(&mut store, &position);
            let generic = Evaluator::new().value(&mut store, &Generic(position));
            prop_assert_eq!(fast, generic);
        }

        #[test]
        fn no_text_panics(text in "[0-9x+ ]{0,20}|\\PC{0,20}") {
            let _ = text.parse::<Cutcake>();
            let _ = text.parse::<Cut>();
        }
    }
}
