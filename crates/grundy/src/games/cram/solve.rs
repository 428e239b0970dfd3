//! Cram solved: the value by the generic memoised solver over regions, each cropped and
//! reduced under the symmetries, empty rectangles of even sides valued 0 at once; the
//! remoteness and perfect play exact on boards of at most [`REMOTENESS_CELLS`] empty cells.
//!
//! Beyond that bound the remoteness is not reported and perfect play is a heuristic that
//! keeps a won game won: the winner plays the first winning move, the loser the first move.

use crate::games::cram::components::is_even_rectangle;
use crate::games::cram::{Cram, CramGame, Domino};
use crate::impartial::{Outcome, Solver};
use crate::nim::Nimber;
use crate::partizan::cell::Cell;

/// Boards of at most this many empty cells have their remoteness computed exactly (the
/// search runs over the whole board, not its regions).
pub const REMOTENESS_CELLS: u32 = 16;

/// The solver a game keeps between moves.
pub type Evaluator = Solver<CramGame>;

/// A fresh evaluator.
pub fn evaluator() -> Evaluator {
    Solver::new(CramGame)
}

/// The value of `position` (a fresh evaluator; see [`value_with`] to keep one).
pub fn grundy_value(position: &Cram) -> Nimber {
    value_with(position, &mut evaluator())
}

/// The value of `position`: the nim-sum of its regions' values.
pub fn value_with(position: &Cram, solver: &mut Evaluator) -> Nimber {
    solver.grundy_value(position)
}

/// The values of the regions of `position` that count (see [`Cram::components`]), each in
/// its normal form.
pub fn component_values(position: &Cram, solver: &mut Evaluator) -> Vec<(String, Nimber)> {
    position
        .components()
        .into_iter()
        .map(|part| (part.to_string(), solver.grundy_value(&part)))
        .collect()
}

/// What the symmetry of an empty rectangle says at once, when the empty cells of `position`
/// fill a rectangle of at least two cells: both sides even, the player to move loses (and
/// there is no winning move); one side even and the other odd, the player to move wins by
/// the centre domino (returned), then the half-turn answer. `None` otherwise.
pub fn symmetry_outcome(position: &Cram) -> Option<(Outcome, Option<Domino>)> {
    let geometry = position.geometry();
    let empty = position.empty_cells();
    if empty.count_ones() < 2 {
        return None;
    }
    let (left, top, shape) = geometry.bounding_box(empty);
    if empty.count_ones() as usize != shape.cells() {
        return None;
    }
    let (width, height) = (shape.width(), shape.height());
    match (width % 2, height % 2) {
        (0, 0) => Some((Outcome::Loss, None)),
        (0, 1) => {
            let cell = Cell::new(left + width / 2 - 1, top + height / 2);
            Some((Outcome::Win, Some(Domino::new(cell, false))))
        }
        (1, 0) => {
            let cell = Cell::new(left + width / 2, top + height / 2 - 1);
            Some((Outcome::Win, Some(Domino::new(cell, true))))
        }
        _ => None,
    }
}

/// Whether `position`'s value is 0 by the even rectangle's symmetry alone.
pub fn is_even_rectangle_board(position: &Cram) -> bool {
    is_even_rectangle(&position.normalised())
}

/// Each move with the value of the position it leads to.
fn options(position: &Cram, solver: &mut Evaluator) -> Vec<(Domino, Nimber)> {
    position
        .moves()
        .into_iter()
        .filter_map(|domino| {
            let next = position.apply(&domino).ok()?;
            Some((domino, solver.grundy_value(&next)))
        })
        .collect()
}

/// Every winning move (to a position of value 0), in the order of [`Cram::moves`]; none,
/// without valuing the options, when the position's value is 0.
pub fn winning_moves(position: &Cram, solver: &mut Evaluator) -> Vec<Domino> {
    if value_with(position, solver) == 0 {
        return Vec::new();
    }
    options(position, solver)
        .into_iter()
        .filter(|&(_, value)| value == 0)
        .map(|(domino, _)| domino)
        .collect()
}

/// Who wins with perfect play: from the symmetry of an empty rectangle when it applies
/// ([`symmetry_outcome`]), else from the value.
pub fn outcome(position: &Cram, solver: &mut Evaluator) -> Outcome {
    match symmetry_outcome(position) {
        Some((outcome, _)) => outcome,
        None => Outcome::from_grundy(value_with(position, solver)),
    }
}

/// Whether the remoteness of `position` is exact: at most [`REMOTENESS_CELLS`] empty cells.
pub fn remoteness_is_exact(position: &Cram) -> bool {
    position.empty_count() <= REMOTENESS_CELLS
}

