//! The exact misère search of sums of heaps: the same values as the search of any game
//! ([`super::search`]), for the positions that are sums of heaps of one
//! [`HeapRuleset`], at millions of positions a second.
//!
//! It works on the heaps alone, never on a game's state or its notation:
//!
//! - each heap size met gets a small number (its *id*) the first time, and its options are
//!   asked of the ruleset once ([`HeapRuleset::for_each_option`]) and kept in one flat
//!   table, as lists of ids; heaps without a move are dropped from every position (a heap
//!   with no move changes nothing of a sum, in misère play as in normal play), and two
//!   moves that leave the same heaps are one option;
//! - a position is its ids in increasing order, and is kept under a key of two machine
//!   words: the ids `a1 ≤ a2 ≤ … ≤ ak` set the bits `ai + i` (a multiset written in unary,
//!   which needs the largest id plus the number of heaps, at most 128 bits). The rare
//!   position that does not fit is kept under its list of ids;
//! - the memo is a hash table with a multiply-and-rotate hasher, and the positions on the
//!   search's path share one buffer of ids, so valuing a position allocates nothing but
//!   the memo's growth;
//! - the search is iterative (an explicit stack), so a long game does not overflow the
//!   thread's stack.
//!
//! The value is the one [`super::search::MisereSearch`] gives: the player to move wins when
//! some move leaves a position the opponent loses; a position without moves is won
//! (whoever moved last lost); the winner wins as fast as possible and the loser loses as
//! slowly as possible ([`MisereValue::remoteness`]).
//!
//! The search is bounded as the general one is: by a number of positions ([`HEAP_LIMIT`]
//! unless told), by an estimate of its memory (the memo's tables as allocated, with their
//! spare room, the keys kept as lists, the table of options and the path), by the [`Stop`]
//! (looked at every 1024 positions valued), and it tells an [`Observer`] how far it has
//! come in the same words.
//!
//! ```
//! use grundy::heap::Tabulated;
//! use grundy::misere_play::heap_search::{HeapSearch, HEAP_LIMIT};
//! use grundy::stop::Stop;
//!
//! // Nim on heaps up to 3: leave any smaller heap, or none.
//! let nim = Tabulated::from_fn("nim", 3, |n| (0..n).map(|left| vec![left]).collect()).unwrap();
//! let mut search = HeapSearch::new(&nim, HEAP_LIMIT, &Stop::NEVER);
//! // Misère 2+2 is lost, as in normal play: 2->1 is answered by 2->0, and the mover
//! // takes the last token.
//! let value = search.value(&[2, 2]).unwrap();
//! assert!(!value.wins);
//! assert_eq!(value.remoteness, 3);
//! // Three single tokens: lost.
//! assert!(!search.value(&[1, 1, 1]).unwrap().wins);
//! ```

use std::collections::HashMap;

use super::value::{Best, MisereValue, SearchError, DEFAULT_MEMORY_LIMIT, PROGRESS_TASK};
use crate::cgt::store::IdMap;
use crate::heap::{HeapMove, HeapRuleset};
use crate::report::Observer;
use crate::report::Outcome;
use crate::stop::Stop;

/// The most positions a search of a sum of heaps values unless told otherwise: about ten
/// seconds' work on Dawson's chess, and a memo of about 134 MB (one-word slots) to 400 MB
/// (two-word keys) (docs/misere.md).
pub const HEAP_LIMIT: usize = 10_000_000;

/// The most options one heap may have for the search to take it.
pub const MOST_OPTIONS: usize = 100_000;

/// How many positions are valued between two looks at the stop.
const STOP_EVERY: usize = 1024;

/// The id of a heap size without a move.
const DEAD: u32 = u32::MAX;

/// The key of a position whose ids fit in 128 bits (see the module's documentation).
type SmallKey = (u64, u64);

/// A value as one word: the remoteness times two, plus one when the player to move wins.
type Packed = u64;

fn pack_value(value: MisereValue) -> Packed {
    (value.remoteness << 1) | u64::from(value.wins)
}

fn unpack_value(packed: Packed) -> MisereValue {
    MisereValue {
        wins: packed & 1 == 1,
        remoteness: packed >> 1,
    }
}

/// The key of the sorted ids `ids` when it fits in two words: bit `ids[i] + i` set for each
/// `i`, which tells the multiset back (the bits rise strictly).
fn small_key(ids: &[u32]) -> Option<SmallKey> {
    let mut key: SmallKey = (0, 0);
    for (index, id) in ids.iter().enumerate() {
        let bit = (*id as usize).checked_add(index)?;
        match bit {
            0..=63 => key.0 |= 1 << bit,
            64..=127 => key.1 |= 1 << (bit - 64),
            _ => return None,
        }
    }
    Some(key)
}

