//! The misère quotient of a take-and-break game restricted to heaps of at most `n` tokens,
//! built one heap at a time.
//!
//! # The construction
//!
//! Let `Q` be the quotient of every sum of heaps below `n`, with `Φ` mapping each heap to
//! its element. Adding the heap `n` (the new generator `a`) makes the candidate monoid
//! `Q × {1, a, a², …}`; the outcome of `x·aᵏ` is decided by the misère rule — a P-position
//! has a move and every move leads to an N-position — applied to a representative of `x`
//! (a sum of heaps of the fewest tokens with image `x`) plus `k` heaps of size `n`:
//!
//! * a move in the representative leads to `x'·aᵏ`, where `x'` is the image of the option,
//!   whose representative is smaller, so that its outcome is known first;
//! * a move in one of the new heaps leads to `x·s·aᵏ⁻¹`, `s` the image of one of its options.
//!
//! Each column `{x : x·aᵏ is P}` depends only on the one before, so as soon as a column
//! repeats an earlier one (`aᵏ = aʲ`) the powers of `a` are known for good. The candidate is
//! then reduced: `u ~ v` when `uz` and `vz` are P-positions for the same `z`
//! ([`reduce`](super::monoid::reduce)). Elements of `Q` are never merged (whatever tells
//! them apart in `Q` still does), so each quotient extends the one before.
//!
//! The outcome of a sum depends only on the images of its parts (that is what makes the
//! quotient a quotient); the integration tests check every answer against an exact search.

use super::monoid::{reduce, BipartiteMonoid, Element, Unreduced};
use crate::games::takebreak::options::for_each_option;
use crate::games::takebreak::HeapRules;
use crate::stop::{Stop, Stopped};

/// The largest quotient built: beyond it the product table (order² entries) and the
/// reduction (order² products per heap) would take minutes and gigabytes.
pub const MAX_ORDER: usize = 4096;

/// The largest heap bound accepted: each heap costs at least one reduction of the quotient,
/// and its options are listed one by one.
pub const MAX_HEAPS: u64 = 20_000;

/// The most powers of one heap tried before their outcomes repeat (misère quotients satisfy
/// `xⁿ⁺² = xⁿ` with small `n` in every game known; a longer run means a bug or a monster).
const MAX_POWERS: usize = 64;

/// Why a quotient was not computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuotientError {
    /// The heap bound is beyond [`MAX_HEAPS`].
    #[error(
        "a heap bound of {0} is refused: at most {MAX_HEAPS} heaps are added (each costs a \
         reduction of the whole quotient)"
    )]
    TooManyHeaps(u64),
    /// The quotient grew past [`MAX_ORDER`] elements.
    #[error(
        "the quotient grew past {MAX_ORDER} elements when heap {heap} was added (order \
         {order}); larger quotients are refused, since their product table and their \
         reduction grow with the square of the order"
    )]
    TooLarge {
        /// The heap whose addition made the quotient too large.
        heap: u64,
        /// The order reached (or about to be reached).
        order: usize,
    },
    /// The powers of a heap did not repeat within the powers tried.
    #[error("the powers of heap {0} did not repeat within {MAX_POWERS} copies")]
    PowersDoNotRepeat(u64),
    /// The computation was stopped.
    #[error("{0}")]
    Stopped(#[from] Stopped),
}

/// The misère quotient of the sums of heaps of at most `bound` tokens.
#[derive(Debug, Clone)]
pub struct MisereQuotient {
    rules: HeapRules,
    monoid: BipartiteMonoid,
    /// `heap_elements[h]`: the element of the heap of `h` tokens (`h = 0..=bound`).
    heap_elements: Vec<Element>,
    /// `orders[n]`: the order of the quotient of the heaps of at most `n` tokens.
    orders: Vec<usize>,
    /// A sum of heaps of the fewest tokens with each element as image (smallest first).
    representatives: Vec<Vec<u64>>,
}

