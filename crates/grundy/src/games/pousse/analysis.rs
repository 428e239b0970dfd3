//! The report of `grundy solve pousse`: the engine's best move, evaluation and principal
//! variation.
//!
//! Pousse is won by search, not by Grundy values, so its report is a [`SearchReport`]: the
//! best move, the evaluation (a proven win or loss with its distance in moves when the
//! search proves one), the principal variation and the search statistics. When a solved
//! table covers the board (the options' table file, else boards up to 3 × 3 solved in memory
//! and the 4 × 4 table at the default location), the table answers instead of the search:
//! exactly under the Waterloo rules, and under the ICFP rule whenever the game's past cannot
//! interfere (see [`icfp`](crate::games::pousse::solved::icfp)).

use std::sync::Arc;
use std::time::Duration;

use crate::games::pousse::solved::retrograde::Value;
use crate::games::pousse::engine::search::{PousseEngine, SearchLimits, Score};
use crate::games::pousse::solved::icfp::verdict;
use crate::games::pousse::solved::{table_for_size, table_from_file, SolvedTable};
use crate::games::pousse::{BitBoard, Board, BoardGame, GeneralBoard, RuleSet, PousseStatus};
use crate::report::{Evaluation, SearchReport, SolveError, SolveOptions};

/// The search time when neither a movetime nor a depth is given.
const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);

/// The length of the line a solved table gives.
const TABLE_LINE: usize = 12;

/// The engine's score as an evaluation: heuristic, or proven with its distance.
fn from_score(score: Score) -> Evaluation {
    let (kind, value) = match score {
        Score::Eval(v) => ("eval", i64::from(v)),
        Score::Win(d) => ("win", i64::from(d)),
        Score::Loss(d) => ("loss", i64::from(d)),
    };
    Evaluation { kind, value }
}

/// The retrograde table's exact value as an evaluation.
fn from_value(value: Value) -> Evaluation {
    let (kind, value) = match value {
        Value::Win(d) => ("win", i64::from(d)),
        Value::Loss(d) => ("loss", i64::from(d)),
        Value::Draw => ("draw", 0),
    };
    Evaluation { kind, value }
}

/// Analyses a Pousse position (`6:L1,T3,R2` or a diagram) under `rules`, searching within
/// the options' movetime, depth and threads.
pub fn analyse(
    position: &str,
    rules: RuleSet,
    options: &SolveOptions,
) -> Result<SearchReport, SolveError> {
    let game: BoardGame<GeneralBoard> = BoardGame::from_notation(position, rules)?;
    let n = game.position().board.size().get();
    let mut notes = Vec::new();
    let table: Option<Arc<SolvedTable>> = match options.table {
        Some(path) => Some(table_from_file(path, n)?),
        None => table_for_size(n).unwrap_or_else(|error| {
            notes.push(format!("table not used: {error}"));
            None
        }),
    };
    Ok(if n <= 8 {
        let game: BoardGame<BitBoard> = BoardGame::from_notation(position, rules)?;
        report(&game, options, table.as_deref(), notes)
    } else {
        report(&game, options, table.as_deref(), notes)
    })
}

fn report<B: Board>(
    game: &BoardGame<B>,
    options: &SolveOptions,
    table: Option<&SolvedTable>,
    mut notes: Vec<String>,
) -> SearchReport {
    let position = game.position();
    let proven = table.and_then(|table| verdict(table, game, TABLE_LINE));
    let (evaluation, best_move, pv, depth, nodes, time_ms) = match &proven {
        Some(found) => (
            from_value(found.value),
            found.best.map(|m| m.to_string()),
            found.line.iter().map(ToString::to_string).collect(),
            0,
            0,
            0,
        ),
        None => {
            let result = PousseEngine::new(1 << 20).search_until(game, &limits(options), options.stop);
            (
                from_score(result.score),
                result.best_move.map(|m| m.to_string()),
                result
                    .pv
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>(),
                result.depth,
                result.nodes,
                result.elapsed.as_millis() as u64,
            )
        }
    };
    if let Some(found) = &proven {
        notes.push(if found.remoteness_exact {
            "value and line exact, from the solved table of the whole board".into()
        } else {
            "proven by the solved table: under the ICFP rule no state of this game can repeat \
             on its lines, so the distance is an upper bound"
                .into()
        });
    }
    let winner = match game.status() {
        PousseStatus::Won {
            winner,
            by_repetition,
        } => {
            notes.push(if by_repetition {
                format!("the game is over: {winner} won because the other side repeated a state")
            } else {
                format!("the game is over: {winner} won by straights")
            });
            Some(winner.to_string())
        }
        PousseStatus::Ongoing => None,
    };
    SearchReport {
        game: "pousse",
        position: position.to_string(),
        rules: game.rules().to_string(),
        to_move: position.to_move.to_string(),
        winner,
        best_move,
        evaluation,
        pv,
        source: if proven.is_some() { "table" } else { "search" },
        depth,
        nodes,
        time_ms,
        diagram: position.diagram(),
        notes,
    }
}

/// The search limits the options set.
fn limits(options: &SolveOptions) -> SearchLimits {
    SearchLimits {
        depth: options.depth,
        nodes: None,
        movetime: match (options.movetime, options.depth) {
            (Some(time), _) => Some(time),
            (None, Some(_)) => None,
            (None, None) => Some(DEFAULT_MOVETIME),
        },
        threads: options
            .threads
            .unwrap_or(match (options.movetime, options.depth) {
                (None, Some(_)) => 1,
                _ => 2,
            }),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_win_in_one_is_found_and_proven() {
        let options = SolveOptions {
            depth: Some(3),
            ..SolveOptions::default()
        };
        let report = analyse("XX./.../O.O:X", RuleSet::Icfp, &options).unwrap();
        assert_eq!(report.evaluation.kind, "win");
        assert_eq!(report.evaluation.value, 1);
        assert_eq!(report.rules, "icfp");
    }

    #[test]
    fn only_a_depth_searches_on_one_thread_without_a_clock() {
        let options = SolveOptions {
            depth: Some(4),
            ..SolveOptions::default()
        };
        let limits = limits(&options);
        assert_eq!(limits.threads, 1);
        assert_eq!(limits.movetime, None);
        let default = limits_of_default();
        assert_eq!(default.threads, 2);
        assert_eq!(default.movetime, Some(DEFAULT_MOVETIME));
    }

    fn limits_of_default() -> SearchLimits {
        limits(&SolveOptions::default())
    }
}
