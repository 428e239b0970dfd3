//! `grundy solve bidding`.

use grundy::games::bidding::{self, Bidding};

use crate::error::CliError;
use crate::report::{Analysis, Remoteness, RemotenessKind};

/// Analyses a bidding position written in its notation (`15` or `15/4/6`).
pub fn analyse(position: &str, limit: usize) -> Result<Analysis, CliError> {
    let position: Bidding = position.parse()?;
    let analysis =
        bidding::analyse(&position).map_err(|error| CliError::Usage(error.to_string()))?;
    let value = analysis.value;
    let mut notes = vec![format!(
        "the remoteness leaves out the loser's final forced pass: the real game lasts {} move{} from here",
        value.moves_to_end(),
        if value.moves_to_end() == 1 { "" } else { "s" }
    )];
    if position.is_over() {
        notes.push(
            "pile + stake ≥ n: the player to move must pass, overflows the pile and loses".into(),
        );
    }
    Ok(Analysis {
        game: "bidding".into(),
        position: position.to_string(),
        outcome: value.outcome(),
        grundy: Some(value.grundy),
        winning_move_count: analysis.winning_moves.len().to_string(),
        winning_moves: perfect_first(&analysis.winning_moves, analysis.perfect_move)
            .into_iter()
            .take(limit)
            .map(|mv| mv.to_string())
            .collect(),
        best_move: analysis.perfect_move.map(|mv| mv.to_string()),
        remoteness: Some(Remoteness {
            moves: value.remoteness,
            kind: RemotenessKind::Exact,
        }),
        notes,
    })
}

/// The winning moves with the perfect one first (the report lists the best first).
fn perfect_first(winning: &[bidding::Move], perfect: Option<bidding::Move>) -> Vec<bidding::Move> {
    let mut moves = winning.to_vec();
    if let Some(best) = perfect {
        if let Some(at) = moves.iter().position(|mv| *mv == best) {
            moves[..=at].rotate_right(1);
        }
    }
    moves
}
