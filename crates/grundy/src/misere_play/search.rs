//! The exact misère search: every position reachable from the one asked about, each valued
//! once (memoised by its transposition key: its notation, or for sums of heaps the heaps
//! in order of size), for any game behind [`GameState`].
//!
//! Misère play does not add up by nim-sums, so the search cannot split a position into
//! components as the normal-play solver does; it walks the position itself. Its cost grows
//! with the number of positions reachable, so it is bounded twice: by a [`Stop`] (a deadline
//! or a cancellation) and by a number of positions ([`DEFAULT_LIMIT`] unless told), past
//! which it ends with an error naming the limit instead of running out of memory.
//!
//! The winner of a finished game is read from the game itself ([`GameState::status`]) and
//! turned round: whoever wins the ended game under normal play loses it under misère play.
//! For every game but the bidding game that is the rule "the player who makes the last move
//! loses"; the bidding game, which ends when a pass overflows the pile, is won by that
//! pass's player.
//!
//! The search is iterative (an explicit stack), so a long game does not overflow the
//! thread's stack.
//!
//! A position that is a sum of heaps ([`GameState::heap_sum`]) is valued by the search of
//! sums of heaps ([`super::heap_search`]) instead, on its heaps alone: the same values, at
//! millions of positions a second instead of tens of thousands. Its default limit is
//! [`HEAP_LIMIT`] ([`default_limit`]).
//!
//! ```
//! use grundy::misere_play::search::MisereSearch;
//! use grundy::registry;
//! use grundy::stop::Stop;
//!
//! let nim = registry::find("nim").unwrap();
//! let mut search = MisereSearch::new(1_000, &Stop::NEVER);
//! let value = search.value(nim.entry().start("2+2").unwrap().as_ref()).unwrap();
//! assert!(!value.wins); // misère 2+2 is lost for the player to move, as in normal play
//! assert_eq!(value.remoteness, 3); // 2->1, then 2->0 leaves the last token to the mover
//! ```

use std::collections::HashMap;

use super::heap_search::{HeapMemo, HeapMemos, HeapSearch, HEAP_LIMIT};
use super::value::{Best, MisereValue, SearchError, DEFAULT_MEMORY_LIMIT, PROGRESS_TASK};
use crate::game::{GameState, Status};
use crate::report::Observer;
use crate::stop::Stop;

/// The most positions a search values unless told otherwise: about a second's work and a
/// few hundred megabytes at most.
pub const DEFAULT_LIMIT: usize = 1_000_000;

/// The most positions a search of `state` values unless told otherwise: [`HEAP_LIMIT`] for
/// a sum of heaps (the search of sums of heaps is some forty times faster), else
/// [`DEFAULT_LIMIT`].
pub fn default_limit(state: &dyn GameState) -> usize {
    if state.heap_sum().is_some() {
        HEAP_LIMIT
    } else {
        DEFAULT_LIMIT
    }
}

/// The estimated heap bytes of one memo entry: its key's text, the entry and the hash
/// table's control byte, with the table's spare room.
fn entry_bytes(key: &str) -> usize {
    let entry = std::mem::size_of::<(String, MisereValue)>() + 1;
    key.len().next_multiple_of(8) + entry * 8 / 7
}

/// The most moves one position may have for the search to take it.
const MOST_MOVES: usize = 100_000;

/// The most moves the positions on the search's path may list in all: a long line of
/// positions with many moves each would otherwise hold more than the memo does.
const MOST_HELD_MOVES: usize = 1_000_000;

/// How many positions are valued between two looks at the stop.
const STOP_EVERY: usize = 1024;

/// What a search has found, to start a later one from: the values of positions by their
/// transposition keys, and the memos of the searches of sums of heaps by their rules' names.
#[derive(Debug, Default, Clone)]
pub struct MisereMemo {
    positions: HashMap<String, MisereValue>,
    heaps: HeapMemos,
}

