//! A report of `grundy solve` as a person reads it (the JSON comes from the library).

use std::fmt::Write as _;

use grundy::report::Outcome;
use grundy::report::{LoopyImpartialReport, Report, SearchReport, SolvedReport, ValuedReport};

/// The report as a person reads it.
pub fn to_text(report: &Report) -> String {
    match report {
        Report::Solved(solved) => solved_text(solved),
        Report::Searched(searched) => searched_text(searched),
        Report::Valued(valued) => valued_text(valued),
        Report::LoopyImpartial(loopy) => loopy_impartial_text(loopy),
    }
}

/// A loopy impartial game's report: the value, the outcome with draws, the best move, the
/// winning and drawing moves, the remoteness, notes.
fn loopy_impartial_text(report: &LoopyImpartialReport) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "{} {}", report.game, report.position);
    if let (Some(value), Some(ascii)) = (&report.canonical, &report.ascii) {
        if value == ascii {
            let _ = writeln!(text, "value: {value}");
        } else {
            let _ = writeln!(text, "value: {value} (ASCII {ascii})");
        }
    }
    let _ = writeln!(
        text,
        "outcome: {} ({})",
        report.outcome, report.outcome_meaning
    );
    if let Some(best) = &report.best_move {
        let _ = writeln!(text, "best move: {best}");
    }
    for (kind, moves, count) in [
        ("winning", &report.winning_moves, &report.winning_move_count),
        ("drawing", &report.drawing_moves, &report.drawing_move_count),
    ] {
        if moves.is_empty() {
            continue;
        }
        let shown = moves.len().to_string();
        let more = if &shown == count {
            String::new()
        } else {
            format!(" (showing {shown})")
        };
        let _ = writeln!(text, "{kind} moves: {count}{more}: {}", moves.join(" "));
    }
    if let Some(moves) = report.remoteness {
        let _ = writeln!(text, "remoteness: {moves}");
    }
    for note in &report.notes {
        let _ = writeln!(text, "note: {note}");
    }
    text
}

/// A partizan game's report: the value and its figures, the components, each player's moves.
fn valued_text(report: &ValuedReport) -> String {
    let mut text = String::new();
    let to_move = match &report.to_move {
        Some(player) => format!(" ({player} to move)"),
        None => String::new(),
    };
    let _ = writeln!(text, "{} {}{to_move}", report.game, report.position);
    let _ = writeln!(text, "value: {}", report.canonical);
    let _ = writeln!(
        text,
        "outcome class: {} ({})",
        report.outcome, report.outcome_meaning
    );
    let mut figures = Vec::new();
    if let Some(kind) = &report.loopy_kind {
        figures.push(format!("loopy: {kind}"));
    }
    if let Some(temperature) = &report.temperature {
        figures.push(format!("temperature: {temperature}"));
    }
    if let Some(mean) = &report.mean {
        figures.push(format!("mean: {mean}"));
    }
    if let (Some(left), Some(right)) = (&report.left_stop, &report.right_stop) {
        figures.push(format!("stops: {left} (left), {right} (right)"));
    }
    if !figures.is_empty() {
        let _ = writeln!(text, "{}", figures.join("   "));
    }
    if let (Some(onside), Some(offside)) = (&report.onside, &report.offside) {
        if onside != offside {
            let _ = writeln!(text, "onside: {onside}   offside: {offside}");
        }
    }
    if report.components.len() > 1 {
        let _ = writeln!(text, "components: {}", report.components.len());
        for part in &report.components {
            let _ = writeln!(text, "  {}  = {}", part.position, part.value);
        }
    }
    for player in &report.players {
        let verdict = match (player.wins, player.draws) {
            (true, _) => "wins",
            (false, true) => "draws (neither player can force a win)",
            (false, false) => "loses",
        };
        let _ = write!(text, "{} moving first {verdict}", player.player);
        if let Some(moves) = player.remoteness {
            let _ = write!(text, " in {moves} move{}", plural(moves as i64));
        }
        text.push('\n');
        if let Some(best) = &player.best_move {
            let _ = writeln!(text, "  best move: {best}");
        }
        if player.wins || player.draws {
            let kind = if player.wins { "winning" } else { "drawing" };
            let shown = player.moves.len().to_string();
            let more = if shown == player.move_count {
                String::new()
            } else {
                format!(" (showing {shown})")
            };
            let _ = writeln!(
                text,
                "  {kind} moves: {}{more}: {}",
                player.move_count,
                player.moves.join(" ")
            );
        }
    }
    for note in &report.notes {
        let _ = writeln!(text, "note: {note}");
    }
    text
}

/// An exact solver's report: outcome, value, best and winning moves, remoteness, notes.
fn solved_text(report: &SolvedReport) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "{} {}", report.game, report.position);
    let verdict = match report.outcome {
        Outcome::Win => "the player to move wins",
        Outcome::Loss => "the player to move loses",
    };
    let _ = writeln!(text, "outcome: {verdict}");
    if let Some(grundy) = report.grundy {
        let _ = writeln!(text, "grundy value: {grundy}");
    }
    if let Some(best) = &report.best_move {
        let _ = writeln!(text, "best move: {best}");
    }
    if report.outcome == Outcome::Win {
        let shown = report.winning_moves.len().to_string();
        let more = if shown == report.winning_move_count {
            String::new()
        } else {
            format!(" (showing {shown})")
        };
        let _ = writeln!(
            text,
            "winning moves: {}{}: {}",
            report.winning_move_count,
            more,
            report.winning_moves.join(" ")
        );
    }
    if let Some(remoteness) = &report.remoteness {
        let _ = writeln!(text, "remoteness: {}", remoteness.moves);
    }
    for note in &report.notes {
        let _ = writeln!(text, "note: {note}");
    }
    text
}

fn plural(count: i64) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

/// A search's report: the diagram, the best move, the evaluation, the line, the statistics.
fn searched_text(report: &SearchReport) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{} {} ({} rules)",
        report.game, report.position, report.rules
    );
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
