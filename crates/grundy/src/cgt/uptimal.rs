//! Uptimals beyond the multiples of up: `↑ⁿ` ("up-nth", CGSuite's `^<n>`) and
//! `↑^{→n} = ↑ + ↑² + … + ↑ⁿ` (CGSuite's `^[n]`), from Siegel's *Combinatorial Game
//! Theory* (II.7) and CGSuite's uptimal tests: `↑¹ = ↑` and `↑ⁿ = {0 | ↓* − ↑² − … − ↑ⁿ⁻¹}`,
//! so `↑² = {0 | ↓*}`.

use super::store::{GameId, ValueStore};

impl ValueStore {
    /// `↑ⁿ` for `n >= 1` (`↑¹ = ↑`); `0` for `n = 0`.
    pub fn up_nth(&mut self, n: u64) -> GameId {
        self.uptimal_parts(n).0
    }

    /// `↑^{→n} = ↑ + ↑² + … + ↑ⁿ`; `0` for `n = 0`.
    pub fn up_sum(&mut self, n: u64) -> GameId {
        self.uptimal_parts(n).1
    }

    /// `(↑ⁿ, ↑ + … + ↑ⁿ)`.
    fn uptimal_parts(&mut self, n: u64) -> (GameId, GameId) {
        if n == 0 {
            let zero = self.zero();
            return (zero, zero);
        }
        let mut nth = self.ups(1);
        let mut sum = nth;
        let zero = self.zero();
        let star = self.nimber(1);
        for _ in 2..=n {
            let down_sum = self.neg(sum);
            let right = self.add(down_sum, star);
            nth = self.game(&[zero], &[right]);
            sum = self.add(sum, nth);
        }
        (nth, sum)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn up_second_is_zero_over_down_star() {
        let mut store = ValueStore::new();
        let up2 = store.up_nth(2);
        assert_eq!(up2, store.evaluate("{0|v*}").unwrap());
        let up3 = store.up_nth(3);
        assert_eq!(up3, store.evaluate("{0|v* - {0|v*}}").unwrap());
        let up = store.ups(1);
        assert_eq!(store.up_sum(1), up);
        let sum2 = store.up_sum(2);
        assert_eq!(sum2, store.add(up, up2));
        // ↑² is positive and smaller than every positive multiple of ↑.
        let zero = store.zero();
        assert!(store.lt(zero, up2) && store.lt(up2, up));
    }
}
