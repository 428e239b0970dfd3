//! Exact numbers and bounded work, end to end: values that once wrapped a fixed-width
//! integer come out exact, and every kind of computation that short input can make
//! unbounded (a value expression, a partizan position, a misère quotient or search) ends
//! at its time or memory limit with a message naming the limit and exit code 1.
//!
//! Each case is an input that once ran past a gigabyte or ignored its limits. The hang
//! guard (`timeout`) only catches a limit that is not kept; no test asserts how fast the
//! limit is kept (that is measured by the benchmarks).

use std::time::Duration;

use assert_cmd::Command;
use predicates::prelude::*;

/// Far above any limit the cases set: a run that reaches it ignored its limit.
const HANG_GUARD: Duration = Duration::from_secs(120);

fn grundy() -> Command {
    let mut command = Command::cargo_bin("grundy").expect("the grundy binary is built");
    command.timeout(HANG_GUARD);
    command
}

/// `±1 + ±2 + … + ±n`: 150 bytes for n = 40, a canonical form that, written out, passes the
/// default limit of 4000 MB.
fn switches(n: u32) -> String {
    (1..=n)
        .map(|k| format!("±{k}"))
        .collect::<Vec<_>>()
        .join(" + ")
}

#[test]
fn a_long_blue_red_stalk_is_an_exact_tiny_number() {
    // B then 127 R: Left's edge at the bottom, worth 1/2^127 (Winning Ways, ch. 2).
    let stalk = format!("B{}", "R".repeat(127));
    let two_127 = "170141183460469231731687303715884105728";
    grundy()
        .args(["solve", "hackenbush", &stalk])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!("value: 1/{two_127}")))
        .stdout(predicate::str::contains(format!(
            "stops: 1/{two_127} (left), 1/{two_127} (right)"
        )));
    // A number with a 254-bit denominator (the value of B then 254 R) has temperature
    // -1/2^254 and both stops the number itself, never 0.
    let two_254 = "28948022309329048855892746252171976963317496166410141009864396001978282409984";
    grundy()
        .args(["value", &format!("1/{two_254}")])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "temperature: -1/{two_254}"
        )))
        .stdout(predicate::str::contains(format!("left stop: 1/{two_254}")));
}

#[test]
fn numbers_past_64_bits_add_and_compare_exactly() {
    let expression = "{200+1/1152921504606846976 | 200+1/576460752303423488}";
    grundy()
        .args(["value", expression])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "canonical form: 461168601842738790403/2305843009213693952",
        ))
        .stdout(predicate::str::contains("outcome: L"));
    let big = vec!["4611686018427387903"; 33].join(" + ");
    grundy()
        .args(["value", &big, "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            r#""canonical":"152185638608103800799""#,
        ))
        // The birthday of an integer is its size: past 2^64 it is written as text.
        .stdout(predicate::str::contains(
            r#""birthday":"152185638608103800799""#,
        ));
}

#[test]
fn a_value_expression_stops_at_its_time_limit() {
    grundy()
        .args(["value", "^<1000>", "--time-limit", "1"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "stopped at the time limit of 1 s (--time-limit)",
        ));
}

#[test]
fn a_value_expression_stops_at_its_memory_limit() {
    grundy()
        .args(["value", &switches(40), "--memory-limit", "50"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("past the limit of 50 MB"))
        .stderr(predicate::str::contains("--memory-limit"));
    let tinies = vec!["{0||0|-1}"; 10_000].join("+");
    grundy()
        .args(["value", &tinies, "--memory-limit", "50"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("past the limit of 50 MB"));
}

#[test]
fn deep_values_do_not_overflow_the_stack() {
    // ^65536 nests 65 536 levels of options: its birthday is found by recursion.
    grundy()
        .args(["value", "^65536"])
        .assert()
        .success()
        .stdout(predicate::str::contains("birthday: 65537"))
        .stdout(predicate::str::contains("atomic weight: 65536"));
}

#[test]
fn a_clobber_position_keeps_its_limits() {
    let row = "xo".repeat(15);
    grundy()
        .args(["solve", "clobber", &row, "--time-limit", "2"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("time limit of 2 s"));
    grundy()
        .args(["solve", "clobber", &row, "--memory-limit", "20"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("past the limit of 20 MB"));
}

#[test]
fn a_hackenbush_sum_keeps_its_time_limit() {
    let sum = (1..=11)
        .map(|k| "BR".repeat(k))
        .collect::<Vec<_>>()
        .join("+");
    grundy()
        .args(["solve", "hackenbush", &sum, "--time-limit", "2"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("time limit of 2 s"));
}

#[test]
fn a_misere_quotient_keeps_its_limits() {
    // Dawson's chess past heap 24 takes seconds and grows its proofs.
    grundy()
        .args([
            "misere-quotient",
            "0.137",
            "--heaps",
            "32",
            "--time-limit",
            "1",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("time limit of 1 s"));
    grundy()
        .args([
            "misere-quotient",
            "0.137",
            "--heaps",
            "32",
            "--memory-limit",
            "1",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("past the memory limit of 1 MB"));
}

#[test]
fn a_misere_search_keeps_its_memory_limit() {
    // Ten heaps of 9 reach about 90 000 positions: more than a megabyte of memo. Nim's
    // misère theory answers where the search is refused, without the remoteness.
    grundy()
        .args(["solve", "nim", &["9"; 10].join("+"), "--misere"])
        .args(["--memory-limit", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("by Bouton's rule for misère Nim"))
        .stdout(predicate::str::contains(
            "no remoteness: the exact misère search reached 2 MB of positions, past its \
             memory limit of 1 MB",
        ));
}

#[test]
fn the_generic_search_keeps_its_time_and_memory_limits() {
    // An 8 × 7 Cram board is valued by the generic memoised search over its regions, far
    // past a second and tens of megabytes.
    grundy()
        .args(["solve", "cram", "8x7", "--time-limit", "0.5"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("time limit of 0.5 s"));
    grundy()
        .args(["solve", "cram", "8x7", "--memory-limit", "2"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "the search's memo tables reached 3 MB, past the limit of 2 MB",
        ))
        .stderr(predicate::str::contains("--memory-limit"));
    // A 7 × 7 grid graph for Node Kayles, and for Arc Kayles a grid of 5 × 5 (40 edges).
    for (game, graph) in [("nodekayles", grid(7, 7)), ("arckayles", grid(5, 5))] {
        grundy()
            .args(["solve", game, &graph, "--time-limit", "0.5"])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("time limit"));
    }
}

/// The grid graph of `width × height` vertices, numbered row by row, as an edge list.
fn grid(width: u32, height: u32) -> String {
    let mut edges = Vec::new();
    for row in 0..height {
        for column in 0..width {
            let vertex = row * width + column;
            if column + 1 < width {
                edges.push(format!("{vertex}-{}", vertex + 1));
            }
            if row + 1 < height {
                edges.push(format!("{vertex}-{}", vertex + width));
            }
        }
    }
    edges.join(",")
}
