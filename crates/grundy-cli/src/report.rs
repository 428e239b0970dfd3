//! The analysis of a position as a person reads it, or as JSON for programs.

use std::fmt::Write as _;

use grundy::Outcome;
use serde::Serialize;

/// How many moves perfect play takes, and how sure we are of it.
#[derive(Debug, Clone, Serialize)]
pub struct Remoteness {
    /// Moves left when the winner wins as fast as possible and the loser loses as slowly as
    /// possible.
    pub moves: u64,
    /// Always `exact`: every game reports only proven remoteness (the field stays so that the
    /// JSON keeps its shape).
    pub kind: RemotenessKind,
}

/// How sure the remoteness is: every figure reported is proven.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum RemotenessKind {
    /// Computed by exhaustive analysis or by a proved closed form.
    Exact,
}

/// Everything `grundy solve` says about a position.
#[derive(Debug, Clone, Serialize)]
pub struct Analysis {
    /// The game's name as given on the command line.
    pub game: String,
    /// The position in canonical notation.
    pub position: String,
    /// Who wins, seen by the player to move.
    pub outcome: Outcome,
    /// The Grundy value, for impartial games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grundy: Option<u64>,
    /// Winning moves in the game's notation, the best first; at most the requested number.
    pub winning_moves: Vec<String>,
    /// How many winning moves there are in all (may exceed `winning_moves.len()`). A string
    /// because counts can exceed what JSON numbers carry exactly.
    pub winning_move_count: String,
    /// The move perfect play makes (fastest win, or slowest loss), when there is a move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_move: Option<String>,
    /// The remoteness, when it could be computed or estimated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<Remoteness>,
    /// Remarks a person should read (what an estimate means, why something is missing).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl Analysis {
    /// The analysis as a person reads it.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(text, "{} {}", self.game, self.position);
        let verdict = match self.outcome {
            Outcome::Win => "the player to move wins",
            Outcome::Loss => "the player to move loses",
        };
        let _ = writeln!(text, "outcome: {verdict}");
        if let Some(grundy) = self.grundy {
            let _ = writeln!(text, "grundy value: {grundy}");
        }
        if let Some(best) = &self.best_move {
            let _ = writeln!(text, "best move: {best}");
        }
        if self.outcome == Outcome::Win {
            let shown = self.winning_moves.len().to_string();
            let more = if shown == self.winning_move_count {
                String::new()
            } else {
                format!(" (showing {shown})")
            };
            let _ = writeln!(
                text,
                "winning moves: {}{}: {}",
                self.winning_move_count,
                more,
                self.winning_moves.join(" ")
            );
        }
        if let Some(remoteness) = &self.remoteness {
            let _ = writeln!(text, "remoteness: {}", remoteness.moves);
        }
        for note in &self.notes {
            let _ = writeln!(text, "note: {note}");
        }
        text
    }

    /// The analysis as one line of JSON.
    pub fn to_json(&self) -> String {
        match serde_json::to_string(self) {
            Ok(json) => json + "\n",
            // Serialising plain strings and numbers cannot fail.
            Err(error) => format!("{{\"error\":\"{error}\"}}\n"),
        }
    }
}
