//! End-to-end tests of damaged, repeated and contended records: the exit codes and messages
//! of `grundy tournament` resuming them and of `grundy tournament merge`.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use grundy_arena::record::RecordWriter;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

/// Deterministic players on one position, two rounds: 4 games.
const TOURNAMENT: [&str; 10] = [
    "tournament",
    "rectangle",
    "--player",
    "perfect",
    "--player",
    "random",
    "--position",
    "9x7",
    "--rounds",
    "2",
];

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-records-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary directory");
    dir
}

fn stdout_of(command: &mut Command) -> String {
    let output = command.output().expect("grundy runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("utf-8")
}

fn tournament(record: &Path, seed: &str) -> Command {
    let mut command = grundy();
    command
        .args(TOURNAMENT)
        .args(["--quiet", "--jobs", "1", "--seed", seed, "--record"])
        .arg(record);
    command
}

fn merge(record: &Path) -> Command {
    let mut command = grundy();
    command.args(["tournament", "merge"]).arg(record);
    command
}

/// Plays the whole tournament into `record`; returns its table.
fn played(record: &Path) -> String {
    stdout_of(&mut tournament(record, "1"))
}

fn lines(path: &Path) -> Vec<Vec<u8>> {
    std::fs::read(path)
        .expect("record")
        .split_inclusive(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

#[test]
fn resume_refuses_a_record_whose_header_is_missing_or_damaged() {
    let dir = scratch("header");
    let record = dir.join("r.jsonl");
    played(&record);
    let whole = std::fs::read(&record).expect("record");
    // A blank first line: refused, every game kept.
    let mut blank = b"\n".to_vec();
    blank.extend_from_slice(&whole);
    std::fs::write(&record, &blank).expect("write");
    tournament(&record, "1")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "record {} line 1: blank",
            record.display()
        )));
    assert_eq!(std::fs::read(&record).expect("record"), blank);
    // No header: refused under any seed.
    let headerless: Vec<u8> = lines(&record)[2..].concat();
    std::fs::write(&record, &headerless).expect("write");
    for seed in ["1", "2"] {
        tournament(&record, seed)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "record {} line 1: a game, not a tournament header",
                record.display()
            )));
    }
    assert_eq!(std::fs::read(&record).expect("record"), headerless);
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

