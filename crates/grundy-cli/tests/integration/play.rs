//! End-to-end tests of `grundy play`: scripted games at a pretend terminal.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

#[test]
fn a_whole_game_is_drawn_and_announced() {
    grundy()
        .args(["play", "rectangle", "2x2", "--strategy", "perfect"])
        .write_stdin("v1\n")
        .assert()
        .success()
        .stdout(
            "rectangle from 2x2: you play first (first), grundy plays second with the perfect \
             strategy. Type help for help.\n\
             \n+--+\n|  |\n|  |  height 2\n+--+\nwidth 2\nposition 2x2\n\
             your move> you play v1\n\
             \n+-+\n| |\n| |  height 2\n+-+\nwidth 1\nposition 1x2\n\
             grundy plays h1\n\
             \n+-+\n| |  height 1\n+-+\nwidth 1\nposition 1x1\n\
             game over: second (second) wins, grundy wins after 2 moves\n",
        );
}

#[test]
fn words_illegal_moves_and_undo() {
    let output = grundy()
        .args([
            "play",
            "rectangle",
            "4x3",
            "--side",
            "second",
            "--seed",
            "3",
        ])
        .write_stdin("moves\nhint\nh9\nhello\nundo\nh1\nundo\nboard\nquit\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).unwrap();
    for expected in [
        "grundy plays v1\n",
        "your move> 4 legal moves: v1 v2 h1 h2\n",
        "your move> hint: loss in 4 best v1 value 0\n",
        "your move> illegal move: ",
        "your move> not a move or a command: ",
        "your move> took back h1 ",
        "position 3x3\nyour move> game left unfinished\n",
    ] {
        assert!(text.contains(expected), "{expected:?} not in\n{text}");
    }
}

#[test]
fn end_of_input_ends_cleanly() {
    grundy()
        .args(["play", "rectangle"])
        .write_stdin("")
        .assert()
        .success()
        .stdout(predicate::str::ends_with(
            "your move> \nend of input: game left unfinished\n",
        ));
}

#[test]
fn bad_arguments_exit_with_code_2() {
    for args in [
        &["play", "chess"][..],
        &["play", "rectangle", "4x0"],
        &["play", "rectangle", "--strategy", "nope"],
        &["play", "rectangle", "--side", "middle"],
    ] {
        grundy()
            .args(args)
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(predicate::str::starts_with("grundy: "));
    }
}
