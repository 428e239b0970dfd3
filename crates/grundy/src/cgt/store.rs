//! The value store: every short game in canonical form, one id per value.
//!
//! [`ValueStore`] hash-conses canonical forms: a game is built from lists of options with
//! [`ValueStore::game`], which deletes dominated options and bypasses reversible ones, and
//! two games get the same [`GameId`] exactly when they are equal. Ids are small `Copy`
//! handles, so `==` is one integer comparison, and sums, negatives and comparisons are
//! memoised by id.
//!
//! Numbers, nimbers and `↑` multiples ([`Nus`]) are tagged: they add and compare by formula,
//! and their options are made only when something asks for them, so `1000000` costs one node,
//! not a million.
//!
//! The store is an explicit `&mut` object: solvers that value millions of positions hold one
//! and pay no locking. Ids of one store mean nothing in another. Front ends that want values
//! with operators use [`Value`](super::Value), which keeps one store behind a lock.

use std::cell::Cell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use super::bounds::Guard;
use super::dyadic::Dyadic;
use super::nus::Nus;
use super::watch::Interrupted;
use crate::integer::Integer;
use crate::position::KnownValue;
use crate::stop::Stop;

/// Stack kept free before a recursive step of the store grows the stack (on the heap): the
/// deepest frame of the recursion fits many times over.
const STACK_RED_ZONE: usize = 128 * 1024;

/// The size of each stack segment added when the recursion runs deep (`^65536` nests
/// 65 536 levels of options).
const STACK_SEGMENT: usize = 4 * 1024 * 1024;

thread_local! {
    /// How many stack segments [`deep`] holds on this thread now.
    static SEGMENTS_HELD: Cell<usize> = const { Cell::new(0) };
}

/// One stack segment held by [`deep`], given back when the recursion returns (or unwinds).
struct SegmentHeld;

impl SegmentHeld {
    fn take() -> SegmentHeld {
        SEGMENTS_HELD.with(|held| held.set(held.get() + 1));
        SegmentHeld
    }
}

impl Drop for SegmentHeld {
    fn drop(&mut self) {
        SEGMENTS_HELD.with(|held| held.set(held.get().saturating_sub(1)));
    }
}

/// Runs `f` on a stack with room for it: the recursion of canonical forms is as deep as
/// the game tree, which a short input makes far deeper than a thread's stack. Public for
/// recursions over a user's game (the Python package's), which run as deep as its tree.
/// The segments it adds are counted ([`deep_stack_bytes`]), so that the memory limits of
/// the recursions that use it hold their stack too.
pub fn deep<R>(f: impl FnOnce() -> R) -> R {
    if stacker::remaining_stack().is_some_and(|left| left >= STACK_RED_ZONE) {
        return f();
    }
    let _held = SegmentHeld::take();
    stacker::grow(STACK_SEGMENT, f)
}

/// The bytes of the stack segments [`deep`] holds on this thread now: the recursion's own
/// memory, which a deep game tree makes as large as its nodes.
pub fn deep_stack_bytes() -> usize {
    SEGMENTS_HELD.with(Cell::get).saturating_mul(STACK_SEGMENT)
}

/// The bytes of an option list of `len` ids: one allocation, with two reference counts, the
/// ids, and the allocator's rounding to 16 bytes.
fn list_bytes(len: usize) -> usize {
    (16 + 4 * len).next_multiple_of(16)
}

/// A game value in one [`ValueStore`]: equal games have equal ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

impl GameId {
    /// The index of this value in its store (ids are numbered from 0 in order of creation).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// How two games compare: games are partially ordered, and `Fuzzy` is "confused with"
/// (`G || H`: the first player wins `G - H`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Comparison {
    /// `G < H`.
    Less,
    /// `G = H`.
    Equal,
    /// `G > H`.
    Greater,
    /// `G || H`.
    Fuzzy,
}

impl Comparison {
    /// As a `partial_cmp` result: `None` for `Fuzzy`.
    pub fn to_ordering(self) -> Option<std::cmp::Ordering> {
        match self {
            Comparison::Less => Some(std::cmp::Ordering::Less),
            Comparison::Equal => Some(std::cmp::Ordering::Equal),
            Comparison::Greater => Some(std::cmp::Ordering::Greater),
            Comparison::Fuzzy => None,
        }
    }

    /// The usual symbol: `<`, `=`, `>` or `||`.
    pub fn symbol(self) -> &'static str {
        match self {
            Comparison::Less => "<",
            Comparison::Equal => "=",
            Comparison::Greater => ">",
            Comparison::Fuzzy => "||",
        }
    }
}

/// Who wins a game under normal play, whoever starts (Left is the positive player).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum OutcomeClass {
    /// Left wins whoever starts (`G > 0`).
    #[serde(rename = "L")]
    Left,
    /// Right wins whoever starts (`G < 0`).
    #[serde(rename = "R")]
    Right,
    /// The next player, the one to move, wins (`G || 0`).
    #[serde(rename = "N")]
    Next,
    /// The previous player wins: whoever moves first loses (`G = 0`).
    #[serde(rename = "P")]
    Previous,
}

impl OutcomeClass {
    /// The letter: `L`, `R`, `N` or `P`.
    pub fn letter(self) -> &'static str {
        match self {
            OutcomeClass::Left => "L",
            OutcomeClass::Right => "R",
            OutcomeClass::Next => "N",
            OutcomeClass::Previous => "P",
        }
    }

    /// In words, e.g. "Left wins whoever starts".
    pub fn describe(self) -> &'static str {
        match self {
            OutcomeClass::Left => "Left wins whoever starts",
            OutcomeClass::Right => "Right wins whoever starts",
            OutcomeClass::Next => "the player to move wins",
            OutcomeClass::Previous => "the player to move loses",
        }
    }
}

impl std::fmt::Display for OutcomeClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.letter())
    }
}

