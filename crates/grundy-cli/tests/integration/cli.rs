//! End-to-end tests of the command line that concern no game in particular.

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn unknown_game_is_a_usage_error() {
    grundy()
        .args(["solve", "chess", "e4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("chess"));
}

#[test]
fn unknown_problem_is_a_usage_error() {
    grundy()
        .args(["batch", "tetris"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("tetris"));
}

#[test]
fn missing_position_is_a_usage_error() {
    grundy().args(["solve", "rectangle"]).assert().code(2);
}

#[test]
fn help_lists_the_commands() {
    grundy()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("solve").and(predicate::str::contains("batch")));
}

#[test]
fn a_time_limit_stops_a_long_solve_with_status_1() {
    // Left alone this builds the side-128 cuboid table: seconds of work.
    grundy()
        .args([
            "solve",
            "cuboid",
            "128x128x128",
            "--no-cache",
            "--time-limit",
            "0.2",
        ])
        .timeout(std::time::Duration::from_secs(30))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "stopped at the time limit of 0.2 s (--time-limit)",
        ));
}

#[test]
fn a_time_limit_stops_a_large_partizan_valuation_and_progress_is_shown() {
    // Left alone the 6 x 6 Domineering board takes minutes to value; its progress is shown
    // on standard error once a second has passed. The half minute only guards against a
    // run that ignores its limit (it would end killed, with no status 1).
    grundy()
        .args(["solve", "domineering", "6x6", "--time-limit", "2"])
        .timeout(std::time::Duration::from_secs(30))
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty())
        .stderr(
            predicate::str::contains("grundy: valuing: ")
                .and(predicate::str::contains("positions valued"))
                .and(predicate::str::contains("stopped at the time limit of 2 s")),
        );
}

#[test]
fn a_position_too_large_for_the_memory_limit_is_refused_with_the_reason() {
    grundy()
        .args(["solve", "domineering", "6x6", "--memory-limit", "20"])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        // A passed limit is a failure of the machine's means, not of the input: status 1.
        .code(1)
        .stdout(predicate::str::is_empty())
        .stderr(
            predicate::str::contains("domineering 6x6 is too large to value")
                .and(predicate::str::contains("past the limit of 20 MB")),
        );
    grundy()
        .args(["solve", "domineering", "4x4", "--memory-limit", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("0"));
}

#[test]
fn a_bad_time_limit_is_a_usage_error() {
    for limit in ["0", "-1", "soon", "1e12"] {
        grundy()
            .args(["solve", "rectangle", "4x3", "--time-limit", limit])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(limit));
    }
}
