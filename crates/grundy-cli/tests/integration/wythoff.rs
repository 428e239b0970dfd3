//! `grundy solve wythoff` end to end: the text report, `--json`, a huge queen, a sum that
//! cannot be valued, and bad input.

#![allow(clippy::unwrap_used)]

use std::process::Command;

fn grundy(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_won_queen_is_reported_with_its_winning_moves() {
    let output = grundy(&["solve", "wythoff", "4,5"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("4,5->1,2"), "{text}");
    assert!(text.contains("4,5->3,5"), "{text}");
}

#[test]
fn json_gives_the_outcome_and_the_nim_value() {
    let output = grundy(&["solve", "wythoff", "4,7+2,3", "--json"]);
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["game"], "wythoff");
    // 4,7 is worth 0 and 2,3 is worth 5 (OEIS A004481).
    assert_eq!(json["grundy"], 5);
    let output = grundy(&[
        "solve",
        "wythoff",
        "1618033988749894848204586834365,2618033988749894848204586834365",
        "--json",
    ]);
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["grundy"], 0);
}

#[test]
fn bad_input_names_its_token_and_an_unvalued_sum_is_refused() {
    let output = grundy(&["solve", "wythoff", "3,5+7;2"]);
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(error.contains("7;2"), "{error}");
    let output = grundy(&["solve", "wythoff", "5000,5001+1,2"]);
    assert!(!output.status.success());
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(error.contains("5000,5001"), "{error}");
}
