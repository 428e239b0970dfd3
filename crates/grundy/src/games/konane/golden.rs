//! Small boards whose outcome follows from the rules by hand, and the outcomes of the values
//! published for them (cgt-tools' Konane tests, github.com/t4ccer/cgt-tools,
//! cgt/short/partizan/games/konane.rs: `..ox` = 1, `.ox.` = `*`, `.ox./o..x/....` =
//! `{1|-1}`), checked with the plain win/loss oracle; the values themselves are checked in
//! `crates/grundy/tests/integration/konane.rs`.

use super::{left_wins_moving_first, right_wins_moving_first, Konane};
use crate::partizan::oracle::{outcome, OutcomeClass};

/// Parses a board the tests write.
fn board(text: &str) -> Konane {
    match text.parse() {
        Ok(board) => board,
        Err(error) => panic!("{text}: {error}"),
    }
}

/// `..ox` is 1: Left jumps once and the game is over; Right's stone has no room beyond.
/// `..xo` is its negative.
#[test]
fn a_stone_with_room_is_a_move_for_its_owner() {
    assert_eq!(outcome(&board("..ox")), OutcomeClass::Left);
    assert_eq!(outcome(&board("..xo")), OutcomeClass::Right);
}

/// `.ox.` is `*`: whoever moves jumps and leaves a lone stone.
#[test]
fn a_pair_with_room_on_both_sides_is_a_first_player_win() {
    assert!(left_wins_moving_first(&board(".ox.")));
    assert!(right_wins_moving_first(&board(".ox.")));
    assert_eq!(outcome(&board("./o/x/.")), OutcomeClass::Next);
}

/// `.ox./o..x/....` is `{1|-1}`: hot, so the first player wins.
#[test]
fn a_published_hot_board_is_a_first_player_win() {
    assert_eq!(outcome(&board(".ox./o..x/....")), OutcomeClass::Next);
}

/// Two separate `*`s are 0 (the second player answers in the other), and a double jump is
/// one move: `xo.o.` is 1 (Left's double jump ends the game; the single one would leave
/// Right a jump back).
#[test]
fn sums_and_double_jumps() {
    assert_eq!(outcome(&board(".ox./..../.xo.")), OutcomeClass::Previous);
    assert_eq!(outcome(&board("xo.o.")), OutcomeClass::Left);
}

/// Stones of one colour, or stones with no room to land, are 0.
#[test]
fn no_jump_is_zero() {
    for text in ["x", "xxx/x.x", "o.o/ooo", "...", "x.o", "xo", "xoxo/oxox"] {
        assert_eq!(outcome(&board(text)), OutcomeClass::Previous, "{text}");
    }
}
