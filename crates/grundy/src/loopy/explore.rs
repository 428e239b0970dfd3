//! Exploring a game: every position reachable from the start, numbered in the order they
//! are found (breadth first, the start first), into an explicit [`Graph`].
//!
//! The positions themselves are kept once, in a list indexed by id; the table that finds a
//! position's id holds only the ids (4 bytes a slot), and hashes a position from the list
//! when it needs to. What the run holds (the list, the bytes each position owns on the
//! heap, the table, the graph's arrays, the list of moves of the position at hand) is
//! counted as it grows, and a growth that would pass the memory limit ends the run with
//! [`LoopyError::OverMemory`] before it allocates.

use std::collections::hash_map::DefaultHasher;
use std::hash::{BuildHasher, BuildHasherDefault};

use hashbrown::HashTable;

use super::bounds::{Bounds, LoopyError, Meter, Phase};
use super::graph::{Graph, MAX_MOVES, MAX_POSITIONS};
use super::Rules;

/// The positions of a game reachable from its start, with their graph.
pub struct Explored<S> {
    states: Vec<S>,
    index: HashTable<u32>,
    hasher: BuildHasherDefault<DefaultHasher>,
    graph: Graph,
    state_bytes: usize,
}

impl<S: Clone + Eq + std::hash::Hash> std::fmt::Debug for Explored<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Explored")
            .field("graph", &self.graph)
            .field("bytes", &self.bytes())
            .finish()
    }
}

/// The bytes of a position's own memory counted as one step of exploring's work.
const WORK_BYTES: u64 = 64;

/// The bytes a vector's next push adds to what is held while it grows (the new buffer
/// beside the old one), or 0 when it has room.
fn growth<T>(list: &Vec<T>) -> usize {
    if list.len() < list.capacity() {
        0
    } else {
        list.capacity().saturating_mul(2).max(4) * std::mem::size_of::<T>()
    }
}

impl<S: Clone + Eq + std::hash::Hash> Explored<S> {
    /// Every position reachable from `start` under `rules`, within `bounds`.
    pub fn explore<R: Rules<State = S>>(
        rules: &R,
        start: S,
        bounds: &mut Bounds,
    ) -> Result<Explored<S>, LoopyError> {
        Explored::explore_all(rules, [start], bounds)
    }

    /// Every position reachable from any of `starts` under `rules`, within `bounds`: the
    /// starts get the first ids, in their order (a start listed twice, once).
    pub fn explore_all<R: Rules<State = S>>(
        rules: &R,
        starts: impl IntoIterator<Item = S>,
        bounds: &mut Bounds,
    ) -> Result<Explored<S>, LoopyError> {
        let mut explored = Explored {
            states: Vec::new(),
            index: HashTable::new(),
            hasher: BuildHasherDefault::default(),
            graph: Graph::from_parts(vec![0], Vec::new()),
            state_bytes: 0,
        };
        let mut offsets: Vec<u32> = vec![0];
        let mut targets: Vec<u32> = Vec::new();
        let mut buffer: Vec<S> = Vec::new();
        let arrays = |offsets: &Vec<u32>, targets: &Vec<u32>| {
            (offsets.capacity() + targets.capacity()) * std::mem::size_of::<u32>()
        };
        for start in starts {
            explored.find_or_add(rules, start, arrays(&offsets, &targets), bounds)?;
        }
        let mut meter = Meter::new(Phase::Exploring, 0, 0, 0);
        let mut next = 0;
        while next < explored.states.len() {
            buffer.clear();
            rules.moves(&explored.states[next], &mut buffer)?;
            let buffer_bytes = buffer.capacity() * std::mem::size_of::<S>();
            // The work of a position is counted by what its moves hold, not once a position:
            // a game whose positions are large (a multiset of thousands of heaps) looks at
            // its stop after each such position, not after thousands of them.
            let mut work = 1;
            for state in buffer.drain(..) {
                work += 1 + rules.heap_bytes(&state) as u64 / WORK_BYTES;
                let besides = arrays(&offsets, &targets) + buffer_bytes + growth(&targets);
                let id = explored.find_or_add(rules, state, besides, bounds)?;
                if targets.len() as u64 >= MAX_MOVES {
                    return Err(LoopyError::TooLarge {
                        what: "moves",
                        limit: MAX_MOVES,
                    });
                }
                targets.push(id);
            }
            let held = explored.bytes() + arrays(&offsets, &targets) + buffer_bytes;
            bounds.afford(
                Phase::Exploring,
                held + growth(&offsets),
                explored.states.len() as u64,
            )?;
            offsets.push(targets.len() as u32);
            next += 1;
            if meter.count(work) {
                meter.progress.positions = explored.states.len() as u64;
                meter.progress.moves = targets.len() as u64;
                meter.progress.settled = next as u64;
                meter.progress.bytes = held;
                meter.look(bounds)?;
            }
        }
        meter.progress.positions = explored.states.len() as u64;
        meter.progress.moves = targets.len() as u64;
        meter.progress.settled = next as u64;
        meter.progress.bytes = explored.bytes() + arrays(&offsets, &targets);
        meter.look(bounds)?;
        explored.graph = Graph::from_parts(offsets, targets);
        Ok(explored)
    }

