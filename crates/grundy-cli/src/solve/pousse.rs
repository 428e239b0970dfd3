//! `grundy solve pousse`: the engine's best move, evaluation and principal variation.
//!
//! Pousse is won by search, not by Grundy values, so it has its own report: the best move,
//! the evaluation (a proven win or loss with its distance in moves when the search proves
//! one), the principal variation and the search statistics. When a solved table covers the
//! board (`--table FILE`, else boards up to 3 × 3 solved in memory and the 4 × 4 table at the
//! default location), the table answers instead of the search: exactly under the Waterloo
//! rules, and under the ICFP rule whenever the game's past cannot interfere (see
//! `grundy::games::pousse::solved::icfp`).

use std::fmt::Write as _;
use std::time::Duration;

use std::sync::Arc;

use grundy::games::pousse::retrograde::Value;
use grundy::games::pousse::search::{Engine, Limits, Score};
use grundy::games::pousse::solved::icfp::verdict;
use grundy::games::pousse::solved::{table_for_size, table_from_file, SolvedTable};
use grundy::games::pousse::{BitBoard, Board, Game, GeneralBoard, RuleSet, Status};
use serde::Serialize;

use crate::error::CliError;

use super::SolveArgs;

/// The search time when neither `--movetime` nor `--depth` is given.
const DEFAULT_MOVETIME_MS: u64 = 1000;

/// The evaluation as JSON: a kind and a number.
#[derive(Debug, Serialize)]
struct Evaluation {
    /// `eval` (heuristic, side to move), `win` or `loss` (proven, in moves), `draw` (proven
    /// by the retrograde table: neither side can force an end).
    kind: &'static str,
    value: i64,
}

impl From<Score> for Evaluation {
    /// The engine's score: heuristic, or proven with its distance.
    fn from(score: Score) -> Self {
        let (kind, value) = match score {
            Score::Eval(v) => ("eval", i64::from(v)),
            Score::Win(d) => ("win", i64::from(d)),
            Score::Loss(d) => ("loss", i64::from(d)),
        };
        Evaluation { kind, value }
    }
}

impl From<Value> for Evaluation {
    /// The retrograde table's exact value.
    fn from(value: Value) -> Self {
        let (kind, value) = match value {
            Value::Win(d) => ("win", i64::from(d)),
            Value::Loss(d) => ("loss", i64::from(d)),
            Value::Draw => ("draw", 0),
        };
        Evaluation { kind, value }
    }
}

#[derive(Debug, Serialize)]
struct Report {
    game: &'static str,
    position: String,
    rules: String,
    to_move: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    best_move: Option<String>,
    evaluation: Evaluation,
    pv: Vec<String>,
    /// `table` when a solved table answered, `search` when the engine did.
    source: &'static str,
    depth: u32,
    nodes: u64,
    time_ms: u64,
    #[serde(skip)]
    diagram: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    notes: Vec<String>,
}

/// Analyses a Pousse position (`6:L1,T3,R2` or a diagram) and returns the text to print.
pub fn run(args: &SolveArgs) -> Result<String, CliError> {
    let rules: RuleSet = args.rules.parse()?;
    let game: Game<GeneralBoard> = Game::from_notation(&args.position, rules)?;
    let n = game.position().board.size().get();
    let mut notes = Vec::new();
    let table: Option<Arc<SolvedTable>> = match &args.table {
        Some(path) => Some(table_from_file(path, n)?),
        None => table_for_size(n).unwrap_or_else(|error| {
            notes.push(format!("table not used: {error}"));
            None
        }),
    };
    let report = if n <= 8 {
        let game: Game<BitBoard> = Game::from_notation(&args.position, rules)?;
        analyse(&game, args, table.as_deref(), notes)
    } else {
        analyse(&game, args, table.as_deref(), notes)
    };
    Ok(if args.json {
        serde_json::to_string(&report)
            .map_or_else(|e| format!("{{\"error\":\"{e}\"}}\n"), |j| j + "\n")
    } else {
        to_text(&report)
    })
}

fn analyse<B: Board>(
    game: &Game<B>,
    args: &SolveArgs,
    table: Option<&SolvedTable>,
    mut notes: Vec<String>,
) -> Report {
    let position = game.position();
    let proven = table.and_then(|table| verdict(table, game, 12));
    let (evaluation, best_move, pv, depth, nodes, time_ms) = match &proven {
        Some(found) => (
            Evaluation::from(found.value),
            found.best.map(|m| m.to_string()),
            found.line.iter().map(ToString::to_string).collect(),
            0,
            0,
            0,
        ),
        None => {
            let result = Engine::new(1 << 20).search(game, &limits(args));
            (
                Evaluation::from(result.score),
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
        Status::Won {
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
        Status::Ongoing => None,
    };
    Report {
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

/// The search limits from the command line.
fn limits(args: &SolveArgs) -> Limits {
    Limits {
        depth: args.depth,
        nodes: None,
        movetime: match (args.movetime, args.depth) {
            (Some(ms), _) => Some(Duration::from_millis(ms)),
            (None, Some(_)) => None,
            (None, None) => Some(Duration::from_millis(DEFAULT_MOVETIME_MS)),
        },
        threads: args.threads.unwrap_or(match (args.movetime, args.depth) {
            (None, Some(_)) => 1,
            _ => 2,
        }),
    }
}

fn plural(count: i64) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

fn to_text(report: &Report) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "pousse {} ({} rules)", report.position, report.rules);
    text.push_str(&report.diagram);
    let _ = writeln!(text, "to move: {}", report.to_move);
    if let Some(best) = &report.best_move {
        let _ = writeln!(text, "best move: {best}");
    }
    let value = report.evaluation.value;
    let evaluation = match report.evaluation.kind {
        "win" => format!("win in {value} move{} (proven)", plural(value)),
        "loss" => format!("loss in {value} move{} (proven)", plural(value)),
        "draw" => "draw: neither side can force an end (proven)".to_string(),
        _ => format!("{value:+} (heuristic, for the side to move)"),
    };
    let _ = writeln!(text, "evaluation: {evaluation}");
    if !report.pv.is_empty() {
        let _ = writeln!(text, "principal variation: {}", report.pv.join(" "));
    }
    if report.source == "search" {
        let _ = writeln!(
            text,
            "search: depth {}, {} nodes, {} ms",
            report.depth, report.nodes, report.time_ms
        );
    }
    for note in &report.notes {
        let _ = writeln!(text, "note: {note}");
    }
    text
}
