//! Joining the records of a sharded tournament: every record must name the same tournament
//! in its header, every game of the schedule must be in exactly one record, and no game
//! counts twice. The joined games give the same results table as one unsharded run.
//!
//! A tournament still running, or stopped, can be counted so far with [`merge_partial`]: the
//! same checks, except that games of the schedule may be missing (they are counted and
//! named, not treated as an error).
//!
//! Every line is read as bytes: a line that is not UTF-8 or not JSON is taken for a line cut
//! short by an interruption, named, and its game counted as missing. A game that two lines
//! hold follows [`crate::record::repeated_game`], the rule resume applies too: identical
//! lines count once (with a note), lines that differ refuse the merge. The header's fields
//! are checked ([`RecordHeader::check`]) before anything is sized or divided by them.

use std::collections::HashMap;
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use crate::record::{classify_line, each_line, line_fingerprint, repeated_game, RecordLine};
use crate::record::{GameRecord, RepeatedGame};
use crate::schedule::GameKey;
use crate::shard::{RecordHeader, TournamentIdentity};

pub use crate::record::Place;

/// The games of a tournament joined from its shards' records.
#[derive(Debug)]
pub struct Merged {
    /// The tournament.
    pub identity: TournamentIdentity,
    /// Every game of the schedule, once, in schedule order, with its key and result (the
    /// moves, the players' standard error and the notes are left out).
    pub records: Vec<GameRecord>,
    /// How many record files were read.
    pub files: usize,
    /// Games of the schedule that no record holds (always 0 unless partial records were
    /// allowed).
    pub missing: usize,
    /// The schedule's size.
    pub scheduled: usize,
    /// What was passed over: lines that could not be read (their games are missing) and
    /// lines that repeat a game identically (counted once).
    pub notes: Vec<String>,
}

/// Why records do not merge.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// No record files.
    #[error("merge needs at least one record file")]
    Nothing,
    /// A file could not be read.
    #[error("record {path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The failure.
        error: std::io::Error,
    },
    /// The same file twice.
    #[error("record {0} is given twice")]
    Repeated(PathBuf),
    /// A file without a tournament header.
    #[error("record {0}: line 1 is not a tournament header (records to merge are written by `grundy tournament --record FILE`, with or without --shard)")]
    NoHeader(PathBuf),
    /// A header whose fields do not hold together (a shard count of 0, a schedule beyond
    /// the bound, …).
    #[error("record {path} line 1: {problem}")]
    BadHeader {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        problem: String,
    },
    /// Two files of different tournaments.
    #[error("records {first} and {second} belong to different tournaments: {difference}")]
    Different {
        /// The first file.
        first: PathBuf,
        /// The file that differs from it.
        second: PathBuf,
        /// The first field that differs.
        difference: String,
    },
    /// A line that is JSON of another kind, or a second header.
    #[error("{place}: {problem}")]
    BadLine {
        /// The line.
        place: Place,
        /// What is wrong.
        problem: String,
    },
    /// A game that two lines hold with different contents: nothing is merged.
    #[error("{0}")]
    Duplicate(#[from] RepeatedGame),
    /// Games of the schedule in no record.
    #[error("{count} of {total} games missing: {listed}{more}{cut}")]
    Missing {
        /// How many are missing.
        count: usize,
        /// Games in the schedule.
        total: usize,
        /// The first missing games, named.
        listed: String,
        /// `, …` when more are missing than listed.
        more: String,
        /// The lines that were cut short, if any (an interrupted shard).
        cut: String,
    },
}

/// One record file read: its header and its games with their line numbers and
/// fingerprints, and the lines that could not be read, with why.
struct ShardFile {
    header: RecordHeader,
    games: Vec<(usize, u64, GameRecord)>,
    cut: Vec<(usize, String)>,
}

/// Names game `index` of the schedule for people: `#17 perfect vs random on 9x7, round 1`.
pub fn describe(index: usize, key: &GameKey) -> String {
    format!(
        "#{index} {} vs {} on {}, round {}",
        key.first, key.second, key.position, key.round
    )
}