    /// The id of `state`, added to the list when it is new; `besides` is what the run
    /// holds besides this (the arrays of the graph being built, the moves at hand).
    fn find_or_add<R: Rules<State = S>>(
        &mut self,
        rules: &R,
        state: S,
        besides: usize,
        bounds: &Bounds,
    ) -> Result<u32, LoopyError> {
        let hash = self.hasher.hash_one(&state);
        let states = &self.states;
        if let Some(&id) = self.index.find(hash, |&id| states[id as usize] == state) {
            return Ok(id);
        }
        if self.states.len() as u64 >= MAX_POSITIONS {
            return Err(LoopyError::TooLarge {
                what: "positions",
                limit: MAX_POSITIONS,
            });
        }
        let owned = rules.heap_bytes(&state);
        let table_growth = if self.index.len() < self.index.capacity() {
            0
        } else {
            self.index.allocation_size().saturating_mul(2).max(64)
        };
        bounds.afford(
            Phase::Exploring,
            self.bytes() + besides + owned + growth(&self.states) + table_growth,
            self.states.len() as u64,
        )?;
        let id = self.states.len() as u32;
        let (hasher, states) = (&self.hasher, &self.states);
        self.index
            .insert_unique(hash, id, |&id| hasher.hash_one(&states[id as usize]));
        self.state_bytes += owned;
        self.states.push(state);
        Ok(id)
    }

    /// The graph of the positions.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The number of positions.
    pub fn positions(&self) -> usize {
        self.states.len()
    }

    /// The position numbered `id`.
    ///
    /// # Panics
    /// When `id` is not a position of the graph.
    pub fn state(&self, id: u32) -> &S {
        &self.states[id as usize]
    }

    /// The id of `state`, when it was reached.
    pub fn id(&self, state: &S) -> Option<u32> {
        let hash = self.hasher.hash_one(state);
        self.index
            .find(hash, |&id| self.states[id as usize] == *state)
            .copied()
    }

    /// The bytes held: the positions (inline and on the heap), the table of ids and the
    /// graph.
    pub fn bytes(&self) -> usize {
        self.states.capacity() * std::mem::size_of::<S>()
            + self.state_bytes
            + self.index.allocation_size()
            + self.graph.bytes()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::loopy::bounds::RulesFailed;
    use crate::stop::{Stop, Stopped};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};

    /// A game without end: from `n` the only move is to `n + 1`; its graph is infinite.
    struct Endless;

    impl Rules for Endless {
        type State = u64;

        fn moves(&self, n: &u64, into: &mut Vec<u64>) -> Result<(), RulesFailed> {
            into.push(n + 1);
            Ok(())
        }
    }

    /// Positions that own heap memory: a list of `n` bytes, moving to `n - 1`, and failing
    /// at 3 when asked to.
    struct Lists {
        fail: bool,
    }

    impl Rules for Lists {
        type State = Vec<u8>;

        fn moves(&self, list: &Vec<u8>, into: &mut Vec<Vec<u8>>) -> Result<(), RulesFailed> {
            if self.fail && list.len() == 3 {
                return Err(RulesFailed::new("three is not allowed"));
            }
            if let Some((_, rest)) = list.split_first() {
                into.push(rest.to_vec());
            }
            Ok(())
        }

        fn heap_bytes(&self, list: &Vec<u8>) -> usize {
            list.capacity()
        }
    }