/// The heap sizes met and their options, each asked of the ruleset once.
#[derive(Debug, Default, Clone)]
struct OptionTable {
    /// Each heap size met: its id, or [`DEAD`] when it has no move.
    id_of: IdMap<u64, u32>,
    /// The size of each id.
    sizes: Vec<u64>,
    /// Each id's options (a range of `options`), once asked for.
    spans: Vec<Option<(usize, usize)>>,
    /// Each option: the ids it leaves (a range of `parts`), in increasing order.
    options: Vec<(usize, usize)>,
    /// The ids the options leave, one list after another.
    parts: Vec<u32>,
}

impl OptionTable {
    /// The id of `size`, `None` when a heap of that size has no move.
    fn id(&mut self, rules: &dyn HeapRuleset, size: u64) -> Result<Option<u32>, SearchError> {
        let id = match self.id_of.get(&size) {
            Some(id) => *id,
            None => {
                let id = if rules.has_option(size) {
                    let id = u32::try_from(self.sizes.len())
                        .ok()
                        .filter(|id| *id != DEAD)
                        .ok_or(SearchError::TooLarge {
                            limit: DEAD as usize,
                        })?;
                    self.sizes.push(size);
                    self.spans.push(None);
                    id
                } else {
                    DEAD
                };
                self.id_of.insert(size, id);
                id
            }
        };
        Ok((id != DEAD).then_some(id))
    }

    /// The options of `id` (a range of `options`), asked of the ruleset the first time.
    fn options_of(
        &mut self,
        rules: &dyn HeapRuleset,
        id: u32,
    ) -> Result<(usize, usize), SearchError> {
        if let Some(span) = self.spans[id as usize] {
            return Ok(span);
        }
        let size = self.sizes[id as usize];
        let mut lists: Vec<Vec<u64>> = Vec::new();
        let mut too_many = false;
        rules.for_each_option(size, &mut |left| {
            if lists.len() < MOST_OPTIONS {
                lists.push(left.to_vec());
            } else {
                too_many = true;
            }
        });
        if too_many {
            return Err(SearchError::TooManyMoves {
                position: format!("a heap of {size}"),
            });
        }
        let mut children: Vec<Vec<u32>> = Vec::with_capacity(lists.len());
        for left in lists {
            let mut child = Vec::with_capacity(left.len());
            for part in left {
                if let Some(part) = self.id(rules, part)? {
                    child.push(part);
                }
            }
            child.sort_unstable();
            children.push(child);
        }
        children.sort_unstable();
        children.dedup();
        let first = self.options.len();
        for child in children {
            let start = self.parts.len();
            self.parts.extend_from_slice(&child);
            self.options.push((start, self.parts.len()));
        }
        let span = (first, self.options.len());
        self.spans[id as usize] = Some(span);
        Ok(span)
    }

    /// The estimated heap bytes of the table.
    fn bytes(&self) -> usize {
        let map = self.id_of.capacity() * 8 / 7 * (std::mem::size_of::<(u64, u32)>() + 1);
        map + self.sizes.capacity() * std::mem::size_of::<u64>()
            + self.spans.capacity() * std::mem::size_of::<Option<(usize, usize)>>()
            + self.options.capacity() * std::mem::size_of::<(usize, usize)>()
            + self.parts.capacity() * std::mem::size_of::<u32>()
    }
}

/// A slot of an [`OpenTable`]: a key with its value, or free.
trait Slot: Copy + PartialEq {
    /// A free slot (no position has it).
    const FREE: Self;
    /// The slot of `key` with `value`.
    fn new(key: SmallKey, value: Packed) -> Self;
    /// The key kept in the slot.
    fn key(&self) -> SmallKey;
    /// The value kept in the slot.
    fn value(&self) -> Packed;
}

/// A key of at most [`WORD_KEY_BITS`] bits and a value below 2^16 in one word: the key
/// plus one above the value (so that no such slot is 0, the free one).
impl Slot for u64 {
    const FREE: u64 = 0;
    fn new(key: SmallKey, value: Packed) -> u64 {
        ((key.0 + 1) << WORD_VALUE_BITS) | value
    }
    fn key(&self) -> SmallKey {
        ((self >> WORD_VALUE_BITS) - 1, 0)
    }
    fn value(&self) -> Packed {
        self & ((1 << WORD_VALUE_BITS) - 1)
    }
}

/// Any key of two words and any value (not 0: no position's packed value is 0).
impl Slot for [u64; 3] {
    const FREE: [u64; 3] = [0; 3];
    fn new(key: SmallKey, value: Packed) -> [u64; 3] {
        [key.0, key.1, value]
    }
    fn key(&self) -> SmallKey {
        (self[0], self[1])
    }
    fn value(&self) -> Packed {
        self[2]
    }
}

/// The most bits of a key kept in a one-word slot.
const WORD_KEY_BITS: u32 = 47;

/// The bits of a value kept in a one-word slot.
const WORD_VALUE_BITS: u32 = 16;

/// Whether `key` and `value` fit in a one-word slot.
fn fits_word(key: SmallKey) -> bool {
    key.1 == 0 && key.0 < 1 << WORD_KEY_BITS
}

/// The values of positions by key: an open-addressing table probed linearly from the top
/// bits of a multiplicative hash, at most three quarters full. A key and its value share a
/// slot, so a lookup usually reads one cache line.
#[derive(Debug, Default, Clone)]
struct OpenTable<S> {
    slots: Vec<S>,
    len: usize,
}

