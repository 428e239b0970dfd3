//! End-to-end: `grundy solve cuboid` and `grundy batch cuboid`.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

#[test]
fn solve_prints_the_analysis() {
    grundy()
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
    grundy()
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
    grundy()
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
    let output = grundy()
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
    let output = grundy()
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
    grundy()
        .args(["solve", "cuboid", "2x0x2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("\"2x0x2\""));
    grundy()
        .args(["solve", "cuboid", "65x1x1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "beyond the supported maximum of 64",
        ));
}

#[test]
fn batch_answers_the_contest() {
    grundy()
        .args(["batch", "cuboid"])
        .write_stdin("RUBEN\n1\n1 1 1\n")
        .assert()
        .success()
        .stdout("RUBEN\n");
    grundy()
        .args(["batch", "cuboid"])
        .write_stdin("RUBEN\n2\n2 2 2\n4 4 4\n")
        .assert()
        .success()
        .stdout("ALBERT\n");
}

#[test]
fn batch_rejects_bad_input() {
    grundy()
        .args(["batch", "cuboid"])
        .write_stdin("RUBEN\n2\n1 1 1\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("line 3"));
    grundy()
        .args(["batch", "cuboid"])
        .write_stdin("EVE\n1\n1 1 1\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("RUBEN or ALBERT"));
}
