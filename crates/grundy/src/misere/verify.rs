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
//! it, the least in number of heaps.

use std::collections::HashMap;

use super::monoid::{BipartiteMonoid, Element};
use crate::stop::{Stop, Stopped};

/// The most states visited before giving up.
pub const MAX_STATES: usize = 4_000_000;

/// One kind of heap, as the rule sees it: its element and the elements of its options.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Letter {
    /// A heap of this kind (the smallest).
    pub heap: u64,
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
}

/// Checks the rule on every state reachable with `letters`.
pub fn verify(
    monoid: &BipartiteMonoid,
    letters: &[Letter],
    stop: &Stop,
) -> Result<Verdict, Stopped> {
    let words = monoid.order().div_ceil(64);
    let mut index: HashMap<(Element, Vec<u64>), usize> = HashMap::new();
    // (element, option set, parent state, letter that led here)
    let mut states: Vec<(Element, Vec<u64>, usize, usize)> = Vec::new();
    let start = (0 as Element, vec![0u64; words]);
    index.insert(start.clone(), 0);
    states.push((start.0, start.1, usize::MAX, usize::MAX));
    let mut next = 0;
    while next < states.len() {
        if next % 4096 == 0 {
            stop.check()?;
        }
        let (x, options) = (states[next].0, states[next].1.clone());
        let terminal = options.iter().all(|word| *word == 0);
        let option_in_p = (0..monoid.order() as Element)
            .any(|t| options[t as usize / 64] >> (t % 64) & 1 == 1 && monoid.is_p(t));
        let should_be_p = !terminal && !option_in_p;
        if should_be_p != monoid.is_p(x) {
            return Ok(Verdict::Fails(word_of(&states, letters, next)));
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
            let key = (monoid.multiply(x, letter.element), after);
            if !index.contains_key(&key) {
                if states.len() >= MAX_STATES {
                    return Ok(Verdict::TooManyStates);
                }
                index.insert(key.clone(), states.len());
                states.push((key.0, key.1, next, which));
            }
        }
        next += 1;
    }
    Ok(Verdict::Proved {
        states: states.len(),
    })
}

/// The sum of heaps that reaches state `at`, smallest heap first.
fn word_of(
    states: &[(Element, Vec<u64>, usize, usize)],
    letters: &[Letter],
    at: usize,
) -> Vec<u64> {
    let mut word = Vec::new();
    let mut at = at;
    while states[at].2 != usize::MAX {
        word.push(letters[states[at].3].heap);
        at = states[at].2;
    }
    word.sort_unstable();
    word
}
