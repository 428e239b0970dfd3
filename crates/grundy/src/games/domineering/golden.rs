//! Known results, checked with the plain win/loss oracle.

use super::{left_wins_moving_first, right_wins_moving_first, Domineering};
use crate::partizan::oracle::{outcome, OutcomeClass};
use crate::partizan::Oracle;

/// Parses a board the tests write.
fn board(text: &str) -> Domineering {
    match text.parse() {
        Ok(board) => board,
        Err(error) => panic!("{text}: {error}"),
    }
}

/// The 2×2 board is ±1 (Winning Ways, and Albert, Nowakowski and Wolfe, *Lessons in Play*):
/// whoever moves first places a domino and leaves the opponent no room, a first-player win.
#[test]
fn two_by_two_is_a_first_player_win() {
    let square = board("2x2");
    assert!(left_wins_moving_first(&square));
    assert!(right_wins_moving_first(&square));
}

/// A single column is Left's alone: with `n` cells Left can place ⌊n/2⌋ dominoes and Right
/// none, so it is worth ⌊n/2⌋ (1 column × 2 rows: one Left move, the value 1). A column of one
/// cell is 0. A single row is the same for Right. These follow from the rules directly.
#[test]
fn strips_belong_to_one_player() {
    assert_eq!(outcome(&board("1x1")), OutcomeClass::Previous);
    for n in 2..=12 {
        assert_eq!(
            outcome(&board(&format!("1x{n}"))),
            OutcomeClass::Left,
            "1x{n}"
        );
        assert_eq!(
            outcome(&board(&format!("{n}x1"))),
            OutcomeClass::Right,
            "{n}x1"
        );
    }
}

/// Square boards up to 4×4 are first-player wins (Breuker, Uiterwijk and van den Herik,
/// "Solving 8×8 Domineering", Theoretical Computer Science 230, 2000, which tabulates the
/// square boards; a square is its own quarter turn, hence worth the negative of itself, so
/// only N and P can occur).
#[test]
fn small_squares_are_first_player_wins() {
    for n in 2..=4 {
        assert_eq!(
            outcome(&board(&format!("{n}x{n}"))),
            OutcomeClass::Next,
            "{n}x{n}"
        );
    }
}

/// The 5×5 board is a second-player win, the only square from 2×2 to 8×8 that is (same
/// source as above). The plain oracle needs well under a second for it.
#[test]
fn five_by_five_is_a_second_player_win() {
    let mut oracle = Oracle::new();
    assert_eq!(oracle.outcome(&board("5x5")), OutcomeClass::Previous);
}

/// The 6×6 board, the benchmark of the value engine, is a first-player win (same source).
#[test]
#[ignore = "plain brute force over every reachable 6x6 board: about 55 s in the test profile"]
fn six_by_six_is_a_first_player_win() {
    let mut oracle = Oracle::new();
    assert_eq!(oracle.outcome(&board("6x6")), OutcomeClass::Next);
}
