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

use super::store::{GameId, ValueStore};

/// The atomic weight was asked of a game that is not all-small.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{game} is not all-small (some subposition lets only one player move), so it has no atomic weight")]
pub struct NotAllSmall {
    /// The game, in notation.
    pub game: String,
}

impl ValueStore {
    /// Whether every subposition of `g` lets both players move or neither.
    pub fn is_all_small(&mut self, g: GameId) -> bool {
        if let Some(&answer) = self.all_small.get(&g) {
            return answer;
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
                        .all(|&option| self.is_all_small(option))
            }
        };
        self.all_small.insert(g, answer);
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
            return Err(NotAllSmall {
                game: self.display(g),
            });
        }
        Ok(self.atomic_weight_of_all_small(g))
    }

    fn atomic_weight_of_all_small(&mut self, g: GameId) -> GameId {
        if let Some(&weight) = self.atomic_weights.get(&g) {
            return weight;
        }
        let weight = match self.as_nus(g) {
            // n·↑ + *m has atomic weight n.
            Some(nus) => self.integer(nus.ups),
            None => self.atomic_weight_by_calculus(g),
        };
        self.atomic_weights.insert(g, weight);
        weight
    }

    fn atomic_weight_by_calculus(&mut self, g: GameId) -> GameId {
        let two = self.integer(2);
        let minus_two = self.integer(-2);
        let lefts = self.left_options(g);
        let rights = self.right_options(g);
        let mut left_weights = Vec::with_capacity(lefts.len());
        for l in lefts {
            let w = self.atomic_weight_of_all_small(l);
            left_weights.push(self.add(w, minus_two));
        }
        let mut right_weights = Vec::with_capacity(rights.len());
        for r in rights {
            let w = self.atomic_weight_of_all_small(r);
            right_weights.push(self.add(w, two));
        }
        let candidate = self.game(&left_weights, &right_weights);
        if !self.as_number(candidate).is_some_and(|x| x.is_integer()) {
            return candidate;
        }
        let far_star = self.far_star(g);
        match self.compare(g, far_star) {
            super::Comparison::Greater => {
                // The largest n with n ⧏ H (not H <= n) for every H = aw(G^R) + 2; every
                // n below the least right stop qualifies, none above the least left stop.
                let low = right_weights
                    .iter()
                    .map(|&h| self.right_stop(h).floor())
                    .min()
                    .unwrap_or(0);
                let high = right_weights
                    .iter()
                    .map(|&h| self.left_stop(h).floor())
                    .min()
                    .unwrap_or(0)
                    + 1;
                let mut n = high;
                while n >= low - 1 {
                    let candidate = self.integer(clamp(n));
                    if right_weights.iter().all(|&h| !self.le(h, candidate)) {
                        return candidate;
                    }
                    n -= 1;
                }
                self.integer(clamp(n))
            }
            super::Comparison::Less => {
                let high = left_weights
                    .iter()
                    .map(|&h| self.left_stop(h).ceil())
                    .max()
                    .unwrap_or(0);
                let low = left_weights
                    .iter()
                    .map(|&h| self.right_stop(h).ceil())
                    .max()
                    .unwrap_or(0)
                    - 1;
                let mut n = low;
                while n <= high + 1 {
                    let candidate = self.integer(clamp(n));
                    if left_weights.iter().all(|&h| !self.le(candidate, h)) {
                        return candidate;
                    }
                    n += 1;
                }
                self.integer(clamp(n))
            }
            _ => self.zero(),
        }
    }

    /// A nimber beyond every nimber among the followers of `g`: `*2^k` with `2^k` above
    /// the birthday of `g` (no follower's nimber part can reach it).
    fn far_star(&mut self, g: GameId) -> GameId {
        let day = self.birthday(g);
        let n = (day + 2).next_power_of_two();
        self.nimber(n)
    }
}

/// An atomic weight's integer candidate as an `i64` (they are tiny in practice).
fn clamp(n: i128) -> i64 {
    i64::try_from(n).unwrap_or(if n < 0 { i64::MIN } else { i64::MAX })
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
            let computed = store.atomic_weight_by_calculus(g);
            assert_eq!(computed, expected, "{text}");
        }
    }
}
