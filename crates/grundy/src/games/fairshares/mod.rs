//! Fair Shares and Varied Pairs (*Winning Ways*, ch. 12): a position is a multiset of heaps;
//! a move either splits one heap into two or more heaps of equal size (fair shares), or
//! unites two heaps of different sizes into one (a varied pair). The player who cannot move
//! (every heap of one token, or one heap of one token) loses. The total never changes, so
//! the positions reachable are partitions of the total and finitely many, but a position
//! may come back (`2+2 → 1+1+2 → 1+3 → 4 → 2+2`), so play may go on for ever, and a
//! position's value is a generalised Sprague–Grundy value.
//!
//! # Notation
//!
//! Heaps joined by `+`, as Nim writes them, each 1 to [`MAX_HEAP`] tokens, at most
//! [`MAX_HEAPS`] heaps: `1+2+3`; the order does not matter and the heaps are shown in
//! increasing order. `0` alone is the position without a heap. A split is written
//! `HEAP->SHARES` (`6->2+2+2`: a heap of 6 into three heaps of 2), a union `SMALL+LARGE->SUM`
//! (`2+3->5`).
//!
//! ```
//! use grundy::games::fairshares::FairShares;
//! use grundy::loopy::impartial::LoopyImpartialGame;
//!
//! let heaps: FairShares = "2+2".parse().unwrap();
//! let moves: Vec<String> = heaps.moves().iter().map(|(mv, _)| mv.to_string()).collect();
//! assert_eq!(moves, ["2->1+1"]); // two heaps of 2 are not a varied pair
//! let (_, after) = &heaps.moves()[0];
//! assert_eq!(after.to_string(), "1+1+2");
//! ```

pub mod entry;
#[cfg(test)]
mod tests;

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::loopy::impartial::LoopyImpartialGame;

/// The most tokens in a heap.
pub const MAX_HEAP: u32 = 1_000_000;

/// The most heaps in a position.
pub const MAX_HEAPS: usize = 1000;

/// A position: the heaps, in increasing order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FairShares {
    heaps: Vec<u32>,
}

/// A move: a split of a heap into equal shares, or the union of two heaps of different
/// sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Share {
    /// A heap of `heap` tokens into heaps of `share` tokens (`share` divides `heap`, and is
    /// smaller).
    Split {
        /// The heap split.
        heap: u32,
        /// The size of each share.
        share: u32,
    },
    /// A heap of `small` and one of `large` (`small < large`) into one.
    Unite {
        /// The smaller heap.
        small: u32,
        /// The larger heap.
        large: u32,
    },
}

impl fmt::Display for Share {
    /// `6->2+2+2` or `2+3->5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Share::Split { heap, share } => {
                let shares = vec![share.to_string(); (heap / share) as usize];
                write!(f, "{heap}->{}", shares.join("+"))
            }
            Share::Unite { small, large } => write!(f, "{small}+{large}->{}", small + large),
        }
    }
}

/// The heap sizes of `text` joined by `+`, each a whole number from 1 to [`MAX_HEAP`].
fn sizes(text: &str) -> Result<Vec<u32>, ParseError> {
    text.split('+')
        .map(|part| {
            let part = part.trim();
            match part.parse::<u32>() {
                Ok(size) if (1..=MAX_HEAP).contains(&size) => Ok(size),
                _ => Err(ParseError::at_token(
                    format!("\"{part}\" is not a heap: a heap is a whole number from 1 to {MAX_HEAP}"),
                    part,
                )),
            }
        })
        .collect()
}

impl FromStr for Share {
    type Err = ParseError;

