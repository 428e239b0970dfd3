//! Game records for replays: the JSON Lines files written by `grundy match` and
//! `grundy tournament --record`, read from the directory the server was given or from an
//! uploaded body. A path may not leave that directory.

use std::path::{Component, Path, PathBuf};

use grundy_arena::record::GameRecord;
use serde::Serialize;

use crate::error::ApiError;

/// The most games one record may hold for the page.
pub const MAX_GAMES: usize = 5_000;

/// A record read for the page.
#[derive(Debug, Clone, Serialize)]
pub struct RecordFile {
    /// Where it came from: the path under the records directory, or `upload`.
    pub source: String,
    /// The games, in file order.
    pub games: Vec<GameRecord>,
    /// Lines that are not a game record, by number from 1, with the reason.
    pub unreadable: Vec<String>,
}

/// Reads JSON Lines text: every non-empty line a [`GameRecord`]. Lines that cannot be read
/// are listed, not fatal; a text with no game at all is an error.
pub fn parse(source: &str, text: &str) -> Result<RecordFile, ApiError> {
    let mut games = Vec::new();
    let mut unreadable = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<GameRecord>(line) {
            Ok(record) if games.len() < MAX_GAMES => games.push(record),
            Ok(_) => {
                unreadable.push(format!("line {}: more than {MAX_GAMES} games", index + 1));
                break;
            }
            Err(error) => unreadable.push(format!("line {}: {error}", index + 1)),
        }
    }
    if games.is_empty() {
        let why = unreadable
            .first()
            .map_or_else(|| "it is empty".to_string(), |first| first.clone());
        return Err(ApiError::bad_request(format!(
            "{source} holds no game record ({why})"
        )));
    }
    Ok(RecordFile {
        source: source.to_string(),
        games,
        unreadable,
    })
}

/// The file `relative` under `root`, refused when it is absolute, climbs with `..`, or
/// (through a link) resolves outside `root`.
pub fn resolve(root: &Path, relative: &str) -> Result<PathBuf, ApiError> {
    let outside = || {
        ApiError::forbidden(format!(
            "the path \"{relative}\" is outside the records directory"
        ))
    };
    let path = Path::new(relative);
    if relative.is_empty() {
        return Err(ApiError::bad_request("the record path is empty"));
    }
    if !path
        .components()
        .all(|component| matches!(component, Component::Normal(_) | Component::CurDir))
    {
        return Err(outside());
    }
    let root = root.canonicalize().map_err(|error| {
        ApiError::not_found(format!("the records directory cannot be read: {error}"))
    })?;
    let full = root.join(path);
    let resolved = full
        .canonicalize()
        .map_err(|_| ApiError::not_found(format!("no record \"{relative}\"")))?;
    if !resolved.starts_with(&root) {
        return Err(outside());
    }
    if !resolved.is_file() {
        return Err(ApiError::not_found(format!("\"{relative}\" is not a file")));
    }
    Ok(resolved)
}

/// The `.jsonl` files under `root` (and its subdirectories, at most four deep), as paths
/// relative to it, sorted.
pub fn list(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    walk(root, root, 0, &mut found);
    found.sort();
    found
}

fn walk(root: &Path, dir: &Path, depth: usize, found: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() && depth < 4 {
            walk(root, &path, depth + 1, found);
        } else if kind.is_file() && path.extension().is_some_and(|ext| ext == "jsonl") {
            if let Ok(relative) = path.strip_prefix(root) {
                found.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_the_root() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::fs::write(dir.path().join("sub/a.jsonl"), "{}\n").unwrap();
        std::fs::write(dir.path().join("b.txt"), "x").unwrap();
        assert!(resolve(dir.path(), "sub/a.jsonl").is_ok());
        assert!(resolve(dir.path(), "./sub/a.jsonl").is_ok());
        for bad in ["../etc/passwd", "/etc/passwd", "sub/../../x.jsonl"] {
            assert_eq!(
                resolve(dir.path(), bad).unwrap_err().status,
                axum::http::StatusCode::FORBIDDEN,
                "{bad}"
            );
        }
        assert_eq!(
            resolve(dir.path(), "missing.jsonl").unwrap_err().status,
            axum::http::StatusCode::NOT_FOUND
        );
        assert_eq!(list(dir.path()), vec!["sub/a.jsonl".to_string()]);
    }

    #[test]
    fn unreadable_lines_are_named() {
        let error = parse("upload", "not json\n").unwrap_err();
        assert!(error.message.contains("line 1"), "{}", error.message);
        assert!(parse("upload", "\n\n")
            .unwrap_err()
            .message
            .contains("empty"));
    }
}