impl<S: Slot> OpenTable<S> {
    /// Where `key`'s probe starts among `slots` slots (a power of two, at least 2).
    #[inline]
    fn start(key: SmallKey, slots: usize) -> usize {
        let hash =
            (key.0.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ key.1).wrapping_mul(0xd6e8_feb8_6659_fd93);
        (hash >> (64 - slots.trailing_zeros())) as usize
    }

    #[inline]
    fn get(&self, key: SmallKey) -> Option<Packed> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut at = Self::start(key, self.slots.len());
        loop {
            let slot = self.slots[at];
            if slot == S::FREE {
                return None;
            }
            if slot.key() == key {
                return Some(slot.value());
            }
            at = (at + 1) & mask;
        }
    }

    /// The slot where `key`'s probe starts (a free one in an empty table): read without
    /// acting on it, so that reads for many keys are under way at once and the lookups
    /// that follow find their slots in the cache.
    #[inline]
    fn touch(&self, key: SmallKey) -> S {
        if self.slots.is_empty() {
            return S::FREE;
        }
        self.slots[Self::start(key, self.slots.len())]
    }

    /// The slots after adding one more position.
    fn slots_after_adding(&self) -> usize {
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            (self.slots.len() * 2).max(16)
        } else {
            self.slots.len()
        }
    }

    /// Adds `key`, which the table does not hold, with `value`.
    fn insert(&mut self, key: SmallKey, value: Packed) {
        let wanted = self.slots_after_adding();
        if wanted != self.slots.len() {
            let old = std::mem::replace(&mut self.slots, vec![S::FREE; wanted]);
            for slot in old {
                if slot != S::FREE {
                    self.place(slot);
                }
            }
        }
        self.place(S::new(key, value));
        self.len += 1;
    }

    fn place(&mut self, slot: S) {
        let mask = self.slots.len() - 1;
        let mut at = Self::start(slot.key(), self.slots.len());
        while self.slots[at] != S::FREE {
            at = (at + 1) & mask;
        }
        self.slots[at] = slot;
    }

    /// The bytes of the table as allocated.
    fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<S>()
    }

    /// The bytes the table grows by when one more position is added.
    fn growth(&self) -> usize {
        (self.slots_after_adding() - self.slots.len()) * std::mem::size_of::<S>()
    }
}

/// The values a heap search has found, with the options it has asked for: kept between
/// searches of one ruleset ([`HeapSearch::with_memo`], [`HeapSearch::into_memo`]).
#[derive(Debug, Default, Clone)]
pub struct HeapMemo {
    table: OptionTable,
    /// The values of the positions whose key fits in a word with the value.
    words: OpenTable<u64>,
    /// The values of the other positions whose key fits in two words.
    small: OpenTable<[u64; 3]>,
    /// Whether `small` holds a key that fits in a word (whose value did not).
    spilled: bool,
    /// The values of the others, under their ids.
    large: IdMap<Box<[u32]>, Packed>,
    /// The heap bytes of the keys of `large`.
    large_keys: usize,
}

/// The bytes one entry of `large` takes in its table, with its control byte.
const LARGE_ENTRY: usize = std::mem::size_of::<(Box<[u32]>, Packed)>() + 1;

/// The bytes of a hash table holding `capacity` entries of `entry` bytes: the table
/// keeps an eighth of its slots free.
fn table_bytes(capacity: usize, entry: usize) -> usize {
    capacity.saturating_mul(8) / 7 * entry
}

/// The bytes of a key of `len` ids kept as a list: the allocator's rounding to 16 bytes
/// and its 16 bytes of bookkeeping.
fn large_key_bytes(len: usize) -> usize {
    (len * std::mem::size_of::<u32>()).next_multiple_of(16) + 16
}

impl HeapMemo {
    /// How many positions are valued.
    pub fn positions(&self) -> usize {
        self.words.len + self.small.len + self.large.len()
    }

    /// The estimated heap bytes of the memo: its tables as allocated, the keys kept as
    /// lists and the table of options.
    pub fn bytes(&self) -> usize {
        self.words.bytes()
            + self.small.bytes()
            + table_bytes(self.large.capacity(), LARGE_ENTRY)
            + self.large_keys
            + self.table.bytes()
    }

    /// The bytes the memo will hold once the position `ids` is added: a full table
    /// doubles.
    fn bytes_after_adding(&self, ids: &[u32], small: bool) -> usize {
        let extra = if small {
            self.words.growth().max(self.small.growth())
        } else if self.large.len() < self.large.capacity() {
            large_key_bytes(ids.len())
        } else {
            let capacity = self.large.capacity();
            table_bytes(capacity.max(3).saturating_mul(2), LARGE_ENTRY)
                .saturating_sub(table_bytes(capacity, LARGE_ENTRY))
                + large_key_bytes(ids.len())
        };
        self.bytes().saturating_add(extra)
    }

