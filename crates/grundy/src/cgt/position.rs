//! Values of game positions: the rules of a partizan game in, canonical values out.
//!
//! A game implements [`PartizanPosition`] (its Left and Right moves, and optionally how a
//! position falls apart into independent components). [`Evaluator`] then values positions
//! through a cache of components; [`plain_value`] is the same recursion with neither
//! components nor cache, the baseline of the benchmarks and the oracle of the tests. Both
//! give the same [`GameId`], since equal values have one id in a store.
//!
//! ```
//! use grundy::cgt::{Evaluator, ValueStore, plain_value};
//! use grundy::position::PartizanPosition;
//!
//! /// A row of cells: Left may fill one cell, Right two adjacent ones (a toy).
//! #[derive(Clone, Debug, PartialEq, Eq, Hash)]
//! struct Row(u32);
//! impl PartizanPosition for Row {
//!     fn left_options(&self) -> Vec<Row> {
//!         (0..self.0).map(|_| Row(self.0 - 1)).collect()
//!     }
//!     fn right_options(&self) -> Vec<Row> {
//!         if self.0 >= 2 { vec![Row(self.0 - 2)] } else { vec![] }
//!     }
//! }
//! let mut store = ValueStore::new();
//! let mut evaluator = Evaluator::new();
//! let cached = evaluator.value(&mut store, &Row(6));
//! assert_eq!(cached, plain_value(&mut store, &Row(6)));
//! ```
//!
//! A long valuation takes a [`Watch`]: a [`Stop`](crate::stop::Stop) it looks at every
//! [`Watch::EVERY`] new components, an optional memory limit, and an optional receiver of
//! [`Progress`](super::Progress).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::bounds::Limits;
use super::store::{deep, growth_bytes, Beside, GameId, IdHasher, ValueStore};
use super::watch::{Interrupted, Look, Unwatched, Watch};
use crate::position::PartizanPosition;

/// Values positions with a cache of components: a position is split into its components,
/// each component is valued once (its options through the same cache), and the values are
/// summed in the store.
#[derive(Debug, Clone)]
pub struct Evaluator<P> {
    cache: HashMap<P, GameId, BuildHasherDefault<IdHasher>>,
    /// Components valued (not found in the cache) since the evaluator was made.
    valued: u64,
    /// How deep the recursion over options is now: the stack is looked at (and grown) every
    /// [`STACK_LOOK_EVERY`] levels, not at every one.
    depth: u32,
    /// The heap bytes the cached components own ([`PartizanPosition::heap_bytes`]).
    key_heap_bytes: usize,
}

/// How many levels of options apart the evaluator makes sure of its stack: a level's frames
/// are a few hundred bytes, far inside the room [`deep`] keeps free.
const STACK_LOOK_EVERY: u32 = 16;

impl<P: PartizanPosition> Default for Evaluator<P> {
    fn default() -> Self {
        Evaluator {
            cache: HashMap::default(),
            valued: 0,
            depth: 0,
            key_heap_bytes: 0,
        }
    }
}

impl<P: PartizanPosition> Evaluator<P> {
    /// An evaluator with an empty cache. Use it with one store only: the cache holds ids.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many components are cached.
    pub fn cached(&self) -> usize {
        self.cache.len()
    }

    /// An estimate of the heap bytes of the cache: one key, one id and one control byte a
    /// slot, and the heap bytes the keys own.
    pub fn cache_bytes(&self) -> usize {
        self.cache.capacity() * 8 / 7 * (std::mem::size_of::<(P, GameId)>() + 1)
            + self.key_heap_bytes
    }

    /// The canonical value of `position`.
    pub fn value(&mut self, store: &mut ValueStore, position: &P) -> GameId {
        match self.value_looking(store, position, &mut Unwatched) {
            Ok(value) => value,
            Err(never) => match never {},
        }
    }

    /// The canonical value of `component`, one of the parts
    /// [`PartizanPosition::components`] lists (one step of a bounded run, as each component
    /// of [`Evaluator::value`] is).
    pub fn component(&mut self, store: &mut ValueStore, component: &P) -> GameId {
        if store.is_interrupted() {
            return store.placeholder();
        }
        store.steps(1);
        match self.component_value(store, component, &mut Unwatched) {
            Ok(value) => value,
            Err(never) => match never {},
        }
    }

    /// The canonical value of `position`, looking at `watch` every [`Watch::EVERY`] new
    /// components: it ends with [`Interrupted`] when the stop comes or the memory limit is
    /// passed, and reports progress. What was valued before stays in the cache and the
    /// store, so a later call goes on from there.
    pub fn value_watched(
        &mut self,
        store: &mut ValueStore,
        position: &P,
        watch: &mut Watch<'_>,
    ) -> Result<GameId, Interrupted> {
        watch.check_stop()?;
        // The store is bounded too, for the work inside one component (a sum, a comparison,
        // a canonical form), which can pass the limits between two looks of the watch.
        let limits = Limits::new(watch.stop().clone(), watch.memory_limit_bytes());
        store
            .bounded(limits, |store| self.value_looking(store, position, watch))
            .and_then(|answer| answer)
    }

    fn value_looking<L: Look>(
        &mut self,
        store: &mut ValueStore,
        position: &P,
        look: &mut L,
    ) -> Result<GameId, L::Error> {
        if store.is_interrupted() {
            return Ok(store.placeholder());
        }
        let components = position.components();
        // Each component is a step of a bounded run, found in the cache or not: a sum of
        // ten thousand parts valued after each of its ten thousand moves is 10^8 of them.
        store.steps(components.len());
        match components.as_slice() {
            [only] => self.component_value(store, only, look),
            _ => {
                let mut total = store.zero();
                for component in &components {
                    let value = self.component_value(store, component, look)?;
                    total = store.add(total, value);
                }
                Ok(total)
            }
        }
    }

