//! The misère quotient of a heap game restricted to heaps of at most `n` tokens,
//! built one heap at a time: guess, prove, and correct the guess where the proof fails.
//!
//! # The construction
//!
//! Let `Q` be the quotient of every sum of heaps below `n`. Adding the heap `n` (a new
//! generator `a`), the first guess is `Q × {1, a, a², a³}` with `a⁴ = a²`, each element's
//! outcome decided by the misère rule — a P-position has a move and every move leads to an
//! N-position — on the first sum of heaps that reaches it, sums taken by increasing size (a
//! measure of heaps that every move decreases, whatever the rules: `2h − 1` for a heap of
//! `h` in a take-and-break game) so that the options of a sum are decided before it.
//! Indistinguishable elements (`u ~ v`
//! when `uz` and `vz` are P-positions for the same `z`) are then merged.
//!
//! A guess can be wrong: two sums equal in `Q` may be told apart once the heap `n` exists
//! (in Kayles, `5 + 5` acts as the empty sum among heaps of at most 8 tokens, but not next
//! to a heap of 9). So every guess is **proved** ([`verify`](super::verify)) on every sum of
//! heaps up to `n`; when the proof finds a sum it gets wrong, the heaps of that sum are
//! made free again (each its own cyclic factor, `hᵐ⁺² = hᵐ`) and the outcomes are decided
//! afresh, until the proof succeeds. Only proved quotients are returned.

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, HashMap};

use super::monoid::{reduce_within, BipartiteMonoid, Element, Unreduced};
use super::verify::{verify_keeping, LeastOptionSets, Letter, Verdict};
use crate::heap::{HeapMove, HeapRuleset, PeriodicityBounds};
use crate::stop::{Stop, Stopped};

/// The estimated bytes a quotient of `order` elements holds while a heap is added: the
/// product tables (order² entries each) of the proved quotient, of the guess after merging
/// and of the submonoid a correction starts from. The order is bounded by the memory limit
/// through it ([`max_order`]).
pub fn quotient_bytes(order: usize) -> usize {
    table_bytes(order).saturating_mul(3)
}

/// The bytes of the product table of a monoid of `order` elements.
fn table_bytes(order: usize) -> usize {
    order
        .saturating_mul(order)
        .saturating_mul(std::mem::size_of::<Element>())
}

/// The largest order whose one product table fits in `room` bytes.
fn largest_table_within(room: usize) -> usize {
    let mut order = ((room / std::mem::size_of::<Element>()) as f64).sqrt() as usize;
    while table_bytes(order + 1) <= room {
        order += 1;
    }
    while order > 0 && table_bytes(order) > room {
        order -= 1;
    }
    order
}

/// The largest order whose [`quotient_bytes`] are within `memory_limit` bytes: 18,257
/// elements with the default limit of 4000 MB.
pub fn max_order(memory_limit: usize) -> usize {
    let mut order = ((memory_limit / (3 * std::mem::size_of::<Element>())) as f64).sqrt() as usize;
    while quotient_bytes(order + 1) <= memory_limit {
        order += 1;
    }
    while order > 0 && quotient_bytes(order) > memory_limit {
        order -= 1;
    }
    order
}

/// The largest heap bound accepted: each heap costs at least one reduction of the quotient,
/// and its options are listed one by one.
pub const MAX_HEAPS: u64 = 20_000;

/// The largest guess marked before reduction (elements of the direct product, and
/// elements reached when its outcomes are decided).
pub const MAX_GUESS: usize = 1 << 18;

/// The most corrections of one heap's guess.
const MAX_CORRECTIONS: usize = 64;

