//! End-to-end tests of Snort through the generic commands: `grundy solve col` (text and
//! JSON), an illegal move in `grundy play`, bad input refused with exit code 2 naming the
//! token, and a board past the notation's limit.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn a_graph_is_valued_in_text() {
    // An edge is ±1: the first colour keeps the other end for its player.
    grundy()
        .args(["solve", "snort", "0-1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: ±1"))
        .stdout(predicate::str::contains("N (the player to move wins)"));
    // A lone vertex is *: whoever moves colours it and wins.
    grundy()
        .args(["solve", "snort", "5@R"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: *"))
        .stdout(predicate::str::contains("winning moves: 1: 5"));
}

#[test]
fn a_graph_is_valued_in_json() {
    // CGSuite's tree `.-.-.(-.;-.)`: ±{3|2}.
    let output = grundy()
        .args(["solve", "snort", "0-1,1-2,2-3,2-4", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["game"], "snort");
    assert_eq!(json["value"], "±{3|2}");
}

#[test]
fn an_illegal_move_is_named_with_its_reason() {
    grundy()
        .args(["play", "snort", "0-1,1-2,0:R"])
        .write_stdin("1\nquit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "vertex 1 is next to vertex 0 of Right's colour",
        ));
}

#[test]
fn bad_positions_exit_2_naming_the_token() {
    for (position, token) in [
        ("0-1,1:Q", "\"1:Q\""),
        ("0-1,1-x", "\"1-x\""),
        ("0x3", "\"0x3\""),
        ("3xy", "\"3xy\""),
        ("0-1,1-0", "\"1-0\""),
    ] {
        grundy()
            .args(["solve", "snort", position])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(token))
            .stderr(predicate::str::contains('\n').count(1));
    }
}

#[test]
fn boards_past_the_limit_are_refused_naming_it() {
    grundy()
        .args(["solve", "snort", "9x8"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("more than 64 cells"));
    let many: Vec<String> = (0..65).map(|i| i.to_string()).collect();
    grundy()
        .args(["solve", "snort", &many.join(",")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("at most 64"));
}
