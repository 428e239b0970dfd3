//! The solved Pousse table against its slow twin, the retrograde analysis of 1 × 1 to 3 × 3,
//! on every position; its file format, with every kind of damage; and the ICFP guard.
#![allow(clippy::unwrap_used)]

use grundy::games::pousse::retrograde::{Table, Value};
use grundy::games::pousse::solved::SolvedTable;
use grundy::games::pousse::{BitBoard, Colour, Position};

#[test]
fn every_small_position_agrees_with_the_retrograde_analysis() {
    for size in 1..=3 {
        let slow = Table::solve(size).unwrap();
        let fast = SolvedTable::solve(size).unwrap();
        assert_eq!(fast.start_value(), slow.start_value(), "size {size}");
        let mut count = 0;
        for (position, value) in slow.states() {
            assert_eq!(fast.value(&position), Some(value), "{position}");
            count += 1;
        }
        assert_eq!(count, 2 * 3usize.pow((size * size) as u32));
        let position: Position<BitBoard> = Position::start(fast.size()).unwrap();
        assert_eq!(fast.best_move(&position), slow.best_move(&position));
    }
}

#[test]
fn colours_swap_values() {
    let table = SolvedTable::solve(3).unwrap();
    for (position, value) in table.boards().step_by(7) {
        let mut swapped = position.clone();
        swapped.to_move = Colour::O;
        for row in 0..3 {
            for column in 0..3 {
                use grundy::games::pousse::Board;
                let cell = position.board.cell(row, column).map(Colour::opponent);
                swapped.board.set(row, column, cell);
            }
        }
        assert_eq!(table.value(&swapped), Some(value));
    }
}