/// Why a quotient was not computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuotientError {
    /// The heap bound is beyond [`MAX_HEAPS`].
    #[error(
        "a heap bound of {0} is refused: at most {MAX_HEAPS} heaps are added (each costs a \
         reduction of the whole quotient)"
    )]
    TooManyHeaps(u64),
    /// A guess of the quotient grew past [`MAX_GUESS`] elements before its
    /// indistinguishable elements were merged.
    #[error(
        "the quotient grew too large when heap {heap} was added (a guess of {order} \
         elements): guesses of at most {MAX_GUESS} elements are marked before merging"
    )]
    TooLarge {
        /// The heap whose addition made the quotient too large.
        heap: u64,
        /// The order reached (or about to be reached).
        order: usize,
    },
    /// No correction of the guess made the proof succeed.
    #[error(
        "no quotient was proved when heap {0} was added: the corrections tried did not fit \
         the outcomes of its sums"
    )]
    Unproved(u64),
    /// The proof had more states than it visits.
    #[error(
        "the proof of the quotient with heap {0} reached more than {max} states",
        max = super::verify::MAX_STATES
    )]
    ProofTooLarge(u64),
    /// The proof's states, or the quotient's product tables ([`quotient_bytes`]), passed
    /// the memory limit.
    #[error(
        "the quotient with heap {heap} (its product tables or its proof's states) reached \
         {} MB, past the memory limit of {} MB",
        bytes.div_ceil(1_000_000),
        limit / 1_000_000
    )]
    OverMemory {
        /// The heap being added.
        heap: u64,
        /// The estimated bytes.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// The heap bound is past the largest heap the rules know
    /// ([`HeapRuleset::largest_heap`]).
    #[error(
        "a heap bound of {bound} is refused: the rules {rules} know heaps up to {largest} only"
    )]
    BeyondRules {
        /// The rules' name.
        rules: String,
        /// The bound asked for.
        bound: u64,
        /// The largest heap the rules know.
        largest: u64,
    },
    /// The rules broke the contract of [`HeapRuleset::for_each_option`]: a move leaves a
    /// heap that is not smaller than the heap moved in.
    #[error(
        "the rules {rules} give the move {mv}, which leaves a heap not smaller than the heap \
         moved in"
    )]
    BadOption {
        /// The rules' name.
        rules: String,
        /// The move.
        mv: HeapMove,
    },
    /// The games from a heap are too long to order its sums by: moves may leave heaps that
    /// last longer together than the heap before them (the measure of heaps by which sums
    /// are taken in order, see the module documentation, passed 2^40).
    #[error(
        "the games from a heap of {0} are too long to order its sums by: the rules' moves \
         leave heaps that together last longer than the heap moved in, past 2^40 moves"
    )]
    LongGames(u64),
    /// The computation was stopped.
    #[error("{0}")]
    Stopped(#[from] Stopped),
}

/// The misère quotient of the sums of heaps of at most `bound` tokens.
///
/// It keeps of the rules only what is needed after it is built: their name, and what the
/// periodicity theorem needs of them ([`PeriodicityBounds`]), so that it does not borrow
/// the rules and can be proved periodic ([`prove_periodicity`](super::prove_periodicity))
/// on its own.
#[derive(Debug, Clone)]
pub struct MisereQuotient {
    /// The name of the rules ([`HeapRuleset::name`]).
    rules_name: String,
    /// What the periodicity theorem needs of the rules, when it applies to them.
    periodicity_bounds: Option<PeriodicityBounds>,
    monoid: BipartiteMonoid,
    /// `heap_elements[h]`: the element of the heap of `h` tokens (`h = 0..=bound`).
    heap_elements: Vec<Element>,
    /// `orders[n]`: the order of the quotient of the heaps of at most `n` tokens.
    orders: Vec<usize>,
    /// The states the last proof visited.
    states: usize,
}

impl MisereQuotient {
    /// The name of the rules of the game ([`HeapRuleset::name`]).
    pub fn rules_name(&self) -> &str {
        &self.rules_name
    }

    /// What the periodicity theorem needs of the rules, `None` when it does not apply to
    /// them ([`HeapRuleset::periodicity_bounds`]).
    pub fn periodicity_bounds(&self) -> Option<PeriodicityBounds> {
        self.periodicity_bounds
    }

    /// The monoid and its P-portion.
    pub fn monoid(&self) -> &BipartiteMonoid {
        &self.monoid
    }

    /// The largest heap taken into account.
    pub fn bound(&self) -> u64 {
        (self.heap_elements.len() - 1) as u64
    }

    /// The element of each heap, from the empty heap (the identity) to the bound.
    pub fn heap_elements(&self) -> &[Element] {
        &self.heap_elements
    }

    /// The order of the quotient of the heaps of at most `n` tokens, for `n = 0..=bound`.
    pub fn orders(&self) -> &[usize] {
        &self.orders
    }

    /// The number of states the proof of the last quotient visited.
    pub fn states_proved(&self) -> usize {
        self.states
    }
}

