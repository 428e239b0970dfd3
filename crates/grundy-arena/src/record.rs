//! Game records: one JSON object per line (JSON Lines), written and flushed as each game
//! finishes, so an interrupted match or tournament loses nothing already played and can be
//! resumed from its file.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::result::GameResult;
use crate::schedule::GameKey;

/// One move as played: canonical notation and the time the mover took.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// The move in the game's canonical notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Milliseconds from asking for the move to receiving it.
    pub ms: f64,
}

/// Everything about one finished game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's name.
    pub game: String,
    /// The start position.
    pub position: String,
    /// The players as written (first seat, second seat).
    pub players: [String; 2],
    /// The seed the game was played with.
    pub seed: u64,
    /// The moves in order; the first player made the even-numbered ones.
    pub moves: Vec<MoveRecord>,
    /// How the game ended.
    pub result: GameResult,
    /// The last few KB of each external player's standard error (first, second).
    pub stderr: [String; 2],
    /// Anything noteworthy after the game (a program that ignored `quit`, …).
    #[serde(default)]
    pub notes: Vec<String>,
    /// The game's place in a match or tournament schedule.
    #[serde(default)]
    pub key: Option<GameKey>,
}

/// Appends records to a JSON Lines file, one flushed line per game; shared by worker threads.
#[derive(Debug)]
pub struct RecordWriter {
    file: Mutex<File>,
}

impl RecordWriter {
    /// Opens `path` for appending (creating it). A last line cut short by an interrupted run
    /// is ended first, so the next record starts on a line of its own.
    pub fn append(path: &Path) -> std::io::Result<Self> {
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)?;
        let length = file.seek(SeekFrom::End(0))?;
        if length > 0 {
            file.seek(SeekFrom::Start(length - 1))?;
            let mut last = [0u8; 1];
            file.read_exact(&mut last)?;
            if last[0] != b'\n' {
                file.write_all(b"\n")?;
            }
        }
        Ok(RecordWriter {
            file: Mutex::new(file),
        })
    }

    /// Writes one record as one line and flushes it to the file.
    pub fn write(&self, record: &GameRecord) -> std::io::Result<()> {
        let mut line = serde_json::to_string(record).map_err(std::io::Error::other)?;
        line.push('\n');
        let mut file = self
            .file
            .lock()
            .map_err(|_| std::io::Error::other("a writer thread panicked"))?;
        file.write_all(line.as_bytes())?;
        file.flush()
    }
}

/// The records of a JSON Lines file and the number of lines that could not be read (a line
/// cut short by an interruption, say). A tournament's header line
/// ([`crate::shard::RecordHeader`]) is not a game and not counted. A missing file holds no
/// records.
pub fn read_records(path: &Path) -> std::io::Result<(Vec<GameRecord>, usize)> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), 0)),
        Err(error) => return Err(error),
    };
    let mut records = Vec::new();
    let mut unreadable = 0;
    for line in BufReader::new(file).lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<GameRecord>(&line) {
            Ok(record) => records.push(record),
            Err(_) if crate::shard::RecordHeader::from_line(&line).is_some() => {}
            Err(_) => unreadable += 1,
        }
    }
    Ok((records, unreadable))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::result::Termination;

    fn record(round: u32) -> GameRecord {
        GameRecord {
            game: "rectangle".into(),
            position: "4x3".into(),
            players: ["perfect".into(), "random".into()],
            seed: 7,
            moves: vec![MoveRecord {
                mv: "v1".into(),
                ms: 0.25,
            }],
            result: GameResult {
                winner: Some("first".into()),
                termination: Termination::Normal,
                detail: String::new(),
            },
            stderr: [String::new(), "oops\n".into()],
            notes: vec![],
            key: Some(GameKey {
                first: "perfect".into(),
                second: "random".into(),
                position: "4x3".into(),
                round,
            }),
        }
    }

    #[test]
    fn records_survive_a_cut_last_line() {
        let dir = std::env::temp_dir().join(format!("grundy-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.jsonl");
        let _ = std::fs::remove_file(&path);
        let writer = RecordWriter::append(&path).unwrap();
        writer.write(&record(0)).unwrap();
        drop(writer);
        // An interrupted write leaves half a line.
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(b"{\"game\":\"rect").unwrap();
        drop(file);
        let writer = RecordWriter::append(&path).unwrap();
        writer.write(&record(1)).unwrap();
        let (records, unreadable) = read_records(&path).unwrap();
        assert_eq!(unreadable, 1);
        assert_eq!(records, vec![record(0), record(1)]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
