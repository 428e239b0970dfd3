//! End-to-end tests of `grundy solve toppling` and `grundy play toppling`: the value and
//! winning moves in text and JSON, an illegal move refused, and bad input refused with exit
//! code 2 naming the token.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn a_strip_is_valued_in_text() {
    // `LR` = *: whoever moves first fells both dominoes.
    grundy()
        .args(["solve", "toppling", "LR"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: *"))
        .stdout(predicate::str::contains("N"));
    // `LLR` = {1|0}: Left wins moving first by felling one domino (`1>` leaves 0) or two
    // (`2>` leaves 1), not by `1<` (leaving `LR` = *) nor `2<` (leaving -1).
    grundy()
        .args(["solve", "toppling", "LLR@L"])
        .assert()
        .success()
        .stdout(predicate::str::contains("{1|0}"))
        .stdout(predicate::str::contains("1>"))
        .stdout(predicate::str::contains("2>"));
}

#[test]
fn a_strip_is_valued_in_json() {
    grundy()
        .args(["solve", "toppling", "LLL+RR", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"value\":\"1\""));
}

#[test]
fn an_illegal_move_is_refused_in_play() {
    let output = grundy()
        .args(["play", "toppling", "LRG", "--side", "first"])
        .write_stdin("2<\n4>\nquit\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).unwrap();
    assert!(
        text.contains("illegal move: illegal move 2<: the domino on cell 2 is red: Right's"),
        "{text}"
    );
    assert!(text.contains("the strip has 3 cells"), "{text}");
}

#[test]
fn bad_strips_exit_2_naming_the_token() {
    grundy()
        .args(["solve", "toppling", "LRX"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("'X'"))
        .stderr(predicate::str::contains("LRX"));
    grundy()
        .args(["solve", "toppling", ""])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("1 to 64 cells"));
    grundy()
        .args(["solve", "toppling", "LR@Q"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("@Q"));
}

#[test]
fn a_strip_past_the_limit_is_refused_naming_it() {
    grundy()
        .args(["solve", "toppling", &"LR".repeat(33)])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("at most 64 cells"));
}
