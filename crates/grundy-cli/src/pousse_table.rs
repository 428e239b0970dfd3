//! `grundy solve-table pousse N`: the retrograde analysis of every N × N Pousse position
//! under the Waterloo rules, written to a table file that `solve`, `play`, `engine`, `match`
//! and `tournament` then read. A progress bar goes to standard error when it is a terminal.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use grundy::games::pousse::solved::retrograde::Value;
use grundy::games::pousse::solved::{
    default_table_path, Progress, SolvedTable, Summary, MAX_TABLE_SIZE,
};
use grundy::tables::{TableError, TABLE_DIR_VARIABLE};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::error::CliError;

/// The games with solved tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TableGame {
    /// Pousse under the Waterloo rules (no repetition rule), boards 1 × 1 to 4 × 4.
    Pousse,
}

/// Arguments of `grundy solve-table`.
#[derive(Debug, Args)]
pub struct SolveTableArgs {
    /// The game.
    pub game: TableGame,
    /// The board size (1 to 4).
    pub size: usize,
    /// The table file to write (default: `pousse-N.table` in `$GRUNDY_TABLE_DIR`, else
    /// `$XDG_CACHE_HOME/grundy`, else `~/.cache/grundy`).
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// No progress bar, even on a terminal.
    #[arg(long)]
    pub quiet: bool,
}

/// Builds the table, writes it and returns the summary to print.
pub fn run(args: &SolveTableArgs) -> Result<String, CliError> {
    if !(1..=MAX_TABLE_SIZE).contains(&args.size) {
        return Err(CliError::Usage(format!(
            "solved Pousse tables cover board sizes 1 to {MAX_TABLE_SIZE}, not {}",
            args.size
        )));
    }
    let path = match &args.output {
        Some(path) => path.clone(),
        None => default_table_path(args.size).ok_or_else(|| {
            CliError::Usage(format!(
                "no table folder: set {TABLE_DIR_VARIABLE}, XDG_CACHE_HOME or HOME, or give --output"
            ))
        })?,
    };
    let bar = ProgressBar::with_draw_target(
        None,
        if !args.quiet && std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        },
    );
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix:>10} {msg:<16} [{bar:32}] {percent:>3}% {human_pos}/{human_len} boards, {elapsed}",
        )
        .map_err(|e| CliError::Usage(e.to_string()))?
        .progress_chars("=> "),
    );
    let levels = Mutex::new(0u32);
    let started = Instant::now();
    // The build takes no stop: Ctrl-C ends it at once, before anything is written (or once
    // the table file is whole).
    crate::interrupt::exit_on_interrupt(
        || {},
        "stopped by Ctrl-C; no table was written, or the table file is whole",
    );
    let table = SolvedTable::solve_with_progress(args.size, &|event| match event {
        Progress::Step { level, task, work } => {
            bar.set_prefix(format!("level {level}"));
            bar.set_message(task);
            bar.set_length(work);
            bar.set_position(0);
        }
        Progress::Advance(boards) => bar.inc(boards),
        Progress::Finished { levels: last } => {
            if let Ok(mut levels) = levels.lock() {
                *levels = last;
            }
        }
    })?;
    let solved_in = started.elapsed();
    bar.set_prefix("writing");
    bar.set_message(path.display().to_string());
    crate::interrupt::writing(|| table.write(&path)).map_err(|error| {
        CliError::Table(TableError::from(error)).table_named(args.output.is_some())
    })?;
    bar.finish_and_clear();
    let levels = levels.lock().map_or(0, |levels| *levels);
    Ok(report(&table, &path, levels, solved_in))
}

fn describe(value: Value) -> String {
    match value {
        Value::Win(d) => format!("first player (X) wins in {d} moves"),
        Value::Loss(d) => format!("first player (X) loses in {d} moves"),
        Value::Draw => "draw: neither side can force an end".to_string(),
    }
}

fn report(table: &SolvedTable, path: &std::path::Path, levels: u32, time: Duration) -> String {
    let Summary {
        boards,
        won,
        lost,
        drawn,
        terminal_won,
        terminal_lost,
        longest_win,
        longest_loss,
    } = table.summary();
    let n = table.size().get();
    let mut text = String::new();
    let _ = writeln!(
        text,
        "pousse {n}x{n} solved (waterloo rules) in {:.1} s, {levels} levels",
        time.as_secs_f64()
    );
    let _ = writeln!(text, "table: {}", path.display());
    let _ = writeln!(text, "start position: {}", describe(table.start_value()));
    let _ = writeln!(
        text,
        "positions: {} ({boards} boards, each with either side to move)",
        2 * boards
    );
    let _ = writeln!(
        text,
        "won by the side to move: {} (longest win {longest_win} moves)",
        2 * won
    );
    let _ = writeln!(
        text,
        "lost by the side to move: {} (longest loss {longest_loss} moves)",
        2 * lost
    );
    let _ = writeln!(text, "drawn: {}", 2 * drawn);
    let _ = writeln!(
        text,
        "terminal (straights differ): {} ({} won, {} lost by the side to move)",
        2 * (terminal_won + terminal_lost),
        2 * terminal_won,
        2 * terminal_lost
    );
    text
}
