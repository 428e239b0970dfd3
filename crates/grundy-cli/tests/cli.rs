//! End-to-end tests of the command line that concern no game in particular.

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn unknown_game_is_a_usage_error() {
    grundy()
        .args(["solve", "chess", "e4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("chess"));
}

#[test]
fn unknown_problem_is_a_usage_error() {
    grundy()
        .args(["batch", "tetris"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("tetris"));
}

#[test]
fn missing_position_is_a_usage_error() {
    grundy().args(["solve", "rectangle"]).assert().code(2);
}

#[test]
fn help_lists_the_commands() {
    grundy()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("solve").and(predicate::str::contains("batch")));
}
