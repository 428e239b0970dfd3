//! Snort's values against an independent brute force (`colouring/mod.rs`: the rules written
//! again plainly, the game tree built option by option in the value store, no reduction,
//! components or relabelling), compared with the evaluator on every small position; and
//! values published for Snort.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;

use crate::colouring::{brute, every_small_position, grid, small_positions, Plain};
use grundy::cgt::{plain_value, Evaluator, ValueStore};
use grundy::games::snort::Snort;

#[test]
fn the_evaluator_agrees_with_the_rules_on_every_small_position() {
    let mut store = ValueStore::new();
    let mut memo = HashMap::new();
    let mut evaluator = Evaluator::new();
    let check = |position: &Plain, store: &mut ValueStore| {
        let expected = brute(store, &mut memo, position, true);
        let ours = evaluator.value(store, &position.text().parse::<Snort>().unwrap());
        assert_eq!(
            ours,
            expected,
            "{}: {} against {}",
            position.text(),
            store.display(ours),
            store.display(expected)
        );
    };
    assert_eq!(every_small_position(&mut store, check), small_positions());
}

#[test]
fn the_grid_shorthand_is_the_grid() {
    let mut store = ValueStore::new();
    let mut memo = HashMap::new();
    for (width, height) in [(1, 1), (3, 1), (2, 2), (3, 3)] {
        let expected = brute(&mut store, &mut memo, &grid(width, height), true);
        let position: Snort = format!("{width}x{height}").parse().unwrap();
        assert_eq!(plain_value(&mut store, &position), expected);
    }
}

/// Whether `position` has the value written `expected` in the value store's notation.
fn check(position: &str, expected: &str) {
    let mut store = ValueStore::new();
    let ours = Evaluator::new().value(&mut store, &position.parse::<Snort>().unwrap());
    let theirs = store.evaluate(expected).unwrap();
    assert_eq!(ours, theirs, "{position}: {}", store.display(ours));
}

/// CGSuite's tests of its `game.graph.Snort` (cgsuite, `GameGraphTest.scala`, "define Col
/// properly"): `Snort("L-.-.-.-L")` = `{4|0,±1}`, a path of five whose ends are tinted
/// blue (in Snort, next to blue: only Left may colour them, `l` here); and
/// `Snort(".-.-.(-.;-.)")` = `±{3|2}`, a path of three with two leaves on its last vertex.
#[test]
fn cgsuite_snort_values() {
    check("0-1,1-2,2-3,3-4,0:l,4:l", "{4|0,{1|-1}}");
    check("0-1,1-2,2-3,2-4", "{{3|2}|{-2|-3}}");
}

/// Values from the rules by hand (Winning Ways, ch. 2): a lone vertex is `*`, an edge is
/// `±1` (the first colour keeps the other end for its player), a vertex only Left may
/// colour is 1, two lone vertices are 0, two edges `±1 ± 1 = 0`.
#[test]
fn small_graphs_by_hand() {
    for (position, expected) in [
        ("0", "*"),
        ("0-1", "{1|-1}"),
        ("0:l", "1"),
        ("0:r", "-1"),
        ("0,1", "0"),
        ("0-1,2-3", "0"),
        ("0-1,1:L", "1"),
    ] {
        check(position, expected);
    }
}
