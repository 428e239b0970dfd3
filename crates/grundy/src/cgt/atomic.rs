//! All-small games and their atomic weights.
//!
//! A game is **all-small** (dicotic) when in every subposition either both players can move
//! or neither can; Clobber is the standard example. All-small games are infinitesimal, and
//! the **atomic weight** `aw(G)` measures `G` in units of `↑`: `aw(↑) = 1`, `aw(*) = 0`,
//! `aw(n·↑) = n` (Berlekamp, Conway and Guy, *Winning Ways*, ch. 7–8; Siegel, *Combinatorial
//! Game Theory*, II.7). Left wins `G` whoever starts when `aw(G) >= 2`.
//!
//! The atomic weight calculus computes it from the options:
//! `G'' = {aw(G^L) - 2 | aw(G^R) + 2}`; then `aw(G) = G''` unless `G''` is an integer. In
//! that eccentric case `G` is compared with a *far star* `☆` (a nimber `*N` with `N` beyond
//! every nimber among `G`'s followers):
//! - `G > ☆`: `aw(G)` is the largest integer `n` with `n ⧏ aw(G^R) + 2` for every `G^R`;
//! - `G < ☆`: the smallest integer `n` with `n ⧐ aw(G^L) - 2` for every `G^L`;
//! - otherwise (`G = ☆` or `G || ☆`): `0`.

use super::store::{deep, GameId, ValueStore};
use crate::integer::Integer;

/// Why a game has no atomic weight that grundy can give.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotAllSmall {
    /// The game is not all-small.
    #[error("{game} is not all-small (some subposition lets only one player move), so it has no atomic weight")]
    NotAllSmall {
        /// The game, in notation.
        game: String,
    },
    /// The calculus needs a far star `*N` with `N` above the game's birthday, and nimbers
    /// are held as 64-bit numbers.
    #[error("the atomic weight needs a nimber above the birthday {birthday}, past the largest nimber held (2^63)")]
    TooLarge {
        /// The game's birthday.
        birthday: Integer,
    },
}

impl ValueStore {
    /// Whether every subposition of `g` lets both players move or neither.
    pub fn is_all_small(&mut self, g: GameId) -> bool {
        if let Some(&answer) = self.all_small.get(&g) {
            return answer;
        }
        if self.is_interrupted() {
            return false;
        }
        let answer = match self.as_nus(g) {
            Some(nus) => nus.number == super::Dyadic::ZERO,
            None => {
                let lefts = self.left_options(g);
                let rights = self.right_options(g);
                lefts.is_empty() == rights.is_empty()
                    && lefts
                        .iter()
                        .chain(rights.iter())
                        .all(|&option| deep(|| self.is_all_small(option)))
            }
        };
        let growth = super::store::growth_bytes(&self.all_small);
        if self.afford(growth) {
            self.all_small.insert(g, answer);
            self.step();
        }
        answer
    }

    /// The atomic weight of an all-small game (a game value, often an integer).
    ///
    /// ```
    /// use grundy::cgt::ValueStore;
    /// let mut store = ValueStore::new();
    /// let up = store.ups(1);
    /// let one = store.integer(1);
    /// assert_eq!(store.atomic_weight(up), Ok(one));
    /// assert!(store.atomic_weight(one).is_err());
    /// ```
    pub fn atomic_weight(&mut self, g: GameId) -> Result<GameId, NotAllSmall> {
        if !self.is_all_small(g) {
            return Err(NotAllSmall::NotAllSmall {
                game: self.display(g),
            });
        }
        self.atomic_weight_of_all_small(g)
    }

    fn atomic_weight_of_all_small(&mut self, g: GameId) -> Result<GameId, NotAllSmall> {
        if let Some(&weight) = self.atomic_weights.get(&g) {
            return Ok(weight);
        }
        if self.is_interrupted() {
            return Ok(self.placeholder());
        }
        let weight = match self.as_nus(g) {
            // n·↑ + *m has atomic weight n.
            Some(nus) => self.number(nus.ups.into()),
            None => deep(|| self.atomic_weight_by_calculus(g))?,
        };
        let growth = super::store::growth_bytes(&self.atomic_weights);
        if self.afford(growth) {
            self.atomic_weights.insert(g, weight);
            self.step();
        }
        Ok(weight)
    }