/// The largest measure of a heap ([`Measured`]): sums of at most a few million heaps then
/// add up without overflow.
const MAX_MEASURE: u64 = 1 << 40;

/// The rules, with a measure of each heap added so far that every move decreases, by which
/// sums are taken smallest first: when a sum's turn comes, all of its options have been
/// decided.
///
/// A heap of `h` measures `max(2h − 1, 1 + m)`, where `m` is the largest total measure of
/// the heaps an option leaves. In a take-and-break game a move never adds a token, so `m`
/// is at most `2h − 2` and the measure is `2h − 1`: one per token and one per split. A
/// ruleset whose moves may leave more tokens than they take (a heap of 3 to 2 + 2) gets
/// larger measures, up to [`MAX_MEASURE`].
struct Measured<'r> {
    rules: &'r dyn HeapRuleset,
    /// `sizes[h]`: the measure of a heap of `h` (0 for the empty heap).
    sizes: Vec<u64>,
}

impl<'r> Measured<'r> {
    /// The rules, before any heap is measured.
    fn new(rules: &'r dyn HeapRuleset) -> Self {
        Measured {
            rules,
            sizes: vec![0],
        }
    }

    /// Measures the next heap, `heap` (every smaller one is measured); an error when the
    /// rules leave a heap not smaller than it, or the measure passes [`MAX_MEASURE`].
    fn measure(&mut self, heap: u64) -> Result<(), QuotientError> {
        let sizes = &self.sizes;
        let mut largest: u64 = 0;
        let mut broken = None;
        self.rules.for_each_option(heap, &mut |left| {
            let total = left.iter().try_fold(0u64, |total, part| {
                sizes
                    .get(*part as usize)
                    .map(|size| total.saturating_add(*size))
            });
            match total {
                Some(total) if left.iter().all(|part| *part < heap) => {
                    largest = largest.max(total);
                }
                _ => {
                    broken.get_or_insert_with(|| left.to_vec());
                }
            }
        });
        if let Some(left) = broken {
            return Err(QuotientError::BadOption {
                rules: self.rules.name(),
                mv: HeapMove { heap, left },
            });
        }
        let size = (2 * heap - 1).max(largest.saturating_add(1));
        if size > MAX_MEASURE {
            return Err(QuotientError::LongGames(heap));
        }
        self.sizes.push(size);
        Ok(())
    }

    /// The measure of a heap already measured.
    fn size(&self, heap: u64) -> u64 {
        self.sizes[heap as usize]
    }
}

/// A guess before reduction: a known monoid times cyclic monoids `{1, g, g², …}` with
/// `gᵐ⁺² = gᵐ`, one per freed heap. Elements are numbers in mixed radix, the known monoid's
/// element first.
struct DirectProduct<'a> {
    base: &'a BipartiteMonoid,
    /// `(m, m + 2)`: the index and the number of powers of each cyclic factor.
    cycles: Vec<(usize, usize)>,
}

impl DirectProduct<'_> {
    fn size(&self) -> Option<usize> {
        self.cycles
            .iter()
            .try_fold(self.base.order(), |size, (_, count)| {
                size.checked_mul(*count)
            })
    }

    fn join(&self, x: usize, exponents: &[usize]) -> usize {
        let mut u = 0;
        for ((_, count), exponent) in self.cycles.iter().zip(exponents).rev() {
            u = u * count + exponent;
        }
        u * self.base.order() + x
    }

    fn multiply(&self, u: usize, v: usize) -> usize {
        let order = self.base.order();
        let xy = self
            .base
            .multiply((u % order) as Element, (v % order) as Element) as usize;
        let (mut u, mut v) = (u / order, v / order);
        let mut product = xy;
        let mut stride = order;
        for (index, count) in &self.cycles {
            let sum = u % count + v % count;
            u /= count;
            v /= count;
            let exponent = if sum < *count {
                sum
            } else {
                index + (sum - index) % 2
            };
            product += exponent * stride;
            stride *= count;
        }
        product
    }

    /// The generator of the `which`-th cyclic factor.
    fn generator(&self, which: usize) -> usize {
        let mut exponents = vec![0; self.cycles.len()];
        exponents[which] = 1;
        self.join(0, &exponents)
    }
}

