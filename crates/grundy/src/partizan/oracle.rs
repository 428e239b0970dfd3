//! A plain win/loss solver: memoised brute force over the options, knowing nothing of
//! values or sums. It is the test oracle of the value engine and of the games' components:
//! slow, but correct for any short partizan game.

use std::collections::HashMap;
use std::fmt;

use crate::player::Player;
use crate::position::PartizanPosition;

/// The four outcome classes of a partizan game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OutcomeClass {
    /// Left wins whoever starts (value > 0).
    Left,
    /// Right wins whoever starts (value < 0).
    Right,
    /// The first player wins (value fuzzy with 0).
    Next,
    /// The second player wins (value 0).
    Previous,
}

impl OutcomeClass {
    /// The class from who wins moving first: Left's answer, then Right's.
    pub fn from_first_player_wins(left_wins: bool, right_wins: bool) -> Self {
        match (left_wins, right_wins) {
            (true, true) => OutcomeClass::Next,
            (true, false) => OutcomeClass::Left,
            (false, true) => OutcomeClass::Right,
            (false, false) => OutcomeClass::Previous,
        }
    }
}

impl fmt::Display for OutcomeClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OutcomeClass::Left => "L",
            OutcomeClass::Right => "R",
            OutcomeClass::Next => "N",
            OutcomeClass::Previous => "P",
        })
    }
}

/// Memoised brute force over the options of a [`PartizanPosition`] (its left and right
/// options): whether the player to move wins, for each position and player to move.
///
/// It searches whole positions (an outcome is not a function of the components' outcomes),
/// so its cost grows with the number of positions reachable. Recursion depth is the length
/// of the longest game.
#[derive(Debug)]
pub struct Oracle<P: PartizanPosition> {
    memo: HashMap<(P, Player), bool>,
}

impl<P: PartizanPosition> Default for Oracle<P> {
    fn default() -> Self {
        Oracle {
            memo: HashMap::new(),
        }
    }
}

impl<P: PartizanPosition> Oracle<P> {
    /// An oracle with an empty memo.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether `side` wins `position` when it moves first: some option of `side` is lost for
    /// the opponent moving first.
    pub fn wins_moving_first(&mut self, position: &P, side: Player) -> bool {
        let key = (position.clone(), side);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let wins = position
            .options(side)
            .iter()
            .any(|option| !self.wins_moving_first(option, side.opponent()));
        self.memo.insert(key, wins);
        wins
    }

    /// The outcome class of `position`.
    pub fn outcome(&mut self, position: &P) -> OutcomeClass {
        let left = self.wins_moving_first(position, Player::Left);
        let right = self.wins_moving_first(position, Player::Right);
        OutcomeClass::from_first_player_wins(left, right)
    }

    /// How many (position, player) pairs are memoised.
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }
}

/// Whether Left wins `position` moving first, with a fresh [`Oracle`].
pub fn left_wins_moving_first<P: PartizanPosition>(position: &P) -> bool {
    Oracle::new().wins_moving_first(position, Player::Left)
}

/// Whether Right wins `position` moving first, with a fresh [`Oracle`].
pub fn right_wins_moving_first<P: PartizanPosition>(position: &P) -> bool {
    Oracle::new().wins_moving_first(position, Player::Right)
}

/// The outcome class of `position`, with a fresh [`Oracle`].
pub fn outcome<P: PartizanPosition>(position: &P) -> OutcomeClass {
    Oracle::new().outcome(position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::PartizanPosition;

    /// A toy game: an integer `n` where Left may subtract 1 from a positive `n` and Right
    /// add 1 to a negative one, so `n` is worth `n`.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    struct Integer(i32);

    impl PartizanPosition for Integer {
        fn left_options(&self) -> Vec<Self> {
            if self.0 > 0 {
                vec![Integer(self.0 - 1)]
            } else {
                vec![]
            }
        }
        fn right_options(&self) -> Vec<Self> {
            if self.0 < 0 {
                vec![Integer(self.0 + 1)]
            } else {
                vec![]
            }
        }
        fn components(&self) -> Vec<Self> {
            if self.0 == 0 {
                vec![]
            } else {
                vec![self.clone()]
            }
        }
    }

    #[test]
    fn integers_have_the_sign_class() {
        assert_eq!(outcome(&Integer(3)), OutcomeClass::Left);
        assert_eq!(outcome(&Integer(-2)), OutcomeClass::Right);
        assert_eq!(outcome(&Integer(0)), OutcomeClass::Previous);
        assert!(left_wins_moving_first(&Integer(1)));
        assert!(!right_wins_moving_first(&Integer(1)));
        assert_eq!(OutcomeClass::Next.to_string(), "N");
    }
}
