//! The report of `grundy solve rectangle`: outcome, Grundy value, winning moves, the perfect
//! move and the remoteness, all exact.

use crate::games::rectangle::remoteness::{perfect_move, remoteness_report, EXACT_BUDGET};
use crate::games::rectangle::{solve, Cut, Rectangle};
use crate::report::{Remoteness, RemotenessKind, SolveError, SolvedReport};

/// Analyses a rectangle position written in its notation (`4x3`), listing at most `limit`
/// winning moves.
pub fn analyse(position: &str, limit: usize) -> Result<SolvedReport, SolveError> {
    let rectangle: Rectangle = position.trim().parse()?;
    let winning = solve::winning_moves(&rectangle);
    let mut notes = Vec::new();
    // Table or closed form: both exact, the closed form by the proof in
    // docs/rectangle-remoteness.md.
    let remoteness = match remoteness_report(&rectangle, EXACT_BUDGET) {
        Some(report) => Some(Remoteness {
            moves: report.moves,
            kind: RemotenessKind::Exact,
        }),
        None => {
            notes.push("the remoteness exceeds 2^64 - 1 moves".to_string());
            None
        }
    };
    if winning.len() > 1 {
        notes.push(
            "cuts at p and side - p keep the same rectangle; both are listed as moves".to_string(),
        );
    }
    Ok(SolvedReport {
        game: "rectangle".to_string(),
        position: rectangle.to_string(),
        outcome: solve::outcome(&rectangle),
        grundy: Some(solve::grundy_value(&rectangle)),
        winning_move_count: winning.len().to_string(),
        winning_moves: winning.iter().take(limit).map(Cut::to_string).collect(),
        best_move: perfect_move(&rectangle).map(|cut| cut.to_string()),
        remoteness,
        notes,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::report::Outcome;

    #[test]
    fn four_by_three_is_won_by_v1_in_five() {
        let report = analyse(" 4x3 ", 10).unwrap();
        assert_eq!(report.position, "4x3");
        assert_eq!(report.outcome, Outcome::Win);
        assert_eq!(report.best_move.as_deref(), Some("v1"));
        assert_eq!(report.remoteness.map(|r| r.moves), Some(5));
    }

    #[test]
    fn a_bad_position_names_its_token() {
        let error = analyse("4y3", 10).unwrap_err().to_string();
        assert!(error.contains("4y3"), "{error}");
    }
}
