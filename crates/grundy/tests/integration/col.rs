//! Col's values against an independent brute force (`colouring/mod.rs`: the rules written
//! again plainly, the game tree built option by option in the value store, no reduction,
//! components or relabelling), compared with the evaluator on every small position; the
//! theorem that every Col value is a number or a number plus `*`; and values published
//! for Col.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;

use crate::colouring::{brute, classes, every_small_position, grid, small_positions, Plain};
use grundy::cgt::{plain_value, Evaluator, GameId, ValueStore};
use grundy::games::col::Col;

/// Whether `value` is a number or a number plus `*` (Winning Ways, ch. 2: every Col
/// position is one).
fn number_or_number_star(store: &ValueStore, value: GameId) -> bool {
    store
        .as_nus(value)
        .is_some_and(|nus| nus.ups == 0i64 && nus.nimber <= 1)
}

#[test]
fn the_evaluator_agrees_with_the_rules_on_every_small_position() {
    let mut store = ValueStore::new();
    let mut memo = HashMap::new();
    let mut evaluator = Evaluator::new();
    let check = |position: &Plain, store: &mut ValueStore| {
        let expected = brute(store, &mut memo, position, false);
        let ours = evaluator.value(store, &position.text().parse::<Col>().unwrap());
        assert_eq!(
            ours,
            expected,
            "{}: {} against {}",
            position.text(),
            store.display(ours),
            store.display(expected)
        );
        assert!(
            number_or_number_star(store, ours),
            "{}: {}",
            position.text(),
            store.display(ours)
        );
    };
    assert_eq!(every_small_position(&mut store, check), small_positions());
}

#[test]
fn the_small_positions_are_counted_by_their_classes() {
    // Graphs up to renaming of their vertices (OEIS A000088), and graphs on two vertices
    // with five characters per vertex: 15 markings of the two vertices up to their swap, with
    // or without the edge.
    let graphs: Vec<usize> = (0..=6).map(|n| classes(n, 1)).collect();
    assert_eq!(graphs, [1, 1, 2, 4, 11, 34, 156]);
    assert_eq!(classes(2, 5), 30);
}

#[test]
fn the_grid_shorthand_is_the_grid() {
    let mut store = ValueStore::new();
    let mut memo = HashMap::new();
    for (width, height) in [(1, 1), (3, 1), (2, 2), (3, 3)] {
        let expected = brute(&mut store, &mut memo, &grid(width, height), false);
        let position: Col = format!("{width}x{height}").parse().unwrap();
        assert_eq!(plain_value(&mut store, &position), expected);
    }
}

/// The canonical value of `position` by the evaluator, in notation.
fn value(position: &str) -> String {
    let mut store = ValueStore::new();
    let id = Evaluator::new().value(&mut store, &position.parse::<Col>().unwrap());
    store.display(id)
}

/// CGSuite's test of its `game.graph.Col` (cgsuite, `GameGraphTest.scala`, "define Col
/// properly"): `Col("R-.-R-.-L-.-R-.-R-.").CanonicalForm` = 7/8, a path of ten vertices.
/// CGSuite's letters are Winning Ways' tints, a vertex tinted by the colour of a neighbour:
/// in Col a red-tinted vertex is one Right may not colour, here `l`. (Read as coloured
/// vertices the path would be the integer 3, every uncoloured vertex alone.)
#[test]
fn cgsuite_col_value() {
    assert_eq!(
        value("0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9,0:l,2:l,4:r,6:l,8:l"),
        "7/8"
    );
    assert_eq!(
        value("0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9,0:R,2:R,4:L,6:R,8:R"),
        "3"
    );
}

/// Values from the rules by hand (Winning Ways, ch. 2, starts Col from them): a lone vertex
/// is `*` (whoever moves colours it), an edge is 0 (the first colour leaves the other end
/// to the opponent), a vertex only Left may colour is 1, two lone vertices are `* + * = 0`;
/// an edge with one end only Left's is `{0|1}` = 1/2 (Left colouring either end leaves at
/// best nothing, Right colouring the free end leaves Left the other).
#[test]
fn small_graphs_by_hand() {
    for (position, expected) in [
        ("0", "*"),
        ("0-1", "0"),
        ("0:l", "1"),
        ("0:r", "-1"),
        ("0,1", "0"),
        ("0:l,1:l,2", "2*"),
        ("0-1,0:l", "1/2"),
    ] {
        assert_eq!(value(position), expected, "{position}");
    }
}