fn read_shard_file(path: &Path) -> Result<ShardFile, MergeError> {
    let io = |error: std::io::Error| MergeError::Io {
        path: path.to_path_buf(),
        error,
    };
    let file = File::open(path).map_err(io)?;
    let mut header = None;
    let mut games = Vec::new();
    let mut cut = Vec::new();
    each_line(BufReader::new(file), io, |number, line| {
        let place = Place {
            path: path.to_path_buf(),
            line: number,
        };
        if header.is_none() {
            if RecordHeader::from_line_bytes(line).is_none() {
                return Err(MergeError::NoHeader(path.to_path_buf()));
            }
            let checked = RecordHeader::parse(line).map_err(|problem| MergeError::BadHeader {
                path: path.to_path_buf(),
                problem,
            })?;
            header = Some(checked);
            return Ok(());
        }
        match classify_line(line) {
            RecordLine::Blank => {}
            RecordLine::Game(record) => games.push((number, line_fingerprint(line), *record)),
            // A line cut short by an interrupted run: its game is played again on resume.
            RecordLine::Unreadable(why) => cut.push((number, why)),
            RecordLine::Header(_) => {
                return Err(MergeError::BadLine {
                    place,
                    problem: "a second tournament header (were two records concatenated?)".into(),
                })
            }
            RecordLine::Other(problem) => return Err(MergeError::BadLine { place, problem }),
        }
        Ok(())
    })?;
    let header = header.ok_or_else(|| MergeError::NoHeader(path.to_path_buf()))?;
    Ok(ShardFile { header, games, cut })
}

/// Reads and joins the records at `paths`; see the module documentation for the checks.
pub fn merge(paths: &[PathBuf]) -> Result<Merged, MergeError> {
    merge_observed(paths, false, &|_| {})
}

/// [`merge`] of records that may not hold every game yet (a tournament still running or
/// stopped): the games they hold, with [`Merged::missing`] counting the others.
pub fn merge_partial(paths: &[PathBuf]) -> Result<Merged, MergeError> {
    merge_observed(paths, true, &|_| {})
}

