//! Game records: one JSON object per line (JSON Lines), written and synced to the disk as
//! each game finishes, so an interrupted match or tournament loses nothing already played and
//! can be resumed from its file. A record is locked while it is written, read as bytes (a
//! line that is not UTF-8 or not JSON costs that line only), and a game on two lines follows
//! one rule wherever records are read ([`repeated_game`]).

use std::collections::HashMap;
use std::fmt;
use std::fs::File;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use serde::{Deserialize, Serialize};

use crate::result::GameResult;
use crate::schedule::GameKey;
use crate::shard::{open_locked, prepare_file, HeaderError, RecordHeader};

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

/// Where a line is: a record file and a line number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The record file.
    pub path: PathBuf,
    /// The line, from 1.
    pub line: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} line {}", self.path.display(), self.line)
    }
}

/// What one line of a record holds.
#[derive(Debug)]
pub enum RecordLine {
    /// Nothing but white space.
    Blank,
    /// A game.
    Game(Box<GameRecord>),
    /// A tournament header (its fields unchecked).
    Header(Box<RecordHeader>),
    /// Not UTF-8, or not JSON: a line cut short by an interrupted write looks like this.
    /// Resume skips it (its game is played again); merge counts its game as missing.
    Unreadable(String),
    /// JSON, but neither a game nor a header: what is wrong with it.
    Other(String),
}

/// Reads one line of a record, given as bytes (with or without its newline): a line that is
/// not UTF-8 or not JSON is [`RecordLine::Unreadable`], never an error.
pub fn classify_line(bytes: &[u8]) -> RecordLine {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return RecordLine::Blank;
    }
    // Nearly every line is a game: parse it as one, and look closer only when that fails.
    if let Ok(record) = serde_json::from_slice::<GameRecord>(bytes) {
        return RecordLine::Game(Box::new(record));
    }
    if let Err(error) = std::str::from_utf8(bytes) {
        return RecordLine::Unreadable(format!(
            "not UTF-8 (an invalid byte at column {})",
            error.valid_up_to() + 1
        ));
    }
    match serde_json::from_slice::<serde_json::Value>(bytes) {
        Err(error) => RecordLine::Unreadable(format!("not JSON ({error})")),
        Ok(value) => {
            if let Ok(header) = serde_json::from_slice::<RecordHeader>(bytes) {
                return RecordLine::Header(Box::new(header));
            }
            match serde_json::from_value::<GameRecord>(value) {
                Err(error) => RecordLine::Other(format!("not a game record: {error}")),
                Ok(_) => RecordLine::Other("not a game record".into()),
            }
        }
    }
}

/// Calls `visit` with each line of `reader` (its number from 1 and its bytes, newline
/// included), read as bytes so that no byte of a line stops the reading of the others.
pub fn each_line<E>(
    mut reader: impl BufRead,
    io: impl Fn(std::io::Error) -> E,
    mut visit: impl FnMut(usize, &[u8]) -> Result<(), E>,
) -> Result<(), E> {
    let mut line = Vec::new();
    let mut number = 0;
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line).map_err(&io)? == 0 {
            return Ok(());
        }
        number += 1;
        visit(number, &line)?;
    }
}

/// What tells two lines of one game apart: a hash of the line's bytes without its trailing
/// white space (the newline).
pub fn line_fingerprint(bytes: &[u8]) -> u64 {
    let end = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |last| last + 1);
    let mut hasher = DefaultHasher::new();
    bytes[..end].hash(&mut hasher);
    hasher.finish()
}

/// A game whose key two lines hold, with different contents.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("game {game} appears twice, on lines that differ: {first} and {second}; one game cannot have two results, so the record is refused (delete the wrong line)")]
pub struct RepeatedGame {
    /// The game.
    pub game: String,
    /// Its first line.
    pub first: Place,
    /// The line that repeats it.
    pub second: Place,
}

/// The one rule for a game (a schedule key) that two lines hold, which resume and merge
/// both apply: lines identical byte for byte (but trailing white space), as a record copied
/// onto itself leaves them, are one game, counted once; the note returned says so. Lines that
/// differ are two results of one game, and no reader can tell which is right: the record is
/// refused ([`RepeatedGame`]). `first` and `second` are the two lines' places and
/// [`line_fingerprint`]s.
pub fn repeated_game(
    game: String,
    first: (&Place, u64),
    second: (&Place, u64),
) -> Result<String, RepeatedGame> {
    if first.1 == second.1 {
        Ok(format!(
            "{} repeats game {game} of {} identically; counted once",
            second.0, first.0
        ))
    } else {
        Err(RepeatedGame {
            game,
            first: first.0.clone(),
            second: second.0.clone(),
        })
    }
}

/// Names a game by its key: `perfect vs random on 9x7, round 1`.
pub fn describe_key(key: &GameKey) -> String {
    format!(
        "{} vs {} on {}, round {}",
        key.first, key.second, key.position, key.round
    )
}

/// Held while any record line is written and synced, in every writer of the process.
static WRITES: Mutex<()> = Mutex::new(());