    fn get(&self, ids: &[u32]) -> Option<Packed> {
        match small_key(ids) {
            Some(key) => self.get_small(key),
            None => self.large.get(ids).copied(),
        }
    }

    /// The value of the position of key `key`.
    #[inline]
    fn get_small(&self, key: SmallKey) -> Option<Packed> {
        if fits_word(key) {
            let found = self.words.get(key);
            if found.is_some() || !self.spilled {
                return found;
            }
        }
        self.small.get(key)
    }

    /// Reads the slot where `key`'s lookup starts (see [`OpenTable::touch`]).
    #[inline]
    fn touch(&self, key: SmallKey) -> u64 {
        if fits_word(key) {
            self.words.touch(key)
        } else {
            self.small.touch(key)[0]
        }
    }

    fn insert(&mut self, ids: &[u32], value: Packed) {
        match small_key(ids) {
            Some(key) if fits_word(key) && value < 1 << WORD_VALUE_BITS => {
                self.words.insert(key, value);
            }
            Some(key) => {
                self.spilled |= fits_word(key);
                self.small.insert(key, value);
            }
            None => {
                self.large_keys += large_key_bytes(ids.len());
                self.large.insert(ids.into(), value);
            }
        }
    }
}

/// A move from a position on the search's path whose value was not known when the
/// position's moves were first looked up.
#[derive(Debug, Clone, Copy)]
struct Kid {
    /// The key of the position it leads to, `None` when that position is kept as a list.
    key: Option<SmallKey>,
    /// The index of the heap moved in among the position's heaps.
    at: usize,
    /// The option (an index of the table's options).
    option: usize,
}

/// A position being valued: its heaps (a range of the search's buffer of ids), its moves
/// still to value (a range of the buffer of [`Kid`]s), and the best values found so far.
struct Frame {
    start: usize,
    len: usize,
    /// Where its moves start among the kids, the next to try and the end.
    first: usize,
    next: usize,
    end: usize,
    /// Whether nothing has been valued since the position was expanded: its first move
    /// left is then still unknown, with no need to look it up again.
    fresh: bool,
    best: Best,
}

impl Frame {
    fn new(start: usize, len: usize, first: usize) -> Frame {
        Frame {
            start,
            len,
            first,
            next: first,
            end: first,
            fresh: true,
            best: Best::default(),
        }
    }

    /// Folds in the value of the position one move leads to.
    fn record(&mut self, after: Packed) {
        self.best.record(unpack_value(after));
    }
}

/// The heaps `heaps` without the one at `skip`, with `parts` added, in increasing order
/// (both lists are).
fn child_into(out: &mut Vec<u32>, heaps: &[u32], skip: usize, parts: &[u32]) {
    out.clear();
    let mut part = 0;
    for (index, heap) in heaps.iter().enumerate() {
        if index == skip {
            continue;
        }
        while part < parts.len() && parts[part] < *heap {
            out.push(parts[part]);
            part += 1;
        }
        out.push(*heap);
    }
    out.extend_from_slice(&parts[part..]);
}

/// The key ([`small_key`]) of the heaps `heaps` without the one at `skip`, with `parts`
/// added, without writing the list out: the same merge as [`child_into`].
fn child_key(heaps: &[u32], skip: usize, parts: &[u32]) -> Option<SmallKey> {
    let mut key: SmallKey = (0, 0);
    let mut index = 0usize;
    let mut set = |id: u32, index: &mut usize| -> Option<()> {
        let bit = (id as usize).checked_add(*index)?;
        *index += 1;
        match bit {
            0..=63 => key.0 |= 1 << bit,
            64..=127 => key.1 |= 1 << (bit - 64),
            _ => return None,
        }
        Some(())
    };
    let mut part = 0;
    for (at, heap) in heaps.iter().enumerate() {
        if at == skip {
            continue;
        }
        while part < parts.len() && parts[part] < *heap {
            set(parts[part], &mut index)?;
            part += 1;
        }
        set(*heap, &mut index)?;
    }
    for id in &parts[part..] {
        set(*id, &mut index)?;
    }
    Some(key)
}

/// The key of the position `heaps` (whose key is `key`, as one number) without the heap at
/// `skip`, with `parts` added (both lists in increasing order), from the key alone: the
/// heap's bit is taken out and the bits above it move down one, then each part's bit is
/// put in where it falls (after the bits of the heaps up to its id, and of the parts
/// before it), the bits above moving up one. The same key as [`child_key`], in a few
/// operations instead of a pass over the heaps; `None` when it needs more than 128 bits.
///
/// `ranks[v]` is how many of `heaps` have an id of at most `v` ([`ranks_into`]); ids past
/// its end are above every heap.
fn child_key_from(
    key: u128,
    heaps: &[u32],
    ranks: &[u32],
    skip: usize,
    parts: &[u32],
) -> Option<SmallKey> {
    let below = |bit: u32| (1u128 << bit) - 1;
    let removed = heaps[skip];
    let bit = removed as usize + skip;
    // The removed heap's bit is at most 127, as the parent's key held it.
    let bit = u32::try_from(bit).ok().filter(|bit| *bit < 128)?;
    let high = if bit == 127 {
        0
    } else {
        (key >> (bit + 1)) << bit
    };
    let mut key = (key & below(bit)) | high;
    for (index, part) in parts.iter().enumerate() {
        // The heaps left with an id up to the part's, and the parts before it.
        let mut count = ranks
            .get(*part as usize)
            .map_or(heaps.len(), |rank| *rank as usize);
        if skip < count {
            count -= 1;
        }
        let bit = (*part as usize).checked_add(count + index)?;
        let bit = u32::try_from(bit).ok().filter(|bit| *bit < 128)?;
        if key >> 127 != 0 {
            return None;
        }
        key = (key & below(bit)) | (1 << bit) | ((key & !below(bit)) << 1);
    }
    Some((key as u64, (key >> 64) as u64))
}

