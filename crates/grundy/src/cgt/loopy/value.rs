//! Loopy values and the engine that makes them.
//!
//! A [`Form`] is a game graph with its start at vertex 0, each loopfree vertex tagged with
//! its short value in the engine's [`ValueStore`]. A [`LoopyValue`] is a canonical stopper,
//! or a sided value `G⁺ & G⁻` whose onside and offside are forms (each one a canonical
//! stopper when it is a stopper). The [`LoopyEngine`] holds the store and the [`Budget`] and
//! does every operation: reading, sums, negatives, comparisons, canonical forms, sides.

use std::collections::HashMap;
use std::sync::Arc;

use super::budget::{Budget, LoopyError};
use super::graph::{Graph, BYTES_PER_EDGE, BYTES_PER_VERTEX};
use super::survival::{self, Mode};
use crate::cgt::store::{Comparison, GameId, ValueStore};

/// A game graph starting at vertex 0, each loopfree vertex tagged with its short value.
#[derive(Debug, Clone)]
pub struct Form {
    graph: Arc<Graph>,
    shorts: Arc<[Option<GameId>]>,
    stopper: bool,
}

impl Form {
    /// A form of `graph` (start 0) with its tags.
    pub(crate) fn new(graph: Graph, shorts: Vec<Option<GameId>>) -> Form {
        let stopper = graph.is_stopper_from(0);
        Form {
            graph: Arc::new(graph),
            shorts: shorts.into(),
            stopper,
        }
    }

    /// The game graph; the game starts at vertex 0.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The short value of the game, when it is loopfree.
    pub fn short(&self) -> Option<GameId> {
        self.shorts[0]
    }

    /// The short value of the game from vertex `v`, when it is loopfree.
    pub fn short_at(&self, v: u32) -> Option<GameId> {
        self.shorts[v as usize]
    }

    /// Whether the game is a stopper.
    pub fn is_stopper(&self) -> bool {
        self.stopper
    }

    /// The number of positions (vertices).
    pub fn len(&self) -> usize {
        self.graph.len()
    }

    /// Whether the form has no vertex (never: a form has its start).
    pub fn is_empty(&self) -> bool {
        self.graph.is_empty()
    }

    /// The game from vertex `v`, as a form of its own.
    pub fn at(&self, v: u32) -> Form {
        if v == 0 {
            return self.clone();
        }
        let (graph, map) = self.graph.pack(&[v]);
        let mut shorts = vec![None; graph.len()];
        for (old, &new) in map.iter().enumerate() {
            if new != u32::MAX {
                shorts[new as usize] = self.shorts[old];
            }
        }
        Form::new(graph, shorts)
    }
}

/// The value of a loopy game: a canonical stopper, or a sided value whose sides are
/// simplified forms (canonical stoppers when the sides are stoppers).
#[derive(Debug, Clone)]
pub enum LoopyValue {
    /// A stopper in canonical form (a short game when it is loopfree).
    Stopper(Form),
    /// A game that is not a stopper: `onside & offside`.
    Sided {
        /// The onside (infinite play is Left's).
        onside: Form,
        /// The offside (infinite play is Right's).
        offside: Form,
    },
}

impl LoopyValue {
    /// The onside (the stopper itself for a stopper).
    pub fn onside(&self) -> &Form {
        match self {
            LoopyValue::Stopper(form) => form,
            LoopyValue::Sided { onside, .. } => onside,
        }
    }

    /// The offside (the stopper itself for a stopper).
    pub fn offside(&self) -> &Form {
        match self {
            LoopyValue::Stopper(form) => form,
            LoopyValue::Sided { offside, .. } => offside,
        }
    }

    /// Whether this is a stopper.
    pub fn is_stopper(&self) -> bool {
        matches!(self, LoopyValue::Stopper(_))
    }

    /// Whether both sides are stoppers (every stopper is).
    pub fn is_stopper_sided(&self) -> bool {
        self.onside().is_stopper() && self.offside().is_stopper()
    }

    /// The short value, when this is a loopfree stopper.
    pub fn short(&self) -> Option<GameId> {
        match self {
            LoopyValue::Stopper(form) => form.short(),
            LoopyValue::Sided { .. } => None,
        }
    }

    /// The stopper, when this is one.
    pub fn as_stopper(&self) -> Option<&Form> {
        match self {
            LoopyValue::Stopper(form) => Some(form),
            LoopyValue::Sided { .. } => None,
        }
    }
}

/// The engine of loopy values: a store for their short parts and the limits of the work.
pub struct LoopyEngine<'s> {
    pub(crate) store: &'s mut ValueStore,
    pub(crate) budget: Budget,
}

impl std::fmt::Debug for LoopyEngine<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoopyEngine")
            .field("budget", &self.budget)
            .finish()
    }
}

