//! The evaluation prepared for one board size and one set of weights, as the search calls it
//! at every node.
//!
//! [`super::evaluation::assess`] counts every term of a position and then weighs them. Most
//! of the score comes from terms that a line's two counts decide (its markers of each
//! colour: open lines, near lines, the balance of contested lines); for a fixed size and
//! fixed weights their weighted sum per line is a table lookup. [`Evaluator`] keeps that
//! table, and walks the lines once for the rest (ready lines, ends, rings), giving the same
//! [`Assessment`] as `assess`.

use crate::games::pousse::board::{Board, Colour};
use super::evaluation::{assess, count_terms, mover_and_other, Assessment, LineWalk, Weights};
use crate::games::pousse::game::Position;

/// The weighted count terms of a line, for one size, and the weights of the other terms.
#[derive(Debug, Clone)]
pub struct Evaluator {
    weights: Weights,
    size: usize,
    /// Per line, by [`Evaluator::index`] of its counts: the weighted sum of its count terms.
    lines: Vec<i32>,
}

impl Evaluator {
    /// The evaluation of boards of side `size` with `weights`.
    pub fn new(size: usize, weights: Weights) -> Evaluator {
        let n = size as u32;
        let mut lines = vec![0; (size + 1) * (size + 1)];
        for x in 0..=n {
            for o in 0..=n - x {
                let [open_square, near, mixed] = count_terms(n, x, o);
                lines[Self::index(size, x, o)] =
                    weights.open_square * open_square + weights.near * near + weights.mixed * mixed;
            }
        }
        Evaluator {
            weights,
            size,
            lines,
        }
    }

    /// Where a line's entry is, by its counts.
    fn index(size: usize, x: u32, o: u32) -> usize {
        x as usize * (size + 1) + o as usize
    }

    /// Judges `position` for the side to move, exactly as `assess` does with the same
    /// weights (a board of another size than the prepared one goes to `assess`).
    pub fn assess<B: Board>(&self, position: &Position<B>) -> Assessment {
        let n = position.board.size().get();
        if n != self.size {
            return assess(position, &self.weights);
        }
        let mut walk = LineWalk::default();
        let mut score = 0;
        for (line, view) in position.board.lines().enumerate() {
            walk.visit(position, line, view);
            score += self.lines[Self::index(n, view.x, view.o)];
        }
        walk.finish(position);
        let (x_rings, o_rings) = position.board.ring_sums();
        score += self.weights.centre * (x_rings as i32 - o_rings as i32)
            + self.weights.exposed * walk.exposed;
        // Every term so far is X's less O's: the side to move's view.
        if position.to_move == Colour::O {
            score = -score;
        }
        let (mover, other) = mover_and_other(position.to_move);
        score += match walk.ready_lines[other] {
            0 => 0,
            1 => self.weights.threat,
            _ => self.weights.double_threat,
        };
        score += self.weights.tempo;
        Assessment {
            score,
            mover_ready: walk.ready_lines[mover],
            threats: walk.ready_lines[other],
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::games::pousse::{BitBoard, GeneralBoard, Move, Size};
    use proptest::prelude::*;

    /// The position after the pushes `choices` picks from the start (the game's end is not
    /// checked: won boards are judged too).
    fn position_after<B: Board>(size: usize, choices: &[usize]) -> Position<B> {
        let mut position = Position::start(Size::new(size).unwrap()).unwrap();
        let moves: Vec<Move> = Move::all(size).collect();
        for &choice in choices {
            position.play(moves[choice % moves.len()]).unwrap();
        }
        position
    }

    proptest! {
        #[test]
        fn agrees_with_assess(
            size in 1usize..=8,
            choices in prop::collection::vec(0usize..64, 0..150),
            values in prop::array::uniform8(-600i32..600),
        ) {
            let [open_square, near, mixed, centre, exposed, threat, double_threat, tempo] = values;
            let weights = Weights {
                open_square,
                near,
                mixed,
                centre,
                exposed,
                threat,
                double_threat,
                tempo,
            };
            let evaluator = Evaluator::new(size, weights);
            let bits: Position<BitBoard> = position_after(size, &choices);
            prop_assert_eq!(evaluator.assess(&bits), assess(&bits, &weights));
            let general: Position<GeneralBoard> = position_after(size, &choices);
            prop_assert_eq!(evaluator.assess(&general), assess(&general, &weights));
        }
    }

    #[test]
    fn the_default_weights_judge_a_board_alike() {
        let position: Position<BitBoard> = "XXOX.O/OX..../....../....../....X./.O....:X"
            .parse()
            .unwrap();
        let weights = Weights::default();
        let evaluator = Evaluator::new(6, weights);
        assert_eq!(evaluator.assess(&position), assess(&position, &weights));
        // A board of another size is judged too, by the general path.
        let small: Position<BitBoard> = "X.O/.../...:O".parse().unwrap();
        assert_eq!(evaluator.assess(&small), assess(&small, &weights));
    }
}
