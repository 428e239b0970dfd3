//! `grundy tournament merge RECORD...`: joins the records of a tournament's shards and prints
//! the results table of the whole tournament, as one unsharded run prints it; with
//! `--partial`, the table of the games played so far.

use std::path::{Path, PathBuf};

use clap::Parser;
use grundy_arena::merge::merge_observed;
use grundy_arena::tournament;

use crate::progress::bar_on_stderr;

use crate::error::CliError;

/// Joins the records of a sharded tournament (`grundy tournament --shard K/N --record FILE`)
/// and prints its results table; every game of the schedule must be in exactly one record.
#[derive(Debug, Parser)]
#[command(name = "grundy tournament merge", version)]
pub struct MergeArgs {
    /// The shards' record files (JSON Lines, each starting with its tournament header).
    #[arg(value_name = "RECORD", required = true)]
    pub records: Vec<PathBuf>,
    /// No progress bar on standard error (there is none when it is not a terminal, or when
    /// the records are small).
    #[arg(long)]
    pub quiet: bool,
    /// Count the games the records hold so far, even when games of the schedule are missing
    /// (a tournament still running or stopped); says how many are missing.
    #[arg(long)]
    pub partial: bool,
}

/// Records smaller than this in all (about half a second to read) show no progress bar.
const PROGRESS_BYTES: u64 = 50_000_000;

/// Checks and joins the records; returns the results table.
pub fn run(args: &MergeArgs) -> Result<String, CliError> {
    let size = |path: &Path| std::fs::metadata(path).map_or(0, |m| m.len());
    let total: u64 = args.records.iter().map(|p| size(p)).sum();
    let bar = bar_on_stderr(
        Some(total),
        !args.quiet && total > PROGRESS_BYTES,
        "reading records [{bar:32}] {bytes}/{total_bytes} {elapsed} (eta {eta})",
    );
    let merged = merge_observed(&args.records, args.partial, &|path| bar.inc(size(path)));
    bar.finish_and_clear();
    let merged = merged.map_err(|error| CliError::Usage(error.to_string()))?;
    for note in &merged.notes {
        eprintln!("grundy: {note}");
    }
    if merged.missing == 0 {
        eprintln!(
            "grundy: merged {} record(s): all {} games of the tournament, each once",
            merged.files,
            merged.records.len()
        );
    } else {
        eprintln!(
            "grundy: merged {} record(s): {} of the tournament's {} games so far, each once ({} not played yet)",
            merged.files,
            merged.records.len(),
            merged.scheduled,
            merged.missing
        );
    }
    let standings = tournament::standings(&merged.identity.players, &merged.records);
    Ok(tournament::results_table(&standings))
}
