//! The `grundy solve` report of a position of a user's game whose graph loops, as the
//! built-in loopy games give theirs: for an impartial game the loopy impartial report (the
//! generalised Sprague–Grundy value, the outcome `N`, `P` or `D`, the remoteness of a win or
//! a loss, every winning and every drawing move); for a partizan game the valued report of
//! a loopy value (its canonical stopper or sided value, outcome class with draws, onside,
//! offside and stops) with the moves of the player to move.

use grundy::cgt::loopy::LoopySummary;
use grundy::loopy::partizan::solve::valued_report;
use grundy::loopy::{LoopyNimber, Outcome};
use grundy::report::{LoopyImpartialReport, PlayerMoves, Report};

/// What a position whose graph loops has besides its play: its loopy value, under normal
/// play when asked for.
#[derive(Debug, Clone)]
pub enum Loopy {
    /// No value asked for (or misère play, where there is none).
    Unvalued,
    /// The generalised Sprague–Grundy value of an impartial game.
    Nim(LoopyNimber),
    /// The loopy partizan value, and what the engine says of it.
    Partizan(Box<LoopySummary>),
}

/// The play of the position: its result for the player to move and its moves by name.
pub struct Played<'a> {
    /// Won, lost or drawn.
    pub outcome: Outcome,
    /// The moves to the end of a win or a loss.
    pub remoteness: Option<u64>,
    /// The winning moves, the fastest first.
    pub winning: Vec<String>,
    /// The drawing moves of a drawn position.
    pub drawing: Vec<String>,
    /// Every move, in the game's order.
    pub every: Vec<String>,
    /// The move of perfect play.
    pub best: Option<&'a str>,
    /// The loopy value.
    pub loopy: &'a Loopy,
}

/// What the report is of: the game's name, the position as the entry writes it, its bare
/// notation (without the player to move) and the player to move's name (`left`, `right`,
/// or for an impartial game `first` or `second`).
pub struct Asked<'a> {
    /// The game's registry name.
    pub game: &'a str,
    /// The position as the entry writes it (with `@R`, `@misere` where it has them).
    pub position: String,
    /// The position without the player to move.
    pub notation: String,
    /// The player to move.
    pub mover: String,
    /// At most this many moves are listed of each kind.
    pub limit: usize,
}

/// The moves of `list`, `best` first, and their number before `limit` cuts them.
fn listed(mut list: Vec<String>, best: Option<&str>, limit: usize) -> (Vec<String>, String) {
    if let Some(best) = best.filter(|best| list.iter().any(|name| name == best)) {
        list.retain(|name| name != best);
        list.insert(0, best.to_owned());
    }
    let count = list.len().to_string();
    list.truncate(limit);
    (list, count)
}

/// The report of a position solved on its loopy graph.
pub fn loopy_report(asked: Asked<'_>, solved: Played<'_>) -> Report {
    let best = solved.best;
    let loopy = solved.loopy;
    match loopy {
        Loopy::Unvalued | Loopy::Nim(_) => {
            let value = match loopy {
                Loopy::Nim(value) => Some(value),
                _ => None,
            };
            let (winning_moves, winning_move_count) = if solved.outcome == Outcome::Win {
                listed(solved.winning, best, asked.limit)
            } else {
                (Vec::new(), "0".to_owned())
            };
            let (drawing_moves, drawing_move_count) = listed(solved.drawing, best, asked.limit);
            let mut notes = vec![format!(
                "{} to move; solved by a retrograde analysis of every position reachable, \
                 as the positions repeat",
                asked.mover
            )];
            if value.is_none() {
                notes.push(
                    "misère play: the last mover loses; the generalised Sprague–Grundy value \
                     is of normal play, so none is given"
                        .to_owned(),
                );
            }
            Report::LoopyImpartial(LoopyImpartialReport {
                game: asked.game.to_owned(),
                position: asked.position,
                canonical: value.map(ToString::to_string),
                ascii: value.map(|value| value.ascii()),
                outcome: solved.outcome.letter().to_string(),
                outcome_meaning: solved.outcome.describe().to_owned(),
                remoteness: solved.remoteness,
                best_move: best.map(str::to_owned),
                winning_moves,
                winning_move_count,
                drawing_moves,
                drawing_move_count,
                notes,
            })
        }
        Loopy::Partizan(summary) => {
            let kept = match solved.outcome {
                Outcome::Win => solved.winning,
                Outcome::Draw => solved.drawing,
                Outcome::Loss => solved.every,
            };
            let (moves, move_count) = listed(kept, best, asked.limit);
            let mover = asked.mover.clone();
            let players = vec![PlayerMoves {
                player: asked.mover.clone(),
                wins: solved.outcome == Outcome::Win,
                draws: solved.outcome == Outcome::Draw,
                moves,
                move_count,
                best_move: best.map(str::to_owned),
                remoteness: solved.remoteness,
            }];
            let notes = vec![format!(
                "{mover} to move; solved by a retrograde analysis of every position reachable, \
                 as the positions repeat"
            )];
            Report::Valued(valued_report(
                asked.game,
                &asked.notation,
                Some(mover),
                (**summary).clone(),
                players,
                notes,
            ))
        }
    }
}
