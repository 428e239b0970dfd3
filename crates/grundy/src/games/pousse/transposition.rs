//! The engine's transposition table: lock-free slots shared by the search threads, and the
//! number of the search that stored each entry.
//!
//! An engine keeps its table from one move of a game to the next, so the first iterations
//! of a search find their positions stored. A proven result (a win or a loss in so many
//! moves) stored by an earlier search may be stale: under the ICFP rule a move that produces
//! a state the game has produced loses, and the states produced since that search may be
//! exactly what its proof went through. The number of the search that stored an entry says
//! whether it is such a proof ([`Entry::trusted`]); the search decides what to do with it.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score says about the node's true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Bound {
    /// The score is the node's value (to the stored depth).
    Exact = 0,
    /// The node is worth at least the score (a cut-off).
    Lower = 1,
    /// The node is worth at most the score (no move reached alpha).
    Upper = 2,
}

/// One stored position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Entry {
    /// The score, with proven results counted from the node.
    pub(super) score: i32,
    /// The best move found, as its index among the position's moves.
    pub(super) mv: Option<u16>,
    /// The depth the score was searched to.
    pub(super) depth: u8,
    /// What the score says.
    pub(super) bound: Bound,
    /// The search that stored the entry, modulo [`GENERATIONS`].
    pub(super) generation: u8,
}

impl Entry {
    /// Whether a search numbered `generation` can take this entry's score as it is: always
    /// when the entry is its own, and otherwise unless the score is a proven result (beyond
    /// `proven_bound` either way), which may be stale.
    pub(super) fn trusted(&self, generation: u8, proven_bound: i32) -> bool {
        self.generation == generation || self.score.abs() < proven_bound
    }
}

/// How many searches the table tells apart: an entry keeps its search's number in six bits
/// (the numbers wrap around, so an entry 64 searches old passes for new; by then nearly every
/// slot has been written again).
pub(super) const GENERATIONS: u8 = 64;

/// A lock-free transposition table: each slot is (key XOR data, data), so a torn write by
/// another thread is detected as a miss instead of being trusted.
pub(super) struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
    /// The number of the search now using the table, modulo [`GENERATIONS`].
    generation: AtomicU8,
}

impl Table {
    /// A table of at least `entries` slots (a power of two, at least 1 024).
    pub(super) fn new(entries: usize) -> Table {
        let size = entries.max(1024).next_power_of_two();
        Table {
            slots: (0..size)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: size - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// The number of slots.
    pub(super) fn len(&self) -> usize {
        self.slots.len()
    }

    /// Starts a new search and returns its number: entries stored before it become an
    /// earlier generation.
    pub(super) fn next_generation(&self) -> u8 {
        let next = (self.generation.load(Ordering::Relaxed) + 1) % GENERATIONS;
        self.generation.store(next, Ordering::Relaxed);
        next
    }

    /// Forgets every entry.
    pub(super) fn clear(&self) {
        for slot in &self.slots {
            slot[0].store(0, Ordering::Relaxed);
            slot[1].store(0, Ordering::Relaxed);
        }
    }

    /// The entry stored for `key`, if its slot holds it whole.
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot[1].load(Ordering::Relaxed);
        if slot[0].load(Ordering::Relaxed) ^ data != key || data == 0 {
            return None;
        }
        let mv = ((data >> 32) & 0xFFFF) as u16;
        Some(Entry {
            score: data as u32 as i32,
            mv: mv.checked_sub(1),
            depth: ((data >> 48) & 0xFF) as u8,
            bound: match (data >> 56) & 3 {
                1 => Bound::Lower,
                2 => Bound::Upper,
                _ => Bound::Exact,
            },
            generation: (data >> 58) as u8,
        })
    }

    /// Stores `entry` for `key` in its slot, replacing what the slot held.
    pub(super) fn store(&self, key: u64, entry: Entry) {
        let slot = &self.slots[key as usize & self.mask];
        let mv = entry.mv.map_or(0, |m| u64::from(m) + 1);
        let data = u64::from(entry.score as u32)
            | (mv << 32)
            | (u64::from(entry.depth) << 48)
            | ((entry.bound as u64) << 56)
            | (u64::from(entry.generation % GENERATIONS) << 58);
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROVEN: i32 = 990_000;

    fn entry(score: i32, generation: u8) -> Entry {
        Entry {
            score,
            mv: Some(17),
            depth: 9,
            bound: Bound::Upper,
            generation,
        }
    }

    #[test]
    fn an_entry_reads_back_as_stored_with_its_generation() {
        let table = Table::new(1 << 10);
        for (key, stored) in [
            (0x1234_5678_9abc_def0, entry(-999_990, 63)),
            (0x0fed_cba9_8765_4321, entry(42, 0)),
            (7, entry(i32::MIN + 1, 31)),
        ] {
            table.store(key, stored);
            assert_eq!(table.probe(key), Some(stored));
            assert_eq!(
                table.probe(key ^ 1 << 40),
                None,
                "another key in the same slot"
            );
        }
    }

    #[test]
    fn generations_count_searches_and_wrap_around() {
        let table = Table::new(1024);
        let numbers: Vec<u8> = (0..130).map(|_| table.next_generation()).collect();
        assert_eq!(&numbers[..3], &[1, 2, 3]);
        assert_eq!(numbers[62], 63);
        assert_eq!(numbers[63], 0);
        assert!(numbers.iter().all(|&n| n < GENERATIONS));
    }

    #[test]
    fn a_proof_from_an_earlier_search_is_not_trusted() {
        // A proven result of this search, and evaluations of any search, are used as they are.
        assert!(entry(PROVEN + 5, 4).trusted(4, PROVEN));
        assert!(entry(-PROVEN - 5, 4).trusted(4, PROVEN));
        assert!(entry(350, 3).trusted(4, PROVEN));
        assert!(entry(-350, 3).trusted(4, PROVEN));
        // A proven win or loss stored by an earlier search is not.
        assert!(!entry(PROVEN + 5, 3).trusted(4, PROVEN));
        assert!(!entry(-PROVEN - 5, 3).trusted(4, PROVEN));
    }

    #[test]
    fn clearing_forgets_every_entry() {
        let table = Table::new(1024);
        table.store(99, entry(5, 1));
        table.clear();
        assert_eq!(table.probe(99), None);
        assert_eq!(table.len(), 1024);
    }
}
