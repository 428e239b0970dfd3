//! `grundy tournament merge RECORD...`: joins the records of a tournament's shards and prints
//! the results table of the whole tournament, as one unsharded run prints it.

use std::path::PathBuf;

use clap::Parser;
use grundy_arena::merge::merge;
use grundy_arena::tournament;

use crate::error::CliError;

/// Joins the records of a sharded tournament (`grundy tournament --shard K/N --record FILE`)
/// and prints its results table; every game of the schedule must be in exactly one record.
#[derive(Debug, Parser)]
#[command(name = "grundy tournament merge", version)]
pub struct MergeArgs {
    /// The shards' record files (JSON Lines, each starting with its tournament header).
    #[arg(value_name = "RECORD", required = true)]
    pub records: Vec<PathBuf>,
}

/// Checks and joins the records; returns the results table.
pub fn run(args: &MergeArgs) -> Result<String, CliError> {
    let merged = merge(&args.records).map_err(|error| CliError::Usage(error.to_string()))?;
    eprintln!(
        "grundy: merged {} record(s): all {} games of the tournament, each once",
        merged.files,
        merged.records.len()
    );
    let standings = tournament::standings(&merged.identity.players, &merged.records);
    Ok(tournament::results_table(&standings))
}
