//! Wind-Up's notation, moves and board. Its values, outcomes and moves on every cell of the
//! small cycles are checked against the brute force in
//! `crates/grundy/tests/integration/loopy/rulesets.rs`.

#![allow(clippy::unwrap_used)]

use super::entry::WindUpEntry;
use super::*;
use crate::drawing::{Layout, Mark, Owner};
use crate::loopy::entry::LoopyEntry;

#[test]
fn positions_read_back_as_they_are_written() {
    for (text, shown) in [
        ("12:1,2,4@5", "12:1,2,4@5"),
        (" 12 : 4, 2,1,2 @ 5 ", "12:1,2,4@5"),
        ("1:1@0", "1:1@0"),
    ] {
        let position: WindUp = text.parse().unwrap();
        assert_eq!(position.to_string(), shown);
        assert_eq!(position.to_string().parse::<WindUp>().unwrap(), position);
    }
}

#[test]
fn a_move_goes_back_round_the_cycle() {
    let position: WindUp = "5:1,2,7@1".parse().unwrap();
    let moves: Vec<(String, u32)> = position
        .moves()
        .into_iter()
        .map(|(mv, next)| (mv.to_string(), next.cell()))
        .collect();
    // 7 is 2 round a cycle of 5.
    assert_eq!(moves, [("1".into(), 0), ("2".into(), 4), ("7".into(), 4)]);
    assert!("5:1,2@0".parse::<WindUp>().unwrap().moves().is_empty());
    // An amount of the cycle's size leaves the token where it is: a move to itself.
    let still: WindUp = "3:3@2".parse().unwrap();
    assert_eq!(still.moves()[0].1, still);
    assert_eq!("2".parse::<Back>().unwrap(), Back(2));
    assert!("0".parse::<Back>().is_err());
    assert!("-1".parse::<Back>().is_err());
}

#[test]
fn the_board_is_the_cycle_with_the_token_on_its_cell() {
    let position: WindUp = "6:1,2@4".parse().unwrap();
    let board = position.board().unwrap();
    let Layout::Vertices {
        vertices, edges, ..
    } = board.layout
    else {
        panic!("a vertex board");
    };
    assert_eq!(vertices.len(), 6);
    assert_eq!(edges.len(), 6);
    let marked: Vec<usize> = (0..6)
        .filter(|&cell| vertices[cell].mark == Mark::Stone(Owner::Either))
        .collect();
    assert_eq!(marked, [4]);
    assert_eq!(vertices[3].name, "3");
    // Cell 0 at the top.
    assert!(vertices.iter().all(|vertex| vertex.y >= vertices[0].y));
    assert_eq!(WindUpEntry.footprint(&position, &Back(2)), [2]);
}

#[test]
fn a_whole_cycle_is_valued_at_once() {
    let values: Vec<String> = cycle_values(6, &[1, 2], &mut Bounds::none())
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(values.join(" "), "0 ∞{0} ∞{0} 0 ∞{0} ∞{0}");
    assert!(matches!(
        cycle_values(6, &[], &mut Bounds::none()),
        Err(LoopyError::Rules(_))
    ));
    // Past the memory limit: an error naming it, before anything is allocated.
    let mut tight = Bounds::new(crate::stop::Stop::never(), Some(1000));
    assert!(matches!(
        cycle_values(100_000, &[1, 2], &mut tight),
        Err(LoopyError::OverMemory { .. })
    ));
}
