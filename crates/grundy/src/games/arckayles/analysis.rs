//! The report of `grundy solve arckayles`: outcome, Grundy value (the nim-sum of the
//! components' values, each in a note), winning moves, the perfect move and the remoteness,
//! the last exact on graphs of at most [`REMOTENESS_EDGES`] edges.

use crate::games::arckayles::solve::{
    component_values, evaluator, outcome, perfect_move, remoteness, value_with, winning_moves,
    REMOTENESS_EDGES,
};
use crate::games::arckayles::{ArcKayles, Cut};
use crate::report::{Remoteness, RemotenessKind, SolveError, SolvedReport};

/// The most components named in the notes.
const NOTED_COMPONENTS: usize = 12;

/// Analyses an Arc Kayles position written in its notation (`0-1,1-2`), listing at most
/// `limit` winning moves.
pub fn analyse(position: &str, limit: usize) -> Result<SolvedReport, SolveError> {
    let game: ArcKayles = position.trim().parse()?;
    let mut solver = evaluator();
    let value = value_with(&game, &mut solver);
    let best_move = perfect_move(&game, &mut solver);
    let mut winning = winning_moves(&game, &mut solver);
    if let Some(at) = winning.iter().position(|mv| Some(*mv) == best_move) {
        winning[..=at].rotate_right(1);
    }
    let mut notes = Vec::new();
    let parts = component_values(&game, &mut solver);
    if parts.len() > 1 && parts.len() <= NOTED_COMPONENTS {
        let named: Vec<String> = parts
            .iter()
            .map(|(part, value)| format!("{part} = *{value}"))
            .collect();
        notes.push(format!("components: {}", named.join(" ; ")));
    }
    let remoteness = match remoteness(&game, &mut solver) {
        Some(moves) => Some(Remoteness {
            moves,
            kind: RemotenessKind::Exact,
        }),
        None => {
            notes.push(format!(
                "remoteness not computed: {} edges, exact remoteness is computed up to \
                 {REMOTENESS_EDGES} edges",
                game.edges()
            ));
            notes.push(
                "best move: a winning move deleting the most edges, or when lost the move \
                 deleting the fewest (not proved the fastest win or the slowest loss)"
                    .to_string(),
            );
            None
        }
    };
    Ok(SolvedReport {
        game: "arckayles".to_string(),
        position: game.to_string(),
        outcome: outcome(&game, &mut solver),
        grundy: Some(value),
        winning_move_count: winning.len().to_string(),
        winning_moves: winning.iter().take(limit).map(Cut::to_string).collect(),
        best_move: best_move.map(|mv| mv.to_string()),
        remoteness,
        notes,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::impartial::Outcome;

    #[test]
    fn two_paths_and_a_lone_vertex() {
        let report = analyse("0-1,1-2,2-3,5-6,9", 10).unwrap();
        assert_eq!(report.game, "arckayles");
        assert_eq!(report.grundy, Some(3));
        assert_eq!(report.outcome, Outcome::Win);
        assert_eq!(report.winning_move_count, "2");
        assert_eq!(report.winning_moves.len(), 2);
        assert_eq!(report.notes, ["components: 0-1,1-2,2-3 = *2 ; 5-6 = *1"]);
        assert_eq!(report.remoteness.map(|r| r.moves), Some(3));
        let empty = analyse("empty", 10).unwrap();
        assert_eq!(empty.outcome, Outcome::Loss);
        assert_eq!(empty.best_move, None);
    }

    #[test]
    fn a_bad_position_names_its_token() {
        let error = analyse("0-1,1-x", 10).unwrap_err().to_string();
        assert!(error.contains("\"1-x\""), "{error}");
    }
}
