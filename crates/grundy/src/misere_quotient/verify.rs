//! The proof that a candidate quotient tells every outcome right.
//!
//! A candidate is a monoid with a P-portion and an element for each heap. It is right when,
//! for every sum of heaps `W`, its element is in the P-portion exactly when `W` has a move
//! and no option of `W` has its element in the P-portion: then, by induction on `W`, the
//! candidate gives the misère outcome of every sum.
//!
//! Infinitely many sums, finitely many states: what the rule looks at is the element `x` of
//! `W` and the set `T` of the elements of its options, and adding a heap `h` (element `g`,
//! option elements `S`) turns `(x, T)` into `(x·g, T·g ∪ x·S)`. A sum breaks the rule in one
//! of two ways, checked apart:
//!
//! * **a P-position with a P option**: `W + h` with `x·g` and some `x·s` (`s` in `S`) in the
//!   P-portion. That depends on `x` only, so it is checked on every element, each with the
//!   least sum reaching it;
//! * **an N-position without a P option**: `x` not in the P-portion, `T` not empty and
//!   disjoint from it. The move from `(x, T)` is monotone in `T`, so a state `(x, T′)` with
//!   `T′ ⊇ T` reached by a larger sum can only fail where `(x, T)` fails first: the search
//!   keeps, for each element, the least option sets of the states it went on from, and does
//!   not go on from a state whose option set contains one of them.
//!
//! States are taken in order of the least size of a sum reaching them, so the failure
//! returned is a least failing sum of the two kinds together.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::monoid::{BipartiteMonoid, Element};
use crate::stop::{Stop, Stopped};

/// The most states kept before giving up.
pub const MAX_STATES: usize = 4_000_000;

/// One kind of heap, as the rule sees it: its element and the elements of its options.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Letter {
    /// A heap of this kind (one of least size).
    pub heap: u64,
    /// The size of that heap: a measure of heaps that every move decreases (for a
    /// take-and-break game `2h − 1` for a heap of `h`: each move removes a token or splits
    /// a heap), by which sums are taken smallest first.
    pub size: u64,
    /// Its element.
    pub element: Element,
    /// The elements of its options, sorted.
    pub options: Vec<Element>,
}

/// How a candidate failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Every reachable state obeys the rule.
    Proved {
        /// The states kept (the search goes on from fewer: see the module documentation).
        states: usize,
    },
    /// This sum of heaps (smallest first) breaks the rule.
    Fails(Vec<u64>),
    /// More than [`MAX_STATES`] states.
    TooManyStates,
    /// The states kept were estimated to hold more than the memory limit.
    OverMemory {
        /// The estimated bytes.
        bytes: usize,
    },
}

/// The estimated heap bytes of one state of the proof, whose option sets are `words` words
/// long: the set, its element, the state it came from and its letter, its place in the
/// queue, and its place in its element's list of least sets.
pub fn state_bytes(words: usize) -> usize {
    words * 8 + 4 + 4 + 4 + 16 + 4
}

/// For each element, the option sets of states reached from the empty sum of which every
/// reachable state with that element has a subset (a proof's by-product, see
/// [`verify_keeping`]): a heap whose option set contains one of them brings no sum without
/// a P option where the element has none.
#[derive(Debug, Clone, Default)]
pub struct LeastOptionSets {
    /// Words per set.
    words: usize,
    /// `sets[x]`: the sets of element `x`, `words` words each, end to end.
    sets: Vec<Vec<u64>>,
}

impl LeastOptionSets {
    /// Whether one of element `x`'s sets is within `set` (`words` words).
    pub fn covered(&self, x: Element, set: &[u64]) -> bool {
        self.sets
            .get(x as usize)
            .is_some_and(|sets| sets.chunks_exact(self.words).any(|a| subset(a, set)))
    }

    /// Words per set.
    pub fn words(&self) -> usize {
        self.words
    }
}

/// Whether `a ⊆ b`.
fn subset(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(a, b)| a & !b == 0)
}