impl MisereQuotient {
    /// The rules of the game.
    pub fn rules(&self) -> &HeapRules {
        &self.rules
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

    /// A sum of heaps of the fewest tokens whose image is `element`.
    pub fn representative(&self, element: Element) -> &[u64] {
        &self.representatives[element as usize]
    }
}

/// The size that decreases with every move, whatever the rules: each move removes a token
/// or splits a heap (a heap of `h` tokens counts `2h - 1`).
fn size(word: &[u64]) -> u64 {
    word.iter().map(|heap| 2 * heap - 1).sum()
}

/// The construction's state between two heaps.
struct Builder<'a> {
    rules: &'a HeapRules,
    monoid: BipartiteMonoid,
    heap_elements: Vec<Element>,
    /// The images of the options of each heap.
    heap_options: Vec<Vec<Element>>,
    orders: Vec<usize>,
    representatives: Vec<Vec<u64>>,
    /// The images of the options of each element's representative.
    representative_options: Vec<Vec<Element>>,
    /// The elements by increasing size of their representative.
    by_size: Vec<Element>,
}

impl<'a> Builder<'a> {
    fn new(rules: &'a HeapRules) -> Self {
        Builder {
            rules,
            monoid: BipartiteMonoid::trivial(),
            heap_elements: vec![0],
            heap_options: vec![Vec::new()],
            orders: vec![1],
            representatives: vec![Vec::new()],
            representative_options: vec![Vec::new()],
            by_size: vec![0],
        }
    }

    /// The columns `{x : x·aᵏ is P}` for `k = 0, 1, …` until one repeats: the columns, and
    /// the exponent `j` with `aᵏ = aʲ` for `k` the number of columns.
    fn power_columns(
        &self,
        heap: u64,
        options: &[Element],
        stop: &Stop,
    ) -> Result<(Vec<Vec<bool>>, usize), QuotientError> {
        let order = self.monoid.order();
        let mut columns: Vec<Vec<bool>> =
            vec![(0..order as Element).map(|x| self.monoid.is_p(x)).collect()];
        loop {
            stop.check()?;
            let before = &columns[columns.len() - 1];
            let mut column = vec![false; order];
            for &x in &self.by_size {
                let own = &self.representative_options[x as usize];
                let terminal = own.is_empty() && options.is_empty();
                column[x as usize] = !terminal
                    && own.iter().all(|y| !column[*y as usize])
                    && options
                        .iter()
                        .all(|s| !before[self.monoid.multiply(x, *s) as usize]);
            }
            if let Some(repeated) = columns.iter().position(|earlier| *earlier == column) {
                return Ok((columns, repeated));
            }
            if columns.len() >= MAX_POWERS {
                return Err(QuotientError::PowersDoNotRepeat(heap));
            }
            columns.push(column);
        }
    }

