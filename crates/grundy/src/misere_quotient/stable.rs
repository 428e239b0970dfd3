//! When the quotient stops growing: proved by the periodicity theorem for misère quotients,
//! or only observed up to the heap bound.
//!
//! # The theorem
//!
//! Plambeck and Siegel's periodicity theorem for misère quotients (Misère quotients for
//! impartial games, J. Combin. Theory Ser. A 115 (2008)) is the misère twin of the
//! normal-play theorem the take-and-break family proves periods by: for a game that takes
//! at most `t` tokens per move, let `Q_n` be the quotient of the heaps of at most `n`
//! tokens and `Φ_n` its heap map. If, for some `n0` and `p ≥ 1` and `N` the end of the
//! normal-play window shifted by `p` (`N = 2·n0 + 2·p + t − 1` for games that split a heap
//! in two), `Q_{n0+p}` and `Q_N` have the same order and `Φ_N(n + p) = Φ_N(n)` for every
//! heap `n0 ≤ n ≤ N − p`, then the quotient of the whole game is `Q_N` and every heap
//! `n ≥ n0` has the element of `n + p`.
//!
//! The reason is the normal-play one: from `N` on, an option of the heap `n + p` leaves a
//! larger heap of at least `n0 + p`, and shifting it by `p` gives an option of the heap `n`
//! with the same image, so the new heap adds nothing to the quotient. The window used is
//! the one [`PeriodicityBounds::window`] gives for normal play, and every heap up to its end
//! is checked. It needs of the rules what their
//! [`periodicity_bounds`](crate::heap::HeapRuleset::periodicity_bounds) promise: rulesets
//! that give none (all-but games, Grundy's game, a user's table) get no proof, only the
//! observation.

use serde::Serialize;

use super::quotient::MisereQuotient;
use crate::heap::periodicity::repeating_from;
#[cfg(doc)]
use crate::heap::PeriodicityBounds;

/// A proved periodicity of the heap map, hence the quotient of the whole game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Periodic {
    /// The first heap from which the elements repeat.
    pub preperiod: u64,
    /// The least period found.
    pub period: u64,
    /// The last heap the theorem needed checked (at most the bound).
    pub checked_to: u64,
}

/// The least heap from which the order of the quotient no longer changed up to the bound:
/// an observation, proving nothing about larger heaps.
pub fn stable_from(quotient: &MisereQuotient) -> u64 {
    let orders = quotient.orders();
    let last = orders[orders.len() - 1];
    orders.iter().position(|order| *order == last).unwrap_or(0) as u64
}

/// The periodicity the theorem proves from the heaps computed, with the least period, if
/// any does; `None` also when the theorem does not apply to the rules (their
/// [`periodicity_bounds`](MisereQuotient::periodicity_bounds) are none).
pub fn prove_periodicity(quotient: &MisereQuotient) -> Option<Periodic> {
    let bounds = quotient.periodicity_bounds()?;
    let elements = quotient.heap_elements();
    let orders = quotient.orders();
    let bound = elements.len() - 1;
    for period in 1..=bound / 2 {
        let start = repeating_from(elements, period);
        let pre = start.max(1);
        let end = bounds.window(pre, period)?;
        let checked_to = end + period - 1;
        if checked_to > bound || pre + period > bound {
            continue;
        }
        if orders[pre + period] == orders[bound] {
            return Some(Periodic {
                preperiod: start as u64,
                period: period as u64,
                checked_to: checked_to as u64,
            });
        }
    }
    None
}
