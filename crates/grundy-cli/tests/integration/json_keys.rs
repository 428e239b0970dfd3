//! `grundy value --json` and `grundy solve --json` name the same facts with the same keys
//! (`canonical` for the canonical value, `outcome` for the outcome class of a partizan
//! value), and still print the keys `solve` and the loopy values used before, deprecated.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use serde_json::Value;

/// The JSON `grundy ARGS` prints, after checking that it succeeded.
pub fn json_of(args: &[&str]) -> Value {
    let output = Command::cargo_bin("grundy")
        .expect("the grundy binary is built")
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// A partizan position: Cutcake 8x3 + 3x5 is the number 2, Left wins whoever starts.
#[test]
fn a_partizan_value_has_the_same_keys_in_both() {
    let solved = json_of(&["solve", "cutcake", "8x3+3x5", "--json"]);
    let valued = json_of(&["value", "3 + -1", "--json"]);
    for key in [
        "canonical",
        "outcome",
        "outcome_meaning",
        "left_stop",
        "right_stop",
    ] {
        assert_eq!(solved[key], valued[key], "key {key}");
    }
    assert_eq!(solved["canonical"], "2");
    assert_eq!(solved["outcome"], "L");
    assert_eq!(solved["mean"], valued["mean"]);
    assert_eq!(solved["temperature"], valued["temperature"]);
    // The old keys, kept for one release, say the same.
    assert_eq!(solved["value"], solved["canonical"]);
    assert_eq!(solved["outcome_class"], solved["outcome"]);
}

/// A hot partizan position (Fission, cgt-tools' board): the value's facts match `grundy value`
/// on the same value.
#[test]
fn a_hot_partizan_value_has_the_same_facts_in_both() {
    let solved = json_of(&["solve", "fission", ".x.x/..x./..../..x.", "--json"]);
    let valued = json_of(&["value", "{-1|-4}", "--json"]);
    for key in [
        "canonical",
        "outcome",
        "left_stop",
        "right_stop",
        "mean",
        "temperature",
    ] {
        assert_eq!(solved[key], valued[key], "key {key}");
    }
    assert_eq!(solved["outcome"], "R");
}

/// An impartial position: Nim 3+4+5 is `*2`, under `canonical` in both; `0` and `*` are
/// written as `grundy value` writes them.
#[test]
fn an_impartial_value_has_the_same_key_in_both() {
    for (heaps, nimber) in [("3+4+5", "*2"), ("1+2+3", "0"), ("1", "*")] {
        let solved = json_of(&["solve", "nim", heaps, "--json"]);
        let valued = json_of(&["value", nimber, "--json"]);
        assert_eq!(solved["canonical"], nimber, "nim {heaps}");
        assert_eq!(valued["canonical"], nimber);
    }
}

/// A loopy value: the sum's value under `canonical` too, and under the old `value`.
#[test]
fn a_loopy_value_is_canonical_too() {
    let valued = json_of(&["value", "inf(0, *, *3) + *2 + *", "--json"]);
    assert_eq!(valued["canonical"], "∞{0,2,3}");
    assert_eq!(valued["value"], valued["canonical"]);
    assert_eq!(valued["outcome"], "N");
}
