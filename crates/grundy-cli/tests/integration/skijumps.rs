//! End-to-end tests of `grundy solve skijumps` and `grundy play skijumps`: Winning Ways'
//! values in text and JSON, an illegal jump refused, and bad input refused with exit code 2
//! naming the token.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn a_slope_is_valued_in_text() {
    // Winning Ways: Left's jump over Right's skier below gains, so this is 9/2.
    grundy()
        .args(["solve", "skijumps", "L..../R..../....."])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: 9/2"))
        .stdout(predicate::str::contains("a1-a3"));
}

#[test]
fn a_slope_is_valued_in_json() {
    grundy()
        .args(["solve", "ski-jumps", ".L.../.R.../.....", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"value\":\"5/2\""));
}

#[test]
fn an_illegal_jump_is_refused_in_play() {
    let output = grundy()
        .args(["play", "skijumps", "L/R/r", "--side", "first"])
        .write_stdin("a1-a3\nquit\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).unwrap();
    assert!(
        text.contains("illegal move a1-a3: the landing cell a3 is not empty"),
        "{text}"
    );
}

#[test]
fn bad_slopes_exit_2_naming_the_token() {
    grundy()
        .args(["solve", "skijumps", "L.X"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("'X'"))
        .stderr(predicate::str::contains("L.X"));
    grundy()
        .args(["solve", "skijumps", "L./R"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("rows must be equally long"));
    grundy()
        .args(["solve", "skijumps", "L.R@misere"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("misere"));
}
