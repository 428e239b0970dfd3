//! `grundy value` on a loopy expression (`{pass|3/2}`, `a{0|a} + on`, `over & v`): the
//! canonical stopper or the sided value, its outcome with draws, stops and the other facts
//! CGSuite gives. All of it comes from `grundy::cgt::loopy`.

use std::fmt::Write as _;
use std::sync::Arc;

use grundy::cgt::bounds::DEFAULT_MEMORY_LIMIT;
use grundy::cgt::loopy::{Budget, LoopyEngine, LoopyError, LoopySummary};
use grundy::cgt::{Interrupted, Limits, ValueStore};
use grundy::report::Observer;

use crate::error::CliError;
use crate::observer::Terminal;
use crate::value_args::ValueArgs;

/// Runs `grundy value` on a loopy expression.
pub fn run(args: &ValueArgs) -> Result<String, CliError> {
    if args.thermograph.is_some() {
        return Err(CliError::Usage(
            "--thermograph draws short games only; a loopy value has no thermograph here"
                .to_string(),
        ));
    }
    let stop = crate::solve::stop_at(args.time_limit);
    let memory_limit = args
        .memory_limit
        .map_or(DEFAULT_MEMORY_LIMIT, crate::solve::megabytes);
    let terminal = Arc::new(Terminal::new());
    let store_observer = terminal.clone();
    let limits = Limits::new(stop.clone(), Some(memory_limit)).report(move |size, _| {
        store_observer.working(
            "valuing",
            &format!("{} short values in the store", size.values),
        )
    });
    let loopy_observer = terminal.clone();
    let mut store = ValueStore::new();
    let answer = store.bounded(limits, |store| {
        let budget = Budget::new(stop, Some(memory_limit))
            .with_report(move |stage, _| loopy_observer.working(stage, "working"));
        let mut engine = LoopyEngine::with_budget(store, budget);
        let value = engine.evaluate(&args.expression)?;
        engine.summary(&value)
    });
    terminal.finish();
    let summary = match answer {
        Ok(Ok(summary)) => summary,
        Ok(Err(error)) => return Err(cli_error(error, args)),
        Err(Interrupted::Stopped(stopped)) => {
            return Err(CliError::stopped(stopped, args.time_limit))
        }
        Err(too_large) => {
            return Err(CliError::TooLarge(format!(
                "the value is too large to compute in the memory limit: {too_large}"
            )))
        }
    };
    if args.json {
        let json = serde_json::to_string(&summary).map_err(std::io::Error::other)?;
        return Ok(format!("{json}\n"));
    }
    Ok(to_text(&summary))
}

fn cli_error(error: LoopyError, args: &ValueArgs) -> CliError {
    match error {
        LoopyError::Notation(error) => CliError::Parse(error.into()),
        LoopyError::Stopped(stopped) => CliError::stopped(stopped, args.time_limit),
        LoopyError::OverMemory { .. } => CliError::TooLarge(format!(
            "the value is too large to compute in the memory limit: {error}"
        )),
        LoopyError::NotStopper(..)
        | LoopyError::OffsideAboveOnside { .. }
        | LoopyError::Undefined(_) => {
            CliError::Parse(grundy::error::ParseError::new(error.to_string()))
        }
        LoopyError::Internal(_) => CliError::Io(std::io::Error::other(error.to_string())),
    }
}

fn yes(flag: bool) -> &'static str {
    if flag {
        "yes"
    } else {
        "no"
    }
}

fn to_text(summary: &LoopySummary) -> String {
    let mut out = String::new();
    let kind = match summary.kind {
        "stopper" => "stopper (no infinite alternating play)",
        "stopper-sided" => "sided value, its onside and offside stoppers",
        _ => "sided value, its sides not stoppers (simplified, with no canonical form)",
    };
    if summary.kind == "stopper" {
        let _ = writeln!(out, "canonical form: {}", summary.canonical);
    } else {
        let _ = writeln!(out, "value: {}", summary.canonical);
    }
    let _ = writeln!(out, "kind: {kind}");
    let _ = writeln!(
        out,
        "outcome: {} ({})",
        summary.outcome, summary.outcome_meaning
    );
    if summary.kind != "stopper" {
        let _ = writeln!(out, "onside: {}", summary.onside);
        let _ = writeln!(out, "offside: {}", summary.offside);
    }
    if let (Some(left), Some(right)) = (&summary.left_stop, &summary.right_stop) {
        let _ = writeln!(out, "left stop: {left}");
        let _ = writeln!(out, "right stop: {right}");
    }
    let flags = [
        ("numberish", summary.numberish),
        ("infinitesimal", summary.infinitesimal),
        ("idempotent", Some(summary.idempotent)),
        ("plumtree", summary.plumtree),
        ("pseudonumber", summary.pseudonumber),
        ("number plus tiny or miny", summary.number_tiny),
    ];
    for (name, flag) in flags {
        if let Some(flag) = flag {
            let _ = writeln!(out, "{name}: {}", yes(flag));
        }
    }
    if let Some(degree) = &summary.degree {
        let _ = writeln!(out, "degree: {degree}");
    }
    match (&summary.variety, &summary.no_variety) {
        (Some(variety), _) => {
            let _ = writeln!(out, "variety: {variety}");
        }
        (None, Some(reason)) => {
            let _ = writeln!(out, "variety: none ({reason})");
        }
        (None, None) => {}
    }
    if let Some(stable) = summary.stable {
        let _ = writeln!(out, "stable: {}", yes(stable));
    }
    if let Some(count) = summary.follower_count {
        let _ = writeln!(out, "positions: {count}");
    }
    for (name, options) in [
        ("left options", &summary.left_options),
        ("right options", &summary.right_options),
    ] {
        match options {
            Some(options) if options.is_empty() => {
                let _ = writeln!(out, "{name}: none");
            }
            Some(options) => {
                let _ = writeln!(out, "{name}: {}", options.join(", "));
            }
            None => {}
        }
    }
    out
}
