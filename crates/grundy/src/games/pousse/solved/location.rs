//! Where Pousse tables live when no file is named: `pousse-N.table` in the folder of
//! grundy's tables ([`crate::tables::location`]). Tables are built on demand (`grundy
//! solve-table pousse 4`) and are a cache: deleting one only costs the time to build it
//! again.

use std::path::PathBuf;

use crate::tables::default_table_dir;

/// The file name of the table of `size` × `size` boards: `pousse-4.table`.
pub fn table_file_name(size: usize) -> String {
    format!("pousse-{size}.table")
}

/// The default table file of `size` × `size` boards, from this process's environment.
pub fn default_table_path(size: usize) -> Option<PathBuf> {
    default_table_dir().map(|dir| dir.join(table_file_name(size)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_named_by_size() {
        assert_eq!(table_file_name(4), "pousse-4.table");
    }
}
