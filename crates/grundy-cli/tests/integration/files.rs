//! Files the user names on the command line: a file that cannot be read or written is an
//! error naming the path and what went wrong, with exit code 2 (a path the user gave is
//! user input), never a bare "input/output error".
//!
//! The unwritable paths lie under a plain file (`plain.txt/x.svg`): no one, root included,
//! can create a file there.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

/// A match of the rectangle game between the perfect and the random strategy, to which
/// each test adds the file it names.
fn rectangle_match() -> Command {
    let mut command = grundy();
    command.args([
        "match",
        "rectangle",
        "--first",
        "perfect",
        "--second",
        "random",
    ]);
    command
}

/// A fresh folder holding a plain file, `plain.txt`.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join("plain.txt"), "not a folder\n").expect("a plain file");
    dir
}

/// A path under the plain file: it cannot be created, read or written.
fn under_a_file(dir: &Path, name: &str) -> PathBuf {
    dir.join("plain.txt").join(name)
}

fn text(path: &Path) -> String {
    path.display().to_string()
}

#[test]
fn a_thermograph_that_cannot_be_written_names_its_path_with_status_2() {
    grundy()
        .args(["value", "{1|0}", "--thermograph", "/nonexistent/dir/x.svg"])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(
            "grundy: cannot write the thermograph to /nonexistent/dir/x.svg: No such file or directory",
        ));
    let dir = scratch();
    let path = under_a_file(dir.path(), "x.svg");
    grundy()
        .args(["value", "{1|0}", "--thermograph"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "cannot write the thermograph to {}: Not a directory",
            text(&path)
        )));
    assert!(!path.exists());
}

#[test]
fn an_openings_file_that_does_not_exist_names_its_path_with_status_2() {
    let dir = scratch();
    let path = dir.path().join("missing-suite.txt");
    rectangle_match()
        .arg("--openings")
        .arg(&path)
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(format!(
            "cannot read --openings {}: No such file or directory",
            text(&path)
        )));
}

#[test]
fn a_record_that_cannot_be_opened_or_read_names_its_path_with_status_2() {
    let dir = scratch();
    // A match's record under a plain file cannot be created.
    let path = under_a_file(dir.path(), "games.jsonl");
    rectangle_match()
        .arg("--record")
        .arg(&path)
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(format!(
            "cannot open the record {}: Not a directory",
            text(&path)
        )));
    // A folder given as a match's record cannot be opened as a file.
    let folder = dir.path().join("records.jsonl");
    std::fs::create_dir(&folder).expect("a folder");
    rectangle_match()
        .arg("--record")
        .arg(&folder)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "cannot open the record {}: Is a directory",
            text(&folder)
        )));
    // A tournament's record under a plain file: refused before any game, naming it.
    grundy()
        .args([
            "tournament",
            "rectangle",
            "--player",
            "perfect",
            "--player",
            "random",
        ])
        .arg("--record")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(text(&path)))
        .stderr(predicate::str::contains("Not a directory"));
}

#[test]
fn a_table_file_the_user_names_that_cannot_be_written_is_status_2() {
    let dir = scratch();
    let path = under_a_file(dir.path(), "cuboid-4.table");
    grundy()
        .args(["solve", "cuboid", "2x3x4", "--table"])
        .arg(&path)
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(format!(
            "cuboid table {}: cannot be written",
            text(&path)
        )));
    let path = under_a_file(dir.path(), "pousse-1.table");
    grundy()
        .args(["solve-table", "pousse", "1", "--quiet", "--output"])
        .arg(&path)
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(format!(
            "Pousse table {}: cannot be written",
            text(&path)
        )));
}
