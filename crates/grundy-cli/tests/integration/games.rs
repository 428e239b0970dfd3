//! End-to-end tests of `grundy games` and of the registry behind every command: each game
//! listed can be solved from its example, and the names and aliases of the registry are the
//! command line's.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

/// `grundy games --json`, parsed.
fn listing() -> Vec<Value> {
    let output = grundy()
        .args(["games", "--json"])
        .output()
        .expect("grundy runs");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("the listing is text");
    assert_eq!(text.lines().count(), 1, "{text}");
    match serde_json::from_str(&text).expect("the listing is JSON") {
        Value::Array(games) => games,
        other => panic!("not an array: {other}"),
    }
}

#[test]
fn games_lists_every_game_with_notation_and_example() {
    let games = listing();
    let names: Vec<&str> = games
        .iter()
        .filter_map(|game| game["name"].as_str())
        .collect();
    assert_eq!(names, grundy::registry::names());
    for game in &games {
        for field in ["summary", "notation", "example", "default_position"] {
            let text = game[field].as_str().unwrap_or_default();
            assert!(!text.is_empty(), "{field} of {game}");
        }
        let name = game["name"].as_str().unwrap_or_default();
        let family = grundy::registry::find(name).is_ok_and(|entry| entry.is_family());
        assert_eq!(game["family"], Value::Bool(family), "{game}");
    }
    assert_eq!(games[0]["aliases"], serde_json::json!(["rec"]));
    assert_eq!(games[2]["aliases"], serde_json::json!(["licytacja"]));
    assert!(games[1]["contest"]
        .as_str()
        .unwrap_or_default()
        .contains("IDI Open 2018"));
    assert!(games[0].get("contest").is_none());
}

#[test]
fn games_as_text_names_each_game_and_a_command_to_try() {
    grundy().arg("games").assert().success().stdout(
        predicate::str::contains("rectangle (also rec)\n")
            .and(predicate::str::contains("bidding (also licytacja)\n"))
            .and(predicate::str::contains(
                "example:  grundy solve cuboid 2x2x2+3x4x5\n",
            ))
            .and(predicate::str::contains("pousse-waterloo\n")),
    );
}

#[test]
fn every_listed_example_solves() {
    for game in listing() {
        let name = game["name"].as_str().unwrap_or_default();
        let example = game["example"].as_str().unwrap_or_default();
        let output = grundy()
            .args([
                "solve",
                name,
                example,
                "--json",
                "--depth",
                "2",
                "--no-cache",
            ])
            .output()
            .expect("grundy runs");
        assert!(output.status.success(), "{name} {example}: {output:?}");
        let report: Value = serde_json::from_slice(&output.stdout).expect("a JSON report");
        assert!(report["position"].is_string(), "{report}");
    }
}

#[test]
fn aliases_and_letter_case_reach_the_same_game() {
    for (alias, position, first_line) in [
        ("rec", "4x3", "rectangle 4x3"),
        ("REC", "4x3", "rectangle 4x3"),
        ("licytacja", "15", "bidding 15"),
        ("Bidding", "15", "bidding 15"),
    ] {
        grundy()
            .args(["solve", alias, position])
            .assert()
            .success()
            .stdout(predicate::str::starts_with(format!("{first_line}\n")));
    }
}

#[test]
fn waterloo_rules_are_reached_by_name_or_by_option() {
    for args in [
        ["solve", "pousse", "3", "--rules", "waterloo"],
        ["solve", "pousse-waterloo", "3", "--depth", "2"],
    ] {
        grundy()
            .args(args)
            .assert()
            .success()
            .stdout(predicate::str::starts_with(
                "pousse .../.../...:X (waterloo rules)\n",
            ));
    }
    grundy()
        .args(["solve", "pousse-waterloo", "3", "--rules", "icfp"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("pousse --rules icfp"));
}

#[test]
fn unknown_games_list_the_games_everywhere() {
    for args in [
        vec!["solve", "chess", "e4"],
        vec!["play", "chess"],
        vec!["engine", "--game", "chess"],
        vec!["match", "chess", "--first", "perfect", "--second", "random"],
    ] {
        grundy()
            .args(&args)
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(
                predicate::str::contains("\"chess\"").and(predicate::str::contains(
                    "rectangle, cuboid, bidding, paper, pousse",
                )),
            );
    }
}

#[test]
fn batch_refuses_a_game_without_a_contest_format() {
    grundy()
        .args(["batch", "rectangle"])
        .write_stdin("4x3\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "rectangle has no contest batch format; the games with one are cuboid, paper, pousse",
        ));
}