/// `ranks[v]`, for every id `v` up to the largest of `heaps` (sorted): how many heaps have
/// an id of at most `v`. With it the key of each move is made without searching the heaps
/// ([`child_key_from`]).
fn ranks_into(ranks: &mut Vec<u32>, heaps: &[u32]) {
    ranks.clear();
    let Some(largest) = heaps.last() else {
        return;
    };
    let mut count = 0;
    for id in 0..=*largest {
        while count < heaps.len() && heaps[count] <= id {
            count += 1;
        }
        ranks.push(count as u32);
    }
}

/// An exact misère search of sums of heaps of one ruleset, with its memo: reuse one to
/// value several sums.
pub struct HeapSearch<'a> {
    rules: &'a dyn HeapRuleset,
    memo: HeapMemo,
    limit: usize,
    memory_limit: usize,
    stop: &'a Stop,
    observer: Option<&'a dyn Observer>,
    /// The ranks of the position being expanded ([`ranks_into`]), kept to reuse its buffer.
    ranks: Vec<u32>,
}

impl<'a> HeapSearch<'a> {
    /// A search of sums of `rules`' heaps that values at most `limit` positions and gives
    /// up when `stop` is raised.
    pub fn new(rules: &'a dyn HeapRuleset, limit: usize, stop: &'a Stop) -> Self {
        Self::with_memo(rules, HeapMemo::default(), limit, stop)
    }

    /// A search that starts from what `memo` holds (from [`HeapSearch::into_memo`] of a
    /// search of the same ruleset).
    pub fn with_memo(
        rules: &'a dyn HeapRuleset,
        memo: HeapMemo,
        limit: usize,
        stop: &'a Stop,
    ) -> Self {
        HeapSearch {
            rules,
            memo,
            limit,
            memory_limit: DEFAULT_MEMORY_LIMIT,
            stop,
            observer: None,
            ranks: Vec::new(),
        }
    }

    /// The same search, giving up with [`SearchError::OverMemory`] once its memory is
    /// estimated to pass `bytes`.
    pub fn memory_limit(mut self, bytes: usize) -> Self {
        self.memory_limit = bytes;
        self
    }

    /// The same search, telling `observer` every 1024 positions how many it has valued.
    pub fn observed_by(mut self, observer: Option<&'a dyn Observer>) -> Self {
        self.observer = observer;
        self
    }

    /// What the search has found, to start a later search from.
    pub fn into_memo(self) -> HeapMemo {
        self.memo
    }

    /// How many positions have been valued so far.
    pub fn positions(&self) -> usize {
        self.memo.positions()
    }

    /// The misère outcome of the sum of `heaps` for the player to move.
    pub fn outcome(&mut self, heaps: &[u64]) -> Result<Outcome, SearchError> {
        Ok(if self.value(heaps)?.wins {
            Outcome::Win
        } else {
            Outcome::Loss
        })
    }

    /// The misère value of the sum of `heaps` (in any order; heaps without a move, and
    /// heaps of 0, change nothing).
    pub fn value(&mut self, heaps: &[u64]) -> Result<MisereValue, SearchError> {
        let mut ids = Vec::with_capacity(heaps.len());
        for heap in heaps {
            if let Some(id) = self.memo.table.id(self.rules, *heap)? {
                ids.push(id);
            }
        }
        ids.sort_unstable();
        self.search(ids).map(unpack_value)
    }

    /// The value of every move from the sum of `heaps`: for each heap size in the order
    /// the sizes first appear, each option as the ruleset lists it (a list it visits twice
    /// is one move).
    pub fn move_values(
        &mut self,
        heaps: &[u64],
    ) -> Result<Vec<(HeapMove, MisereValue)>, SearchError> {
        let mut values = Vec::new();
        let mut sizes: Vec<u64> = Vec::new();
        for heap in heaps {
            if !sizes.contains(heap) {
                sizes.push(*heap);
            }
        }
        for heap in sizes {
            let mut moves: Vec<HeapMove> = Vec::new();
            let mut too_many = false;
            self.rules.for_each_option(heap, &mut |left| {
                let mut left = left.to_vec();
                left.sort_unstable();
                let mv = HeapMove { heap, left };
                if moves.len() >= MOST_OPTIONS {
                    too_many = true;
                } else if !moves.contains(&mv) {
                    moves.push(mv);
                }
            });
            if too_many {
                return Err(SearchError::TooManyMoves {
                    position: format!("a heap of {heap}"),
                });
            }
            for mv in moves {
                let mut after = heaps.to_vec();
                if let Some(at) = after.iter().position(|size| *size == heap) {
                    after.swap_remove(at);
                }
                after.extend_from_slice(&mv.left);
                let value = self.value(&after)?;
                values.push((mv, value));
            }
        }
        Ok(values)
    }

