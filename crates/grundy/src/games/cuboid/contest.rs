//! IDI Open 2018 "Cuboid Slicing Game" (Kattis `cuboidslicinggame`).
//!
//! Input: the name of the player who moves first (`RUBEN` or `ALBERT`), then the number of
//! cuboids `n`, then `n` lines `x y z`. Output: the name of the winner and a newline. The
//! contest's sides are at most [`CONTEST_MAX_SIDE`]; [`answer`] accepts up to
//! [`SUPPORTED_MAX_SIDE`] and builds its table in the process, while [`ContestInput`] lets a
//! caller choose the limit and bring its own table (the command line: up to
//! [`TABLE_MAX_SIDE`](crate::games::cuboid::TABLE_MAX_SIDE), from a table kept on disk).
//!
//! ```
//! let output = grundy::games::cuboid::contest::answer(b"RUBEN\n1\n1 1 1\n").unwrap();
//! assert_eq!(output, "RUBEN\n");
//! let output = grundy::games::cuboid::contest::answer(b"ALBERT\n2\n2 2 2\n4 4 4\n").unwrap();
//! assert_eq!(output, "RUBEN\n");
//! ```

use crate::error::ParseError;
#[cfg(doc)]
use crate::games::cuboid::CONTEST_MAX_SIDE;
use crate::games::cuboid::{
    grundy_value, shared_table, Cuboid, CuboidPosition, CuboidTable, SideBeyondTable,
    SUPPORTED_MAX_SIDE,
};
use crate::nimber::Nimber;
use crate::contest_input::Tokens;

/// The two players, in the contest's spelling.
const PLAYERS: [&str; 2] = ["RUBEN", "ALBERT"];

/// The most cuboids one input may list: far beyond the contest, small enough that a
/// mistyped count is caught as such.
const MAX_CUBOIDS: u64 = 10_000_000;

/// Answers the contest input `input` with exactly the output the contest expects, with sides
/// up to [`SUPPORTED_MAX_SIDE`] and the process's [`shared_table`].
pub fn answer(input: &[u8]) -> Result<String, ParseError> {
    let contest = ContestInput::read(input, SUPPORTED_MAX_SIDE, "")?;
    // Read every cuboid first: the table is then built once, only as large as needed.
    let table = match contest.longest_side() {
        0 => return Ok(contest.winner_of_value(0)),
        longest => shared_table(longest).map_err(|error| ParseError::new(error.to_string()))?,
    };
    contest
        .answer(&table)
        .map_err(|error: SideBeyondTable| ParseError::new(error.to_string()))
}

/// A contest input, read and checked: who moves first and the cuboids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContestInput {
    /// The index of the first player in [`PLAYERS`].
    first: usize,
    cuboids: Vec<Cuboid>,
}

impl ContestInput {
    /// Reads `input`, with sides from 1 to `max_side`; a side beyond it is refused with the
    /// reason `why` appended (when not empty).
    ///
    /// ```
    /// use grundy::games::cuboid::contest::ContestInput;
    /// let contest = ContestInput::read(b"RUBEN 1 100 2 3", 128, "").unwrap();
    /// assert_eq!(contest.longest_side(), 100);
    /// let error = ContestInput::read(b"RUBEN 1 1 1 129", 128, "too long").unwrap_err();
    /// assert!(error.to_string().starts_with("side z must be between 1 and 128, got 129: too long"));
    /// ```
    pub fn read(input: &[u8], max_side: u32, why: &str) -> Result<Self, ParseError> {
        let mut tokens = Tokens::from_bytes(input)?;
        let name = tokens.expect("the first player's name (RUBEN or ALBERT)")?;
        let first = PLAYERS
            .iter()
            .position(|player| *player == name.text)
            .ok_or_else(|| name.error("the first player must be RUBEN or ALBERT"))?;
        let count: u64 = tokens.next_integer("the number of cuboids", 0..=MAX_CUBOIDS)?;
        let mut cuboids = Vec::new();
        for _ in 0..count {
            let mut sides = [0u32; 3];
            for (side, what) in sides.iter_mut().zip(["side x", "side y", "side z"]) {
                let token = tokens.expect(what)?;
                *side = token.integer(what, 1..=max_side).map_err(|error| {
                    match token.integer(what, 1..=u32::MAX) {
                        Ok(_) if !why.is_empty() => token.error(format!(
                            "{what} must be between 1 and {max_side}, got {}: {why}",
                            token.text
                        )),
                        _ => error,
                    }
                })?;
            }
            cuboids.push(Cuboid::new(sides[0], sides[1], sides[2])?);
        }
        tokens.expect_end()?;
        Ok(ContestInput { first, cuboids })
    }

    /// The longest side of any cuboid, 0 when there is none.
    pub fn longest_side(&self) -> u32 {
        self.cuboids
            .iter()
            .map(Cuboid::longest_side)
            .max()
            .unwrap_or(0)
    }

    /// The contest's output, given a table that knows the longest side.
    pub fn answer(&self, table: &CuboidTable) -> Result<String, SideBeyondTable> {
        let value = grundy_value(table, &CuboidPosition::new(self.cuboids.clone()))?;
        Ok(self.winner_of_value(value))
    }

    /// The output when the position is worth `value`.
    fn winner_of_value(&self, value: Nimber) -> String {
        let winner = if value == 0 {
            1 - self.first
        } else {
            self.first
        };
        format!("{}\n", PLAYERS[winner])
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn error(input: &str) -> String {
        answer(input.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn samples() {
        assert_eq!(answer(b"RUBEN\n1\n1 1 1\n").unwrap(), "RUBEN\n");
        assert_eq!(answer(b"ALBERT\n1\n1 1 1\n").unwrap(), "ALBERT\n");
        assert_eq!(answer(b"RUBEN\n1\n2 2 2\n").unwrap(), "ALBERT\n");
        assert_eq!(answer(b"RUBEN\n2\n1 1 1\n1 2 3\n").unwrap(), "ALBERT\n");
        assert_eq!(answer(b"ALBERT\n2\n4 4 4\n2 2 2").unwrap(), "RUBEN\n");
        assert_eq!(answer(b"ALBERT\n0\n").unwrap(), "RUBEN\n");
        // Line breaks carry no meaning; the largest contest cuboid is answered.
        let big = answer(b"RUBEN 1 30 30 30 ").unwrap();
        assert!(big == "RUBEN\n" || big == "ALBERT\n");
    }

    #[test]
    fn bad_inputs_are_located() {
        assert_eq!(
            error("BOB\n1\n1 1 1\n"),
            "the first player must be RUBEN or ALBERT (line 1, token 1, \"BOB\")"
        );
        assert_eq!(
            error("RUBEN\n2\n1 1 1\n"),
            "expected side x, found the end of the input (line 3)"
        );
        assert_eq!(
            error("RUBEN\n1\n1 1 1\n2 2 2\n"),
            "unexpected extra input (line 4, token 1, \"2\")"
        );
        assert_eq!(
            error("RUBEN\n1\n1 0 1\n"),
            "side y must be between 1 and 64, got 0 (line 3, token 2, \"0\")"
        );
        assert_eq!(
            error("RUBEN\n1\n1 1 65\n"),
            "side z must be between 1 and 64, got 65 (line 3, token 3, \"65\")"
        );
        assert!(error("RUBEN\n1\n1 1 1 x\n").contains("extra input"));
        assert!(error("RUBEN\n-1\n").contains("number of cuboids"));
        assert!(error("").contains("first player"));
        assert!(answer(b"RUBEN\n1\n1 1 \xff\n")
            .unwrap_err()
            .to_string()
            .contains("UTF-8"));
    }
}
