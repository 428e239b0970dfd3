//! Sharding a tournament: shard `K/N` plays the games of the deterministic schedule whose
//! index is ≡ K (mod N), into a JSON Lines record of its own that starts with a header line
//! naming the tournament (players, settings, seed) and the shard. Any scheduler can run the
//! shards (a Slurm job array, a Kubernetes Indexed Job, a shell loop); [`crate::merge`]
//! joins their records.

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::schedule::GameKey;
use crate::schedule::{schedule, schedule_size};

/// Shard `index` of `count`: the games whose schedule index is ≡ `index` (mod `count`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shard {
    /// K, from 0 to `count - 1`.
    pub index: u64,
    /// N, at least 1.
    pub count: u64,
}

impl Shard {
    /// The whole tournament as one shard (`0/1`).
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Whether game `game_index` of the schedule belongs to this shard.
    pub fn holds(&self, game_index: usize) -> bool {
        game_index as u64 % self.count == self.index
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A shard written as anything but `K/N` with `0 ≤ K < N`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("shard {text}: {problem}")]
pub struct ShardSpecError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub problem: String,
}

impl FromStr for Shard {
    type Err = ShardSpecError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let fail = |problem: &str| ShardSpecError {
            text: text.to_string(),
            problem: problem.to_string(),
        };
        let (index, count) = text
            .split_once('/')
            .ok_or_else(|| fail("expected K/N, for example 0/4 (the first of four shards)"))?;
        let number = |part: &str, name: &str| {
            part.trim().parse::<u64>().map_err(|_| {
                fail(&format!(
                    "{name} `{part}` is not a whole number (expected K/N with 0 ≤ K < N)"
                ))
            })
        };
        let index = number(index, "K")?;
        let count = number(count, "N")?;
        if count == 0 {
            return Err(fail("N must be at least 1"));
        }
        if index >= count {
            return Err(fail(&format!(
                "K must be below N: the shards of {count} are 0/{count} to {}/{count}",
                count - 1
            )));
        }
        Ok(Shard { index, count })
    }
}

/// Everything that decides a tournament's games: two records belong to the same tournament
/// when their identities are equal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentIdentity {
    /// The game's name.
    pub game: String,
    /// The players' labels, in the order given.
    pub players: Vec<String>,
    /// The start positions, in order.
    pub positions: Vec<String>,
    /// Rounds.
    pub rounds: u32,
    /// Whether it is a gauntlet (the first player against each other one).
    pub gauntlet: bool,
    /// The clock and limits of every game.
    pub settings: Settings,
    /// The base seed.
    pub seed: u64,
}

/// The clock and the limits of every game, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The move time, if any.
    pub movetime_ms: Option<u64>,
    /// The game time, if any.
    pub gametime_ms: Option<u64>,
    /// The move cap.
    pub max_moves: usize,
    /// Start-up time of a program.
    pub startup_ms: u64,
    /// Time for any command but `genmove`.
    pub command_ms: u64,
    /// Time from `quit` to exit.
    pub quit_ms: u64,
}

impl TournamentIdentity {
    /// The record keys of the whole schedule, in schedule order.
    pub fn keys(&self) -> Vec<GameKey> {
        schedule(
            self.players.len(),
            &self.positions,
            self.rounds,
            self.gauntlet,
        )
        .into_iter()
        .map(|game| GameKey {
            first: self.players[game.first].clone(),
            second: self.players[game.second].clone(),
            position: game.position,
            round: game.round,
        })
        .collect()
    }

    /// The first field in which `other` differs, with both values, or `None` when equal.
    pub fn difference(&self, other: &TournamentIdentity) -> Option<String> {
        let pairs: [(&str, String, String); 7] = [
            ("game", self.game.clone(), other.game.clone()),
            ("players", self.players.join(", "), other.players.join(", ")),
            (
                "positions",
                self.positions.join(", "),
                other.positions.join(", "),
            ),
            ("rounds", self.rounds.to_string(), other.rounds.to_string()),
            (
                "gauntlet",
                self.gauntlet.to_string(),
                other.gauntlet.to_string(),
            ),
            (
                "settings",
                format!("{:?}", self.settings),
                format!("{:?}", other.settings),
            ),
            ("seed", self.seed.to_string(), other.seed.to_string()),
        ];
        pairs
            .into_iter()
            .find(|(_, mine, theirs)| mine != theirs)
            .map(|(field, mine, theirs)| format!("{field}: {mine} ≠ {theirs}"))
    }
}

/// The first line of a tournament's record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordHeader {
    /// Which tournament.
    pub tournament: TournamentIdentity,
    /// Games in the whole schedule.
    pub games: usize,
    /// Which part of it this record holds.
    pub shard: Shard,
}

