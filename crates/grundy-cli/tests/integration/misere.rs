//! End-to-end tests of misère play: `grundy solve --misere` (text and JSON), `grundy
//! sequence --misere`, a refereed match between two perfect players, and the refusals.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

#[test]
fn misere_nim_is_solved_in_text() {
    grundy()
        .args(["solve", "nim", "1+1+1", "--misere"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "nim 1+1+1@misere\n\
             outcome: the player to move loses\n\
             best move: 1->0\n\
             remoteness: 3\n\
             note: misère play: the player who makes the last move loses\n",
        ));
}

#[test]
fn misere_nim_is_solved_in_json_and_the_term_is_the_flag() {
    for args in [
        vec!["solve", "nim", "2+2+1", "--misere", "--json"],
        vec!["solve", "nim", "2+2+1@misere", "--json"],
    ] {
        let output = grundy().args(&args).output().unwrap();
        assert!(output.status.success());
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(json["position"], "2+2+1@misere");
        // A big heap and nim-sum 1: won; 1->0 leaves 2+2.
        assert_eq!(json["outcome"], "win");
        assert_eq!(json["winning_moves"], serde_json::json!(["1->0"]));
        assert!(json["remoteness"]["moves"].as_u64().is_some());
    }
}

#[test]
fn huge_misere_nim_follows_boutons_rule_without_remoteness() {
    grundy()
        .args(["solve", "nim", "1000000000000+1+1", "--misere"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "winning moves: 1: 1000000000000->1",
        ))
        .stdout(predicate::str::contains("Bouton"));
}

#[test]
fn kayles_genus_sequence() {
    grundy()
        .args(["sequence", "0.77", "--to", "6", "--misere"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\n5: value 4   genus 4^{146}"))
        .stdout(predicate::str::contains("the first wild heap is 5"));
    let output = grundy()
        .args(["sequence", "0.77", "--to", "3", "--misere", "--json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        json["genus"],
        serde_json::json!(["0^{120}", "1^{031}", "2^{20}", "3^{31}"])
    );
    assert_eq!(json["misere_values"], serde_json::json!([1, 0, 2, 3]));
}

#[test]
fn a_sequence_too_long_for_the_genus_is_refused() {
    grundy()
        .args(["sequence", "0.77", "--to", "100000", "--misere"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("past heap 200"));
}

#[test]
fn two_perfect_players_play_misere_nim() {
    // 1+1+1 is lost for the first player; 1+1+2 is won (2->1).
    grundy()
        .args([
            "match",
            "nim",
            "--first",
            "perfect",
            "--second",
            "perfect",
            "--position",
            "1+1+1",
            "--position",
            "1+1+2",
            "--games",
            "2",
            "--misere",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "1+1+1@misere perfect vs perfect#2: second wins (normal) after 3 moves",
        ))
        .stdout(predicate::str::contains(
            "1+1+2@misere perfect vs perfect#2: first wins (normal) after 4 moves",
        ));
}

#[test]
fn partizan_games_and_pousse_refuse_misere_play() {
    for (game, position) in [
        ("domineering", "2x2"),
        ("hackenbush", "BBR"),
        ("toadsfrogs", "T..F"),
        ("clobber", "xo"),
        ("pousse", "4"),
    ] {
        grundy()
            .args(["solve", game, position, "--misere"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "{game} has no misère version"
            )));
        grundy()
            .args([
                "match", game, "--first", "random", "--second", "random", "--misere",
            ])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(game));
    }
}

#[test]
fn the_engine_plays_misere_by_the_term_and_by_the_flag() {
    grundy()
        .args(["engine"])
        .write_stdin("newgame nim 1+1+2@misere\ngenmove\nposition\nplay 1->0\nplay 1->0\nplay 1->0\nstatus\n")
        .assert()
        .success()
        .stdout("=\n\n= 2->1\n\n= 1+1+1@misere\n\n=\n\n=\n\n=\n\n= won first\n\n");
    grundy()
        .args(["engine", "--game", "nim", "--position", "1+1+2", "--misere"])
        .write_stdin("genmove\n")
        .assert()
        .success()
        .stdout("= 2->1\n\n");
}

#[test]
fn sums_of_heaps_are_searched_once_whatever_their_order() {
    // Keyed by its notation, this search passed the million positions and was refused;
    // keyed by its heaps in order of size it reaches 15,211.
    grundy()
        .args(["solve", "takebreak", "0.77:9+8+7+6+5", "--misere"])
        .assert()
        .success()
        .stdout(predicate::str::contains("remoteness: 31"))
        .stdout(predicate::str::contains(
            "exact misère search of 15211 positions",
        ));
}

#[test]
fn a_wild_dawsons_chess_sum_is_searched_to_the_end() {
    // Dawson's chess 30+25+17+9 reaches 3,532,381 positions: past the million the search
    // through the game's notation stopped at (after about 22 s, leaving the outcome to the
    // misère quotient), within the search of sums of heaps. Its answer agrees with the
    // quotient's: the same four winning moves.
    grundy()
        .args(["solve", "takebreak", "0.137:30+25+17+9@misere"])
        .assert()
        .success()
        .stdout(predicate::str::contains("outcome: the player to move wins"))
        .stdout(predicate::str::contains(
            "winning moves: 4: 17->6+8 30->8+19 17->15 17->1+13",
        ))
        .stdout(predicate::str::contains("remoteness: 38"))
        .stdout(predicate::str::contains(
            "exact misère search of 3532381 positions",
        ));
}

#[test]
fn the_search_of_a_sum_of_heaps_stops_at_the_time_limit() {
    grundy()
        .args(["solve", "takebreak", "0.137:30+25+17+9@misere"])
        .args(["--time-limit", "0.5"])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "stopped at the time limit of 0.5 s (--time-limit)",
        ));
}
