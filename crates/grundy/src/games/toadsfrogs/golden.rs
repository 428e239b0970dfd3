//! Small rows whose outcome follows from the rules by hand, checked with the plain win/loss
//! oracle. The values quoted are the usual ones (Winning Ways, *Lessons in Play*); the
//! play-outs in the comments are the proofs.

use super::{left_wins_moving_first, right_wins_moving_first, ToadsFrogs};
use crate::partizan::oracle::{outcome, OutcomeClass};

/// Parses a row the tests write.
fn row(text: &str) -> ToadsFrogs {
    match text.parse() {
        Ok(row) => row,
        Err(error) => panic!("{text}: {error}"),
    }
}

/// `T.F` is `*`. Left to move: `.TF`, the Frog jumps: `FT.`, the Toad slides: `F.T`, and
/// the Frog at the end is stuck, so Left wins; Right to move wins the mirror image.
#[test]
fn toad_gap_frog_is_a_first_player_win() {
    assert!(left_wins_moving_first(&row("T.F")));
    assert!(right_wins_moving_first(&row("T.F")));
}

/// `TF.` is 0: Right has no move at all, and Left's only move, the jump to `.FT`, lets the
/// Frog slide to `F.T`, after which Left is stuck.
#[test]
fn toad_frog_gap_is_a_second_player_win() {
    assert!(!left_wins_moving_first(&row("TF.")));
    assert!(!right_wins_moving_first(&row("TF.")));
}

/// A Toad with `n` empty cells ahead and nothing else is worth `n`, a Frog with `n` behind
/// `-n`: one player's free moves.
#[test]
fn lone_pieces_are_free_moves() {
    for n in 1..=6 {
        let gap = ".".repeat(n);
        assert_eq!(outcome(&row(&format!("T{gap}"))), OutcomeClass::Left);
        assert_eq!(outcome(&row(&format!("{gap}F"))), OutcomeClass::Right);
    }
    assert_eq!(outcome(&row("F..T")), OutcomeClass::Previous);
}

/// A row and its mirror image with Toads and Frogs swapped are negatives, so their outcome
/// classes are swapped (a check of the oracle against the rules' symmetry on every row of up
/// to 7 cells).
#[test]
fn mirror_rows_have_swapped_outcomes() {
    let swap = |class| match class {
        OutcomeClass::Left => OutcomeClass::Right,
        OutcomeClass::Right => OutcomeClass::Left,
        other => other,
    };
    for length in 1..=7usize {
        for code in 0..3usize.pow(length as u32) {
            let text: String = (0..length)
                .map(|i| ['.', 'T', 'F'][code / 3usize.pow(i as u32) % 3])
                .collect();
            let mirror: String = text
                .chars()
                .rev()
                .map(|c| match c {
                    'T' => 'F',
                    'F' => 'T',
                    other => other,
                })
                .collect();
            assert_eq!(outcome(&row(&mirror)), swap(outcome(&row(&text))), "{text}");
        }
    }
}
