//! The progress bar of `grundy match` and `grundy tournament`: drawn on standard error when
//! it is a terminal (here a pseudo-terminal made by util-linux `script`), never on standard
//! output, and not at all with `--quiet`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn grundy_path() -> PathBuf {
    assert_cmd::cargo::cargo_bin("grundy")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-progress-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary directory");
    dir
}

/// Runs `grundy ARGS > stdout` with standard error on a pseudo-terminal; returns standard
/// output and what the terminal showed.
fn on_a_terminal(dir: &Path, args: &str) -> (String, String) {
    let out = dir.join("stdout.txt");
    let screen = dir.join("screen.txt");
    let command = format!("{} {args} > {}", grundy_path().display(), out.display());
    let status = Command::new("script")
        .args(["-q", "-e", "-c", &command])
        .arg(&screen)
        .stdout(std::process::Stdio::null())
        .status()
        .expect("util-linux `script` runs (apt-get install bsdutils)");
    assert!(status.success(), "{command}");
    (
        std::fs::read_to_string(out).expect("stdout"),
        std::fs::read_to_string(screen).expect("screen"),
    )
}

const TOURNAMENT: &str = "tournament rectangle --player perfect --player random \
                          --player stubborn --position 30x20 --rounds 5 --jobs 2";

#[test]
fn the_bar_goes_to_the_terminal_and_never_to_standard_output() {
    let dir = scratch("tournament");
    let record = dir.join("games.jsonl");
    let (stdout, screen) =
        on_a_terminal(&dir, &format!("{TOURNAMENT} --record {}", record.display()));
    assert!(screen.contains("/30 ["), "{screen}");
    assert!(screen.contains("eta") && screen.contains("elo"), "{screen}");
    // Standard output is the table alone, as without a terminal.
    let plain = Command::new(grundy_path())
        .args(TOURNAMENT.split_whitespace())
        .output()
        .expect("grundy runs");
    assert_eq!(stdout, String::from_utf8(plain.stdout).expect("utf-8"));
    assert!(plain.stderr.is_empty(), "no bar without a terminal");
    assert!(
        !stdout.contains('\r') && !stdout.contains("eta"),
        "{stdout}"
    );
    // The record holds JSON only.
    let text = std::fs::read_to_string(&record).expect("record");
    for line in text.lines() {
        serde_json::from_str::<serde_json::Value>(line).expect("a JSON line");
    }
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

#[test]
fn quiet_turns_the_bar_off_and_match_lines_stay_clean() {
    let dir = scratch("match");
    let (_, screen) = on_a_terminal(&dir, &format!("{TOURNAMENT} --quiet"));
    assert!(!screen.contains("eta"), "{screen}");
    let (stdout, screen) = on_a_terminal(
        &dir,
        "match rectangle --first perfect --second random --position 30x20 --games 40",
    );
    assert!(screen.contains("games 0/40 ["), "{screen}");
    let game_lines = stdout.lines().filter(|l| l.starts_with("30x20 ")).count();
    assert_eq!(game_lines, 40, "{stdout}");
    assert!(
        !stdout.contains('\r') && !stdout.contains("eta"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).expect("cleanup");
}
