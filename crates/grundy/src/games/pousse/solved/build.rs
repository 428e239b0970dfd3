//! Building a solved table: retrograde analysis by remoteness level, in parallel.
//!
//! Level 0 marks the terminal boards (straights already differ). Level k then resolves the
//! boards won in k moves (some move leads to a board lost in k − 1) and lost in k moves
//! (every move leads to a board won, the slowest in k − 1). Every level reads and writes the
//! one array in place: a board resolved during level k is won or lost in exactly k, which
//! never satisfies a level-k test of another board (that needs a loss in k − 1, or wins in
//! at most k − 1), so the order of the work does not change the result and threads need no
//! locks, only atomic bytes. A level that resolves nothing ends the analysis: what is left
//! is drawn, since neither side can force an end.
//!
//! Level 1 scans every board. After it, only the parents of the boards resolved at the
//! previous level can change, so each level first marks those parents (by unplaying every
//! move, [`unmove`](super::unmove)) and then examines only the marked boards.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use rayon::prelude::*;

use crate::error::ParseError;

use super::super::board::{BitBoard, Board, Colour, Move};
use super::code::{self, MAX_REMOTENESS};
use super::index::Indexer;
use super::unmove::Lines;

/// Boards handed to a thread at a time.
const CHUNK: usize = 1 << 14;

/// What the build reports as it goes, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// A new step begins: `level` 0 marks the terminal boards; `work` is how many boards the
    /// step scans (the step reports them by [`Progress::Advance`]).
    Step {
        /// The remoteness level resolved by this step.
        level: u32,
        /// What the step does, in words (`terminal boards`, `marking parents`, `resolving`).
        task: &'static str,
        /// The boards the step will go through.
        work: u64,
    },
    /// This many more boards of the current step were gone through.
    Advance(u64),
    /// The analysis is complete after this many levels.
    Finished {
        /// The last level that resolved a board.
        levels: u32,
    },
}

/// The shared state of one build.
struct Build<'a> {
    indexer: Indexer,
    moves: Vec<Move>,
    lines: Lines,
    values: Vec<AtomicU8>,
    progress: &'a (dyn Fn(Progress) + Sync),
}

