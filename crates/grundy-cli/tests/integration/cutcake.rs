//! End-to-end tests of `grundy solve cutcake`.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

#[test]
fn a_cake_in_text() {
    grundy()
        .args(["solve", "cutcake", "4x3"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "cutcake 4x3\nvalue: 1\noutcome class: L (Left wins whoever starts)\n",
        ))
        .stdout(predicate::str::contains("winning moves: 1: v2"));
}

#[test]
fn a_sum_with_right_to_move_in_json() {
    let output = grundy()
        .args(["solve", "cutcake", "8x3+3x5@R", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["game"], "cutcake");
    assert_eq!(json["value"], "2");
    assert_eq!(json["to_move"], "right");
    assert_eq!(json["components"][0]["value"], "3");
    assert_eq!(json["components"][1]["value"], "-1");
    assert_eq!(json["players"][0]["wins"], false);
}

/// A long cake is valued by Winning Ways' closed form: `⌊1000/2⌋ - 1`.
#[test]
fn a_long_cake_is_valued_by_the_closed_form() {
    grundy()
        .args(["solve", "cutcake", "1000x3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: 499\n"));
}

#[test]
fn bad_cakes_are_refused_naming_the_token() {
    for (position, token) in [
        ("3x2+ax1", "\"ax1\""),
        ("0x2", "\"0x2\""),
        ("1000001x1", "\"1000001x1\""),
    ] {
        grundy()
            .args(["solve", "cutcake", position])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(token));
    }
}
