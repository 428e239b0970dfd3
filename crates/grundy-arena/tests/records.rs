//! Damaged, repeated and contended record files, on real files: what resume (the record
//! writer and [`read_resumed`]) and merge do with each.

#![allow(clippy::unwrap_used)]

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use grundy_arena::merge::{merge, merge_partial, MergeError};
use grundy_arena::record::{
    read_records, read_resumed, GameRecord, MoveRecord, RecordWriter, ResumeError,
};
use grundy_arena::result::{GameResult, Termination};
use grundy_arena::schedule::{GameKey, MAX_SCHEDULE_GAMES};
use grundy_arena::shard::{HeaderError, RecordHeader, Settings, Shard, TournamentIdentity};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-records-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Two players on one position, two rounds: 4 games.
fn header() -> RecordHeader {
    RecordHeader {
        tournament: TournamentIdentity {
            game: "rectangle".into(),
            players: vec!["perfect".into(), "random".into()],
            positions: vec!["9x7".into()],
            rounds: 2,
            gauntlet: false,
            settings: Settings {
                movetime_ms: None,
                gametime_ms: None,
                max_moves: 1000,
                startup_ms: 10_000,
                command_ms: 5_000,
                quit_ms: 1_000,
            },
            seed: 1,
        },
        games: 4,
        shard: Shard::WHOLE,
    }
}

fn game(key: &GameKey, winner: &str) -> GameRecord {
    GameRecord {
        game: "rectangle".into(),
        position: key.position.clone(),
        players: [key.first.clone(), key.second.clone()],
        seed: 9,
        moves: vec![MoveRecord {
            mv: "v1".into(),
            ms: 0.5,
        }],
        result: GameResult {
            winner: Some(winner.into()),
            termination: Termination::Normal,
            detail: String::new(),
        },
        stderr: [String::new(), "é\n".into()],
        notes: vec![],
        key: Some(key.clone()),
    }
}

fn game_line(key: &GameKey, winner: &str) -> String {
    serde_json::to_string(&game(key, winner)).unwrap() + "\n"
}

/// The header and the 4 games, one line each (lines 1 to 5).
fn whole_record() -> String {
    let header = header();
    let mut text = header.to_line().unwrap();
    for key in header.tournament.keys() {
        text += &game_line(&key, "first");
    }
    text
}

fn keep_all(_: &GameRecord) -> bool {
    true
}

