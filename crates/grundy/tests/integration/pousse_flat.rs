//! The flat board (the referee's) against the general board: random moves and square edits
//! on random sizes give identical squares, line counts, straights and hashes.
#![allow(clippy::unwrap_used)]

use grundy::games::pousse::{Board, Colour, Edge, FlatBoard, GeneralBoard, Move, Size};
use proptest::prelude::*;

/// One step of a random run: a move (by index among the board's moves) or a square edit.
#[derive(Debug, Clone)]
enum Step {
    Play(usize),
    Set(usize, usize, Option<Colour>),
}

fn step() -> impl Strategy<Value = Step> {
    let colour = prop_oneof![Just(None), Just(Some(Colour::X)), Just(Some(Colour::O))];
    prop_oneof![
        8 => (0usize..400).prop_map(Step::Play),
        1 => (0usize..100, 0usize..100, colour).prop_map(|(r, c, v)| Step::Set(r, c, v)),
    ]
}

/// Sizes up to 100, most of them small enough for straights to come and go.
fn size() -> impl Strategy<Value = usize> {
    prop_oneof![3 => 1usize..=8, 1 => 9usize..=100]
}

fn same_squares(flat: &FlatBoard, general: &GeneralBoard) {
    let n = general.size().get();
    for row in 0..n {
        for column in 0..n {
            assert_eq!(flat.cell(row, column), general.cell(row, column));
        }
    }
}

/// Runs `steps` on both boards, checking counts and straights after every step and the
/// squares and hash after every step on small boards (every 32 steps on large ones). Returns
/// how many steps left some straight on the board.
fn agree(size: usize, colours: &[bool], steps: &[Step]) -> usize {
    let size = Size::new(size).unwrap();
    let n = size.get();
    let mut flat = FlatBoard::empty(size).unwrap();
    let mut general = GeneralBoard::empty(size).unwrap();
    let mut with_straights = 0;
    for (turn, step) in steps.iter().enumerate() {
        match *step {
            Step::Play(choice) => {
                let mv = Move::from_index(choice % (4 * n), n).unwrap();
                let colour = if colours[turn % colours.len()] {
                    Colour::X
                } else {
                    Colour::O
                };
                flat.push(mv, colour).unwrap();
                general.push(mv, colour).unwrap();
            }
            Step::Set(row, column, colour) => {
                flat.set(row % n, column % n, colour);
                general.set(row % n, column % n, colour);
            }
        }
        assert_eq!(flat.straights(), general.straights(), "step {turn}");
        let straights = general.straights();
        with_straights += usize::from(straights.x + straights.o > 0);
        for line in 0..2 * n {
            assert_eq!(flat.line_counts(line), general.line_counts(line));
        }
        if n <= 16 || turn % 32 == 0 || turn + 1 == steps.len() {
            same_squares(&flat, &general);
            assert_eq!(flat.zobrist(), general.zobrist());
        }
    }
    let mv = Move::new(Edge::Left, n + 1);
    if let Some(mv) = mv {
        assert!(flat.push(mv, Colour::X).is_err());
    }
    with_straights
}

proptest! {
    #[test]
    fn flat_board_agrees_with_the_general_board(
        size in size(),
        colours in prop::collection::vec(any::<bool>(), 1..4),
        steps in prop::collection::vec(step(), 0..400),
    ) {
        agree(size, &colours, &steps);
    }
}

#[test]
fn full_lines_of_both_colours_and_falling_markers() {
    // Alternating colours on 3 × 3 and pushes that only X makes, on every size up to 8:
    // straights come, go and fall off the board.
    for n in 1..=8 {
        let mut steps = Vec::new();
        for k in 0..(12 * n * n) {
            steps.push(Step::Play((k * 7 + k / 3) % (4 * n)));
        }
        assert!(agree(n, &[true], &steps) > 0);
        agree(n, &[true, false], &steps);
        assert!(agree(n, &[true, true, false], &steps) > 0);
    }
}
