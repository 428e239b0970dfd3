//! Small positions whose outcome follows from the rules by hand, checked with the plain
//! win/loss oracle; the play-outs in the comments are the proofs. (A published value,
//! CGSuite's, is checked in `tests/integration/psub.rs`.)

use super::{left_wins_moving_first, right_wins_moving_first, PartizanSubtraction};
use crate::partizan::oracle::{outcome, OutcomeClass};

/// Parses a position the tests write.
fn game(text: &str) -> PartizanSubtraction {
    match text.parse() {
        Ok(game) => game,
        Err(error) => panic!("{text}: {error}"),
    }
}

/// When both take 1, the moves alternate until the heap is empty: the first player wins
/// exactly when the heap is odd (the impartial game, `*` or 0).
#[test]
fn both_taking_one_is_parity() {
    for heap in 0..=9 {
        let expected = if heap % 2 == 1 {
            OutcomeClass::Next
        } else {
            OutcomeClass::Previous
        };
        assert_eq!(outcome(&game(&format!("1|1:{heap}"))), expected, "{heap}");
    }
}

/// `1|2:3` is 0: Left moving first leaves 2, which Right empties; Right moving first
/// leaves 1, which Left empties. And `1|2:2` is `{1|0}`, hot: whoever moves first wins.
#[test]
fn take_one_against_take_two() {
    assert!(!left_wins_moving_first(&game("1|2:3")));
    assert!(!right_wins_moving_first(&game("1|2:3")));
    assert_eq!(outcome(&game("1|2:2")), OutcomeClass::Next);
}

/// With nothing to take, Right loses at once, and every heap Left can take from is hers.
#[test]
fn one_player_without_moves_loses() {
    for heap in 1..=6 {
        assert_eq!(outcome(&game(&format!("1|:{heap}"))), OutcomeClass::Left);
        assert_eq!(outcome(&game(&format!("|2:{}", heap + 1))), OutcomeClass::Right);
    }
}
