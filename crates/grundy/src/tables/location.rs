//! Where table files live when no file is named: `$GRUNDY_TABLE_DIR`, else
//! `$XDG_CACHE_HOME/grundy`, else `$HOME/.cache/grundy`. Every game's tables share the
//! folder, each under a file name of its own (`pousse-4.table`, `cuboid-128.table`). Tables
//! are a cache: deleting one only costs the time to build it again.

use std::ffi::OsString;
use std::path::PathBuf;

/// The environment variable naming the table folder.
pub const TABLE_DIR_VARIABLE: &str = "GRUNDY_TABLE_DIR";

/// The table folder given a way to read environment variables (empty values count as
/// unset); `None` when none of them is set.
pub fn table_dir_from(variable: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let set = |name: &str| variable(name).filter(|value| !value.is_empty());
    if let Some(dir) = set(TABLE_DIR_VARIABLE) {
        return Some(PathBuf::from(dir));
    }
    if let Some(cache) = set("XDG_CACHE_HOME") {
        return Some(PathBuf::from(cache).join("grundy"));
    }
    set("HOME").map(|home| PathBuf::from(home).join(".cache").join("grundy"))
}

/// The table folder from this process's environment.
pub fn default_table_dir() -> Option<PathBuf> {
    table_dir_from(|name| std::env::var_os(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| OsString::from(value))
        }
    }

    #[test]
    fn the_folder_follows_the_variables_in_order() {
        let all = [
            ("GRUNDY_TABLE_DIR", "/tables"),
            ("XDG_CACHE_HOME", "/cache"),
            ("HOME", "/home/u"),
        ];
        assert_eq!(table_dir_from(env(&all)), Some(PathBuf::from("/tables")));
        assert_eq!(
            table_dir_from(env(&all[1..])),
            Some(PathBuf::from("/cache/grundy"))
        );
        assert_eq!(
            table_dir_from(env(&[("GRUNDY_TABLE_DIR", ""), ("HOME", "/home/u")])),
            Some(PathBuf::from("/home/u/.cache/grundy"))
        );
        assert_eq!(table_dir_from(env(&[])), None);
    }
}
