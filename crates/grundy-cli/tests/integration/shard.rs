//! End-to-end tests of sharded tournaments: `grundy tournament --shard K/N` and
//! `grundy tournament merge`; and of `grundy tournament compare` on two whole runs.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

/// Deterministic players (random draws from the game's seed) on two positions, two rounds:
/// 24 games.
const TOURNAMENT: [&str; 14] = [
    "tournament",
    "rectangle",
    "--player",
    "perfect",
    "--player",
    "random",
    "--player",
    "stubborn",
    "--position",
    "9x7",
    "--position",
    "5x5",
    "--rounds",
    "2",
];

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-shard-{name}-{}", std::process::id()));
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

fn play_shard(record: &Path, shard: &str, seed: &str) -> String {
    stdout_of(grundy().args(TOURNAMENT).args([
        "--seed",
        seed,
        "--jobs",
        "2",
        "--shard",
        shard,
        "--record",
        &record.display().to_string(),
    ]))
}

fn merge(records: &[PathBuf]) -> Command {
    let mut command = grundy();
    command.args(["tournament", "merge"]).args(records);
    command
}

#[test]
fn merged_shards_give_the_unsharded_table() {
    let dir = scratch("equal");
    let whole = stdout_of(
        grundy()
            .args(TOURNAMENT)
            .args(["--seed", "7", "--jobs", "2"]),
    );
    assert!(
        whole.contains("perfect") && whole.contains("elo"),
        "{whole}"
    );
    for count in [1, 3, 4] {
        let records: Vec<PathBuf> = (0..count)
            .map(|k| {
                let record = dir.join(format!("{k}-of-{count}.jsonl"));
                play_shard(&record, &format!("{k}/{count}"), "7");
                record
            })
            .collect();
        let merged = stdout_of(&mut merge(&records));
        assert_eq!(merged, whole, "{count} shards");
        // Every game is in exactly one record: 24 game lines, plus a header per record.
        let lines: usize = records
            .iter()
            .map(|r| std::fs::read_to_string(r).expect("record").lines().count())
            .sum();
        assert_eq!(lines, 24 + count);
    }
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

#[test]
fn a_killed_shard_resumes_from_its_record() {
    let dir = scratch("resume");
    let whole = stdout_of(grundy().args(TOURNAMENT).args(["--seed", "3"]));
    let records: Vec<PathBuf> = (0..2)
        .map(|k| {
            let record = dir.join(format!("{k}.jsonl"));
            play_shard(&record, &format!("{k}/2"), "3");
            record
        })
        .collect();
    // A kill in the middle of a write: the last two games are gone, a third is cut short.
    let text = std::fs::read_to_string(&records[1]).expect("record");
    let lines: Vec<&str> = text.lines().collect();
    let kept = lines[..lines.len() - 3].join("\n") + "\n" + &lines[lines.len() - 3][..40];
    std::fs::write(&records[1], kept).expect("cut the record");
    merge(&records)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("3 of 24 games missing"))
        .stderr(predicate::str::contains("(shard 1/2)"))
        .stderr(predicate::str::contains(format!(
            "{} line {}",
            records[1].display(),
            lines.len() - 2
        )));
    // Counted so far: the 21 games the records hold, the missing ones said.
    let so_far = stdout_of(merge(&records).arg("--partial"));
    assert!(so_far.contains("perfect"), "{so_far}");
    assert_ne!(so_far, whole);
    merge(&records)
        .arg("--partial")
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "21 of the tournament's 24 games so far, each once (3 not played yet)",
        ));
    grundy()
        .args(TOURNAMENT)
        .args(["--seed", "3", "--shard", "1/2", "--record"])
        .arg(&records[1])
        .assert()
        .success()
        .stderr(predicate::str::contains("9 of 12 games already"));
    assert_eq!(stdout_of(&mut merge(&records)), whole);
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

#[test]
fn records_that_do_not_merge_are_named() {
    let dir = scratch("bad");
    let a = dir.join("a.jsonl");
    let b = dir.join("b.jsonl");
    let other = dir.join("other.jsonl");
    let whole = dir.join("whole.jsonl");
    play_shard(&a, "0/2", "5");
    play_shard(&b, "1/2", "5");
    play_shard(&other, "1/2", "6");
    play_shard(&whole, "0/1", "5");
    // Another tournament: the differing field is named.
    merge(&[a.clone(), other.clone()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "records {} and {} belong to different tournaments: seed: 5 ≠ 6",
            a.display(),
            other.display()
        )));
    // A game in two records never counts twice.
    merge(&[whole.clone(), b.clone()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("appears twice"))
        .stderr(predicate::str::contains(format!("{} line", b.display())));
    merge(&[a.clone(), a.clone()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("given twice"));
    // A missing shard is named.
    merge(std::slice::from_ref(&a))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no record of shard 1/2"));
    // A file that is not a tournament record.
    let plain = dir.join("plain.jsonl");
    std::fs::write(&plain, "{\"game\":\"rectangle\"}\n").expect("write");
    merge(std::slice::from_ref(&plain))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a tournament header"));
    merge(&[dir.join("absent.jsonl")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("absent.jsonl"));
    // A record of one tournament is not resumed by another.
    grundy()
        .args(TOURNAMENT)
        .args(["--seed", "6", "--shard", "0/2", "--record"])
        .arg(&a)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("seed: 5 ≠ 6"));
    // Shard specs.
    for (spec, named) in [
        ("5/4", "K must be below N"),
        ("0/0", "N must be at least 1"),
        ("x/2", "K `x` is not a whole number"),
    ] {
        grundy()
            .args(TOURNAMENT)
            .args(["--shard", spec, "--record"])
            .arg(dir.join("never.jsonl"))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!("shard {spec}: {named}")));
    }
    grundy()
        .args(TOURNAMENT)
        .args(["--shard", "0/2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--shard needs --record"));
    assert!(!dir.join("never.jsonl").exists());
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

#[test]
fn a_schedule_played_twice_alike_compares_without_a_difference() {
    let dir = scratch("compare");
    let records = [dir.join("a.jsonl"), dir.join("b.jsonl")];
    let tables: Vec<String> = records
        .iter()
        .map(|record| play_shard(record, "0/1", "3"))
        .collect();
    assert_eq!(tables[0], tables[1], "the same seed plays the same games");
    let output = grundy()
        .args(["tournament", "compare"])
        .args(&records)
        .output()
        .expect("grundy runs");
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("24 games in both records"));
    let table = String::from_utf8(output.stdout).expect("utf-8");
    let mut players: Vec<&str> = table
        .lines()
        .skip(1)
        .map(|line| line.split_whitespace().next().unwrap_or(""))
        .collect();
    players.sort_unstable();
    assert_eq!(players, ["perfect", "random", "stubborn"], "{table}");
    for line in table.lines().skip(1) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        // Each player sits in 16 of the 24 games; the same results in both runs.
        assert_eq!(fields[1], "16", "{line}");
        assert_eq!(fields[2], fields[3], "{line}");
        assert_eq!(&fields[4..], ["0", "0", "1.000"], "{line}");
    }
    std::fs::remove_dir_all(&dir).expect("cleanup");
}
