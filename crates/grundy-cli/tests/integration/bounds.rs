//! Exact numbers and bounded work, end to end: values that once wrapped a fixed-width
//! integer come out exact, and every kind of computation that short input can make
//! unbounded (a value expression, a partizan position, a misère quotient or search) ends
//! at its time or memory limit with a message naming the limit and exit code 1.
//!
//! Each case is an input that once ran past a gigabyte or ignored its limits. The hang
//! guard (`timeout`) only catches a limit that is not kept; no test asserts how fast the
//! limit is kept (that is measured by the benchmarks).

#![allow(clippy::unwrap_used)]

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

/// `2^bits` in decimal, for texts of huge numbers: limbs of nine digits, times 2^30 at a
/// time.
fn power_of_two(bits: u32) -> String {
    const LIMB: u64 = 1_000_000_000;
    let mut limbs: Vec<u64> = vec![1];
    let mut left = bits;
    while left > 0 {
        let shift = left.min(30);
        left -= shift;
        let mut carry = 0u64;
        for limb in limbs.iter_mut() {
            let next = (*limb << shift) + carry;
            *limb = next % LIMB;
            carry = next / LIMB;
        }
        while carry > 0 {
            limbs.push(carry % LIMB);
            carry /= LIMB;
        }
    }
    let mut text = limbs.last().map(u64::to_string).unwrap_or_default();
    for limb in limbs.iter().rev().skip(1) {
        text.push_str(&format!("{limb:09}"));
    }
    text
}

#[test]
fn a_huge_nimber_is_valued_from_its_formula_and_its_options_are_counted() {
    // Issue row 1: *65536 listed 2·10^9 option ids (10 GB, "memory allocation failed")
    // while the progress said 23 MB. Its facts come from the nimber: stops 0, temperature
    // and mean 0, birthday 65536, atomic weight 0.
    for n in ["65536", "16000"] {
        grundy()
            .args(["value", &format!("*{n}"), "--memory-limit", "200"])
            .assert()
            .success()
            .stdout(predicate::str::contains(format!("canonical form: *{n}")))
            .stdout(predicate::str::contains(
                "left stop: 0\nright stop: 0\nmean: 0",
            ))
            .stdout(predicate::str::contains("temperature: 0\n"))
            .stdout(predicate::str::contains("atomic weight: 0\n"))
            .stdout(predicate::str::contains(format!("birthday: {n}\n")));
    }
    // A game that does need the options of a big nimber holds them, counted: it ends at
    // the memory limit (it ran for minutes at an estimate of 20 MB).
    grundy()
        .args(["value", "{*65536|0}", "--memory-limit", "50"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("past the limit of 50 MB"))
        .stderr(predicate::str::contains("--memory-limit"));
}

#[test]
fn a_number_with_a_huge_denominator_keeps_its_limits() {
    // Issue row 2: 1/2^400000 (120 413 digits) ran its thermograph through 400 000 levels of
    // options for 6.5 to 20 s. Its thermograph comes from its digits now: about 0.5 s in a
    // release build, so the limit here leaves room for a debug build on a loaded machine.
    let two = power_of_two(400_000);
    grundy()
        .args(["value", &format!("1/{two}")])
        .args(["--time-limit", "20", "--memory-limit", "200"])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!("temperature: -1/{two}\n")))
        .stdout(predicate::str::contains(format!("mean: 1/{two}\n")))
        .stdout(predicate::str::contains("birthday: 400001\n"));
}

/// `0.0101…01` in binary with `pairs` pairs of digits, as `numerator/2^(2·pairs)`: a
/// thermograph with a piece of wall at every digit.
fn alternating(pairs: u32) -> String {
    // (4^pairs - 1) / 3 = 0b0101…01.
    let mut numerator = vec![0u8];
    for _ in 0..pairs {
        // numerator = numerator * 4 + 1, in decimal digits (least significant first).
        let mut carry = 1;
        for digit in numerator.iter_mut() {
            let next = *digit * 4 + carry;
            *digit = next % 10;
            carry = next / 10;
        }
        while carry > 0 {
            numerator.push(carry % 10);
            carry /= 10;
        }
    }
    let numerator: String = numerator
        .iter()
        .rev()
        .map(|d| char::from(b'0' + d))
        .collect();
    format!("{numerator}/{}", power_of_two(2 * pairs))
}

