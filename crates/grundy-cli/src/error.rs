//! What can go wrong in a command, and the exit code each failure maps to.

use std::path::{Path, PathBuf};

use grundy::error::ParseError;
use grundy::error::RuleError;
use grundy::impartial::heap_values::SequenceError;
use grundy::report::SolveError;
use grundy::stop::Stopped;
use grundy::tables::TableError;

/// A failed command.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The input (a position, a move, a contest file) could not be read.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// A move in the input breaks the rules.
    #[error("{0}")]
    Rule(#[from] RuleError),
    /// The request is well-formed but asks for something this command cannot do.
    #[error("{0}")]
    Usage(String),
    /// A table file is missing, damaged, of another size, or could not be written, or the
    /// position is beyond any table.
    #[error("{0}")]
    Table(#[from] TableError),
    /// The work was stopped at its time limit (`--time-limit`) before it found the answer.
    #[error("{0}")]
    Stopped(#[from] Stopped),
    /// A file the user named could not be read or written: the message names it and says
    /// what went wrong. A path the user gave is user input, so this is exit code 2.
    #[error("cannot {action} {}: {source}", path.display())]
    File {
        /// The file, as the user wrote it.
        path: PathBuf,
        /// What was being done: `write the thermograph to`, `read the record`.
        action: &'static str,
        /// The failure.
        source: std::io::Error,
    },
    /// A table file the user named (`--table FILE`, `--output FILE`) could not be written.
    /// The table's error names the file; unlike a table in the default folder, which is the
    /// machine's (exit code 1), it is the user's path (exit code 2).
    #[error("{0}")]
    NamedTable(TableError),
    /// Reading input or writing output failed.
    #[error("input/output error: {0}")]
    Io(#[from] std::io::Error),
    /// The work was stopped at its time limit (`--time-limit`), named here, before it found
    /// the answer.
    #[error("stopped at the time limit of {} s (--time-limit) before the answer was found", .0.as_secs_f64())]
    TimeLimit(std::time::Duration),
    /// The work passed its memory limit (`--memory-limit`) before it found the answer.
    #[error("{0} (--memory-limit MB sets the limit)")]
    TooLarge(String),
    /// The work was stopped by Ctrl-C (or SIGTERM) before it found the answer.
    #[error("stopped by Ctrl-C before the answer was found")]
    Interrupted,
}

impl From<SolveError> for CliError {
    /// The same failure, with the same exit code as before the solver moved to the library.
    fn from(error: SolveError) -> Self {
        match error {
            SolveError::Parse(error) => CliError::Parse(error),
            SolveError::Unsupported(message) => CliError::Usage(message),
            SolveError::Table(error) => CliError::Table(error),
            SolveError::Stopped(stopped) => CliError::stopped(stopped, None),
            SolveError::TooLarge(message) => CliError::TooLarge(message),
        }
    }
}

impl From<SequenceError> for CliError {
    fn from(error: SequenceError) -> Self {
        match error {
            SequenceError::Refused(error) => CliError::Parse(error),
            SequenceError::Stopped(stopped) => CliError::stopped(stopped, None),
        }
    }
}

impl CliError {
    /// A stopped computation: by Ctrl-C when one came, else by the time limit, named, when
    /// one was given.
    pub fn stopped(stopped: Stopped, time_limit: Option<std::time::Duration>) -> Self {
        match time_limit {
            _ if crate::interrupt::interrupted() => CliError::Interrupted,
            Some(limit) => CliError::TimeLimit(limit),
            None => CliError::Stopped(stopped),
        }
    }

    /// The error of `action` on the file at `path` that the user named, for `map_err`.
    pub fn file(path: &Path, action: &'static str) -> impl FnOnce(std::io::Error) -> Self {
        let path = path.to_path_buf();
        move |source| CliError::File {
            path,
            action,
            source,
        }
    }

    /// This error, when the table file it is about was named by the user (`named`): a
    /// table that could not be written is then the user's path, not the machine's failure.
    pub fn table_named(self, named: bool) -> Self {
        match self {
            CliError::Table(error) if named && error.is_unwritable() => CliError::NamedTable(error),
            other => other,
        }
    }

    /// 2 for anything wrong with what the user gave us (a path included), 1 for failures
    /// of the machine and the limits, 130 for Ctrl-C.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Interrupted => crate::interrupt::EXIT_STATUS,
            CliError::Parse(_) | CliError::Rule(_) | CliError::Usage(_) => 2,
            CliError::File { .. } | CliError::NamedTable(_) => 2,
            CliError::Table(error) if error.is_unwritable() => 1,
            CliError::Table(_) => 2,
            CliError::Io(_)
            | CliError::Stopped(_)
            | CliError::TimeLimit(_)
            | CliError::TooLarge(_) => 1,
        }
    }
}
