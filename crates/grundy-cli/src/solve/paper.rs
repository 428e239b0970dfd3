//! `grundy solve paper`.

use grundy::games::paper::{Paper, EXACT_REMOTENESS_UNITS};
use grundy::impartial::Outcome;

use crate::error::CliError;
use crate::report::{Analysis, Remoteness, RemotenessKind};

/// The most winning moves listed: a 10^9 × 10^9 sheet can have two billion winning lines.
const MAX_LISTED: usize = 100_000;

/// Analyses a paper position written in its notation.
pub fn analyse(position: &str, limit: usize) -> Result<Analysis, CliError> {
    let paper: Paper = position.parse()?;
    let limit = limit.min(MAX_LISTED);
    let grundy = paper.grundy_value();
    let outcome = Outcome::from_grundy(grundy);
    let winning_moves: Vec<String> = paper
        .winning_moves(limit)
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut notes = vec![
        "each interior line is a Nim heap of its uncut length; the winning move count is the \
         number of lines on which a winning cut exists (each has many equivalent segments)"
            .to_string(),
    ];
    let (remoteness, best_move) = match paper.perfect_play() {
        Some((moves, best)) => (
            Some(Remoteness {
                moves,
                kind: RemotenessKind::Exact,
            }),
            best.map(|mv| mv.to_string()),
        ),
        None => {
            notes.push(format!(
                "remoteness is computed only when at most {EXACT_REMOTENESS_UNITS} units are uncut"
            ));
            (None, winning_moves.first().cloned())
        }
    };
    Ok(Analysis {
        game: "paper".into(),
        position: paper.to_string(),
        outcome,
        grundy: Some(grundy),
        winning_moves,
        winning_move_count: paper.winning_line_count().to_string(),
        best_move,
        remoteness,
        notes,
    })
}