    /// `HEAP->SHARES` (`6->2+2+2`) or `SMALL+LARGE->SUM` (`2+3->5`).
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        let not_a_move = || {
            ParseError::at_token(
                format!(
                    "\"{text}\" is not a move of Fair Shares and Varied Pairs: write a split \
                     HEAP->SHARES (6->2+2+2) or a union SMALL+LARGE->SUM (2+3->5)"
                ),
                text,
            )
        };
        let (before, after) = text.split_once("->").ok_or_else(not_a_move)?;
        let before = sizes(before)?;
        let after = sizes(after)?;
        match (before.as_slice(), after.as_slice()) {
            ([heap], [share, ..])
                if after.len() >= 2
                    && after.iter().all(|s| s == share)
                    && u64::from(*share) * after.len() as u64 == u64::from(*heap) =>
            {
                Ok(Share::Split {
                    heap: *heap,
                    share: *share,
                })
            }
            ([a, b], [sum]) if a != b && u64::from(*a) + u64::from(*b) == u64::from(*sum) => {
                Ok(Share::Unite {
                    small: *a.min(b),
                    large: *a.max(b),
                })
            }
            _ => Err(not_a_move()),
        }
    }
}

impl FairShares {
    /// The position of `heaps` (in any order), or what is wrong with them.
    pub fn new(heaps: &[u32]) -> Result<FairShares, ParseError> {
        if heaps.len() > MAX_HEAPS {
            return Err(ParseError::new(format!(
                "{} heaps: at most {MAX_HEAPS}",
                heaps.len()
            )));
        }
        if let Some(size) = heaps.iter().find(|&&h| h == 0 || h > MAX_HEAP) {
            return Err(ParseError::new(format!(
                "a heap of {size}: a heap is a whole number from 1 to {MAX_HEAP}"
            )));
        }
        let mut heaps = heaps.to_vec();
        heaps.sort_unstable();
        Ok(FairShares { heaps })
    }

    /// The heaps, in increasing order.
    pub fn heaps(&self) -> &[u32] {
        &self.heaps
    }

    /// The total number of tokens, which no move changes.
    pub fn total(&self) -> u64 {
        self.heaps.iter().map(|&h| u64::from(h)).sum()
    }

    /// The heap sizes, each once, in increasing order.
    fn sizes(&self) -> Vec<u32> {
        let mut sizes = self.heaps.clone();
        sizes.dedup();
        sizes
    }

    /// The position after the legal move `mv`.
    fn after(&self, mv: Share) -> FairShares {
        let mut heaps = self.heaps.clone();
        let mut take = |size: u32| {
            if let Some(at) = heaps.iter().position(|&h| h == size) {
                heaps.remove(at);
            }
        };
        match mv {
            Share::Split { heap, share } => {
                take(heap);
                heaps.extend(std::iter::repeat(share).take((heap / share) as usize));
            }
            Share::Unite { small, large } => {
                take(small);
                take(large);
                heaps.push(small + large);
            }
        }
        heaps.sort_unstable();
        FairShares { heaps }
    }
}

impl LoopyImpartialGame for FairShares {
    type Move = Share;

    /// The splits of each heap size (in increasing order) into shares of increasing size,
    /// then the unions of each two sizes, smaller first.
    fn moves(&self) -> Vec<(Share, FairShares)> {
        let sizes = self.sizes();
        let mut moves = Vec::new();
        for &heap in &sizes {
            for share in (1..heap).filter(|share| heap % share == 0) {
                moves.push(Share::Split { heap, share });
            }
        }
        for (index, &small) in sizes.iter().enumerate() {
            for &large in &sizes[index + 1..] {
                moves.push(Share::Unite { small, large });
            }
        }
        moves.into_iter().map(|mv| (mv, self.after(mv))).collect()
    }
}

impl fmt::Display for FairShares {
    /// The heaps joined by `+`, in increasing order; `0` without a heap.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.heaps.is_empty() {
            return f.write_str("0");
        }
        let heaps: Vec<String> = self.heaps.iter().map(u32::to_string).collect();
        f.write_str(&heaps.join("+"))
    }
}

impl FromStr for FairShares {
    type Err = ParseError;

    /// Heaps joined by `+` (`1+2+3`), or `0` alone for no heap.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        if text == "0" {
            return Ok(FairShares { heaps: Vec::new() });
        }
        if text.split('+').count() > MAX_HEAPS {
            return Err(ParseError::new(format!(
                "more than {MAX_HEAPS} heaps: at most {MAX_HEAPS}"
            )));
        }
        FairShares::new(&sizes(text)?)
    }
}
