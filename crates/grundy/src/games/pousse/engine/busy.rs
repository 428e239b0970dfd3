//! The positions that search threads are searching right now, so that a thread can put off
//! a move another thread is already on (simplified ABDADA).
//!
//! With several threads on one shared transposition table (Lazy SMP), every thread searches
//! the same tree in the same order, and the threads mostly repeat each other's work. Here a
//! thread that comes to a move whose child position another thread is searching searches
//! its other moves first and comes back to that one last, when the other thread's result is
//! usually in the table already. The table is small and lossy: a slot holds one key, a
//! collision only makes a thread defer a move it need not have deferred (or not defer one),
//! which costs time, never correctness.

use std::sync::atomic::{AtomicU64, Ordering};

/// Slots in the table: more than the nodes at deferring depth that two to eight threads are
/// inside at once, by far.
const SLOTS: usize = 1 << 14;

/// The keys of the positions being searched by some thread.
pub(super) struct BusyPositions {
    slots: Vec<AtomicU64>,
}

impl BusyPositions {
    /// An empty table.
    pub(super) fn new() -> BusyPositions {
        BusyPositions {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[key as usize & (SLOTS - 1)]
    }

    /// Whether some thread is searching the position with this key.
    pub(super) fn is_busy(&self, key: u64) -> bool {
        key != 0 && self.slot(key).load(Ordering::Relaxed) == key
    }

    /// Marks the position as being searched.
    pub(super) fn enter(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    /// Marks the position as no longer searched, unless another key took the slot since.
    pub(super) fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_busy_between_enter_and_leave() {
        let busy = BusyPositions::new();
        let key = 0x1234_5678_9abc_def1;
        assert!(!busy.is_busy(key));
        busy.enter(key);
        assert!(busy.is_busy(key));
        busy.leave(key);
        assert!(!busy.is_busy(key));
    }

    #[test]
    fn leaving_does_not_clear_a_key_that_took_the_slot() {
        let busy = BusyPositions::new();
        let first = 5;
        let second = 5 + SLOTS as u64;
        busy.enter(first);
        busy.enter(second);
        busy.leave(first);
        assert!(busy.is_busy(second));
        assert!(!busy.is_busy(first));
    }
}