    #[test]
    fn an_endless_game_stops_at_the_memory_limit_and_never_holds_more() {
        let most = Arc::new(Mutex::new(0usize));
        let seen = most.clone();
        let mut bounds = Bounds::new(Stop::never(), Some(4_000_000)).with_progress(move |p| {
            let mut most = seen.lock().unwrap();
            *most = (*most).max(p.bytes);
        });
        let error = Explored::explore(&Endless, 0, &mut bounds).unwrap_err();
        match error {
            LoopyError::OverMemory {
                phase: Phase::Exploring,
                bytes,
                limit: 4_000_000,
                positions,
            } => {
                assert!(bytes > 4_000_000);
                assert!(positions > 100_000, "{positions}");
            }
            other => panic!("{other:?}"),
        }
        assert!(error_text(&Endless).contains("past the memory limit of 4 MB"));
        let most = *most.lock().unwrap();
        assert!(most > 1_000_000 && most <= 4_000_000, "{most}");
    }

    fn error_text<R: Rules<State = u64>>(rules: &R) -> String {
        let mut bounds = Bounds::new(Stop::never(), Some(4_000_000));
        Explored::explore(rules, 0, &mut bounds)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn an_endless_game_stops_at_its_deadline() {
        let started = Instant::now();
        let mut bounds = Bounds::new(Stop::until(started + Duration::from_millis(100)), None);
        assert_eq!(
            Explored::explore(&Endless, 0, &mut bounds).unwrap_err(),
            LoopyError::Stopped(Stopped)
        );
        assert!(started.elapsed() < Duration::from_secs(30));
    }

    /// Positions that hold much memory are heavy work: the bounds are looked at by the work
    /// done (a multiset of thousands of heaps is looked at after each such position), not
    /// once in [`Bounds::EVERY`] positions.
    #[test]
    fn large_positions_look_at_the_bounds_by_the_work_they_hold() {
        let looks = Arc::new(Mutex::new(0usize));
        let counted = looks.clone();
        let mut bounds = Bounds::new(Stop::never(), None).with_progress(move |_| {
            *counted.lock().unwrap() += 1;
        });
        // 4 097 positions of up to 4 KB: each counts for 2 steps and one a 64 bytes held,
        // about 139 000 steps in all, so about 8 looks besides the last.
        let start = vec![1u8; 1 << 12];
        let explored = Explored::explore(&Lists { fail: false }, start, &mut bounds).unwrap();
        assert_eq!(explored.positions(), (1 << 12) + 1);
        let small = Arc::new(Mutex::new(0usize));
        let counted = small.clone();
        let mut bounds = Bounds::new(Stop::never(), None).with_progress(move |_| {
            *counted.lock().unwrap() += 1;
        });
        let _ = Explored::explore(&Lists { fail: false }, vec![1u8; 100], &mut bounds).unwrap();
        // A hundred small positions (about 300 steps): only the last look.
        assert_eq!(*small.lock().unwrap(), 1);
        let looks = *looks.lock().unwrap();
        assert!((6..=10).contains(&looks), "{looks}");
    }

    #[test]
    fn heap_bytes_count_and_failures_pass_on() {
        let start = vec![7u8; 1000];
        let explored =
            Explored::explore(&Lists { fail: false }, start.clone(), &mut Bounds::none()).unwrap();
        assert_eq!(explored.positions(), 1001);
        // Each list owns its bytes: about 1000 * 1001 / 2 of them.
        assert!(explored.bytes() > 500_000, "{}", explored.bytes());
        let mut tight = Bounds::new(Stop::never(), Some(100_000));
        assert!(matches!(
            Explored::explore(&Lists { fail: false }, start.clone(), &mut tight),
            Err(LoopyError::OverMemory { .. })
        ));
        let error =
            Explored::explore(&Lists { fail: true }, start, &mut Bounds::none()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the rules could not list the moves of a position: three is not allowed"
        );
        assert!(format!("{explored:?}").contains("positions: 1001"));
    }

    #[test]
    fn starts_get_the_first_ids_once_each() {
        let explored = Explored::explore_all(
            &Lists { fail: false },
            [vec![1, 2], vec![5], vec![1, 2]],
            &mut Bounds::none(),
        )
        .unwrap();
        assert_eq!(explored.id(&vec![1, 2]), Some(0));
        assert_eq!(explored.id(&vec![5]), Some(1));
        assert_eq!(explored.positions(), 4); // [1, 2], [5], [2], []
        assert_eq!(explored.id(&vec![9]), None);
        assert_eq!(explored.graph().options(0), &[2]);
    }
}
