//! End-to-end tests of Cram through the generic commands: `grundy solve cram` (text and
//! JSON), bad input, a board past the 64 cells, an illegal move and a refereed match.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn a_small_board_is_solved_in_text() {
    grundy()
        .args(["solve", "cram", "3x2"])
        .assert()
        .success()
        .stdout(
            "cram 3x2\n\
             outcome: the player to move wins\n\
             grundy value: 1\n\
             best move: a1-a2\n\
             winning moves: 3: a1-a2 b1-b2 c1-c2\n\
             remoteness: 3\n\
             note: an empty rectangle with one side even and one odd: the first player wins \
             by b1-b2, then answers each domino with its image under the half turn\n",
        );
}

#[test]
fn an_even_rectangle_is_lost_in_json() {
    let output = grundy()
        .args(["solve", "cram", "../../../..", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["game"], "cram");
    assert_eq!(json["position"], "2x4");
    assert_eq!(json["outcome"], "loss");
    assert_eq!(json["grundy"], 0);
    assert_eq!(json["winning_move_count"], "0");
    assert_eq!(json["remoteness"]["moves"], 4);
}

#[test]
fn bad_input_exits_2_and_names_the_token() {
    for (position, token) in [
        ("../.x", "\".x\""),
        ("../.", "\".\""),
        ("4x", "\"4x\""),
        ("0x3", "\"0x3\""),
        ("4", "\"4\""),
    ] {
        grundy()
            .args(["solve", "cram", position])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(token))
            .stderr(predicate::str::contains('\n').count(1));
    }
}

#[test]
fn a_board_past_64_cells_is_refused_naming_the_limit() {
    for position in ["9x8", &["........"; 9].join("/")] {
        grundy()
            .args(["solve", "cram", position])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("64"))
            .stderr(predicate::str::contains('\n').count(1));
    }
}

#[test]
fn illegal_moves_are_refused_at_the_terminal() {
    grundy()
        .args(["play", "cram", "3x2", "--strategy", "random"])
        .write_stdin("b1-c2\na1-a2\nc1-c2\nquit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "a domino covers two cells that share a side (\"b1-c2\")",
        ))
        .stdout(predicate::str::contains("you play a1-a2"));
}

#[test]
fn perfect_play_wins_a_match_against_random() {
    grundy()
        .args(["match", "cram", "--first", "perfect", "--second", "random"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "4x3 perfect vs random: first wins (normal)",
        ));
}

#[test]
fn games_lists_cram() {
    grundy()
        .arg("games")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "example:  grundy solve cram 5x3\n",
        ));
}