impl MisereMemo {
    /// How many positions are valued.
    pub fn positions(&self) -> usize {
        self.positions.len() + self.heaps.values().map(HeapMemo::positions).sum::<usize>()
    }
}

/// An exact misère search with its memo: reuse one to value several positions of a game.
pub struct MisereSearch<'a> {
    memo: HashMap<String, MisereValue>,
    /// The memos of the searches of sums of heaps, by their rules' names.
    heap_memos: HeapMemos,
    /// Whether sums of heaps go to the search of sums of heaps.
    by_heaps: bool,
    limit: usize,
    /// The estimated heap bytes of the memo's keys and entries.
    bytes: usize,
    memory_limit: usize,
    stop: &'a Stop,
    observer: Option<&'a dyn Observer>,
}

/// A position being valued: its moves, the next to try and the best values found so far.
struct Frame {
    key: String,
    state: Box<dyn GameState>,
    moves: Vec<String>,
    next: usize,
    best: Best,
}

impl<'a> MisereSearch<'a> {
    /// A search that values at most `limit` positions and gives up when `stop` is raised.
    pub fn new(limit: usize, stop: &'a Stop) -> Self {
        MisereSearch {
            memo: HashMap::new(),
            heap_memos: HeapMemos::new(),
            by_heaps: true,
            limit,
            bytes: 0,
            memory_limit: DEFAULT_MEMORY_LIMIT,
            stop,
            observer: None,
        }
    }

    /// The same search, giving up with [`SearchError::OverMemory`] once its memo is
    /// estimated to hold more than `bytes` (by default [`DEFAULT_MEMORY_LIMIT`]).
    pub fn memory_limit(mut self, bytes: usize) -> Self {
        self.memory_limit = bytes;
        self
    }

    /// The same search, telling `observer` now and then how many positions it has valued
    /// against its limit ([`Observer::working`]).
    pub fn observed_by(mut self, observer: Option<&'a dyn Observer>) -> Self {
        self.observer = observer;
        self
    }

    /// The same search, valuing sums of heaps through the game's states and notation as it
    /// values any other game, instead of by the search of sums of heaps: the twin that
    /// search is tested and timed against.
    pub fn general(mut self) -> Self {
        self.by_heaps = false;
        self
    }

    /// A search that starts from the values `memo` already holds (from
    /// [`MisereSearch::into_memo`] of a search of the same game).
    pub fn with_memo(memo: MisereMemo, limit: usize, stop: &'a Stop) -> Self {
        let bytes = memo.positions.keys().map(|key| entry_bytes(key)).sum();
        MisereSearch {
            memo: memo.positions,
            heap_memos: memo.heaps,
            by_heaps: true,
            limit,
            bytes,
            memory_limit: DEFAULT_MEMORY_LIMIT,
            stop,
            observer: None,
        }
    }

    /// The values found, to start a later search from.
    pub fn into_memo(self) -> MisereMemo {
        MisereMemo {
            positions: self.memo,
            heaps: self.heap_memos,
        }
    }

    /// How many positions have been valued so far.
    pub fn positions(&self) -> usize {
        self.memo.len()
            + self
                .heap_memos
                .values()
                .map(HeapMemo::positions)
                .sum::<usize>()
    }

    /// The value of the sum of heaps `state` is, by the search of sums of heaps, whose memo
    /// for the ruleset is kept between calls.
    fn heap_value(
        &mut self,
        state: &dyn GameState,
        sum: &crate::heap::HeapSum,
    ) -> Result<MisereValue, SearchError> {
        // A heap with more moves than any search takes is refused before its options are
        // asked for.
        if !state.legal_moves(MOST_MOVES).complete {
            return Err(SearchError::TooManyMoves {
                position: state.position(),
            });
        }
        let name = sum.rules.name();
        let memo = self.heap_memos.remove(&name).unwrap_or_default();
        let mut search = HeapSearch::with_memo(sum.rules.as_ref(), memo, self.limit, self.stop)
            .memory_limit(self.memory_limit.saturating_sub(self.bytes))
            .observed_by(self.observer);
        let value = search.value(&sum.heaps);
        self.heap_memos.insert(name, search.into_memo());
        value
    }