    /// The value of the position `root` (ids with moves, in increasing order).
    fn search(&mut self, root: Vec<u32>) -> Result<Packed, SearchError> {
        if let Some(known) = self.memo.get(&root) {
            return Ok(known);
        }
        // The heaps of every position on the path, one after another, and the moves of
        // each still to value.
        let mut path: Vec<u32> = root;
        let mut kids: Vec<Kid> = Vec::new();
        let mut child: Vec<u32> = Vec::new();
        let mut stack: Vec<Frame> =
            vec![self.expand(&path, 0, path.len(), &mut kids, &mut child)?];
        loop {
            let Some(frame) = stack.last_mut() else {
                // Unreachable: the loop returns when the root is valued.
                return Err(SearchError::TooLarge { limit: self.limit });
            };
            // The next move whose value is still unknown (a move valued since the position
            // was expanded is folded in).
            let mut descend = false;
            while frame.next < frame.end {
                let kid = kids[frame.next];
                frame.next += 1;
                let unknown = std::mem::replace(&mut frame.fresh, false);
                if unknown {
                    // Looked up by the expansion, and nothing valued since.
                } else if let Some(after) = kid.key.and_then(|key| self.memo.get_small(key)) {
                    frame.record(after);
                    continue;
                }
                let heaps = &path[frame.start..frame.start + frame.len];
                let (start, end) = self.memo.table.options[kid.option];
                child_into(
                    &mut child,
                    heaps,
                    kid.at,
                    &self.memo.table.parts[start..end],
                );
                let known = match kid.key {
                    Some(_) => None,
                    None if unknown => None,
                    None => self.memo.large.get(child.as_slice()).copied(),
                };
                match known {
                    Some(after) => frame.record(after),
                    None => {
                        descend = true;
                        break;
                    }
                }
            }
            if descend {
                if stack.len() + self.memo.positions() >= self.limit {
                    return Err(SearchError::TooLarge { limit: self.limit });
                }
                let start = path.len();
                path.extend_from_slice(&child);
                let frame = self.expand(&path, start, child.len(), &mut kids, &mut child)?;
                stack.push(frame);
                continue;
            }
            // Every move is valued: so is this position.
            let Some(done) = stack.pop() else { continue };
            let value = pack_value(done.best.value());
            let heaps = &path[done.start..done.start + done.len];
            let held = path.len() * std::mem::size_of::<u32>()
                + kids.len() * std::mem::size_of::<Kid>()
                + stack.len() * std::mem::size_of::<Frame>();
            self.store(heaps, value, held)?;
            path.truncate(done.start);
            kids.truncate(done.first);
            match stack.last_mut() {
                Some(parent) => parent.record(value),
                None => return Ok(value),
            }
        }
    }

    /// The frame of the position `path[start..start + len]`: every move's key is listed,
    /// then all are looked up at once (lookups that do not wait for each other, so the
    /// memory reads overlap); the values known are folded in and the other moves are kept
    /// in `kids`.
    fn expand(
        &mut self,
        path: &[u32],
        start: usize,
        len: usize,
        kids: &mut Vec<Kid>,
        child: &mut Vec<u32>,
    ) -> Result<Frame, SearchError> {
        let heaps = &path[start..start + len];
        let first = kids.len();
        let mut frame = Frame::new(start, len, first);
        let key = small_key(heaps).map(|(low, high)| u128::from(low) | u128::from(high) << 64);
        if key.is_some() {
            // The ids are below 128 (the key holds them).
            ranks_into(&mut self.ranks, heaps);
        }
        for at in 0..heaps.len() {
            if at > 0 && heaps[at] == heaps[at - 1] {
                continue;
            }
            let (options, options_end) = self.memo.table.options_of(self.rules, heaps[at])?;
            for option in options..options_end {
                let (from, to) = self.memo.table.options[option];
                kids.push(Kid {
                    key: match key {
                        Some(key) => child_key_from(
                            key,
                            heaps,
                            &self.ranks,
                            at,
                            &self.memo.table.parts[from..to],
                        ),
                        None => child_key(heaps, at, &self.memo.table.parts[from..to]),
                    },
                    at,
                    option,
                });
            }
        }
        // Start every read of the table before acting on any: each lookup is a read far from
        // the others, and reads that do not wait for each other overlap.
        let mut touched = 0u64;
        for kid in &kids[first..] {
            if let Some(key) = kid.key {
                touched ^= self.memo.touch(key);
            }
        }
        std::hint::black_box(touched);
        let mut kept = first;
        for index in first..kids.len() {
            let kid = kids[index];
            let known = match kid.key {
                Some(key) => self.memo.get_small(key),
                None => {
                    let (from, to) = self.memo.table.options[kid.option];
                    child_into(child, heaps, kid.at, &self.memo.table.parts[from..to]);
                    self.memo.large.get(child.as_slice()).copied()
                }
            };
            match known {
                Some(after) => frame.record(after),
                None => {
                    kids[kept] = kid;
                    kept += 1;
                }
            }
        }
        kids.truncate(kept);
        frame.end = kept;
        Ok(frame)
    }

