//! Who moves next in a partizan position, and how a position says so.
//!
//! A partizan position alone has a value but no player to move: its outcome class says what
//! happens whoever starts. A played game needs one, so a position may end in `@L` (Left to
//! move) or `@R` (Right to move); `@left` and `@right` are read too, in any case. Without a
//! suffix, `grundy solve` reports both players' moves and the outcome class, and a game
//! starts with Left to move, the convention of *Winning Ways*.
//!
//! ```
//! use grundy::partizan::turn::split_turn;
//! use grundy::player::Player;
//! assert_eq!(split_turn("4x5@R").unwrap(), ("4x5", Some(Player::Right)));
//! assert_eq!(split_turn("TT..FF").unwrap(), ("TT..FF", None));
//! assert!(split_turn("4x5@up").is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::player::{Player, Seat};

/// A position of game `G` with the player to move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Turn<G> {
    /// The position.
    pub position: G,
    /// Who moves next.
    pub to_move: Player,
}

/// Splits `text` into the position and the player named by an `@L`/`@R` suffix, if any.
pub fn split_turn(text: &str) -> Result<(&str, Option<Player>), ParseError> {
    let text = text.trim();
    let Some((position, side)) = text.rsplit_once('@') else {
        return Ok((text, None));
    };
    let side = match side.trim().to_ascii_lowercase().as_str() {
        "l" | "left" => Player::Left,
        "r" | "right" => Player::Right,
        _ => {
            return Err(ParseError::at_token(
                format!(
                    "\"@{side}\" does not name a player: end a position in @L (Left to move) or \
                     @R (Right to move)"
                ),
                side,
            ))
        }
    };
    Ok((position.trim_end(), Some(side)))
}

impl<G: FromStr<Err = ParseError>> FromStr for Turn<G> {
    type Err = ParseError;

    /// `POSITION`, `POSITION@L` or `POSITION@R`; Left moves when no player is named.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let (position, side) = split_turn(text)?;
        Ok(Turn {
            position: position.parse()?,
            to_move: side.unwrap_or(Player::Left),
        })
    }
}

impl<G> Turn<G> {
    /// The player in `seat` of a game started from this position: the first seat is the
    /// player it names to move.
    pub fn player_in(&self, seat: Seat) -> Player {
        match seat {
            Seat::First => self.to_move,
            Seat::Second => self.to_move.opponent(),
        }
    }
}

impl<G: fmt::Display> fmt::Display for Turn<G> {
    /// The position, followed by `@R` when Right is to move (Left to move is the default).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_move {
            Player::Left => write!(f, "{}", self.position),
            Player::Right => write!(f, "{}@R", self.position),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::partizan::toy::Stalks;

    #[test]
    fn suffixes_name_the_player_in_any_case() {
        for (text, side) in [
            ("2x2@l", Player::Left),
            ("2x2 @Right", Player::Right),
            ("2x2@LEFT", Player::Left),
        ] {
            assert_eq!(split_turn(text).unwrap(), ("2x2", Some(side)));
        }
    }

    #[test]
    fn a_bad_suffix_is_named() {
        let error = split_turn("2x2@both").unwrap_err().to_string();
        assert!(error.contains("both"), "{error}");
    }

    #[test]
    fn right_to_move_reads_back() {
        let turn: Turn<Stalks> = "LR+E@R".parse().unwrap();
        assert_eq!(turn.to_move, Player::Right);
        assert_eq!(turn.to_string(), "LR+E@R");
        let turn: Turn<Stalks> = "LR+E".parse().unwrap();
        assert_eq!(turn.to_move, Player::Left);
        assert_eq!(turn.to_string(), "LR+E");
    }
}