/// Checks the rule on every state reachable with `letters`.
///
/// The failure returned is a least failing sum (by the sum of its letters'
/// [`size`](Letter::size)s, which every move decreases): all of its options are smaller,
/// hence told right, and the candidate is wrong on that sum itself, which is what the
/// correction step can mend.
pub fn verify(
    monoid: &BipartiteMonoid,
    letters: &[Letter],
    stop: &Stop,
    memory_limit: usize,
) -> Result<Verdict, Stopped> {
    verify_keeping(monoid, letters, stop, memory_limit).map(|(verdict, _)| verdict)
}

/// [`verify`], and, when the candidate is proved, its [`LeastOptionSets`].
pub fn verify_keeping(
    monoid: &BipartiteMonoid,
    letters: &[Letter],
    stop: &Stop,
    memory_limit: usize,
) -> Result<(Verdict, LeastOptionSets), Stopped> {
    let order = monoid.order();
    let words = order.div_ceil(64).max(1);
    let none = LeastOptionSets::default();
    if monoid.is_p(0) {
        // The empty sum has no move: it is an N-position.
        return Ok((Verdict::Fails(Vec::new()), none));
    }
    let mut p_set = vec![0u64; words];
    for x in 0..order {
        if monoid.is_p(x as Element) {
            p_set[x / 64] |= 1 << (x % 64);
        }
    }
    // `columns[l][t]`: t · (letter l's element).
    let columns: Vec<Vec<Element>> = letters
        .iter()
        .map(|letter| {
            (0..order as Element)
                .map(|t| monoid.multiply(t, letter.element))
                .collect()
        })
        .collect();

    // P-positions with a P option: every element with the least sum reaching it.
    let mut least = vec![u64::MAX; order];
    let mut came_from: Vec<(Element, usize)> = vec![(0, usize::MAX); order];
    least[0] = 0;
    let mut queue: BinaryHeap<Reverse<(u64, Element)>> = BinaryHeap::new();
    queue.push(Reverse((0, 0)));
    while let Some(Reverse((size, x))) = queue.pop() {
        if size > least[x as usize] {
            continue;
        }
        for (which, letter) in letters.iter().enumerate() {
            let y = columns[which][x as usize];
            let next = size.saturating_add(letter.size);
            if next < least[y as usize] {
                least[y as usize] = next;
                came_from[y as usize] = (x, which);
                queue.push(Reverse((next, y)));
            }
        }
    }
    let element_word = |mut x: Element, word: &mut Vec<u64>| {
        while x != 0 {
            let (before, which) = came_from[x as usize];
            word.push(letters[which].heap);
            x = before;
        }
    };
    let mut p_failure: Option<(u64, Element, usize)> = None;
    for x in 0..order as Element {
        if least[x as usize] == u64::MAX {
            continue;
        }
        for (which, letter) in letters.iter().enumerate() {
            let size = least[x as usize].saturating_add(letter.size);
            if p_failure.is_some_and(|(best, _, _)| best <= size) {
                continue;
            }
            if monoid.is_p(columns[which][x as usize])
                && letter
                    .options
                    .iter()
                    .any(|s| monoid.is_p(monoid.multiply(x, *s)))
            {
                p_failure = Some((size, x, which));
            }
        }
    }
    let p_failure_word = |(_, x, which): (u64, Element, usize)| {
        let mut word = vec![letters[which].heap];
        element_word(x, &mut word);
        word.sort_unstable();
        word
    };

    // N-positions without a P option, by the search of least option sets.
    let mut kept = States {
        words,
        elements: vec![0],
        sets: vec![0u64; words],
        parents: vec![u32::MAX],
        letters: vec![u32::MAX],
    };
    let mut sets_of: Vec<Vec<u32>> = vec![Vec::new(); order];
    let mut queue: BinaryHeap<Reverse<(u64, u32)>> = BinaryHeap::new();
    queue.push(Reverse((0, 0)));
    let per_state = state_bytes(words);
    let mut scratch = vec![0u64; words];
    let mut popped = 0usize;
    while let Some(Reverse((size, at))) = queue.pop() {
        if let Some(failure) = p_failure {
            if size >= failure.0 {
                return Ok((Verdict::Fails(p_failure_word(failure)), none));
            }
        }
        popped += 1;
        if popped % 4096 == 0 {
            stop.check()?;
        }
        let x = kept.elements[at as usize];
        if at != 0 {
            let set = kept.set(at);
            if sets_of[x as usize]
                .iter()
                .any(|a| subset(kept.set(*a), set))
            {
                continue;
            }
            if !set.iter().zip(&p_set).any(|(t, p)| t & p != 0) && !monoid.is_p(x) {
                return Ok((Verdict::Fails(kept.word(at, letters)), none));
            }
            let sets = &mut sets_of[x as usize];
            sets.retain(|a| !subset(set, kept.set(*a)));
            sets.push(at);
        }
        for (which, letter) in letters.iter().enumerate() {
            let column = &columns[which];
            scratch.iter_mut().for_each(|w| *w = 0);
            let set = kept.set(at);
            for (index, word) in set.iter().enumerate() {
                let mut bits = *word;
                while bits != 0 {
                    let t = index * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let moved = column[t] as usize;
                    scratch[moved / 64] |= 1 << (moved % 64);
                }
            }
            for s in &letter.options {
                let moved = monoid.multiply(x, *s) as usize;
                scratch[moved / 64] |= 1 << (moved % 64);
            }
            let y = column[x as usize];
            if sets_of[y as usize]
                .iter()
                .any(|a| subset(kept.set(*a), &scratch))
            {
                continue;
            }
            if kept.elements.len() >= MAX_STATES {
                return Ok((Verdict::TooManyStates, none));
            }
            let bytes = kept.elements.len().saturating_mul(per_state);
            if bytes > memory_limit {
                return Ok((Verdict::OverMemory { bytes }, none));
            }
            let id = kept.elements.len() as u32;
            kept.elements.push(y);
            kept.sets.extend_from_slice(&scratch);
            kept.parents.push(at);
            kept.letters.push(which as u32);
            queue.push(Reverse((size.saturating_add(letter.size), id)));
        }
    }
    if let Some(failure) = p_failure {
        return Ok((Verdict::Fails(p_failure_word(failure)), none));
    }
    let sets = sets_of
        .iter()
        .map(|ids| {
            ids.iter()
                .flat_map(|id| kept.set(*id).iter().copied())
                .collect()
        })
        .collect();
    Ok((
        Verdict::Proved {
            states: kept.elements.len(),
        },
        LeastOptionSets { words, sets },
    ))
}

