//! End-to-end tests of `grundy solve paper` and `grundy batch paper`.
#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::str::contains;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

#[test]
fn solve_text_names_a_winning_cut() {
    grundy()
        .args(["solve", "paper", "2x1"])
        .assert()
        .success()
        .stdout(contains("paper 2x1"))
        .stdout(contains("outcome: the player to move wins"))
        .stdout(contains("grundy value: 1"))
        .stdout(contains("best move: 1,0,1,1"))
        .stdout(contains("winning moves: 1: 1,0,1,1"))
        .stdout(contains("remoteness: 1"));
}

#[test]
fn solve_lost_position_merges_the_cuts() {
    grundy()
        .args(["solve", "paper", "2x2:0,1,2,1;0,1,2,1;1,2,1,0;1,1,1,2"])
        .assert()
        .success()
        .stdout(contains("paper 2x2:0,1,2,1;1,0,1,2"))
        .stdout(contains("outcome: the player to move loses"))
        .stdout(contains("remoteness: 0"));
}

#[test]
fn solve_json_on_a_huge_sheet() {
    let output = grundy()
        .args([
            "solve",
            "paper",
            "1000000000x999999999",
            "--json",
            "--moves",
            "2",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&output).unwrap();
    assert_eq!(json["outcome"], "win");
    assert_eq!(json["grundy"], 999_999_999);
    assert_eq!(json["winning_move_count"], "1999999997");
    assert_eq!(json["winning_moves"][0], "0,1,999998977,1");
    assert_eq!(json["winning_moves"][1], "0,2,999998977,2");
    assert!(json.get("remoteness").is_none());
}

#[test]
fn solve_json_small_position_has_exact_remoteness() {
    let output = grundy()
        .args(["solve", "paper", "3x2:0,1,1,1", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&output).unwrap();
    // Heaps 2 (horizontal), 2 and 2 (vertical): value 2.
    assert_eq!(json["grundy"], 2);
    assert_eq!(json["remoteness"]["kind"], "exact");
    assert_eq!(json["winning_move_count"], "3");
}

#[test]
fn solve_rejects_bad_positions() {
    grundy()
        .args(["solve", "paper", "2x2:0,0,2,0"])
        .assert()
        .code(2)
        .stderr(contains("border"));
    grundy()
        .args(["solve", "paper", "0x2"])
        .assert()
        .code(2)
        .stderr(contains("at least 1"));
}

#[test]
fn batch_answers_the_samples() {
    grundy()
        .args(["batch", "paper"])
        .write_stdin("2 1 0\n")
        .assert()
        .success()
        .stdout("FIRST\n1 0 1 1\n");
    grundy()
        .args(["batch", "paper"])
        .write_stdin("2 2 4\n0 1 2 1\n0 1 2 1\n1 2 1 0\n1 1 1 2\n")
        .assert()
        .success()
        .stdout("SECOND\n");
}

#[test]
fn batch_rejects_bad_input_with_exit_code_2() {
    grundy()
        .args(["batch", "paper"])
        .write_stdin("3 3 1\n0 0 2 2\n")
        .assert()
        .code(2)
        .stderr(contains("line 2"))
        .stderr(contains("horizontal or vertical"));
    grundy()
        .args(["batch", "paper"])
        .write_stdin("3 3 2\n1 0 1 3\n")
        .assert()
        .code(2)
        .stderr(contains("end of the input"));
}
