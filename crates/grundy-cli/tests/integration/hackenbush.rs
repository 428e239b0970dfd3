//! End-to-end tests of Hackenbush pictures past the old cap of 255 edges: Blue-Red stalks
//! and trees valued by their closed forms, exactly.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use serde_json::Value;

/// 2^999 in decimal.
const TWO_TO_THE_999: &str = "5357543035931336604742125245300009052807024058527668037218751941851755255624680612465991894078479290637973364587765734125935726428461570217992288787349287401967283887412115492710537302531185570938977091076523237491790970633699383779582771973038531457285598238843271083830214915826312193418602834034688";

fn solve(picture: &str, extra: &[&str]) -> std::process::Output {
    Command::cargo_bin("grundy")
        .expect("the grundy binary is built")
        .args(["solve", "hackenbush", picture, "--json"])
        .args(extra)
        .output()
        .unwrap()
}

fn canonical(picture: &str) -> String {
    let output = solve(picture, &[]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    json["canonical"].as_str().unwrap().to_string()
}

/// `B` and 200 `R`: `1 - 1/2 - … - 1/2^200 = 1/2^200`, exactly.
#[test]
fn a_long_stalk_is_exact() {
    let stalk = format!("B{}", "R".repeat(200));
    assert_eq!(
        canonical(&stalk),
        "1/1606938044258990275541962092341162602522202993782792835301376"
    );
}

/// A tree of 1 000 edges (a Blue edge carrying 999 Red leaves) has the value of the stalk
/// `B` and 999 `R`, `1/2^999`, by the colon principle.
#[test]
fn a_tree_of_a_thousand_edges_is_valued() {
    let leaves: Vec<String> = (2..=1000).map(|node| format!("1-{node}:R")).collect();
    let tree = format!("0-1:B,{}", leaves.join(","));
    let stalk = format!("B{}", "R".repeat(999));
    let value = canonical(&tree);
    assert_eq!(value, format!("1/{}", TWO_TO_THE_999));
    assert_eq!(value, canonical(&stalk));
}

/// A picture of thousands of edges is read; past the memory limit the error names
/// the limit.
#[test]
fn a_picture_past_the_memory_limit_is_refused_naming_it() {
    let picture = "BR".repeat(300);
    let output = solve(&picture, &["--memory-limit", "1"]);
    assert!(!output.status.success());
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("past the limit of 1 MB"),
        "{}",
        &message[message.len().saturating_sub(300)..]
    );
}
