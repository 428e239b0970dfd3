//! The report of `grundy solve cram`: outcome, Grundy value (the nim-sum of the regions'
//! values, each in a note), winning moves, the perfect move and the remoteness, the last
//! exact on boards of at most [`REMOTENESS_CELLS`] empty cells.

use crate::games::cram::solve::{
    component_values, evaluator, outcome, perfect_move, remoteness, symmetry_outcome,
    value_with, winning_moves, REMOTENESS_CELLS,
};
use crate::games::cram::{Cram, Domino};
use crate::impartial::Outcome;
use crate::report::{Remoteness, RemotenessKind, SolveError, SolvedReport};

/// The most regions named in the notes.
const NOTED_COMPONENTS: usize = 12;

/// Analyses a Cram position written in its notation (`4x3`, `..#/.../...`), listing at most
/// `limit` winning moves.
pub fn analyse(position: &str, limit: usize) -> Result<SolvedReport, SolveError> {
    let game: Cram = position.trim().parse()?;
    let mut solver = evaluator();
    let value = value_with(&game, &mut solver);
    let best_move = perfect_move(&game, &mut solver);
    let mut winning = winning_moves(&game, &mut solver);
    if let Some(at) = winning.iter().position(|mv| Some(*mv) == best_move) {
        winning[..=at].rotate_right(1);
    }
    let mut notes = Vec::new();
    match symmetry_outcome(&game) {
        Some((Outcome::Loss, _)) => notes.push(
            "an empty rectangle with even sides: the second player wins by answering each \
             domino with its image under the half turn"
                .to_string(),
        ),
        Some((Outcome::Win, Some(centre))) => notes.push(format!(
            "an empty rectangle with one side even and one odd: the first player wins by \
             {centre}, then answers each domino with its image under the half turn"
        )),
        _ => {}
    }
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
                "remoteness not computed: {} empty cells, exact remoteness is computed up to \
                 {REMOTENESS_CELLS}",
                game.empty_count()
            ));
            notes.push(
                "best move: the first winning move, or when lost the first move (not proved the \
                 fastest win or the slowest loss)"
                    .to_string(),
            );
            None
        }
    };
    Ok(SolvedReport {
        game: "cram".to_string(),
        position: game.to_string(),
        outcome: outcome(&game, &mut solver),
        grundy: Some(value),
        winning_move_count: winning.len().to_string(),
        winning_moves: winning.iter().take(limit).map(Domino::to_string).collect(),
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
    fn a_strip_and_a_column() {
        let report = analyse("..../#.##/#.##", 10).unwrap();
        assert_eq!(report.game, "cram");
        // The 4-cell row (*2) and the column of two below b1 join at b1: one region.
        assert_eq!(report.outcome, Outcome::Win);
        assert!(report.grundy.unwrap() > 0);
        let report = analyse("4x1", 10).unwrap();
        assert_eq!(report.grundy, Some(2));
        assert_eq!(report.winning_moves, ["b1-c1"]);
        assert_eq!(report.remoteness.map(|r| r.moves), Some(1));
        let report = analyse("4x2", 10).unwrap();
        assert_eq!(report.outcome, Outcome::Loss);
        assert!(report.notes[0].contains("half turn"), "{:?}", report.notes);
        let empty = analyse("##/##", 10).unwrap();
        assert_eq!(empty.outcome, Outcome::Loss);
        assert_eq!(empty.best_move, None);
    }

    #[test]
    fn a_bad_position_names_its_token() {
        let error = analyse("../.x", 10).unwrap_err().to_string();
        assert!(error.contains("\".x\""), "{error}");
    }
}
