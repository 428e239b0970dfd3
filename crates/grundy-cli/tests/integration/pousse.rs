//! End-to-end tests of `grundy solve pousse` and `grundy batch pousse`.
#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

#[test]
fn batch_answers_the_contest_sample() {
    grundy()
        .args(["batch", "pousse"])
        .write_stdin("4\nL2\nT2\nL2\nB2\nR2\nQUIT\n4\nL2\nT2\nL2\nB2\nR2\nT1\nL2\nQUIT\n")
        .assert()
        .success()
        .stdout("TIE GAME\nX WINS\n");
}

#[test]
fn batch_rejects_bad_input_with_exit_code_2() {
    for (input, needle) in [
        ("4 L2 Z9 QUIT", "\"Z9\""),
        ("4 L5 QUIT", "out of range"),
        ("0 QUIT", "board size"),
        ("101 QUIT", "board size"),
        ("4 L2 T2", "end of the input"),
        ("4 QUIT\n7 B8 QUIT", "game 2"),
    ] {
        grundy()
            .args(["batch", "pousse"])
            .write_stdin(input)
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                predicate::str::contains(needle).and(predicate::str::contains("panicked").not()),
            );
    }
}

#[test]
fn solve_finds_a_win_in_one() {
    grundy()
        .args(["solve", "pousse", "XX./.../O.O:X", "--depth", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "evaluation: win in 1 move (proven)",
        ));
}

#[test]
fn solve_reads_moves_and_prints_json() {
    let output = grundy()
        .args([
            "solve",
            "pousse",
            "6:L1,T3,R2",
            "--depth",
            "3",
            "--json",
            "--threads",
            "1",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["to_move"], "O");
    assert_eq!(json["depth"], 3);
    assert_eq!(
        json["position"],
        "X.O.../.....X/....../....../....../......:O"
    );
    assert_eq!(json["pv"].as_array().unwrap().len(), 3);
    assert!(json["best_move"].as_str().unwrap().len() >= 2);
}

#[test]
fn solve_uses_the_table_on_small_waterloo_boards() {
    grundy()
        .args([
            "solve", "pousse", "2", "--rules", "waterloo", "--depth", "2",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("win in 3 moves (proven)"));
    grundy()
        .args([
            "solve", "pousse", "3", "--rules", "waterloo", "--depth", "2",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("draw"));
}

#[test]
fn solve_takes_a_movetime() {
    // The search's clock is the library's to keep (tests of `engine::search`); here the
    // option is taken and a move comes back. A minute only guards against a hang.
    grundy()
        .args(["solve", "pousse", "7:L4,T4", "--movetime", "200"])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .success()
        .stdout(predicate::str::contains("best move: "));
}

#[test]
fn solve_rejects_bad_positions_with_exit_code_2() {
    for position in ["6:L7", "0", "101", "6:Q1", "X./..:Z", "XQ/..", "6:L1,,T9"] {
        grundy()
            .args(["solve", "pousse", position, "--depth", "1"])
            .assert()
            .code(2)
            .stderr(predicate::str::starts_with("grundy: "));
    }
    grundy()
        .args(["solve", "pousse", "4", "--rules", "chess"])
        .assert()
        .code(2);
}
