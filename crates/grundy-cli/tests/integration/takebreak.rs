//! End-to-end tests of `grundy sequence` and `grundy solve-impartial`, and of playing a
//! take-and-break game through the generic commands.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn the_sequence_of_kayles_is_printed_in_rows_with_its_proved_period() {
    grundy()
        .args(["sequence", "0.77", "--to", "200"])
        .assert()
        .success()
        .stdout(predicate::str::contains("  0: 0 1 2 3 1 4 3 2 1 4 2 6"))
        .stdout(predicate::str::contains(" 12: 4 1 2 7 1 4 3 2 1 4 6 7"))
        .stdout(predicate::str::contains("period 12, pre-period 71"));
}

#[test]
fn a_short_sequence_proves_no_period() {
    grundy()
        .args(["sequence", "0.137", "--to", "100", "--summary"])
        .assert()
        .success()
        .stdout(predicate::str::contains("no period found up to 100"))
        .stdout(predicate::str::contains(" 0:").not());
    grundy()
        .args(["sequence", "grundy", "--to", "100", "--summary"])
        .assert()
        .success()
        .stdout(predicate::str::contains("does not apply to grundy"));
}

#[test]
fn the_sequence_as_json() {
    let output = grundy()
        .args(["sequence", "0.137", "--to", "300", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["rules"], "0.137");
    assert_eq!(json["period"], 34);
    assert_eq!(json["preperiod"], 52);
    assert_eq!(json["periodicity"], "proved");
    assert_eq!(json["values"].as_array().unwrap().len(), 301);
    assert_eq!(json["values"][5], 3);
}

#[test]
fn both_methods_print_the_same_sequence() {
    let plain = grundy()
        .args([
            "sequence", "grundy", "--to", "20000", "--method", "plain", "--json",
        ])
        .output()
        .unwrap();
    let sparse = grundy()
        .args([
            "sequence", "grundy", "--to", "20000", "--method", "sparse", "--json",
        ])
        .output()
        .unwrap();
    assert!(plain.status.success() && sparse.status.success());
    let plain: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
    let sparse: serde_json::Value = serde_json::from_slice(&sparse.stdout).unwrap();
    assert_eq!(plain["values"], sparse["values"]);
    assert_eq!(sparse["method"], "sparse");
}

#[test]
fn a_sum_is_solved_with_winning_moves_and_remoteness() {
    grundy()
        .args(["solve-impartial", "0.77", "5+7+3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("G(5) = 4, G(7) = 2, G(3) = 3"))
        .stdout(predicate::str::contains("value 5: the player to move wins"))
        .stdout(predicate::str::contains("winning moves (1): 5->4"))
        .stdout(predicate::str::contains("remoteness 13 (exact)"));
    grundy()
        .args(["solve-impartial", "0.137", "5+7+12"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "value 0: the player to move loses",
        ));
    grundy()
        .args(["solve-impartial", "grundy", "100+200"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "remoteness not computed: 300 tokens",
        ));
}

#[test]
fn a_sum_as_json() {
    let output = grundy()
        .args(["solve-impartial", "S(1,3,4)", "10+3", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    // S(1,3,4) repeats 0 1 0 1 2 3 2: G(10) = 1, G(3) = 1.
    assert_eq!(json["heap_values"], serde_json::json!([1, 1]));
    assert_eq!(json["outcome"], "loss");
    assert!(json["remoteness"]["exact"].is_u64());
}

#[test]
fn bad_input_names_the_token_and_fails_cleanly() {
    for (args, token) in [
        (vec!["sequence", "0.8", "--to", "10"], "0.8"),
        (vec!["sequence", "", "--to", "10"], "empty"),
        (vec!["sequence", "hex:", "--to", "10"], "empty"),
        (vec!["sequence", "0.77", "--to", "1000000000"], "MiB"),
        (vec!["sequence", "AB(1)", "--to", "10000000"], "steps"),
        (vec!["solve-impartial", "0.77", "5+x+7"], "\"x\""),
        (
            vec!["solve-impartial", "0.77", "5+99999999999999999999999"],
            "does not fit",
        ),
        (
            vec!["solve-impartial", "0.77", "5+99999999999"],
            "99999999999",
        ),
        (vec!["solve-impartial", "S(1,a)", "5"], "\"a\""),
        (vec!["solve-impartial", "kayles", "5"], "kayles"),
    ] {
        grundy()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(token))
            .stderr(predicate::str::contains("panicked").not());
    }
    grundy()
        .args(["sequence", "0.8", "--to", "10"])
        .assert()
        .stderr(predicate::str::contains("d1"))
        .stderr(predicate::str::contains("hex:"));
}

#[test]
fn a_won_take_and_break_start_is_won_by_perfect_play_in_a_match() {
    // 0.77:12+7 has value G(12) ^ G(7) = 4 ^ 2: the first player wins every game.
    grundy()
        .args([
            "match",
            "takebreak",
            "--first",
            "perfect",
            "--second",
            "random",
            "--games",
            "1",
            "--position",
            "0.77:12+7",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("perfect vs random: first wins"));
}

#[test]
fn solve_reads_the_rules_and_the_heaps_as_one_position_or_as_two_arguments() {
    for args in [
        vec!["solve", "takebreak", "0.77:5+7+3"],
        vec!["solve", "octal", "0.77", "5+7+3"],
        vec!["solve", "Take-and-Break", "0.77:5+7+3"],
    ] {
        grundy()
            .args(&args)
            .assert()
            .success()
            .stdout(predicate::str::contains("0.77:5+7+3"))
            .stdout(predicate::str::contains(
                "heap values: G(5) = 4, G(7) = 2, G(3) = 3",
            ))
            .stdout(predicate::str::contains("5->4"));
    }
    let output = grundy()
        .args(["solve", "octal", "0.137", "5+7+12", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["game"], "takebreak");
    assert_eq!(json["position"], "0.137:5+7+12");
    assert_eq!(json["outcome"], "loss");
    assert_eq!(json["grundy"], 0);
    assert_eq!(json["winning_move_count"], "0");
}

#[test]
fn solve_names_the_bad_token_of_a_take_and_break_position() {
    grundy()
        .args(["solve", "octal", "0.8", "5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("0.8"));
    grundy()
        .args(["solve", "takebreak", "0.77:7x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("7x"));
    grundy()
        .args(["solve", "rectangle", "4x3", "5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("takes one position"));
}

#[test]
fn games_lists_the_family_with_its_notation_and_an_example() {
    grundy()
        .arg("games")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "takebreak (also octal, take-and-break) [family]\n",
        ))
        .stdout(predicate::str::contains("notation: RULES:HEAPS"))
        .stdout(predicate::str::contains(
            "example:  grundy solve takebreak 0.137:5+7+12\n",
        ));
}
