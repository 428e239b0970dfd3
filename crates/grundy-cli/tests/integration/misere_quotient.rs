//! End-to-end tests of `grundy misere-quotient`.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn the_quotient_of_0_75_is_printed_with_its_presentation_and_proof() {
    grundy()
        .args(["misere-quotient", "0.75", "--heaps", "30"])
        .assert()
        .success()
        .stdout(predicate::str::contains("order 8, P-portion 2 elements"))
        .stdout(predicate::str::contains(
            "generators: a = heap 1, b = heap 2, c = heap 5",
        ))
        .stdout(predicate::str::contains(
            "relations: a^2 = 1, bc = ab, c^2 = b^2, b^3 = b",
        ))
        .stdout(predicate::str::contains("P-portion: {a, b^2}"))
        .stdout(predicate::str::contains(
            " 0:    1    a    b    a    b    c",
        ))
        .stdout(predicate::str::contains("period 2 from heap 8"));
}

#[test]
fn a_short_bound_claims_nothing_beyond_it() {
    grundy()
        .args(["misere-quotient", "0.77", "--heaps", "30"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "stable from heap 27 up to the bound 30",
        ))
        .stdout(predicate::str::contains("nothing is claimed"));
}

#[test]
fn json_gives_the_orders_and_the_heap_map() {
    let output = grundy()
        .args(["misere-quotient", "0.75", "--heaps", "12", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["order"], 8);
    assert_eq!(json["orders"][5], 8);
    assert_eq!(json["heap_elements"][1], "a");
    assert_eq!(json["periodic"], serde_json::Value::Null);
    // The table decides a sum: 3 + 5 + 7 is a·c·c = ab², not a P-position.
    let number = |heap: usize| json["heap_numbers"][heap].as_u64().unwrap() as usize;
    let times = |x: usize, y: usize| json["table"][x][y].as_u64().unwrap() as usize;
    let sum = times(times(number(3), number(5)), number(7));
    assert_eq!(json["elements"][sum], "ab^2");
    let p: Vec<usize> = json["p_numbers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as usize)
        .collect();
    assert!(!p.contains(&sum));
    assert_eq!(json["table"].as_array().unwrap().len(), 8);
}

#[test]
fn rules_that_are_not_take_and_break_are_refused_by_name() {
    grundy()
        .args(["misere-quotient", "kayles", "--heaps", "10"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "\"kayles\" is not a take-and-break game",
        ))
        .stderr(predicate::str::contains("0.77"));
    grundy()
        .args(["misere-quotient", "0.8", "--heaps", "10"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a take-and-break game"));
}

#[test]
fn a_heap_bound_too_large_is_refused_with_the_limit() {
    grundy()
        .args(["misere-quotient", "0.77", "--heaps", "1000000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--heaps 1000000 is refused"))
        .stderr(predicate::str::contains("from 1 to 20000"));
    grundy()
        .args(["misere-quotient", "0.77", "--heaps", "0"])
        .assert()
        .code(2);
}

#[test]
fn the_time_limit_stops_the_work() {
    grundy()
        .args([
            "misere-quotient",
            "0.137",
            "--heaps",
            "20000",
            "--time-limit",
            "0.5",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("stopped"));
}

#[test]
fn a_quotient_past_the_memory_limit_is_refused_with_the_heap_and_the_limit() {
    // 0.6 passes 2,886 elements, what 100 MB of product tables hold, when heap 17 is added
    // (and the 18,257 of the default limit too).
    grundy()
        .args([
            "misere-quotient",
            "0.6",
            "--heaps",
            "20",
            "--memory-limit",
            "100",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("the quotient with heap 17"))
        .stderr(predicate::str::contains("past the memory limit of 100 MB"));
}

#[test]
fn a_sum_of_heaps_is_decided_through_the_quotient_whatever_the_copies() {
    // Kayles heaps of 5 are c, with c³ = c: 10^18 of them are c², and a heap of 1 more
    // makes ac², a P-position.
    grundy()
        .args([
            "misere-quotient",
            "0.77",
            "--heaps",
            "12",
            "--sum",
            "1, 5x1000000000000000000",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "sum 1, 5x1000000000000000000: element ac^2, a P-position: the player to move \
             loses",
        ));
    let output = grundy()
        .args([
            "misere-quotient",
            "0.77",
            "--heaps",
            "12",
            "--sum",
            "5x2",
            "--json",
        ])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["sum"]["element"], "c^2");
    assert_eq!(json["sum"]["p_position"], false);
}

#[test]
fn a_bad_sum_is_refused_naming_the_item() {
    grundy()
        .args(["misere-quotient", "0.77", "--heaps", "12", "--sum", "5 3y"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--sum item \"3y\" is not a heap size",
        ));
    grundy()
        .args(["misere-quotient", "0.77", "--heaps", "12", "--sum", ","])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--sum is empty"));
    // Heap 30 is past the bound of 12, and no period is proved there.
    grundy()
        .args(["misere-quotient", "0.77", "--heaps", "12", "--sum", "30"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "heap 30 is beyond the quotient, computed for heaps of at most 12 tokens",
        ));
}