#[test]
fn a_damaged_header_is_named_not_trusted() {
    let dir = scratch("fields");
    let record = dir.join("r.jsonl");
    played(&record);
    let whole = std::fs::read_to_string(&record).expect("record");
    for (from, to, named) in [
        (
            "\"count\":1",
            "\"count\":0",
            "shard.count is 0; it must be at least 1",
        ),
        (
            "\"rounds\":2",
            "\"rounds\":4000000000",
            "rounds: 4000000000, above the bound of 4000000 games",
        ),
        ("\"games\":4", "\"games\":0", "games: 0, but"),
    ] {
        assert!(whole.contains(from), "{whole}");
        let damaged = whole.replacen(from, to, 1);
        std::fs::write(&record, &damaged).expect("write");
        for partial in [false, true] {
            let mut command = merge(&record);
            if partial {
                command.arg("--partial");
            }
            command
                .assert()
                .code(2)
                .stderr(predicate::str::contains(format!(
                    "record {} line 1: damaged tournament header: {named}",
                    record.display()
                )));
        }
        tournament(&record, "1")
            .assert()
            .code(2)
            .stderr(predicate::str::contains(named));
        assert_eq!(std::fs::read_to_string(&record).expect("record"), damaged);
    }
    // A tournament beyond the bound is refused before it starts.
    grundy()
        .args(&TOURNAMENT[..8])
        .args(["--rounds", "4000000000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "tournament too large: rounds: 4000000000, above the bound",
        ));
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

#[test]
fn an_invalid_byte_costs_one_game_not_the_record() {
    let dir = scratch("bytes");
    let record = dir.join("r.jsonl");
    let table = played(&record);
    let mut lines = lines(&record);
    // Line 3: one invalid byte inside a game's line.
    lines[2][12] = 0xff;
    // Line 6: a crash in the middle of a two-byte character.
    lines.push(b"{\"game\":\"rectangle\",\"position\":\"\xc3".to_vec());
    std::fs::write(&record, lines.concat()).expect("write");
    merge(&record)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("1 of 4 games missing"))
        .stderr(predicate::str::contains(format!(
            "{} line 3, {} line 6",
            record.display(),
            record.display()
        )));
    merge(&record)
        .arg("--partial")
        .assert()
        .success()
        .stderr(predicate::str::contains(format!(
            "{} line 3 skipped: not UTF-8",
            record.display()
        )))
        .stderr(predicate::str::contains("3 of the tournament's 4 games"));
    tournament(&record, "1")
        .assert()
        .success()
        .stderr(predicate::str::contains(format!(
            "{} line 3 skipped: not UTF-8",
            record.display()
        )))
        .stderr(predicate::str::contains(format!(
            "{} line 6 skipped: not UTF-8",
            record.display()
        )))
        .stderr(predicate::str::contains("3 of 4 games already"));
    // The game of line 3 was played again (at line 7, after the cut line was closed).
    assert_eq!(self::lines(&record).len(), 7);
    assert_eq!(stdout_of(&mut merge(&record)), table);
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

#[test]
fn resume_and_merge_treat_a_repeated_game_alike() {
    let dir = scratch("repeat");
    let record = dir.join("r.jsonl");
    let table = played(&record);
    let mut lines = lines(&record);
    // Line 6 repeats line 3 byte for byte: counted once by both, with a note.
    lines.push(lines[2].clone());
    std::fs::write(&record, lines.concat()).expect("write");
    let note = format!("{} line 6 repeats game", record.display());
    let once = format!("of {} line 3 identically; counted once", record.display());
    let merged = merge(&record)
        .assert()
        .success()
        .stderr(predicate::str::contains(note.clone()))
        .stderr(predicate::str::contains(once.clone()))
        .stderr(predicate::str::contains(
            "all 4 games of the tournament, each once",
        ));
    assert_eq!(
        String::from_utf8(merged.get_output().stdout.clone()).expect("utf-8"),
        table
    );
    tournament(&record, "1")
        .assert()
        .success()
        .stderr(predicate::str::contains(note))
        .stderr(predicate::str::contains(once))
        .stderr(predicate::str::contains("4 of 4 games already"));
    // Line 6 gives that game another result: refused by both, nothing played.
    let text = String::from_utf8(lines[2].clone()).expect("utf-8");
    let other = if text.contains("\"winner\":\"first\"") {
        text.replacen("\"winner\":\"first\"", "\"winner\":\"second\"", 1)
    } else {
        text.replacen("\"winner\":\"second\"", "\"winner\":\"first\"", 1)
    };
    assert_ne!(other, text);
    lines[5] = other.into_bytes();
    let conflicting = lines.concat();
    std::fs::write(&record, &conflicting).expect("write");
    let differ = format!(
        "appears twice, on lines that differ: {} line 3 and {} line 6",
        record.display(),
        record.display()
    );
    merge(&record)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(differ.clone()));
    merge(&record)
        .arg("--partial")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(differ.clone()));
    tournament(&record, "1")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(differ));
    assert_eq!(std::fs::read(&record).expect("record"), conflicting);
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

#[test]
fn a_record_being_written_is_refused_to_a_second_writer() {
    let dir = scratch("lock");
    let record = dir.join("r.jsonl");
    let fresh = dir.join("fresh.jsonl");
    played(&record);
    // Another writer holds the lock (here this test, as a running tournament would).
    for path in [&record, &fresh] {
        let holder = RecordWriter::append(path).expect("the first writer locks the record");
        let before = std::fs::read(path).expect("record");
        tournament(path, "1")
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "record {} is locked: another run is writing it",
                path.display()
            )));
        grundy()
            .args([
                "match",
                "rectangle",
                "--first",
                "perfect",
                "--second",
                "random",
                "--quiet",
                "--record",
            ])
            .arg(path)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "record {} is locked",
                path.display()
            )));
        assert_eq!(
            std::fs::read(path).expect("record"),
            before,
            "no game written"
        );
        drop(holder);
    }
    // Unlocked, the tournament runs. A child that another test of this binary forks while
    // the holder is open shares its lock until the child execs (moments, longer on a loaded
    // machine), so wait until the lock can be taken again before running.
    for _ in 0..100 {
        if RecordWriter::append(&fresh).is_ok() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    played(&fresh);
    assert_eq!(lines(&fresh).len(), 5);
    std::fs::remove_dir_all(&dir).expect("cleanup");
}
