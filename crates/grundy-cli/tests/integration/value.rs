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

#[test]
fn a_loopy_stopper_is_summarised() {
    // CGSuite's CanonicalStopperTestCase: {pass|3/2} is 3/2under.
    grundy()
        .args(["value", "{pass|3/2}"])
        .assert()
        .success()
        .stdout(predicate::str::contains("canonical form: 3/2under\n"))
        .stdout(predicate::str::contains(
            "outcome: L (Left wins whoever starts)",
        ))
        .stdout(predicate::str::contains("left stop: 3/2under\n"))
        .stdout(predicate::str::contains("right stop: 3/2under\n"))
        .stdout(predicate::str::contains("degree: over\n"))
        .stdout(predicate::str::contains("variety: under\n"))
        .stdout(predicate::str::contains("positions: 5\n"))
        .stdout(predicate::str::contains("right options: 3/2\n"));
    grundy()
        .args(["value", "a{0|{0||||0,*2|||a|0||0}||0}"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "canonical form: a{0|{0||||0,*2|||a|0||0}||0}\n",
        ))
        .stdout(predicate::str::contains(
            "variety: none (the game is not stable, so it has no variety)",
        ))
        .stdout(predicate::str::contains("stable: no\n"));
}

#[test]
fn sided_values_are_printed_with_their_sides_and_draws() {
    grundy()
        .args(["value", "a{{|a}|}"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: 1 & 0\n"))
        .stdout(predicate::str::contains(
            "outcome: PHat (Left moving first draws, Right moving first loses)",
        ))
        .stdout(predicate::str::contains("onside: 1\noffside: 0\n"));
    // Bach's carousel: sides that are not stoppers, as CGSuite prints them.
    grundy()
        .args(["value", "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "value: a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}\n",
        ))
        .stdout(predicate::str::contains("outcome: N"));
    let output = grundy()
        .args(["value", "on + off", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["canonical"], "dud");
    assert_eq!(json["kind"], "stopper-sided");
    assert_eq!(json["outcome"], "D");
    assert_eq!(json["onside"], "on");
    assert_eq!(json["offside"], "off");
    assert_eq!(json["idempotent"], true);
    assert!(json.get("left_stop").is_none());
}

#[test]
fn short_expressions_take_the_short_route() {
    // No loopy word: the short summary, with its thermograph line.
    grundy()
        .args(["value", "{2|-1}"])
        .assert()
        .success()
        .stdout(predicate::str::contains("canonical form: {2|-1}"))
        .stdout(predicate::str::contains("temperature: 3/2"));
    // A loopy word mixed with short values: the loopy route.
    grundy()
        .args(["value", "over + 1/2 + ^"])
        .assert()
        .success()
        .stdout(predicate::str::contains("kind: stopper"));
}

#[test]
fn bad_loopy_input_is_named() {
    grundy()
        .args(["value", "a{0|b}"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown name: \"b\" at byte 4"));
    grundy()
        .args(["value", "a{0|a{1|a}}"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("a name defined twice"))
        .stderr(predicate::str::contains("\"a\" at byte 4"));
    grundy()
        .args(["value", "{0|pass} + pass"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "pass stands only as a whole option inside braces: \"pass\" at byte 11",
        ));
    grundy()
        .args(["value", "Tiny(dud)"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("dud is not a stopper"));
    grundy()
        .args(["value", "v & over"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the offside over is not at most the onside v",
        ));
    grundy()
        .args(["value", "{pass|3}", "--thermograph", "g.svg"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no thermograph"));
}

#[test]
fn loopy_work_past_its_limits_is_refused() {
    // A million-position short part: its comparisons with the loopy part would need far
    // more than the limit, refused before any is made.
    grundy()
        .args(["value", "{pass|1000000}", "--memory-limit", "100"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "too large to compute in the memory limit",
        ))
        .stderr(predicate::str::contains("--memory-limit"));
    grundy()
        .args([
            "value",
            "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}",
            "--time-limit",
            "0.001",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("stopped at the time limit"));
}
