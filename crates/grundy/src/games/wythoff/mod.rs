//! Wythoff's game: two piles of tokens, or a queen on a quarter-infinite board moving towards
//! the corner. A move takes any positive number of tokens from one pile, or the same positive
//! number from both (the queen moves left, up, or diagonally up-left); the player who cannot
//! move (both piles empty, the queen in the corner) loses.
//!
//! A position is one queen `a,b` (the two piles) or a sum of queens joined by `+`
//! (`3,5+2,7`), in the order written; a queen in the corner stays in the position as `0,0`.
//! Coordinates are whole numbers up to `u128::MAX` (about 3.4 × 10^38). A move is written
//! `a,b->c,d`: the first queen on `a,b` goes to `c,d`.
//!
//! [`solve`] holds the closed form (the losing positions of a single queen are the pairs
//! (⌊kφ⌋, ⌊kφ²⌋), found exactly in integers at any size) and the nim values of small queens
//! (a table); [`WythoffGame`] gives the rules to the generic [`Solver`](crate::impartial::Solver), which
//! the property tests compare with both.
//!
//! ```
//! use grundy::games::wythoff::{solve, Wythoff};
//! use grundy::report::Outcome;
//!
//! let position: Wythoff = "3,5".parse().unwrap();
//! assert_eq!(solve::outcome(&position), Some(Outcome::Loss));
//! let position: Wythoff = "4,5".parse().unwrap();
//! let winning: Vec<String> = solve::winning_moves(&position).unwrap().iter().map(ToString::to_string).collect();
//! assert_eq!(winning, ["4,5->3,5", "4,5->1,2"]);
//! ```

pub mod analysis;
pub mod entry;
pub mod play;
pub mod solve;

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, RuleError};
use crate::position::ImpartialGame;

/// The most queens a position may have: it keeps the drawing, the move lists and the
/// analysis of a position small whatever the text given.
pub const MAX_QUEENS: usize = 100;

/// A queen: its distances to the corner along the two piles, `(a, b)`.
pub type Queen = (u128, u128);

/// A position of Wythoff's game: the queens, in the order written (at least one, at most
/// [`MAX_QUEENS`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Wythoff {
    queens: Vec<Queen>,
}

/// A move: the queen on `from` goes to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WythoffMove {
    /// Where the queen stands.
    pub from: Queen,
    /// Where it goes.
    pub to: Queen,
}

impl Wythoff {
    /// A position from its queens; an error when there is none or more than [`MAX_QUEENS`].
    pub fn new(queens: Vec<Queen>) -> Result<Self, ParseError> {
        if queens.is_empty() || queens.len() > MAX_QUEENS {
            return Err(ParseError::new(format!(
                "a position has 1 to {MAX_QUEENS} queens, got {}",
                queens.len()
            )));
        }
        Ok(Wythoff { queens })
    }

    /// The queens, in order.
    pub fn queens(&self) -> &[Queen] {
        &self.queens
    }

    /// Whether the player to move has lost: every queen is in its corner.
    pub fn is_terminal(&self) -> bool {
        self.queens.iter().all(|queen| *queen == (0, 0))
    }

    /// The number of moves left at most: each move brings a queen's `a + b` down by at least
    /// one (`None` when the sum does not fit a `u128`).
    pub fn longest_game(&self) -> Option<u128> {
        self.queens
            .iter()
            .try_fold(0u128, |total, (a, b)| total.checked_add(a.checked_add(*b)?))
    }

    /// The distinct queens, in the order they first appear: a move names its queen by where
    /// it stands, so equal queens have the same moves.
    pub fn distinct_queens(&self) -> Vec<Queen> {
        let mut seen = std::collections::HashSet::new();
        self.queens
            .iter()
            .copied()
            .filter(|queen| seen.insert(*queen))
            .collect()
    }

    /// The number of legal moves: `a + b + min(a, b)` for each distinct queen (`None` when
    /// it does not fit a `u128`).
    pub fn move_count(&self) -> Option<u128> {
        self.distinct_queens().iter().try_fold(0u128, |total, queen| {
            total.checked_add(queen_move_count(*queen)?)
        })
    }

    /// The position after `mv`, or why the rules refuse it. The first queen standing on the
    /// move's square moves.
    pub fn apply(&self, mv: &WythoffMove) -> Result<Wythoff, RuleError> {
        let Some(at) = self.queens.iter().position(|queen| *queen == mv.from) else {
            return Err(RuleError::new(
                mv,
                format!("no queen stands on {}", show(mv.from)),
            ));
        };
        if !is_queen_move(mv.from, mv.to) {
            return Err(RuleError::new(
                mv,
                "a queen moves towards the corner: down one coordinate, or both by the same amount",
            ));
        }
        let mut queens = self.queens.clone();
        queens[at] = mv.to;
        Ok(Wythoff { queens })
    }
}

