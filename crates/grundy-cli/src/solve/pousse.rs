//! `grundy solve pousse`: the engine's best move, evaluation and principal variation.
//!
//! Pousse is won by search, not by Grundy values, so it has its own report: the best move,
//! the evaluation (a proven win or loss with its distance in moves when the search proves
//! one), the principal variation and the search statistics.

use std::fmt::Write as _;
use std::time::Duration;

use grundy::games::pousse::retrograde::{Table, Value, MAX_SOLVED_SIZE};
use grundy::games::pousse::search::{Engine, Limits, Score};
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
    let report = if game.position().board.size().get() <= 8 {
        let game: Game<BitBoard> = Game::from_notation(&args.position, rules)?;
        analyse(&game, args)
    } else {
        analyse(&game, args)
    };
    Ok(if args.json {
        serde_json::to_string(&report)
            .map_or_else(|e| format!("{{\"error\":\"{e}\"}}\n"), |j| j + "\n")
    } else {
        to_text(&report)
    })
}

fn analyse<B: Board>(game: &Game<B>, args: &SolveArgs) -> Report {
    let limits = Limits {
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
    };
    let result = Engine::new(1 << 20).search(game, &limits);
    let position = game.position();
    let mut notes = Vec::new();
    let mut evaluation = Evaluation::from(result.score);
    let n = position.board.size().get();
    let mut best_move = result.best_move.map(|m| m.to_string());
    let mut pv: Vec<String> = result.pv.iter().map(ToString::to_string).collect();
    if game.rules() == RuleSet::Waterloo && n <= MAX_SOLVED_SIZE && game.status() == Status::Ongoing
    {
        if let Ok(table) = Table::solve(n) {
            if let Some(value) = table.value(position) {
                evaluation = Evaluation::from(value);
                let line = table_line(&table, position, 12);
                best_move = line.first().cloned();
                pv = line;
                notes.push(
                    "value and line exact, from the retrograde table of the whole board".into(),
                );
            }
        }
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
        depth: result.depth,
        nodes: result.nodes,
        time_ms: result.elapsed.as_millis() as u64,
        diagram: position.diagram(),
        notes,
    }
}

/// Perfect play from the table, at most `limit` moves, in notation.
fn table_line<B: Board>(
    table: &Table,
    position: &grundy::games::pousse::Position<B>,
    limit: usize,
) -> Vec<String> {
    table
        .best_line(position, limit)
        .iter()
        .map(ToString::to_string)
        .collect()
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
    let _ = writeln!(
        text,
        "search: depth {}, {} nodes, {} ms",
        report.depth, report.nodes, report.time_ms
    );
    for note in &report.notes {
        let _ = writeln!(text, "note: {note}");
    }
    text
}