/// A proved or guessed quotient of the heaps up to some bound.
struct Candidate {
    monoid: BipartiteMonoid,
    heap_elements: Vec<Element>,
    /// For a proved quotient, the least option sets its proof kept
    /// ([`LeastOptionSets`]), by which the next heap may be given an element it has.
    least_sets: Option<LeastOptionSets>,
}

impl Candidate {
    fn element_of(&self, word: &[u64]) -> Element {
        self.monoid
            .product(word.iter().map(|h| self.heap_elements[*h as usize]))
    }
}

/// The elements of the options of each heap, from elements given to every heap; an error
/// when the rules leave a heap not smaller than the heap moved in.
fn heap_options(
    rules: &dyn HeapRuleset,
    heaps: u64,
    element: &dyn Fn(u64) -> usize,
    multiply: &dyn Fn(usize, usize) -> usize,
) -> Result<Vec<Vec<usize>>, QuotientError> {
    (0..=heaps)
        .map(|heap| {
            let mut images = Vec::new();
            let mut broken = None;
            if heap > 0 {
                rules.for_each_option(heap, &mut |left| {
                    if left.iter().any(|h| *h >= heap) {
                        broken.get_or_insert_with(|| left.to_vec());
                        return;
                    }
                    images.push(left.iter().fold(0, |total, h| multiply(total, element(*h))));
                });
            }
            if let Some(left) = broken {
                return Err(QuotientError::BadOption {
                    rules: rules.name(),
                    mv: HeapMove { heap, left },
                });
            }
            images.sort_unstable();
            images.dedup();
            Ok(images)
        })
        .collect()
}

