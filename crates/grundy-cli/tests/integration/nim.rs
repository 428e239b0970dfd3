//! End-to-end tests of Nim through the generic commands: `grundy solve nim` (text and JSON),
//! bad input, and a refereed match.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn three_four_five_is_solved_in_text() {
    grundy()
        .args(["solve", "nim", "3+4+5"])
        .assert()
        .success()
        .stdout(
            "nim 3+4+5\n\
             outcome: the player to move wins\n\
             grundy value: 2\n\
             best move: 3->1\n\
             winning moves: 1: 3->1\n\
             remoteness: 11\n\
             note: nim-sum: 3 ^ 4 ^ 5 = 2\n",
        );
}

#[test]
fn three_four_five_is_solved_in_json() {
    let output = grundy()
        .args(["solve", "nim", "3+4+5", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["game"], "nim");
    assert_eq!(json["position"], "3+4+5");
    assert_eq!(json["outcome"], "win");
    assert_eq!(json["grundy"], 2);
    assert_eq!(json["winning_moves"], serde_json::json!(["3->1"]));
    assert_eq!(json["winning_move_count"], "1");
    assert_eq!(json["best_move"], "3->1");
    assert_eq!(json["remoteness"]["moves"], 11);
    assert_eq!(json["remoteness"]["kind"], "exact");
}

#[test]
fn a_large_lost_position_says_its_remoteness_is_not_computed() {
    grundy()
        .args(["solve", "nim", "10+20+30"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "outcome: the player to move loses",
        ))
        .stdout(predicate::str::contains("grundy value: 0\n"))
        .stdout(predicate::str::contains("remoteness:").not())
        .stdout(predicate::str::contains(
            "note: remoteness not computed: 60 tokens",
        ));
}

#[test]
fn bad_input_exits_2_and_names_the_token() {
    let many = vec!["1"; 1001].join("+");
    for (position, token) in [
        ("3+x+5", "\"x\""),
        ("3+0+5", "\"0\""),
        ("3+-4", "\"-4\""),
        ("3++4", "token 2"),
        ("18446744073709551616", "18446744073709551616"),
        (many.as_str(), "at most 1000 heaps"),
    ] {
        grundy()
            .args(["solve", "nim", position])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(token))
            .stderr(predicate::str::contains("panicked").not());
    }
}

#[test]
fn perfect_play_wins_a_match_against_random() {
    grundy()
        .args(["match", "nim", "--first", "perfect", "--second", "random"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "3+4+5 perfect vs random: first wins (normal)",
        ))
        .stdout(predicate::str::contains(
            "3+4+5 random vs perfect: second wins (normal)",
        ));
}

#[test]
fn games_lists_nim() {
    grundy()
        .arg("games")
        .assert()
        .success()
        .stdout(predicate::str::contains("nim"))
        .stdout(predicate::str::contains(
            "example:  grundy solve nim 3+4+5\n",
        ));
}
