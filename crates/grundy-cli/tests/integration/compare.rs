//! End-to-end tests of `grundy tournament compare`: two records of one schedule compared game
//! by game.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-compare-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary directory");
    dir
}

fn compare(first: &Path, second: &Path) -> Command {
    let mut command = grundy();
    command
        .args(["tournament", "compare"])
        .arg(first)
        .arg(second);
    command
}

/// One game's record line: `first` against `second` from `position`, won by the seat
/// `winner` (`first` or `second`; `null` for a draw).
fn game_line(game: &str, first: &str, second: &str, position: &str, winner: &str) -> String {
    format!(
        concat!(
            r#"{{"game":"{game}","position":"{position}","players":["{first}","{second}"],"#,
            r#""seed":1,"moves":[],"result":{{"winner":{winner},"termination":"normal","detail":""}},"#,
            r#""stderr":["",""],"notes":[],"#,
            r#""key":{{"first":"{first}","second":"{second}","position":"{position}","round":0}}}}"#,
            "\n"
        ),
        game = game,
        first = first,
        second = second,
        position = position,
        winner = winner
    )
}

/// A record of `games`: (first seat, second seat, position, winner).
fn write_record(path: &Path, game: &str, games: &[(&str, &str, &str, &str)]) {
    let text: String = games
        .iter()
        .map(|(first, second, position, winner)| game_line(game, first, second, position, winner))
        .collect();
    std::fs::write(path, text).expect("write the record");
}

#[test]
fn the_games_whose_results_differ_are_counted_for_each_player() {
    let dir = scratch("counts");
    let old = dir.join("old.jsonl");
    let new = dir.join("new.jsonl");
    // The new build wins the two games from 6:L1, which the old one lost; the games from
    // 6:T2 went alike; the game from 6:B3 was played by the old build only.
    write_record(
        &old,
        "pousse",
        &[
            ("engine", "mcts", "6:L1", r#""second""#),
            ("mcts", "engine", "6:L1", r#""first""#),
            ("engine", "mcts", "6:T2", r#""first""#),
            ("mcts", "engine", "6:T2", r#""second""#),
            ("engine", "mcts", "6:B3", r#""first""#),
        ],
    );
    write_record(
        &new,
        "pousse",
        &[
            ("mcts", "engine", "6:T2", r#""second""#),
            ("engine", "mcts", "6:T2", r#""first""#),
            ("mcts", "engine", "6:L1", r#""second""#),
            ("engine", "mcts", "6:L1", r#""first""#),
        ],
    );
    let output = compare(&old, &new).output().expect("grundy runs");
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("4 games in both records; 1 only in the first"),
        "{stderr}"
    );
    let table = String::from_utf8(output.stdout).expect("utf-8");
    let rows: Vec<Vec<&str>> = table
        .lines()
        .skip(1)
        .map(|line| line.split_whitespace().collect())
        .collect();
    // player, games, score 1, score 2, better in 1, better in 2, sign test p (2 against 0:
    // 2 · 1/4).
    assert_eq!(
        rows,
        vec![
            vec!["engine", "4", "2.0", "4.0", "0", "2", "0.500"],
            vec!["mcts", "4", "2.0", "0.0", "2", "0", "0.500"],
        ],
        "{table}"
    );
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

#[test]
fn records_that_cannot_be_compared_are_refused_with_the_reason() {
    let dir = scratch("bad");
    let pousse = dir.join("pousse.jsonl");
    let nim = dir.join("nim.jsonl");
    let elsewhere = dir.join("elsewhere.jsonl");
    let twice = dir.join("twice.jsonl");
    write_record(&pousse, "pousse", &[("a", "b", "6:L1", r#""first""#)]);
    write_record(&nim, "nim", &[("a", "b", "6:L1", r#""first""#)]);
    write_record(&elsewhere, "pousse", &[("a", "b", "6:T1", r#""first""#)]);
    write_record(
        &twice,
        "pousse",
        &[("a", "b", "6:L1", r#""first""#), ("a", "b", "6:L1", "null")],
    );
    compare(&pousse, &nim)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "different games: pousse in the first, nim in the second",
        ));
    compare(&pousse, &elsewhere)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no game in common"));
    compare(&pousse, &twice)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the second record holds the game a against b from 6:L1 (round 0) twice",
        ));
    compare(&pousse, &dir.join("absent.jsonl"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no record file"))
        .stderr(predicate::str::contains("absent.jsonl"));
    grundy()
        .args(["tournament", "compare"])
        .arg(&pousse)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("RECORD"));
    std::fs::remove_dir_all(&dir).expect("cleanup");
}
