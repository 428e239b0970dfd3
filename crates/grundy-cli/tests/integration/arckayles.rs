//! End-to-end tests of Arc Kayles through the generic commands: `grundy solve arckayles`
//! (text and JSON), bad input, and a refereed match.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn two_paths_and_a_lone_vertex_are_solved_in_text() {
    grundy()
        .args(["solve", "arckayles", "0-1,1-2,5-6,9"])
        .assert()
        .success()
        .stdout(
            "arckayles 0-1,1-2,5-6,9\n\
             outcome: the player to move loses\n\
             grundy value: 0\n\
             best move: 0-1\n\
             remoteness: 2\n\
             note: components: 0-1,1-2 = *1 ; 5-6 = *1\n",
        );
}

#[test]
fn a_path_is_solved_in_json() {
    let output = grundy()
        .args(["solve", "arc-kayles", "3-2,2-1,1-0", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["game"], "arckayles");
    assert_eq!(json["position"], "0-1,1-2,2-3");
    assert_eq!(json["outcome"], "win");
    assert_eq!(json["grundy"], 2);
    assert_eq!(json["winning_moves"], serde_json::json!(["1-2"]));
    assert_eq!(json["remoteness"]["moves"], 1);
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
            .args(["solve", "arckayles", position])
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
            "arckayles",
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
fn games_lists_arc_kayles() {
    grundy()
        .arg("games")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "example:  grundy solve arckayles 0-1,1-2,2-3,3-4,4-0,5-6,6-7\n",
        ));
}