/// A fast hasher for keys made of ids (FxHash's multiply-and-rotate).
#[derive(Default, Clone, Copy)]
pub(crate) struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut eight = [0u8; 8];
            eight.copy_from_slice(word);
            self.add(u64::from_le_bytes(eight));
        }
        for &byte in words.remainder() {
            self.add(u64::from(byte));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

impl IdHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// `x` as an `f64` when that is exact (the numerator has at most 53 bits), NaN otherwise.
fn exact_f64(x: &Dyadic) -> f64 {
    if x.numerator().bits() <= 53 && x.exponent() < 1000 {
        x.to_f64()
    } else {
        f64::NAN
    }
}

/// What is held beside a store for the same work and counted in its size (and so against
/// the memory limit of its bounded runs): each holder says how much it holds now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Beside {
    /// The component cache of the [`Evaluator`](super::Evaluator) that last valued a
    /// component into the store.
    Cache = 0,
    /// The remoteness memo of the partizan solver that owns the store.
    Memo = 1,
}

/// The birthday of a nus, from the shapes of [`ValueStore::nus_options`] (no option is made):
/// with `b` the birthday of the number `x` (its integer part's size, plus the digits after
/// the point and one when it has any),
/// - `x + *m` is born on day `b + m` (its options are `x + *j`, `j < m`);
/// - `x ± ↑* = {x, x* | x}` (or its mirror) on day `b + 2`, and `x ± ↑ + *m` for other `m`,
///   whose one option besides `x` is `x + *(m xor 1)`, on day `b + 1 + (m xor 1)`;
/// - `x + n·↑ + *m` with `|n| >= 2`, whose option besides `x` is `x + (n ∓ 1)·↑ + *(m xor
///   1)`, one day after it: `|n| - 1` days after the `x ± ↑ + *m'` at the chain's foot,
///   `m' = m xor ((|n| - 1) mod 2)`.
///
/// The tests check it against the birthdays of the options on every small nus.
fn nus_birthday(nus: &Nus) -> Integer {
    let x = &nus.number;
    let number_day = if x.is_integer() {
        x.numerator().abs()
    } else {
        let whole = if x.signum() < 0 { x.ceil() } else { x.floor() };
        &whole.abs() + &Integer::from(x.exponent() + 1)
    };
    if nus.ups.is_zero() {
        return &number_day + &Integer::from(nus.nimber);
    }
    let n = nus.ups.abs();
    let n_even = n.trailing_zeros() != Some(0);
    let foot_nimber = nus.nimber ^ u64::from(n_even);
    let foot = if foot_nimber == 1 {
        Integer::small(2)
    } else {
        &Integer::ONE + &Integer::from(foot_nimber ^ 1)
    };
    &(&number_day + &(&n - &Integer::ONE)) + &foot
}

/// A hash map keyed by ids.
pub(crate) type IdMap<K, V> = HashMap<K, V, BuildHasherDefault<IdHasher>>;

/// Options of one side, shared between the node and the index.
type Options = Arc<[GameId]>;

/// One canonical form.
#[derive(Debug, Clone)]
struct Node {
    /// The Left and Right options, each sorted by id; `None` for a nus whose options have
    /// not been asked for yet.
    options: Option<(Options, Options)>,
    /// The nus this game is, if it is one.
    nus: Option<Nus>,
    /// The left and right stops as exact floating-point numbers, or NaN where a stop has no
    /// exact `f64` (a huge numerator): a quick, sound first look for [`ValueStore::le`].
    stops: (f64, f64),
}

/// Hash-consed canonical forms of short games, with memoised arithmetic and order.
///
/// ```
/// use grundy::cgt::ValueStore;
/// let mut store = ValueStore::new();
/// let zero = store.zero();
/// let star = store.game(&[zero], &[zero]);
/// let up = store.game(&[zero], &[star]);
/// assert_eq!(store.add(star, star), zero);
/// let double_up = store.add(up, up);
/// assert_eq!(store.display(double_up), "^^");
/// assert!(store.le(zero, up) && !store.le(up, zero));
/// ```
pub struct ValueStore {
    nodes: Vec<Node>,
    by_options: HashMap<(Options, Options), GameId, BuildHasherDefault<IdHasher>>,
    by_nus: HashMap<Nus, GameId, BuildHasherDefault<IdHasher>>,
    sums: IdMap<(GameId, GameId), GameId>,
    negatives: IdMap<GameId, GameId>,
    order: IdMap<(GameId, GameId), bool>,
    birthdays: IdMap<GameId, Integer>,
    pub(crate) stops: IdMap<GameId, (Dyadic, Dyadic)>,
    pub(crate) thermographs: IdMap<GameId, Arc<super::thermograph::Thermograph>>,
    pub(crate) atomic_weights: IdMap<GameId, GameId>,
    pub(crate) all_small: IdMap<GameId, bool>,
    /// The bytes of the option lists of every node, with their allocation headers.
    option_bytes: usize,
    /// The heap bytes of the big numbers held: in the nodes (each nus twice, in its node
    /// and as its key), the birthdays and the stops.
    pub(crate) number_bytes: usize,
    /// The heap bytes of the thermographs held.
    pub(crate) thermograph_bytes: usize,
    /// Bytes held beside the store for the same work, counted in its size (see
    /// [`Beside`]).
    beside: [usize; 2],
    /// The limits of the bounded run under way, if any ([`ValueStore::bounded`]).
    guard: Option<Guard>,
    /// Whether the bounded run under way has passed a limit: from then on every operation
    /// answers at once with a placeholder and remembers nothing, until the run ends.
    interrupted: bool,
}

impl Default for ValueStore {
    fn default() -> Self {
        let mut store = ValueStore {
            nodes: Vec::new(),
            by_options: HashMap::default(),
            by_nus: HashMap::default(),
            sums: IdMap::default(),
            negatives: IdMap::default(),
            order: IdMap::default(),
            birthdays: IdMap::default(),
            stops: IdMap::default(),
            thermographs: IdMap::default(),
            atomic_weights: IdMap::default(),
            all_small: IdMap::default(),
            option_bytes: 0,
            number_bytes: 0,
            thermograph_bytes: 0,
            beside: [0; 2],
            guard: None,
            interrupted: false,
        };
        // Zero is the first value, so that the placeholder of an interrupted run exists.
        store.zero();
        store
    }
}

