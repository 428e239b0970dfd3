//! End-to-end tests of `grundy solve rectangle`.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

#[test]
fn small_win_in_text() {
    grundy()
        .args(["solve", "rectangle", "4x3"])
        .assert()
        .success()
        .stdout(
            "rectangle 4x3\n\
             outcome: the player to move wins\n\
             grundy value: 2\n\
             best move: v1\n\
             winning moves: 2: v1 v3\n\
             remoteness: 5\n\
             note: cuts at p and side - p keep the same rectangle; both are listed as moves\n",
        );
}

#[test]
fn lost_square_in_text() {
    grundy()
        .args(["solve", "rec", "3X3"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "outcome: the player to move loses",
        ))
        .stdout(predicate::str::contains("remoteness: 4\n"))
        .stdout(predicate::str::contains("best move: v1"));
}

#[test]
fn contest_biggest_in_json() {
    let output = grundy()
        .args(["solve", "rectangle", "100000000x99999999", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["position"], "100000000x99999999");
    assert_eq!(json["outcome"], "win");
    assert_eq!(json["grundy"], 50_000_000 ^ 195_312);
    assert_eq!(
        json["winning_moves"],
        serde_json::json!(["v1", "v99999999"])
    );
    assert_eq!(json["winning_move_count"], "2");
    assert_eq!(json["best_move"], "v1");
    assert_eq!(json["remoteness"]["moves"], 390_659);
    // Proved exact for every size (docs/rectangle-remoteness.md); it used to say heuristic.
    assert_eq!(json["remoteness"]["kind"], "exact");
}

#[test]
fn move_limit_shows_count() {
    grundy()
        .args([
            "solve",
            "rectangle",
            "18446744073709551615x18446744073709551614",
            "--moves",
            "1",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("(showing 1)"));
}

#[test]
fn exact_remoteness_beyond_the_small_table() {
    grundy()
        .args(["solve", "rectangle", "300x200", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"kind\":\"exact\""));
}

#[test]
fn bad_positions_exit_with_code_2() {
    for (position, message) in [
        ("0x5", "the width must be at least 1"),
        ("4x", "the height is missing"),
        ("-1x3", "the width must be a positive integer"),
        ("99999999999999999999x3", "the width must be at most"),
        ("banana", "a rectangle is written WIDTHxHEIGHT"),
    ] {
        grundy()
            .args(["solve", "rectangle", "--", position])
            .assert()
            .code(2)
            .stderr(predicate::str::starts_with(format!("grundy: {message}")))
            .stderr(predicate::str::contains(position));
    }
}

#[test]
fn terminal_square_has_no_move() {
    let output = grundy()
        .args(["solve", "rectangle", "1x1", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["outcome"], "loss");
    assert_eq!(json["grundy"], 0);
    assert_eq!(json["winning_move_count"], "0");
    assert!(json.get("best_move").is_none());
    assert_eq!(json["remoteness"]["moves"], 0);
    assert_eq!(json["remoteness"]["kind"], "exact");
}

#[test]
fn huge_remoteness_is_exact_in_text() {
    // The closed form is proved for every size (docs/rectangle-remoteness.md), so no
    // "(heuristic)" mark follows the figure any more.
    grundy()
        .args(["solve", "rectangle", "100000000x99999999"])
        .assert()
        .success()
        .stdout(predicate::str::contains("remoteness: 390659\n"))
        .stdout(predicate::str::contains("heuristic").not());
}