fn write(path: &Path, bytes: impl AsRef<[u8]>) {
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn resume_writes_a_header_only_into_a_missing_or_empty_file() {
    let dir = scratch("header");
    let missing = dir.join("missing.jsonl");
    let empty = dir.join("empty.jsonl");
    write(&empty, "");
    for path in [&missing, &empty] {
        drop(RecordWriter::tournament(path, &header()).unwrap());
        assert_eq!(
            std::fs::read_to_string(path).unwrap(),
            header().to_line().unwrap()
        );
        // Again: the header is found, nothing is added.
        drop(RecordWriter::tournament(path, &header()).unwrap());
        assert_eq!(std::fs::read_to_string(path).unwrap().lines().count(), 1);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_blank_first_line_is_refused_and_the_games_are_kept() {
    let dir = scratch("blank");
    let path = dir.join("r.jsonl");
    let text = "\n".to_string() + &whole_record();
    write(&path, &text);
    let error = RecordWriter::tournament(&path, &header()).unwrap_err();
    assert!(
        matches!(error, HeaderError::Damaged { line: 1, .. }),
        "{error}"
    );
    let message = error.to_string();
    assert!(
        message.contains(&format!("record {} line 1: blank", path.display())),
        "{message}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_headerless_record_is_not_resumed_under_any_seed() {
    let dir = scratch("headerless");
    let path = dir.join("r.jsonl");
    let whole = whole_record();
    let games: String = whole.split_inclusive('\n').skip(1).collect();
    write(&path, &games);
    for seed in [1, 2] {
        let mut other = header();
        other.tournament.seed = seed;
        let message = RecordWriter::tournament(&path, &other)
            .unwrap_err()
            .to_string();
        assert!(
            message.contains(&format!(
                "record {} line 1: a game, not a tournament header",
                path.display()
            )),
            "{message}"
        );
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap(), games);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A change to a sound header.
type Damage = Box<dyn Fn(&mut RecordHeader)>;

#[test]
fn every_header_field_is_checked_before_use() {
    let dir = scratch("fields");
    let path = dir.join("r.jsonl");
    let games: String = whole_record().split_inclusive('\n').skip(1).collect();
    let absurd = u64::from(u32::MAX);
    let cases: Vec<(Damage, String)> = vec![
        (
            Box::new(|h| h.shard = Shard { index: 0, count: 0 }),
            "shard.count is 0".into(),
        ),
        (
            Box::new(|h| h.shard = Shard { index: 3, count: 2 }),
            "shard.index 3 is not below shard.count 2".into(),
        ),
        (
            Box::new(|h| h.tournament.rounds = u32::MAX),
            format!("rounds: {absurd}, above the bound of {MAX_SCHEDULE_GAMES} games"),
        ),
        (
            Box::new(|h| {
                h.tournament.positions = (0..2_000_000).map(|i| format!("p{i}")).collect();
                h.games = 8_000_000;
            }),
            format!("make 8000000 games, above the bound of {MAX_SCHEDULE_GAMES} games"),
        ),
        (
            Box::new(|h| h.games = 5),
            "games: 5, but its players, positions and rounds make 4".into(),
        ),
        (
            Box::new(|h| h.tournament.players = vec!["perfect".into()]),
            "players: 1; a schedule needs at least 2".into(),
        ),
        (
            Box::new(|h| h.tournament.players = vec!["perfect".into(), "perfect".into()]),
            "players: perfect is named twice".into(),
        ),
    ];
    for (damage, named) in cases {
        let mut damaged = header();
        damage(&mut damaged);
        let text = damaged.to_line().unwrap() + &games;
        write(&path, &text);
        match merge(std::slice::from_ref(&path)) {
            Err(error @ MergeError::BadHeader { .. }) => {
                let message = error.to_string();
                assert!(
                    message.contains(&format!("record {} line 1", path.display()))
                        && message.contains(&named),
                    "{message}"
                );
            }
            other => panic!("{named}: {other:?}"),
        }
        assert!(merge_partial(std::slice::from_ref(&path)).is_err());
        let message = RecordWriter::tournament(&path, &damaged)
            .unwrap_err()
            .to_string();
        assert!(
            message.contains(&format!("record {} line 1", path.display()))
                && message.contains(&named),
            "{message}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_byte_costs_one_line_not_the_record() {
    let dir = scratch("bytes");
    let path = dir.join("r.jsonl");
    let mut bytes = whole_record().into_bytes();
    // Line 3: an invalid byte inside a string of an otherwise whole game line.
    let third = bytes
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .nth(1)
        .map(|(i, _)| i + 1)
        .unwrap();
    let at = third + 12;
    bytes[at] = 0xff;
    // Line 6: a crash in the middle of a two-byte character (é is 0xC3 0xA9).
    bytes.extend_from_slice(b"{\"game\":\"rectangle\",\"position\":\"\xc3");
    write(&path, &bytes);
    let resumed = read_resumed(&path, &keep_all).unwrap();
    assert_eq!(resumed.games.len(), 3);
    let skipped: Vec<String> = resumed
        .skipped
        .iter()
        .map(|(place, why)| format!("{place}: {why}"))
        .collect();
    assert_eq!(skipped.len(), 2, "{skipped:?}");
    assert!(
        skipped[0].starts_with(&format!("{} line 3: not UTF-8", path.display())),
        "{skipped:?}"
    );
    assert!(
        skipped[1].starts_with(&format!("{} line 6: not UTF-8", path.display())),
        "{skipped:?}"
    );
    assert_eq!(read_records(&path).unwrap().1, 2);
    // Merge: the game of line 3 is missing, and the lines are named.
    let message = merge(std::slice::from_ref(&path)).unwrap_err().to_string();
    assert!(message.contains("1 of 4 games missing"), "{message}");
    assert!(
        message.contains(&format!(
            "{} line 3, {} line 6",
            path.display(),
            path.display()
        )),
        "{message}"
    );
    let partial = merge_partial(std::slice::from_ref(&path)).unwrap();
    assert_eq!((partial.records.len(), partial.missing), (3, 1));
    assert!(
        partial.notes[0].starts_with(&format!("{} line 3 skipped: not UTF-8", path.display())),
        "{:?}",
        partial.notes
    );
    // Resume closes the cut line and appends the missing game; then the merge is whole.
    let writer = RecordWriter::tournament(&path, &header()).unwrap();
    let missing = header().tournament.keys()[1].clone();
    writer.write(&game(&missing, "first")).unwrap();
    drop(writer);
    let merged = merge(std::slice::from_ref(&path)).unwrap();
    assert_eq!((merged.records.len(), merged.missing), (4, 0));
    assert_eq!(merged.notes.len(), 2, "{:?}", merged.notes);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn resume_and_merge_apply_one_rule_to_a_repeated_game() {
    let dir = scratch("repeat");
    let path = dir.join("r.jsonl");
    let key = header().tournament.keys()[2].clone();
    // Line 6 repeats line 4 byte for byte: counted once, with a note.
    let text = whole_record() + &game_line(&key, "first");
    write(&path, &text);
    let resumed = read_resumed(&path, &keep_all).unwrap();
    assert_eq!(resumed.games.len(), 4);
    let note = format!(
        "{} line 6 repeats game perfect vs random on 9x7, round 1 of {} line 4 identically; counted once",
        path.display(),
        path.display()
    );
    assert_eq!(resumed.notes, vec![note]);
    let merged = merge(std::slice::from_ref(&path)).unwrap();
    assert_eq!(merged.records.len(), 4);
    assert_eq!(
        merged.notes,
        vec![format!(
            "{} line 6 repeats game #2 perfect vs random on 9x7, round 1 of {} line 4 identically; counted once",
            path.display(),
            path.display()
        )]
    );
    // Line 6 gives the game another result: refused by both.
    write(&path, whole_record() + &game_line(&key, "second"));
    let conflict = format!(
        "appears twice, on lines that differ: {} line 4 and {} line 6",
        path.display(),
        path.display()
    );
    let error = read_resumed(&path, &keep_all).unwrap_err();
    assert!(matches!(error, ResumeError::Repeated(_)));
    assert!(error.to_string().contains(&conflict), "{error}");
    let error = merge_partial(std::slice::from_ref(&path)).unwrap_err();
    assert!(matches!(error, MergeError::Duplicate(_)));
    assert!(error.to_string().contains(&conflict), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_second_writer_is_refused() {
    let dir = scratch("lock");
    let path = dir.join("r.jsonl");
    let first = RecordWriter::tournament(&path, &header()).unwrap();
    let error = RecordWriter::append(&path).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::WouldBlock);
    assert!(
        error
            .to_string()
            .contains(&format!("record {} is locked", path.display())),
        "{error}"
    );
    let error = RecordWriter::tournament(&path, &header()).unwrap_err();
    assert!(matches!(error, HeaderError::Locked { .. }), "{error}");
    first
        .write(&game(&header().tournament.keys()[0], "first"))
        .unwrap();
    drop(first);
    // Once the first writer is gone the file is free again.
    let second = RecordWriter::append(&path).unwrap();
    drop(second);
    assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}