/// The number of moves of one queen: `a + b + min(a, b)`, `None` past `u128`.
pub fn queen_move_count((a, b): Queen) -> Option<u128> {
    a.checked_add(b)?.checked_add(a.min(b))
}

/// Whether a queen may go from `from` to `to` in one move.
pub fn is_queen_move(from: Queen, to: Queen) -> bool {
    let (a, b) = from;
    let (c, d) = to;
    if c > a || d > b || (c == a && d == b) {
        return false;
    }
    c == a || d == b || a - c == b - d
}

/// Every move of one queen, in a fixed order: along the first pile (`a` down), along the
/// second (`b` down), then diagonally, each from the shortest step to the longest. For small
/// queens only (the list has `a + b + min(a, b)` moves).
pub fn queen_moves((a, b): Queen) -> Vec<Queen> {
    let mut moves = Vec::new();
    moves.extend((0..a).rev().map(|c| (c, b)));
    moves.extend((0..b).rev().map(|d| (a, d)));
    moves.extend((1..=a.min(b)).map(|t| (a - t, b - t)));
    moves
}

/// The `n`-th move of one queen in the order of [`queen_moves`], without listing them.
pub fn nth_queen_move((a, b): Queen, n: u128) -> Option<Queen> {
    if n < a {
        return Some((a - 1 - n, b));
    }
    let n = n - a;
    if n < b {
        return Some((a, b - 1 - n));
    }
    let n = n - b;
    (n < a.min(b)).then(|| (a - 1 - n, b - 1 - n))
}

/// A queen in notation, `a,b`.
pub fn show((a, b): Queen) -> String {
    format!("{a},{b}")
}

impl fmt::Display for Wythoff {
    /// `3,5+2,7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, queen) in self.queens.iter().enumerate() {
            if index > 0 {
                f.write_str("+")?;
            }
            f.write_str(&show(*queen))?;
        }
        Ok(())
    }
}

impl FromStr for Wythoff {
    type Err = ParseError;

    /// Reads queens `a,b` joined by `+` (spaces around the parts allowed). Each error names
    /// its token and its place in the sum.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseError::at_token(
                "a Wythoff position is queens a,b joined by +, like 3,5 or 3,5+2,7",
                text,
            ));
        }
        let mut queens = Vec::new();
        for (index, term) in text.split('+').enumerate() {
            let term = term.trim();
            if index == MAX_QUEENS {
                return Err(ParseError::at_token(
                    format!("a position has at most {MAX_QUEENS} queens"),
                    term,
                )
                .with_column(index + 1));
            }
            queens.push(parse_queen(term).map_err(|error| error.with_column(index + 1))?);
        }
        Ok(Wythoff { queens })
    }
}

/// A queen `a,b`; errors name the token.
pub fn parse_queen(text: &str) -> Result<Queen, ParseError> {
    let Some((a, b)) = text.split_once(',') else {
        return Err(ParseError::at_token(
            "a queen is two whole numbers a,b (its distances to the corner)",
            text,
        ));
    };
    Ok((parse_coordinate(a.trim())?, parse_coordinate(b.trim())?))
}

/// A coordinate: decimal digits only, at most `u128::MAX`; errors name `text`.
fn parse_coordinate(text: &str) -> Result<u128, ParseError> {
    if text.is_empty() {
        return Err(ParseError::at_token("a coordinate is missing", text));
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::at_token(
            "a coordinate is a whole number of tokens",
            text,
        ));
    }
    text.parse().map_err(|_| {
        ParseError::at_token(
            format!("a coordinate is at most {} and does not fit", u128::MAX),
            text,
        )
    })
}

impl fmt::Display for WythoffMove {
    /// `a,b->c,d`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}->{}", show(self.from), show(self.to))
    }
}

impl FromStr for WythoffMove {
    type Err = ParseError;

    /// Reads `a,b->c,d`; errors name the token.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        let Some((from, to)) = text.split_once("->") else {
            return Err(ParseError::at_token(
                "a move is a,b->c,d: the queen on a,b goes to c,d",
                text,
            ));
        };
        Ok(WythoffMove {
            from: parse_queen(from.trim())?,
            to: parse_queen(to.trim())?,
        })
    }
}

/// Wythoff's game for the generic [`Solver`](crate::impartial::Solver): a position is the list of
/// queens, each queen a component, reduced to `a ≤ b` (the mirror image is the same game).
#[derive(Debug, Clone, Copy, Default)]
pub struct WythoffGame;

