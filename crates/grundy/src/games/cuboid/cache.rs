//! Tables kept on disk between runs: find a table that covers a request, or build one and
//! keep it (format in [`file`](mod@super::file), folder in [`location`](super::location)).
//!
//! - [`TableSource::Cache`]: the default folder. The smallest `cuboid-N.table` there with
//!   `N` at least the side asked for serves the request; a damaged one (truncated, another
//!   format version, a side other than its name, a bad checksum) is named in a note, removed
//!   and, when nothing else serves, rebuilt. A table that cannot be kept is a note, not an
//!   error.
//! - [`TableSource::File`]: a file the user named. It is read when it exists, and any problem
//!   with it is an error; when it does not exist the table is built and written there.
//! - [`TableSource::Build`]: no file at all; the table is built in memory.
//!
//! A table is built for at least the contest's sides ([`CONTEST_MAX_SIDE`]), so small
//! requests one after another share one file.

use std::path::PathBuf;

use super::build::Progress;
use super::file::{read, write, TableFileError};
use super::location::{default_table_dir, table_file_name, tables_covering, TABLE_DIR_VARIABLE};
use crate::tables::{FormatProblem, TableFailure};

use crate::stop::{Stop, Stopped};

use super::table::{BuildError, CuboidTable, SideBeyondTable, CONTEST_MAX_SIDE, TABLE_MAX_SIDE};

/// Where a table comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableSource {
    /// The default folder: read a covering table, else build one and keep it there.
    Cache,
    /// This file: read it when it exists (any problem is an error), else build and write it.
    File(PathBuf),
    /// Build in memory; read and write nothing.
    Build,
}

/// A table ready for use, and what the caller should tell the user about it.
#[derive(Debug)]
pub struct Obtained {
    /// The table, knowing every side up to at least the request.
    pub table: CuboidTable,
    /// Things worth a note: damaged files found and removed, a table that could not be kept.
    pub notes: Vec<String>,
    /// Whether the table was built (rather than read).
    pub built: bool,
}

