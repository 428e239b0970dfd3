//! The evaluation prepared for one board size and one set of weights, as the search calls it
//! at every node.
//!
//! [`super::evaluation::assess_with`] counts every feature of a position and then weighs
//! them. Most of the score comes from terms that a line's two counts decide (its markers of
//! each colour: open lines, near and far lines, the balance of contested lines, heavy lines,
//! material); for a fixed size and fixed weights their weighted sum per line is a table
//! lookup. [`Evaluator`] keeps that table, and walks the lines once for the rest (ready
//! lines, ends, corners, the border), giving the same [`Assessment`] as `assess_with`.

use super::board::{Board, Colour};
use super::evaluation::{
    assess_with, count_terms, mover_and_other, Across, Assessment, Feature, LineWalk, Reading,
    Weights, COUNT_FEATURES, DENSE_DIVISOR, FEATURES,
};
use super::game::Position;

/// The weighted count terms of a line and the weights of the other terms, for one size.
#[derive(Debug, Clone)]
pub struct Evaluator {
    weights: Weights,
    across: Across,
    size: usize,
    /// Whether the weights weigh a dearer feature: then every position goes to
    /// `assess_with`.
    dear: bool,
    /// Per line, by `index`: the weighted sum of its count terms (plain, and dense before
    /// the fill scales it).
    lines: Vec<(i32, i32)>,
    /// The weight of each feature's dense twin (zero for a feature without one).
    dense_twin: [i32; FEATURES],
}

impl Evaluator {
    /// The evaluation of boards of side `size` with `weights`, lines completed across
    /// counted as `across` says.
    pub fn new(size: usize, weights: Weights, across: Across) -> Evaluator {
        let mut dense_twin = [0; FEATURES];
        for (dense, base) in Feature::DENSE {
            dense_twin[base as usize] = weights.get(dense);
        }
        let n = size as u32;
        let mut lines = vec![(0, 0); 2 * (size + 1) * (size + 1)];
        for row in [true, false] {
            for x in 0..=n {
                for o in 0..=n - x {
                    let mut sums = (0, 0);
                    for (feature, term) in COUNT_FEATURES.iter().zip(count_terms(n, x, o, row)) {
                        sums.0 += weights.get(*feature) * term;
                        sums.1 += dense_twin[*feature as usize] * term;
                    }
                    lines[Self::index(size, row, x, o)] = sums;
                }
            }
        }
        Evaluator {
            weights,
            across,
            size,
            dear: Reading::for_weights(&weights).any(),
            lines,
            dense_twin,
        }
    }

    /// Where a line's entry is: rows first, then columns, by the counts.
    fn index(size: usize, row: bool, x: u32, o: u32) -> usize {
        let side = size + 1;
        (usize::from(!row) * side + x as usize) * side + o as usize
    }

    /// Judges `position` (a board of the prepared size) for the side to move, exactly as
    /// `assess_with` does with the same weights.
    pub fn assess<B: Board>(&self, position: &Position<B>) -> Assessment {
        let n = position.board.size().get();
        if self.dear || n != self.size {
            return assess_with(position, &self.weights, self.across);
        }
        let mut walk = LineWalk::default();
        let (mut plain, mut dense) = (0, 0);
        for (line, view) in position.board.lines().enumerate() {
            walk.visit(position, self.across, line, view);
            let (line_plain, line_dense) = self.lines[Self::index(n, line < n, view.x, view.o)];
            plain += line_plain;
            dense += line_dense;
        }
        walk.finish(position, self.across);
        let (x_rings, o_rings) = position.board.ring_sums();
        let corner = walk.corner();
        for (feature, value) in [
            (Feature::Centre, x_rings as i32 - o_rings as i32),
            (Feature::Exposed, walk.exposed),
            (Feature::Border, walk.border(n)),
            (Feature::Corner, corner),
        ] {
            plain += self.weights.get(feature) * value;
            dense += self.dense_twin[feature as usize] * value;
        }
        // Every term so far is X's less O's: the side to move's view.
        if position.to_move == Colour::O {
            plain = -plain;
            dense = -dense;
        }
        let (mover, other) = mover_and_other(position.to_move);
        let threat = match walk.ready_lines[other] {
            0 => None,
            1 => Some(Feature::Threat),
            _ => Some(Feature::DoubleThreat),
        };
        for feature in threat.into_iter().chain([Feature::Tempo]) {
            plain += self.weights.get(feature);
            dense += self.dense_twin[feature as usize];
        }
        Assessment {
            score: plain + dense * walk.fill(n) / DENSE_DIVISOR,
            mover_ready: walk.ready_lines[mover],
            threats: walk.ready_lines[other],
            threats_across: walk.across_lines[other],
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

    const ACROSS: [Across; 4] = [
        Across::Ignored,
        Across::MoverOnly,
        Across::Counted,
        Across::Extended,
    ];

    proptest! {
        #[test]
        fn agrees_with_assess_with(
            size in 1usize..=8,
            choices in prop::collection::vec(0usize..64, 0..150),
            values in prop::array::uniform27(-600i32..600),
            dear in any::<bool>(),
            across in 0usize..4,
        ) {
            let mut weights = Weights { values };
            if !dear {
                for feature in [Feature::RunSquare, Feature::RunNear, Feature::Safe] {
                    weights = weights.with(feature, 0);
                }
            }
            let across = ACROSS[across];
            let evaluator = Evaluator::new(size, weights, across);
            let bits: Position<BitBoard> = position_after(size, &choices);
            prop_assert_eq!(evaluator.assess(&bits), assess_with(&bits, &weights, across));
            let general: Position<GeneralBoard> = position_after(size, &choices);
            prop_assert_eq!(evaluator.assess(&general), assess_with(&general, &weights, across));
        }
    }

    #[test]
    fn the_default_weights_judge_a_board_alike() {
        let position: Position<BitBoard> = "XXOX.O/OX..../....../....../....X./.O....:X"
            .parse()
            .unwrap();
        let weights = Weights::default();
        let evaluator = Evaluator::new(6, weights, Across::MoverOnly);
        assert_eq!(
            evaluator.assess(&position),
            assess_with(&position, &weights, Across::MoverOnly)
        );
        // A board of another size is judged too, by the general path.
        let small: Position<BitBoard> = "X.O/.../...:O".parse().unwrap();
        assert_eq!(
            evaluator.assess(&small),
            assess_with(&small, &weights, Across::MoverOnly)
        );
    }
}
