//! The report of `grundy solve paper`: every interior line is a Nim heap; the remoteness is
//! searched only on small sheets.

use crate::games::paper::{Paper, EXACT_REMOTENESS_UNITS};
use crate::report::Outcome;
use crate::report::{Remoteness, RemotenessKind, SolveError, SolvedReport};

/// The most winning moves listed: a 10^9 × 10^9 sheet can have two billion winning lines.
const MAX_LISTED: usize = 100_000;

/// Analyses a paper position written in its notation, listing at most `limit` winning
/// moves.
pub fn analyse(position: &str, limit: usize) -> Result<SolvedReport, SolveError> {
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
    Ok(SolvedReport {
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_two_by_one_sheet_is_won_in_one_cut() {
        let report = analyse("2x1", 10).unwrap();
        assert_eq!(report.outcome, Outcome::Win);
        assert_eq!(report.grundy, Some(1));
        assert_eq!(report.remoteness.map(|r| r.moves), Some(1));
    }

    #[test]
    fn huge_sheets_skip_the_remoteness_and_say_why() {
        let report = analyse("1000000000x1000000000", 3).unwrap();
        assert!(report.remoteness.is_none());
        assert!(report.winning_moves.len() <= 3);
        assert!(report.notes.iter().any(|note| note.contains("uncut")));
    }
}
