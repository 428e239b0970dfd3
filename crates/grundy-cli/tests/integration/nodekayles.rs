//! End-to-end tests of Node Kayles through the generic commands: `grundy solve nodekayles`
//! (text and JSON), bad input, and a refereed match.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn a_path_and_a_lone_vertex_are_solved_in_text() {
    grundy()
        .args(["solve", "nodekayles", "0-1,1-2,5"])
        .assert()
        .success()
        .stdout(
            "nodekayles 0-1,1-2,5\n\
             outcome: the player to move wins\n\
             grundy value: 3\n\
             best move: 0\n\
             winning moves: 2: 0 2\n\
             remoteness: 3\n\
             note: components: 0-1,1-2 = *2 ; 5 = *1\n",
        );
}

#[test]
fn a_cycle_is_solved_in_json() {
    let output = grundy()
        .args(["solve", "node-kayles", "0-1,1-2,2-3,3-0", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["game"], "nodekayles");
    assert_eq!(json["position"], "0-1,0-3,1-2,2-3");
    // Every move leaves one lone vertex: the cycle of 4 is lost.
    assert_eq!(json["outcome"], "loss");
    assert_eq!(json["grundy"], 0);
    assert_eq!(json["winning_move_count"], "0");
    assert_eq!(json["remoteness"]["moves"], 2);
}

#[test]
fn bad_input_exits_2_and_names_the_token() {
    for (position, token) in [
        ("0-1,1-x", "\"1-x\""),
        ("0-0", "\"0-0\""),
        ("0-1,1-0", "\"1-0\""),
        ("0-1,2:B", "\"2:B\""),
        ("10000", "\"10000\""),
    ] {
        grundy()
            .args(["solve", "nodekayles", position])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(token))
            .stderr(predicate::str::contains('\n').count(1));
    }
}

#[test]
fn perfect_play_wins_a_match_against_random() {
    // The start is won for the first player: random may win it too, so only perfect's
    // game as the first player is certain.
    grundy()
        .args([
            "match",
            "nodekayles",
            "--first",
            "perfect",
            "--second",
            "random",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "0-1,1-2,2-3,3-4,4-5,5-6 perfect vs random: first wins (normal)",
        ));
}

#[test]
fn games_lists_node_kayles() {
    grundy()
        .arg("games")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "example:  grundy solve nodekayles 0-1,1-2,2-3,3-4,4-0,5-6,6-7\n",
        ));
}
