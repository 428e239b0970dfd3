//! Fox and Geese: the rules, the notation, CGSuite's values, the layered valuation against
//! the whole graph, and every value's outcome against a retrograde analysis of play.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::cgt::loopy::LoopyEngine;
use crate::cgt::ValueStore;

fn row_of_geese(width: u8, row: u8) -> Vec<Square> {
    (1..=width)
        .map(|col| Square::new(row, col))
        .filter(|s| s.is_dark())
        .collect()
}

#[test]
fn cgsuite_four_geese_on_row_four() {
    let mut store = ValueStore::new();
    let mut engine = LoopyEngine::new(&mut store);
    let start = FoxGeese::new(8, &row_of_geese(8, 4), Square::new(1, 1)).unwrap();
    let value = value(&start, &mut engine).unwrap();
    assert_eq!(engine.display(&value).unwrap(), "{4*|7/2}");
}