    /// Keeps `value` for the position `ids`, checking the limits and, every
    /// [`STOP_EVERY`] positions, the stop; `held` is the bytes of the search's path,
    /// counted in its memory.
    fn store(&mut self, ids: &[u32], value: Packed, held: usize) -> Result<(), SearchError> {
        let positions = self.memo.positions();
        if positions >= self.limit {
            return Err(SearchError::TooLarge { limit: self.limit });
        }
        if positions % STOP_EVERY == 0 {
            self.stop.check()?;
            if let Some(observer) = self.observer.filter(|_| positions > 0) {
                observer.working(
                    PROGRESS_TASK,
                    &format!(
                        "{positions} positions valued, at most {} searched",
                        self.limit
                    ),
                );
            }
        }
        let bytes = self
            .memo
            .bytes_after_adding(ids, small_key(ids).is_some())
            .saturating_add(held);
        if bytes > self.memory_limit {
            return Err(SearchError::OverMemory {
                bytes,
                limit: self.memory_limit,
                positions,
            });
        }
        self.memo.insert(ids, value);
        Ok(())
    }
}

/// The memos of heap searches of several rulesets, each under its rules' name
/// ([`HeapRuleset::name`]).
pub type HeapMemos = HashMap<String, HeapMemo>;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::heap::Tabulated;

    fn nim(largest: u64) -> Tabulated {
        Tabulated::from_fn("nim", largest, |n| (0..n).map(|left| vec![left]).collect()).unwrap()
    }

    /// Misère Nim by Bouton's rule: the mover wins when some heap is above 1 and the
    /// nim-sum is not 0, or every heap is at most 1 and the nim-sum is 0.
    fn bouton(heaps: &[u64]) -> bool {
        let sum = heaps.iter().fold(0, |sum, heap| sum ^ heap);
        if heaps.iter().any(|heap| *heap > 1) {
            sum != 0
        } else {
            sum == 0
        }
    }

    #[test]
    fn misere_nim_follows_boutons_rule() {
        let rules = nim(6);
        let mut search = HeapSearch::new(&rules, HEAP_LIMIT, &Stop::NEVER);
        for a in 0..=6 {
            for b in 0..=a {
                for c in 0..=b {
                    for d in 0..=2 {
                        let heaps = [a, b, c, d];
                        let value = search.value(&heaps).unwrap();
                        assert_eq!(value.wins, bouton(&heaps), "{heaps:?}");
                        // A win has an even remoteness, a loss an odd one.
                        assert_eq!(value.wins, value.remoteness % 2 == 0, "{heaps:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn remoteness_by_hand() {
        let rules = nim(5);
        let mut search = HeapSearch::new(&rules, HEAP_LIMIT, &Stop::NEVER);
        let value = |search: &mut HeapSearch, heaps: &[u64]| search.value(heaps).unwrap();
        // Nothing to move: the opponent took the last token.
        assert_eq!(value(&mut search, &[]), unpack_value(1));
        // 1+1+1: three moves, the mover takes the last.
        assert_eq!(
            value(&mut search, &[1, 1, 1]),
            MisereValue {
                wins: false,
                remoteness: 3
            }
        );
        // 5: take 4, the opponent takes the last.
        assert_eq!(
            value(&mut search, &[5]),
            MisereValue {
                wins: true,
                remoteness: 2
            }
        );
        // 1+2+3: lost, lasting five moves.
        assert_eq!(
            value(&mut search, &[3, 1, 2]),
            MisereValue {
                wins: false,
                remoteness: 5
            }
        );
    }

    #[test]
    fn moves_are_listed_once_each_with_their_values() {
        let rules = nim(3);
        let mut search = HeapSearch::new(&rules, HEAP_LIMIT, &Stop::NEVER);
        let moves: Vec<(String, bool)> = search
            .move_values(&[2, 1, 2])
            .unwrap()
            .into_iter()
            .map(|(mv, value)| (mv.to_string(), value.wins))
            .collect();
        // In the ruleset's order: 2->0 leaves 1+2 (won by 2->0), 2->1 leaves 1+1+2 (won by
        // 2->1), 1->0 leaves 2+2 (lost).
        assert_eq!(
            moves,
            [
                ("2->0".to_string(), true),
                ("2->1".to_string(), true),
                ("1->0".to_string(), false)
            ]
        );
    }

    #[test]
    fn the_key_of_a_move_is_the_key_of_the_heaps_it_leaves() {
        let heaps = [0, 2, 2, 5, 9];
        let mut child = Vec::new();
        for parts in [&[][..], &[1], &[0, 3], &[2, 2, 10], &[11, 12]] {
            for skip in 0..heaps.len() {
                child_into(&mut child, &heaps, skip, parts);
                assert!(child.windows(2).all(|pair| pair[0] <= pair[1]), "{child:?}");
                assert_eq!(
                    child_key(&heaps, skip, parts),
                    small_key(&child),
                    "{child:?}"
                );
                let (low, high) = small_key(&heaps).unwrap();
                let key = u128::from(low) | u128::from(high) << 64;
                let mut ranks = Vec::new();
                ranks_into(&mut ranks, &heaps);
                assert_eq!(ranks, [1, 1, 3, 3, 3, 4, 4, 4, 4, 5]);
                assert_eq!(
                    child_key_from(key, &heaps, &ranks, skip, parts),
                    small_key(&child),
                    "{child:?}"
                );
            }
        }
        assert_eq!(child_key(&[120], 5, &[3, 4, 5, 6, 7, 8, 9, 10]), None);
        // Parts that push the key past 128 bits.
        assert_eq!(child_key(&[100], 0, &[125, 126, 127]), None);
        let ranks: Vec<u32> = (0..=100).map(|id| u32::from(id == 100)).collect();
        assert_eq!(
            child_key_from(1 << 100, &[100], &ranks, 0, &[125, 126, 127]),
            None
        );
        assert_eq!(
            child_key_from(1 << 100, &[100], &ranks, 0, &[125, 126]),
            small_key(&[125, 126])
        );
    }

    #[test]
    fn keys_tell_multisets_apart() {
        assert_eq!(small_key(&[]), Some((0, 0)));
        assert_eq!(small_key(&[0, 0, 1]), Some((0b1011, 0)));
        assert_eq!(small_key(&[0, 2]), Some((0b1001, 0)));
        assert_eq!(
            small_key(&[60, 63, 64]),
            Some((1 << 60, (1 << 0) | (1 << 2)))
        );
        assert_eq!(small_key(&[127]), Some((0, 1 << 63)));
        assert_eq!(small_key(&[0, 127]), None);
        // Every multiset of three ids below 20 has its own key.
        let mut seen = std::collections::HashSet::new();
        for a in 0..20 {
            for b in a..20 {
                for c in b..20 {
                    assert!(seen.insert(small_key(&[a, b, c]).unwrap()));
                }
            }
        }
    }

    #[test]
    fn positions_past_two_words_are_kept_as_lists() {
        // Nim to 120: the heap of 120 gets the first id and its options the next ones, so
        // a sum of the heap of 120 or so with ten more heaps sets bits past 128.
        let rules = nim(120);
        let mut search = HeapSearch::new(&rules, HEAP_LIMIT, &Stop::NEVER);
        let mut heaps = vec![120];
        heaps.extend([3; 10]);
        for sum in [heaps.clone(), vec![119, 3, 3, 3, 3, 3, 3, 3, 3, 2, 1, 1]] {
            assert_eq!(search.value(&sum).unwrap().wins, bouton(&sum), "{sum:?}");
        }
        assert!(!search.memo.large.is_empty());
        assert!(search.memo.words.len > 0);
        for sum in [
            vec![118, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
            vec![120, 2, 2, 1, 1, 1],
        ] {
            assert_eq!(search.value(&sum).unwrap().wins, bouton(&sum), "{sum:?}");
        }
    }

    #[test]
    fn the_limits_and_the_stop_are_kept() {
        let rules = nim(9);
        let heaps = [9, 9, 9, 9];
        let error = HeapSearch::new(&rules, 100, &Stop::NEVER)
            .value(&heaps)
            .unwrap_err();
        assert_eq!(error, SearchError::TooLarge { limit: 100 });
        let error = HeapSearch::new(&rules, HEAP_LIMIT, &Stop::NEVER)
            .memory_limit(10_000)
            .value(&heaps)
            .unwrap_err();
        let SearchError::OverMemory { bytes, limit, .. } = error else {
            panic!("{error:?}")
        };
        assert!(bytes > limit && limit == 10_000);
        let stop = Stop::new();
        stop.raise();
        let error = HeapSearch::new(&rules, HEAP_LIMIT, &stop)
            .value(&heaps)
            .unwrap_err();
        assert!(matches!(error, SearchError::Stopped(_)), "{error}");
    }

    #[test]
    fn the_memo_carries_over() {
        let rules = nim(6);
        let mut search = HeapSearch::new(&rules, HEAP_LIMIT, &Stop::NEVER);
        let first = search.value(&[6, 5, 4]).unwrap();
        let known = search.positions();
        let memo = search.into_memo();
        let mut again = HeapSearch::with_memo(&rules, memo, 1, &Stop::NEVER);
        assert_eq!(again.value(&[4, 6, 5]).unwrap(), first);
        assert_eq!(again.value(&[4, 5]).unwrap().wins, bouton(&[4, 5]));
        assert_eq!(again.positions(), known);
    }
}