/// The exact remoteness, `None` beyond [`REMOTENESS_CELLS`] empty cells.
pub fn remoteness(position: &Cram, solver: &mut Evaluator) -> Option<u64> {
    remoteness_is_exact(position).then(|| solver.remoteness(position))
}

/// The move perfect play makes: the fastest win or the slowest loss, exact up to
/// [`REMOTENESS_CELLS`] empty cells and the heuristic of the module's documentation beyond;
/// `None` when no domino fits.
pub fn perfect_move(position: &Cram, solver: &mut Evaluator) -> Option<Domino> {
    if remoteness_is_exact(position) {
        return solver.perfect_move(position);
    }
    large_move(position, solver)
}

/// The stubborn move: when lost, the slowest loss; when won, the winning move that leaves
/// the longest lost game (exact up to [`REMOTENESS_CELLS`] empty cells, the heuristic of
/// the module's documentation beyond).
pub fn stubborn_move(position: &Cram, solver: &mut Evaluator) -> Option<Domino> {
    if !remoteness_is_exact(position) {
        return large_move(position, solver);
    }
    if outcome(position, solver) == Outcome::Loss {
        return solver.perfect_move(position);
    }
    let mut best: Option<(u64, Domino)> = None;
    for domino in winning_moves(position, solver) {
        let next = position.apply(&domino).ok()?;
        let after = solver.remoteness(&next);
        if best.map_or(true, |(longest, _)| after > longest) {
            best = Some((after, domino));
        }
    }
    best.map(|(_, domino)| domino)
}

/// The heuristic beyond the exact bound: the first winning move, or when lost the first
/// move (every move loses, so none is valued).
fn large_move(position: &Cram, solver: &mut Evaluator) -> Option<Domino> {
    let moves = position.moves();
    if value_with(position, solver) == 0 {
        return moves.first().copied();
    }
    moves.into_iter().find(|domino| {
        position
            .apply(domino)
            .is_ok_and(|next| solver.grundy_value(&next) == 0)
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn board(text: &str) -> Cram {
        text.parse().unwrap()
    }

    #[test]
    fn small_boards_have_their_values() {
        // 1 x n is Dawson's Kayles (0.07 on n): 0 0 1 1 2 0 3 1 1 0 3 3 for n = 0..11.
        for (n, value) in [(1, 0), (2, 1), (3, 1), (4, 2), (5, 0), (6, 3), (7, 1), (8, 1)] {
            assert_eq!(grundy_value(&Cram::new(n, 1).unwrap()), value, "1x{n}");
        }
        assert_eq!(grundy_value(&board("2x2")), 0);
        assert_eq!(grundy_value(&board("#")), 0);
    }

    #[test]
    fn rectangles_give_their_outcome_by_symmetry() {
        assert_eq!(symmetry_outcome(&board("4x2")), Some((Outcome::Loss, None)));
        let (who, centre) = symmetry_outcome(&board("4x3")).unwrap();
        assert_eq!(who, Outcome::Win);
        assert_eq!(centre.unwrap().to_string(), "b2-c2");
        let (_, centre) = symmetry_outcome(&board("3x4")).unwrap();
        assert_eq!(centre.unwrap().to_string(), "b2-b3");
        let (_, centre) = symmetry_outcome(&board("#####/#..##/#####")).unwrap();
        assert_eq!(centre.unwrap().to_string(), "b2-c2");
        assert_eq!(symmetry_outcome(&board("3x3")), None);
        assert_eq!(symmetry_outcome(&board("../.#")), None);
        let mut solver = evaluator();
        for text in ["4x3", "3x4", "2x5", "6x1"] {
            let position = board(text);
            let (_, centre) = symmetry_outcome(&position).unwrap();
            let next = position.apply(&centre.unwrap()).unwrap();
            assert_eq!(value_with(&next, &mut solver), 0, "{text}");
            assert_eq!(outcome(&position, &mut solver), Outcome::Win, "{text}");
        }
    }

    #[test]
    fn perfect_and_stubborn_moves_win_won_positions() {
        let mut solver = evaluator();
        for text in ["3x2", "1x6", "5x2", "..../..../...#/..##", "3x6"] {
            let position = board(text);
            if outcome(&position, &mut solver) == Outcome::Win {
                for domino in [perfect_move(&position, &mut solver), stubborn_move(&position, &mut solver)] {
                    let next = position.apply(&domino.unwrap()).unwrap();
                    assert_eq!(grundy_value(&next), 0, "{text}");
                }
            }
        }
    }
}
