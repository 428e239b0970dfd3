//! The misère outcome of a sum of heaps of any size, read from the quotient: one product
//! per heap, so the time grows with the number of heaps only to read them.

use super::monoid::Element;
use super::quotient::MisereQuotient;
use super::stable::Periodic;
use crate::Outcome;

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
/// use grundy::games::takebreak::HeapRules;
/// use grundy::misere::{misere_outcome, misere_quotient, prove_periodicity};
/// use grundy::stop::Stop;
/// use grundy::Outcome;
///
/// // 0.3: take one token; every heap is a misère nim heap of 0 or 1.
/// let rules: HeapRules = "0.3".parse().unwrap();
/// let quotient = misere_quotient(&rules, 6, &mut |_, _| {}, &Stop::NEVER).unwrap();
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
    Ok(if monoid.is_p(total) {
        Outcome::Loss
    } else {
        Outcome::Win
    })
}
