//! The report of `grundy solve nodekayles`: outcome, Grundy value (the nim-sum of the
//! components' values, each in a note), winning moves, the perfect move and the remoteness,
//! the last exact on graphs of at most [`REMOTENESS_VERTICES`] vertices.

use crate::games::nodekayles::solve::{
    component_values, evaluator, outcome, perfect_move, remoteness, value_with, winning_moves,
    REMOTENESS_VERTICES,
};
use crate::games::nodekayles::{NodeKayles, Pick};
use crate::report::{Remoteness, RemotenessKind, SolveError, SolvedReport};

/// The most components named in the notes.
const NOTED_COMPONENTS: usize = 12;

/// Analyses a Node Kayles position written in its notation (`0-1,1-2`), listing at most
/// `limit` winning moves.
pub fn analyse(position: &str, limit: usize) -> Result<SolvedReport, SolveError> {
    let game: NodeKayles = position.trim().parse()?;
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
                "remoteness not computed: {} vertices, exact remoteness is computed up to \
                 {REMOTENESS_VERTICES} vertices",
                game.vertices()
            ));
            notes.push(
                "best move: a winning move deleting the most vertices, or when lost the move \
                 deleting the fewest (not proved the fastest win or the slowest loss)"
                    .to_string(),
            );
            None
        }
    };
    Ok(SolvedReport {
        game: "nodekayles".to_string(),
        position: game.to_string(),
        outcome: outcome(&game, &mut solver),
        grundy: Some(value),
        winning_move_count: winning.len().to_string(),
        winning_moves: winning.iter().take(limit).map(Pick::to_string).collect(),
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
    fn a_path_and_a_lone_vertex() {
        let report = analyse("0-1,1-2,5", 10).unwrap();
        assert_eq!(report.game, "nodekayles");
        assert_eq!(report.grundy, Some(3));
        assert_eq!(report.outcome, Outcome::Win);
        assert_eq!(report.winning_moves, ["0", "2"]);
        assert_eq!(report.notes, ["components: 0-1,1-2 = *2 ; 5 = *1"]);
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
