//! No reply names a path of the server's file system: a table file's error, an I/O error or
//! a solver's comment may name one, so every text the server sends that comes from the
//! library or the operating system goes through [`scrub`], which puts `[file]` in place of
//! each path and logs the full text on stderr.

use std::path::PathBuf;

/// `text` with every path of the server replaced by `[file]`; when something was replaced,
/// the full text is logged on stderr, after `context`.
pub fn scrub(context: &str, text: &str) -> String {
    let cleaned = without_paths(text);
    if cleaned != text {
        eprintln!("grundy serve: {context}: {text}");
    }
    cleaned
}

/// The directories whose names must not leave the server, longest first: the table and
/// cache folders, the home and working directories, the temporary directory.
fn known_directories() -> Vec<String> {
    let mut dirs: Vec<PathBuf> = ["GRUNDY_TABLE_DIR", "XDG_CACHE_HOME", "HOME", "TMPDIR"]
        .iter()
        .filter_map(std::env::var_os)
        .map(PathBuf::from)
        .collect();
    dirs.extend(std::env::current_dir().ok());
    dirs.push(std::env::temp_dir());
    let mut names: Vec<String> = dirs
        .iter()
        .map(|dir| dir.to_string_lossy().trim_end_matches('/').to_string())
        .filter(|name| name.len() > 1)
        .collect();
    names.sort_by_key(|name| std::cmp::Reverse(name.len()));
    names
}

/// `text` without paths: the known directories (and what follows them up to a space or a
/// quote) first, then every word that starts with `/`, `~/` or a drive letter and `:\`.
fn without_paths(text: &str) -> String {
    let mut text = text.to_string();
    for dir in known_directories() {
        while let Some(start) = text.find(&dir) {
            let end = path_end(&text, start + dir.len());
            text.replace_range(start..end, "[file]");
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    let mut at_word_start = true;
    while let Some(c) = rest.chars().next() {
        if at_word_start && starts_path(rest) {
            let end = path_end(rest, 0);
            out.push_str("[file]");
            rest = &rest[end..];
            at_word_start = false;
            continue;
        }
        out.push(c);
        at_word_start = c.is_whitespace() || matches!(c, '"' | '\'' | '`' | '(' | '[' | '=');
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// True when `text` starts with an absolute path (or a home-relative one).
fn starts_path(text: &str) -> bool {
    let bytes = text.as_bytes();
    let unix =
        bytes.first() == Some(&b'/') && bytes.get(1).is_some_and(|b| !b.is_ascii_whitespace());
    let home = text.starts_with("~/");
    let drive = bytes.len() > 2
        && bytes[0].is_ascii_alphabetic()
        && bytes[1] == b':'
        && matches!(bytes[2], b'\\' | b'/');
    unix || home || drive
}

/// Where a path that goes on at `from` ends: at a space or a quote, and before a `:`, `,`
/// or `;` that ends a word.
fn path_end(text: &str, from: usize) -> usize {
    let tail = &text[from..];
    let mut end = from
        + tail
            .find(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '`' | ')' | ']'))
            .unwrap_or(tail.len());
    while end > from && text[..end].ends_with([':', ',', ';', '.']) {
        end -= 1;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_replaced_and_the_rest_kept() {
        assert_eq!(
            without_paths("solved Pousse table /srv/t/pousse-4.table: bad magic"),
            "solved Pousse table [file]: bad magic"
        );
        assert_eq!(
            without_paths("cannot read \"/a b/c\" (C:\\x\\y.table, ~/z)"),
            "cannot read \"[file] b/c\" ([file], [file])"
        );
        assert_eq!(without_paths("eval 3/4 pv L1"), "eval 3/4 pv L1");
        assert_eq!(without_paths("a / b"), "a / b");
        let cwd = std::env::current_dir().unwrap_or_default();
        let inside = format!("file {}/sub dir/x: gone", cwd.display());
        assert!(!without_paths(&inside).contains(&cwd.display().to_string()));
    }
}
