//! `grundy value` on a loopy impartial expression (a sum of nimbers and `∞` values, such as
//! `∞{0,2} + *3`; docs/loopy.md): the value of the sum, its outcome (P, N or D) and which
//! parts to move in, to what. All of it comes from `grundy::loopy`; the sum is answered
//! from the values of its parts at once, without exploring it.

use std::fmt::Write as _;

use grundy::loopy::notation::parse_sum;
use grundy::loopy::sum::{Advice, SumSummary};
use grundy::loopy::SumOfValues;

use crate::error::CliError;
use crate::value_args::ValueArgs;

/// Runs `grundy value` on a loopy impartial expression.
pub fn run(args: &ValueArgs) -> Result<String, CliError> {
    if args.thermograph.is_some() {
        return Err(CliError::Usage(
            "a loopy impartial value has no thermograph (--thermograph is for short partizan \
             games)"
                .to_string(),
        ));
    }
    let parts = parse_sum(&args.expression).map_err(grundy::error::ParseError::from)?;
    let summary = SumOfValues::new(parts).summary();
    if args.json {
        let json = serde_json::to_string(&summary).map_err(std::io::Error::other)?;
        return Ok(format!("{json}\n"));
    }
    Ok(to_text(&summary))
}

/// One kind of move, for a person: parts are numbered from 1.
fn advice_line(summary: &SumSummary, advice: &Advice) -> String {
    format!(
        "  part {} ({}): {} ({})",
        advice.part + 1,
        summary.parts[advice.part],
        advice.to,
        if advice.certain {
            "its value shows it has such a move"
        } else {
            "where it has one"
        }
    )
}

fn to_text(summary: &SumSummary) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "value: {} (ASCII {})",
        summary.canonical, summary.ascii
    );
    let _ = writeln!(
        out,
        "outcome: {} ({})",
        summary.outcome, summary.outcome_meaning
    );
    if summary.parts.len() > 1 {
        let parts: Vec<String> = summary.parts.iter().map(ToString::to_string).collect();
        let _ = writeln!(out, "parts: {}", parts.join(" + "));
    }
    for (name, moves, none) in [
        (
            "winning moves",
            &summary.winning_moves,
            "none (no move leaves the opponent lost)",
        ),
        (
            "drawing moves",
            &summary.drawing_moves,
            "none (the sum is not a draw)",
        ),
    ] {
        if moves.is_empty() {
            let _ = writeln!(out, "{name}: {none}");
        } else {
            let _ = writeln!(out, "{name}:");
            for advice in moves {
                let _ = writeln!(out, "{}", advice_line(summary, advice));
            }
        }
    }
    out
}
