//! Who wins after a move, and the mean there, without valuing the position the move leads
//! to.
//!
//! A move changes a sum in one place: an option keeps the components before and after the
//! ones the move touched and replaces those by what the move left of them. With `S` the
//! value of the position and `D` the value of the parts the move removed less the value of
//! the parts it added, the option is `S - D`, so
//!
//! - Left, moving, wins there (the option is `≥ 0`) exactly when `D ≤ S`, and Right (the
//!   option is `≤ 0`) exactly when `S ≤ D`: one comparison of canonical forms, no sum of
//!   the whole option;
//! - the mean of the option is `mean(S) - mean(D)` (the mean of a sum is the sum of the
//!   means; Siegel, *Combinatorial Game Theory*, II.5).
//!
//! `D` is a sum of one or two rows, where the option is a sum of all of them: the report of a
//! sum of six hot rows of Toppling Dominoes spent three quarters of its time adding every
//! option's rows into a canonical form (docs/benchmarks.md, Toppling Dominoes).

use crate::cgt::{Evaluator, GameId, ValueStore};
use crate::position::PartizanPosition;

/// A position's components with their values.
pub struct Parts<P> {
    /// The components, as [`PartizanPosition::components`] lists them.
    parts: Vec<P>,
    /// The value of each.
    values: Vec<GameId>,
}

impl<P: PartizanPosition> Parts<P> {
    /// The components of `position`, each valued through `evaluator`.
    pub fn new(store: &mut ValueStore, evaluator: &mut Evaluator<P>, position: &P) -> Self {
        let parts = position.components();
        let values = parts
            .iter()
            .map(|part| evaluator.component(store, part))
            .collect();
        Parts { parts, values }
    }

    /// `D`, the value of the components `option` no longer has less the value of those it
    /// has instead (the option is the position less `D`), or `None` when the option keeps
    /// none of the position's components (`D` would be as large as the option itself).
    pub fn change(
        &self,
        store: &mut ValueStore,
        evaluator: &mut Evaluator<P>,
        option: &P,
    ) -> Option<GameId> {
        let after = option.components();
        let same_start = self
            .parts
            .iter()
            .zip(&after)
            .take_while(|(before, after)| before == after)
            .count();
        let room = self.parts.len().min(after.len()) - same_start;
        let same_end = self.parts[same_start..]
            .iter()
            .rev()
            .zip(after[same_start..].iter().rev())
            .take(room)
            .take_while(|(before, after)| before == after)
            .count();
        if same_start + same_end == 0 {
            return None;
        }
        let mut removed = store.zero();
        for &value in &self.values[same_start..self.parts.len() - same_end] {
            removed = store.add(removed, value);
        }
        let mut added = store.zero();
        for part in &after[same_start..after.len() - same_end] {
            let value = evaluator.component(store, part);
            added = store.add(added, value);
        }
        Some(store.sub(removed, added))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::partizan::toy::Stalks;
    use crate::partizan::PartizanGame;
    use crate::player::Player;

    /// Sums of stalks whose moves change the first, a middle or the last part, remove a
    /// part, or leave a position of one part.
    const POSITIONS: [&str; 8] = [
        "L",
        "LR",
        "LR+R",
        "E+E",
        "LRE+RL+E",
        "LLE+RRE+ELR",
        "LE+LE+LE+RL",
        "LRL+RLR+ELE+LLR+RRL",
    ];

    #[test]
    fn the_option_is_the_position_less_the_change() {
        let mut store = ValueStore::new();
        let mut evaluator = Evaluator::new();
        let mut kept_some = 0;
        for text in POSITIONS {
            let position: Stalks = text.parse().unwrap();
            let value = evaluator.value(&mut store, &position);
            let parts = Parts::new(&mut store, &mut evaluator, &position);
            for side in [Player::Left, Player::Right] {
                for mv in position.moves(side) {
                    let option = position.play(side, &mv).unwrap();
                    let own = evaluator.value(&mut store, &option);
                    match parts.change(&mut store, &mut evaluator, &option) {
                        Some(change) => {
                            kept_some += 1;
                            assert_eq!(store.sub(value, change), own, "{text}: {side} {mv}");
                        }
                        // Nothing kept: the first and the last parts both changed.
                        None => {
                            let (before, after) = (position.components(), option.components());
                            assert_ne!(before.first(), after.first(), "{text}: {side} {mv}");
                            assert_ne!(before.last(), after.last(), "{text}: {side} {mv}");
                        }
                    }
                }
            }
        }
        assert!(kept_some > 20);
    }
}
