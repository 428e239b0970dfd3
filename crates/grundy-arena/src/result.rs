//! How a game ended: the one [`GameResult`] of every game, with its typed [`Termination`],
//! as the referee decides it, records keep it and ratings count it.

use std::fmt;

use grundy::player::Seat;
use serde::{Deserialize, Serialize};

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// The rules ended it: the winner won on the board.
    Normal,
    /// The loser played a move the rules forbid (or one that is not a move at all).
    IllegalMove,
    /// The loser broke the protocol: garbage, a wrong id, `?` to `genmove`, a refused legal
    /// move, endless output.
    ProtocolError,
    /// The loser overstepped its move or game time.
    TimeForfeit,
    /// The loser's program died or closed its output.
    Crash,
    /// The loser did not answer a command other than `genmove` in time.
    Stalled,
    /// The move cap ended a game that would not end (Waterloo Pousse): a draw by
    /// adjudication.
    MoveCap,
    /// The referee's side failed (a program that cannot be started): the game does not count.
    Void,
}

impl Termination {
    /// The name in records and tables.
    pub fn name(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::IllegalMove => "illegal_move",
            Termination::ProtocolError => "protocol_error",
            Termination::TimeForfeit => "time_forfeit",
            Termination::Crash => "crash",
            Termination::Stalled => "stalled",
            Termination::MoveCap => "move_cap",
            Termination::Void => "void",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The one result of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner's seat: `first` or `second`; `None` for a draw or a void game.
    pub winner: Option<String>,
    /// How the game ended.
    pub termination: Termination,
    /// What happened, in words (the illegal move, the garbage, the exit status, …).
    pub detail: String,
}

impl GameResult {
    /// The winner as a [`Seat`].
    pub fn winner_side(&self) -> Option<Seat> {
        match self.winner.as_deref() {
            Some("first") => Some(Seat::First),
            Some("second") => Some(Seat::Second),
            _ => None,
        }
    }

    /// The first player's score: 1, ½ or 0; `None` for a void game, which does not count.
    pub fn first_score(&self) -> Option<f64> {
        match (self.termination, self.winner_side()) {
            (Termination::Void, _) => None,
            (_, Some(Seat::First)) => Some(1.0),
            (_, Some(Seat::Second)) => Some(0.0),
            (_, None) => Some(0.5),
        }
    }

    /// A win of `winner`, ended by `termination`, with what happened in words.
    pub(crate) fn win(winner: Seat, termination: Termination, detail: impl Into<String>) -> Self {
        GameResult {
            winner: Some(winner.to_string()),
            termination,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.winner {
            Some(winner) => write!(f, "{winner} wins ({}", self.termination)?,
            None if self.termination == Termination::Void => write!(f, "void (")?,
            None => write!(f, "draw ({}", self.termination)?,
        }
        if self.detail.is_empty() {
            f.write_str(")")
        } else {
            write!(f, ": {})", self.detail)
        }
    }
}
