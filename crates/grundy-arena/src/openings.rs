//! Start-position suites: one position per line in the game's notation, so that a match
//! between two players is not decided by one opening. Blank lines and everything after a
//! `#` are ignored (no game's notation uses `#`).
//!
//! ```
//! use grundy::registry::Game;
//! use grundy::registry;
//! use grundy_arena::openings::parse_openings;
//!
//! let suite = "# Pousse 6 x 6\n6:L1,T3\n\n6:B2,R5,L4  # three moves\n";
//! assert_eq!(parse_openings(registry::find("pousse").unwrap(), suite).unwrap(), ["6:L1,T3", "6:B2,R5,L4"]);
//! let error = parse_openings(registry::find("pousse").unwrap(), "6:L1\n6:L9\n").unwrap_err();
//! assert_eq!(error.line, 2);
//! ```

use std::collections::HashMap;
use std::fmt;

use grundy::game::Status;
use grundy::registry::Game;

/// A line of a suite that is not a playable position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningError {
    /// The line number, from 1 (0 when the suite as a whole is wrong).
    pub line: usize,
    /// What is wrong, naming the token.
    pub message: String,
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for OpeningError {}

/// The positions of a suite, in order, each checked: it must read as a position of `game`,
/// the game must not be over in it, and no earlier line may hold the same text (a game is
/// known by its position, so a repeated line would make two games of one key; `--rounds`
/// plays a suite again). An empty suite is an error.
pub fn parse_openings(game: Game, text: &str) -> Result<Vec<String>, OpeningError> {
    let mut positions = Vec::new();
    let mut lines_of: HashMap<&str, usize> = HashMap::new();
    for (number, line) in text.lines().enumerate() {
        let position = line.split('#').next().unwrap_or("").trim();
        if position.is_empty() {
            continue;
        }
        let fail = |message: String| OpeningError {
            line: number + 1,
            message,
        };
        let state = game
            .start(position)
            .map_err(|error| fail(error.to_string()))?;
        if state.status() != Status::Ongoing {
            return Err(fail(format!(
                "{position}: the game is already over in this position"
            )));
        }
        if let Some(earlier) = lines_of.insert(position, number + 1) {
            return Err(fail(format!(
                "{position}: the same position as line {earlier}; each position opens one game a side a round (--rounds plays the suite again)"
            )));
        }
        positions.push(position.to_string());
    }
    if positions.is_empty() {
        return Err(OpeningError {
            line: 0,
            message: "no positions: every line is blank or a # comment".to_string(),
        });
    }
    Ok(positions)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use grundy::registry;

    #[test]
    fn suites_for_any_game() {
        assert_eq!(
            parse_openings(
                registry::find("rectangle").unwrap(),
                "4x3\n  9x7 # a comment\n#5x5\n"
            )
            .unwrap(),
            ["4x3", "9x7"]
        );
        let error =
            parse_openings(registry::find("rectangle").unwrap(), "4x3\n\n4y3\n").unwrap_err();
        assert_eq!(error.line, 3);
        assert!(error.to_string().contains("4y3"), "{error}");
        assert_eq!(
            parse_openings(registry::find("cuboid").unwrap(), "# nothing\n\n")
                .unwrap_err()
                .line,
            0
        );
        // A position twice would make two games of one key.
        let twice = parse_openings(
            registry::find("rectangle").unwrap(),
            "4x3\n9x7\n4x3 # again\n",
        )
        .unwrap_err();
        assert_eq!(twice.line, 3);
        assert!(twice.message.contains("line 1"), "{twice}");
        // A position whose game is over cannot open a game.
        let over = parse_openings(registry::find("rectangle").unwrap(), "1x1\n").unwrap_err();
        assert!(over.message.contains("over"), "{over}");
    }
}
