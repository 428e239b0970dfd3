//! The report of `grundy solve bidding`.
//!
//! Up to [`FULL_TABLE_ROOM`] stones of room (`n − pile`) the full table answers everything
//! exactly: outcome, Grundy value, winning moves, the perfect move and the remoteness.
//! Beyond it, up to [`BiddingOutcomes::MAX_N`], the one-bit-per-stone outcome table answers
//! who wins and every winning move, exactly; the remoteness and the Grundy value are left
//! out and the output says so.

use crate::games::bidding::{self, Bidding, BiddingOutcomes, TableError};
use crate::report::Outcome;
use crate::report::{Remoteness, RemotenessKind, SolveError, SolvedReport};
use crate::stop::Stop;

/// The largest room solved with the full table (remoteness and Grundy value): about 1 s.
/// The full table itself goes to [`bidding::BiddingTable::MAX_N`], at about 1 µs per stone.
pub const FULL_TABLE_ROOM: u64 = 1_000_000;

/// What a position that is over means.
const OVER_NOTE: &str =
    "pile + stake ≥ n: the player to move must pass, overflows the pile and loses";

/// Analyses a bidding position written in its notation (`15` or `15/4/6`), listing at most
/// `limit` winning moves; gives up when `stop` comes before the table is built.
pub fn analyse(position: &str, limit: usize, stop: &Stop) -> Result<SolvedReport, SolveError> {
    let position: Bidding = position.parse()?;
    if position.remaining() <= FULL_TABLE_ROOM {
        analyse_fully(position, limit, stop)
    } else {
        analyse_outcome(position, limit, stop)
    }
}

/// The solver's error as the report's: a stopped build stays a stop, anything else is a
/// request the tables cannot answer.
fn refused(error: TableError) -> SolveError {
    match error {
        TableError::Stopped(stopped) => SolveError::Stopped(stopped),
        other => SolveError::Unsupported(other.to_string()),
    }
}

/// Who wins and how: the full table, every figure exact.
fn analyse_fully(position: Bidding, limit: usize, stop: &Stop) -> Result<SolvedReport, SolveError> {
    let analysis = bidding::analyse(&position, stop).map_err(refused)?;
    let value = analysis.value;
    let mut notes = vec![format!(
        "the remoteness leaves out the loser's final forced pass: the real game lasts {} move{} from here",
        value.moves_to_end(),
        if value.moves_to_end() == 1 { "" } else { "s" }
    )];
    if position.is_over() {
        notes.push(OVER_NOTE.into());
    }
    Ok(SolvedReport {
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

/// Who wins and with which moves, from the outcome table; remoteness and Grundy value left
/// out (they would need the full table, about 1 µs per stone).
fn analyse_outcome(
    position: Bidding,
    limit: usize,
    stop: &Stop,
) -> Result<SolvedReport, SolveError> {
    let winning = if position.is_over() {
        Vec::new()
    } else {
        let outcomes = BiddingOutcomes::build(position.remaining(), stop).map_err(|error| {
            if let TableError::Stopped(stopped) = error {
                return SolveError::Stopped(stopped);
            }
            SolveError::Unsupported(format!(
                "{error}: n − pile = {} is too large (remoteness and Grundy value up to \
                 {FULL_TABLE_ROOM} stones of room, who wins and the winning moves up to {})",
                position.remaining(),
                BiddingOutcomes::MAX_N
            ))
        })?;
        outcomes
            .winning_moves(&position)
            .map_err(refused)?
    };
    // Raising first: the larger the stake passed, the sooner the game ends.
    let mut ordered = winning.clone();
    ordered.reverse();
    let outcome = if winning.is_empty() {
        Outcome::Loss
    } else {
        Outcome::Win
    };
    let mut notes = vec![
        format!(
            "exact: the outcome and the winning moves; not computed: the remoteness and the \
             Grundy value, which need the full table (done up to {FULL_TABLE_ROOM} stones of room)"
        ),
        if outcome == Outcome::Win {
            "the best move shown is a winning move, not necessarily the fastest win".to_string()
        } else {
            "every move loses against perfect play; the slowest loss is not computed".to_string()
        },
    ];
    if position.is_over() {
        notes.push(OVER_NOTE.into());
    }
    Ok(SolvedReport {
        game: "bidding".into(),
        position: position.to_string(),
        outcome,
        grundy: None,
        winning_move_count: winning.len().to_string(),
        best_move: ordered.first().map(ToString::to_string),
        winning_moves: ordered
            .iter()
            .take(limit)
            .map(ToString::to_string)
            .collect(),
        remoteness: None,
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn fifteen_is_won_by_triple() {
        let report = analyse("15", 10, &Stop::NEVER).unwrap();
        assert_eq!(report.outcome, Outcome::Win);
        assert_eq!(report.grundy, Some(2));
        assert_eq!(report.best_move.as_deref(), Some("triple"));
        assert_eq!(report.remoteness.map(|r| r.moves), Some(11));
    }

    #[test]
    fn beyond_the_full_table_only_the_outcome_is_given() {
        let report = analyse("3000000", 10, &Stop::NEVER).unwrap();
        assert_eq!(report.grundy, None);
        assert_eq!(report.remoteness, None);
        assert!(report.notes[0].starts_with("exact: the outcome"));
    }
}
