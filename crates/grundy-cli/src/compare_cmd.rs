//! `grundy tournament compare RECORD RECORD`: two records of one schedule (two builds of a
//! player, say, each in its own tournament on the same start positions) compared game by
//! game, with the sign test on the games whose results differ.

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use clap::Parser;
use grundy_arena::compare::{compare, comparison_table};
use grundy_arena::record::{read_games, GameRecord};

use crate::error::CliError;

/// Compares two records of the same schedule game by game: for every player, its score in
/// the games both records hold, how many of them went better for it in each record, and the
/// sign test's p-value on those (how likely so uneven a split is if neither is stronger).
#[derive(Debug, Parser)]
#[command(name = "grundy tournament compare", version)]
pub struct CompareArgs {
    /// The first record (JSON Lines, as `--record` writes it; a tournament still running may
    /// be compared as it stands).
    #[arg(value_name = "RECORD")]
    pub first: PathBuf,
    /// The second record, of the same schedule.
    #[arg(value_name = "RECORD")]
    pub second: PathBuf,
}

/// Reads a record that must exist; lines that cannot be read (a last line cut short by a
/// run still writing) are left out, the first few named, as everywhere records are read.
fn read(path: &Path) -> Result<Vec<GameRecord>, CliError> {
    if !path.is_file() {
        return Err(CliError::Usage(format!(
            "no record file {}",
            path.display()
        )));
    }
    let file = File::open(path).map_err(CliError::file(path, "read the record"))?;
    let read = read_games(BufReader::new(file), usize::MAX)
        .map_err(CliError::file(path, "read the record"))?;
    for line in &read.first_skipped {
        eprintln!("grundy: {} {line}; left out", path.display());
    }
    if read.skipped > read.first_skipped.len() {
        eprintln!(
            "grundy: {} more line(s) of {} are not games and were left out",
            read.skipped - read.first_skipped.len(),
            path.display()
        );
    }
    Ok(read.games)
}

/// Reads both records and returns the comparison table.
pub fn run(args: &CompareArgs) -> Result<String, CliError> {
    let first = read(&args.first)?;
    let second = read(&args.second)?;
    let comparison = compare(&first, &second).map_err(|error| {
        CliError::Usage(format!(
            "{} and {}: {error}",
            args.first.display(),
            args.second.display()
        ))
    })?;
    eprintln!(
        "grundy: {} games in both records; {} only in the first ({}), {} only in the second ({})",
        comparison.shared,
        comparison.only[0],
        args.first.display(),
        comparison.only[1],
        args.second.display()
    );
    Ok(comparison_table(&comparison))
}
