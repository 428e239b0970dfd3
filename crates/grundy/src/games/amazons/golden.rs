//! Small boards whose outcome follows from the rules by hand, and the outcome of the value
//! CGSuite publishes for `x...|o...` (its test suite, github.com/aaron-siegel/cgsuite,
//! lib/core/src/test/scala/org/cgsuite/lang/GameGridTest.scala: `±{…}`, a first player
//! win), checked with the plain win/loss oracle; the values themselves are checked in
//! `crates/grundy/tests/integration/amazons.rs`.

use super::{left_wins_moving_first, right_wins_moving_first, Amazons};
use crate::partizan::oracle::{outcome, OutcomeClass};

/// Parses a board the tests write.
fn board(text: &str) -> Amazons {
    match text.parse() {
        Ok(board) => board,
        Err(error) => panic!("{text}: {error}"),
    }
}

/// `x.` is 1: Left moves to b1 and burns a1, and nobody can move; Right has no amazon.
/// `x..` is 2 (two moves: a1-b1/c1 then b1-a1/b1). `o.` is -1.
#[test]
fn a_lone_amazon_is_a_number_of_moves() {
    assert_eq!(outcome(&board("x.")), OutcomeClass::Left);
    assert_eq!(outcome(&board("x..")), OutcomeClass::Left);
    assert_eq!(outcome(&board("o.")), OutcomeClass::Right);
}

/// `x.o` is `*`-like: whoever moves takes the middle cell and burns the cell left behind,
/// and the other has no move. Two such rows apart are a second-player win.
#[test]
fn a_shared_cell_is_a_first_player_win() {
    assert!(left_wins_moving_first(&board("x.o")));
    assert!(right_wins_moving_first(&board("x.o")));
    assert_eq!(outcome(&board("x.o/###/x.o")), OutcomeClass::Previous);
}

/// CGSuite's `x...|o...` is `±{…}`: the first player wins.
#[test]
fn cgsuite_two_by_four_is_a_first_player_win() {
    assert_eq!(outcome(&board("x...|o...")), OutcomeClass::Next);
}

/// Amazons with no empty cell beside them, or no amazons at all, are 0.
#[test]
fn no_move_is_zero() {
    for text in ["x", "xo", "x#o", "...", "#.#", "x#/#o"] {
        assert_eq!(outcome(&board(text)), OutcomeClass::Previous, "{text}");
    }
}
