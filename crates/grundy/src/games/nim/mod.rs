//! Nim: heaps of tokens; a move takes any positive number of tokens from one heap, and the
//! player who cannot move (no token left) loses.
//!
//! A position is heaps joined by `+`, `3+4+5`, in the order written; the position with no
//! heap left is written `0`. A move is written as in every heap game
//! ([`crate::heap::notation`]): `5->2` takes 3 tokens from a heap of 5 and leaves 2, `5->0`
//! empties it (an emptied heap leaves the position). Which of several equal heaps is moved in
//! does not matter; the first one is.
//!
//! [`solve`] holds the closed form (Bouton: the value is the nim-sum of the heaps, and the
//! winning moves bring the nim-sum to 0) and the remoteness, exact through the generic
//! [`Solver`](crate::impartial::Solver) on positions of at most [`solve::REMOTENESS_TOKENS`] tokens;
//! [`NimGame`] gives the rules to that solver, which the property tests compare with the
//! closed form. [`ruleset::NimRuleset`] is Nim for the engines that work on any heap game.
//!
//! ```
//! use grundy::games::nim::{solve, Nim};
//! use grundy::report::Outcome;
//!
//! let position: Nim = "3+4+5".parse().unwrap();
//! assert_eq!(solve::grundy_value(&position), 2);
//! assert_eq!(solve::outcome(&position), Outcome::Win);
//! let winning: Vec<String> = solve::winning_moves(&position).iter().map(ToString::to_string).collect();
//! assert_eq!(winning, ["3->1"]);
//! assert_eq!(position.apply(&"3->1".parse().unwrap()).unwrap().to_string(), "1+4+5");
//! ```

pub mod analysis;
pub mod entry;
pub mod play;
pub mod ruleset;
pub mod solve;

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, RuleError};
use crate::position::ImpartialGame;

/// The most heaps a position may have. Far more than a person plays; it keeps the drawing,
/// the move lists and the analysis of a position small whatever the text given.
pub const MAX_HEAPS: usize = 1000;

/// A Nim position: the non-empty heaps, in the order written (at most [`MAX_HEAPS`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Nim {
    heaps: Vec<u64>,
}

impl Nim {
    /// A position from its heaps; an error when a heap is empty or there are more than
    /// [`MAX_HEAPS`].
    pub fn new(heaps: Vec<u64>) -> Result<Self, ParseError> {
        if heaps.len() > MAX_HEAPS {
            return Err(ParseError::new(format!(
                "a position has at most {MAX_HEAPS} heaps, got {}",
                heaps.len()
            )));
        }
        if heaps.contains(&0) {
            return Err(ParseError::new(
                "a heap holds at least 1 token (an empty heap is left out)",
            ));
        }
        Ok(Nim { heaps })
    }

    /// The heaps, in order.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The total number of tokens (a `u128`: a thousand heaps of 2^64 − 1 do not fit a u64).
    pub fn tokens(&self) -> u128 {
        self.heaps.iter().map(|heap| u128::from(*heap)).sum()
    }

    /// Whether the player to move has lost: no heap is left.
    pub fn is_terminal(&self) -> bool {
        self.heaps.is_empty()
    }

    /// The distinct heap sizes, in the order they first appear: a move is named by the size
    /// of its heap, so equal heaps have the same moves.
    pub fn distinct_heaps(&self) -> Vec<u64> {
        let mut seen = std::collections::HashSet::new();
        self.heaps
            .iter()
            .copied()
            .filter(|heap| seen.insert(*heap))
            .collect()
    }

    /// The number of legal moves: one per token of each distinct heap size.
    pub fn move_count(&self) -> u128 {
        self.distinct_heaps()
            .iter()
            .map(|heap| u128::from(*heap))
            .sum()
    }

    /// The position after `mv`, or why the rules refuse it. The first heap of the move's size
    /// becomes the rest, or leaves the position when the rest is 0.
    pub fn apply(&self, mv: &NimMove) -> Result<Nim, RuleError> {
        let Some(at) = self.heaps.iter().position(|heap| *heap == mv.heap) else {
            return Err(RuleError::new(
                mv,
                format!("there is no heap of {}", mv.heap),
            ));
        };
        if mv.rest >= mv.heap {
            return Err(RuleError::new(
                mv,
                format!(
                    "a move takes at least one token, so a heap of {} leaves 0 to {}",
                    mv.heap,
                    mv.heap - 1
                ),
            ));
        }
        let mut heaps = self.heaps.clone();
        if mv.rest == 0 {
            heaps.remove(at);
        } else {
            heaps[at] = mv.rest;
        }
        Ok(Nim { heaps })
    }
}

impl fmt::Display for Nim {
    /// `3+4+5`, or `0` when no heap is left.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.heaps.is_empty() {
            return f.write_str("0");
        }
        for (index, heap) in self.heaps.iter().enumerate() {
            if index > 0 {
                f.write_str("+")?;
            }
            write!(f, "{heap}")?;
        }
        Ok(())
    }
}

