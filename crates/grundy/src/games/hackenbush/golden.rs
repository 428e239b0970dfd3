//! Known values of Hackenbush pictures (Winning Ways, vol. 1), checked as outcome classes
//! with the plain win/loss oracle.

use super::{left_wins_moving_first, right_wins_moving_first, Hackenbush};
use crate::partizan::oracle::{outcome, OutcomeClass};

/// Parses a picture the tests write.
fn picture(text: &str) -> Hackenbush {
    match text.parse() {
        Ok(picture) => picture,
        Err(error) => panic!("{text}: {error}"),
    }
}

/// A Blue stalk of `n` edges is worth `n`: Left wins moving first or second; a Red one is
/// `-n`.
#[test]
fn one_coloured_stalks_belong_to_their_player() {
    for n in 1..=8 {
        let blue = picture(&"B".repeat(n));
        assert!(left_wins_moving_first(&blue));
        assert!(!right_wins_moving_first(&blue));
        assert_eq!(outcome(&picture(&"R".repeat(n))), OutcomeClass::Right);
    }
}

/// A Blue edge with a Red one on top is worth 1/2: `BR` is positive, `BR + R` = -1/2 is
/// negative and `BR + BR + R` = 0 is a second-player win.
#[test]
fn blue_red_stalk_is_a_half() {
    assert_eq!(outcome(&picture("BR")), OutcomeClass::Left);
    assert_eq!(outcome(&picture("BR+R")), OutcomeClass::Right);
    assert_eq!(outcome(&picture("BR+BR+R")), OutcomeClass::Previous);
    assert_eq!(outcome(&picture("B+R")), OutcomeClass::Previous);
}

/// A Green stalk of `n` edges is the nim-heap `*n`: a sum of Green stalks is a
/// second-player win exactly when the nim-sum of the lengths is 0.
#[test]
fn green_stalks_are_nim_heaps() {
    for (text, class) in [
        ("G", OutcomeClass::Next),
        ("G+G", OutcomeClass::Previous),
        ("GG+G", OutcomeClass::Next),
        ("GG+GG", OutcomeClass::Previous),
        ("GGG+GG+G", OutcomeClass::Previous),
        ("GGGG+GG+G", OutcomeClass::Next),
        ("GGGGG+GGGG+G", OutcomeClass::Previous),
    ] {
        assert_eq!(outcome(&picture(text)), class, "{text}");
    }
}

/// Two Green edges from the ground to one node are `{* | *} = 0` (each cut leaves one edge,
/// `*`), as the fusion principle says: the cycle fuses into two loops on the ground.
#[test]
fn a_green_cycle_of_two_is_zero() {
    assert_eq!(outcome(&picture("0-1:G,0-1:G")), OutcomeClass::Previous);
    assert_eq!(outcome(&picture("0-1:G,1-2:G,0-2:G")), OutcomeClass::Next);
}
