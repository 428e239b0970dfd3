//! Where cuboid tables are kept when no file is named: the folder of grundy's tables
//! ([`crate::tables::location`]: `$GRUNDY_TABLE_DIR`, else `$XDG_CACHE_HOME/grundy`, else
//! `$HOME/.cache/grundy`); the table of side N is `cuboid-N.table` there. The files are a
//! cache: deleting one only costs the time to build it again.

use std::path::{Path, PathBuf};

pub use crate::tables::{default_table_dir, TABLE_DIR_VARIABLE};

/// The file name of the table of side `side`: `cuboid-128.table`.
pub fn table_file_name(side: u32) -> String {
    format!("cuboid-{side}.table")
}

/// The side of a file named like a cuboid table, `None` for any other name.
pub fn side_of_file_name(name: &str) -> Option<u32> {
    let digits = name.strip_prefix("cuboid-")?.strip_suffix(".table")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// The tables in `dir` that know sides up to `wanted` or more, smallest first.
pub fn tables_covering(dir: &Path, wanted: u32) -> Vec<(u32, PathBuf)> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let side = side_of_file_name(entry.file_name().to_str()?)?;
            (side >= wanted).then(|| (side, entry.path()))
        })
        .collect();
    found.sort();
    found
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn names_carry_the_side() {
        assert_eq!(table_file_name(128), "cuboid-128.table");
        assert_eq!(side_of_file_name("cuboid-128.table"), Some(128));
        assert_eq!(side_of_file_name("cuboid-.table"), None);
        assert_eq!(side_of_file_name("cuboid-+1.table"), None);
        assert_eq!(side_of_file_name("pousse-4.table"), None);
        assert_eq!(side_of_file_name("cuboid-64.table.partial-1"), None);
    }

    #[test]
    fn covering_tables_come_smallest_first() {
        let dir = tempfile::tempdir().unwrap();
        for name in [
            "cuboid-30.table",
            "cuboid-96.table",
            "cuboid-64.table",
            "other",
        ] {
            std::fs::write(dir.path().join(name), b"").unwrap();
        }
        let sides: Vec<u32> = tables_covering(dir.path(), 40)
            .into_iter()
            .map(|(side, _)| side)
            .collect();
        assert_eq!(sides, [64, 96]);
        assert!(tables_covering(&dir.path().join("missing"), 1).is_empty());
    }
}
