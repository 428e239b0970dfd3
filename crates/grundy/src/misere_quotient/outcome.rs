//! The misère outcome of a sum of heaps of any size, read from the quotient: one product
//! per heap, so the time grows with the number of heaps only to read them; or, for heaps
//! given with their numbers of copies, one power per kind of heap, whatever the number of
//! copies.

use super::monoid::Element;
use super::quotient::MisereQuotient;
use super::stable::Periodic;
use crate::report::Outcome;

/// A heap beyond what the quotient knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "heap {heap} is beyond the quotient, computed for heaps of at most {bound} tokens and not \
     proved periodic; compute it for larger heaps"
)]
pub struct BeyondQuotient {
    /// The heap asked for.
    pub heap: u64,
    /// The largest heap computed.
    pub bound: u64,
}

/// The element of a heap: computed, or read through a proved period.
pub fn heap_element(
    quotient: &MisereQuotient,
    periodic: Option<&Periodic>,
    heap: u64,
) -> Result<Element, BeyondQuotient> {
    let elements = quotient.heap_elements();
    let bound = quotient.bound();
    if heap <= bound {
        return Ok(elements[heap as usize]);
    }
    match periodic {
        Some(found) => {
            let folded = found.preperiod + (heap - found.preperiod) % found.period;
            Ok(elements[folded as usize])
        }
        None => Err(BeyondQuotient { heap, bound }),
    }
}

/// The misère outcome of the sum of `heaps` for the player to move.
///
/// ```
/// use grundy::misere_quotient::{misere_outcome, misere_quotient, prove_periodicity};
/// use grundy::registry;
/// use grundy::stop::Stop;
/// use grundy::report::Outcome;
///
/// // 0.3: take one token; every heap is a misère nim heap of 0 or 1. Its ruleset comes
/// // from a position of the registry's take-and-break family.
/// let game = registry::find("takebreak").unwrap().start("0.3:1").unwrap();
/// let rules = game.heap_sum().unwrap().rules;
/// let quotient = misere_quotient(rules.as_ref(), 6, &mut |_| {}, &Stop::NEVER).unwrap();
/// let periodic = prove_periodicity(&quotient);
/// assert!(periodic.is_some());
/// // Three heaps of odd size: three single moves in all, the last one loses.
/// let outcome = misere_outcome(&quotient, periodic.as_ref(), &[1, 1_000_001, 3]).unwrap();
/// assert_eq!(outcome, Outcome::Loss);
/// ```
pub fn misere_outcome(
    quotient: &MisereQuotient,
    periodic: Option<&Periodic>,
    heaps: &[u64],
) -> Result<Outcome, BeyondQuotient> {
    let monoid = quotient.monoid();
    let mut total = 0;
    for heap in heaps {
        total = monoid.multiply(total, heap_element(quotient, periodic, *heap)?);
    }
    Ok(outcome_of_element(quotient, total))
}

/// The misère outcome, for the player to move, of the sums whose element is `element`: a
/// loss exactly when it is in the P-portion.
pub fn outcome_of_element(quotient: &MisereQuotient, element: Element) -> Outcome {
    if quotient.monoid().is_p(element) {
        Outcome::Loss
    } else {
        Outcome::Win
    }
}

/// The misère outcome of a sum given as `(heap, copies)` pairs: each kind of heap costs one
/// power of its element ([`BipartiteMonoid::power`](super::BipartiteMonoid::power)), so a
/// sum of 10¹⁸ heaps takes no longer than a sum of one.
/// ```
/// # use grundy::misere_quotient::{misere_outcome_of_counts, misere_quotient};
/// # use grundy::registry;
/// # use grundy::stop::Stop;
/// # use grundy::report::Outcome;
/// # let game = registry::find("takebreak").unwrap().start("0.77:1").unwrap();
/// # let kayles = game.heap_sum().unwrap().rules;
/// # let quotient = misere_quotient(kayles.as_ref(), 12, &mut |_| {}, &Stop::NEVER).unwrap();
/// // 10^18 heaps of 5 (element c, with c³ = c): c^(10^18) = c², not in the P-portion;
/// // one more heap of 1 makes it ac², which is.
/// let fives = (5, 1_000_000_000_000_000_000);
/// assert_eq!(misere_outcome_of_counts(&quotient, None, &[fives]).unwrap(), Outcome::Win);
/// let sum = [(1, 1), fives];
/// assert_eq!(misere_outcome_of_counts(&quotient, None, &sum).unwrap(), Outcome::Loss);
/// ```
///
/// ```
/// use grundy::misere_quotient::{misere_outcome_of_counts, misere_quotient, prove_periodicity};
/// use grundy::registry;
/// use grundy::stop::Stop;
/// use grundy::report::Outcome;
///
/// // Kayles heaps of 1 and of 4 are both the element a (misère *1): an odd number of them
/// // in all leaves the last move, hence the loss, to the player to move.
/// let game = registry::find("takebreak").unwrap().start("0.77:1").unwrap();
/// let kayles = game.heap_sum().unwrap().rules;
/// let quotient = misere_quotient(kayles.as_ref(), 12, &mut |_| {}, &Stop::NEVER).unwrap();
/// let one = misere_outcome_of_counts(&quotient, None, &[(1, 1_000_001)]).unwrap();
/// assert_eq!(one, Outcome::Loss);
/// let many = misere_outcome_of_counts(&quotient, None, &[(1, 1_000_000), (4, 1)]).unwrap();
/// assert_eq!(many, Outcome::Loss);
/// ```
pub fn misere_outcome_of_counts(
    quotient: &MisereQuotient,
    periodic: Option<&Periodic>,
    counts: &[(u64, u64)],
) -> Result<Outcome, BeyondQuotient> {
    Ok(outcome_of_element(
        quotient,
        element_of_counts(quotient, periodic, counts)?,
    ))
}

/// The element of a sum given as `(heap, copies)` pairs: one power per kind of heap.
pub fn element_of_counts(
    quotient: &MisereQuotient,
    periodic: Option<&Periodic>,
    counts: &[(u64, u64)],
) -> Result<Element, BeyondQuotient> {
    let monoid = quotient.monoid();
    let mut total = 0;
    for (heap, copies) in counts {
        let element = heap_element(quotient, periodic, *heap)?;
        total = monoid.multiply(total, monoid.power(element, *copies));
    }
    Ok(total)
}