impl ImpartialGame for WythoffGame {
    type Position = Vec<Queen>;
    type Move = (usize, Queen);

    fn legal_moves(&self, position: &Vec<Queen>) -> Vec<(usize, Queen)> {
        let mut moves = Vec::new();
        for (index, queen) in position.iter().enumerate() {
            moves.extend(queen_moves(*queen).into_iter().map(|to| (index, to)));
        }
        moves
    }

    fn apply(&self, position: &Vec<Queen>, mv: &(usize, Queen)) -> Result<Vec<Queen>, RuleError> {
        let (index, to) = *mv;
        let Some(from) = position.get(index).copied() else {
            return Err(RuleError::new(format!("{index}"), "no such queen"));
        };
        if !is_queen_move(from, to) {
            return Err(RuleError::new(
                WythoffMove { from, to },
                "not a queen move towards the corner",
            ));
        }
        let mut next = position.clone();
        next[index] = to;
        Ok(next)
    }

    fn components(&self, position: &Vec<Queen>) -> Vec<Vec<Queen>> {
        position
            .iter()
            .filter(|queen| **queen != (0, 0))
            .map(|queen| vec![*queen])
            .collect()
    }

    fn canonical(&self, position: &Vec<Queen>) -> Vec<Queen> {
        let mut queens: Vec<Queen> = position
            .iter()
            .map(|(a, b)| (*a.min(b), *a.max(b)))
            .collect();
        queens.sort_unstable();
        queens
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn positions_and_moves_read_back() {
        let position: Wythoff = " 3,5 + 2, 7 ".parse().unwrap();
        assert_eq!(position.to_string(), "3,5+2,7");
        assert_eq!(position.queens(), [(3, 5), (2, 7)]);
        let mv: WythoffMove = "3,5 -> 1,3".parse().unwrap();
        assert_eq!(mv.to_string(), "3,5->1,3");
        let next = position.apply(&mv).unwrap();
        assert_eq!(next.to_string(), "1,3+2,7");
        let huge = "340282366920938463463374607431768211455,0";
        assert_eq!(huge.parse::<Wythoff>().unwrap().to_string(), huge);
    }

    #[test]
    fn bad_text_names_its_token() {
        for (text, token) in [
            ("3;5", "3;5"),
            ("3,x", "x"),
            ("3,5+", ""),
            ("-1,2", "-1"),
            ("340282366920938463463374607431768211456,1", "340282366920938463463374607431768211456"),
            ("", ""),
        ] {
            let error = text.parse::<Wythoff>().unwrap_err();
            assert_eq!(error.location.token.as_deref(), Some(token), "{text}: {error}");
        }
        assert!("3,5-1,3".parse::<WythoffMove>().is_err());
        let many = vec!["1,1"; MAX_QUEENS + 1].join("+");
        assert!(many.parse::<Wythoff>().is_err());
    }

    #[test]
    fn illegal_moves_are_refused_with_a_reason() {
        let position: Wythoff = "3,5".parse().unwrap();
        for mv in ["3,5->3,5", "3,5->2,3", "3,5->4,5", "2,2->1,1"] {
            let error = position.apply(&mv.parse().unwrap()).unwrap_err();
            assert!(error.to_string().contains(mv), "{error}");
        }
        for mv in ["3,5->0,5", "3,5->3,0", "3,5->0,2", "3,5->1,3"] {
            position.apply(&mv.parse().unwrap()).unwrap();
        }
    }

    #[test]
    fn moves_are_counted_and_numbered() {
        assert_eq!(queen_moves((3, 5)).len(), 11);
        assert_eq!(queen_move_count((3, 5)), Some(11));
        for (n, to) in queen_moves((3, 5)).into_iter().enumerate() {
            assert_eq!(nth_queen_move((3, 5), n as u128), Some(to));
        }
        assert_eq!(nth_queen_move((3, 5), 11), None);
        assert_eq!(queen_move_count((u128::MAX, 1)), None);
    }

    proptest! {
        #[test]
        fn no_text_panics(text in ".{0,40}") {
            let _ = text.parse::<Wythoff>();
            let _ = text.parse::<WythoffMove>();
        }

        #[test]
        fn queen_moves_are_exactly_the_rules(a in 0u128..8, b in 0u128..8, c in 0u128..8, d in 0u128..8) {
            // The rules written again: one coordinate down, or both down by the same amount.
            let rule = (c == a && d < b) || (d == b && c < a) || (c < a && d < b && a - c == b - d);
            prop_assert_eq!(queen_moves((a, b)).contains(&(c, d)), rule);
            prop_assert_eq!(is_queen_move((a, b), (c, d)), rule);
        }
    }
}