/// The states of the proof, end to end: the element of a sum, the elements of its options,
/// and the state and letter it was reached from.
struct States {
    words: usize,
    elements: Vec<Element>,
    sets: Vec<u64>,
    parents: Vec<u32>,
    letters: Vec<u32>,
}

impl States {
    fn set(&self, at: u32) -> &[u64] {
        let start = at as usize * self.words;
        &self.sets[start..start + self.words]
    }

    /// The sum of heaps that reaches state `at`, smallest heap first.
    fn word(&self, at: u32, letters: &[Letter]) -> Vec<u64> {
        let mut word = Vec::new();
        let mut at = at;
        while self.parents[at as usize] != u32::MAX {
            word.push(letters[self.letters[at as usize] as usize].heap);
            at = self.parents[at as usize];
        }
        word.sort_unstable();
        word
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A letter of the trivial monoid whose single option is the empty sum.
    fn letter(heap: u64) -> Letter {
        Letter {
            heap,
            size: 2 * heap - 1,
            element: 0,
            options: vec![0],
        }
    }

    #[test]
    fn a_proof_past_its_memory_limit_says_so() {
        let verdict = verify(
            &BipartiteMonoid::trivial(),
            &[letter(1), letter(2)],
            &Stop::NEVER,
            0,
        )
        .unwrap();
        assert!(matches!(verdict, Verdict::OverMemory { .. }), "{verdict:?}");
    }

    #[test]
    fn the_failure_returned_is_a_least_sum() {
        // In the trivial monoid nothing is a P-position, but a heap whose only move empties
        // it is one: both letters fail alone, and the smaller heap is the one reported.
        let verdict = verify(
            &BipartiteMonoid::trivial(),
            &[letter(5), letter(1)],
            &Stop::NEVER,
            usize::MAX,
        )
        .unwrap();
        assert_eq!(verdict, Verdict::Fails(vec![1]));
    }

    #[test]
    fn a_monoid_without_letters_is_proved() {
        let verdict = verify(&BipartiteMonoid::trivial(), &[], &Stop::NEVER, usize::MAX).unwrap();
        assert_eq!(verdict, Verdict::Proved { states: 1 });
    }
}
