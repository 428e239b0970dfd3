//! The rectangle game (IOI 2005, task REC).
//!
//! A position is a `width × height` rectangle; a move cuts it along a grid line, vertically at
//! `p` (1 ≤ p ≤ width − 1) or horizontally at `p` (1 ≤ p ≤ height − 1), and the smaller piece
//! is thrown away, so the cut side becomes `max(p, side − p)`. The player handed the 1×1
//! square cannot move and loses.
//!
//! The two sides never interact, so a rectangle is the sum of two one-dimensional games, one
//! [`Strip`] per side, where a strip of length `n` moves to any `m` with ⌈n/2⌉ ≤ m ≤ n − 1.
//! [`RectangleGame`] and [`StripGame`] give both to the generic [`Solver`](crate::impartial::Solver);
//! [`solve`] holds the closed form that answers any size that fits in a `u64` at once, and
//! [`remoteness`] the exact retrograde table for small rectangles and the strategy that keeps
//! big games short.
//!
//! ```
//! use grundy::games::rectangle::{solve, Cut, Rectangle};
//! use grundy::report::Outcome;
//!
//! let position: Rectangle = "4x3".parse().unwrap();
//! // g(4) = 2 and g(3) = g(1) = 0.
//! assert_eq!(solve::grundy_value(&position), 2);
//! assert_eq!(solve::outcome(&position), Outcome::Win);
//! // Cutting the width 4 down to 3 leaves 3x3, a mirror position lost for the opponent.
//! let winning: Vec<String> = solve::winning_moves(&position).iter().map(Cut::to_string).collect();
//! assert_eq!(winning, ["v1", "v3"]);
//! assert_eq!(position.apply(&"v1".parse().unwrap()).unwrap().to_string(), "3x3");
//! ```
//!
//! # Moves are cuts
//!
//! The cuts at `p` and at `side − p` keep pieces of the same size, so they reach the same
//! rectangle; they are still two moves (the contest's `cut(dir, position)` tells them apart),
//! and every list and count of moves here counts both.

pub mod analysis;
pub mod entry;
pub mod play;
pub mod remoteness;
pub mod solve;
pub mod sweep;

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, RuleError};
use crate::position::ImpartialGame;

/// A rectangle position: both sides at least 1 (checked when it is built).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rectangle {
    width: u64,
    height: u64,
}

impl Rectangle {
    /// A `width × height` rectangle, or an error when a side is 0 (there is no empty
    /// rectangle in this game).
    pub fn new(width: u64, height: u64) -> Result<Self, ParseError> {
        if width == 0 {
            return Err(ParseError::new("the width must be at least 1, got 0"));
        }
        if height == 0 {
            return Err(ParseError::new("the height must be at least 1, got 0"));
        }
        Ok(Rectangle { width, height })
    }

    /// The horizontal side, cut by vertical cuts.
    pub fn width(&self) -> u64 {
        self.width
    }

    /// The vertical side, cut by horizontal cuts.
    pub fn height(&self) -> u64 {
        self.height
    }

    /// The side a cut in `direction` shortens.
    pub fn side(&self, direction: Direction) -> u64 {
        match direction {
            Direction::Vertical => self.width,
            Direction::Horizontal => self.height,
        }
    }

    /// Whether the player to move has no move (only the 1×1 square).
    pub fn is_terminal(&self) -> bool {
        self.width == 1 && self.height == 1
    }

    /// The same rectangle turned a quarter, so that `width ≥ height`: both are the same game.
    pub fn canonical(&self) -> Rectangle {
        Rectangle {
            width: self.width.max(self.height),
            height: self.width.min(self.height),
        }
    }

    /// The rectangle after `cut`, or why the rules refuse it.
    pub fn apply(&self, cut: &Cut) -> Result<Rectangle, RuleError> {
        let side = self.side(cut.direction);
        let kept = Strip::new(side)
            .and_then(|strip| strip.cut(cut.position))
            .map_err(|reason| {
                RuleError::new(
                    cut,
                    format!("{reason} (the {} is {side})", cut.direction.side_name()),
                )
            })?;
        Ok(self.with_side(cut.direction, kept.length()))
    }

