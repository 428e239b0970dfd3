//! End-to-end tests of Fission through the generic commands: `grundy solve fission` (text
//! and JSON), bad input, a board past the 64 cells and an illegal move.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn a_board_is_solved_in_text() {
    grundy()
        .args(["solve", "fission", "..x./..../..x./...."])
        .assert()
        .success()
        .stdout(
            "fission ..x./..../..x./....\n\
             value: -2\n\
             outcome class: R (Right wins whoever starts)\n\
             temperature: -1   mean: -2   stops: -2 (left), -2 (right)\n\
             left moving first loses in 2 moves\n  \
             best move: c3\n\
             right moving first wins in 3 moves\n  \
             best move: c1\n  \
             winning moves: 2: c1 c3\n",
        );
}

#[test]
fn a_cgt_tools_board_is_solved_in_json() {
    let output = grundy()
        .args(["solve", "fission", ".x.x/..x./..../..x.", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["game"], "fission");
    assert_eq!(json["value"], "{-1|-4}");
    assert_eq!(json["outcome_class"], "R");
}

#[test]
fn bad_input_exits_2_and_names_the_token() {
    for (position, token) in [("..o", "\"..o\""), ("../.", "\".\""), ("4x4", "\"4x4\"")] {
        grundy()
            .args(["solve", "fission", position])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(token))
            .stderr(predicate::str::contains('\n').count(1));
    }
}

#[test]
fn a_board_past_64_cells_is_refused_naming_the_limit() {
    grundy()
        .args(["solve", "fission", &["........"; 9].join("/")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("64 cells"))
        .stderr(predicate::str::contains('\n').count(1));
}

#[test]
fn illegal_moves_are_refused_at_the_terminal() {
    grundy()
        .args(["play", "fission", ".../.x./...", "--strategy", "random"])
        .write_stdin("b1\nb2\nquit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("there is no stone on b1"))
        .stdout(predicate::str::contains("you play b2"));
}

#[test]
fn games_lists_fission() {
    grundy()
        .arg("games")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "example:  grundy solve fission .x.x/..x./..../..x.\n",
        ));
}
