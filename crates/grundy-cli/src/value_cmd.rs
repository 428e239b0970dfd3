//! `grundy value EXPR`: the canonical form and the standard quantities of a short partizan
//! game written in CGSuite-style notation (see docs/partizan.md). All of it comes from
//! `grundy::cgt`.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::Args;
use grundy::cgt::{Summary, ValueStore, WallPoint};

use crate::error::CliError;

/// Arguments of `grundy value`.
#[derive(Debug, Args)]
pub struct ValueArgs {
    /// The game: a value or an expression such as `{2|-1}`, `^*`, `±1`, `{2||1|0}`,
    /// `{1|0} + ^ - (1/2 + *)`, in one argument: quote it in the shell (`*`, `|` and `{`
    /// mean something there). It may begin with a minus sign (`-1/2`).
    #[arg(allow_hyphen_values = true, value_name = "EXPR")]
    pub expression: String,
    /// Print the summary as one line of JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the thermograph as an SVG picture to FILE.
    #[arg(long, value_name = "FILE")]
    pub thermograph: Option<PathBuf>,
}

/// Runs `grundy value`.
pub fn run(args: &ValueArgs) -> Result<String, CliError> {
    let mut store = ValueStore::new();
    let game = store
        .evaluate(&args.expression)
        .map_err(grundy::ParseError::from)?;
    let summary = store.summary(game);
    if let Some(path) = &args.thermograph {
        std::fs::write(path, store.thermograph_svg(game))
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

fn walls(points: &[WallPoint]) -> String {
    points
        .iter()
        .map(|p| format!("({}, {})", p.temperature, p.value))
        .collect::<Vec<_>>()
        .join(" ")
}

fn to_text(summary: &Summary) -> String {
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
