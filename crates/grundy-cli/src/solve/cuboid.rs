//! `grundy solve cuboid`.
//!
//! The value, the outcome and the winning moves come from the shared table of Grundy values.
//! Remoteness depends on the whole sum, not on the cuboids' values, so it is searched with
//! the generic solver, and only for positions small enough to answer at once.

use grundy::games::cuboid::{
    analyse_sum, perfect_play, CuboidGame, CuboidPosition, REMOTENESS_MAX_VOLUME,
    TABLE_LIMIT_REASON, TABLE_MAX_SIDE,
};
use grundy::Solver;

use super::SolveArgs;
use crate::cuboid_table::{source, table_for};
use crate::error::CliError;
use crate::report::{Analysis, Remoteness, RemotenessKind};

/// Analyses a cuboid position written in its notation, with the table `args` choose.
pub fn analyse(position: &str, limit: usize, args: &SolveArgs) -> Result<Analysis, CliError> {
    let position: CuboidPosition = position.parse()?;
    let longest = position.longest_side();
    if longest > TABLE_MAX_SIDE {
        return Err(CliError::Usage(format!(
            "cuboid side {longest} is beyond the supported maximum of {TABLE_MAX_SIDE}: \
             {TABLE_LIMIT_REASON}"
        )));
    }
    let table = table_for(longest, &source(args.table.as_ref(), args.no_cache))?;
    let sum = analyse_sum(&table, &position, limit)
        .map_err(|error| CliError::Usage(error.to_string()))?;
    let mut notes = Vec::new();
    let exact = perfect_play(&mut Solver::new(CuboidGame), &position);
    let (best_move, remoteness) = if let Some((moves, best)) = exact {
        let remoteness = Remoteness {
            moves,
            kind: RemotenessKind::Exact,
        };
        (best.map(|mv| mv.to_string()), Some(remoteness))
    } else {
        notes.push(format!(
            "remoteness omitted: it needs a search of the whole sum, done only up to \
             {REMOTENESS_MAX_VOLUME} unit cubes (this position has {})",
            position.volume()
        ));
        let first = sum.winning_moves.first().map(ToString::to_string);
        if first.is_some() {
            notes.push(
                "best move: the first winning move found, not searched for the fastest win".into(),
            );
        }
        (first, None)
    };
    let mut winning_moves: Vec<String> =
        sum.winning_moves.iter().map(ToString::to_string).collect();
    // The best move leads the list when it is a winning one.
    if let Some(best) = best_move.as_ref().filter(|_| sum.winning_move_count > 0) {
        winning_moves.retain(|mv| mv != best);
        winning_moves.insert(0, best.clone());
        winning_moves.truncate(limit);
    }
    Ok(Analysis {
        game: "cuboid".into(),
        position: position.to_string(),
        outcome: sum.outcome,
        grundy: Some(sum.value),
        winning_moves,
        winning_move_count: sum.winning_move_count.to_string(),
        best_move,
        remoteness,
        notes,
    })
}
