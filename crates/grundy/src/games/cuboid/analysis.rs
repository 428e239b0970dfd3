//! The report of `grundy solve cuboid` and the answer of `grundy batch cuboid`.
//!
//! The value, the outcome and the winning moves come from the shared table of Grundy values
//! (kept on disk between runs unless the options say otherwise, see [`cache`](super::cache)). Remoteness
//! depends on the whole sum, not on the cuboids' values, so it is searched with the generic
//! solver, and only for positions small enough to answer at once.

use crate::games::cuboid::cache::{obtain, ObtainError, TableSource};
use crate::games::cuboid::contest::ContestInput;
use crate::games::cuboid::{
    analyse_sum, perfect_play, total_work, CuboidGame, CuboidPosition, CuboidTable,
    CONTEST_MAX_SIDE, REMOTENESS_MAX_VOLUME, TABLE_LIMIT_REASON, TABLE_MAX_SIDE,
};
use crate::impartial::Solver;
use crate::report::{Remoteness, RemotenessKind, SolveError, SolveOptions, SolvedReport};

/// The task named to the observer while a table is built.
pub const BUILD_TASK: &str = "building the cuboid table";

/// Where the options say the table comes from: the named file, memory only, or the cache
/// folder.
pub fn source(options: &SolveOptions) -> TableSource {
    match (options.table, options.no_cache) {
        (Some(path), _) => TableSource::File(path.to_path_buf()),
        (None, true) => TableSource::Build,
        (None, false) => TableSource::Cache,
    }
}

/// A table that knows every side up to `side`, from the source the options choose; the
/// build's progress and the notes about the cache go to the options' observer.
pub fn table_for(side: u32, options: &SolveOptions) -> Result<CuboidTable, SolveError> {
    let observer = options.observer();
    let total = total_work(side.max(CONTEST_MAX_SIDE));
    let obtained = obtain(
        side,
        &source(options),
        &|done, _| {
            observer.progress(BUILD_TASK, done, total);
        },
        options.stop,
    )
    .map_err(|error| match error {
        ObtainError::Stopped(stopped) => SolveError::Stopped(stopped),
        other => other.into(),
    })?;
    for note in &obtained.notes {
        observer.note(note);
    }
    Ok(obtained.table)
}

/// Analyses a cuboid position written in its notation, with the table the options choose,
/// listing at most `options.moves` winning moves.
pub fn analyse(position: &str, options: &SolveOptions) -> Result<SolvedReport, SolveError> {
    let limit = options.moves;
    let position: CuboidPosition = position.parse()?;
    let longest = position.longest_side();
    if longest > TABLE_MAX_SIDE {
        return Err(SolveError::Unsupported(format!(
            "cuboid side {longest} is beyond the supported maximum of {TABLE_MAX_SIDE}: \
             {TABLE_LIMIT_REASON}"
        )));
    }
    let table = table_for(longest, options)?;
    let sum = analyse_sum(&table, &position, limit)
        .map_err(|error| SolveError::Unsupported(error.to_string()))?;
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
    Ok(SolvedReport {
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

/// Answers the IDI Open 2018 contest input with sides up to [`TABLE_MAX_SIDE`], from the
/// table the options choose.
pub fn answer_contest(input: &[u8], options: &SolveOptions) -> Result<String, SolveError> {
    let contest = ContestInput::read(input, TABLE_MAX_SIDE, TABLE_LIMIT_REASON)?;
    let table = table_for(contest.longest_side(), options)?;
    contest
        .answer(&table)
        .map_err(|error| SolveError::Unsupported(error.to_string()))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::report::Outcome;

    fn in_memory() -> SolveOptions<'static> {
        SolveOptions {
            no_cache: true,
            ..SolveOptions::default()
        }
    }

    #[test]
    fn a_small_sum_has_its_value_and_remoteness() {
        let report = analyse("1x1x1", &in_memory()).unwrap();
        assert_eq!(report.outcome, Outcome::Win);
        assert_eq!(report.grundy, Some(1));
        assert_eq!(report.best_move.as_deref(), Some("1:0,0,0"));
        assert_eq!(report.remoteness.map(|r| r.moves), Some(1));
    }

    #[test]
    fn sides_beyond_the_table_are_refused_with_the_limit() {
        let error = analyse("1x1x129", &in_memory()).unwrap_err().to_string();
        assert!(
            error.contains("beyond the supported maximum of 128"),
            "{error}"
        );
    }

    #[test]
    fn the_contest_names_the_winner() {
        let output = answer_contest(b"RUBEN\n1\n1 1 1\n", &in_memory()).unwrap();
        assert_eq!(output, "RUBEN\n");
    }

    #[test]
    fn the_options_choose_the_source() {
        let path = std::path::PathBuf::from("t.table");
        let named = SolveOptions {
            table: Some(&path),
            ..SolveOptions::default()
        };
        assert_eq!(source(&named), TableSource::File(path.clone()));
        assert_eq!(source(&in_memory()), TableSource::Build);
        assert_eq!(source(&SolveOptions::default()), TableSource::Cache);
    }
}