impl FromStr for Nim {
    type Err = ParseError;

    /// Reads heaps joined by `+` (`3+4+5`; spaces around the parts allowed), or `0` alone for
    /// the position with no heap. Each error names its token and its place in the sum.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseError::at_token(
                "a Nim position is heaps joined by +, like 3+4+5 (or 0 for no heap)",
                text,
            ));
        }
        if text == "0" {
            return Ok(Nim { heaps: Vec::new() });
        }
        let mut heaps = Vec::new();
        for (index, term) in text.split('+').enumerate() {
            let term = term.trim();
            if index == MAX_HEAPS {
                return Err(ParseError::at_token(
                    format!("a position has at most {MAX_HEAPS} heaps"),
                    term,
                )
                .with_column(index + 1));
            }
            let heap = parse_count("a heap", term).map_err(|error| error.with_column(index + 1))?;
            if heap == 0 {
                return Err(ParseError::at_token(
                    "a heap holds at least 1 token (write 0 alone for no heap)",
                    term,
                )
                .with_column(index + 1));
            }
            heaps.push(heap);
        }
        Ok(Nim { heaps })
    }
}

/// A count of tokens: decimal digits only (no sign), at most `u64::MAX`; errors name `text`.
fn parse_count(what: &str, text: &str) -> Result<u64, ParseError> {
    if text.is_empty() {
        return Err(ParseError::at_token(format!("{what} is missing"), text));
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::at_token(
            format!("{what} is a whole number of tokens"),
            text,
        ));
    }
    text.parse().map_err(|_| {
        ParseError::at_token(
            format!("{what} is larger than {} and does not fit", u64::MAX),
            text,
        )
    })
}

/// A move: the size of the heap moved in and the tokens left in it (`0` empties it).
/// Legality depends on the position, so [`Nim::apply`] checks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NimMove {
    /// The size of the heap moved in.
    pub heap: u64,
    /// The tokens left in it, below `heap` to be legal.
    pub rest: u64,
}

impl NimMove {
    /// A move; not yet checked against any position.
    pub fn new(heap: u64, rest: u64) -> Self {
        NimMove { heap, rest }
    }

    /// The tokens the move takes, `None` when it would take none or add some.
    pub fn take(&self) -> Option<u64> {
        self.heap.checked_sub(self.rest).filter(|take| *take > 0)
    }
}

impl fmt::Display for NimMove {
    /// `5->2`, `5->0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}->{}", self.heap, self.rest)
    }
}

impl serde::Serialize for NimMove {
    /// As its notation, `5->2`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl FromStr for NimMove {
    type Err = ParseError;

    /// Reads `HEAP->REST` (`5->2`, `5->0`; spaces around the parts allowed).
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        let Some((heap, rest)) = text.split_once("->") else {
            return Err(ParseError::at_token(
                "a Nim move is written HEAP->REST, like 5->2 (take 3 from a heap of 5) or 5->0",
                text,
            ));
        };
        let heap = parse_count("the heap moved in", heap.trim())?;
        let rest = rest.trim();
        if rest.contains('+') {
            return Err(ParseError::at_token(
                "a Nim move leaves one heap (or 0): it does not split a heap",
                rest,
            ));
        }
        let rest = parse_count("the tokens left", rest)?;
        Ok(NimMove { heap, rest })
    }
}

/// Nim for the generic [`Solver`](crate::impartial::Solver): positions are lists of non-empty heaps
/// (any order; the memo key sorts them), each heap a component. Every move is listed, so
/// this is for small positions; [`solve`] answers any.
#[derive(Debug, Clone, Copy, Default)]
pub struct NimGame;

impl ImpartialGame for NimGame {
    type Position = Vec<u64>;
    type Move = NimMove;

    /// Distinct heap sizes in order, each from taking one token to emptying the heap.
    fn legal_moves(&self, heaps: &Vec<u64>) -> Vec<NimMove> {
        let mut seen = std::collections::HashSet::new();
        let mut moves = Vec::new();
        for &heap in heaps {
            if seen.insert(heap) {
                moves.extend((0..heap).rev().map(|rest| NimMove::new(heap, rest)));
            }
        }
        moves
    }

    fn apply(&self, heaps: &Vec<u64>, mv: &NimMove) -> Result<Vec<u64>, RuleError> {
        Nim::new(heaps.clone())
            .map_err(|error| RuleError::new(mv, error.to_string()))?
            .apply(mv)
            .map(|next| next.heaps)
    }

    fn components(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        heaps.iter().map(|heap| vec![*heap]).collect()
    }