/// How large a store has grown, for progress reports and memory limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StoreSize {
    /// Distinct values held.
    pub values: usize,
    /// Entries of the memo tables (sums, negatives, comparisons and the rest).
    pub remembered: usize,
    /// An estimate of the heap bytes the store holds: its nodes, their option lists, the big
    /// numbers and thermographs it holds and the memo tables at their current capacities,
    /// with the stack its recursion holds now and what is held beside it for the same work
    /// (an evaluator's component cache, a solver's remoteness memo).
    pub bytes: usize,
}

/// The heap bytes of a hash map at its capacity: hashbrown keeps at most 7 entries in 8
/// slots, each slot an entry (with its padding) and one control byte.
fn map_bytes<K, V, S>(map: &HashMap<K, V, S>) -> usize {
    map.capacity() * 8 / 7 * (std::mem::size_of::<(K, V)>() + 1)
}

/// The bytes a hash map's next entry makes it take on top of what it holds: none while it
/// has room, and a table twice its size (held beside the old one while the entries move)
/// when it is full.
pub(crate) fn growth_bytes<K, V, S>(map: &HashMap<K, V, S>) -> usize {
    if map.len() < map.capacity() {
        0
    } else {
        2 * map_bytes(map).max(64)
    }
}

/// [`growth_bytes`] of a vector.
fn vec_growth_bytes<T>(list: &Vec<T>) -> usize {
    if list.len() < list.capacity() {
        0
    } else {
        2 * list.capacity().max(4) * std::mem::size_of::<T>()
    }
}

impl std::fmt::Debug for ValueStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ValueStore")
            .field("games", &self.nodes.len())
            .finish_non_exhaustive()
    }
}