    /// The rectangle with the side cut by `direction` replaced by `length` (≥ 1 by the
    /// callers' construction).
    fn with_side(&self, direction: Direction, length: u64) -> Rectangle {
        match direction {
            Direction::Vertical => Rectangle {
                width: length,
                height: self.height,
            },
            Direction::Horizontal => Rectangle {
                width: self.width,
                height: length,
            },
        }
    }

    /// The cut that shortens the side cut by `direction` to `kept` (⌈side/2⌉ ≤ kept < side):
    /// the one whose position is the smaller piece, `side − kept`.
    pub fn cut_keeping(&self, direction: Direction, kept: u64) -> Option<Cut> {
        let side = self.side(direction);
        if kept >= side || kept < side.div_ceil(2) {
            return None;
        }
        Some(Cut::new(direction, side - kept))
    }
}

impl fmt::Display for Rectangle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Rectangle {
    type Err = ParseError;

    /// Reads `WIDTHxHEIGHT`; the separator may be `x`, `X` or `×`, with no spaces.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let fail = |message: String| ParseError::at_token(message, text);
        let separator = text
            .char_indices()
            .find(|(_, c)| matches!(c, 'x' | 'X' | '×'))
            .ok_or_else(|| fail("a rectangle is written WIDTHxHEIGHT, as in 4x3".to_string()))?;
        let (width_text, rest) = text.split_at(separator.0);
        let height_text = &rest[separator.1.len_utf8()..];
        let width = parse_side("the width", width_text).map_err(fail)?;
        let height = parse_side("the height", height_text).map_err(fail)?;
        Rectangle::new(width, height).map_err(|error| error.with_token(text))
    }
}

/// A side length: decimal digits only, 1 ≤ n ≤ u64::MAX.
fn parse_side(what: &str, text: &str) -> Result<u64, String> {
    if text.is_empty() {
        return Err(format!("{what} is missing"));
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{what} must be a positive integer, got {text:?}"));
    }
    let value: u64 = text
        .parse()
        .map_err(|_| format!("{what} must be at most {}", u64::MAX))?;
    if value == 0 {
        return Err(format!("{what} must be at least 1, got 0"));
    }
    Ok(value)
}

/// Which way a cut runs. A vertical cut shortens the width, a horizontal one the height,
/// as in the contest's `cut(vertical, p)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// A vertical line: the width becomes `max(p, width − p)`.
    Vertical,
    /// A horizontal line: the height becomes `max(p, height − p)`.
    Horizontal,
}

impl Direction {
    /// The letter of the notation.
    fn letter(self) -> char {
        match self {
            Direction::Vertical => 'v',
            Direction::Horizontal => 'h',
        }
    }

    /// The side this direction shortens, in words for error messages.
    fn side_name(self) -> &'static str {
        match self {
            Direction::Vertical => "width",
            Direction::Horizontal => "height",
        }
    }
}

/// A move: a cut in a direction at a position counted from the left (vertical) or top
/// (horizontal) edge. Legality depends on the rectangle, so [`Rectangle::apply`] checks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cut {
    /// Which way the knife runs.
    pub direction: Direction,
    /// Where: 1 ≤ position ≤ side − 1 to be legal.
    pub position: u64,
}

impl Cut {
    /// A cut; not yet checked against any rectangle.
    pub fn new(direction: Direction, position: u64) -> Self {
        Cut {
            direction,
            position,
        }
    }
}

impl fmt::Display for Cut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.direction.letter(), self.position)
    }
}

impl FromStr for Cut {
    type Err = ParseError;

    /// Reads `v3` or `h2` (`V`/`H` too): the direction letter, then the position ≥ 1.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let fail = |message: String| ParseError::at_token(message, text);
        let mut chars = text.chars();
        let direction = match chars.next() {
            Some('v' | 'V') => Direction::Vertical,
            Some('h' | 'H') => Direction::Horizontal,
            _ => {
                return Err(fail(
                    "a cut is written v<position> or h<position>, as in v3".to_string(),
                ))
            }
        };
        let position = parse_side("the cut position", chars.as_str()).map_err(fail)?;
        Ok(Cut::new(direction, position))
    }
}

