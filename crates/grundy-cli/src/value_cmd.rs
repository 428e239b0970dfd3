//! `grundy value EXPR`: the canonical form and the standard quantities of a short partizan
//! game written in CGSuite-style notation (see docs/partizan.md). All of it comes from
//! `grundy::cgt`. An expression that writes `∞` (or `inf`) is a sum of loopy impartial
//! values instead, answered by [`crate::value_loopy_impartial`]; one with `pass`, a named
//! position, `on`, `over`, `&` … is a loopy partizan game, answered by
//! [`crate::value_loopy_partizan`] (docs/loopy.md).

use std::fmt::Write as _;
use std::sync::Arc;

use grundy::cgt::bounds::DEFAULT_MEMORY_LIMIT;
use grundy::cgt::{Interrupted, Limits, PrintedPoint, PrintedSummary, ValueStore};
use grundy::report::Observer;

use crate::error::CliError;
use crate::observer::Terminal;
use crate::value_args::ValueArgs;

/// Runs `grundy value`: a loopy expression (with `pass`, a named position, `on`, `over`,
/// `&` …) goes to the loopy values; every other text is read as a short game, as always.
pub fn run(args: &ValueArgs) -> Result<String, CliError> {
    if grundy::loopy::notation::is_loopy(&args.expression) {
        return crate::value_loopy_impartial::run(args);
    }
    if grundy::cgt::loopy::is_loopy(&args.expression) {
        return crate::value_loopy_partizan::run(args);
    }
    let mut store = ValueStore::new();
    let stop = crate::solve::stop_at(args.time_limit);
    let limits_stop = stop.clone();
    let memory_limit = args
        .memory_limit
        .map_or(DEFAULT_MEMORY_LIMIT, crate::solve::megabytes);
    let terminal = Arc::new(Terminal::new());
    let observer = terminal.clone();
    let limits = Limits::new(limits_stop, Some(memory_limit)).report(move |size, _| {
        observer.working(
            "valuing",
            &format!(
                "{} values in the store, about {} MB",
                size.values,
                size.bytes / 1_000_000
            ),
        )
    });
    let answer = store.bounded(limits, |store| {
        let game = store.evaluate(&args.expression)?;
        let picture = args
            .thermograph
            .as_ref()
            .map(|_| store.thermograph_svg(game));
        Ok::<_, grundy::cgt::NotationError>((store.summary(game), picture))
    });
    terminal.finish();
    let (summary, picture) = match answer {
        Ok(answer) => answer.map_err(grundy::error::ParseError::from)?,
        Err(Interrupted::Stopped(stopped)) => {
            return Err(CliError::stopped(stopped, args.time_limit))
        }
        Err(too_large) => {
            return Err(CliError::TooLarge(format!(
                "the value is too large to compute in the memory limit: {too_large}"
            )))
        }
    };
    // Long numbers take a while to write out: the stop holds there too.
    let summary = summary
        .printed(&stop)
        .map_err(|stopped| CliError::stopped(stopped, args.time_limit))?;
    if let (Some(path), Some(picture)) = (&args.thermograph, picture) {
        crate::interrupt::writing(|| std::fs::write(path, picture))
            .map_err(CliError::file(path, "write the thermograph to"))?;
    }
    let mut out = if args.json {
        let json = serde_json::to_string(&summary).map_err(std::io::Error::other)?;
        format!("{json}\n")
    } else {
        to_text(&summary)
    };
    if let (Some(path), false) = (&args.thermograph, args.json) {
        let _ = writeln!(out, "thermograph written to {}", path.display());
    }
    Ok(out)
}

fn walls(points: &[PrintedPoint]) -> String {
    points
        .iter()
        .map(|p| format!("({}, {})", p.temperature, p.value))
        .collect::<Vec<_>>()
        .join(" ")
}

fn to_text(summary: &PrintedSummary) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "canonical form: {}", summary.canonical);
    let _ = writeln!(
        out,
        "outcome: {} ({})",
        summary.outcome, summary.outcome_meaning
    );
    let _ = writeln!(out, "left stop: {}", summary.left_stop);
    let _ = writeln!(out, "right stop: {}", summary.right_stop);
    let _ = writeln!(out, "mean: {}", summary.mean);
    let _ = writeln!(out, "temperature: {}", summary.temperature);
    let _ = writeln!(
        out,
        "thermograph: left wall {}, right wall {}, mast {} above t = {}",
        walls(&summary.left_wall),
        walls(&summary.right_wall),
        summary.mean,
        summary.temperature
    );
    match &summary.atomic_weight {
        Some(weight) => {
            let _ = writeln!(out, "atomic weight: {weight}");
        }
        None => {
            let _ = writeln!(out, "atomic weight: none (not all-small)");
        }
    }
    let _ = writeln!(out, "birthday: {}", summary.birthday);
    out
}