/// Waits until no record line is being written and keeps any from starting while the guard
/// lives: an interrupt handler that ends the process holds it first, so the last line of
/// every record is whole.
pub fn hold_writes() -> MutexGuard<'static, ()> {
    WRITES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Appends records to a JSON Lines file, one line per game, each synced to disk before
/// [`RecordWriter::write`] returns; shared by worker threads. The file is locked (an
/// exclusive advisory lock, `flock` on Unix) for as long as the writer lives, so a second
/// writer of the same file is refused.
#[derive(Debug)]
pub struct RecordWriter {
    file: Mutex<File>,
}

/// Ends a last line cut short by an interrupted run, so the next record starts on a line of
/// its own, and syncs that newline.
fn end_cut_line(file: &mut File) -> std::io::Result<()> {
    let length = file.seek(SeekFrom::End(0))?;
    if length > 0 {
        file.seek(SeekFrom::Start(length - 1))?;
        let mut last = [0u8; 1];
        file.read_exact(&mut last)?;
        if last[0] != b'\n' {
            file.write_all(b"\n")?;
            file.sync_data()?;
        }
    }
    Ok(())
}

impl RecordWriter {
    /// Opens `path` for appending (creating it) and locks it. A last line cut short by an
    /// interrupted run is ended first, so the next record starts on a line of its own. A file
    /// another writer holds is refused with an error of kind
    /// [`std::io::ErrorKind::WouldBlock`] that names it.
    pub fn append(path: &Path) -> std::io::Result<Self> {
        let mut file = open_locked(path).map_err(|error| match error {
            HeaderError::Io { error, .. } => error,
            other => std::io::Error::new(std::io::ErrorKind::WouldBlock, other.to_string()),
        })?;
        end_cut_line(&mut file)?;
        Ok(RecordWriter {
            file: Mutex::new(file),
        })
    }

    /// Opens and locks a tournament's record as [`RecordWriter::append`] does, once
    /// [`prepare_file`] has written `header` into an empty file or found it at the head of
    /// this one. A file refused is left as it was.
    pub fn tournament(path: &Path, header: &RecordHeader) -> Result<Self, HeaderError> {
        let mut file = open_locked(path)?;
        prepare_file(&mut file, path, header)?;
        end_cut_line(&mut file).map_err(|error| HeaderError::Io {
            path: path.display().to_string(),
            error,
        })?;
        Ok(RecordWriter {
            file: Mutex::new(file),
        })
    }

    /// Writes one record as one line and syncs it to the disk (`sync_data`).
    pub fn write(&self, record: &GameRecord) -> std::io::Result<()> {
        let mut line = serde_json::to_string(record).map_err(std::io::Error::other)?;
        line.push('\n');
        let mut file = self
            .file
            .lock()
            .map_err(|_| std::io::Error::other("a writer thread panicked"))?;
        let _whole = hold_writes();
        file.write_all(line.as_bytes())?;
        file.sync_data()
    }
}

/// How many of the lines skipped by [`read_games`] are named with their reason; the rest
/// are only counted.
pub const NAMED_SKIPPED: usize = 10;

/// A line of a record that is not a game: its number (from 1) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedLine {
    /// The line, from 1.
    pub line: usize,
    /// Why it is not a game: not UTF-8, not JSON, JSON of another kind.
    pub why: String,
}

impl fmt::Display for SkippedLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.why)
    }
}

/// The games of a record, read line by line as [`read_games`] reads them.
#[derive(Debug, Default)]
pub struct RecordGames {
    /// The games, in the order of the lines.
    pub games: Vec<GameRecord>,
    /// How many lines were skipped: not UTF-8, not JSON (a line cut short by an
    /// interruption), JSON of another kind. Blank lines and a tournament's header
    /// ([`crate::shard::RecordHeader`]) are not games and not counted.
    pub skipped: usize,
    /// The first [`NAMED_SKIPPED`] lines skipped, in order.
    pub first_skipped: Vec<SkippedLine>,
    /// The line reading stopped at, when the reader's cap of games was reached before the
    /// end: that line and the ones after it were not read.
    pub stopped_at: Option<usize>,
}

/// The one reader of a record's games, which the command line and the web server share: each
/// line is read as bytes and classified ([`classify_line`]), so a line that is not UTF-8, not
/// JSON or not a game costs that line only; it is counted, and the first few are named. At
/// most `max_games` games are read; reading stops at the line of the next one. Only a
/// failure of `reader` itself is an error.
pub fn read_games(reader: impl BufRead, max_games: usize) -> std::io::Result<RecordGames> {
    /// Why the reading ended early: the reader failed, or the cap of games was reached.
    enum End {
        Io(std::io::Error),
        Full(usize),
    }
    let mut read = RecordGames::default();
    let ended = each_line(reader, End::Io, |number, line| {
        match classify_line(line) {
            RecordLine::Game(_) if read.games.len() >= max_games => return Err(End::Full(number)),
            RecordLine::Game(record) => read.games.push(*record),
            RecordLine::Blank | RecordLine::Header(_) => {}
            RecordLine::Unreadable(why) | RecordLine::Other(why) => {
                read.skipped += 1;
                if read.first_skipped.len() < NAMED_SKIPPED {
                    read.first_skipped.push(SkippedLine { line: number, why });
                }
            }
        }
        Ok(())
    });
    match ended {
        Ok(()) => {}
        Err(End::Full(line)) => read.stopped_at = Some(line),
        Err(End::Io(error)) => return Err(error),
    }
    Ok(read)
}

