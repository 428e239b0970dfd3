//! Small strips whose outcome follows from the rules by hand, checked with the plain
//! win/loss oracle (which knows nothing of values, rows or mirror images). The play-outs in
//! the comments are the proofs; the values themselves are checked in
//! `crates/grundy/tests/integration/toppling.rs`.

use super::Toppling;
use crate::partizan::oracle::{outcome, OutcomeClass};

/// Parses a strip the tests write.
fn strip(text: &str) -> Toppling {
    match text.parse() {
        Ok(strip) => strip,
        Err(error) => panic!("{text}: {error}"),
    }
}

/// A row of blue dominoes is Left's, a row of red ones Right's: the other player has no
/// move at all.
#[test]
fn one_colour_rows_belong_to_their_player() {
    for n in 1..=6 {
        assert_eq!(outcome(&strip(&"L".repeat(n))), OutcomeClass::Left);
        assert_eq!(outcome(&strip(&"R".repeat(n))), OutcomeClass::Right);
    }
}

/// A row of green dominoes is won by whoever moves first: topple the first domino to the
/// right and nothing is left.
#[test]
fn green_rows_are_first_player_wins() {
    for n in 1..=6 {
        assert_eq!(outcome(&strip(&"G".repeat(n))), OutcomeClass::Next);
    }
}

/// `LR`: whoever moves first topples their domino onto the other's and leaves nothing, so
/// the first player wins; `LR.LR`, two such rows, is then a second-player win (answer
/// each topple in the other row).
#[test]
fn blue_red_and_two_of_them() {
    assert_eq!(outcome(&strip("LR")), OutcomeClass::Next);
    assert_eq!(outcome(&strip("RL")), OutcomeClass::Next);
    assert_eq!(outcome(&strip("LR.LR")), OutcomeClass::Previous);
    assert_eq!(outcome(&strip("LR+RL")), OutcomeClass::Previous);
}

/// A strip and its mirror image have the same outcome, and a strip with blue and red
/// swapped the swapped outcome (on every strip of up to 6 cells).
#[test]
fn mirror_images_and_swapped_colours() {
    let swap = |class| match class {
        OutcomeClass::Left => OutcomeClass::Right,
        OutcomeClass::Right => OutcomeClass::Left,
        other => other,
    };
    for length in 1..=6usize {
        for code in 0..4usize.pow(length as u32) {
            let text: String = (0..length)
                .map(|i| ['.', 'L', 'R', 'G'][code / 4usize.pow(i as u32) % 4])
                .collect();
            let mirror: String = text.chars().rev().collect();
            let swapped: String = text
                .chars()
                .map(|c| match c {
                    'L' => 'R',
                    'R' => 'L',
                    other => other,
                })
                .collect();
            let class = outcome(&strip(&text));
            assert_eq!(outcome(&strip(&mirror)), class, "{text}");
            assert_eq!(outcome(&strip(&swapped)), swap(class), "{text}");
        }
    }
}
