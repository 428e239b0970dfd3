//! A table file that cannot be used: which file, and what is wrong with it.
//!
//! Each game describes the ways its format can be wrong in a [`FormatProblem`] of its own
//! (a wrong board size means nothing to the cuboid table); [`TableFileError`] pairs that
//! problem with the file's path, and [`TableError`] erases the game, so that a solver's
//! failure reaches the command line, the web server and the Python package as one type,
//! with one question they all ask of it: is this a failure of the machine (a file that
//! could not be written) or of what the user gave?

use std::fmt;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// What can be wrong with one game's table file: its own format's failures.
pub trait FormatProblem:
    fmt::Display + fmt::Debug + Clone + PartialEq + Send + Sync + 'static
{
    /// What the file is called in messages: `Pousse table`, `cuboid table`.
    const TABLE: &'static str;

    /// True when the file could not be written: a failure of the machine (a full disk, a
    /// folder without write permission), not of the input.
    fn is_unwritable(&self) -> bool;

    /// True when the file is damaged (cut short, a wrong checksum, a header that
    /// contradicts itself): a cache may remove it and build the table again. False for
    /// every file that may be whole but is not this grundy's to judge: another format
    /// version (a newer grundy wrote it), a foreign file under a table's name, a file that
    /// could not be read at all. Those are kept.
    fn is_damage(&self) -> bool;
}

/// A table file that could not be read or written: the file and what is wrong with it,
/// printed as `Pousse table /path/pousse-4.table: truncated: …`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableFileError<P> {
    /// The file.
    pub path: PathBuf,
    /// What is wrong with it.
    pub problem: P,
}

impl<P: FormatProblem> TableFileError<P> {
    /// The error of `problem` with the file at `path`.
    pub fn new(path: &Path, problem: P) -> Self {
        TableFileError {
            path: path.to_path_buf(),
            problem,
        }
    }
}

impl<P: FormatProblem> fmt::Display for TableFileError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", P::TABLE, self.path.display(), self.problem)
    }
}

impl<P: FormatProblem> std::error::Error for TableFileError<P> {}

/// Writes a table file so that it appears complete or not at all: into a temporary file
/// beside `path` whose name is unique to this process and call (`NAME.partial-PID-N`), synced,
/// then renamed over `path`. Two processes, or two threads, writing the same table never
/// collide; a failed write leaves no temporary file behind. The folder is created if needed.
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder)?;
    }
    let mut partial = path.as_os_str().to_owned();
    let call = WRITES.fetch_add(1, Ordering::Relaxed);
    partial.push(format!(".partial-{}-{call}", std::process::id()));
    let partial = PathBuf::from(partial);
    let written = File::create(&partial).and_then(|mut file| {
        write(&mut file)?;
        file.sync_all()
    });
    let renamed = written.and_then(|()| std::fs::rename(&partial, path));
    if renamed.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    renamed
}

/// Any game's failure to have the table it needs: a damaged or unwritable file, or a
/// request beyond any table.
pub trait TableFailure: std::error::Error + Send + Sync + 'static {
    /// True when a file could not be written (exit code 1 on the command line); every
    /// other failure is about what the user asked for (exit code 2).
    fn is_unwritable(&self) -> bool;
}

impl<P: FormatProblem> TableFailure for TableFileError<P> {
    fn is_unwritable(&self) -> bool {
        self.problem.is_unwritable()
    }
}

/// A game's table failure with the game erased: what the generic
/// [`SolveError`](crate::report::SolveError) carries.
#[derive(Debug)]
pub struct TableError(Box<dyn TableFailure>);

impl TableError {
    /// True when a file could not be written: a failure of the machine, not of the input.
    pub fn is_unwritable(&self) -> bool {
        self.0.is_unwritable()
    }

    /// The game's own error, for callers that know the game.
    pub fn failure(&self) -> &dyn TableFailure {
        self.0.as_ref()
    }
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for TableError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl<F: TableFailure> From<F> for TableError {
    fn from(failure: F) -> Self {
        TableError(Box::new(failure))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq)]
    enum Problem {
        Unwritable,
        Short,
    }

    impl fmt::Display for Problem {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(match self {
                Problem::Unwritable => "cannot be written",
                Problem::Short => "truncated",
            })
        }
    }

    impl FormatProblem for Problem {
        const TABLE: &'static str = "test table";

        fn is_unwritable(&self) -> bool {
            *self == Problem::Unwritable
        }

        fn is_damage(&self) -> bool {
            *self == Problem::Short
        }
    }

    #[test]
    fn errors_name_the_table_and_the_file_and_keep_their_kind() {
        let short = TableFileError::new(Path::new("/t/x.table"), Problem::Short);
        assert_eq!(short.to_string(), "test table /t/x.table: truncated");
        let erased = TableError::from(short.clone());
        assert_eq!(erased.to_string(), short.to_string());
        assert!(!erased.is_unwritable());
        let unwritable = TableError::from(TableFileError::new(Path::new("y"), Problem::Unwritable));
        assert!(unwritable.is_unwritable());
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod write_tests {
    use std::io::Write;

    use super::*;

    #[test]
    fn concurrent_writers_of_one_file_never_collide() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("deep").join("t.table");
        std::thread::scope(|scope| {
            for writer in 0..8u8 {
                let path = &path;
                scope.spawn(move || {
                    for _ in 0..20 {
                        write_atomically(path, |file| file.write_all(&[writer; 4096])).unwrap();
                    }
                });
            }
        });
        // One writer's whole file, and no temporary file left behind.
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(bytes.len(), 4096);
        assert!(bytes.iter().all(|&b| b == bytes[0]));
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(names, ["t.table"]);
    }

    #[test]
    fn a_failed_write_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.table");
        let failed = write_atomically(&path, |_| Err(std::io::Error::other("disk full")));
        assert!(failed.is_err());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
