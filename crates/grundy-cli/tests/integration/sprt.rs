//! End-to-end tests of `grundy match --sprt` and of pentanomial results tables.

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

fn stdout_of(command: &mut Command) -> String {
    let output = command.output().expect("grundy runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("utf-8")
}

#[test]
fn a_clear_difference_stops_the_match_early() {
    // Perfect play wins 9x7 from the first seat and, against random play, nearly always
    // from the second: H1 (50 normalised Elo) is accepted long before 200 games.
    let out = stdout_of(grundy().args([
        "match",
        "rectangle",
        "--first",
        "perfect",
        "--second",
        "random",
        "--position",
        "9x7",
        "--games",
        "200",
        "--sprt",
        "elo0=0,elo1=50,alpha=0.05,beta=0.05",
    ]));
    let games = out.lines().filter(|l| l.starts_with("9x7 ")).count();
    let llr_lines: Vec<&str> = out.lines().filter(|l| l.starts_with("sprt: ")).collect();
    assert!(games < 200 && games % 2 == 0, "{out}");
    assert_eq!(llr_lines.len(), games / 2, "an LLR line per pair: {out}");
    assert!(
        llr_lines[0].contains("bounds (-2.944, 2.944)"),
        "{}",
        llr_lines[0]
    );
    assert!(
        out.contains(&format!("H1 accepted after {} pairs", games / 2)),
        "{out}"
    );
    // The table's last column holds the pentanomial counts of the pairs.
    let row = out
        .lines()
        .find(|l| l.starts_with("perfect "))
        .expect("a row for perfect");
    let counts: Vec<usize> = row
        .split_whitespace()
        .last()
        .expect("a last column")
        .split('/')
        .map(|c| c.parse().expect("a count"))
        .collect();
    assert_eq!(counts.len(), 5, "{row}");
    assert_eq!(counts.iter().sum::<usize>(), games / 2, "{row}");
}

#[test]
fn an_undecided_test_stops_at_the_games_bound() {
    // Perfect against perfect: the first seat wins 9x7, so every pair is 1–1 and the LLR of
    // [−5, 5] stays near 0.
    let out = stdout_of(grundy().args([
        "match",
        "rectangle",
        "--first",
        "perfect",
        "--second",
        "perfect",
        "--position",
        "9x7",
        "--games",
        "6",
        "--sprt",
        "elo0=-5,elo1=5",
    ]));
    assert_eq!(out.lines().filter(|l| l.starts_with("sprt: ")).count(), 3);
    assert!(
        out.contains("no decision within the --games bound after 3 pairs"),
        "{out}"
    );
    let row = out
        .lines()
        .find(|l| l.starts_with("perfect "))
        .expect("a row for perfect");
    // Three pairs of one point each; even score, no spread: +0 ± 0.
    assert!(row.ends_with("0/0/3/0/0") && row.contains("+0 ±0"), "{row}");
}

#[test]
fn bad_sprt_specs_are_named() {
    for (spec, games, named) in [
        ("elo0=5,elo1=0", "2", "elo0 (5) must be below elo1 (0)"),
        ("elo0=0,elo1=5,alpha=2", "2", "alpha (2)"),
        ("elo1=5", "2", "elo0 is missing"),
        ("elo0=0,elo1=5", "3", "--games must be even"),
    ] {
        grundy()
            .args([
                "match",
                "rectangle",
                "--first",
                "perfect",
                "--second",
                "random",
                "--games",
                games,
                "--sprt",
                spec,
            ])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(named));
    }
}
