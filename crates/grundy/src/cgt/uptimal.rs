//! Uptimals beyond the multiples of up: `↑ⁿ` ("up-nth", CGSuite's `^<n>`), as CGSuite's
//! uptimal tests build them (github.com/aaron-siegel/cgsuite, lib/core/src/test/scala/org/
//! cgsuite/core/UptimalTest.scala): `↑¹ = ↑` and `↑ⁿ = {0 | ↓* − ↑² − … − ↑ⁿ⁻¹}`, so
//! `↑² = {0 | ↓*}`.

use super::store::{GameId, ValueStore};

impl ValueStore {
    /// `↑ⁿ` for `n >= 1` (`↑¹ = ↑`); `0` for `n = 0`.
    pub fn up_nth(&mut self, n: u64) -> GameId {
        if n == 0 {
            return self.zero();
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
        nth
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
        assert_eq!(store.up_nth(1), up);
        // ↑² is positive and smaller than every positive multiple of ↑.
        let zero = store.zero();
        assert!(store.lt(zero, up2) && store.lt(up2, up));
    }
}