impl RecordHeader {
    /// The header as one JSON line (with its newline).
    pub fn to_line(&self) -> std::io::Result<String> {
        let mut line = serde_json::to_string(self).map_err(std::io::Error::other)?;
        line.push('\n');
        Ok(line)
    }

    /// Reads a header line; `None` when the line is not one. The fields are not checked:
    /// see [`RecordHeader::parse`].
    pub fn from_line(line: &str) -> Option<RecordHeader> {
        serde_json::from_str(line).ok()
    }

    /// [`RecordHeader::from_line`] of a line given as bytes.
    pub fn from_line_bytes(line: &[u8]) -> Option<RecordHeader> {
        serde_json::from_slice(line).ok()
    }

    /// Reads the first line of a tournament record (its bytes, newline or not) and checks
    /// every field ([`RecordHeader::check`]); the error says what is wrong.
    pub fn parse(line: &[u8]) -> Result<RecordHeader, String> {
        if line.iter().all(u8::is_ascii_whitespace) {
            return Err("blank, not a tournament header".into());
        }
        let header: RecordHeader = match serde_json::from_slice(line) {
            Ok(header) => header,
            Err(error) => {
                let what = match serde_json::from_slice::<serde_json::Value>(line) {
                    Ok(serde_json::Value::Object(map))
                        if map.contains_key("moves") && map.contains_key("result") =>
                    {
                        "a game, not a tournament header".to_string()
                    }
                    Ok(_) => format!("JSON, but not a tournament header ({error})"),
                    Err(_) if std::str::from_utf8(line).is_err() => {
                        "not UTF-8, not a tournament header".to_string()
                    }
                    Err(_) => format!("not a tournament header: {error}"),
                };
                return Err(what);
            }
        };
        header.check()?;
        Ok(header)
    }

    /// Checks every field before anything uses it: the shard (`count` at least 1, `index`
    /// below it), the players (at least two, each label once), the positions and rounds (at
    /// least one each), the schedule they make (at most
    /// [`crate::schedule::MAX_SCHEDULE_GAMES`] games) and `games`, which must be its size.
    pub fn check(&self) -> Result<(), String> {
        let damaged = |problem: String| Err(format!("damaged tournament header: {problem}"));
        if self.shard.count == 0 {
            return damaged("shard.count is 0; it must be at least 1".into());
        }
        if self.shard.index >= self.shard.count {
            return damaged(format!(
                "shard.index {} is not below shard.count {}",
                self.shard.index, self.shard.count
            ));
        }
        let identity = &self.tournament;
        for (i, label) in identity.players.iter().enumerate() {
            if identity.players[..i].contains(label) {
                return damaged(format!("players: {label} is named twice"));
            }
        }
        let size = match schedule_size(
            identity.players.len(),
            identity.positions.len(),
            identity.rounds,
            identity.gauntlet,
        ) {
            Ok(size) => size,
            Err(problem) => return damaged(problem),
        };
        if self.games != size {
            return damaged(format!(
                "games: {}, but its players, positions and rounds make {size}",
                self.games
            ));
        }
        Ok(())
    }
}

/// A record file that cannot take this run's games.
#[derive(Debug, thiserror::Error)]
pub enum HeaderError {
    /// The file holds another tournament, or another shard of it.
    #[error("record {path}: it belongs to another tournament or shard ({difference}); give another --record file")]
    Mismatch {
        /// The file.
        path: String,
        /// What differs.
        difference: String,
    },
    /// The file is not empty and its first line is not a sound tournament header (a blank
    /// line, a game, a damaged line, a field out of bounds): its games may be of another
    /// tournament or seed, so they are neither resumed nor overwritten.
    #[error("record {path} line {line}: {problem}; a tournament record starts with its header, so this file is not resumed (nothing was written to it): give another --record file")]
    Damaged {
        /// The file.
        path: String,
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// Another run holds the file's lock: it is writing it now.
    #[error("record {path} is locked: another run is writing it (two runs on one record would play every game twice); wait for that run to end, or give another --record file")]
    Locked {
        /// The file.
        path: String,
    },
    /// Reading or writing the file failed.
    #[error("record {path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// The failure.
        error: std::io::Error,
    },
}

/// The longest first line read as a header; a longer one is damaged.
const MAX_HEADER_BYTES: u64 = 64 << 20;

/// Takes the exclusive lock of a record file open for writing, without waiting:
/// [`HeaderError::Locked`] when another run (or another open handle) holds it. The lock
/// lasts until the file is closed.
pub fn lock_record(file: &File, path: &Path) -> Result<(), HeaderError> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => Err(HeaderError::Locked {
            path: path.display().to_string(),
        }),
        Err(std::fs::TryLockError::Error(error)) => Err(HeaderError::Io {
            path: path.display().to_string(),
            error,
        }),
    }
}