/// Decides the outcome of every element of a guess on the first sum (by size) that reaches
/// it, then merges indistinguishable elements.
///
/// `held` is the bytes of the product tables the caller keeps meanwhile (besides the
/// guess's base, counted here): the merged guess's table must fit in what is left of
/// `memory_limit`.
fn mark_and_reduce(
    game: &Measured<'_>,
    guess: &DirectProduct<'_>,
    heap_elements: &[usize],
    stop: &Stop,
    memory_limit: usize,
    held: usize,
) -> Result<Candidate, QuotientError> {
    let heaps = (heap_elements.len() - 1) as u64;
    let multiply = |u: usize, v: usize| guess.multiply(u, v);
    let options = heap_options(game.rules, heaps, &|h| heap_elements[h as usize], &multiply)?;
    let size = guess.size().unwrap_or(usize::MAX);
    let mut marked = vec![false; size];
    let mut is_p = vec![false; size];
    let mut reached: Vec<usize> = Vec::new();
    // One heap of each kind (element and option elements), one of least measure: a larger
    // heap of the same kind reaches nothing first.
    let mut letters: Vec<u64> = Vec::new();
    let mut kinds: HashMap<(usize, &[usize]), usize> = HashMap::new();
    for heap in 1..=heaps {
        let images = &options[heap as usize];
        if images.is_empty() {
            continue;
        }
        match kinds.entry((heap_elements[heap as usize], images)) {
            Entry::Occupied(kind) => {
                let kept = &mut letters[*kind.get()];
                if game.size(heap) < game.size(*kept) {
                    *kept = heap;
                }
            }
            Entry::Vacant(kind) => {
                kind.insert(letters.len());
                letters.push(heap);
            }
        }
    }
    // The option elements of each reached element's first sum, end to end: those of
    // `reached[i]` are `transitions[starts[i]..starts[i + 1]]`.
    let mut starts: Vec<usize> = vec![0];
    let mut transitions: Vec<usize> = Vec::new();
    // Sums waiting: (size, element, the reached element it extends, the letter added). The
    // option elements of an element are worked out when it is taken, from those of the one
    // it extends; of several sums of the same size to it, the least option set is taken.
    let mut queue: BinaryHeap<Reverse<(u64, usize, usize, usize)>> = BinaryHeap::new();
    let options_after = |reached: &[usize],
                         parent: usize,
                         letter: usize,
                         transitions: &[usize],
                         starts: &[usize]| {
        let heap = letters[letter];
        let g = heap_elements[heap as usize];
        let u = reached[parent];
        let mut next: Vec<usize> = transitions[starts[parent]..starts[parent + 1]]
            .iter()
            .map(|t| multiply(*t, g))
            .collect();
        next.extend(options[heap as usize].iter().map(|s| multiply(u, *s)));
        next.sort_unstable();
        next.dedup();
        next
    };
    let mut root = true;
    loop {
        let (total, u, next) = if root {
            root = false;
            (0, 0, Vec::new())
        } else {
            let Some(Reverse((total, u, parent, letter))) = queue.pop() else {
                break;
            };
            if marked[u] {
                continue;
            }
            let mut next = options_after(&reached, parent, letter, &transitions, &starts);
            while let Some(Reverse((same_total, same_u, parent, letter))) = queue.peek().copied() {
                if same_total != total || same_u != u {
                    break;
                }
                queue.pop();
                let other = options_after(&reached, parent, letter, &transitions, &starts);
                if other < next {
                    next = other;
                }
            }
            (total, u, next)
        };
        if reached.len() % 1024 == 0 {
            stop.check()?;
        }
        if reached.len() >= MAX_GUESS {
            return Err(QuotientError::TooLarge {
                heap: heaps,
                order: reached.len(),
            });
        }
        marked[u] = true;
        is_p[u] = !next.is_empty() && next.iter().all(|t| !is_p[*t]);
        let index = reached.len();
        reached.push(u);
        transitions.extend_from_slice(&next);
        starts.push(transitions.len());
        for (letter, heap) in letters.iter().enumerate() {
            let v = multiply(u, heap_elements[*heap as usize]);
            if !marked[v] {
                queue.push(Reverse((
                    total.saturating_add(game.size(*heap)),
                    v,
                    index,
                    letter,
                )));
            }
        }
    }
    let mut position = vec![usize::MAX; size];
    for (index, u) in reached.iter().enumerate() {
        position[*u] = index;
    }
    stop.check()?;
    let generators: Vec<usize> = letters
        .iter()
        .map(|heap| position[heap_elements[*heap as usize]])
        .collect();
    let unreduced = Unreduced {
        order: reached.len(),
        multiply: &|a, b| position[multiply(reached[a], reached[b])],
        is_p: &|a| is_p[reached[a]],
        generators: &generators,
    };
    let held = held.saturating_add(table_bytes(guess.base.order()));
    let largest = largest_table_within(memory_limit.saturating_sub(held));
    let Some((monoid, class_of)) = reduce_within(&unreduced, largest) else {
        return Err(QuotientError::OverMemory {
            heap: heaps,
            bytes: held.saturating_add(table_bytes(largest + 1)),
            limit: memory_limit,
        });
    };
    let heap_elements = heap_elements
        .iter()
        .map(|u| class_of[position[*u]])
        .collect();
    Ok(Candidate {
        monoid,
        heap_elements,
        least_sets: None,
    })
}

/// The letters the proof adds: one per kind of heap with a move (its heap one of least
/// measure).
fn letters(game: &Measured<'_>, candidate: &Candidate) -> Result<Vec<Letter>, QuotientError> {
    let heaps = (candidate.heap_elements.len() - 1) as u64;
    let options = heap_options(
        game.rules,
        heaps,
        &|h| candidate.heap_elements[h as usize] as usize,
        &|u, v| candidate.monoid.multiply(u as Element, v as Element) as usize,
    )?;
    let mut found: Vec<Letter> = Vec::new();
    let mut seen: HashMap<(Element, Vec<Element>), usize> = HashMap::new();
    for heap in 1..=heaps {
        let images = &options[heap as usize];
        if images.is_empty() {
            continue;
        }
        let letter = Letter {
            heap,
            size: game.size(heap),
            element: candidate.heap_elements[heap as usize],
            options: images.iter().map(|u| *u as Element).collect(),
        };
        match seen.entry((letter.element, letter.options.clone())) {
            Entry::Occupied(kind) => {
                // The same kind of heap: keep the one of least measure (in a
                // take-and-break game the smaller heap, met first).
                let kept = &mut found[*kind.get()];
                if letter.size < kept.size {
                    kept.heap = letter.heap;
                    kept.size = letter.size;
                }
            }
            Entry::Vacant(kind) => {
                kind.insert(found.len());
                found.push(letter);
            }
        }
    }
    Ok(found)
}

