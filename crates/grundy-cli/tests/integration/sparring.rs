//! End-to-end: the Pousse sparring partners as strategies, players' own terms
//! (`SPEC@movetime=…`), `--openings` suites (good and bad files) and `grundy engine
//! --threads`.

use std::path::PathBuf;

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

/// A file under the system's temporary directory with `text`, named for the test.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("grundy-sparring-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("the temporary directory is writable");
    path
}

fn suite(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/openings")
        .join(name)
}

#[test]
fn sparring_partners_are_pousse_strategies() {
    for (player, named) in [
        ("mcts", "mcts is a Pousse strategy"),
        ("alphabeta:depth=3", "alphabeta is a Pousse strategy"),
    ] {
        grundy()
            .args([
                "match",
                "rectangle",
                "--first",
                player,
                "--second",
                "random",
            ])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(named));
        grundy()
            .args([
                "tournament",
                "cuboid",
                "--player",
                "random",
                "--player",
                player,
            ])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(named));
        grundy()
            .args(["play", "rectangle", "--strategy", player])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(named));
        grundy()
            .args(["engine", "--game", "paper", "--strategy", player])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(named));
    }
    for (player, token) in [
        ("alphabeta:depth=x", "alphabeta:depth=x"),
        ("mcts:playouts=0", "mcts:playouts=0"),
        ("perfect@speed=3", "speed=3"),
        ("perfect@movetime=0", "movetime=0"),
        ("cmd:./engine@threads=2", "cmd:./engine@threads=2"),
    ] {
        grundy()
            .args(["match", "pousse", "--first", player, "--second", "random"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(token));
    }
}

#[test]
fn players_play_under_their_own_terms() {
    // The time margins absorb a loaded machine's scheduling stalls; this test is about the
    // syntax reaching the referee and the labels.
    grundy()
        .args([
            "match",
            "pousse",
            "--first",
            "perfect@movetime=40,threads=2,timemargin=300",
            "--second",
            "alphabeta@movetime=80,timemargin=300",
            "--position",
            "5",
            "--max-moves",
            "200",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "perfect@movetime=40,threads=2,timemargin=300",
        ))
        .stdout(predicate::str::contains(
            "alphabeta@movetime=80,timemargin=300",
        ))
        .stdout(predicate::str::contains("time_forfeit").not());
}

#[test]
fn openings_are_played_in_both_colours() {
    let file = temp_file(
        "good.txt",
        "# two openings\n5:L1,R2\n\n5:T3,B3   # and a comment\n",
    );
    let output = grundy()
        .args([
            "match",
            "pousse",
            "--first",
            "alphabeta:depth=2",
            "--second",
            "mcts:playouts=100",
        ])
        .arg("--openings")
        .arg(&file)
        .output()
        .expect("grundy runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let games: Vec<&str> = stdout
        .lines()
        .filter(|line| line.contains(" after "))
        .collect();
    assert_eq!(games.len(), 4, "{stdout}");
    for opening in ["5:L1,R2", "5:T3,B3"] {
        for order in [
            "alphabeta:depth=2 vs mcts",
            "mcts:playouts=100 vs alphabeta",
        ] {
            assert!(
                games
                    .iter()
                    .any(|line| line.starts_with(&format!("{opening} {order}"))),
                "{opening} {order}: {stdout}"
            );
        }
    }
    // A tournament plays every suite position in both colours too.
    grundy()
        .args([
            "tournament",
            "pousse",
            "--player",
            "alphabeta:depth=1",
            "--player",
            "random",
            "--jobs",
            "1",
        ])
        .arg("--openings")
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"alphabeta:depth=1\s+4 ").expect("a valid pattern"));
    let _ = std::fs::remove_file(file);
}

#[test]
fn bad_suites_name_the_file_and_line() {
    let bad = temp_file("bad.txt", "5:L1\n# fine so far\n5:L9\n");
    let empty = temp_file("empty.txt", "# nothing\n\n");
    let good = temp_file("odd.txt", "5:L1\n");
    let cases = [
        (bad.clone(), vec![], "line 3"),
        (empty.clone(), vec![], "no positions"),
        (
            PathBuf::from("/nonexistent/suite.txt"),
            vec![],
            "cannot read --openings /nonexistent/suite.txt",
        ),
        (good.clone(), vec!["--games", "3"], "--games must be even"),
    ];
    for (file, extra, message) in cases {
        let mut command = grundy();
        command
            .args(["match", "pousse", "--first", "random", "--second", "random"])
            .arg("--openings")
            .arg(&file)
            .args(&extra);
        let assert = command
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
        if message.starts_with("line") {
            assert.stderr(predicate::str::contains(file.display().to_string()));
        }
    }
    let _ = std::fs::remove_file(bad);
    let _ = std::fs::remove_file(empty);
    let _ = std::fs::remove_file(good);
}

#[test]
fn the_shipped_suites_are_playable_pousse_openings() {
    for (name, size, at_least) in [("pousse-6.txt", "6:", 50), ("pousse-7.txt", "7:", 50)] {
        let text = std::fs::read_to_string(suite(name)).expect("the suite is committed");
        let positions: Vec<&str> = text
            .lines()
            .map(|line| line.split('#').next().unwrap_or("").trim())
            .filter(|line| !line.is_empty())
            .collect();
        assert!(positions.len() >= at_least, "{name}: {}", positions.len());
        assert!(positions.iter().all(|p| p.starts_with(size)), "{name}");
        let mut unique = positions.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), positions.len(), "{name} repeats a line");
    }
    // The CLI reads the whole suite (a one-position run would need a shorter file: check
    // by an error past the suite instead: an odd --games is refused after reading it).
    grundy()
        .args([
            "match", "pousse", "--first", "random", "--second", "random", "--games", "1",
        ])
        .arg("--openings")
        .arg(suite("pousse-7.txt"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--games must be even"));
}

#[test]
fn the_engine_takes_threads() {
    grundy()
        .args([
            "engine",
            "--game",
            "pousse",
            "--position",
            "5",
            "--threads",
            "2",
        ])
        .write_stdin(
            "1 time_settings 0 100\n2 genmove\n3 strategy mcts:playouts=50\n4 genmove\nquit\n",
        )
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"=2 [LRTB][1-5]\n").expect("a valid pattern"))
        .stdout(predicate::str::is_match(r"=4 [LRTB][1-5]\n").expect("a valid pattern"));
    grundy()
        .args(["engine", "--game", "pousse", "--threads", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--threads"));
}
