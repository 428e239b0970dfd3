//! What a long computation tells the person at the terminal while it runs: a progress bar
//! on standard error when a large table is built and standard error is a terminal, and the
//! notes about cached tables.

use std::path::PathBuf;
use std::sync::Mutex;

use clap::Args;
use grundy::report::Observer;
use indicatif::ProgressBar;

use crate::progress::bar_on_stderr;

/// Builds examining more slicing options than this (a cuboid table of side 95 and up: about
/// 0.7 s of CPU, a second or more of wall-clock time on a busy machine) show a progress bar.
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

/// The observer of the command line: progress bars and notes on standard error.
#[derive(Debug, Default)]
pub struct Terminal {
    /// The bar of the task under way, made on its first report.
    bar: Mutex<Option<ProgressBar>>,
}

impl Terminal {
    /// An observer with no bar yet.
    pub fn new() -> Self {
        Terminal::default()
    }

    /// Clears the bar, if one was drawn.
    pub fn finish(&self) {
        if let Ok(mut bar) = self.bar.lock() {
            if let Some(bar) = bar.take() {
                bar.finish_and_clear();
            }
        }
    }
}

impl Observer for Terminal {
    fn progress(&self, task: &str, done: u64, total: u64) {
        let Ok(mut slot) = self.bar.lock() else {
            return;
        };
        let bar = slot.get_or_insert_with(|| {
            bar_on_stderr(
                Some(total),
                total > PROGRESS_WORK,
                &format!("{task} [{{bar:32}}] {{percent:>3}}% {{elapsed}} (eta {{eta}})"),
            )
        });
        bar.set_position(done);
    }

    fn note(&self, text: &str) {
        self.finish();
        eprintln!("grundy: note: {text}");
    }
}
