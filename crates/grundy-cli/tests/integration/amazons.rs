//! End-to-end tests of `grundy solve amazons`: CGSuite's value in text and JSON, bad boards
//! refused with exit code 2 naming the token, illegal moves at the terminal named with
//! their reason, and a game played.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn cgsuites_board_is_valued_in_text() {
    // CGSuite's GameGridTest.scala: `Amazons("x...|o...")` is
    // `+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}`, printed here with `±`.
    grundy()
        .args(["solve", "amazons", "x...|o..."])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "±{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},±1,±{1,{2|0}}}}",
        ))
        .stdout(predicate::str::contains("N"));
    // `x.o`: whoever moves takes the middle cell and wins.
    grundy()
        .args(["solve", "amazons", "x.o@L"])
        .assert()
        .success()
        .stdout(predicate::str::contains("winning moves: 1: a1-b1/a1"));
}

#[test]
fn a_board_of_regions_is_valued_in_json() {
    let output = grundy()
        .args(["solve", "amazons", "x.#o/..#./o.#x", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["position"], "x.#o/..#./o.#x");
    assert_eq!(json["components"].as_array().unwrap().len(), 2, "{json}");
    grundy()
        .args(["solve", "amazons", "x..", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"value\":\"2\""));
}

#[test]
fn bad_boards_exit_2_naming_the_token() {
    for (position, named) in [
        ("x./oq", "'q'"),
        ("x../o.", "\"o.\""),
        ("x..|o.", "\"o.\""),
        ("x..//o..", "row 2 is empty"),
        ("x...@Q", "@Q"),
    ] {
        grundy()
            .args(["solve", "amazons", position])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(named))
            .stderr(predicate::str::contains('\n').count(1));
    }
    let wide = format!("{}|{}", "x".repeat(33), ".".repeat(33));
    grundy()
        .args(["solve", "amazons", &wide])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("more than 64 cells"))
        // The board named as written, with CGSuite's `|` (the message shortens it).
        .stderr(predicate::str::contains(format!("\"{}|", "x".repeat(33))));
}

#[test]
fn illegal_moves_are_refused_naming_the_move() {
    grundy()
        .args(["play", "amazons", "x.../o...", "--strategy", "random"])
        .write_stdin("a1-b3/b4\na1-a2/b1\nb1-c1/d1\na1-c1/a1\nquit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("\"a1-b3/b4\""))
        .stdout(predicate::str::contains(
            "illegal move a1-a2/b1: the amazon's way to a2 is blocked at a2",
        ))
        .stdout(predicate::str::contains(
            "illegal move b1-c1/d1: b1 holds no amazon of Left's",
        ))
        .stdout(predicate::str::contains("you play a1-c1/a1"));
}

#[test]
fn perfect_play_wins_a_match_against_random() {
    // `x.o`: the first player wins.
    grundy()
        .args(["match", "amazons", "--position", "x.o"])
        .args(["--first", "perfect", "--second", "random"])
        .assert()
        .success()
        .stdout(predicate::str::contains("first wins"));
}

#[test]
fn games_lists_amazons() {
    grundy()
        .arg("games")
        .assert()
        .success()
        .stdout(predicate::str::contains("grundy solve amazons x.../o..."));
}
