//! The tables of this process, each loaded or solved once and shared: boards up to 3 × 3 are
//! solved in memory in milliseconds; the 4 × 4 table is read from its file (the default
//! location, or a file named by the caller) when the file is there.
//!
//! A failed read is remembered too, so a damaged file is reported once per use, not read
//! again at every move.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use super::file::TableFileError;
use super::location::default_table_path;
use super::SolvedTable;

/// The largest size solved in memory when asked for (the 4 × 4 table comes from a file).
pub const SOLVED_IN_MEMORY: usize = 3;

type Loaded = Result<Arc<SolvedTable>, TableFileError>;

fn solved() -> &'static Mutex<HashMap<usize, Arc<SolvedTable>>> {
    static SOLVED: OnceLock<Mutex<HashMap<usize, Arc<SolvedTable>>>> = OnceLock::new();
    SOLVED.get_or_init(Mutex::default)
}

fn files() -> &'static Mutex<HashMap<(PathBuf, usize), Loaded>> {
    static FILES: OnceLock<Mutex<HashMap<(PathBuf, usize), Loaded>>> = OnceLock::new();
    FILES.get_or_init(Mutex::default)
}

/// The table of `size` × `size` boards read from `path`, which must exist and hold that
/// size; read once per process.
pub fn table_from_file(path: &Path, size: usize) -> Result<Arc<SolvedTable>, TableFileError> {
    let key = (path.to_path_buf(), size);
    if let Some(loaded) = files()
        .lock()
        .ok()
        .and_then(|files| files.get(&key).cloned())
    {
        return loaded;
    }
    let loaded = SolvedTable::read_for_size(path, size).map(Arc::new);
    if let Ok(mut files) = files().lock() {
        files.insert(key, loaded.clone());
    }
    loaded
}

/// The table of `size` × `size` boards when there is one: solved in memory up to 3 × 3, read
/// from the default location ([`default_table_path`]) for 4 × 4 when the file exists.
/// `Ok(None)` when there is no table for the size; an error names a file that exists but
/// cannot be used.
pub fn table_for_size(size: usize) -> Result<Option<Arc<SolvedTable>>, TableFileError> {
    if (1..=SOLVED_IN_MEMORY).contains(&size) {
        if let Some(table) = solved().lock().ok().and_then(|s| s.get(&size).cloned()) {
            return Ok(Some(table));
        }
        let Ok(table) = SolvedTable::solve(size) else {
            return Ok(None);
        };
        let table = Arc::new(table);
        if let Ok(mut solved) = solved().lock() {
            solved.insert(size, Arc::clone(&table));
        }
        return Ok(Some(table));
    }
    match default_table_path(size) {
        Some(path) if size <= super::MAX_TABLE_SIZE && path.exists() => {
            table_from_file(&path, size).map(Some)
        }
        _ => Ok(None),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_read_once_and_shared() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pousse-2.table");
        SolvedTable::solve(2).unwrap().write(&path).unwrap();
        let first = table_from_file(&path, 2).unwrap();
        std::fs::remove_file(&path).unwrap();
        let second = table_from_file(&path, 2).unwrap();
        assert!(Arc::ptr_eq(&first, &second));
        // A damaged file is remembered as damaged.
        let damaged = dir.path().join("damaged.table");
        std::fs::write(&damaged, b"short").unwrap();
        let error = table_from_file(&damaged, 2).unwrap_err();
        assert_eq!(table_from_file(&damaged, 2).unwrap_err(), error);
    }

    #[test]
    fn small_boards_are_solved_in_memory() {
        let table = table_for_size(2).unwrap().unwrap();
        assert!(Arc::ptr_eq(&table, &table_for_size(2).unwrap().unwrap()));
        assert_eq!(table_for_size(5).unwrap().map(|t| t.size()), None);
    }
}
