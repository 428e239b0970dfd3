//! End-to-end tests of `grundy value`: values of short partizan games in CGSuite notation.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn a_hot_game_is_summarised() {
    // {2|-1}: stops 2 and -1, mean 1/2, temperature 3/2.
    grundy()
        .args(["value", "{2|-1}"])
        .assert()
        .success()
        .stdout(predicate::str::contains("canonical form: {2|-1}"))
        .stdout(predicate::str::contains(
            "outcome: N (the player to move wins)",
        ))
        .stdout(predicate::str::contains("left stop: 2\n"))
        .stdout(predicate::str::contains("right stop: -1\n"))
        .stdout(predicate::str::contains("mean: 1/2\n"))
        .stdout(predicate::str::contains("temperature: 3/2\n"))
        .stdout(predicate::str::contains(
            "atomic weight: none (not all-small)",
        ));
}

#[test]
fn an_expression_is_reduced_to_its_canonical_form() {
    grundy()
        .args(["value", "{1|0} + ^ - (1/2 + *)"])
        .assert()
        .success()
        .stdout(predicate::str::contains("canonical form: {1/2^*|-1/2^*}"));
    // A leading minus is not an option.
    grundy()
        .args(["value", "-1 + ^ + ^", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"canonical\":\"-1^^\""));
    grundy()
        .args(["value", "-1 + ^ + ^"])
        .assert()
        .success()
        .stdout(predicate::str::contains("canonical form: -1^^"))
        .stdout(predicate::str::contains("outcome: R"));
}

#[test]
fn all_small_games_have_atomic_weights() {
    grundy()
        .args(["value", "^^*"])
        .assert()
        .success()
        .stdout(predicate::str::contains("canonical form: ^^*"))
        .stdout(predicate::str::contains("outcome: L"))
        .stdout(predicate::str::contains("atomic weight: 2\n"));
    grundy()
        .args(["value", "{0,*|0,*}"])
        .assert()
        .success()
        .stdout(predicate::str::contains("canonical form: *2"))
        .stdout(predicate::str::contains("outcome: N"))
        .stdout(predicate::str::contains("atomic weight: 0\n"));
}

#[test]
fn the_summary_as_json() {
    let output = grundy()
        .args(["value", "{3|-1}", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["canonical"], "{3|-1}");
    assert_eq!(json["outcome"], "N");
    assert_eq!(json["left_stop"], "3");
    assert_eq!(json["right_stop"], "-1");
    assert_eq!(json["mean"], "1");
    assert_eq!(json["temperature"], "2");
    assert_eq!(json["left_wall"][0]["temperature"], "-1");
    assert_eq!(json["left_wall"][0]["value"], "4");
    assert_eq!(json["left_wall"][1]["temperature"], "2");
    assert_eq!(json["right_wall"][0]["value"], "-2");
    assert_eq!(json["all_small"], false);
    assert!(json.get("atomic_weight").is_none());
}

#[test]
fn the_thermograph_is_written_as_svg() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.svg");
    grundy()
        .args(["value", "{4||2|0}", "--thermograph"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("thermograph written to"));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains("Thermograph of {4||2|0}"));
    assert!(svg.contains("temperature 3/2, mean 5/2"));
}

#[test]
fn bad_input_names_the_token_and_its_position() {
    grundy()
        .args(["value", "1/3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("\"1/3\" at byte 0"))
        .stderr(predicate::str::contains("power of two"));
    grundy()
        .args(["value", "{1|0} + q"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unexpected character: \"q\" at byte 8",
        ));
    grundy()
        .args(["value", "{1|2|3}"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("at byte 4"));
    grundy()
        .args(["value", "{1|0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unclosed bracket: \"{\" at byte 0",
        ));
}

#[test]
fn the_command_is_in_the_help() {
    grundy()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("value"));
    grundy()
        .args(["value", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("--thermograph"))
        .stdout(predicate::str::contains("--json"));
}

#[test]
fn loopy_impartial_sums_give_their_value_outcome_and_moves() {
    // ∞{0,2} + *3: one ∞ part, the other parts' nim-sum 3 not among its finite options: a
    // draw, worth ∞{1,3}.
    grundy()
        .args(["value", "∞{0,2} + *3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: ∞{1,3} (ASCII inf{1,3})\n"))
        .stdout(predicate::str::contains("outcome: D (a draw"))
        .stdout(predicate::str::contains("parts: ∞{0,2} + *3\n"))
        .stdout(predicate::str::contains("winning moves: none"))
        .stdout(predicate::str::contains(
            "  part 1 (∞{0,2}): to a position of value ∞ without *3 among its finite options \
             (where it has one)\n",
        ))
        .stdout(predicate::str::contains(
            "  part 2 (*3): anywhere but to a position of value 0, *2 (its value shows it has \
             such a move)\n",
        ));
    // In ASCII, with the ∞ part able to reach *2: a win, by moving it there.
    grundy()
        .args(["value", "inf{0,2} + *2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: ∞{0,2} (ASCII inf{0,2})\n"))
        .stdout(predicate::str::contains(
            "outcome: N (the player to move wins)",
        ))
        .stdout(predicate::str::contains(
            "winning moves:\n  part 1 (∞{0,2}): to a position of value *2 (its value shows it \
             has such a move)\n",
        ))
        .stdout(predicate::str::contains("drawing moves: none"));
    // Two ∞ parts: a draw whatever the rest.
    grundy()
        .args(["value", "∞ + ∞{0}"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: ∞ (ASCII inf)\n"))
        .stdout(predicate::str::contains("outcome: D"));
    // One value alone: ∞{0} wins (move to the 0).
    grundy()
        .args(["value", "∞{0}"])
        .assert()
        .success()
        .stdout(predicate::str::contains("outcome: N"))
        .stdout(predicate::str::contains("parts:").not());
}

#[test]
fn loopy_sums_as_json() {
    let output = grundy()
        .args(["value", "inf(0, *, *3) + *2 + *", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["value"], "∞{0,2,3}");
    assert_eq!(json["ascii"], "inf{0,2,3}");
    assert_eq!(json["outcome"], "N");
    assert_eq!(json["parts"][0], "∞{0,1,3}");
    assert_eq!(json["winning_moves"][0]["part"], 0);
    assert_eq!(json["winning_moves"][0]["to"]["kind"], "nimber");
    assert_eq!(json["winning_moves"][0]["to"]["n"], 3);
    assert_eq!(json["winning_moves"][0]["certain"], true);
    assert_eq!(json["drawing_moves"].as_array().unwrap().len(), 0);
}

#[test]
fn malformed_loopy_expressions_name_what_and_where() {
    grundy()
        .args(["value", "∞{0,2 + *3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unclosed set of finite options: \"{\" at byte 3",
        ));
    grundy()
        .args(["value", "inf + 2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("a number is not a nimber"))
        .stderr(predicate::str::contains("\"2\" at byte 6"));
    grundy()
        .args(["value", "∞{0} - *2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no subtraction"))
        .stderr(predicate::str::contains("\"-\" at byte 7"));
    grundy()
        .args(["value", "∞{0} + {1|0}"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("belongs after ∞"))
        .stderr(predicate::str::contains("\"{\" at byte 9"));
    let dir = tempfile::tempdir().unwrap();
    grundy()
        .args(["value", "∞{0}", "--thermograph"])
        .arg(dir.path().join("g.svg"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no thermograph"));
}

#[test]
fn sums_of_nimbers_alone_stay_short_games() {
    grundy()
        .args(["value", "*2 + *3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("canonical form: *\n"));
}
