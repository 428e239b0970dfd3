//! End-to-end: `grundy solve cuboid` and `grundy batch cuboid`.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;
use tempfile::TempDir;

/// The command with its table folder in `dir`, so tests never touch the real cache.
fn grundy(dir: &TempDir) -> Command {
    let mut command = Command::cargo_bin("grundy").unwrap();
    command
        .env("GRUNDY_TABLE_DIR", dir.path())
        .env("XDG_CACHE_HOME", dir.path())
        .env("HOME", dir.path());
    command
}

#[test]
fn solve_prints_the_analysis() {
    let dir = tempfile::tempdir().unwrap();
    grundy(&dir)
        .args(["solve", "cuboid", "2x2x2+3x4x5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("cuboid 2x2x2+3x4x5"))
        .stdout(predicate::str::contains("outcome: the player to move wins"))
        .stdout(predicate::str::contains("winning moves: "))
        .stdout(predicate::str::contains("remoteness: 5"));
}

#[test]
fn solve_a_large_position_omits_the_remoteness() {
    let dir = tempfile::tempdir().unwrap();
    grundy(&dir)
        .args(["solve", "cuboid", "30x30x30+2x2x2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("grundy value: "))
        .stdout(predicate::str::contains(
            "note: remoteness omitted: it needs a search of the whole sum",
        ));
}

#[test]
fn solve_a_lost_position() {
    let dir = tempfile::tempdir().unwrap();
    grundy(&dir)
        .args(["solve", "cuboid", "2x2x2"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "outcome: the player to move loses",
        ))
        .stdout(predicate::str::contains("grundy value: 0"))
        .stdout(predicate::str::contains("remoteness: "));
}

#[test]
fn solve_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let output = grundy(&dir)
        .args(["solve", "cuboid", "2x2x2+3x4x5", "--json", "--moves", "2"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["game"], "cuboid");
    assert_eq!(json["position"], "2x2x2+3x4x5");
    assert_eq!(json["outcome"], "win");
    assert!(json["grundy"].as_u64().unwrap() > 0);
    let moves = json["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty() && moves.len() <= 2);
    // The perfect move (fastest win) comes first, then the others in notation order.
    assert_eq!(moves[0], json["best_move"]);
    assert_eq!(json["best_move"], "2:1,0,0");
    assert_eq!(moves[1], "1:0,0,0");
    assert_eq!(json["winning_move_count"], "36");
    assert_eq!(json["remoteness"]["moves"], 5);
}

#[test]
fn solve_small_position_has_exact_remoteness() {
    let dir = tempfile::tempdir().unwrap();
    let output = grundy(&dir)
        .args(["solve", "cuboid", "1x1x3", "--json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["remoteness"]["moves"], 1);
    assert_eq!(json["remoteness"]["kind"], "exact");
    assert_eq!(json["best_move"], "1:0,0,0");
    assert_eq!(json["winning_move_count"], "3");
}

#[test]
fn solve_rejects_bad_positions() {
    let dir = tempfile::tempdir().unwrap();
    grundy(&dir)
        .args(["solve", "cuboid", "2x0x2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("\"2x0x2\""));
    grundy(&dir)
        .args(["solve", "cuboid", "129x1x1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "beyond the supported maximum of 128",
        ));
}

#[test]
fn batch_answers_the_contest() {
    let dir = tempfile::tempdir().unwrap();
    grundy(&dir)
        .args(["batch", "cuboid"])
        .write_stdin("RUBEN\n1\n1 1 1\n")
        .assert()
        .success()
        .stdout("RUBEN\n");
    grundy(&dir)
        .args(["batch", "cuboid"])
        .write_stdin("RUBEN\n2\n2 2 2\n4 4 4\n")
        .assert()
        .success()
        .stdout("ALBERT\n");
}

#[test]
fn batch_rejects_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    grundy(&dir)
        .args(["batch", "cuboid"])
        .write_stdin("RUBEN\n2\n1 1 1\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("line 3"));
    grundy(&dir)
        .args(["batch", "cuboid"])
        .write_stdin("EVE\n1\n1 1 1\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("RUBEN or ALBERT"));
}

/// The answer of `batch cuboid` to one cuboid.
fn batch_one(dir: &TempDir, sides: &str, extra: &[&str]) -> std::process::Output {
    grundy(dir)
        .args(["batch", "cuboid"])
        .args(extra)
        .write_stdin(format!("RUBEN\n1\n{sides}\n"))
        .output()
        .unwrap()
}

#[test]
fn the_default_cache_keeps_the_table_in_the_folder_of_the_variable() {
    let dir = tempfile::tempdir().unwrap();
    let first = batch_one(&dir, "2 2 2", &[]);
    assert!(first.status.success());
    assert_eq!(first.stdout, b"ALBERT\n");
    assert!(first.stderr.is_empty());
    let kept = dir.path().join("cuboid-30.table");
    let bytes = std::fs::read(&kept).unwrap();
    assert_eq!(&bytes[..8], b"GRCUBOID");
    // A larger table, once kept, serves smaller requests.
    let solved = grundy(&dir)
        .args(["solve", "cuboid", "40x2x2", "--json"])
        .output()
        .unwrap();
    assert!(solved.status.success());
    assert!(dir.path().join("cuboid-40.table").exists());
    let again = batch_one(&dir, "4 4 4", &[]);
    assert_eq!(again.stdout, b"ALBERT\n");
    assert!(again.stderr.is_empty());
}

#[test]
fn a_damaged_cached_table_is_named_and_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    assert!(batch_one(&dir, "1 1 1", &[]).status.success());
    let kept = dir.path().join("cuboid-30.table");
    let good = std::fs::read(&kept).unwrap();
    let damages: [(&str, Vec<u8>); 3] = [
        ("truncated", good[..good.len() / 2].to_vec()),
        ("checksum mismatch", {
            let mut bytes = good.clone();
            bytes[100] ^= 0x40;
            bytes
        }),
        ("not the side 30 of its name", {
            let mut bytes = good.clone();
            bytes[12] = 29;
            bytes
        }),
    ];
    for (said, bytes) in damages {
        std::fs::write(&kept, bytes).unwrap();
        let output = batch_one(&dir, "2 2 2", &[]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{said}: {stderr}");
        assert_eq!(output.stdout, b"ALBERT\n", "{said}");
        assert!(
            stderr.starts_with("grundy: note: cuboid table "),
            "{said}: {stderr}"
        );
        assert!(stderr.contains("cuboid-30.table"), "{said}: {stderr}");
        if said != "not the side 30 of its name" {
            assert!(stderr.contains(said), "{said}: {stderr}");
        }
        assert_eq!(std::fs::read(&kept).unwrap(), good, "{said}: rebuilt");
    }
    // A table of another format version (a newer grundy wrote it) is named and kept as it
    // is: the answer comes from a table built for the request.
    let newer = [&good[..8], &[2, 0], &good[10..]].concat();
    std::fs::write(&kept, &newer).unwrap();
    let output = batch_one(&dir, "2 2 2", &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert_eq!(output.stdout, b"ALBERT\n");
    assert!(stderr.contains("format version 2"), "{stderr}");
    assert!(stderr.contains("kept as it is"), "{stderr}");
    assert_eq!(
        std::fs::read(&kept).unwrap(),
        newer,
        "the newer table was replaced"
    );
}

#[test]
fn a_named_table_file_is_built_then_read_and_its_damage_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.table");
    let name = file.to_str().unwrap();
    grundy(&dir)
        .args(["solve", "cuboid", "3x4x5", "--table", name])
        .assert()
        .success()
        .stderr("");
    assert!(file.exists());
    assert!(!dir.path().join("cuboid-30.table").exists());
    let output = batch_one(&dir, "4 4 4", &["--table", name]);
    assert_eq!(output.stdout, b"ALBERT\n");
    // Too small for the request, then damaged: errors naming the file, exit code 2.
    grundy(&dir)
        .args(["solve", "cuboid", "31x1x1", "--table", name])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("mine.table: holds sides up to 30"));
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[40] ^= 1;
    std::fs::write(&file, bytes).unwrap();
    let output = batch_one(&dir, "4 4 4", &["--table", name]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("mine.table: checksum mismatch"), "{stderr}");
    std::fs::write(&file, b"GRCUBOID\x01\x00").unwrap();
    grundy(&dir)
        .args(["solve", "cuboid", "2x2x2", "--table", name])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("mine.table: truncated"));
}

#[test]
fn no_cache_reads_and_writes_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let output = batch_one(&dir, "2 2 2", &["--no-cache"]);
    assert_eq!(output.stdout, b"ALBERT\n");
    grundy(&dir)
        .args(["solve", "cuboid", "4x4x4", "--no-cache"])
        .assert()
        .success()
        .stdout(predicate::str::contains("grundy value: 0"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    grundy(&dir)
        .args([
            "solve",
            "cuboid",
            "2x2x2",
            "--no-cache",
            "--table",
            "x.table",
        ])
        .assert()
        .code(2);
}

#[test]
fn side_128_is_accepted_and_129_refused_with_the_limit_and_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    // 128 passes the limit and reaches the table (here one too small, so nothing is built).
    let small = dir.path().join("small.table");
    let name = small.to_str().unwrap();
    assert!(batch_one(&dir, "1 1 1", &["--table", name])
        .status
        .success());
    grundy(&dir)
        .args(["solve", "cuboid", "128x1x1", "--table", name])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("side 128 is needed"));
    let output = batch_one(&dir, "1 128 1", &["--table", name]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("side 128 is needed"));
    for output in [
        grundy(&dir)
            .args(["solve", "cuboid", "2x2x2+129x1x1"])
            .output()
            .unwrap(),
        batch_one(&dir, "1 1 129", &[]),
    ] {
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("128"), "{stderr}");
        assert!(stderr.contains("sixth power of the side"), "{stderr}");
        assert!(
            stderr.contains("side 256 would need 64 times the work"),
            "{stderr}"
        );
    }
    assert!(!dir.path().join("cuboid-129.table").exists());
}

/// The one slow test: it builds the table of side 128, the command line's limit, through the
/// default cache, and reads it back (about 5 s in the test profile on a loaded two-core
/// machine, 4 s of it the build). It is kept in the suite because it is the only check that
/// the largest table the command accepts is built, written in the 16-bit format and served;
/// every other test uses sides up to 40.
#[test]
fn side_128_is_built_kept_and_answered() {
    let dir = tempfile::tempdir().unwrap();
    let output = grundy(&dir)
        .args(["solve", "cuboid", "2x2x128+1x128x128", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    // g(2, 2, c) = 2 for c > 2 and a side 1 is worth 1: 2 ^ 1.
    assert_eq!(json["grundy"], 3);
    assert!(dir.path().join("cuboid-128.table").exists());
    assert_eq!(batch_one(&dir, "128 128 2", &[]).stdout.len(), 6);
}
