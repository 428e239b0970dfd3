//! The engine's transposition table: lock-free slots shared by the search threads.

use std::sync::atomic::{AtomicU64, Ordering};

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
}

/// A lock-free transposition table: each slot is (key XOR data, data), so a torn write by
/// another thread is detected as a miss instead of being trusted.
pub(super) struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
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
        }
    }

    /// The number of slots.
    pub(super) fn len(&self) -> usize {
        self.slots.len()
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
            bound: match data >> 56 {
                1 => Bound::Lower,
                2 => Bound::Upper,
                _ => Bound::Exact,
            },
        })
    }

    /// Stores `entry` for `key` in its slot, replacing what the slot held.
    pub(super) fn store(&self, key: u64, entry: Entry) {
        let slot = &self.slots[key as usize & self.mask];
        let mv = entry.mv.map_or(0, |m| u64::from(m) + 1);
        let data = u64::from(entry.score as u32)
            | (mv << 32)
            | (u64::from(entry.depth) << 48)
            | ((entry.bound as u64) << 56);
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: i32, bound: Bound) -> Entry {
        Entry {
            score,
            mv: Some(17),
            depth: 9,
            bound,
        }
    }

    #[test]
    fn an_entry_reads_back_as_stored() {
        let table = Table::new(1 << 10);
        for (key, stored) in [
            (0x1234_5678_9abc_def0, entry(-999_990, Bound::Upper)),
            (0x0fed_cba9_8765_4321, entry(42, Bound::Lower)),
            (7, entry(i32::MIN + 1, Bound::Exact)),
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
    fn a_torn_slot_reads_as_a_miss() {
        let table = Table::new(1024);
        table.store(99, entry(5, Bound::Exact));
        // Another thread's write of the data half only: key XOR data no longer matches.
        table.slots[99][1].store(12345, Ordering::Relaxed);
        assert_eq!(table.probe(99), None);
    }

    #[test]
    fn clearing_forgets_every_entry() {
        let table = Table::new(1024);
        table.store(99, entry(5, Bound::Exact));
        table.clear();
        assert_eq!(table.probe(99), None);
        assert_eq!(table.len(), 1024);
    }
}
