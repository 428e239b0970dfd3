//! A plain bit vector that reads 64 bits starting anywhere, which the outcome table's
//! block-parallel build needs: the passes of 64 consecutive rooms at one stake land on 64
//! consecutive, usually unaligned, smaller rooms.

/// Bits `0..len`, packed 64 to a word, with one spare word so that a window starting at
/// any bit below `len` can be read without a bounds branch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Bits {
    words: Vec<u64>,
}

impl Bits {
    /// `len` zero bits.
    pub(super) fn zeros(len: u64) -> Self {
        // len ≤ BiddingOutcomes::MAX_N + 64, so the word count fits in usize.
        let words = (len / 64) as usize + 2;
        Bits {
            words: vec![0; words],
        }
    }

    /// Bit `index`.
    #[inline(always)]
    pub(super) fn get(&self, index: u64) -> bool {
        (self.words[(index / 64) as usize] >> (index % 64)) & 1 == 1
    }

    /// Bits `start..start + 64` as one word, bit `start` lowest.
    #[inline(always)]
    pub(super) fn window(&self, start: u64) -> u64 {
        let word = (start / 64) as usize;
        let shift = start % 64;
        if shift == 0 {
            self.words[word]
        } else {
            (self.words[word] >> shift) | (self.words[word + 1] << (64 - shift))
        }
    }

    /// Bits `start..start + 64` for a start that may lie before bit 0 (`start = -before`):
    /// the missing low bits read as zero.
    #[inline(always)]
    pub(super) fn window_from(&self, start: u64, before: u64) -> u64 {
        if before == 0 {
            self.window(start)
        } else if before >= 64 {
            0
        } else {
            self.window(0) << before
        }
    }

    /// Ors `bits` into word `word` (bits `64·word .. 64·word + 64`).
    #[inline(always)]
    pub(super) fn or_word(&mut self, word: usize, bits: u64) {
        self.words[word] |= bits;
    }

    /// Clears every bit from `from` on.
    pub(super) fn clear_from(&mut self, from: u64) {
        let word = (from / 64) as usize;
        if let Some(first) = self.words.get_mut(word) {
            *first &= (1u64 << (from % 64)) - 1;
        }
        for rest in self.words.iter_mut().skip(word + 1) {
            *rest = 0;
        }
    }

    /// Bytes of heap held.
    pub(super) fn memory_bytes(&self) -> u64 {
        (self.words.capacity() * std::mem::size_of::<u64>()) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_cross_words_and_the_start() {
        let mut bits = Bits::zeros(200);
        bits.or_word(0, 1 << 63);
        bits.or_word(1, 0b101);
        assert!(bits.get(63) && bits.get(64) && !bits.get(65) && bits.get(66));
        assert_eq!(bits.window(63), 0b1011);
        assert_eq!(bits.window(64), 0b101);
        assert_eq!(bits.window_from(0, 1), (1 << 63) << 1);
        assert_eq!(bits.window_from(0, 64), 0);
        bits.clear_from(65);
        assert_eq!(bits.window(63), 0b11);
        assert_eq!(bits.memory_bytes(), 5 * 8);
    }
}
