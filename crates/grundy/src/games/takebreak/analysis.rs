//! The report of `grundy solve takebreak`: outcome, Grundy value, winning moves, the
//! perfect move and the remoteness of a sum of heaps, the rules written before the heaps
//! (`0.137:5+7+12`).

use crate::games::takebreak::game::format_heaps;
use crate::games::takebreak::play::TakeBreakRules;
use crate::games::takebreak::sum::{analyse as analyse_sum, Remoteness, REMOTENESS_TOKENS};
use crate::game::{Budget, Rules};
use crate::stop::Stop;
use crate::report::{Remoteness as ReportRemoteness, RemotenessKind, SolveError, SolvedReport};

/// Analyses a take-and-break position written `rules:heaps` (`0.137:5+7+12`), listing at
/// most `limit` winning moves; gives up when `stop` comes before the value table is done.
pub fn analyse(position: &str, limit: usize, stop: &Stop) -> Result<SolvedReport, SolveError> {
    let parsed = TakeBreakRules::parse_position(position)?;
    let sum = analyse_sum(&parsed.rules, &parsed.heaps, stop)?;
    let mut notes = Vec::new();
    if !sum.heaps.is_empty() {
        let values: Vec<String> = sum
            .heaps
            .iter()
            .zip(&sum.heap_values)
            .map(|(heap, value)| format!("G({heap}) = {value}"))
            .collect();
        notes.push(format!("heap values: {}", values.join(", ")));
    }
    let remoteness = match sum.remoteness {
        Remoteness::Exact(moves) => Some(ReportRemoteness {
            moves,
            kind: RemotenessKind::Exact,
        }),
        Remoteness::TooLarge(tokens) => {
            notes.push(format!(
                "remoteness not computed: {tokens} tokens, exact remoteness is computed up to \
                 {REMOTENESS_TOKENS} tokens"
            ));
            None
        }
    };
    let best_move =
        TakeBreakRules::perfect_move(&parsed, &Budget::default(), &mut Default::default())
            .map(|mv| mv.to_string());
    Ok(SolvedReport {
        game: "takebreak".to_string(),
        position: format!("{}:{}", parsed.rules, format_heaps(&parsed.heaps)),
        outcome: sum.outcome,
        grundy: Some(sum.value),
        winning_move_count: sum.winning_moves.len().to_string(),
        winning_moves: sum
            .winning_moves
            .iter()
            .take(limit)
            .map(ToString::to_string)
            .collect(),
        best_move,
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
    fn kayles_five_seven_three_is_a_win() {
        // Kayles values: G(5) = 4, G(7) = 2, G(3) = 3; 4 ^ 2 ^ 3 = 5.
        let report = analyse(" 0.77:5+7+3 ", 3, &Stop::NEVER).unwrap();
        assert_eq!(report.position, "0.77:5+7+3");
        assert_eq!(report.outcome, Outcome::Win);
        assert_eq!(report.grundy, Some(5));
        assert!(report.winning_moves.len() <= 3);
        assert!(report.best_move.is_some());
        assert_eq!(report.notes[0], "heap values: G(5) = 4, G(7) = 2, G(3) = 3");
    }

    #[test]
    fn a_loss_has_no_winning_move() {
        // Kayles: G(1) = 1, so 1+1 has value 0.
        let report = analyse("0.77:1+1", 10, &Stop::NEVER).unwrap();
        assert_eq!(report.outcome, Outcome::Loss);
        assert_eq!(report.grundy, Some(0));
        assert_eq!(report.winning_move_count, "0");
    }

    #[test]
    fn bad_positions_name_their_token() {
        let error = analyse("0.8:5", 10, &Stop::NEVER).unwrap_err().to_string();
        assert!(error.contains("0.8"), "{error}");
        let error = analyse("0.77:7x", 10, &Stop::NEVER).unwrap_err().to_string();
        assert!(error.contains("7x"), "{error}");
        let error = analyse("5+7", 10, &Stop::NEVER).unwrap_err().to_string();
        assert!(error.contains("rules:heaps"), "{error}");
    }
}