    fn atomic_weight_by_calculus(&mut self, g: GameId) -> Result<GameId, NotAllSmall> {
        let two = self.integer(2);
        let minus_two = self.integer(-2);
        let lefts = self.left_options(g);
        let rights = self.right_options(g);
        let mut left_weights = Vec::with_capacity(lefts.len());
        for l in lefts {
            let w = self.atomic_weight_of_all_small(l)?;
            left_weights.push(self.add(w, minus_two));
        }
        let mut right_weights = Vec::with_capacity(rights.len());
        for r in rights {
            let w = self.atomic_weight_of_all_small(r)?;
            right_weights.push(self.add(w, two));
        }
        let candidate = self.game(&left_weights, &right_weights);
        if !self.as_number(candidate).is_some_and(|x| x.is_integer()) {
            return Ok(candidate);
        }
        let far_star = self.far_star(g)?;
        let one = Integer::ONE;
        Ok(match self.compare(g, far_star) {
            super::Comparison::Greater => {
                // The largest n with n ⧏ H (not H <= n) for every H = aw(G^R) + 2; every
                // n below the least right stop qualifies, none above the least left stop.
                let low = right_weights
                    .iter()
                    .map(|&h| self.right_stop(h).floor())
                    .min()
                    .unwrap_or_default();
                let high = &right_weights
                    .iter()
                    .map(|&h| self.left_stop(h).floor())
                    .min()
                    .unwrap_or_default()
                    + &one;
                let mut n = high;
                let last = &low - &one;
                loop {
                    let candidate = self.number(n.clone().into());
                    if n <= last || right_weights.iter().all(|&h| !self.le(h, candidate)) {
                        break candidate;
                    }
                    n = &n - &one;
                }
            }
            super::Comparison::Less => {
                let high = left_weights
                    .iter()
                    .map(|&h| self.left_stop(h).ceil())
                    .max()
                    .unwrap_or_default();
                let low = &left_weights
                    .iter()
                    .map(|&h| self.right_stop(h).ceil())
                    .max()
                    .unwrap_or_default()
                    - &one;
                let mut n = low;
                let last = &high + &one;
                loop {
                    let candidate = self.number(n.clone().into());
                    if n >= last || left_weights.iter().all(|&h| !self.le(candidate, h)) {
                        break candidate;
                    }
                    n = &n + &one;
                }
            }
            _ => self.zero(),
        })
    }

    /// A nimber beyond every nimber among the followers of `g`: `*2^k` with `2^k` above
    /// the birthday of `g` (no follower's nimber part can reach it).
    fn far_star(&mut self, g: GameId) -> Result<GameId, NotAllSmall> {
        let day = self.birthday(g);
        let n = (&day + &Integer::small(2))
            .to_u64()
            .and_then(u64::checked_next_power_of_two)
            .filter(|&n| n <= 1 << 63)
            .ok_or(NotAllSmall::TooLarge { birthday: day })?;
        Ok(self.nimber(n))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn atomic_weights_of_nus() {
        // aw(↑) = 1, aw(*) = 0, aw(⇑*) = 2 (Winning Ways, ch. 7; Siegel II.7).
        let mut store = ValueStore::new();
        let (zero, one, two) = (store.zero(), store.integer(1), store.integer(2));
        let up = store.ups(1);
        let star = store.nimber(1);
        assert_eq!(store.atomic_weight(up), Ok(one));
        assert_eq!(store.atomic_weight(star), Ok(zero));
        let double_up_star = store.parse("^^*").unwrap();
        assert_eq!(store.atomic_weight(double_up_star), Ok(two));
        assert!(store.atomic_weight(one).is_err());
    }

    #[test]
    fn the_calculus_agrees_with_the_nus_formula() {
        // Build ↑, ⇑*, ↓*3 from option lists that are not their canonical forms' tags, via
        // the calculus, by hiding them inside {G|G}-free wrappers: here the general route
        // is run directly on the canonical options.
        let mut store = ValueStore::new();
        for text in ["^", "^*", "^^", "^^*", "v*3", "^3", "*2", "v"] {
            let g = store.parse(text).unwrap();
            let expected = store.atomic_weight(g).unwrap();
            let computed = store.atomic_weight_by_calculus(g).unwrap();
            assert_eq!(computed, expected, "{text}");
        }
    }
}