/// A new guess in which the heaps of `failure` (some of them) are free again, or `None`
/// when no choice of them gets `failure` right.
///
/// The guess for a choice of heaps is the submonoid generated by the other heaps' elements
/// (what the candidate knows without the chosen heaps) times one cyclic factor per chosen
/// heap, whose index is at least 2, at least the heap's copies in `failure` and at least
/// the index of its element in the candidate, so that none of the powers the candidate
/// told apart is merged by the guess.
///
/// `held` is the bytes of the product tables kept meanwhile besides the candidate's (the
/// proved quotient of the smaller heaps).
fn correct(
    game: &Measured<'_>,
    candidate: &Candidate,
    failure: &[u64],
    stop: &Stop,
    memory_limit: usize,
    held: usize,
) -> Result<Option<Candidate>, QuotientError> {
    let held = held.saturating_add(table_bytes(candidate.monoid.order()));
    let should_be_p = !candidate.monoid.is_p(candidate.element_of(failure));
    let mut involved: Vec<u64> = failure.to_vec();
    involved.dedup();
    let mut too_large = None;
    for count in 1..=involved.len() {
        for chosen in combinations(&involved, count) {
            let others: Vec<Element> = candidate
                .heap_elements
                .iter()
                .enumerate()
                .filter(|(heap, _)| !chosen.contains(&(*heap as u64)))
                .map(|(_, x)| *x)
                .collect();
            let (base, number) = candidate.monoid.submonoid(&others);
            let cycles: Vec<(usize, usize)> = chosen
                .iter()
                .map(|heap| {
                    let copies = failure.iter().filter(|h| *h == heap).count();
                    let known = candidate
                        .monoid
                        .power_index(candidate.heap_elements[*heap as usize]);
                    let index = copies.max(known).max(2);
                    (index, index + 2)
                })
                .collect();
            let guess = DirectProduct {
                base: &base,
                cycles,
            };
            if guess.size().map_or(true, |size| size > MAX_GUESS) {
                continue;
            }
            let heap_elements: Vec<usize> = candidate
                .heap_elements
                .iter()
                .enumerate()
                .map(
                    |(heap, x)| match chosen.iter().position(|h| *h == heap as u64) {
                        Some(which) => guess.generator(which),
                        None => number[*x as usize].expect("generated by the other heaps") as usize,
                    },
                )
                .collect();
            let corrected =
                match mark_and_reduce(game, &guess, &heap_elements, stop, memory_limit, held) {
                    Ok(corrected) => corrected,
                    Err(
                        error @ (QuotientError::TooLarge { .. } | QuotientError::OverMemory { .. }),
                    ) => {
                        too_large = Some(error);
                        continue;
                    }
                    Err(other) => return Err(other),
                };
            if corrected.monoid.is_p(corrected.element_of(failure)) == should_be_p {
                return Ok(Some(corrected));
            }
        }
    }
    match too_large {
        Some(error) => Err(error),
        None => Ok(None),
    }
}

/// Every choice of `count` items of `items`, in order.
fn combinations(items: &[u64], count: usize) -> Vec<Vec<u64>> {
    if count == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for (index, item) in items.iter().enumerate() {
        for mut rest in combinations(&items[index + 1..], count - 1) {
            rest.insert(0, *item);
            all.push(rest);
        }
    }
    all
}

