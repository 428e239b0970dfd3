//! The cuboid table behind `solve cuboid` and `batch cuboid`: kept on disk between runs
//! (`--table FILE`, `--no-cache`; docs/cuboid-table.md), with a progress bar on standard
//! error while a large one is built, when standard error is a terminal.

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::Args;
use grundy::games::cuboid::cache::{obtain, TableSource};
use grundy::games::cuboid::{total_work, CuboidTable, CONTEST_MAX_SIDE};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::error::CliError;

/// Builds examining more slicing options than this (side 95 and up: about 0.7 s of CPU, a
/// second or more of wall-clock time on a busy machine) show a progress bar.
const PROGRESS_WORK: u64 = 2_000_000_000;

/// Where `batch cuboid` finds its table (`solve` has the same options among its own).
#[derive(Debug, Args)]
pub struct CuboidTableArgs {
    /// Cuboid only: the table file to read, or to build and write when it does not exist
    /// (default: the smallest `cuboid-N.table` that covers the sides in `$GRUNDY_TABLE_DIR`,
    /// else `$XDG_CACHE_HOME/grundy`, else `~/.cache/grundy`; see docs/cuboid-table.md).
    #[arg(long, value_name = "FILE", conflicts_with = "no_cache")]
    pub table: Option<PathBuf>,
    /// Cuboid only: build the table in memory; read and write no table file.
    #[arg(long)]
    pub no_cache: bool,
}

/// The source the options choose.
pub fn source(table: Option<&PathBuf>, no_cache: bool) -> TableSource {
    match (table, no_cache) {
        (Some(path), _) => TableSource::File(path.clone()),
        (None, true) => TableSource::Build,
        (None, false) => TableSource::Cache,
    }
}

/// A table that knows every side up to `side`, from `source`; the notes about the cache go
/// to standard error.
pub fn table_for(side: u32, source: &TableSource) -> Result<CuboidTable, CliError> {
    let work = total_work(side.max(CONTEST_MAX_SIDE));
    let shown = work > PROGRESS_WORK && std::io::stderr().is_terminal();
    let bar = ProgressBar::with_draw_target(
        Some(work),
        if shown {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        },
    );
    if let Ok(style) = ProgressStyle::with_template(
        "building the cuboid table [{bar:32}] {percent:>3}% {elapsed} (eta {eta})",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    let obtained = obtain(side, source, &|done, _| bar.set_position(done));
    bar.finish_and_clear();
    let obtained = obtained?;
    for note in &obtained.notes {
        eprintln!("grundy: note: {note}");
    }
    Ok(obtained.table)
}
