//! End-to-end tests of `grundy solve psub`: the value, the observed period and winning moves
//! in text and JSON, and bad input refused with exit code 2 naming the token or the limit.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn a_position_is_valued_with_its_period() {
    // `1|2`: heap 2 is {1|0} (derived by hand in crates/grundy/tests/integration/psub.rs), period 3.
    grundy()
        .args(["solve", "psub", "1|2:2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("{1|0}"))
        .stdout(predicate::str::contains(
            "values of heaps 0..12: 0, 1, {1|0}, 0",
        ))
        .stdout(predicate::str::contains(
            "period 3 from heap 0, seen over 100 periods (observed, not proved",
        ));
    grundy()
        .args(["solve", "psub", "1|1:5+2", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"value\":\"*\""));
}

#[test]
fn bad_positions_exit_2_naming_the_token() {
    for (position, token) in [
        ("1,x|2:3", "\"x\""),
        ("1|2", "no ':'"),
        ("65|2:3", "65"),
        ("1,2,3,4,5,6,7,8,9|2:3", "at most 8 amounts"),
        ("1|2:3@Q", "@Q"),
    ] {
        grundy()
            .args(["solve", "psub", position])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(token));
    }
}

#[test]
fn a_heap_past_the_limit_is_refused_naming_it() {
    grundy()
        .args(["solve", "psub", "1|2:10001"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a heap is at most 10000, got 10001",
        ));
}

#[test]
fn an_illegal_move_is_refused() {
    grundy()
        .args(["play", "psub", "1|2:3"])
        .write_stdin("2\nquit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("illegal move 2: Left may take 1"));
}

#[test]
fn a_huge_heap_is_refused_naming_the_limit() {
    grundy()
        .args(["solve", "psub", "1|2:99999999999999999999"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a heap is at most 10000, got 99999999999999999999",
        ));
}

/// Three heaps of `1,3|2,3`, whose canonical forms grow with every heap: the sum takes
/// half a minute and passes the default memory limit (docs/benchmarks.md), so a time limit
/// of one second stops it.
#[test]
fn a_time_limit_stops_a_long_solve() {
    grundy()
        .args(["solve", "psub", "1,3|2,3:14+13+13", "--time-limit", "1"])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "stopped at the time limit of 1 s (--time-limit)",
        ));
}

/// 64 heaps of 10 000 (the notation's limits): a game of up to 640 000 moves, whose exact
/// remoteness search runs as deep as its budget allows; valued without overflowing the
/// stack (`1|2`'s values repeat every three heaps: 10 000 is 1 + 3 × 3 333, valued 1).
#[test]
fn the_largest_sum_the_notation_admits_is_valued() {
    let position = format!("1|2:{}", vec!["10000"; 64].join("+"));
    grundy()
        .args(["solve", "psub", &position])
        .timeout(std::time::Duration::from_secs(300))
        .assert()
        .success()
        .stdout(predicate::str::contains("value: 64\n"));
}
