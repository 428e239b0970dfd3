//! End-to-end tests of `grundy solve konane`: the value and winning moves in text and JSON,
//! and bad input refused with exit code 2 naming the token.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn a_board_is_valued_in_text() {
    // cgt-tools' `.ox.|o..x|....` = {1|-1}, printed ±1: the first player wins.
    grundy()
        .args(["solve", "konane", ".ox./o..x/...."])
        .assert()
        .success()
        .stdout(predicate::str::contains("±1"))
        .stdout(predicate::str::contains("N"));
    // `xo.o.`: only Left's double jump wins (the single one leaves Right a jump back).
    grundy()
        .args(["solve", "konane", "xo.o.@L"])
        .assert()
        .success()
        .stdout(predicate::str::contains("winning moves: 1: a1-e1"));
}

#[test]
fn a_board_is_valued_in_json() {
    grundy()
        .args(["solve", "konane", "..ox", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"value\":\"1\""));
}

#[test]
fn bad_boards_and_moves_exit_2_naming_the_token() {
    grundy()
        .args(["solve", "konane", "xo/xq"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("'q'"));
    grundy()
        .args(["solve", "konane", "xo./x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("row 2"));
    grundy()
        .args(["solve", "konane", &"xo".repeat(33)])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("more than 64 cells"));
    grundy()
        .args(["solve", "konane", "xo.@Q"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("@Q"));
}
