//! End-to-end tests of `grundy solve-table` and of the commands that read its tables.
#![allow(clippy::unwrap_used)]

use std::path::Path;

use assert_cmd::Command;
use grundy::games::pousse::solved::{payload_hash, HEADER_LEN};
use predicates::prelude::*;

/// The binary with the table folder set to `dir` (so no real cache is read or written).
fn grundy(dir: &Path) -> Command {
    let mut command = Command::cargo_bin("grundy").unwrap();
    command.env("GRUNDY_TABLE_DIR", dir);
    command
}

#[test]
fn solve_table_writes_the_3x3_table_and_reports_its_counts() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("three.table");
    grundy(dir.path())
        .args(["solve-table", "pousse", "3", "--output"])
        .arg(&path)
        .assert()
        .success()
        .stderr("")
        .stdout(
            predicate::str::contains("start position: draw")
                .and(predicate::str::contains("positions: 39366"))
                .and(predicate::str::contains("three.table")),
        );
    assert_eq!(
        std::fs::metadata(&path).unwrap().len(),
        (HEADER_LEN + 19_683) as u64
    );
}

#[test]
fn solve_table_writes_to_the_default_folder() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("nested");
    grundy(&folder)
        .args(["solve-table", "pousse", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("wins in 3 moves"));
    assert!(folder.join("pousse-2.table").is_file());
}

#[test]
fn solve_table_refuses_sizes_beyond_4() {
    let dir = tempfile::tempdir().unwrap();
    for size in ["0", "5"] {
        grundy(dir.path())
            .args(["solve-table", "pousse", size])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("sizes 1 to 4"));
    }
}

#[test]
fn solve_answers_from_a_named_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.table");
    grundy(dir.path())
        .args(["solve-table", "pousse", "2", "-o"])
        .arg(&path)
        .assert()
        .success();
    grundy(dir.path())
        .args([
            "solve", "pousse", "2", "--rules", "waterloo", "--json", "--table",
        ])
        .arg(&path)
        .assert()
        .success()
        .stdout(
            predicate::str::contains(r#""evaluation":{"kind":"win","value":3}"#)
                .and(predicate::str::contains(r#""source":"table""#)),
        );
    // Under the ICFP rule, from the start, nothing can repeat: the table's win holds.
    grundy(dir.path())
        .args(["solve", "pousse", "2", "--table"])
        .arg(&path)
        .assert()
        .success()
        .stdout(
            predicate::str::contains("win in 3 moves").and(predicate::str::contains("upper bound")),
        );
}

#[test]
fn a_table_of_another_size_or_damaged_is_an_error_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("three.table");
    grundy(dir.path())
        .args(["solve-table", "pousse", "3", "-o"])
        .arg(&path)
        .assert()
        .success();
    grundy(dir.path())
        .args(["solve", "pousse", "4:L1", "--table"])
        .arg(&path)
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("three.table")
                .and(predicate::str::contains(
                    "built for 3 × 3 boards, not 4 × 4",
                ))
                .and(predicate::str::contains("panicked").not()),
        );
    let good = std::fs::read(&path).unwrap();
    let damaged = dir.path().join("damaged.table");
    for (bytes, reason) in [
        (good[..20].to_vec(), "truncated"),
        (good[..good.len() - 3].to_vec(), "truncated"),
        ([b"NOTATABL", &good[8..]].concat(), "magic"),
        (
            [&good[..8], &[7, 0], &good[10..]].concat(),
            "format version 7",
        ),
        (
            [
                &good[..HEADER_LEN],
                &[good[HEADER_LEN] ^ 1],
                &good[HEADER_LEN + 1..],
            ]
            .concat(),
            "corrupted",
        ),
    ] {
        std::fs::write(&damaged, bytes).unwrap();
        grundy(dir.path())
            .args(["solve", "pousse", "3", "--table"])
            .arg(&damaged)
            .assert()
            .code(2)
            .stderr(
                predicate::str::contains("damaged.table")
                    .and(predicate::str::contains(reason))
                    .and(predicate::str::contains("panicked").not()),
            );
    }
    grundy(dir.path())
        .args(["solve", "pousse", "3", "--table"])
        .arg(dir.path().join("absent.table"))
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("absent.table")
                .and(predicate::str::contains("cannot be read")),
        );
}

/// A 4 × 4 table file in which every position is a draw: valid, so the commands use it,
/// which shows that they find the default location (the real table takes minutes to build).
fn write_all_draw_4x4_table(dir: &Path) {
    let count: u64 = 3u64.pow(16);
    let payload = vec![0u8; count as usize];
    let mut bytes = Vec::with_capacity(HEADER_LEN + payload.len());
    bytes.extend_from_slice(b"GRPOUSSE");
    bytes.extend_from_slice(&1u16.to_le_bytes());
    bytes.extend_from_slice(&[4, 0, 1, 0, 0, 0]);
    bytes.extend_from_slice(&count.to_le_bytes());
    bytes.extend_from_slice(&payload_hash(&payload).to_le_bytes());
    bytes.extend_from_slice(&payload);
    std::fs::write(dir.join("pousse-4.table"), bytes).unwrap();
}

#[test]
fn solve_and_the_engine_use_the_4x4_table_at_the_default_location() {
    let dir = tempfile::tempdir().unwrap();
    write_all_draw_4x4_table(dir.path());
    grundy(dir.path())
        .args(["solve", "pousse", "4:L1,T2", "--rules", "waterloo"])
        .assert()
        .success()
        .stdout(predicate::str::contains("draw").and(predicate::str::contains("solved table")));
    grundy(dir.path())
        .args(["engine", "--game", "pousse-waterloo", "--position", "4"])
        .write_stdin("analyse\ngenmove\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("draw exact (solved table)"));
    // The ICFP rule has no draws: the engine searches.
    grundy(dir.path())
        .args(["solve", "pousse", "4", "--depth", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("search: depth 2"));
}

#[test]
fn a_damaged_default_table_is_named_and_the_engine_searches() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("pousse-4.table"), b"GRPOUSSE").unwrap();
    grundy(dir.path())
        .args([
            "solve", "pousse", "4", "--rules", "waterloo", "--depth", "2",
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("table not used")
                .and(predicate::str::contains("pousse-4.table"))
                .and(predicate::str::contains("search: depth 2")),
        );
    grundy(dir.path())
        .args(["engine", "--game", "pousse-waterloo", "--position", "4"])
        .write_stdin("analyse\n")
        .assert()
        .success()
        .stdout(
            predicate::str::contains("table not used").and(predicate::str::contains("truncated")),
        );
}

/// Several `solve-table` runs writing one file at once all succeed and leave one whole table
/// and no temporary file: each writes under a name of its own, then renames.
#[test]
fn concurrent_runs_writing_one_table_never_collide() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shared.table");
    for _ in 0..5 {
        let runs: Vec<std::process::Child> = (0..4)
            .map(|_| {
                std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
                    .env("GRUNDY_TABLE_DIR", dir.path())
                    .args(["solve-table", "pousse", "3", "--quiet", "--output"])
                    .arg(&path)
                    .stdout(std::process::Stdio::null())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for mut run in runs {
            assert!(run.wait().unwrap().success());
        }
    }
    assert_eq!(
        std::fs::metadata(&path).unwrap().len(),
        (HEADER_LEN + 19_683) as u64
    );
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(names, ["shared.table"]);
    grundy(dir.path())
        .args(["solve", "pousse-waterloo", "3", "--table"])
        .arg(&path)
        .assert()
        .success();
}