/// The element of the proved quotient `proved` that the next heap, `heap`, may be given
/// with the quotient unchanged, if one is seen at once; `None` sends the heap to the guess
/// and its proof.
///
/// An element `x` will do, with no new proof, when
///
/// * no P-position comes of a move in the heap: for every element `z`, not both `x·z` and
///   `t·z` are in the P-portion, for `t` the element of any option of the heap;
/// * no N-position without a P option comes of the heap: the heap's option elements `T`
///   contain the option set `L` of a state `(x, L)` that the proof of `proved` reached by a
///   sum of smaller heaps. A sum with the heap has its option elements contain those of
///   the same sum with that smaller sum in its place (the move `(x, T) → (x·g, T·g ∪ x·S)`
///   is monotone in `T`), which has a P option unless it is a P-position itself.
///
/// A P-position with a P option made by a move elsewhere than in the heap, or an N-position
/// without one, would be one among smaller heaps too, with the heap replaced by a sum of
/// smaller heaps of element `x`. So the quotient with the heap at `x` is proved, and it is
/// the only such element: two would be told apart by the smaller heaps.
fn same_quotient(
    game: &Measured<'_>,
    proved: &Candidate,
    heap: u64,
) -> Result<Option<Element>, QuotientError> {
    let Some(least_sets) = &proved.least_sets else {
        return Ok(None);
    };
    let monoid = &proved.monoid;
    let order = monoid.order();
    let words = least_sets.words();
    if words != order.div_ceil(64).max(1) {
        return Ok(None);
    }
    let mut images: Vec<Element> = Vec::new();
    let mut broken = None;
    game.rules.for_each_option(heap, &mut |left| {
        if left.iter().any(|h| *h >= heap) {
            broken.get_or_insert_with(|| left.to_vec());
            return;
        }
        images.push(monoid.product(left.iter().map(|h| proved.heap_elements[*h as usize])));
    });
    if let Some(left) = broken {
        return Err(QuotientError::BadOption {
            rules: game.rules.name(),
            mv: HeapMove { heap, left },
        });
    }
    images.sort_unstable();
    images.dedup();
    let mut options = vec![0u64; words];
    for t in &images {
        options[*t as usize / 64] |= 1 << (t % 64);
    }
    let heap_is_p = images.iter().all(|t| !monoid.is_p(*t));
    // `p_after[z]`: whether some option's element times `z` is in the P-portion.
    let p_after: Vec<bool> = (0..order as Element)
        .map(|z| images.iter().any(|t| monoid.is_p(monoid.multiply(*t, z))))
        .collect();
    for x in 0..order as Element {
        if monoid.is_p(x) != heap_is_p || !least_sets.covered(x, &options) {
            continue;
        }
        let compatible = (0..order as Element)
            .all(|z| !p_after[z as usize] || !monoid.is_p(monoid.multiply(x, z)));
        if compatible {
            return Ok(Some(x));
        }
    }
    Ok(None)
}

/// Adds the heap `heap` to a proved quotient of the smaller heaps; the proved quotient and
/// the states its proof visited.
fn add_heap(
    game: &Measured<'_>,
    proved: Candidate,
    heap: u64,
    progress: &mut dyn FnMut(QuotientProgress),
    stop: &Stop,
    memory_limit: usize,
) -> Result<(Candidate, usize), QuotientError> {
    if !game.rules.has_option(heap) {
        let mut heap_elements = proved.heap_elements;
        heap_elements.push(0);
        return Ok((
            Candidate {
                heap_elements,
                ..proved
            },
            0,
        ));
    }
    if let Some(x) = same_quotient(game, &proved, heap)? {
        let mut heap_elements = proved.heap_elements;
        heap_elements.push(x);
        return Ok((
            Candidate {
                heap_elements,
                ..proved
            },
            0,
        ));
    }
    let guess = DirectProduct {
        base: &proved.monoid,
        cycles: vec![(2, 4)],
    };
    let mut heap_elements: Vec<usize> = proved.heap_elements.iter().map(|x| *x as usize).collect();
    heap_elements.push(guess.generator(0));
    // The guess's base is the proved quotient itself, counted once by the marking.
    let mut candidate = mark_and_reduce(game, &guess, &heap_elements, stop, memory_limit, 0)?;
    let proved_bytes = table_bytes(proved.monoid.order());
    for corrections in 0..MAX_CORRECTIONS {
        progress(QuotientProgress {
            heap,
            finished: false,
            corrections,
            order: candidate.monoid.order(),
        });
        // The proof's states get what the two product tables leave of the limit.
        let held = proved_bytes.saturating_add(table_bytes(candidate.monoid.order()));
        if held > memory_limit {
            return Err(QuotientError::OverMemory {
                heap,
                bytes: held,
                limit: memory_limit,
            });
        }
        let (verdict, least_sets) = verify_keeping(
            &candidate.monoid,
            &letters(game, &candidate)?,
            stop,
            memory_limit - held,
        )?;
        match verdict {
            Verdict::Proved { states } => {
                candidate.least_sets = Some(least_sets);
                return Ok((candidate, states));
            }
            Verdict::TooManyStates => return Err(QuotientError::ProofTooLarge(heap)),
            Verdict::OverMemory { bytes } => {
                return Err(QuotientError::OverMemory {
                    heap,
                    bytes: held.saturating_add(bytes),
                    limit: memory_limit,
                })
            }
            Verdict::Fails(failure) => {
                candidate = correct(game, &candidate, &failure, stop, memory_limit, proved_bytes)?
                    .ok_or(QuotientError::Unproved(heap))?;
            }
        }
    }
    Err(QuotientError::Unproved(heap))
}

