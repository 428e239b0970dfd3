//! Small graphs whose outcome follows from the rules by hand, checked with the plain
//! win/loss oracle (which knows nothing of values or components); the values themselves are
//! checked in `crates/grundy/tests/integration/snort.rs`.

use super::Snort;
use crate::partizan::oracle::{outcome, OutcomeClass};

fn snort(text: &str) -> Snort {
    match text.parse() {
        Ok(position) => position,
        Err(error) => panic!("{text}: {error}"),
    }
}

/// A lone vertex is `*` and an edge `±1`: whoever moves first colours a vertex and keeps the
/// other end of an edge for themselves.
#[test]
fn a_vertex_and_an_edge_are_first_player_wins() {
    assert_eq!(outcome(&snort("0")), OutcomeClass::Next);
    assert_eq!(outcome(&snort("0-1")), OutcomeClass::Next);
    assert_eq!(outcome(&snort("0-1,1-2")), OutcomeClass::Next);
}

/// A tinted vertex is a move for one player only.
#[test]
fn tints_belong_to_one_player() {
    assert_eq!(outcome(&snort("0:l")), OutcomeClass::Left);
    assert_eq!(outcome(&snort("0:r")), OutcomeClass::Right);
    assert_eq!(outcome(&snort("0-1,1:L")), OutcomeClass::Left);
}

/// Two equal edges apart are `±1 ± 1 = 0`: the second player copies in the other.
#[test]
fn two_edges_cancel() {
    assert_eq!(outcome(&snort("0-1,2-3")), OutcomeClass::Previous);
}
