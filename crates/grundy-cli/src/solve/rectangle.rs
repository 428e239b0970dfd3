//! `grundy solve rectangle`.

use grundy::games::rectangle::remoteness::{perfect_move, remoteness_report, EXACT_BUDGET};
use grundy::games::rectangle::{solve, Cut, Rectangle};

use crate::error::CliError;
use crate::report::{Analysis, Remoteness, RemotenessKind};

/// Analyses a rectangle position written in its notation (`4x3`).
pub fn analyse(position: &str, limit: usize) -> Result<Analysis, CliError> {
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
    Ok(Analysis {
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
