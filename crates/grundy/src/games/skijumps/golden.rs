//! Slopes whose outcome Winning Ways gives (ch. 3, "Ski-Jumps"), and small ones worked by
//! hand from the rules, checked with the plain win/loss oracle, which knows nothing of
//! values or components. The values themselves are checked in `tests/integration/partizan.rs`.

use super::{left_wins_moving_first, right_wins_moving_first, SkiJumps};
use crate::partizan::oracle::{outcome, OutcomeClass};

/// Parses a slope the tests write.
fn slope(text: &str) -> SkiJumps {
    match text.parse() {
        Ok(slope) => slope,
        Err(error) => panic!("{text}: {error}"),
    }
}

/// Winning Ways' slopes: positive values are Left's wins, negative ones Right's.
#[test]
fn winning_ways_slopes_have_the_outcome_of_their_values() {
    for (text, class) in [
        ("...L..../..R...../........", OutcomeClass::Left),
        (
            "......../...l..../.......R/......../......L.",
            OutcomeClass::Right,
        ),
        (".L.../.R.../.....", OutcomeClass::Left),
        ("...R./...L./.....", OutcomeClass::Right),
        ("L..../....R/.....", OutcomeClass::Left),
        ("L..../R..../.....", OutcomeClass::Left),
        ("L..../....R/l....", OutcomeClass::Left),
    ] {
        assert_eq!(outcome(&slope(text)), class, "{text}");
    }
}

/// `L/R` is 0: each player's only move is off the board, leaving the other a free move
/// (Left cannot jump: the landing cell would be off the board).
#[test]
fn a_jumper_over_the_bottom_row_cannot_jump() {
    assert!(!left_wins_moving_first(&slope("L/R")));
    assert!(!right_wins_moving_first(&slope("L/R")));
}

/// `L.R` is `*`: whoever slides into the gap leaves two skiers blocking each other.
#[test]
fn facing_skiers_with_a_gap_are_a_first_player_win() {
    assert!(left_wins_moving_first(&slope("L.R")));
    assert!(right_wins_moving_first(&slope("L.R")));
    assert_eq!(outcome(&slope("LR")), OutcomeClass::Previous);
}