/// One side on its own: a strip of length `n ≥ 1` that moves to any `m` with
/// ⌈n/2⌉ ≤ m ≤ n − 1. A rectangle is the sum of its two strips.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strip(u64);

impl Strip {
    /// A strip of `length ≥ 1`.
    pub fn new(length: u64) -> Result<Self, String> {
        if length == 0 {
            Err("a strip has length at least 1".to_string())
        } else {
            Ok(Strip(length))
        }
    }

    /// The length.
    pub fn length(&self) -> u64 {
        self.0
    }

    /// The strip left by a cut at `position`: the larger piece.
    pub fn cut(&self, position: u64) -> Result<Strip, String> {
        if position == 0 || position >= self.0 {
            return Err(format!(
                "a cut must be at 1 to {} to leave two pieces",
                self.0.saturating_sub(1)
            ));
        }
        Ok(Strip(position.max(self.0 - position)))
    }
}

impl fmt::Display for Strip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Strip {
    type Err = ParseError;

    /// Reads the length in decimal.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        parse_side("the length", text)
            .map(Strip)
            .map_err(|message| ParseError::at_token(message, text))
    }
}

/// The rectangle game's rules for the generic solver. Every cut is listed, so this is for
/// small rectangles; [`solve`] answers big ones.
#[derive(Debug, Clone, Copy, Default)]
pub struct RectangleGame;

impl ImpartialGame for RectangleGame {
    type Position = Rectangle;
    type Move = Cut;

    /// Vertical cuts by position, then horizontal ones.
    fn legal_moves(&self, position: &Rectangle) -> Vec<Cut> {
        let vertical = (1..position.width).map(|p| Cut::new(Direction::Vertical, p));
        let horizontal = (1..position.height).map(|p| Cut::new(Direction::Horizontal, p));
        vertical.chain(horizontal).collect()
    }

    fn apply(&self, position: &Rectangle, cut: &Cut) -> Result<Rectangle, RuleError> {
        position.apply(cut)
    }

    /// The two strips, as `width×1` and `1×height` rectangles.
    fn components(&self, position: &Rectangle) -> Vec<Rectangle> {
        vec![
            Rectangle {
                width: position.width,
                height: 1,
            },
            Rectangle {
                width: 1,
                height: position.height,
            },
        ]
    }

    fn canonical(&self, position: &Rectangle) -> Rectangle {
        position.canonical()
    }
}

/// The one-dimensional game for the generic solver; a move is the cut position.
#[derive(Debug, Clone, Copy, Default)]
pub struct StripGame;

impl ImpartialGame for StripGame {
    type Position = Strip;
    type Move = u64;

    fn legal_moves(&self, strip: &Strip) -> Vec<u64> {
        (1..strip.0).collect()
    }

