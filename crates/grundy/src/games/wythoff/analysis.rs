//! The report of `grundy solve wythoff`: outcome, nim value (when the queens are valued),
//! winning moves, the perfect move and the remoteness (exact on small positions), or a
//! refusal naming the queens that cannot be valued.

use super::solve::{
    grundy_value, outcome, perfect_move, remoteness, unvalued_reason, winning_moves,
    REMOTENESS_STATES, VALUED_MAX,
};
use super::{Wythoff, WythoffGame, WythoffMove};
use crate::impartial::{SearchBounds, Solver};
use crate::report::Outcome;
use crate::report::{Remoteness, RemotenessKind, SolveError, SolveOptions, SolvedReport};

/// Analyses a position written in its notation (`3,5+2,7`), listing at most `limit`
/// winning moves. A sum holding a queen beyond [`VALUED_MAX`] that is not alone (and not
/// lost) is refused: its nim value is not known.
///
/// The value table (at most [`VALUED_MAX`] on a side) takes under half a second; the
/// remoteness search, within at most [`REMOTENESS_STATES`] positions, looks at the options'
/// stop and memory limit.
pub fn analyse(position: &str, options: &SolveOptions) -> Result<SolvedReport, SolveError> {
    let limit = options.moves;
    let bounds = SearchBounds::with_default_memory(options.stop, options.memory_limit);
    bounds.stop.check()?;
    let wythoff: Wythoff = position.trim().parse()?;
    let (Some(result), Some(mut winning)) = (outcome(&wythoff), winning_moves(&wythoff)) else {
        let reason = unvalued_reason(&wythoff).unwrap_or_else(|| {
            "cannot list the winning moves of this sum: a losing queen beyond the value table \
             would have to move"
                .to_string()
        });
        return Err(SolveError::Unsupported(reason));
    };
    let mut solver = Solver::new(WythoffGame);
    let best_move = perfect_move(&wythoff, &mut solver, &bounds)?;
    if let Some(at) = winning.iter().position(|mv| Some(*mv) == best_move) {
        winning[..=at].rotate_right(1);
    }
    let value = grundy_value(&wythoff);
    let mut notes = Vec::new();
    match value {
        None => notes.push(format!(
            "nim value not computed: the queen is beyond {VALUED_MAX} (the value table's limit); \
             outcome and winning moves by Wythoff's closed form (losing pairs ⌊kφ⌋, ⌊kφ²⌋)"
        )),
        Some(_) if wythoff.queens().len() == 1 => {
            notes.push("losing positions: the pairs (⌊kφ⌋, ⌊kφ²⌋) and their mirror images".into())
        }
        Some(_) => notes.push("nim value: the nim-sum of the queens' values".into()),
    }
    let remoteness = match remoteness(&wythoff, &mut solver, &bounds)? {
        Some(moves) => Some(Remoteness {
            moves,
            kind: RemotenessKind::Exact,
        }),
        None => {
            notes.push(format!(
                "remoteness not computed: exact up to {REMOTENESS_STATES} positions reachable; \
                 best move: {}",
                match result {
                    Outcome::Win => "the winning move nearest the corner (not proved the fastest)",
                    Outcome::Loss => "one step of the farthest queen (not proved the slowest loss)",
                }
            ));
            None
        }
    };
    Ok(SolvedReport {
        game: "wythoff".to_string(),
        position: wythoff.to_string(),
        outcome: result,
        grundy: value,
        winning_move_count: winning.len().to_string(),
        winning_moves: winning.iter().take(limit).map(WythoffMove::to_string).collect(),
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
    fn small_positions_are_valued() {
        let report = analyse("4,5", &SolveOptions::default()).unwrap();
        assert_eq!(report.outcome, Outcome::Win);
        assert_eq!(report.winning_move_count, "2");
        assert!(report.remoteness.is_some());
        let report = analyse("3,5", &SolveOptions::default()).unwrap();
        assert_eq!(report.outcome, Outcome::Loss);
        assert_eq!(report.grundy, Some(0));
        assert_eq!(report.winning_moves, Vec::<String>::new());
        let report = analyse("0,0", &SolveOptions::default()).unwrap();
        assert_eq!(report.best_move, None);
    }

    #[test]
    fn a_huge_queen_is_answered_and_a_huge_sum_refused() {
        // (⌊10^30 φ⌋, ⌊10^30 φ²⌋) is lost; one step up it is won, by moving back.
        let report = analyse(
            "1618033988749894848204586834365,2618033988749894848204586834365",
            &SolveOptions::default(),
        )
        .unwrap();
        assert_eq!(report.outcome, Outcome::Loss);
        assert_eq!(report.grundy, Some(0));
        let report = analyse(
            "1618033988749894848204586834366,2618033988749894848204586834365",
            &SolveOptions::default(),
        )
        .unwrap();
        assert_eq!(report.outcome, Outcome::Win);
        assert_eq!(report.grundy, None);
        assert!(report.winning_moves.contains(
            &"1618033988749894848204586834366,2618033988749894848204586834365->1618033988749894848204586834365,2618033988749894848204586834365".to_string()
        ));
        assert_eq!(report.winning_moves.first(), report.best_move.as_ref());
        let error = analyse("5000,5001+1,2", &SolveOptions::default()).unwrap_err().to_string();
        assert!(error.contains("5000,5001"), "{error}");
        assert!(analyse("3,x", &SolveOptions::default()).unwrap_err().to_string().contains("\"x\""));
    }
}