    /// Adds the heap `heap` (all smaller heaps are in).
    fn add_heap(&mut self, heap: u64, stop: &Stop) -> Result<(), QuotientError> {
        let mut options = Vec::new();
        for_each_option(self.rules, heap, |_, left| {
            options.push(
                self.monoid
                    .product(left.iter().map(|h| self.heap_elements[*h as usize])),
            );
        });
        options.sort_unstable();
        options.dedup();
        let (columns, repeated) = self.power_columns(heap, &options, stop)?;
        let order = self.monoid.order();
        let powers = columns.len();
        let candidate = order * powers;
        if candidate > 4 * MAX_ORDER {
            return Err(QuotientError::TooLarge {
                heap,
                order: candidate,
            });
        }
        let exponent = |e: usize| {
            if e < powers {
                e
            } else {
                repeated + (e - repeated) % (powers - repeated)
            }
        };
        let monoid = &self.monoid;
        let multiply = |u: usize, v: usize| {
            let (x, i) = (u % order, u / order);
            let (y, j) = (v % order, v / order);
            exponent(i + j) * order + monoid.multiply(x as Element, y as Element) as usize
        };
        let is_p = |u: usize| columns[u / order][u % order];
        stop.check()?;
        let (reduced, class_of) = reduce(&Unreduced {
            order: candidate,
            multiply: &multiply,
            is_p: &is_p,
        });
        if reduced.order() > MAX_ORDER {
            return Err(QuotientError::TooLarge {
                heap,
                order: reduced.order(),
            });
        }
        // Remap what was known, then add the new heap.
        for element in &mut self.heap_elements {
            *element = class_of[*element as usize];
        }
        for images in &mut self.heap_options {
            for image in images.iter_mut() {
                *image = class_of[*image as usize];
            }
            images.sort_unstable();
            images.dedup();
        }
        self.heap_elements.push(class_of[exponent(1) * order]);
        let mut new_options: Vec<Element> =
            options.iter().map(|x| class_of[*x as usize]).collect();
        new_options.sort_unstable();
        new_options.dedup();
        self.heap_options.push(new_options);
        // The smallest representative of each class.
        let mut best: Vec<Option<(u64, usize)>> = vec![None; reduced.order()];
        let heap_size = 2 * heap - 1;
        for (u, class) in class_of.iter().enumerate() {
            let (x, i) = (u % order, u / order);
            let total = size(&self.representatives[x]) + i as u64 * heap_size;
            let slot = &mut best[*class as usize];
            if slot.is_none_or(|(known, _)| total < known) {
                *slot = Some((total, u));
            }
        }
        let representatives: Vec<Vec<u64>> = best
            .iter()
            .map(|slot| {
                let u = slot.map_or(0, |(_, u)| u);
                let (x, i) = (u % order, u / order);
                let mut word = self.representatives[x].clone();
                word.extend(std::iter::repeat_n(heap, i));
                word
            })
            .collect();
        self.monoid = reduced;
        self.representatives = representatives;
        self.representative_options = self
            .representatives
            .iter()
            .map(|word| self.option_images(word))
            .collect();
        let mut by_size: Vec<Element> = (0..self.monoid.order() as Element).collect();
        by_size.sort_by_key(|x| size(&self.representatives[*x as usize]));
        self.by_size = by_size;
        self.orders.push(self.monoid.order());
        Ok(())
    }

    /// The images of the options of a sum of heaps (`word`, smallest first).
    fn option_images(&self, word: &[u64]) -> Vec<Element> {
        let mut images = Vec::new();
        for (index, heap) in word.iter().enumerate() {
            if index > 0 && word[index - 1] == *heap {
                continue;
            }
            let rest = self.monoid.product(
                word.iter()
                    .enumerate()
                    .filter(|(other, _)| *other != index)
                    .map(|(_, h)| self.heap_elements[*h as usize]),
            );
            for image in &self.heap_options[*heap as usize] {
                images.push(self.monoid.multiply(rest, *image));
            }
        }
        images.sort_unstable();
        images.dedup();
        images
    }
}

/// The misère quotient of the sums of heaps of at most `bound` tokens of `rules`.
/// `progress(done, total)` is called after each heap; `stop` is looked at between heaps and
/// between powers of a heap.
///
/// ```
/// use grundy::games::takebreak::HeapRules;
/// use grundy::misere::quotient::misere_quotient;
/// use grundy::stop::Stop;
///
/// // Misère Kayles on heaps of at most 3 tokens.
/// let kayles: HeapRules = "0.77".parse().unwrap();
/// let quotient = misere_quotient(&kayles, 3, &mut |_, _| {}, &Stop::NEVER).unwrap();
/// assert_eq!(quotient.orders(), [1, 2, 6, 6]);
/// ```
pub fn misere_quotient(
    rules: &HeapRules,
    bound: u64,
    progress: &mut dyn FnMut(u64, u64),
    stop: &Stop,
) -> Result<MisereQuotient, QuotientError> {
    if bound > MAX_HEAPS {
        return Err(QuotientError::TooManyHeaps(bound));
    }
    let mut builder = Builder::new(rules);
    for heap in 1..=bound {
        stop.check()?;
        builder.add_heap(heap, stop)?;
        progress(heap, bound);
    }
    Ok(MisereQuotient {
        rules: rules.clone(),
        monoid: builder.monoid,
        heap_elements: builder.heap_elements,
        orders: builder.orders,
        representatives: builder.representatives,
    })
}
