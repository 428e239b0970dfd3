//! Game records for replays: the JSON Lines files written by `grundy match` and
//! `grundy tournament --record`, read from the directory the server was given or from an
//! uploaded body. A path may not leave that directory.

use std::io::BufRead;
use std::path::{Component, Path, PathBuf};

use grundy_arena::record::{read_games, GameRecord};
use serde::Serialize;

use crate::error::ApiError;
use crate::games::Catalogue;
use crate::session::shortened;

/// The most games one record may hold for the page.
pub const MAX_GAMES: usize = 5_000;

/// A record read for the page.
#[derive(Debug, Clone, Serialize)]
pub struct RecordFile {
    /// Where it came from: the path under the records directory, or `upload`.
    pub source: String,
    /// The games, in file order.
    pub games: Vec<GameRecord>,
    /// How many lines were skipped: not UTF-8, not JSON, or JSON that is not a game.
    pub skipped: usize,
    /// The first of the skipped lines, by number from 1, with the reason
    /// (`line 4: not UTF-8 (an invalid byte at column 12)`).
    pub unreadable: Vec<String>,
    /// Set when the record holds more than [`MAX_GAMES`] games: the line reading stopped at.
    pub stopped_at: Option<usize>,
    /// The games the record names that this server does not serve, each once, in the order
    /// they first appear: their games are listed but cannot be replayed here.
    pub unknown_games: Vec<String>,
}

/// Reads a record's JSON Lines with the command line's reader
/// ([`grundy_arena::record::read_games`]): every line a [`GameRecord`], read as bytes, so
/// that a line that is not UTF-8, not JSON or not a game is skipped, counted and (the first
/// few) named, and costs nothing else. A record with no game at all is an error (400).
///
/// Each game's name is looked up in `games`, the games the server serves: a game named by
/// an alias or in another letter case gets the game's own name, and the names not served
/// are listed in [`RecordFile::unknown_games`]. A record none of whose games is served is
/// an error (404) naming its games and the games served.
pub fn read(source: &str, reader: impl BufRead, games: &Catalogue) -> Result<RecordFile, ApiError> {
    let read = read_games(reader, MAX_GAMES)
        .map_err(|error| ApiError::bad_request(format!("{source} cannot be read: {error}")))?;
    let unreadable: Vec<String> = read.first_skipped.iter().map(ToString::to_string).collect();
    if read.games.is_empty() {
        let why = unreadable
            .first()
            .map_or_else(|| "it is empty".to_string(), Clone::clone);
        return Err(ApiError::bad_request(format!(
            "{source} holds no game record ({why})"
        )));
    }
    let mut records = read.games;
    let mut unknown_games: Vec<String> = Vec::new();
    for record in &mut records {
        match games.find(&record.game) {
            Some(entry) => entry.name().clone_into(&mut record.game),
            None if !unknown_games.contains(&record.game) => {
                unknown_games.push(record.game.clone())
            }
            None => {}
        }
    }
    // The record holds a game (checked above): none served when every one is unknown.
    if records
        .iter()
        .all(|record| unknown_games.contains(&record.game))
    {
        let named: Vec<String> = unknown_games
            .iter()
            .take(5)
            .map(|name| format!("\"{}\"", shortened(name)))
            .collect();
        return Err(ApiError::not_found(format!(
            "{source} holds no game this server serves (its games are of {}); the games are {}",
            named.join(", "),
            games.names().join(", ")
        )));
    }
    Ok(RecordFile {
        source: source.to_string(),
        games: records,
        skipped: read.skipped,
        unreadable,
        stopped_at: read.stopped_at,
        unknown_games,
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
    fn a_record_without_games_is_refused_naming_its_first_bad_line() {
        let games = Catalogue::builtin();
        let error = read("upload", b"not json\n".as_slice(), &games).unwrap_err();
        assert!(
            error.message.contains("line 1: not JSON"),
            "{}",
            error.message
        );
        assert!(read("upload", b"\n\n".as_slice(), &games)
            .unwrap_err()
            .message
            .contains("empty"));
    }
}
