//! End-to-end tests of `grundy match` and `grundy tournament`.

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

fn python_player(mode: &str) -> String {
    format!(
        "cmd:python3 {}/../grundy-arena/tests/players/rectangle.py {mode}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The columns after the player's name in the results table row of `player` (the row whose
/// first word is `player` or ends with ` player`).
fn row(table: &str, player: &str) -> Vec<String> {
    let line = table
        .lines()
        .find(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            words.first() == Some(&player) || words.get(2) == Some(&player)
        })
        .unwrap_or_else(|| panic!("no row for {player} in {table}"));
    let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    let skip = if words[0] == player { 1 } else { 3 };
    words[skip..].to_vec()
}

#[test]
fn bad_arguments_are_usage_errors() {
    for (args, named) in [
        (
            vec!["match", "chess", "--first", "perfect", "--second", "random"],
            "chess",
        ),
        (
            vec![
                "match",
                "rectangle",
                "--first",
                "best",
                "--second",
                "random",
            ],
            "best",
        ),
        (
            vec![
                "match",
                "rectangle",
                "--first",
                "perfect",
                "--second",
                "cmd:",
            ],
            "cmd:",
        ),
        (
            vec![
                "match",
                "rectangle",
                "--first",
                "perfect",
                "--second",
                "random",
                "--position",
                "0x3",
            ],
            "0x3",
        ),
        (
            vec![
                "match",
                "rectangle",
                "--first",
                "perfect",
                "--second",
                "random",
                "--bogus",
            ],
            "--bogus",
        ),
        (
            vec!["tournament", "rectangle", "--player", "perfect"],
            "two",
        ),
        (
            vec![
                "tournament",
                "rectangle",
                "--player",
                "perfect",
                "--player",
                "x:y",
            ],
            "x:y",
        ),
    ] {
        grundy()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(named));
    }
}

#[test]
fn perfect_play_wins_a_match_from_a_won_position() {
    // 4x3 is won for the side to move: perfect wins both games as first, and as second
    // only if random errs; the table counts every game.
    grundy()
        .args([
            "match",
            "rectangle",
            "--first",
            "perfect",
            "--second",
            "perfect",
            "--position",
            "4x3",
            "--games",
            "2",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "4x3 perfect vs perfect#2: first wins (normal)",
        ))
        .stdout(predicate::str::contains(
            "4x3 perfect#2 vs perfect: first wins (normal)",
        ))
        .stdout(predicate::function(|out: &str| {
            row(out, "perfect#2")[..5] == ["2", "1", "1", "0", "50.0%"]
        }))
        // Each won as the first player and lost as the second.
        .stdout(predicate::function(|out: &str| {
            out.lines().any(|line| {
                line.split_whitespace().collect::<Vec<_>>()
                    == ["perfect#2", "1-0-0", "(100.0%)", "0-1-0", "(0.0%)"]
            })
        }))
        .stdout(predicate::str::contains(
            "the first player: 2-0-0 (100.0%) of 2 games",
        ));
}

#[test]
fn a_match_against_a_program_is_recorded_and_resumed() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-arena-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let record = dir.join("match.jsonl");
    let _ = std::fs::remove_file(&record);
    let record_arg = record.display().to_string();
    let args = [
        "match",
        "rectangle",
        "--first",
        "perfect",
        "--second",
        &python_player("good"),
        "--position",
        "30x20",
        "--games",
        "2",
        "--movetime",
        "3000",
        "--record",
        &record_arg,
    ];
    grundy()
        .args(args)
        .assert()
        .success()
        .stdout(predicate::str::contains("(normal)").count(2));
    let text = std::fs::read_to_string(&record).expect("the record is written");
    assert_eq!(text.lines().count(), 2);
    assert!(text.contains("\"stderr\":[\"\",\"genmove 1 on"), "{text}");
    grundy()
        .args(args)
        .assert()
        .success()
        .stderr(predicate::str::contains("2 of 2 games already"))
        .stdout(predicate::str::contains("(normal)").not());
    assert_eq!(
        std::fs::read_to_string(&record)
            .expect("record")
            .lines()
            .count(),
        2
    );
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

#[test]
fn a_tournament_scores_every_player_and_survives_faults() {
    grundy()
        .args([
            "tournament",
            "rectangle",
            "--player",
            "perfect",
            "--player",
            "random",
            "--player",
            &python_player("illegal"),
            "--position",
            "50x40",
            "--jobs",
            "2",
            "--movetime",
            "3000",
        ])
        .assert()
        .success()
        .stdout(predicate::function(|out: &str| {
            // games, wins, losses, draws, score, faults
            row(out, "perfect")[..5] == ["4", "4", "0", "0", "100.0%"]
                && row(out, "illegal")[..6] == ["4", "0", "4", "0", "0.0%", "4"]
        }));
}