/// Makes the record `file` at `path` (open for reading and appending, and locked) ready to
/// take the games of `header`'s shard: an empty file gets the header as its first line,
/// synced to disk; any other file must start with a sound header
/// ([`RecordHeader::parse`]) of the same tournament and shard. Nothing is written to a file
/// that is refused.
pub fn prepare_file(
    file: &mut File,
    path: &Path,
    header: &RecordHeader,
) -> Result<(), HeaderError> {
    let io = |error: std::io::Error| HeaderError::Io {
        path: path.display().to_string(),
        error,
    };
    if file.metadata().map_err(io)?.len() == 0 {
        file.write_all(header.to_line().map_err(io)?.as_bytes())
            .map_err(io)?;
        return file.sync_data().map_err(io);
    }
    file.seek(SeekFrom::Start(0)).map_err(io)?;
    let mut first_line = Vec::new();
    BufReader::new(Read::by_ref(file).take(MAX_HEADER_BYTES))
        .read_until(b'\n', &mut first_line)
        .map_err(io)?;
    let found = RecordHeader::parse(&first_line).map_err(|problem| HeaderError::Damaged {
        path: path.display().to_string(),
        line: 1,
        problem,
    })?;
    let difference = found.tournament.difference(&header.tournament).or_else(|| {
        (found.shard != header.shard).then(|| format!("shard {} / {}", found.shard, header.shard))
    });
    match difference {
        None => Ok(()),
        Some(difference) => Err(HeaderError::Mismatch {
            path: path.display().to_string(),
            difference,
        }),
    }
}

/// Opens `path` for reading and appending (creating it) and takes its lock.
pub(crate) fn open_locked(path: &Path) -> Result<File, HeaderError> {
    let file = OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(path)
        .map_err(|error| HeaderError::Io {
            path: path.display().to_string(),
            error,
        })?;
    lock_record(&file, path)?;
    Ok(file)
}

/// [`prepare_file`] on the file at `path`, created when missing, under its lock for the
/// time it takes.
pub fn prepare_record(path: &Path, header: &RecordHeader) -> Result<(), HeaderError> {
    let mut file = open_locked(path)?;
    prepare_file(&mut file, path, header)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn shard_specs_are_checked() {
        assert_eq!(
            "1/4".parse::<Shard>().unwrap(),
            Shard { index: 1, count: 4 }
        );
        assert_eq!("0/1".parse::<Shard>().unwrap(), Shard::WHOLE);
        for (text, named) in [
            ("5/4", "K must be below N"),
            ("4/4", "0/4 to 3/4"),
            ("0/0", "N must be at least 1"),
            ("a/4", "`a`"),
            ("1/-2", "`-2`"),
            ("3", "expected K/N"),
        ] {
            let error = text.parse::<Shard>().unwrap_err().to_string();
            assert!(
                error.contains(named) && error.contains(text),
                "{text}: {error}"
            );
        }
    }

    #[test]
    fn shards_partition_the_schedule() {
        for count in 1..6u64 {
            let mut owners = vec![0; 37];
            for index in 0..count {
                let shard = Shard { index, count };
                for (game, owner) in owners.iter_mut().enumerate() {
                    if shard.holds(game) {
                        *owner += 1;
                    }
                }
            }
            assert!(owners.iter().all(|&o| o == 1), "{count}: {owners:?}");
        }
    }

    fn identity() -> TournamentIdentity {
        TournamentIdentity {
            game: "rectangle".into(),
            players: vec!["perfect".into(), "random".into(), "stubborn".into()],
            positions: vec!["9x7".into()],
            rounds: 2,
            gauntlet: false,
            settings: Settings {
                movetime_ms: None,
                gametime_ms: Some(1000),
                max_moves: 100,
                startup_ms: 1,
                command_ms: 2,
                quit_ms: 3,
            },
            seed: 5,
        }
    }

    #[test]
    fn a_record_keeps_its_tournament() {
        let dir = std::env::temp_dir().join(format!("grundy-shard-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("shard.jsonl");
        let _ = std::fs::remove_file(&path);
        let header = RecordHeader {
            tournament: identity(),
            games: 12,
            shard: Shard { index: 1, count: 3 },
        };
        prepare_record(&path, &header).unwrap();
        prepare_record(&path, &header).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), 1);
        assert_eq!(RecordHeader::from_line(&text), Some(header.clone()));
        let mut other = header.clone();
        other.tournament.seed = 6;
        let error = prepare_record(&path, &other).unwrap_err().to_string();
        assert!(error.contains("seed: 5 ≠ 6"), "{error}");
        other = header.clone();
        other.shard = Shard { index: 2, count: 3 };
        let error = prepare_record(&path, &other).unwrap_err().to_string();
        assert!(error.contains("shard 1/3 / 2/3"), "{error}");
        assert_eq!(identity().keys().len(), 12);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
