//! `grundy solve bidding` end to end.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

#[test]
fn start_position_as_text() {
    grundy()
        .args(["solve", "bidding", "15"])
        .assert()
        .success()
        .stdout(predicate::str::contains("bidding 15\n"))
        .stdout(predicate::str::contains("outcome: the player to move wins"))
        .stdout(predicate::str::contains("grundy value: 2"))
        .stdout(predicate::str::contains("best move: triple"))
        .stdout(predicate::str::contains("winning moves: 1: triple"))
        .stdout(predicate::str::contains("remoteness: 11"))
        .stdout(predicate::str::contains("lasts 12 moves"));
}

#[test]
fn position_with_pile_and_stake() {
    grundy()
        .args(["solve", "licytacja", "15/4/6"])
        .assert()
        .success()
        .stdout(predicate::str::contains("bidding 15/4/6\n"))
        .stdout(predicate::str::contains("winning moves: 2: double triple"))
        .stdout(predicate::str::contains("remoteness: 1\n"));
}

#[test]
fn lost_and_over_positions() {
    grundy()
        .args(["solve", "bidding", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("the player to move loses"))
        .stdout(predicate::str::contains("best move: pass"))
        .stdout(predicate::str::contains("remoteness: 2"));
    grundy()
        .args(["solve", "bidding", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("remoteness: 0"))
        .stdout(predicate::str::contains("must pass"))
        .stdout(predicate::str::contains("best move").not());
}

#[test]
fn json_output() {
    let output = grundy()
        .args(["solve", "bidding", "15", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["game"], "bidding");
    assert_eq!(json["position"], "15");
    assert_eq!(json["outcome"], "win");
    assert_eq!(json["grundy"], 2);
    assert_eq!(json["best_move"], "triple");
    assert_eq!(json["winning_moves"], serde_json::json!(["triple"]));
    assert_eq!(json["winning_move_count"], "1");
    assert_eq!(json["remoteness"]["moves"], 11);
    assert_eq!(json["remoteness"]["kind"], "exact");
}

#[test]
fn bad_positions_exit_2_with_a_located_message() {
    for (position, message) in [
        ("0", "n must be at least 1"),
        ("15/15/1", "the pile must be smaller than n = 15"),
        ("15/4/5", "2^a·3^b"),
        ("15/x", "n or n/pile/stake"),
        ("abc", "n must be a non-negative integer"),
        ("99999999999999999999999", "too large"),
        (
            "2000000000",
            "covers 1 to 1000000000 stones, asked for 2000000000",
        ),
        ("3000000000/1/1", "up to 1000000 stones of room"),
    ] {
        grundy()
            .args(["solve", "bidding", position])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with("grundy: "))
            .stderr(predicate::str::contains(message))
            .stderr(predicate::str::contains("\n").count(1));
    }
}

#[test]
fn ten_million_outcome_and_winning_move() {
    grundy()
        .args(["solve", "bidding", "10000000"])
        .assert()
        .success()
        .stdout(predicate::str::contains("bidding 10000000\n"))
        .stdout(predicate::str::contains("outcome: the player to move wins"))
        .stdout(predicate::str::contains("best move: double"))
        .stdout(predicate::str::contains("winning moves: 1: double"))
        .stdout(predicate::str::contains(
            "exact: the outcome and the winning moves",
        ))
        .stdout(predicate::str::contains("remoteness:").not())
        .stdout(predicate::str::contains("grundy value").not());
}

#[test]
fn beyond_the_full_table_json_says_what_is_exact() {
    let output = grundy()
        .args(["solve", "bidding", "2000000/1/1", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["position"], "2000000/1/1");
    assert!(json.get("remoteness").is_none());
    assert!(json.get("grundy").is_none());
    let notes = json["notes"].to_string();
    assert!(notes.contains("not computed: the remoteness"), "{notes}");
}

#[test]
fn the_full_table_still_answers_up_to_a_million() {
    grundy()
        .args(["solve", "bidding", "1000000"])
        .assert()
        .success()
        .stdout(predicate::str::contains("winning moves: 2: pass double"))
        .stdout(predicate::str::contains("remoteness: 838691\n"));
}
