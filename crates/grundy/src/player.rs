//! Who plays: the two players of a partizan game, [`Player`] (Left and Right, with
//! different moves), and the two seats of the turn order, [`Seat`] (the player who moves
//! first from the start position, and the other).
//!
//! The two are different questions and never stand for each other: a partizan position may
//! start with either player to move (`@R`), so Right can sit in the first seat; an impartial
//! game has no Left or Right, only seats. A game in progress speaks in seats
//! ([`GameState::side_to_move`](crate::game::GameState::side_to_move)) and names them in its
//! own words ([`GameState::side_name`](crate::game::GameState::side_name): `Left`, `X`,
//! `first`).
//!
//! ```
//! use grundy::player::{Player, Seat};
//! assert_eq!(Player::Left.opponent(), Player::Right);
//! assert_eq!(Seat::First.other(), Seat::Second);
//! assert_eq!((Player::Right.to_string(), Seat::Second.to_string()), ("Right".into(), "second".into()));
//! ```

use std::fmt;

/// One of the two players of a partizan game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Left: Blue, vertical dominoes, Toads, `x` stones.
    Left,
    /// Right: Red, horizontal dominoes, Frogs, `o` stones.
    Right,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Left => "Left",
            Player::Right => "Right",
        })
    }
}

/// A seat at the table: the player who moves first from the start position, or the other.
///
/// Games name their players differently (Pousse's X and O, the bidding game's Alojzy and
/// Bajtazar); the referee only needs to know who moves when, and
/// [`GameState::side_name`](crate::game::GameState::side_name) gives the game's own word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// The player who moves first from the start position.
    First,
    /// The player who moves second.
    Second,
}

impl Seat {
    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// 0 for the first player, 1 for the second: an index into per-side arrays.
    pub fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::First => "first",
            Seat::Second => "second",
        })
    }
}
