//! Small graphs whose outcome follows from the rules by hand, checked with the plain
//! win/loss oracle (which knows nothing of values or components); the values themselves are
//! checked in `crates/grundy/tests/integration/col.rs`.

use super::Col;
use crate::partizan::oracle::{outcome, OutcomeClass};

fn col(text: &str) -> Col {
    match text.parse() {
        Ok(position) => position,
        Err(error) => panic!("{text}: {error}"),
    }
}

/// A lone vertex is `*`: whoever moves colours it and wins.
#[test]
fn a_lone_vertex_is_a_first_player_win() {
    assert_eq!(outcome(&col("0")), OutcomeClass::Next);
}

/// An edge is 0: the first player's colour forbids them the other end and leaves it to the
/// opponent.
#[test]
fn an_edge_is_a_second_player_win() {
    assert_eq!(outcome(&col("0-1")), OutcomeClass::Previous);
    assert_eq!(outcome(&col("0-1,2-3")), OutcomeClass::Previous);
}

/// A tinted vertex is a move for one player only: 1 for Left's, -1 for Right's.
#[test]
fn tints_belong_to_one_player() {
    assert_eq!(outcome(&col("0:l")), OutcomeClass::Left);
    assert_eq!(outcome(&col("0:r")), OutcomeClass::Right);
    assert_eq!(outcome(&col("0:l,1:r")), OutcomeClass::Previous);
}

/// Two lone vertices are `* + * = 0`.
#[test]
fn two_stars_cancel() {
    assert_eq!(outcome(&col("0,1")), OutcomeClass::Previous);
}
