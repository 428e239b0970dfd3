//! `grundy solve`: analysis of one position, for a person or (with `--json`) a program.
//!
//! The game is looked up in the registry by name; its entry's solver builds the report and
//! this module only formats it.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use grundy::registry;
use grundy::report::SolveOptions;
use grundy::stop::Stop;

use crate::error::CliError;
use crate::observer::Terminal;
use crate::report::to_text;

/// Arguments of `grundy solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The game, by name or alias (`grundy games` lists them).
    pub game: String,
    /// The position, in the game's notation (docs/notation.md).
    pub position: String,
    /// Families only: the heaps (or other rest of the position), joined to POSITION by a
    /// colon, so `grundy solve octal 0.137 5+7+12` solves `0.137:5+7+12`.
    pub rest: Option<String>,
    /// Print one line of JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Show at most this many winning moves (the count of all of them is always given).
    #[arg(long, default_value_t = 10)]
    pub moves: usize,
    /// Pousse only: search time in milliseconds (default 1000 unless --depth is given).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Pousse only: the deepest iteration to search.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Pousse only: the rule set, `icfp` (repeating a state loses; the default of `pousse`)
    /// or `waterloo` (no repetition rule; the rules of `pousse-waterloo`).
    #[arg(long)]
    pub rules: Option<String>,
    /// Pousse only: search threads (default 2; 1 when only --depth is given, so that the
    /// result is reproducible).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Pousse: a solved table file (from `grundy solve-table pousse N`) to answer from; by
    /// default the table at the default location is used when it exists
    /// (docs/pousse-table.md). Cuboid: the table file to read, or to build and write when it
    /// does not exist; by default the table folder serves as a cache (docs/cuboid-table.md).
    #[arg(long, value_name = "FILE", conflicts_with = "no_cache")]
    pub table: Option<PathBuf>,
    /// Cuboid only: build the table of Grundy values in memory; read and write no table file.
    #[arg(long)]
    pub no_cache: bool,
    /// Every game: give up after this many seconds (a decimal such as 0.5). A table build,
    /// a sequence, a search or a valuation then stops within a tenth of a second, and the
    /// command names the limit and exits with status 1. No limit by default; Ctrl-C stops
    /// any of them at any time, the same way, with status 130.
    #[arg(long, value_name = "SECONDS", value_parser = parse_time_limit)]
    pub time_limit: Option<Duration>,
    /// Partizan games (those valued in canonical form): give up, with status 1, once the
    /// valuation is estimated to hold more than this many megabytes (default 4000, which
    /// keeps the process under about 8 GB; docs/partizan.md). Impartial games valued by
    /// the generic memoised search, and misère searches: give up once their memo is
    /// estimated to hold more (default 4000).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub memory_limit: Option<u64>,
    /// Impartial games: misère play, where the player who makes the last move loses (the
    /// same as ending the position in `@misere`; docs/misere.md).
    #[arg(long)]
    pub misere: bool,
}

/// The stop of a command's `--time-limit` (its deadline from now, if any) and of Ctrl-C.
pub(crate) fn stop_at(time_limit: Option<Duration>) -> Stop {
    crate::interrupt::stop_within(time_limit)
}

/// A `--memory-limit` in megabytes, as bytes.
pub(crate) fn megabytes(megabytes: u64) -> usize {
    usize::try_from(megabytes.saturating_mul(1_000_000)).unwrap_or(usize::MAX)
}

/// Reads `--time-limit`: a positive number of seconds, at most a year.
pub(crate) fn parse_time_limit(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("\"{text}\" is not a number of seconds"))?;
    if !(seconds > 0.0 && seconds <= 365.0 * 86_400.0) {
        return Err(format!(
            "the time limit is a number of seconds above 0 and at most a year, got {text}"
        ));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// Runs `grundy solve` and returns what to print.
pub fn run(args: &SolveArgs) -> Result<String, CliError> {
    let game = registry::find(&args.game)?;
    let position = match &args.rest {
        None => args.position.clone(),
        Some(rest) if game.is_family() => format!("{}:{rest}", args.position),
        Some(rest) => {
            return Err(CliError::Usage(format!(
                "unexpected argument \"{rest}\": {game} takes one position (only a family \
                 such as takebreak takes its rules and its heaps as two arguments)"
            )))
        }
    };
    let position = if args.misere {
        grundy::misere_play::with_misere_term(&position)
    } else {
        position
    };
    let observer = Terminal::new();
    let stop = stop_at(args.time_limit);
    let options = SolveOptions {
        moves: args.moves,
        movetime: args.movetime.map(Duration::from_millis),
        depth: args.depth,
        threads: args.threads,
        rules: args.rules.as_deref(),
        table: args.table.as_deref(),
        no_cache: args.no_cache,
        observer: Some(&observer),
        memory_limit: args.memory_limit.map(megabytes),
        stop: &stop,
    };
    let report = game.solve(&position, &options);
    observer.finish();
    let report = report.map_err(|error| match (error, args.time_limit) {
        (grundy::report::SolveError::Stopped(stopped), time_limit) => {
            CliError::stopped(stopped, time_limit)
        }
        (error, _) => CliError::from(error).table_named(args.table.is_some()),
    })?;
    Ok(if args.json {
        report.to_json()
    } else {
        to_text(&report)
    })
}
