//! Nimbers: the minimum excludant and the nim-sum.
//!
//! A Grundy value is a nimber; the value of a sum of games is the nim-sum (bitwise XOR) of the
//! values of its components, and the value of a position is the mex of the values of its
//! options.

/// A Grundy value. Every game in this library has values far below 2^64.
pub type Nimber = u64;

/// The minimum excludant: the least natural number not in `values`.
///
/// ```
/// assert_eq!(grundy::nimber::mex([]), 0);
/// assert_eq!(grundy::nimber::mex([0, 1, 2, 4]), 3);
/// assert_eq!(grundy::nimber::mex([5, 0, 0, 1]), 2);
/// ```
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let mut seen = MexSet::default();
    for value in values {
        seen.insert(value);
    }
    seen.mex()
}

/// The nim-sum (bitwise XOR) of Grundy values: the value of the sum of the games.
///
/// ```
/// assert_eq!(grundy::nimber::nim_sum([3, 5]), 6);
/// assert_eq!(grundy::nimber::nim_sum(std::iter::empty()), 0);
/// ```
pub fn nim_sum<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    values.into_iter().fold(0, |acc, value| acc ^ value)
}

/// A growable bit set of small naturals for computing a mex without sorting or hashing.
///
/// Values of 2^24 and more are not stored: a mex that large would need millions of options,
/// which no game here has.
#[derive(Debug, Clone, Default)]
pub struct MexSet {
    words: Vec<u64>,
}

impl MexSet {
    /// An empty set with room for values below `capacity` without reallocating.
    pub fn with_capacity(capacity: usize) -> Self {
        MexSet {
            words: vec![0; capacity.div_ceil(64)],
        }
    }

    /// Adds a value.
    pub fn insert(&mut self, value: Nimber) {
        const BOUND: Nimber = 1 << 24;
        if value >= BOUND {
            return;
        }
        let word = (value / 64) as usize;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (value % 64);
    }

    /// Whether a value (below 2^24) was inserted.
    pub fn contains(&self, value: Nimber) -> bool {
        let word = (value / 64) as usize;
        word < self.words.len() && self.words[word] & (1 << (value % 64)) != 0
    }

    /// The least value not inserted.
    pub fn mex(&self) -> Nimber {
        for (index, word) in self.words.iter().enumerate() {
            if *word != u64::MAX {
                return index as Nimber * 64 + word.trailing_ones() as Nimber;
            }
        }
        self.words.len() as Nimber * 64
    }

    /// Empties the set, keeping its memory.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|word| *word = 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn slow_mex(values: &[Nimber]) -> Nimber {
        (0..)
            .find(|candidate| !values.contains(candidate))
            .unwrap_or(0)
    }

    #[test]
    fn mex_of_a_full_word_is_the_next_word() {
        assert_eq!(mex(0..64), 64);
        assert_eq!(mex(0..130), 130);
    }

    #[test]
    fn clear_empties_the_set() {
        let mut set = MexSet::with_capacity(10);
        set.insert(0);
        set.insert(1);
        assert_eq!(set.mex(), 2);
        set.clear();
        assert_eq!(set.mex(), 0);
        assert!(!set.contains(1));
    }

    proptest! {
        #[test]
        fn mex_agrees_with_a_linear_scan(values in proptest::collection::vec(0u64..200, 0..300)) {
            prop_assert_eq!(mex(values.iter().copied()), slow_mex(&values));
        }

        #[test]
        fn nim_sum_is_zero_on_pairs(values in proptest::collection::vec(any::<u64>(), 0..20)) {
            let doubled = values.iter().chain(values.iter()).copied();
            prop_assert_eq!(nim_sum(doubled), 0);
        }
    }
}