    /// The misère value of `state`'s current position (a game under normal-play rules; the
    /// search reads its end the misère way round).
    pub fn value(&mut self, state: &dyn GameState) -> Result<MisereValue, SearchError> {
        if let Some(sum) = state.heap_sum().filter(|_| self.by_heaps) {
            return self.heap_value(state, &sum);
        }
        let key = state.transposition_key();
        if let Some(value) = self.memo.get(&key) {
            return Ok(*value);
        }
        let mut stack: Vec<Frame> = Vec::new();
        let mut held = 0usize;
        let mut pending = Some((key, state.clone_box()));
        loop {
            if let Some((key, state)) = pending.take() {
                if let Some(value) = self.ended(state.as_ref()) {
                    self.store(key, value)?;
                    if stack.is_empty() {
                        return Ok(value);
                    }
                } else {
                    let state = without_history(state, &key);
                    let list = state.legal_moves(MOST_MOVES);
                    if !list.complete {
                        return Err(SearchError::TooManyMoves { position: key });
                    }
                    held += list.moves.len();
                    if held > MOST_HELD_MOVES || stack.len() + self.memo.len() >= self.limit {
                        return Err(SearchError::TooLarge { limit: self.limit });
                    }
                    stack.push(Frame {
                        state,
                        key,
                        moves: list.moves,
                        next: 0,
                        best: Best::default(),
                    });
                }
            }
            let Some(frame) = stack.last_mut() else {
                // Unreachable: the loop returns when the first position is valued.
                return Err(SearchError::TooLarge { limit: self.limit });
            };
            // Fold in the value of the move tried last, now in the memo.
            if frame.next > 0 {
                let mut child = frame.state.clone_box();
                let played = child.play(&frame.moves[frame.next - 1]);
                if played.is_ok() {
                    if let Some(after) = self.memo.get(&child.transposition_key()) {
                        frame.best.record(*after);
                    }
                }
            }
            // Try the next move whose value is not known yet; fold in the known ones.
            let mut descend = None;
            while frame.next < frame.moves.len() {
                let mv = &frame.moves[frame.next];
                frame.next += 1;
                let mut child = frame.state.clone_box();
                if let Err(error) = child.play(mv) {
                    return Err(SearchError::Inconsistent {
                        position: frame.key.clone(),
                        mv: mv.clone(),
                        reason: error.to_string(),
                    });
                }
                let child_key = child.transposition_key();
                match self.memo.get(&child_key) {
                    Some(after) => frame.best.record(*after),
                    None => {
                        descend = Some((child_key, child));
                        break;
                    }
                }
            }
            if descend.is_some() {
                pending = descend;
                continue;
            }
            // Every move is valued: so is this position.
            let Some(done) = stack.pop() else { continue };
            held -= done.moves.len();
            // No move at all although the game said it goes on: the opponent moved last,
            // as Best says.
            let value = done.best.value();
            self.store(done.key, value)?;
            if stack.is_empty() {
                return Ok(value);
            }
        }
    }

    /// The value of a finished game, `None` while it goes on.
    fn ended(&self, state: &dyn GameState) -> Option<MisereValue> {
        match state.status() {
            Status::Ongoing => None,
            // The normal-play winner loses under misère play.
            Status::Won { winner } => Some(MisereValue {
                wins: winner != state.side_to_move(),
                remoteness: 0,
            }),
        }
    }