/// Where the construction of a quotient is, as told to its `progress` callback.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuotientProgress {
    /// The heap being added, or just added.
    pub heap: u64,
    /// Whether that heap is finished: its quotient is proved.
    pub finished: bool,
    /// How many times the heap's guess has been corrected so far.
    pub corrections: usize,
    /// The order of the current guess after merging, or of the proved quotient.
    pub order: usize,
}

/// The misère quotient of the sums of heaps of at most `bound` tokens of `rules`, proved
/// on every such sum. `progress` is told after each heap and before each proof of a guess
/// (a heap whose guess is corrected many times can take minutes); `stop` is looked at
/// between steps and inside them.
///
/// Any [`HeapRuleset`] will do: a take-and-break code, or a user's ruleset written out as a
/// [`Tabulated`](crate::heap::Tabulated) table (whose bound must then be within the table).
///
/// ```
/// use grundy::heap::Tabulated;
/// use grundy::misere_quotient::quotient::misere_quotient;
/// use grundy::stop::Stop;
///
/// // Misère Kayles on heaps of at most 3 tokens: knock down one pin or two neighbours.
/// let kayles = Tabulated::new(
///     "kayles to 3",
///     vec![vec![], vec![vec![]], vec![vec![1], vec![]], vec![vec![2], vec![1, 1], vec![1]]],
/// )
/// .unwrap();
/// let quotient = misere_quotient(&kayles, 3, &mut |_| {}, &Stop::NEVER).unwrap();
/// assert_eq!(quotient.orders(), [1, 2, 6, 6]);
/// assert_eq!(quotient.rules_name(), "kayles to 3");
/// ```
pub fn misere_quotient(
    rules: &dyn HeapRuleset,
    bound: u64,
    progress: &mut dyn FnMut(QuotientProgress),
    stop: &Stop,
) -> Result<MisereQuotient, QuotientError> {
    misere_quotient_within(rules, bound, progress, stop, DEFAULT_MEMORY_LIMIT)
}

/// The memory limit of a quotient's construction when none is given: the store's default.
pub const DEFAULT_MEMORY_LIMIT: usize = crate::cgt::bounds::DEFAULT_MEMORY_LIMIT;

/// [`misere_quotient`] that gives up with [`QuotientError::OverMemory`] once a proof's
/// states, or the product tables of the quotient ([`quotient_bytes`]: its order is bounded
/// by [`max_order`] of the limit), are estimated to hold more than `memory_limit` bytes.
pub fn misere_quotient_within(
    rules: &dyn HeapRuleset,
    bound: u64,
    progress: &mut dyn FnMut(QuotientProgress),
    stop: &Stop,
    memory_limit: usize,
) -> Result<MisereQuotient, QuotientError> {
    if bound > MAX_HEAPS {
        return Err(QuotientError::TooManyHeaps(bound));
    }
    if let Some(largest) = rules.largest_heap() {
        if bound > largest {
            return Err(QuotientError::BeyondRules {
                rules: rules.name(),
                bound,
                largest,
            });
        }
    }
    let mut proved = Candidate {
        monoid: BipartiteMonoid::trivial(),
        heap_elements: vec![0],
        least_sets: None,
    };
    let mut orders = vec![1];
    let mut states = 1;
    let mut game = Measured::new(rules);
    for heap in 1..=bound {
        stop.check()?;
        game.measure(heap)?;
        let (next, visited) = add_heap(&game, proved, heap, progress, stop, memory_limit)?;
        proved = next;
        if visited > 0 {
            states = visited;
        }
        orders.push(proved.monoid.order());
        progress(QuotientProgress {
            heap,
            finished: true,
            corrections: 0,
            order: proved.monoid.order(),
        });
    }
    Ok(MisereQuotient {
        rules_name: rules.name(),
        periodicity_bounds: rules.periodicity_bounds(),
        monoid: proved.monoid,
        heap_elements: proved.heap_elements,
        orders,
        states,
    })
}
