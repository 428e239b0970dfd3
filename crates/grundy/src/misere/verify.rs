//! The proof that a candidate quotient tells every outcome right.
//!
//! A candidate is a monoid with a P-portion and an element for each heap. It is right when,
//! for every sum of heaps `W`, its element is in the P-portion exactly when `W` has a move
//! and no option of `W` has its element in the P-portion: then, by induction on `W`, the
//! candidate gives the misère outcome of every sum.
//!
//! Infinitely many sums, finitely many states: what the rule looks at is the element `x` of
//! `W` and the set `T` of the elements of its options, and adding a heap `h` (element `g`,
//! option elements `S`) turns `(x, T)` into `(x·g, T·g ∪ x·S)`. Every state reachable from
//! the empty sum is visited once; a state that breaks the rule gives the sum that reaches
//! it, one of least size.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::monoid::{BipartiteMonoid, Element};
use crate::stop::{Stop, Stopped};

/// The most states visited before giving up.
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
        /// The states visited.
        states: usize,
    },
    /// This sum of heaps (smallest first) breaks the rule.
    Fails(Vec<u64>),
    /// More than [`MAX_STATES`] states.
    TooManyStates,
    /// The states visited were estimated to hold more than the memory limit.
    OverMemory {
        /// The estimated bytes.
        bytes: usize,
    },
}

/// The estimated heap bytes of one state of the proof, whose option sets are `words` words
/// long: the state, its key in the index (a second copy of the set) with the table's room,
/// and its place in the queue.
pub fn state_bytes(words: usize) -> usize {
    let set = words * 8 + std::mem::size_of::<Vec<u64>>();
    std::mem::size_of::<State>() + words * 8 + (set + 16) * 8 / 7 + 24
}

/// Checks the rule on every state reachable with `letters`.
///
/// States are taken in order of the least size (the sum of its letters'
/// [`size`](Letter::size)s, which every move decreases) of a sum reaching them, so the first state that breaks the
/// rule gives a least failing sum: all of its options are smaller, hence told right, and
/// the candidate is wrong on that sum itself, which is what the correction step can mend.
pub fn verify(
    monoid: &BipartiteMonoid,
    letters: &[Letter],
    stop: &Stop,
    memory_limit: usize,
) -> Result<Verdict, Stopped> {
    let words = monoid.order().div_ceil(64);
    let per_state = state_bytes(words);
    let mut index: HashMap<(Element, Vec<u64>), usize> = HashMap::new();
    let mut states: Vec<State> = Vec::new();
    let start = (0 as Element, vec![0u64; words]);
    index.insert(start.clone(), 0);
    states.push(State {
        element: start.0,
        options: start.1,
        size: 0,
        parent: usize::MAX,
        letter: usize::MAX,
        done: false,
    });
    let mut queue: BinaryHeap<Reverse<(u64, usize)>> = BinaryHeap::new();
    queue.push(Reverse((0, 0)));
    let mut finished = 0usize;
    while let Some(Reverse((size, at))) = queue.pop() {
        if states[at].done || states[at].size != size {
            continue;
        }
        states[at].done = true;
        finished += 1;
        if finished % 4096 == 0 {
            stop.check()?;
        }
        let (x, options) = (states[at].element, states[at].options.clone());
        let terminal = options.iter().all(|word| *word == 0);
        let option_in_p = (0..monoid.order() as Element)
            .any(|t| options[t as usize / 64] >> (t % 64) & 1 == 1 && monoid.is_p(t));
        let should_be_p = !terminal && !option_in_p;
        if should_be_p != monoid.is_p(x) {
            return Ok(Verdict::Fails(word_of(&states, letters, at)));
        }
        for (which, letter) in letters.iter().enumerate() {
            let mut after = vec![0u64; words];
            for t in 0..monoid.order() as Element {
                if options[t as usize / 64] >> (t % 64) & 1 == 1 {
                    let moved = monoid.multiply(t, letter.element);
                    after[moved as usize / 64] |= 1 << (moved % 64);
                }
            }
            for s in &letter.options {
                let moved = monoid.multiply(x, *s);
                after[moved as usize / 64] |= 1 << (moved % 64);
            }
            let next_size = size.saturating_add(letter.size);
            let key = (monoid.multiply(x, letter.element), after);
            match index.get(&key) {
                Some(&known) => {
                    if !states[known].done && next_size < states[known].size {
                        states[known].size = next_size;
                        states[known].parent = at;
                        states[known].letter = which;
                        queue.push(Reverse((next_size, known)));
                    }
                }
                None => {
                    if states.len() >= MAX_STATES {
                        return Ok(Verdict::TooManyStates);
                    }
                    let bytes = states.len().saturating_mul(per_state);
                    if bytes > memory_limit {
                        return Ok(Verdict::OverMemory { bytes });
                    }
                    index.insert(key.clone(), states.len());
                    queue.push(Reverse((next_size, states.len())));
                    states.push(State {
                        element: key.0,
                        options: key.1,
                        size: next_size,
                        parent: at,
                        letter: which,
                        done: false,
                    });
                }
            }
        }
    }
    Ok(Verdict::Proved {
        states: states.len(),
    })
}

/// A state of the proof: the element of a sum, the elements of its options, and the least
/// sum found to reach it (its size, and the state and letter it was reached from).
struct State {
    element: Element,
    options: Vec<u64>,
    size: u64,
    parent: usize,
    letter: usize,
    done: bool,
}

/// The sum of heaps that reaches state `at`, smallest heap first.
fn word_of(states: &[State], letters: &[Letter], at: usize) -> Vec<u64> {
    let mut word = Vec::new();
    let mut at = at;
    while states[at].parent != usize::MAX {
        word.push(letters[states[at].letter].heap);
        at = states[at].parent;
    }
    word.sort_unstable();
    word
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