/// Why no table could be had.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ObtainError {
    /// The side asked for is beyond any table.
    #[error(transparent)]
    Beyond(#[from] SideBeyondTable),
    /// The file the user named is damaged, too small, or cannot be read or written.
    #[error(transparent)]
    File(#[from] TableFileError),
    /// The build was stopped before it ended.
    #[error(transparent)]
    Stopped(#[from] Stopped),
}

impl From<BuildError> for ObtainError {
    fn from(error: BuildError) -> Self {
        match error {
            BuildError::Beyond(beyond) => ObtainError::Beyond(beyond),
            BuildError::Stopped(stopped) => ObtainError::Stopped(stopped),
        }
    }
}

impl TableFailure for ObtainError {
    fn is_unwritable(&self) -> bool {
        match self {
            ObtainError::File(error) => error.is_unwritable(),
            ObtainError::Beyond(_) | ObtainError::Stopped(_) => false,
        }
    }
}

/// The side a table is built for to serve a request of `side`.
fn build_side(side: u32) -> u32 {
    side.max(CONTEST_MAX_SIDE)
}

/// A table that knows every cuboid with sides up to `side`, from `source`. `progress` is
/// called while a table is built, and the build gives up when `stop` comes (see
/// [`CuboidTable::build`]).
pub fn obtain(
    side: u32,
    source: &TableSource,
    progress: Progress<'_>,
    stop: &Stop,
) -> Result<Obtained, ObtainError> {
    if side > TABLE_MAX_SIDE {
        return Err(SideBeyondTable {
            side: u64::from(side),
            max_side: TABLE_MAX_SIDE,
        }
        .into());
    }
    match source {
        TableSource::Build => built(side, Vec::new(), progress, stop),
        TableSource::File(path) => {
            if path.exists() {
                Ok(Obtained {
                    table: read(path, side)?,
                    notes: Vec::new(),
                    built: false,
                })
            } else {
                let obtained = built(side, Vec::new(), progress, stop)?;
                write(&obtained.table, path)?;
                Ok(obtained)
            }
        }
        TableSource::Cache => from_folder(side, default_table_dir(), progress, stop),
    }
}

/// The [`TableSource::Cache`] policy in the folder `dir` (`None` when there is none).
fn from_folder(
    side: u32,
    dir: Option<PathBuf>,
    progress: Progress<'_>,
    stop: &Stop,
) -> Result<Obtained, ObtainError> {
    let Some(dir) = dir else {
        let note = format!(
            "no table folder (set {TABLE_DIR_VARIABLE}, XDG_CACHE_HOME or HOME): the cuboid \
             table is built and not kept"
        );
        return built(side, vec![note], progress, stop);
    };
    let mut notes = Vec::new();
    let mut kept = Vec::new();
    for (named, path) in tables_covering(&dir, side) {
        let problem = match read(&path, side) {
            Ok(table) if table.max_side() == named => {
                return Ok(Obtained {
                    table,
                    notes,
                    built: false,
                })
            }
            Ok(table) => format!(
                "cuboid table {}: holds side {}, not the side {named} of its name",
                path.display(),
                table.max_side()
            ),
            Err(error) if !error.problem.is_damage() => {
                // Perhaps whole, and not this grundy's to judge (another format version, a
                // foreign file, a file it may not read): left as it is.
                notes.push(format!("{error}; kept as it is, not replaced"));
                kept.push(path);
                continue;
            }
            Err(error) => error.to_string(),
        };
        let _ = std::fs::remove_file(&path);
        notes.push(format!("{problem}; removed, rebuilt when needed"));
    }
    let mut obtained = built(side, notes, progress, stop)?;
    let path = dir.join(table_file_name(obtained.table.max_side()));
    if kept.contains(&path) {
        obtained.notes.push(format!(
            "the table is not kept: {} stays as it is",
            path.display()
        ));
    } else if let Err(error) = write(&obtained.table, &path) {
        obtained
            .notes
            .push(format!("{error}; the table is not kept"));
    }
    Ok(obtained)
}

/// A table built for a request of `side`.
fn built(
    side: u32,
    notes: Vec<String>,
    progress: Progress<'_>,
    stop: &Stop,
) -> Result<Obtained, ObtainError> {
    Ok(Obtained {
        table: CuboidTable::build(build_side(side), progress, stop)?,
        notes,
        built: true,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::super::file::{encode, TableProblem};
    use super::*;

    fn quiet() -> Progress<'static> {
        &|_, _| {}
    }

    #[test]
    fn the_folder_keeps_the_table_and_serves_smaller_requests() {
        let dir = tempfile::tempdir().unwrap();
        let first = from_folder(40, Some(dir.path().into()), quiet(), &Stop::NEVER).unwrap();
        assert!(first.built && first.notes.is_empty());
        assert!(dir.path().join("cuboid-40.table").exists());
        let again = from_folder(12, Some(dir.path().into()), quiet(), &Stop::NEVER).unwrap();
        assert!(!again.built && again.notes.is_empty());
        assert_eq!(again.table, first.table);
    }

    #[test]
    fn a_table_of_another_version_or_a_foreign_file_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let good = encode(&CuboidTable::new(30).unwrap());
        let cases: [(&str, Vec<u8>, &str); 2] = [
            (
                "version",
                [&good[..8], &[9, 0], &good[10..]].concat(),
                "format version 9",
            ),
            ("foreign", b"not a table at all, but long enough for a header".to_vec(), "magic"),
        ];
        for (what, bytes, said) in cases {
            let path = dir.path().join("cuboid-30.table");
            std::fs::write(&path, &bytes).unwrap();
            let obtained = from_folder(20, Some(dir.path().into()), quiet(), &Stop::NEVER).unwrap();
            assert!(obtained.built, "{what}");
            assert!(obtained.notes[0].contains(said), "{what}: {:?}", obtained.notes);
            assert!(obtained.notes[0].contains("kept as it is"), "{what}");
            assert!(obtained.notes[1].contains("stays as it is"), "{what}");
            // The file is untouched, and nothing else was written beside it.
            assert_eq!(std::fs::read(&path).unwrap(), bytes, "{what}");
            assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "{what}");
        }
    }

    #[test]
    fn a_damaged_cached_table_is_named_removed_and_rebuilt() {
        let dir = tempfile::tempdir().unwrap();
        let good = encode(&CuboidTable::new(30).unwrap());
        let cases: [(&str, Vec<u8>, &str); 3] = [
            ("truncated", good[..good.len() - 1].to_vec(), "truncated"),
            (
                "checksum",
                [&good[..40], &[good[40] ^ 1], &good[41..]].concat(),
                "checksum",
            ),
            (
                "side",
                encode(&CuboidTable::new(31).unwrap()),
                "not the side 30",
            ),
        ];
        for (what, bytes, said) in cases {
            let path = dir.path().join("cuboid-30.table");
            std::fs::write(&path, bytes).unwrap();
            let obtained = from_folder(20, Some(dir.path().into()), quiet(), &Stop::NEVER).unwrap();
            assert!(obtained.built, "{what}");
            assert_eq!(obtained.notes.len(), 1, "{what}");
            assert!(obtained.notes[0].contains("cuboid-30.table"), "{what}");
            assert!(
                obtained.notes[0].contains(said),
                "{what}: {}",
                obtained.notes[0]
            );
            // The rebuilt table took the damaged file's place and reads back.
            assert_eq!(read(&path, 30).unwrap(), obtained.table, "{what}");
        }
    }

    #[test]
    fn no_folder_builds_with_a_note() {
        let obtained = from_folder(3, None, quiet(), &Stop::NEVER).unwrap();
        assert!(obtained.built);
        assert!(obtained.notes[0].contains("GRUNDY_TABLE_DIR"));
        assert_eq!(obtained.table.max_side(), CONTEST_MAX_SIDE);
    }

    #[test]
    fn a_named_file_is_written_then_read_and_its_problems_are_errors() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mine.table");
        let source = TableSource::File(path.clone());
        assert!(obtain(8, &source, quiet(), &Stop::NEVER).unwrap().built);
        let again = obtain(30, &source, quiet(), &Stop::NEVER).unwrap();
        assert!(!again.built);
        let error = obtain(31, &source, quiet(), &Stop::NEVER).unwrap_err();
        assert!(matches!(
            error,
            ObtainError::File(TableFileError {
                problem: TableProblem::TooSmall {
                    side: 30,
                    wanted: 31
                },
                ..
            })
        ));
        std::fs::write(&path, b"GRCUBOID").unwrap();
        let error = obtain(8, &source, quiet(), &Stop::NEVER).unwrap_err();
        assert!(
            error.to_string().contains("mine.table: truncated"),
            "{error}"
        );
    }

    #[test]
    fn build_reads_and_writes_nothing_and_the_limit_holds() {
        let obtained = obtain(5, &TableSource::Build, quiet(), &Stop::NEVER).unwrap();
        assert!(obtained.built && obtained.notes.is_empty());
        assert!(matches!(
            obtain(TABLE_MAX_SIDE + 1, &TableSource::Build, quiet(), &Stop::NEVER),
            Err(ObtainError::Beyond(_))
        ));
    }
}
