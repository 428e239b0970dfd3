//! Small boards whose outcome follows from the rules by hand, checked with the plain
//! win/loss oracle. The values quoted are the usual ones (Albert, Grossman, Nowakowski and
//! Wolfe, "An introduction to Clobber", INTEGERS 5(2), 2005); the play-outs are the proofs.

use super::{left_wins_moving_first, right_wins_moving_first, Clobber};
use crate::partizan::oracle::{outcome, OutcomeClass};

/// Parses a board the tests write.
fn board(text: &str) -> Clobber {
    match text.parse() {
        Ok(board) => board,
        Err(error) => panic!("{text}: {error}"),
    }
}

/// `xo` is `*`: whoever moves clobbers the other stone and leaves a lone stone, no move.
#[test]
fn a_pair_is_a_first_player_win() {
    assert!(left_wins_moving_first(&board("xo")));
    assert!(right_wins_moving_first(&board("xo")));
    assert_eq!(outcome(&board("x/o")), OutcomeClass::Next);
}

/// Two separate pairs are `* + * = 0`: the second player answers in the other pair.
#[test]
fn two_pairs_are_a_second_player_win() {
    assert_eq!(outcome(&board("xo.ox")), OutcomeClass::Previous);
    assert_eq!(outcome(&board("xo/../ox")), OutcomeClass::Previous);
}

/// `xxo` is `{0 | *} = ↑`, positive: Left's only move leaves `x.x` (0), Right's leaves `xo.`
/// (`*`), from which Left moves last.
#[test]
fn two_against_one_favours_the_two() {
    assert_eq!(outcome(&board("xxo")), OutcomeClass::Left);
    assert_eq!(outcome(&board("oox")), OutcomeClass::Right);
}

/// Stones of one colour, or none, are 0.
#[test]
fn one_colour_is_zero() {
    for text in ["x", "xxx/x.x", "o.o/ooo", "...", "x.o"] {
        assert_eq!(outcome(&board(text)), OutcomeClass::Previous, "{text}");
    }
}
