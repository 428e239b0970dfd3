//! End-to-end tests of `grundy solve` of the loopy impartial games, `windup` and
//! `fairshares`: the value, the outcome with draws, the remoteness, the winning and drawing
//! moves in text and JSON (the keys of `grundy value --json` for a loopy impartial value),
//! misère play, and bad notation refused with exit code 2 naming what is wrong.

#![allow(clippy::unwrap_used)]

use super::json_keys::json_of;
use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn a_wind_up_cell_is_valued_with_its_winning_move() {
    // Cell 1 of Wind-Up(6, {1,2}) goes to 0 at once, yet it is ∞{0} (docs/loopy.md).
    grundy()
        .args(["solve", "windup", "6:2,1@1"])
        .assert()
        .success()
        .stdout(
            "windup 6:1,2@1\nvalue: ∞{0} (ASCII inf{0})\noutcome: N (the player to move wins)\n\
             best move: 1\nwinning moves: 1: 1\nremoteness: 1\nnote: 6 positions analysed\n",
        );
    let json = json_of(&["solve", "windup", "6:1,2@3", "--json"]);
    assert_eq!(json["canonical"], "0");
    assert_eq!(json["outcome"], "P");
    assert_eq!(json["remoteness"], 2);
    assert_eq!(json["winning_moves"], serde_json::json!([]));
}

#[test]
fn a_drawn_wind_up_cell_lists_its_drawing_moves() {
    // Wind-Up(10, {2,3}): cell 1 is ∞, a draw alone; only the move of 2 keeps the draw
    // (3 goes to cell 8, ∞{0}, which the opponent wins).
    let json = json_of(&["solve", "windup", "10:2,3@1", "--json"]);
    assert_eq!(json["canonical"], "∞");
    assert_eq!(json["ascii"], "inf");
    assert_eq!(json["outcome"], "D");
    assert_eq!(json["drawing_moves"], serde_json::json!(["2"]));
    assert_eq!(json["drawing_move_count"], "1");
    assert!(json.get("remoteness").is_none());
    // The same keys as `grundy value --json` of the same value.
    let valued = json_of(&["value", "inf", "--json"]);
    for key in ["canonical", "ascii", "outcome", "outcome_meaning"] {
        assert_eq!(json[key], valued[key], "key {key}");
    }
    grundy()
        .args(["solve", "windup", "10:2,3@1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("outcome: D (a draw"))
        .stdout(predicate::str::contains("drawing moves: 1: 2\n"));
}

#[test]
fn fair_shares_values_heaps_and_names_splits_and_unions() {
    let json = json_of(&["solve", "fairshares", "3+2+1", "--json"]);
    assert_eq!(json["position"], "1+2+3");
    assert_eq!(json["canonical"], "*3");
    assert_eq!(json["outcome"], "N");
    // 1+2+3 = *3: the winning moves go to 0 (2+4 by uniting 1 and 3; 3+3 by uniting 1 and 2).
    let mut winning: Vec<String> = json["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|mv| mv.as_str().unwrap().to_string())
        .collect();
    winning.sort();
    assert_eq!(winning, ["1+2->3", "1+3->4"]);
    // 6+6 is a draw; 12 is ∞{0}, won at once by splitting into twelve heaps of one.
    let json = json_of(&["solve", "fairshares", "6+6", "--json"]);
    assert_eq!(
        (json["canonical"].as_str(), json["outcome"].as_str()),
        (Some("∞"), Some("D"))
    );
    grundy()
        .args(["solve", "fairshares", "12"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: ∞{0} (ASCII inf{0})"))
        .stdout(predicate::str::contains(
            "best move: 12->1+1+1+1+1+1+1+1+1+1+1+1",
        ));
}

#[test]
fn misere_play_gives_the_outcome_without_a_value() {
    // Under misère play the cell 0 wins for its player: cell 1 of Wind-Up(6, {1,2}) must not
    // go there, and its other move (to 5) is a draw.
    let json = json_of(&["solve", "windup", "6:1,2@1@misere", "--json"]);
    assert_eq!(json["position"], "6:1,2@1@misere");
    assert!(json.get("canonical").is_none());
    assert_eq!(json["outcome"], "D");
    assert_eq!(json["drawing_moves"], serde_json::json!(["2"]));
}

#[test]
fn bad_positions_exit_2_naming_what_is_wrong() {
    for (game, position, message) in [
        ("windup", "6:1,2", "N:SET@CELL"),
        ("windup", "6@2", "lacks the subtraction set"),
        ("windup", "6:1,x@2", "\"x\" is not an amount"),
        ("windup", "6:1,2@6", "cell 6 is not on a cycle of 6 cells"),
        ("windup", "0:1@0", "Wind-Up takes 1 to"),
        ("windup", "6:0@2", "the amount 0"),
        ("windup", "6:@2", "\"\" is not an amount"),
        ("windup", "99999999999:1@2", "too large"),
        ("fairshares", "1+x", "\"x\" is not a heap"),
        ("fairshares", "1++2", "\"\" is not a heap"),
        ("fairshares", "0+3", "\"0\" is not a heap"),
        ("fairshares", "1000001", "\"1000001\" is not a heap"),
    ] {
        grundy()
            .args(["solve", game, position])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
}