/// Solves every board of `size` × `size` (1 ≤ size ≤ 4) and returns one byte per board with
/// X to move (see [`code`](super::code)), reporting progress to `progress`.
pub fn solve_codes(
    size: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<(Indexer, Vec<u8>), ParseError> {
    let indexer = Indexer::new(size)?;
    let count = indexer.count();
    let build = Build {
        moves: Move::all(size).collect(),
        lines: Lines::new(indexer.size()),
        values: (0..count).map(|_| AtomicU8::new(code::DRAW)).collect(),
        indexer,
        progress,
    };
    build.mark_terminal()?;
    let mut level = 1;
    let mut resolved = build.resolve_all(level)?;
    while resolved > 0 {
        level += 1;
        if level > MAX_REMOTENESS {
            return Err(ParseError::new(format!(
                "a remoteness beyond {MAX_REMOTENESS} moves does not fit the table's bytes"
            )));
        }
        let marked = build.mark_parents(level - 1)?;
        resolved = build.resolve_marked(level, &marked)?;
    }
    progress(Progress::Finished { levels: level - 1 });
    let Build {
        indexer, values, ..
    } = build;
    Ok((
        indexer,
        values.into_iter().map(AtomicU8::into_inner).collect(),
    ))
}

impl Build<'_> {
    fn board(&self, index: usize) -> Result<BitBoard, ParseError> {
        self.indexer.board(index)
    }

    fn value(&self, index: usize) -> u8 {
        self.values[index].load(Ordering::Relaxed)
    }

    fn mark_terminal(&self) -> Result<(), ParseError> {
        (self.progress)(Progress::Step {
            level: 0,
            task: "terminal boards",
            work: self.values.len() as u64,
        });
        self.values
            .par_chunks(CHUNK)
            .enumerate()
            .try_for_each(|(chunk, slots)| {
                for (offset, slot) in slots.iter().enumerate() {
                    let board = self.board(chunk * CHUNK + offset)?;
                    let code = match board.straights().dominant() {
                        Some(Colour::X) => code::win(0),
                        Some(Colour::O) => code::loss(0),
                        None => continue,
                    };
                    slot.store(code, Ordering::Relaxed);
                }
                (self.progress)(Progress::Advance(slots.len() as u64));
                Ok(())
            })
    }

    /// The byte `index` gets at `level`, if it is resolved there.
    fn examine(&self, index: usize, level: u32) -> Result<Option<u8>, ParseError> {
        let board = self.board(index)?;
        let lost_before = code::loss(level - 1);
        let slowest_allowed = code::win(level - 1);
        let mut all_won = true;
        let mut slowest = 0;
        for &mv in &self.moves {
            let mut child = board;
            child
                .push(mv, Colour::X)
                .map_err(|e| ParseError::new(e.to_string()))?;
            // O is to move in the child: swap the colours to read it with X to move.
            let value = self.value(self.indexer.index(child.o_mask(), child.x_mask()));
            if value == lost_before {
                return Ok(Some(code::win(level)));
            }
            if value % 2 == 1 {
                slowest = slowest.max(value);
            } else {
                all_won = false;
            }
        }
        Ok((all_won && slowest == slowest_allowed).then_some(code::loss(level)))
    }

    /// Level `level` over every unresolved board; returns how many were resolved.
    fn resolve_all(&self, level: u32) -> Result<u64, ParseError> {
        (self.progress)(Progress::Step {
            level,
            task: "resolving",
            work: self.values.len() as u64,
        });
        let resolved = AtomicU64::new(0);
        self.values
            .par_chunks(CHUNK)
            .enumerate()
            .try_for_each(|(chunk, slots)| {
                let mut found = 0;
                for (offset, slot) in slots.iter().enumerate() {
                    if slot.load(Ordering::Relaxed) != code::DRAW {
                        continue;
                    }
                    if let Some(code) = self.examine(chunk * CHUNK + offset, level)? {
                        slot.store(code, Ordering::Relaxed);
                        found += 1;
                    }
                }
                resolved.fetch_add(found, Ordering::Relaxed);
                (self.progress)(Progress::Advance(slots.len() as u64));
                Ok::<(), ParseError>(())
            })?;
        Ok(resolved.into_inner())
    }

    /// Marks the unresolved parents of the boards resolved at `level`: a bit per board.
    fn mark_parents(&self, level: u32) -> Result<Vec<AtomicU64>, ParseError> {
        (self.progress)(Progress::Step {
            level: level + 1,
            task: "marking parents",
            work: self.values.len() as u64,
        });
        let marked: Vec<AtomicU64> = (0..self.values.len().div_ceil(64))
            .map(|_| AtomicU64::new(0))
            .collect();
        let (won, lost) = (code::win(level), code::loss(level));
        self.values
            .par_chunks(CHUNK)
            .enumerate()
            .try_for_each(|(chunk, slots)| {
                for (offset, slot) in slots.iter().enumerate() {
                    let value = slot.load(Ordering::Relaxed);
                    if value != won && value != lost {
                        continue;
                    }
                    // The board has X to move; its parents had O to move and O played. Seen
                    // with colours swapped, they are boards with X to move from which X's move
                    // gives the swapped board.
                    let (x, o) = self.indexer.masks(chunk * CHUNK + offset);
                    self.lines.parents(o, x, |px, po| {
                        let parent = self.indexer.index(px, po);
                        if self.value(parent) == code::DRAW {
                            marked[parent / 64].fetch_or(1 << (parent % 64), Ordering::Relaxed);
                        }
                    });
                }
                (self.progress)(Progress::Advance(slots.len() as u64));
                Ok::<(), ParseError>(())
            })?;
        Ok(marked)
    }

    /// Level `level` over the marked boards; returns how many were resolved.
    fn resolve_marked(&self, level: u32, marked: &[AtomicU64]) -> Result<u64, ParseError> {
        let work: u64 = marked
            .par_iter()
            .map(|word| u64::from(word.load(Ordering::Relaxed).count_ones()))
            .sum();
        (self.progress)(Progress::Step {
            level,
            task: "resolving",
            work,
        });
        let resolved = AtomicU64::new(0);
        const WORDS: usize = CHUNK / 64;
        marked
            .par_chunks(WORDS)
            .enumerate()
            .try_for_each(|(chunk, words)| {
                let (mut found, mut seen) = (0, 0);
                for (offset, word) in words.iter().enumerate() {
                    let mut bits = word.load(Ordering::Relaxed);
                    while bits != 0 {
                        let index = (chunk * WORDS + offset) * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        seen += 1;
                        if self.value(index) != code::DRAW {
                            continue;
                        }
                        if let Some(code) = self.examine(index, level)? {
                            self.values[index].store(code, Ordering::Relaxed);
                            found += 1;
                        }
                    }
                }
                resolved.fetch_add(found, Ordering::Relaxed);
                (self.progress)(Progress::Advance(seen));
                Ok::<(), ParseError>(())
            })?;
        Ok(resolved.into_inner())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn progress_accounts_for_every_step() {
        let events = Mutex::new(Vec::new());
        let (indexer, codes) = solve_codes(3, &|event| events.lock().unwrap().push(event)).unwrap();
        assert_eq!(codes.len(), indexer.count());
        let events = events.into_inner().unwrap();
        assert!(matches!(
            events.first(),
            Some(Progress::Step { level: 0, .. })
        ));
        assert_eq!(events.last(), Some(&Progress::Finished { levels: 5 }));
        // Each step's advances add up to the work it announced.
        let (mut announced, mut done) = (0, 0);
        for event in events {
            match event {
                Progress::Step { work, .. } => {
                    assert_eq!(announced, done);
                    (announced, done) = (work, 0);
                }
                Progress::Advance(boards) => done += boards,
                Progress::Finished { .. } => assert_eq!(announced, done),
            }
        }
    }
}
