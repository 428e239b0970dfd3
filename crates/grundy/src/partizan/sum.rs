//! The disjunctive sum of positions of one game, as a position itself: a move is a move in
//! one part. With the [`Oracle`](super::Oracle) it checks a game's components against the
//! whole: a position and the sum of its components must have the same outcome, which fails
//! when a component is cut wrongly or normalised by a symmetry that changes its value.

use crate::player::Player;
use crate::position::PartizanPosition;

/// Several positions played side by side; the player to move picks one part to move in.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sum<P>(pub Vec<P>);

impl<P: PartizanPosition> Sum<P> {
    /// The sums after each move of `side` in one of the parts.
    fn moves_in_parts(&self, side: Player) -> Vec<Self> {
        let mut options = Vec::new();
        for (index, part) in self.0.iter().enumerate() {
            for option in part.options(side) {
                let mut parts = self.0.clone();
                parts[index] = option;
                options.push(Sum(parts));
            }
        }
        options
    }
}

impl<P: PartizanPosition> PartizanPosition for Sum<P> {
    fn left_options(&self) -> Vec<Self> {
        self.moves_in_parts(Player::Left)
    }

    fn right_options(&self) -> Vec<Self> {
        self.moves_in_parts(Player::Right)
    }

    /// Each part's components, each as a sum of one.
    fn components(&self) -> Vec<Self> {
        self.0
            .iter()
            .flat_map(PartizanPosition::components)
            .map(|part| Sum(vec![part]))
            .collect()
    }
}

/// Checks, for tests, that `position` and the sum of its components have the same outcome
/// class (by brute force: keep the positions small). Returns what was wrong.
pub fn check_outcome_of_components<P: PartizanPosition>(position: &P) -> Result<(), String> {
    let whole = super::oracle::outcome(position);
    let parts = position.components();
    let sum = super::oracle::outcome(&Sum(parts.clone()));
    if whole == sum {
        Ok(())
    } else {
        Err(format!(
            "{position:?} is {whole} but the sum of its components {parts:?} is {sum}"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::oracle::{outcome, OutcomeClass};

    /// A Left move or a Right move, once: `{0 | }` or `{ | 0}`, as a number of moves left.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    struct Moves(i32);

    impl PartizanPosition for Moves {
        fn left_options(&self) -> Vec<Self> {
            if self.0 > 0 {
                vec![Moves(self.0 - 1)]
            } else {
                vec![]
            }
        }
        fn right_options(&self) -> Vec<Self> {
            if self.0 < 0 {
                vec![Moves(self.0 + 1)]
            } else {
                vec![]
            }
        }
        fn components(&self) -> Vec<Self> {
            vec![self.clone()]
        }
    }

    #[test]
    fn integers_add_up() {
        assert_eq!(
            outcome(&Sum(vec![Moves(2), Moves(-2)])),
            OutcomeClass::Previous
        );
        assert_eq!(outcome(&Sum(vec![Moves(2), Moves(-1)])), OutcomeClass::Left);
        assert_eq!(
            outcome(&Sum(vec![Moves(1), Moves(-3)])),
            OutcomeClass::Right
        );
        assert_eq!(Sum(vec![Moves(1), Moves(-1)]).components().len(), 2);
        assert_eq!(check_outcome_of_components(&Moves(3)), Ok(()));
    }
}
