//! Codeforces 277C "Game": the paper cutting contest format.
//!
//! Input: `W H k`, then `k` cuts `xb yb xe ye` (whitespace separated; line breaks carry no
//! meaning). Output: `SECOND` when the player to move loses, otherwise `FIRST` and on the
//! next line one winning cut `xb yb xe ye` (the judge accepts any winning cut; this one starts
//! at the line's start, see [`crate::games::paper::Paper::winning_moves`]).
//!
//! Limits: 1 ≤ W, H ≤ 10^9 as in the contest; k ≤ 10^7 (the contest has 10^5). Every cut is
//! checked: axis-parallel, positive length, inside the sheet, not on the border; errors name
//! the line and token of the cut.
//!
//! ```
//! use grundy::contest::paper::answer;
//! assert_eq!(answer(b"2 1 0\n").unwrap(), "FIRST\n1 0 1 1\n");
//! assert_eq!(answer(b"2 2 4\n0 1 2 1\n0 1 2 1\n1 2 1 0\n1 1 1 2\n").unwrap(), "SECOND\n");
//! ```

use crate::error::ParseError;
use crate::games::paper::{Paper, Segment};
use crate::tokens::Tokens;

/// The contest's bound on the sheet's sides.
pub const MAX_SIDE: u64 = 1_000_000_000;

/// The most cuts accepted (a hundred times the contest's bound).
pub const MAX_CUTS: u64 = 10_000_000;

/// Reads a contest input into the position it describes.
pub fn parse(input: &[u8]) -> Result<Paper, ParseError> {
    let mut tokens = Tokens::from_bytes(input)?;
    let width = tokens.next_integer("the width W", 1..=MAX_SIDE)?;
    let height = tokens.next_integer("the height H", 1..=MAX_SIDE)?;
    let count: u64 = tokens.next_integer("the number of cuts k", 0..=MAX_CUTS)?;
    let mut paper = Paper::new(width, height).map_err(|error| ParseError::new(error.to_string()))?;
    let mut cuts = Vec::with_capacity(count as usize);
    for index in 1..=count {
        // Static descriptions keep the loop free of allocation; the cut's number is added
        // only when something is wrong.
        let mut read = || -> Result<Segment, ParseError> {
            let first = tokens.expect("the cut's xb")?;
            let xb = first.integer("xb", 0..=width)?;
            let yb = tokens.next_integer("yb", 0..=height)?;
            let xe = tokens.next_integer("xe", 0..=width)?;
            let ye = tokens.next_integer("ye", 0..=height)?;
            Segment::new(xb, yb, xe, ye)
                .and_then(|cut| paper.check(&cut).map(|()| cut))
                .map_err(|error| first.error(error.to_string()))
        };
        let cut = read().map_err(|mut error| {
            error.message = format!("cut {index} of {count}: {}", error.message);
            error
        })?;
        cuts.push(cut);
    }
    tokens.expect_end()?;
    paper
        .add_cuts(cuts)
        .map_err(|error| ParseError::new(error.to_string()))?;
    Ok(paper)
}

/// Answers the contest input `input` with exactly the output the contest expects.
pub fn answer(input: &[u8]) -> Result<String, ParseError> {
    let paper = parse(input)?;
    Ok(match paper.winning_move() {
        None => "SECOND\n".to_string(),
        Some(cut) => format!(
            "FIRST\n{} {} {} {}\n",
            cut.xb(),
            cut.yb(),
            cut.xe(),
            cut.ye()
        ),
    })
}