    fn apply(&self, strip: &Strip, position: &u64) -> Result<Strip, RuleError> {
        strip.cut(*position).map_err(|reason| {
            RuleError::new(position, format!("{reason} (the length is {})", strip.0))
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn notation_round_trips() {
        for text in ["4x3", "1x1", "18446744073709551615x1"] {
            assert_eq!(text.parse::<Rectangle>().unwrap().to_string(), text);
        }
        assert_eq!("4X3".parse::<Rectangle>().unwrap().to_string(), "4x3");
        assert_eq!("4×3".parse::<Rectangle>().unwrap().to_string(), "4x3");
        for text in ["v3", "h2", "v18446744073709551615"] {
            assert_eq!(text.parse::<Cut>().unwrap().to_string(), text);
        }
        assert_eq!(
            "H7".parse::<Cut>().unwrap(),
            Cut::new(Direction::Horizontal, 7)
        );
        assert_eq!("12".parse::<Strip>().unwrap().length(), 12);
    }

    #[test]
    fn bad_rectangles_are_named() {
        let cases = [
            ("0x5", "the width must be at least 1"),
            ("5x0", "the height must be at least 1"),
            ("4x", "the height is missing"),
            ("x3", "the width is missing"),
            ("-1x3", "the width must be a positive integer"),
            ("+1x3", "the width must be a positive integer"),
            (
                "18446744073709551616x3",
                "the width must be at most 18446744073709551615",
            ),
            ("4x3x2", "the height must be a positive integer"),
            ("4 x 3", "the width must be a positive integer"),
            ("hello", "a rectangle is written WIDTHxHEIGHT"),
            ("", "a rectangle is written WIDTHxHEIGHT"),
        ];
        for (text, message) in cases {
            let error = text.parse::<Rectangle>().unwrap_err();
            assert!(error.message.starts_with(message), "{text}: {error}");
            assert_eq!(error.location.token.as_deref(), Some(text));
        }
        assert!(Rectangle::new(0, 5).is_err());
        assert!(Rectangle::new(5, 0).is_err());
    }

    #[test]
    fn bad_cuts_are_named() {
        for (text, message) in [
            ("v0", "the cut position must be at least 1"),
            ("x3", "a cut is written"),
            ("v", "the cut position is missing"),
            ("v-2", "the cut position must be a positive integer"),
            ("h99999999999999999999", "the cut position must be at most"),
        ] {
            let error = text.parse::<Cut>().unwrap_err();
            assert!(error.message.starts_with(message), "{text}: {error}");
        }
    }

    #[test]
    fn cuts_keep_the_larger_piece() {
        let position = Rectangle::new(10, 7).unwrap();
        let cut = |text: &str| position.apply(&text.parse().unwrap());
        assert_eq!(cut("v3").unwrap(), Rectangle::new(7, 7).unwrap());
        assert_eq!(cut("v7").unwrap(), Rectangle::new(7, 7).unwrap());
        assert_eq!(cut("v5").unwrap(), Rectangle::new(5, 7).unwrap());
        assert_eq!(cut("h1").unwrap(), Rectangle::new(10, 6).unwrap());
        assert_eq!(
            cut("v10").unwrap_err().to_string(),
            "illegal move v10: a cut must be at 1 to 9 to leave two pieces (the width is 10)"
        );
        assert!(cut("h7").is_err());
        assert!(position.apply(&Cut::new(Direction::Vertical, 0)).is_err());
        let square = Rectangle::new(1, 1).unwrap();
        assert!(square.is_terminal());
        assert!(RectangleGame.legal_moves(&square).is_empty());
        assert!(square.apply(&"h1".parse().unwrap()).is_err());
    }

    #[test]
    fn huge_sides_cut_without_overflow() {
        let position = Rectangle::new(u64::MAX, u64::MAX).unwrap();
        let next = position
            .apply(&Cut::new(Direction::Vertical, u64::MAX - 1))
            .unwrap();
        assert_eq!(next.width(), u64::MAX - 1);
        let next = position.apply(&Cut::new(Direction::Horizontal, 1)).unwrap();
        assert_eq!(next.height(), u64::MAX - 1);
        assert_eq!(
            position.cut_keeping(Direction::Vertical, u64::MAX / 2 + 1),
            Some(Cut::new(Direction::Vertical, u64::MAX / 2))
        );
        assert_eq!(
            position.cut_keeping(Direction::Vertical, u64::MAX / 2),
            None
        );
    }

    proptest! {
        #[test]
        fn no_text_panics_the_parsers(text in "\\PC{0,30}") {
            let _ = text.parse::<Rectangle>();
            let _ = text.parse::<Cut>();
            let _ = text.parse::<Strip>();
        }

        #[test]
        fn near_miss_text_never_panics(text in "[-+0-9xX×vh ]{0,25}") {
            if let Ok(position) = text.parse::<Rectangle>() {
                prop_assert_eq!(position.to_string().parse::<Rectangle>().unwrap(), position);
            }
            if let Ok(cut) = text.parse::<Cut>() {
                prop_assert_eq!(cut.to_string().parse::<Cut>().unwrap(), cut);
            }
        }

        #[test]
        fn rectangles_round_trip(width in 1u64.., height in 1u64..) {
            let position = Rectangle::new(width, height).unwrap();
            prop_assert_eq!(position.to_string().parse::<Rectangle>().unwrap(), position);
        }
    }
}