/// [`merge`], or [`merge_partial`] when `partial`, telling `read` of each file once it is
/// read (for a progress bar).
pub fn merge_observed(
    paths: &[PathBuf],
    partial: bool,
    read: &dyn Fn(&Path),
) -> Result<Merged, MergeError> {
    let mut canonical: Vec<PathBuf> = Vec::new();
    for path in paths {
        let real = path.canonicalize().map_err(|error| MergeError::Io {
            path: path.clone(),
            error,
        })?;
        if canonical.contains(&real) {
            return Err(MergeError::Repeated(path.clone()));
        }
        canonical.push(real);
    }
    let mut files = Vec::new();
    for path in paths {
        files.push((path.clone(), read_shard_file(path)?));
        read(path);
    }
    let Some((first_path, first)) = files.first() else {
        return Err(MergeError::Nothing);
    };
    let identity = first.header.tournament.clone();
    for (path, file) in &files[1..] {
        if let Some(difference) = identity.difference(&file.header.tournament) {
            return Err(MergeError::Different {
                first: first_path.clone(),
                second: path.clone(),
                difference,
            });
        }
    }
    let keys = identity.keys();
    let index_of: HashMap<&GameKey, usize> =
        keys.iter().enumerate().map(|(i, key)| (key, i)).collect();
    let mut found: Vec<Option<(Place, u64, GameRecord)>> = vec![None; keys.len()];
    let mut cut: Vec<String> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    let mut shards = Vec::new();
    for (path, file) in files {
        cut.extend(
            file.cut
                .iter()
                .map(|(line, _)| format!("{} line {line}", path.display())),
        );
        notes.extend(file.cut.iter().map(|(line, why)| {
            format!(
                "{} line {line} skipped: {why}; its game counts as missing",
                path.display()
            )
        }));
        shards.push(file.header.shard);
        for (line, print, record) in file.games {
            let place = Place {
                path: path.clone(),
                line,
            };
            let bad = |problem: String| MergeError::BadLine {
                place: place.clone(),
                problem,
            };
            if record.game != identity.game {
                return Err(bad(format!(
                    "a game of {}, not of {}",
                    record.game, identity.game
                )));
            }
            let key = record
                .key
                .as_ref()
                .ok_or_else(|| bad("a game without a schedule key".into()))?;
            let index = *index_of.get(key).ok_or_else(|| {
                bad(format!(
                    "{} vs {} on {}, round {} is not a game of this tournament's schedule",
                    key.first, key.second, key.position, key.round
                ))
            })?;
            if !file.header.shard.holds(index) {
                return Err(bad(format!(
                    "game {} belongs to shard {}/{}, not to this record's shard {}",
                    describe(index, key),
                    index as u64 % file.header.shard.count,
                    file.header.shard.count,
                    file.header.shard
                )));
            }
            if let Some((first, first_print, _)) = &found[index] {
                notes.push(repeated_game(
                    describe(index, key),
                    (first, *first_print),
                    (&place, print),
                )?);
                continue;
            }
            // The table needs the key and the result only: the moves and the players'
            // output are dropped, which keeps a million games in a few hundred MB.
            let slim = GameRecord {
                moves: Vec::new(),
                stderr: Default::default(),
                notes: Vec::new(),
                ..record
            };
            found[index] = Some((place, print, slim));
        }
    }
    let missing: Vec<usize> = (0..keys.len()).filter(|&i| found[i].is_none()).collect();
    if !missing.is_empty() && !partial {
        const LISTED: usize = 10;
        // When every record is a shard of the same N, say which shard owes each game and
        // which shards sent no record at all (a failed task of a job array, say).
        let count = shards[0].count;
        let same_count = shards.iter().all(|shard| shard.count == count);
        let owner = |index: usize| {
            if same_count && count > 1 {
                format!(" (shard {}/{count})", index as u64 % count)
            } else {
                String::new()
            }
        };
        let mut listed: Vec<String> = missing
            .iter()
            .take(LISTED)
            .map(|&i| format!("{}{}", describe(i, &keys[i]), owner(i)))
            .collect();
        if same_count {
            let absent: Vec<String> = (0..count)
                .filter(|k| shards.iter().all(|shard| shard.index != *k))
                .map(|k| format!("{k}/{count}"))
                .collect();
            if !absent.is_empty() {
                listed.insert(0, format!("no record of shard {}", absent.join(", ")));
            }
        }
        return Err(MergeError::Missing {
            count: missing.len(),
            total: keys.len(),
            listed: listed.join("; "),
            more: if missing.len() > LISTED {
                "; …".into()
            } else {
                String::new()
            },
            cut: if cut.is_empty() {
                String::new()
            } else {
                format!(
                    " (lines cut short, as an interrupted shard leaves them: {}; run that shard again with the same --record to finish it)",
                    cut.join(", ")
                )
            },
        });
    }
    Ok(Merged {
        identity,
        records: found.into_iter().flatten().map(|(_, _, r)| r).collect(),
        files: shards.len(),
        missing: missing.len(),
        scheduled: keys.len(),
        notes,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_header_whose_shard_is_not_k_of_n_is_refused() {
        // A shard count of 0 divided by zero in `Shard::holds` (found by the record_line
        // fuzz target); an index beyond the count names a shard that does not exist.
        let dir = std::env::temp_dir().join(format!("grundy-merge-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let header = |shard: &str| {
            format!(
                "{{\"tournament\":{{\"game\":\"rectangle\",\"players\":[\"perfect\",\"random\"],\
                 \"positions\":[\"4x3\"],\"rounds\":1,\"gauntlet\":false,\"settings\":\
                 {{\"movetime_ms\":1000,\"gametime_ms\":null,\"max_moves\":1000,\"startup_ms\":5000,\
                 \"command_ms\":5000,\"quit_ms\":1000}},\"seed\":7}},\"games\":2,\"shard\":{shard}}}\n\
                 {{\"game\":\"rectangle\",\"position\":\"4x3\",\"players\":[\"perfect\",\"random\"],\
                 \"seed\":7,\"moves\":[],\"result\":{{\"winner\":\"first\",\"termination\":\"normal\",\
                 \"detail\":\"\"}},\"stderr\":[\"\",\"\"],\"key\":{{\"first\":\"perfect\",\
                 \"second\":\"random\",\"position\":\"4x3\",\"round\":0}}}}\n"
            )
        };
        for (name, shard) in [
            ("zero", r#"{"index":0,"count":0}"#),
            ("beyond", r#"{"index":2,"count":2}"#),
        ] {
            let path = dir.join(format!("{name}.jsonl"));
            std::fs::write(&path, header(shard)).unwrap();
            for result in [
                merge(std::slice::from_ref(&path)),
                merge_partial(std::slice::from_ref(&path)),
            ] {
                let error = result.err().unwrap().to_string();
                assert!(
                    error.contains("line 1") && error.contains("shard"),
                    "{error}"
                );
            }
        }
        // The same record with a real shard merges.
        let path = dir.join("whole.jsonl");
        std::fs::write(&path, header(r#"{"index":0,"count":1}"#)).unwrap();
        let merged = merge_partial(&[path]).unwrap();
        assert_eq!(merged.scheduled, 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