impl<'s> LoopyEngine<'s> {
    /// An engine on `store`, with no limits.
    pub fn new(store: &'s mut ValueStore) -> LoopyEngine<'s> {
        LoopyEngine {
            store,
            budget: Budget::unlimited(),
        }
    }

    /// An engine on `store` bounded by `budget`.
    pub fn with_budget(store: &'s mut ValueStore, budget: Budget) -> LoopyEngine<'s> {
        LoopyEngine { store, budget }
    }

    /// The limits of the work.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The store of the short parts.
    pub fn store(&mut self) -> &mut ValueStore {
        self.store
    }

    /// Adds the short game `id` to `graph` (its canonical form, every subposition once,
    /// shared through `memo`); returns its vertex.
    pub(crate) fn expand_short(
        &mut self,
        graph: &mut Graph,
        shorts: &mut Vec<Option<GameId>>,
        memo: &mut HashMap<GameId, u32>,
        id: GameId,
    ) -> Result<u32, LoopyError> {
        if let Some(&v) = memo.get(&id) {
            return Ok(v);
        }
        // A game born on day d has at least d + 1 positions: one too large for the limit is
        // refused before any is made (a huge integer would take as many steps as it is large).
        let day = self.store.birthday(id);
        let positions = day
            .to_i64()
            .and_then(|d| usize::try_from(d).ok())
            .map_or(usize::MAX, |d| d.saturating_add(1));
        self.budget.check(
            "the graph of a short game",
            positions.saturating_mul(BYTES_PER_VERTEX),
        )?;
        let mut held = self.budget.reserve("the graph of a short game", 0)?;
        let fresh = |graph: &mut Graph,
                     shorts: &mut Vec<Option<GameId>>,
                     memo: &mut HashMap<GameId, u32>,
                     pending: &mut Vec<(GameId, u32)>,
                     id: GameId|
         -> u32 {
            if let Some(&v) = memo.get(&id) {
                return v;
            }
            let v = graph.add_vertex();
            shorts.resize(graph.len(), None);
            shorts[v as usize] = Some(id);
            memo.insert(id, v);
            pending.push((id, v));
            v
        };
        let mut pending = Vec::new();
        let root = fresh(graph, shorts, memo, &mut pending, id);
        while let Some((id, v)) = pending.pop() {
            if self.store.is_interrupted() {
                return Err(LoopyError::Stopped(crate::stop::Stopped));
            }
            let lefts = self.store.left_options(id);
            let rights = self.store.right_options(id);
            held.grow(BYTES_PER_VERTEX + 16 + (lefts.len() + rights.len()) * BYTES_PER_EDGE)?;
            self.budget.tick(1 + (lefts.len() + rights.len()) as u64)?;
            for l in lefts {
                let w = fresh(graph, shorts, memo, &mut pending, l);
                graph.add_left(v, w);
            }
            for r in rights {
                let w = fresh(graph, shorts, memo, &mut pending, r);
                graph.add_right(v, w);
            }
        }
        // The graph keeps what it holds; the reservation ends with this call, as the
        // graph's bytes are counted again where it is kept.
        drop(held);
        Ok(root)
    }

    /// Refuses a short game too large to join a loopy one within the memory limit: the
    /// comparisons of its positions with a loopy game's would hold two states for every pair
    /// (a game born on day `d` has at least `d + 1` positions).
    pub(crate) fn check_short_for_loopy(&mut self, id: GameId) -> Result<(), LoopyError> {
        let day = self.store.birthday(id);
        let positions = day
            .to_i64()
            .and_then(|d| usize::try_from(d).ok())
            .map_or(usize::MAX, |d| d.saturating_add(2));
        self.budget.check(
            "a comparison of loopy games",
            positions
                .saturating_mul(positions)
                .saturating_mul(2 * super::survival::BYTES_PER_STATE),
        )
    }

    /// The form of the short game `id`.
    pub fn short_form(&mut self, id: GameId) -> Result<Form, LoopyError> {
        let mut graph = Graph::new();
        let mut shorts = Vec::new();
        self.expand_short(&mut graph, &mut shorts, &mut HashMap::new(), id)?;
        Ok(Form::new(graph, shorts))
    }

    /// The short game `id` as a loopy value.
    pub fn short(&mut self, id: GameId) -> Result<LoopyValue, LoopyError> {
        Ok(LoopyValue::Stopper(self.short_form(id)?))
    }

    /// The value of the game at `start` in `graph`: its canonical form when it is a stopper,
    /// its sides otherwise.
    pub fn value_of_graph(&mut self, graph: &Graph, start: u32) -> Result<LoopyValue, LoopyError> {
        let (packed, _) = graph.pack(&[start]);
        if packed.is_stopper_from(0) {
            return Ok(LoopyValue::Stopper(self.canonical_form(&packed, 0)?));
        }
        let onside = self.onside_form(&packed, 0)?;
        let offside = self.offside_form(&packed, 0)?;
        self.sided(onside, offside)
    }

    /// The value whose onside is the game at `on_start` in `on` and whose offside is the
    /// game at `off_start` in `off`.
    pub fn value_of_sides(
        &mut self,
        on: &Graph,
        on_start: u32,
        off: &Graph,
        off_start: u32,
    ) -> Result<LoopyValue, LoopyError> {
        let onside = self.onside_form(on, on_start)?;
        let offside = self.offside_form(off, off_start)?;
        self.sided(onside, offside)
    }

    /// The value with these simplified sides: a stopper when they are one stopper.
    pub(crate) fn sided(&mut self, onside: Form, offside: Form) -> Result<LoopyValue, LoopyError> {
        if onside.is_stopper()
            && offside.is_stopper()
            && self.forms_le(&onside, &offside, Mode::Stopper)?
            && self.forms_le(&offside, &onside, Mode::Stopper)?
        {
            return Ok(LoopyValue::Stopper(onside));
        }
        Ok(LoopyValue::Sided { onside, offside })
    }

    /// `a ≤ b` for two forms, in `mode` (a stopper's modes agree; short games are compared
    /// by the store).
    pub(crate) fn forms_le(&mut self, a: &Form, b: &Form, mode: Mode) -> Result<bool, LoopyError> {
        if let (Some(x), Some(y)) = (a.short(), b.short()) {
            return Ok(self.store.le(x, y));
        }
        let mode = if a.is_stopper() && b.is_stopper() {
            Mode::Stopper
        } else {
            mode
        };
        survival::le(a.graph(), 0, b.graph(), 0, mode, &self.budget)
    }

    /// `a ≤ b`: on both sides.
    pub fn le(&mut self, a: &LoopyValue, b: &LoopyValue) -> Result<bool, LoopyError> {
        match (a, b) {
            (LoopyValue::Stopper(x), LoopyValue::Stopper(y)) => self.forms_le(x, y, Mode::Stopper),
            _ => Ok(self.forms_le(a.onside(), b.onside(), Mode::Onside)?
                && self.forms_le(a.offside(), b.offside(), Mode::Offside)?),
        }
    }

    /// How `a` compares with `b`.
    pub fn compare(&mut self, a: &LoopyValue, b: &LoopyValue) -> Result<Comparison, LoopyError> {
        let le = self.le(a, b)?;
        let ge = self.le(b, a)?;
        Ok(match (le, ge) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Less,
            (false, true) => Comparison::Greater,
            (false, false) => Comparison::Fuzzy,
        })
    }

    /// Whether `a = b`.
    pub fn equal(&mut self, a: &LoopyValue, b: &LoopyValue) -> Result<bool, LoopyError> {
        Ok(self.compare(a, b)? == Comparison::Equal)
    }

    /// The negative of a form.
    pub(crate) fn neg_form(&mut self, form: &Form) -> Form {
        let shorts: Vec<Option<GameId>> = form
            .shorts
            .iter()
            .map(|id| id.map(|id| self.store.neg(id)))
            .collect();
        Form {
            graph: Arc::new(form.graph.negated()),
            shorts: shorts.into(),
            stopper: form.stopper,
        }
    }

    /// `-a`.
    pub fn neg(&mut self, a: &LoopyValue) -> LoopyValue {
        match a {
            LoopyValue::Stopper(form) => LoopyValue::Stopper(self.neg_form(form)),
            LoopyValue::Sided { onside, offside } => LoopyValue::Sided {
                onside: self.neg_form(offside),
                offside: self.neg_form(onside),
            },
        }
    }

    /// The sum of two forms, as a graph starting at 0.
    pub(crate) fn sum_graph(&mut self, a: &Form, b: &Form) -> Result<Graph, LoopyError> {
        a.graph().sum(0, b.graph(), 0, &self.budget)
    }

    /// `a + b`.
    pub fn add(&mut self, a: &LoopyValue, b: &LoopyValue) -> Result<LoopyValue, LoopyError> {
        if let (Some(x), Some(y)) = (a.short(), b.short()) {
            let sum = self.store.add(x, y);
            return self.short(sum);
        }
        match (a, b) {
            (LoopyValue::Stopper(x), LoopyValue::Stopper(y)) => {
                let sum = self.sum_graph(x, y)?;
                self.value_of_graph(&sum, 0)
            }
            _ => {
                let on = self.sum_graph(a.onside(), b.onside())?;
                let off = self.sum_graph(a.offside(), b.offside())?;
                self.value_of_sides(&on, 0, &off, 0)
            }
        }
    }

    /// `a - b`.
    pub fn sub(&mut self, a: &LoopyValue, b: &LoopyValue) -> Result<LoopyValue, LoopyError> {
        let negative = self.neg(b);
        self.add(a, &negative)
    }

    /// `a & b`: the value whose onside is `a`'s onside and whose offside is `b`'s offside.
    /// When both are stoppers the offside must be at most the onside.
    pub fn and(&mut self, a: &LoopyValue, b: &LoopyValue) -> Result<LoopyValue, LoopyError> {
        let onside = a.onside().clone();
        let offside = b.offside().clone();
        if onside.is_stopper() && offside.is_stopper() {
            if !self.forms_le(&offside, &onside, Mode::Stopper)? {
                let onside = self.display_form(&onside)?;
                let offside = self.display_form(&offside)?;
                return Err(LoopyError::OffsideAboveOnside { onside, offside });
            }
            return self.sided(onside, offside);
        }
        let on_graph = onside.graph().clone();
        let off_graph = offside.graph().clone();
        self.value_of_sides(&on_graph, 0, &off_graph, 0)
    }
}