impl ValueStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many distinct values the store holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// How large the store has grown: values, memo entries and an estimate of its bytes.
    pub fn size(&self) -> StoreSize {
        use std::mem::size_of;
        let remembered = self.sums.len()
            + self.negatives.len()
            + self.order.len()
            + self.birthdays.len()
            + self.stops.len()
            + self.thermographs.len()
            + self.atomic_weights.len()
            + self.all_small.len();
        let bytes = self.nodes.capacity() * size_of::<Node>()
            + self.option_bytes
            + map_bytes(&self.by_options)
            + map_bytes(&self.by_nus)
            + map_bytes(&self.sums)
            + map_bytes(&self.negatives)
            + map_bytes(&self.order)
            + map_bytes(&self.birthdays)
            + map_bytes(&self.stops)
            + map_bytes(&self.thermographs)
            + map_bytes(&self.atomic_weights)
            + map_bytes(&self.all_small)
            + self.number_bytes
            + self.thermograph_bytes
            + self.beside.iter().sum::<usize>()
            + deep_stack_bytes();
        StoreSize {
            values: self.nodes.len(),
            remembered,
            bytes,
        }
    }

    /// Whether the store holds no value yet (never: zero is made with the store).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    // ----- bounds -------------------------------------------------------------------

    /// Whether the bounded run under way has passed a limit ([`ValueStore::bounded`]): what
    /// the store answers until the run ends is a placeholder, to be thrown away.
    pub fn is_interrupted(&self) -> bool {
        self.interrupted
    }

    /// The answer of every operation of an interrupted run: zero, never remembered.
    pub(crate) fn placeholder(&self) -> GameId {
        GameId(0)
    }

    /// Puts `guard` in place (none ends bounding) and gives back the one it replaces.
    pub(crate) fn set_guard(&mut self, guard: Option<Guard>) -> Option<Guard> {
        let old = std::mem::replace(&mut self.guard, guard);
        self.interrupted = self
            .guard
            .as_ref()
            .is_some_and(|guard| guard.reason.is_some());
        old
    }

    /// Says that `bytes` are held beside the store as `what` now (replacing what was said
    /// before): they count in its size.
    pub(crate) fn hold_beside(&mut self, what: Beside, bytes: usize) {
        self.beside[what as usize] = bytes;
    }

    /// The memory limit of the bounded run under way, if any.
    pub(crate) fn memory_limit(&self) -> Option<usize> {
        self.guard.as_ref().and_then(Guard::memory_limit)
    }

    /// The bytes the bounded run under way may still hold before its memory limit: the
    /// limit less the store's size and the bytes held outside it. `None` when no memory
    /// limit bounds the work.
    pub(crate) fn memory_room(&self) -> Option<usize> {
        let guard = self.guard.as_ref()?;
        let limit = guard.memory_limit()?;
        let used = self.size().bytes.saturating_add(guard.extra_bytes);
        Some(limit.saturating_sub(used))
    }

    /// The stop of the bounded run under way ([`Stop::NEVER`] outside one).
    pub(crate) fn stop(&self) -> &Stop {
        self.guard.as_ref().map_or(&Stop::NEVER, Guard::stop)
    }

    /// Ends the bounded run under way for `reason` (found outside the store's own looks: a
    /// stop seen while reading a long number); outside a run, nothing happens.
    pub(crate) fn interrupt(&mut self, reason: Interrupted) {
        if let Some(guard) = self.guard.as_mut() {
            if guard.reason.is_none() {
                guard.reason = Some(reason);
            }
            self.interrupted = true;
        }
    }

    /// Whether `bytes` more may be held within the limits of the bounded run under way:
    /// looks at the limits now, as if the store held them already, and interrupts the run
    /// when they would pass the memory limit (or the stop has come). Work that is about to
    /// build something large in one go (a thermograph of thousands of walls' pieces) asks
    /// first, so that the limit holds before the memory is spent. Always true outside a run.
    pub(crate) fn reserve(&mut self, bytes: usize) -> bool {
        if self.interrupted {
            return false;
        }
        let size = self.size();
        if let Some(guard) = self.guard.as_mut() {
            if let Some(reason) = guard.look(&size, bytes) {
                guard.reason = Some(reason);
                self.interrupted = true;
            }
        }
        !self.interrupted
    }

    /// Whether a memo may grow by `growth` bytes ([`growth_bytes`]: a full table about to
    /// double) within the limits of the bounded run under way: no look while nothing grows,
    /// and a look now when something does, so that a doubling table never passes the
    /// memory limit before the next look. Always true outside a run.
    pub(crate) fn afford(&mut self, growth: usize) -> bool {
        if growth == 0 {
            !self.interrupted
        } else {
            self.reserve(growth)
        }
    }

    /// Counts `bytes` held outside the store (printed text) against the memory limit of the
    /// bounded run under way.
    pub(crate) fn charge(&mut self, bytes: usize) {
        if let Some(guard) = self.guard.as_mut() {
            guard.extra_bytes = guard.extra_bytes.saturating_add(bytes);
        }
    }

    /// Counts one step of work (a new value, a remembered result) for the bounded run under
    /// way, and looks at its limits when a look is due.
    pub(crate) fn step(&mut self) {
        self.steps(1);
    }

    /// Counts `n` steps of work for the bounded run under way (see [`step`](Self::step)).
    pub(crate) fn steps(&mut self, n: usize) {
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        let due = match self.guard.as_mut() {
            Some(guard) if guard.reason.is_none() => guard.count(n),
            _ => false,
        };
        if !due {
            return;
        }
        let size = self.size();
        if let Some(guard) = self.guard.as_mut() {
            if let Some(reason) = guard.look(&size, 0) {
                guard.reason = Some(reason);
                self.interrupted = true;
            }
        }
    }

    // ----- construction -------------------------------------------------------------

    /// The game `0 = { | }`.
    pub fn zero(&mut self) -> GameId {
        self.nus(Nus::default())
    }

    /// The number `x`.
    pub fn number(&mut self, x: Dyadic) -> GameId {
        self.nus(Nus::number(x))
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> GameId {
        self.number(Dyadic::integer(n))
    }

    /// The canonical form of a value a closed form gives
    /// ([`PartizanPosition::known_value`](crate::position::PartizanPosition::known_value)).
    pub fn known(&mut self, value: KnownValue) -> GameId {
        match value {
            KnownValue::Integer(n) => self.integer(n),
            KnownValue::Number {
                numerator,
                exponent,
            } => self.number(Dyadic::new(numerator, exponent)),
            KnownValue::Nimber(n) => self.nimber(n),
        }
    }

    /// The nimber `*m`.
    pub fn nimber(&mut self, m: u64) -> GameId {
        self.nus(Nus::nimber(m))
    }

    /// `n·↑` (`n·↓` when `n < 0`), for any size of `n`.
    pub fn ups(&mut self, n: impl Into<Integer>) -> GameId {
        self.nus(Nus::ups(n))
    }

    /// The game `x + n·↑ + *m`.
    pub fn nus(&mut self, nus: Nus) -> GameId {
        if let Some(&id) = self.by_nus.get(&nus) {
            return id;
        }
        if self.interrupted {
            return self.placeholder();
        }
        let growth = vec_growth_bytes(&self.nodes) + growth_bytes(&self.by_nus);
        if !self.afford(growth) {
            return self.placeholder();
        }
        let stop = exact_f64(&nus.number);
        self.number_bytes = self
            .number_bytes
            .saturating_add(2 * (nus.number.heap_bytes() + nus.ups.heap_bytes()));
        let id = self.push(Node {
            options: None,
            nus: Some(nus.clone()),
            stops: (stop, stop),
        });
        self.by_nus.insert(nus, id);
        self.step();
        id
    }

    /// The canonical form of `{ lefts | rights }`: dominated options deleted, reversible
    /// options bypassed, and the id of that value (an existing one when the value is
    /// already stored).
    pub fn game(&mut self, lefts: &[GameId], rights: &[GameId]) -> GameId {
        if self.interrupted {
            return self.placeholder();
        }
        if let Some(id) = self.number_by_simplicity(lefts, rights) {
            return id;
        }
        let (lefts, rights) = self.canonical_options(lefts.to_vec(), rights.to_vec());
        self.intern(lefts, rights)
    }

    /// `{ lefts | rights }` when every option is a number and every Left option is below
    /// every Right option: the simplest number between (the simplicity theorem).
    fn number_by_simplicity(&mut self, lefts: &[GameId], rights: &[GameId]) -> Option<GameId> {
        let mut low: Option<&Dyadic> = None;
        for &l in lefts {
            let x = self.number_ref(l)?;
            low = Some(low.map_or(x, |m| m.max(x)));
        }
        let mut high: Option<&Dyadic> = None;
        for &r in rights {
            let x = self.number_ref(r)?;
            high = Some(high.map_or(x, |m| m.min(x)));
        }
        let x = Dyadic::simplest_between(low, high)?;
        Some(self.number(x))
    }

    /// Dominated options deleted and reversible options bypassed, until neither applies.
    fn canonical_options(
        &mut self,
        mut lefts: Vec<GameId>,
        mut rights: Vec<GameId>,
    ) -> (Vec<GameId>, Vec<GameId>) {
        loop {
            if self.interrupted {
                return (lefts, rights);
            }
            lefts.sort_unstable();
            lefts.dedup();
            rights.sort_unstable();
            rights.dedup();
            lefts = self.undominated(&lefts, true);
            rights = self.undominated(&rights, false);
            let mut changed = false;
            let mut new_lefts = Vec::with_capacity(lefts.len());
            for &a in &lefts {
                match self.left_reversal(a, &lefts, &rights) {
                    Some(through) => {
                        new_lefts.extend(self.left_options_rc(through).iter().copied());
                        changed = true;
                    }
                    None => new_lefts.push(a),
                }
            }
            let mut new_rights = Vec::with_capacity(rights.len());
            for &b in &rights {
                match self.right_reversal(b, &lefts, &rights) {
                    Some(through) => {
                        new_rights.extend(self.right_options_rc(through).iter().copied());
                        changed = true;
                    }
                    None => new_rights.push(b),
                }
            }
            lefts = new_lefts;
            rights = new_rights;
            if !changed {
                return (lefts, rights);
            }
        }
    }

    /// The options of one side that no other option of that side dominates (for Left, an
    /// option `a` is dominated by `b` when `a <= b`; for Right when `a >= b`). The list has
    /// no two equal ids, so `<=` between two of them is `<`.
    fn undominated(&mut self, options: &[GameId], left: bool) -> Vec<GameId> {
        let mut kept = Vec::with_capacity(options.len());
        for (i, &a) in options.iter().enumerate() {
            // Once interrupted, a placeholder: comparing thousands of options two by two
            // would go on for seconds, each comparison answered at once.
            if self.interrupted {
                return kept;
            }
            let dominated = options
                .iter()
                .enumerate()
                .any(|(j, &b)| j != i && if left { self.le(a, b) } else { self.le(b, a) });
            if !dominated {
                kept.push(a);
            }
        }
        kept
    }

    /// A Right option of the Left option `a` that is `<=` the game `{lefts | rights}`, if
    /// any: `a` is then reversible through it.
    fn left_reversal(&mut self, a: GameId, lefts: &[GameId], rights: &[GameId]) -> Option<GameId> {
        let a_rights = self.right_options_rc(a);
        a_rights
            .iter()
            .copied()
            .find(|&ar| self.le_id_lists(ar, lefts, rights))
    }

    /// A Left option of the Right option `b` that is `>=` the game `{lefts | rights}`.
    fn right_reversal(&mut self, b: GameId, lefts: &[GameId], rights: &[GameId]) -> Option<GameId> {
        let b_lefts = self.left_options_rc(b);
        b_lefts
            .iter()
            .copied()
            .find(|&bl| self.le_lists_id(lefts, rights, bl))
    }

    /// `x <= {lefts | rights}`: no Left option of `x` is `>=` the game and no Right option
    /// of the game is `<= x`.
    fn le_id_lists(&mut self, x: GameId, lefts: &[GameId], rights: &[GameId]) -> bool {
        if self.interrupted {
            return false;
        }
        if rights.iter().any(|&r| self.le(r, x)) {
            return false;
        }
        let x_lefts = self.left_options_rc(x);
        !x_lefts
            .iter()
            .any(|&xl| self.le_lists_id(lefts, rights, xl))
    }

    /// `{lefts | rights} <= y`.
    fn le_lists_id(&mut self, lefts: &[GameId], rights: &[GameId], y: GameId) -> bool {
        if self.interrupted {
            return false;
        }
        if lefts.iter().any(|&l| self.le(y, l)) {
            return false;
        }
        let y_rights = self.right_options_rc(y);
        !y_rights
            .iter()
            .any(|&yr| self.le_id_lists(yr, lefts, rights))
    }

    /// The id of canonical option lists: an existing game, a nus, or a new game.
    fn intern(&mut self, mut lefts: Vec<GameId>, mut rights: Vec<GameId>) -> GameId {
        if self.interrupted {
            return self.placeholder();
        }
        lefts.sort_unstable();
        rights.sort_unstable();
        let key: (Options, Options) = (lefts.into(), rights.into());
        if let Some(&id) = self.by_options.get(&key) {
            return id;
        }
        if let Some(guess) = self.guess_nus(&key.0, &key.1) {
            let id = self.nus(guess);
            let (l, r) = self.options_rc(id);
            if l == key.0 && r == key.1 {
                return id;
            }
        }
        let growth = vec_growth_bytes(&self.nodes) + growth_bytes(&self.by_options);
        if !self.afford(growth) {
            return self.placeholder();
        }
        let stops = self.stops_of_options(&key.0, &key.1);
        self.option_bytes += list_bytes(key.0.len()) + list_bytes(key.1.len());
        let id = self.push(Node {
            options: Some((key.0.clone(), key.1.clone())),
            nus: None,
            stops,
        });
        self.by_options.insert(key, id);
        self.step();
        id
    }

    /// The stops of a game that is not a number from its canonical options: the left stop is
    /// the greatest right stop of a Left option, the right stop the least left stop of a Right
    /// option (NaN when a side is empty or a stop is not exact; NaN answers every comparison
    /// with false, so the quick look in [`ValueStore::le`] then decides nothing).
    fn stops_of_options(&self, lefts: &[GameId], rights: &[GameId]) -> (f64, f64) {
        let left = lefts
            .iter()
            .map(|&l| self.nodes[l.index()].stops.1)
            .reduce(|a, b| {
                if a.is_nan() || b.is_nan() {
                    f64::NAN
                } else {
                    a.max(b)
                }
            })
            .unwrap_or(f64::NAN);
        let right = rights
            .iter()
            .map(|&r| self.nodes[r.index()].stops.0)
            .reduce(|a, b| {
                if a.is_nan() || b.is_nan() {
                    f64::NAN
                } else {
                    a.min(b)
                }
            })
            .unwrap_or(f64::NAN);
        (left, right)
    }

    fn push(&mut self, node: Node) -> GameId {
        let index = u32::try_from(self.nodes.len()).unwrap_or(u32::MAX);
        assert!(
            index < u32::MAX,
            "a value store holds at most 2^32 - 1 games"
        );
        self.nodes.push(node);
        GameId(index)
    }

    /// Which nus canonical options `{lefts | rights}` would be, if they are one: the shapes
    /// of [`nus_options`](Self::nus_options) read backwards. The caller checks the guess.
    fn guess_nus(&self, lefts: &[GameId], rights: &[GameId]) -> Option<Nus> {
        let ln: Vec<&Nus> = lefts
            .iter()
            .map(|&g| self.nus_ref(g))
            .collect::<Option<_>>()?;
        let rn: Vec<&Nus> = rights
            .iter()
            .map(|&g| self.nus_ref(g))
            .collect::<Option<_>>()?;
        if lefts == rights && !ln.is_empty() {
            let x = &ln[0].number;
            if ln.iter().all(|n| n.ups.is_zero() && &n.number == x) {
                return Some(Nus {
                    number: x.clone(),
                    ups: Integer::ZERO,
                    nimber: ln.len() as u64,
                });
            }
            return None;
        }
        let one = Integer::ONE;
        match (ln.as_slice(), rn.as_slice()) {
            ([], []) => Some(Nus::default()),
            ([l], []) if l.is_number() => {
                Dyadic::simplest_between(Some(&l.number), None).map(Nus::number)
            }
            ([], [r]) if r.is_number() => {
                Dyadic::simplest_between(None, Some(&r.number)).map(Nus::number)
            }
            ([l], [r]) if l.is_number() && r.is_number() => {
                Dyadic::simplest_between(Some(&l.number), Some(&r.number)).map(Nus::number)
            }
            ([l], [r]) if l.is_number() && r.number == l.number => Some(Nus {
                number: l.number.clone(),
                ups: &r.ups + &one,
                nimber: r.nimber ^ 1,
            }),
            ([l], [r]) if r.is_number() && r.number == l.number => Some(Nus {
                number: r.number.clone(),
                ups: &l.ups - &one,
                nimber: l.nimber ^ 1,
            }),
            ([_, _], [r]) if r.is_number() => Some(Nus {
                number: r.number.clone(),
                ups: Integer::ONE,
                nimber: 1,
            }),
            ([l], [_, _]) if l.is_number() => Some(Nus {
                number: l.number.clone(),
                ups: Integer::small(-1),
                nimber: 1,
            }),
            _ => None,
        }
    }

    /// The canonical options of a nus (Siegel, *Combinatorial Game Theory*, II.4 and II.5):
    /// an integer `n > 0` is `{n-1 | }`; `m/2^k` is `{(m-1)/2^k | (m+1)/2^k}`;
    /// `x + *m` is `{x, x*, …, x*(m-1) | same}`; `x + ↑*` is `{x, x* | x}`; otherwise for
    /// `n > 0` ups, `x + n·↑ + *m = {x | x + (n-1)·↑ + *(m xor 1)}`, and negatives mirror.
    fn nus_options(&mut self, nus: Nus) -> (Vec<GameId>, Vec<GameId>) {
        let Nus {
            number: x,
            ups,
            nimber,
        } = nus;
        if ups.is_zero() && nimber == 0 {
            if x.is_zero() {
                return (vec![], vec![]);
            }
            if x.is_integer() {
                return if x.signum() > 0 {
                    (vec![self.number(x - Dyadic::integer(1))], vec![])
                } else {
                    (vec![], vec![self.number(x + Dyadic::integer(1))])
                };
            }
            let step = Dyadic::new(1, x.exponent());
            let left = self.number(&x - &step);
            return (vec![left], vec![self.number(x + step)]);
        }
        if ups.is_zero() {
            // `*m` has m options on each side: a huge nimber runs into the memory limit.
            let mut options = Vec::new();
            for k in 0..nimber {
                if self.interrupted {
                    break;
                }
                options.push(self.nus(Nus {
                    number: x.clone(),
                    ups: Integer::ZERO,
                    nimber: k,
                }));
            }
            return (options.clone(), options);
        }
        let base = self.number(x.clone());
        if (ups == 1 || ups == -1) && nimber == 1 {
            let base_star = self.nus(Nus {
                number: x,
                ups: Integer::ZERO,
                nimber: 1,
            });
            return if ups == 1 {
                (vec![base, base_star], vec![base])
            } else {
                (vec![base], vec![base, base_star])
            };
        }
        if ups.signum() > 0 {
            let right = self.nus(Nus {
                number: x,
                ups: &ups - &Integer::ONE,
                nimber: nimber ^ 1,
            });
            (vec![base], vec![right])
        } else {
            let left = self.nus(Nus {
                number: x,
                ups: &ups + &Integer::ONE,
                nimber: nimber ^ 1,
            });
            (vec![left], vec![base])
        }
    }

    // ----- reading ------------------------------------------------------------------

    /// The options of `g`. Each option read is a step of a bounded run, since the caller
    /// goes through them: the stops, thermograph or birthday of `*50000` reads the options
    /// of each of its 50 000 options, billions of reads of remembered results that count no
    /// other step, and would otherwise run for seconds between two looks at the limits.
    fn options_rc(&mut self, g: GameId) -> (Options, Options) {
        let options = match &self.nodes[g.index()].options {
            Some((l, r)) => (l.clone(), r.clone()),
            None => {
                let nus = self.nodes[g.index()].nus.clone().unwrap_or_default();
                let (mut l, mut r) = self.nus_options(nus);
                l.sort_unstable();
                r.sort_unstable();
                let options: (Options, Options) = (l.into(), r.into());
                if !self.interrupted {
                    // Held from now on, as every game's lists are: `*50000`'s options hold
                    // 50 000 ids on each side.
                    self.option_bytes += list_bytes(options.0.len()) + list_bytes(options.1.len());
                    self.nodes[g.index()].options = Some(options.clone());
                }
                options
            }
        };
        self.steps(options.0.len() + options.1.len());
        options
    }

    fn left_options_rc(&mut self, g: GameId) -> Options {
        self.options_rc(g).0
    }

    fn right_options_rc(&mut self, g: GameId) -> Options {
        self.options_rc(g).1
    }

    /// The Left options of the canonical form of `g`.
    pub fn left_options(&mut self, g: GameId) -> Vec<GameId> {
        self.left_options_rc(g).to_vec()
    }

    /// The Right options of the canonical form of `g`.
    pub fn right_options(&mut self, g: GameId) -> Vec<GameId> {
        self.right_options_rc(g).to_vec()
    }

    /// `g` as a nus (number + ups + nimber), if it is one.
    pub fn as_nus(&self, g: GameId) -> Option<Nus> {
        self.nus_ref(g).cloned()
    }

    /// `g` as a nus, borrowed.
    pub fn nus_ref(&self, g: GameId) -> Option<&Nus> {
        self.nodes.get(g.index()).and_then(|node| node.nus.as_ref())
    }

    /// `g` as a number, if it is one.
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        self.number_ref(g).cloned()
    }

    /// `g` as a number, borrowed.
    pub fn number_ref(&self, g: GameId) -> Option<&Dyadic> {
        self.nus_ref(g).filter(|n| n.is_number()).map(|n| &n.number)
    }

    /// Whether `g` is a number.
    pub fn is_number(&self, g: GameId) -> bool {
        self.number_ref(g).is_some()
    }

    /// The birthday of `g`: the height of its canonical game tree.
    pub fn birthday(&mut self, g: GameId) -> Integer {
        if let Some(day) = self.birthdays.get(&g) {
            return day.clone();
        }
        if self.interrupted {
            return Integer::ZERO;
        }
        let day = match self.nus_ref(g) {
            Some(nus) => nus_birthday(nus),
            None => {
                let (l, r) = self.options_rc(g);
                let mut day = Integer::ZERO;
                for &option in l.iter().chain(r.iter()) {
                    let after = &deep(|| self.birthday(option)) + &Integer::ONE;
                    day = day.max(after);
                }
                day
            }
        };
        let growth = growth_bytes(&self.birthdays);
        if self.afford(growth) {
            self.number_bytes = self.number_bytes.saturating_add(day.heap_bytes());
            self.birthdays.insert(g, day.clone());
            self.step();
        }
        day
    }

    // ----- arithmetic ---------------------------------------------------------------

    /// `g + h`.
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        let (a, b) = if g <= h { (g, h) } else { (h, g) };
        if let Some(&sum) = self.sums.get(&(a, b)) {
            return sum;
        }
        if self.interrupted {
            return self.placeholder();
        }
        let sum = match (self.nus_ref(a), self.nus_ref(b)) {
            (Some(x), Some(y)) => {
                let total = x + y;
                self.nus(total)
            }
            _ => deep(|| self.add_by_options(a, b)),
        };
        let growth = growth_bytes(&self.sums);
        if self.afford(growth) {
            self.sums.insert((a, b), sum);
            self.step();
        }
        sum
    }

    fn add_by_options(&mut self, a: GameId, b: GameId) -> GameId {
        // A number added to a game that is not one: only the other game's options count
        // (the number translation theorem, Siegel II.3).
        let (game, number) = if self.is_number(a) {
            (b, Some(a))
        } else if self.is_number(b) {
            (a, Some(b))
        } else {
            (a, None)
        };
        let (gl, gr) = self.options_rc(game);
        let mut lefts = Vec::new();
        let mut rights = Vec::new();
        match number {
            Some(x) => {
                for &l in gl.iter() {
                    lefts.push(self.add(l, x));
                }
                for &r in gr.iter() {
                    rights.push(self.add(r, x));
                }
            }
            None => {
                let (hl, hr) = self.options_rc(b);
                for &l in gl.iter() {
                    lefts.push(self.add(l, b));
                }
                for &l in hl.iter() {
                    lefts.push(self.add(a, l));
                }
                for &r in gr.iter() {
                    rights.push(self.add(r, b));
                }
                for &r in hr.iter() {
                    rights.push(self.add(a, r));
                }
            }
        }
        self.game(&lefts, &rights)
    }

    /// `-g`: the game with the players' roles exchanged.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(&n) = self.negatives.get(&g) {
            return n;
        }
        if self.interrupted {
            return self.placeholder();
        }
        let negative = match self.nus_ref(g) {
            Some(nus) => {
                let minus = -nus;
                self.nus(minus)
            }
            None => {
                let (l, r) = self.options_rc(g);
                let lefts: Vec<GameId> = r.iter().map(|&x| deep(|| self.neg(x))).collect();
                let rights: Vec<GameId> = l.iter().map(|&x| deep(|| self.neg(x))).collect();
                // The negative of a canonical form is canonical.
                self.intern(lefts, rights)
            }
        };
        let growth = growth_bytes(&self.negatives);
        if self.afford(growth) {
            self.negatives.insert(g, negative);
            self.negatives.insert(negative, g);
            self.step();
        }
        negative
    }

    /// `g - h`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let minus_h = self.neg(h);
        self.add(g, minus_h)
    }

    /// The sum of several games (0 for none).
    pub fn sum(&mut self, games: &[GameId]) -> GameId {
        let mut total = self.zero();
        for &g in games {
            total = self.add(total, g);
        }
        total
    }

    // ----- order --------------------------------------------------------------------

    /// `g <= h`: Left wins `h - g` when Right starts.
    ///
    /// The stops decide many comparisons at once, unremembered: `g <= h` implies that each
    /// stop of `g` is at most the same stop of `h`, and a number strictly between the left
    /// stop of `g` and the right stop of `h` gives `g < x < h` (every short game lies below
    /// each number above its left stop and above each number below its right stop; Siegel
    /// II.3).
    pub fn le(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        let (g_left, g_right) = self.nodes[g.index()].stops;
        let (h_left, h_right) = self.nodes[h.index()].stops;
        if g_left > h_left || g_right > h_right {
            return false;
        }
        if g_left < h_right {
            return true;
        }
        if let Some(&answer) = self.order.get(&(g, h)) {
            return answer;
        }
        if self.interrupted {
            return false;
        }
        let answer = deep(|| self.le_by_options(g, h));
        let growth = growth_bytes(&self.order);
        if self.afford(growth) {
            self.order.insert((g, h), answer);
            self.step();
        }
        answer
    }

    /// `g <= h` from the nus formulas or the options (not remembered).
    fn le_by_options(&mut self, g: GameId, h: GameId) -> bool {
        let (x, y) = (self.nus_ref(g), self.nus_ref(h));
        if let (Some(x), Some(y)) = (x, y) {
            return (y + &-x).ge_zero();
        }
        let (g_number, h_number) = (
            x.is_some_and(|x| x.is_number()),
            y.is_some_and(|y| y.is_number()),
        );
        match (g_number, h_number) {
            (true, _) => {
                // Number avoidance: x <= H exactly when no Right option of H is <= x.
                let hr = self.right_options_rc(h);
                !hr.iter().any(|&r| self.le(r, g))
            }
            (_, true) => {
                let gl = self.left_options_rc(g);
                !gl.iter().any(|&l| self.le(h, l))
            }
            _ => {
                let gl = self.left_options_rc(g);
                let hr = self.right_options_rc(h);
                !hr.iter().any(|&r| self.le(r, g)) && !gl.iter().any(|&l| self.le(h, l))
            }
        }
    }

    /// `g >= h`.
    pub fn ge(&mut self, g: GameId, h: GameId) -> bool {
        self.le(h, g)
    }

    /// `g < h`.
    pub fn lt(&mut self, g: GameId, h: GameId) -> bool {
        g != h && self.le(g, h)
    }

    /// `g || h`: neither `<=` nor `>=`.
    pub fn fuzzy(&mut self, g: GameId, h: GameId) -> bool {
        self.compare(g, h) == Comparison::Fuzzy
    }

    /// How `g` compares with `h`.
    pub fn compare(&mut self, g: GameId, h: GameId) -> Comparison {
        if g == h {
            return Comparison::Equal;
        }
        match (self.le(g, h), self.le(h, g)) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Less,
            (false, true) => Comparison::Greater,
            (false, false) => Comparison::Fuzzy,
        }
    }

    /// Who wins `g`: L (`g > 0`), R (`g < 0`), N (`g || 0`) or P (`g = 0`).
    pub fn outcome(&mut self, g: GameId) -> OutcomeClass {
        let zero = self.zero();
        match self.compare(g, zero) {
            Comparison::Greater => OutcomeClass::Left,
            Comparison::Less => OutcomeClass::Right,
            Comparison::Fuzzy => OutcomeClass::Next,
            Comparison::Equal => OutcomeClass::Previous,
        }
    }

    /// Whether Left wins `g` moving first (`g |> 0`: some Left option is `>= 0`).
    pub fn left_wins_moving_first(&mut self, g: GameId) -> bool {
        let zero = self.zero();
        !self.le(g, zero)
    }

    /// Whether Right wins `g` moving first (`g <| 0`).
    pub fn right_wins_moving_first(&mut self, g: GameId) -> bool {
        let zero = self.zero();
        !self.le(zero, g)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn nus_options_are_the_canonical_forms_of_their_values() {
        // Build each nus from its formula options through the general canonicaliser of a
        // fresh store, with the nus tags switched off by building from option trees; the
        // option lists must come back unchanged (no dominated or reversible option).
        let mut store = ValueStore::new();
        for number in ["0", "1", "-2", "1/2", "-3/4", "5/8"] {
            for ups in -3..=3 {
                for nimber in 0..4 {
                    let nus = Nus {
                        number: number.parse().unwrap(),
                        ups: ups.into(),
                        nimber,
                    };
                    let id = store.nus(nus.clone());
                    let (l, r) = store.options_rc(id);
                    let (cl, cr) = store.canonical_options(l.to_vec(), r.to_vec());
                    let (mut cl, mut cr) = (cl, cr);
                    cl.sort_unstable();
                    cr.sort_unstable();
                    assert_eq!((&cl[..], &cr[..]), (&l[..], &r[..]), "{nus}");
                    assert_eq!(store.guess_nus(&l, &r), Some(nus.clone()), "{nus}");
                    assert_eq!(store.game(&l, &r), id, "{nus}");
                }
            }
        }
    }

    /// The birthday by its definition: a day after the latest option's (no formula).
    fn tree_birthday(store: &mut ValueStore, g: GameId) -> Integer {
        let (l, r) = store.options_rc(g);
        l.iter()
            .chain(r.iter())
            .map(|&option| &tree_birthday(store, option) + &Integer::ONE)
            .max()
            .unwrap_or(Integer::ZERO)
    }

    #[test]
    fn nus_birthdays_are_a_day_after_their_options() {
        let mut store = ValueStore::new();
        for number in ["0", "3", "-2", "1/2", "-3/4", "5/8", "7/2", "85/256"] {
            for ups in -6i64..=6 {
                for nimber in 0..=7 {
                    let nus = Nus {
                        number: number.parse().unwrap(),
                        ups: ups.into(),
                        nimber,
                    };
                    let id = store.nus(nus.clone());
                    assert_eq!(store.birthday(id), tree_birthday(&mut store, id), "{nus}");
                }
            }
        }
    }

    #[test]
    fn a_huge_nimber_costs_no_options_and_its_options_are_counted() {
        let mut store = ValueStore::new();
        let star = store.nimber(1 << 50);
        assert_eq!(store.birthday(star), Integer::from(1u64 << 50));
        let summary = store.summary(star);
        assert_eq!(summary.canonical, "*1125899906842624");
        assert_eq!(summary.mean, Dyadic::ZERO);
        assert_eq!(summary.atomic_weight.as_deref(), Some("0"));
        assert!(store.len() < 100, "{} values", store.len());
        // The options, once asked for, are held and counted: 20 000 ids on each side.
        let before = store.size().bytes;
        let big = store.nimber(20_000);
        let options = store.left_options(big);
        assert_eq!(options.len(), 20_000);
        assert!(store.size().bytes >= before + 2 * 4 * 20_000);
    }

    #[test]
    fn star_up_and_friends() {
        let mut store = ValueStore::new();
        let zero = store.zero();
        let star = store.game(&[zero], &[zero]);
        assert_eq!(store.as_nus(star), Some(Nus::nimber(1)));
        let up = store.game(&[zero], &[star]);
        assert_eq!(store.as_nus(up), Some(Nus::ups(1)));
        let one = store.game(&[zero], &[]);
        assert_eq!(store.as_number(one), Some(Dyadic::integer(1)));
        let half = store.game(&[zero], &[one]);
        assert_eq!(store.as_number(half), Some(Dyadic::new(1, 1)));
        let switch = store.game(&[one], &[zero]);
        assert!(store.as_nus(switch).is_none());
        assert_eq!(store.outcome(switch), OutcomeClass::Next);
        assert_eq!(store.outcome(up), OutcomeClass::Left);
        assert_eq!(store.outcome(star), OutcomeClass::Next);
        assert_eq!(store.outcome(zero), OutcomeClass::Previous);
        let minus_switch = store.neg(switch);
        assert_eq!(store.add(switch, minus_switch), zero);
    }

    #[test]
    fn dominated_and_reversible_options_go() {
        let mut store = ValueStore::new();
        let zero = store.zero();
        let one = store.integer(1);
        let star = store.nimber(1);
        // {0, * | } : * is dominated? No: * and 0 are confused; but * reverses through 0
        // (0 <= {0,*|} = 1), so the value is {0 | } = 1.
        assert_eq!(store.game(&[zero, star], &[]), one);
        // {0, 1 | } : 0 is dominated by 1, so the value is {1 | } = 2.
        let two = store.integer(2);
        assert_eq!(store.game(&[zero, one], &[]), two);
    }
}
