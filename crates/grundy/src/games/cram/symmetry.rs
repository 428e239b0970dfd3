//! What the symmetry of an empty rectangle says of a Cram board at once: both sides even,
//! the player to move loses; one side even and the other odd, the player to move wins by
//! the centre domino, then the half-turn answer.

use crate::games::cram::components::is_even_rectangle;
use crate::games::cram::{Cram, Domino};
use crate::report::Outcome;
use crate::grid::cell::Cell;

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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::impartial::searched::{
        evaluator, grundy_value, outcome, perfect_move, stubborn_move, value,
    };
    use crate::impartial::SearchBounds;

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
        let mut solver = evaluator::<Cram>();
        let free = SearchBounds::default();
        for text in ["4x3", "3x4", "2x5", "6x1"] {
            let position = board(text);
            let (_, centre) = symmetry_outcome(&position).unwrap();
            let next = position.apply(&centre.unwrap()).unwrap();
            assert_eq!(value(&next, &mut solver, &free), Ok(0), "{text}");
            assert_eq!(outcome(&position, &mut solver, &free), Ok(Outcome::Win), "{text}");
        }
    }

    #[test]
    fn perfect_and_stubborn_moves_win_won_positions() {
        let mut solver = evaluator::<Cram>();
        let free = SearchBounds::default();
        for text in ["3x2", "1x6", "5x2", "..../..../...#/..##", "3x6"] {
            let position = board(text);
            if outcome(&position, &mut solver, &free) == Ok(Outcome::Win) {
                for domino in [
                    perfect_move(&position, &mut solver, &free).unwrap(),
                    stubborn_move(&position, &mut solver, &free).unwrap(),
                ] {
                    let next = position.apply(&domino.unwrap()).unwrap();
                    assert_eq!(grundy_value(&next), 0, "{text}");
                }
            }
        }
    }
}