    /// Keeps `value`, checking the limit and, now and then, the stop.
    fn store(&mut self, key: String, value: MisereValue) -> Result<(), SearchError> {
        if self.memo.len() >= self.limit {
            return Err(SearchError::TooLarge { limit: self.limit });
        }
        if self.memo.len() % STOP_EVERY == 0 {
            self.stop.check()?;
            if let Some(observer) = self.observer.filter(|_| !self.memo.is_empty()) {
                observer.working(
                    PROGRESS_TASK,
                    &format!(
                        "{} positions valued, at most {} searched",
                        self.memo.len(),
                        self.limit
                    ),
                );
            }
        }
        self.bytes += entry_bytes(&key);
        if self.bytes > self.memory_limit {
            return Err(SearchError::OverMemory {
                bytes: self.bytes,
                limit: self.memory_limit,
                positions: self.memo.len(),
            });
        }
        self.memo.insert(key, value);
        Ok(())
    }

    /// The value of every legal move of `state`, in the game's order.
    pub fn move_values(
        &mut self,
        state: &dyn GameState,
    ) -> Result<Vec<(String, MisereValue)>, SearchError> {
        let list = state.legal_moves(MOST_MOVES);
        if !list.complete {
            return Err(SearchError::TooManyMoves {
                position: state.position(),
            });
        }
        let mut values = Vec::with_capacity(list.moves.len());
        for mv in list.moves {
            let mut child = state.clone_box();
            child.play(&mv).map_err(|error| SearchError::Inconsistent {
                position: state.position(),
                mv: mv.clone(),
                reason: error.to_string(),
            })?;
            let value = self.value(child.as_ref())?;
            values.push((mv, value));
        }
        Ok(values)
    }
}

/// The game restarted from its current position's transposition key (a position alike, as a
/// cuboid turned), so that the copies made for its moves do not carry the whole line played
/// to reach it; the game itself if it cannot be restarted. The moves searched are listed
/// from what this returns.
fn without_history(state: Box<dyn GameState>, position: &str) -> Box<dyn GameState> {
    if state.history().is_empty() {
        return state;
    }
    state.entry().start(position).unwrap_or(state)
}

/// The move perfect misère play makes among `values` (from [`MisereSearch::move_values`]):
/// the fastest win when one wins, else the slowest loss; ties go to the first listed.
pub fn perfect_choice(values: &[(String, MisereValue)]) -> Option<&str> {
    let fastest_win = values
        .iter()
        .filter(|(_, after)| !after.wins)
        .min_by_key(|(_, after)| after.remoteness);
    let chosen = fastest_win.or_else(|| {
        values
            .iter()
            .rev()
            .max_by_key(|(_, after)| after.remoteness)
    });
    chosen.map(|(mv, _)| mv.as_str())
}

/// The move that makes the game last longest among `values`: when some move wins, the
/// winning move with the largest remoteness; else the slowest loss.
pub fn stubborn_choice(values: &[(String, MisereValue)]) -> Option<&str> {
    let slowest_win = values
        .iter()
        .rev()
        .filter(|(_, after)| !after.wins)
        .max_by_key(|(_, after)| after.remoteness);
    slowest_win
        .or_else(|| {
            values
                .iter()
                .rev()
                .max_by_key(|(_, after)| after.remoteness)
        })
        .map(|(mv, _)| mv.as_str())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn perfect_and_stubborn_choices() {
        let values = vec![
            (
                "a".to_string(),
                MisereValue {
                    wins: true,
                    remoteness: 3,
                },
            ),
            (
                "b".to_string(),
                MisereValue {
                    wins: false,
                    remoteness: 4,
                },
            ),
            (
                "c".to_string(),
                MisereValue {
                    wins: false,
                    remoteness: 2,
                },
            ),
        ];
        assert_eq!(perfect_choice(&values), Some("c"));
        assert_eq!(stubborn_choice(&values), Some("b"));
        let lost = vec![
            (
                "a".to_string(),
                MisereValue {
                    wins: true,
                    remoteness: 3,
                },
            ),
            (
                "b".to_string(),
                MisereValue {
                    wins: true,
                    remoteness: 5,
                },
            ),
        ];
        assert_eq!(perfect_choice(&lost), Some("b"));
        assert_eq!(perfect_choice(&[]), None);
    }
}
