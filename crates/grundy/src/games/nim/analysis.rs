//! The report of `grundy solve nim`: outcome, Grundy value (the nim-sum of the heaps),
//! winning moves, the perfect move and the remoteness, the last exact on positions of at most
//! [`REMOTENESS_TOKENS`] tokens and not reported beyond.

use crate::games::nim::solve::{
    grundy_value, outcome, perfect_move, remoteness, winning_moves, REMOTENESS_TOKENS,
};
use crate::games::nim::{Nim, NimGame, NimMove};
use crate::impartial::Solver;
use crate::report::Outcome;
use crate::report::{Remoteness, RemotenessKind, SolveError, SolvedReport};

/// The most heaps written out in the note on the nim-sum.
const SUM_NOTE_HEAPS: usize = 12;

/// Analyses a Nim position written in its notation (`3+4+5`), listing at most `limit`
/// winning moves.
pub fn analyse(position: &str, limit: usize) -> Result<SolvedReport, SolveError> {
    let nim: Nim = position.trim().parse()?;
    let value = grundy_value(&nim);
    let mut solver = Solver::new(NimGame);
    let best_move = perfect_move(&nim, &mut solver);
    // The report lists the best move first, then the others by heap.
    let mut winning = winning_moves(&nim);
    if let Some(at) = winning.iter().position(|mv| Some(*mv) == best_move) {
        winning[..=at].rotate_right(1);
    }
    let mut notes = Vec::new();
    if nim.heaps().len() > 1 && nim.heaps().len() <= SUM_NOTE_HEAPS {
        let heaps: Vec<String> = nim.heaps().iter().map(u64::to_string).collect();
        notes.push(format!("nim-sum: {} = {value}", heaps.join(" ^ ")));
    }
    let remoteness = match remoteness(&nim, &mut solver) {
        Some(moves) => Some(Remoteness {
            moves,
            kind: RemotenessKind::Exact,
        }),
        None => {
            notes.push(format!(
                "remoteness not computed: {} tokens, exact remoteness is computed up to \
                 {REMOTENESS_TOKENS} tokens",
                nim.tokens()
            ));
            notes.push(
                match outcome(&nim) {
                    Outcome::Win => "best move: the winning move taking the most tokens (not proved the fastest win)",
                    Outcome::Loss => "best move: one token from the largest heap (not proved the slowest loss)",
                }
                .to_string(),
            );
            None
        }
    };
    Ok(SolvedReport {
        game: "nim".to_string(),
        position: nim.to_string(),
        outcome: outcome(&nim),
        grundy: Some(value),
        winning_move_count: winning.len().to_string(),
        winning_moves: winning.iter().take(limit).map(NimMove::to_string).collect(),
        best_move: best_move.map(|mv| mv.to_string()),
        remoteness,
        notes,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn three_four_five_is_won_by_three_to_one() {
        let report = analyse(" 3+4+5 ", 10).unwrap();
        assert_eq!(report.game, "nim");
        assert_eq!(report.position, "3+4+5");
        assert_eq!(report.outcome, Outcome::Win);
        assert_eq!(report.grundy, Some(2));
        assert_eq!(report.winning_moves, ["3->1"]);
        assert_eq!(report.winning_move_count, "1");
        assert_eq!(report.best_move.as_deref(), Some("3->1"));
        assert!(report.remoteness.is_some());
        assert_eq!(report.notes, ["nim-sum: 3 ^ 4 ^ 5 = 2"]);
    }

    #[test]
    fn winning_moves_are_limited_but_counted() {
        // 7+11+13 has nim-sum 1, and every heap is odd: three winning moves.
        let report = analyse("7+11+13", 2).unwrap();
        assert_eq!(report.grundy, Some(1));
        assert_eq!(report.winning_move_count, "3");
        assert_eq!(report.winning_moves.len(), 2);
        assert_eq!(report.winning_moves[0], report.best_move.unwrap());
        // The best move first, then the others by heap.
        let report = analyse("5+7+9+12", 10).unwrap();
        assert_eq!(report.best_move.as_deref(), Some("7->0"));
        assert_eq!(report.winning_moves, ["7->0", "5->2", "12->11"]);
    }

    #[test]
    fn large_positions_say_the_remoteness_is_unknown() {
        let report = analyse("10+20+30", 10).unwrap();
        assert_eq!(report.outcome, Outcome::Loss);
        assert_eq!(report.remoteness, None);
        assert_eq!(report.best_move.as_deref(), Some("30->29"));
        assert!(report.notes.iter().any(|note| note.contains("60 tokens")));
        assert!(report.notes.iter().any(|note| note.contains("not proved")));
        let empty = analyse("0", 10).unwrap();
        assert_eq!(empty.outcome, Outcome::Loss);
        assert_eq!(empty.best_move, None);
        assert_eq!(empty.remoteness.map(|r| r.moves), Some(0));
    }

    #[test]
    fn a_bad_position_names_its_token() {
        let error = analyse("3+x+5", 10).unwrap_err().to_string();
        assert!(error.contains("\"x\""), "{error}");
        let error = analyse("3+0", 10).unwrap_err().to_string();
        assert!(error.contains("\"0\""), "{error}");
    }
}