/// The records of a JSON Lines file and the number of lines that could not be read, as
/// [`read_games`] reads them (every game, however many). A missing file holds no records.
pub fn read_records(path: &Path) -> std::io::Result<(Vec<GameRecord>, usize)> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), 0)),
        Err(error) => return Err(error),
    };
    let read = read_games(BufReader::new(file), usize::MAX)?;
    Ok((read.games, read.skipped))
}

/// What a resumed run takes from its record.
#[derive(Debug, Default)]
pub struct Resumed {
    /// The games kept, each once, in the order of the file.
    pub games: Vec<GameRecord>,
    /// The lines skipped, with why: not UTF-8, not JSON (a line cut short), JSON of another
    /// kind. Their games, if any, are played again.
    pub skipped: Vec<(Place, String)>,
    /// Lines that repeat a game identically (counted once; see [`repeated_game`]).
    pub notes: Vec<String>,
}

/// Why a record cannot be resumed.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    /// Reading the file failed.
    #[error("record {path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The failure.
        error: std::io::Error,
    },
    /// Two lines hold one game with different contents.
    #[error("{0}")]
    Repeated(#[from] RepeatedGame),
}

/// Reads the record at `path` (none when missing) for a resumed run: the games with a key
/// that `keep` accepts, each game once under [`repeated_game`]'s rule; unreadable lines are
/// skipped and named. Header lines and games without a key or not kept are passed over.
pub fn read_resumed(
    path: &Path,
    keep: &dyn Fn(&GameRecord) -> bool,
) -> Result<Resumed, ResumeError> {
    let io = |error: std::io::Error| ResumeError::Io {
        path: path.to_path_buf(),
        error,
    };
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Resumed::default()),
        Err(error) => return Err(io(error)),
    };
    let mut resumed = Resumed::default();
    let mut seen: HashMap<GameKey, (Place, u64)> = HashMap::new();
    each_line(BufReader::new(file), io, |number, line| {
        let place = Place {
            path: path.to_path_buf(),
            line: number,
        };
        match classify_line(line) {
            RecordLine::Blank | RecordLine::Header(_) => {}
            RecordLine::Unreadable(why) | RecordLine::Other(why) => {
                resumed.skipped.push((place, why));
            }
            RecordLine::Game(record) => {
                let Some(key) = record.key.clone() else {
                    return Ok(());
                };
                if !keep(&record) {
                    return Ok(());
                }
                let print = line_fingerprint(line);
                match seen.get(&key) {
                    Some((first, first_print)) => {
                        let note = repeated_game(
                            describe_key(&key),
                            (first, *first_print),
                            (&place, print),
                        )?;
                        resumed.notes.push(note);
                    }
                    None => {
                        seen.insert(key, (place, print));
                        resumed.games.push(*record);
                    }
                }
            }
        }
        Ok(())
    })?;
    Ok(resumed)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::result::Termination;
    use std::fs::OpenOptions;

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
    fn bad_lines_are_skipped_counted_and_named_and_the_cap_stops_the_reading() {
        let good = |round| serde_json::to_string(&record(round)).unwrap();
        let mut bytes = Vec::new();
        bytes.extend_from_slice(format!("{}\n\n", good(0)).as_bytes());
        // Line 3: an invalid byte inside a game's line.
        let mut damaged = good(1).into_bytes();
        damaged[20] = 0xff;
        bytes.extend_from_slice(&damaged);
        bytes.push(b'\n');
        bytes.extend_from_slice(format!("{}\n{{\"game\": \n{}\n", good(2), good(3)).as_bytes());
        let read = read_games(bytes.as_slice(), usize::MAX).unwrap();
        assert_eq!(read.games, vec![record(0), record(2), record(3)]);
        assert_eq!(read.skipped, 2);
        let named: Vec<String> = read.first_skipped.iter().map(ToString::to_string).collect();
        assert_eq!(named.len(), 2);
        assert!(
            named[0].starts_with("line 3: not UTF-8 (an invalid byte at column 21)"),
            "{named:?}"
        );
        assert!(named[1].starts_with("line 5: not JSON"), "{named:?}");
        assert_eq!(read.stopped_at, None);
        // A cap of two games stops at the line of the third, line 6.
        let capped = read_games(bytes.as_slice(), 2).unwrap();
        assert_eq!(capped.games, vec![record(0), record(2)]);
        assert_eq!(capped.stopped_at, Some(6));
        // Past the named few, lines are only counted.
        let many = "x\n".repeat(NAMED_SKIPPED + 5);
        let read = read_games(many.as_bytes(), usize::MAX).unwrap();
        assert_eq!(read.skipped, NAMED_SKIPPED + 5);
        assert_eq!(read.first_skipped.len(), NAMED_SKIPPED);
        assert_eq!(read.first_skipped[NAMED_SKIPPED - 1].line, NAMED_SKIPPED);
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