    /// The value of an option, one level deeper, on a stack with room for it.
    fn option_value<L: Look>(
        &mut self,
        store: &mut ValueStore,
        option: &P,
        look: &mut L,
    ) -> Result<GameId, L::Error> {
        self.depth += 1;
        let value = if self.depth % STACK_LOOK_EVERY == 0 {
            deep(|| self.value_looking(store, option, look))
        } else {
            self.value_looking(store, option, look)
        };
        self.depth -= 1;
        value
    }

    /// The value of one component, from the cache (its own or its negative's) or from its
    /// options.
    fn component_value<L: Look>(
        &mut self,
        store: &mut ValueStore,
        component: &P,
        look: &mut L,
    ) -> Result<GameId, L::Error> {
        if let Some(&value) = self.cache.get(component) {
            return Ok(value);
        }
        if let Some(known) = component.known_value() {
            return Ok(store.known(known));
        }
        if let Some(negative) = component.negative() {
            if let Some(&value) = self.cache.get(&negative) {
                return Ok(store.neg(value));
            }
        }
        let mut lefts = Vec::new();
        for option in component.left_options() {
            lefts.push(self.option_value(store, &option, look)?);
        }
        let mut rights = Vec::new();
        for option in component.right_options() {
            rights.push(self.option_value(store, &option, look)?);
        }
        let value = store.game(&lefts, &rights);
        if store.is_interrupted() {
            // A placeholder, or made of placeholders: never remembered.
            return Ok(value);
        }
        // A full cache doubles on its next entry: the room is looked for first.
        if !store.afford(growth_bytes(&self.cache)) {
            return Ok(store.placeholder());
        }
        self.key_heap_bytes += component.heap_bytes();
        self.cache.insert(component.clone(), value);
        store.hold_beside(Beside::Cache, self.cache_bytes());
        self.valued += 1;
        if self.valued % Watch::EVERY == 0 {
            look.look(self.valued, self.cache.len(), store)?;
        }
        Ok(value)
    }
}

/// The canonical value of `position` by plain recursion over its options: no components,
/// no cache (every follower is valued as often as it is reached). The baseline and oracle
/// of [`Evaluator`].
pub fn plain_value<P: PartizanPosition>(store: &mut ValueStore, position: &P) -> GameId {
    match plain_walk(store, position, &mut Unlimited) {
        Ok(value) => value,
        Err(never) => match never {},
    }
}

/// [`plain_value`] that gives up once it has visited `budget` positions (counting every
/// visit, repeats included), answering `None` and leaving `budget` at 0; else the value,
/// with `budget` lowered by the visits. An oracle for the checks that take whatever
/// positions a game lists, some too large for the plain recursion.
pub fn plain_value_within<P: PartizanPosition>(
    store: &mut ValueStore,
    position: &P,
    budget: &mut u64,
) -> Option<GameId> {
    plain_walk(store, position, budget).ok()
}

/// What the plain recursion spends one visit from: a count of visits left, or no limit.
trait Visits {
    /// Why a visit was refused; uninhabited when none can be.
    type Refused;
    /// Takes one visit, or refuses it.
    fn take_one(&mut self) -> Result<(), Self::Refused>;
}

/// No limit on the visits: [`plain_value`]'s.
struct Unlimited;

impl Visits for Unlimited {
    type Refused = std::convert::Infallible;
    fn take_one(&mut self) -> Result<(), Self::Refused> {
        Ok(())
    }
}

impl Visits for u64 {
    type Refused = ();
    fn take_one(&mut self) -> Result<(), Self::Refused> {
        *self = self.checked_sub(1).ok_or(())?;
        Ok(())
    }
}

/// The one plain recursion behind [`plain_value`] and [`plain_value_within`].
fn plain_walk<P: PartizanPosition, V: Visits>(
    store: &mut ValueStore,
    position: &P,
    visits: &mut V,
) -> Result<GameId, V::Refused> {
    visits.take_one()?;
    let mut lefts = Vec::new();
    for option in position.left_options() {
        lefts.push(plain_walk(store, &option, visits)?);
    }
    let mut rights = Vec::new();
    for option in position.right_options() {
        rights.push(plain_walk(store, &option, visits)?);
    }
    Ok(store.game(&lefts, &rights))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::KnownValue;

    /// A heap Left may take one from, valued by its closed form (the heap's size) past 3.
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Heap(i64);

    impl PartizanPosition for Heap {
        fn left_options(&self) -> Vec<Heap> {
            (self.0 > 0).then(|| Heap(self.0 - 1)).into_iter().collect()
        }
        fn right_options(&self) -> Vec<Heap> {
            Vec::new()
        }
        fn known_value(&self) -> Option<KnownValue> {
            (self.0 > 3).then_some(KnownValue::Integer(self.0))
        }
    }

    #[test]
    fn a_known_value_is_taken_and_agrees_with_the_options() {
        let mut store = ValueStore::new();
        let mut evaluator = Evaluator::new();
        let known = evaluator.value(&mut store, &Heap(1_000_000));
        assert_eq!(known, store.integer(1_000_000));
        // Nothing below the closed form was valued.
        assert_eq!(evaluator.cached(), 0);
        assert_eq!(
            evaluator.value(&mut store, &Heap(30)),
            plain_value(&mut store, &Heap(30))
        );
    }
}
