//! Values of game positions: the rules of a partizan game in, canonical values out.
//!
//! A game implements [`PartizanPosition`] (its Left and Right moves, and optionally how a
//! position falls apart into independent components). [`Evaluator`] then values positions
//! through a cache of components; [`plain_value`] is the same recursion with neither
//! components nor cache, the baseline of the benchmarks and the oracle of the tests. Both
//! give the same [`GameId`], since equal values have one id in a store.
//!
//! ```
//! use grundy::cgt::{Evaluator, PartizanPosition, ValueStore, plain_value};
//!
//! /// A row of cells: Left may fill one cell, Right two adjacent ones (a toy).
//! #[derive(Clone, PartialEq, Eq, Hash)]
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

use std::collections::HashMap;
use std::hash::Hash;

use super::store::{GameId, ValueStore};

/// A position of a short partizan game under normal play (whoever cannot move loses).
/// Positions must have finitely many followers and no cycles.
pub trait PartizanPosition: Clone + Eq + Hash {
    /// The positions Left can move to.
    fn left_options(&self) -> Vec<Self>;

    /// The positions Right can move to.
    fn right_options(&self) -> Vec<Self>;

    /// Independent parts whose sum is this position, each in a normalised form so that
    /// equal parts hash equal; the default is the position itself. An empty list means the
    /// position is 0. A part must not split further (the evaluator does not split it again).
    fn components(&self) -> Vec<Self> {
        vec![self.clone()]
    }
}

/// Values positions with a cache of components: a position is split into its components,
/// each component is valued once (its options through the same cache), and the values are
/// summed in the store.
#[derive(Debug, Clone)]
pub struct Evaluator<P> {
    cache: HashMap<P, GameId>,
}

impl<P: PartizanPosition> Default for Evaluator<P> {
    fn default() -> Self {
        Evaluator {
            cache: HashMap::new(),
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

    /// The canonical value of `position`.
    pub fn value(&mut self, store: &mut ValueStore, position: &P) -> GameId {
        let components = position.components();
        match components.as_slice() {
            [only] => self.component_value(store, only),
            _ => {
                let mut total = store.zero();
                for component in &components {
                    let value = self.component_value(store, component);
                    total = store.add(total, value);
                }
                total
            }
        }
    }

    /// The value of one component, from the cache or from its options.
    fn component_value(&mut self, store: &mut ValueStore, component: &P) -> GameId {
        if let Some(&value) = self.cache.get(component) {
            return value;
        }
        let lefts: Vec<GameId> = component
            .left_options()
            .iter()
            .map(|option| self.value(store, option))
            .collect();
        let rights: Vec<GameId> = component
            .right_options()
            .iter()
            .map(|option| self.value(store, option))
            .collect();
        let value = store.game(&lefts, &rights);
        self.cache.insert(component.clone(), value);
        value
    }
}

/// The canonical value of `position` by plain recursion over its options: no components,
/// no cache (every follower is valued as often as it is reached). The baseline and oracle
/// of [`Evaluator`].
pub fn plain_value<P: PartizanPosition>(store: &mut ValueStore, position: &P) -> GameId {
    let lefts: Vec<GameId> = position
        .left_options()
        .iter()
        .map(|option| plain_value(store, option))
        .collect();
    let rights: Vec<GameId> = position
        .right_options()
        .iter()
        .map(|option| plain_value(store, option))
        .collect();
    store.game(&lefts, &rights)
}