#[test]
fn a_summary_too_long_to_print_is_refused_or_stopped() {
    // 0.0101…01 with 50 000 digits: its walls have 50 000 points of up to 15 000 digits,
    // 1.5 GB written out. Under 500 MB it is refused before anything is printed; with the
    // default limit the writing stops at the time limit, or, on a slow machine, at the
    // default memory limit first: either way it is refused, naming the limit.
    let number = alternating(25_000);
    grundy()
        .args(["value", &number, "--memory-limit", "500"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("past the limit of 500 MB"));
    grundy()
        .args(["value", &number, "--time-limit", "1"])
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("time limit of 1 s")
                .or(predicate::str::contains("past the limit of 4000 MB")),
        );
}

#[test]
fn a_sum_of_many_parts_keeps_its_limits_in_linear_memory() {
    // Issue row 3: 10 000 cakes 2x1 listed 10 000 options of 10 000 cakes at each level of
    // the remoteness search (1.6 GB at --memory-limit 200, 5.7 s past a 2 s limit); 30 000
    // aborted. Now the limits hold (the answer takes a quarter of a minute: each move's
    // value sums 10 000 parts).
    for parts in [10_000, 30_000] {
        grundy()
            .args(["solve", "cutcake", &vec!["2x1"; parts].join("+")])
            .args(["--time-limit", "2", "--memory-limit", "200"])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("time limit of 2 s"));
    }
}

#[test]
fn the_colouring_games_remoteness_search_keeps_the_memory_limit() {
    // Issue row 4: 64 lone vertices (value 0) had their remoteness searched to 200 000
    // positions, 478 MB at --memory-limit 50. The search gives up at the limit and says so.
    let vertices: Vec<String> = (0..64).map(|v| v.to_string()).collect();
    for game in ["col", "snort"] {
        grundy()
            .args(["solve", game, &vertices.join(","), "--memory-limit", "50"])
            .assert()
            .success()
            .stdout(predicate::str::contains("value: 0"))
            .stdout(predicate::str::contains(
                "Left's remoteness is not computed: the exact search would pass the memory \
                 limit of 50 MB",
            ));
    }
}

/// Runs `grundy ARGS`, sends it SIGINT (Ctrl-C) after `after`, and returns its exit status
/// and standard error; fails if it does not end within the hang guard.
fn interrupted(args: &[&str], after: Duration) -> (Option<i32>, String) {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy starts");
    std::thread::sleep(after);
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child is waited for") {
            break status;
        }
        if started.elapsed() > HANG_GUARD {
            let _ = child.kill();
            panic!("grundy {args:?} did not stop after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        let _ = pipe.read_to_string(&mut stderr);
    }
    (status.code(), stderr)
}

#[test]
fn ctrl_c_stops_a_computation_like_a_limit() {
    let cakes = vec!["2x1"; 10_000].join("+");
    let switches = switches(40);
    for args in [
        vec!["solve", "cutcake", cakes.as_str()],
        vec!["value", switches.as_str()],
        vec!["misere-quotient", "0.137", "--heaps", "40"],
    ] {
        let (code, stderr) = interrupted(&args, Duration::from_millis(700));
        assert_eq!(code, Some(130), "{args:?}: {stderr}");
        assert!(
            stderr.contains("grundy: stopped by Ctrl-C before the answer was found"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn ctrl_c_leaves_a_record_whole_and_writes_no_half_table() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("games.jsonl");
    let record_text = record.to_str().unwrap();
    let (code, stderr) = interrupted(
        &[
            "match",
            "rectangle",
            "--first",
            "random",
            "--second",
            "random",
            "--position",
            "6x5",
            "--games",
            "100000",
            "--record",
            record_text,
        ],
        Duration::from_millis(1500),
    );
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stderr.contains("interrupted; players killed, finished games are in the record"));
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.ends_with('\n'), "the last line is whole");
    let lines: Vec<&str> = text.lines().collect();
    assert!(!lines.is_empty());
    for line in lines {
        assert!(
            serde_json::from_str::<serde_json::Value>(line).is_ok(),
            "{line}"
        );
    }
    // A Pousse table takes seconds to build and no stop: Ctrl-C ends it, nothing written.
    let table = dir.path().join("pousse-4.table");
    let (code, stderr) = interrupted(
        &[
            "solve-table",
            "pousse",
            "4",
            "--output",
            table.to_str().unwrap(),
            "--quiet",
        ],
        Duration::from_millis(700),
    );
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stderr.contains("stopped by Ctrl-C"));
    assert!(!table.exists());
}