    fn canonical(&self, heaps: &Vec<u64>) -> Vec<u64> {
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        sorted
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn notation_round_trips() {
        for text in ["3+4+5", "1", "0", "7+7", "18446744073709551615+1"] {
            assert_eq!(text.parse::<Nim>().unwrap().to_string(), text);
        }
        assert_eq!(" 3 + 04 +5 ".parse::<Nim>().unwrap().to_string(), "3+4+5");
        for text in ["5->2", "5->0", "18446744073709551615->0"] {
            assert_eq!(text.parse::<NimMove>().unwrap().to_string(), text);
        }
        assert_eq!(" 5 -> 2 ".parse::<NimMove>().unwrap(), NimMove::new(5, 2));
    }

    #[test]
    fn bad_positions_name_their_token() {
        let cases = [
            ("3+0+5", "\"0\"", "at least 1 token"),
            ("3+-4", "\"-4\"", "whole number"),
            ("+3", "\"\"", "missing"),
            ("3+", "\"\"", "missing"),
            ("3++4", "\"\"", "missing"),
            ("3+x", "\"x\"", "whole number"),
            ("3x4", "\"3x4\"", "whole number"),
            (
                "18446744073709551616",
                "18446744073709551616",
                "does not fit",
            ),
            ("", "", "heaps joined by +"),
            ("00", "\"00\"", "at least 1 token"),
        ];
        for (text, token, message) in cases {
            let error = text.parse::<Nim>().unwrap_err();
            let shown = error.to_string();
            assert!(shown.contains(message), "{text}: {shown}");
            assert!(shown.contains(token), "{text}: {shown}");
        }
        let error = "3+x".parse::<Nim>().unwrap_err();
        assert_eq!(error.location.column, Some(2));
    }

    #[test]
    fn too_many_heaps_are_refused_by_name() {
        let fine = vec!["1"; MAX_HEAPS].join("+");
        assert_eq!(fine.parse::<Nim>().unwrap().heaps().len(), MAX_HEAPS);
        let text = format!("{fine}+7");
        let error = text.parse::<Nim>().unwrap_err();
        let shown = error.to_string();
        assert!(shown.contains("at most 1000 heaps"), "{shown}");
        assert!(shown.contains("\"7\""), "{shown}");
        assert!(Nim::new(vec![1; MAX_HEAPS + 1]).is_err());
        assert!(Nim::new(vec![1, 0]).is_err());
    }

    #[test]
    fn bad_moves_name_their_token() {
        for (text, token) in [
            ("5-2", "5-2"),
            ("x->2", "\"x\""),
            ("5->-1", "\"-1\""),
            ("5->", "\"\""),
            ("12->3+4", "3+4"),
            ("99999999999999999999->0", "99999999999999999999"),
        ] {
            let error = text.parse::<NimMove>().unwrap_err().to_string();
            assert!(error.contains(token), "{text}: {error}");
        }
    }

    #[test]
    fn illegal_moves_say_why() {
        let position: Nim = "3+4+5".parse().unwrap();
        let error = position.apply(&NimMove::new(6, 1)).unwrap_err().to_string();
        assert!(error.contains("no heap of 6"), "{error}");
        let error = position.apply(&NimMove::new(5, 5)).unwrap_err().to_string();
        assert!(error.contains("at least one token"), "{error}");
        assert!(position.apply(&NimMove::new(5, 9)).is_err());
        assert_eq!(
            position.apply(&NimMove::new(4, 0)).unwrap().to_string(),
            "3+5"
        );
        let twins: Nim = "2+2".parse().unwrap();
        assert_eq!(twins.apply(&NimMove::new(2, 1)).unwrap().to_string(), "1+2");
        let last: Nim = "1".parse().unwrap();
        let empty = last.apply(&NimMove::new(1, 0)).unwrap();
        assert!(empty.is_terminal());
        assert_eq!(empty.to_string(), "0");
    }

    #[test]
    fn moves_are_counted_once_per_heap_size() {
        let position: Nim = "3+4+3".parse().unwrap();
        assert_eq!(position.distinct_heaps(), [3, 4]);
        assert_eq!(position.move_count(), 7);
        assert_eq!(NimGame.legal_moves(&vec![3, 4, 3]).len(), 7);
        assert_eq!(NimGame.legal_moves(&vec![2])[0], NimMove::new(2, 1));
        let big: Nim = vec![u64::MAX.to_string(); MAX_HEAPS]
            .join("+")
            .parse()
            .unwrap();
        assert_eq!(big.tokens(), u128::from(u64::MAX) * MAX_HEAPS as u128);
    }

    proptest! {
        #[test]
        fn no_text_panics_the_parsers(text in "\\PC{0,40}") {
            let _ = text.parse::<Nim>();
            let _ = text.parse::<NimMove>();
        }

        #[test]
        fn near_miss_text_round_trips(text in "[-+0-9 >]{0,25}") {
            if let Ok(position) = text.parse::<Nim>() {
                prop_assert_eq!(position.to_string().parse::<Nim>().unwrap(), position);
            }
            if let Ok(mv) = text.parse::<NimMove>() {
                prop_assert_eq!(mv.to_string().parse::<NimMove>().unwrap(), mv);
            }
        }

        #[test]
        fn positions_round_trip(heaps in prop::collection::vec(1u64.., 0..8)) {
            let position = Nim::new(heaps).unwrap();
            prop_assert_eq!(position.to_string().parse::<Nim>().unwrap(), position);
        }
    }
}
