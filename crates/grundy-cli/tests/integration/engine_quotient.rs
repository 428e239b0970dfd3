//! `grundy engine` on a misère sum of wild heaps too large for the exact search: `analyse`
//! answers by the game's misère quotient and shows the position's element of it, and
//! `genmove` plays a move the quotient calls winning (the quotient built once for the
//! session, docs/protocol.md).

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use grundy::misere_play::theory::by_theory;
use grundy::registry;
use grundy::stop::Stop;

/// The `= …` answers of a session, in order.
fn answers(stdout: &str) -> Vec<String> {
    stdout
        .split("\n\n")
        .filter(|answer| !answer.trim().is_empty())
        .map(|answer| answer.trim().to_string())
        .collect()
}

/// The word after `element ` in an analyse line.
fn element(line: &str) -> &str {
    line.split(" element ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_default()
}

#[test]
fn the_engine_plays_a_large_misere_dawsons_chess_sum_from_the_quotient() {
    let position = "0.137:32+31+30+29";
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .args(["engine"])
        .write_stdin(format!(
            "newgame takebreak {position}@misere\nanalyse\ngenmove\nanalyse\nquit\n"
        ))
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let answers = answers(&stdout);
    assert_eq!(answers.len(), 5, "{stdout}");
    // The library's theory of the same position (the quotient of 0.137 on heaps up to 32,
    // of order 638 as docs/misere.md reports) is the expected answer.
    let usual = registry::find("takebreak")
        .unwrap()
        .start(position)
        .unwrap();
    let answer = by_theory(usual.as_ref(), &Stop::NEVER).unwrap();
    let reading = answer.quotient.clone().unwrap();
    assert!(
        reading.quotient.contains("order 638"),
        "{}",
        reading.quotient
    );
    let analyse = &answers[1];
    let outcome = if answer.wins { "= win " } else { "= loss" };
    assert!(analyse.starts_with(outcome), "{analyse}");
    assert_eq!(element(analyse), reading.position.word, "{analyse}");
    assert!(analyse.contains("misère quotient of 0.137"), "{analyse}");
    // genmove: a move to an element of the P-portion when the position is won.
    let mv = answers[2].strip_prefix("= ").unwrap();
    let (_, after) = reading
        .moves
        .iter()
        .find(|(listed, _)| listed == mv)
        .unwrap_or_else(|| panic!("{mv} is not a move of {position}"));
    assert_eq!(after.p_portion, answer.wins, "{mv}");
    if answer.wins {
        assert!(answer.winning_moves.iter().any(|winning| winning == mv));
    }
    // The position after it, for the opponent: its element is the move's result's.
    let again = &answers[3];
    assert_eq!(element(again), after.word, "{again}");
    assert!(again.starts_with(if after.p_portion { "= loss" } else { "= win " }));
}
