//! What a long computation tells the person at the terminal while it runs: a progress bar
//! on standard error when a large table is built and standard error is a terminal, and the
//! notes about cached tables.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

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

/// How often work of unknown size is shown, and how long it runs before it is shown at all.
const STATUS_EVERY: Duration = Duration::from_secs(1);

/// The observer of the command line: progress bars and notes on standard error.
#[derive(Debug)]
pub struct Terminal {
    /// The bar of the task under way, made on its first report.
    bar: Mutex<Option<ProgressBar>>,
    /// When the command started.
    started: Instant,
    /// When a line of work under way was last shown.
    last_status: Mutex<Option<Instant>>,
}

impl Default for Terminal {
    fn default() -> Self {
        Terminal {
            bar: Mutex::new(None),
            started: Instant::now(),
            last_status: Mutex::new(None),
        }
    }
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

    /// A line on standard error once the work has run a second, then at most once a second
    /// (a terminal or not: the lines are few and say what is being waited for).
    fn working(&self, task: &str, status: &str) {
        let Ok(mut last) = self.last_status.lock() else {
            return;
        };
        let now = Instant::now();
        let since = last.unwrap_or(self.started);
        if now.duration_since(since) >= STATUS_EVERY {
            *last = Some(now);
            let elapsed = now.duration_since(self.started).as_secs_f64();
            eprintln!("grundy: {task}: {status} ({elapsed:.0} s)");
        }
    }

    fn note(&self, text: &str) {
        self.finish();
        eprintln!("grundy: note: {text}");
    }
}
