//! The onside and offside of a game that is not a stopper (Conway's sidling; *Winning
//! Ways* ch. 11, Siegel ch. VI §5).
//!
//! On the onside an infinite play is Left's, so Right gains nothing by a move he could
//! repeat for ever; on the offside the same holds for Left. The onside of `G` is found by
//! changing `G`'s graph one step at a time, each step checked to keep `G`'s value on the
//! onside (by the comparison of [`super::survival`], both ways where the step is not
//! one-sided by construction):
//!
//! - every position that is a stopper is replaced by its canonical form;
//! - an edge on an alternating cycle is deleted when the game stays equal without it;
//! - a Right move on an alternating cycle is *unravelled*: Right may take it at most `n`
//!   times in one alternating run (`n` = 1, 2, 3), which can only help Left, and is kept
//!   when Right loses nothing by it.
//!
//! When no alternating cycle is left, the onside is a stopper and gets its canonical form.
//! Otherwise (Bach's carousel) the simplified graph is the onside; there is no simplest form
//! of such games, but comparisons, sums and outcomes are exact all the same. The offside is
//! the negative of the onside of the negative.

use std::collections::HashMap;

use super::budget::LoopyError;
use super::canonical::{bypass_reversible, remove_dominated, repack, Tagged};
use super::graph::{state, Graph, Mover};
use super::survival::{self, Mode};
use super::value::{Form, LoopyEngine};
use crate::cgt::store::GameId;

/// The most times a move on an alternating cycle is unravelled.
const MAX_UNRAVEL: usize = 3;

impl LoopyEngine<'_> {
    /// The simplified onside of the game at `start` in `graph`.
    pub(crate) fn onside_form(&mut self, graph: &Graph, start: u32) -> Result<Form, LoopyError> {
        self.budget.stage("the onside of a loopy game");
        let (original, _) = graph.pack(&[start]);
        if original.is_stopper_from(0) {
            return self.canonical_form(&original, 0);
        }
        let mut current = self.stopperize(&original)?;
        loop {
            self.budget.look()?;
            if current.graph.is_stopper_from(0) {
                break;
            }
            if self.delete_cyclic_edges(&mut current)? {
                current = self.stopperize_tagged(&current)?;
                continue;
            }
            if self.unravel_one(&mut current)? {
                current = self.stopperize_tagged(&current)?;
                continue;
            }
            if self.reduce_options(&mut current)? {
                current = self.stopperize_tagged(&current)?;
                continue;
            }
            break;
        }
        let form = if current.graph.is_stopper_from(0) {
            self.canonical_form(&current.graph, 0)?
        } else {
            Form::new(current.graph, current.shorts)
        };
        // Every step kept the value on the onside; checked once more as a whole.
        let same = survival::le(form.graph(), 0, &original, 0, Mode::Onside, &self.budget)?
            && survival::le(&original, 0, form.graph(), 0, Mode::Onside, &self.budget)?;
        if !same {
            return Err(LoopyError::Internal(
                "the simplified onside is not equal to the game on the onside".to_string(),
            ));
        }
        Ok(form)
    }

    /// The simplified offside of the game at `start` in `graph`: the negative of the onside
    /// of the negative.
    pub(crate) fn offside_form(&mut self, graph: &Graph, start: u32) -> Result<Form, LoopyError> {
        let negative = graph.negated();
        let onside = self.onside_form(&negative, start)?;
        Ok(self.neg_form(&onside))
    }

    /// `graph` (start 0) with every stopper position replaced by its canonical form.
    fn stopperize(&mut self, graph: &Graph) -> Result<Tagged, LoopyError> {
        let shorts = vec![None; graph.len()];
        self.stopperize_tagged(&Tagged {
            graph: graph.clone(),
            shorts,
            roots: vec![0],
        })
    }

    fn stopperize_tagged(&mut self, tagged: &Tagged) -> Result<Tagged, LoopyError> {
        let graph = &tagged.graph;
        let stoppers = graph.stopper_vertices();
        let roots: Vec<u32> = (0..graph.len() as u32)
            .filter(|&v| stoppers[v as usize])
            .collect();
        let canonical = if roots.is_empty() {
            Tagged {
                graph: Graph::new(),
                shorts: Vec::new(),
                roots: Vec::new(),
            }
        } else {
            self.canonicalize(graph, &roots)?
        };
        let mut out = Graph::new();
        let mut index = vec![u32::MAX; graph.len()];
        for v in 0..graph.len() {
            if !stoppers[v] {
                index[v] = out.add_vertex();
            }
        }
        let offset = out.embed(&canonical.graph);
        for (&v, &c) in roots.iter().zip(&canonical.roots) {
            index[v as usize] = offset + c;
        }
        for v in 0..graph.len() as u32 {
            if stoppers[v as usize] {
                continue;
            }
            let nv = index[v as usize];
            for &w in graph.left(v) {
                out.add_left(nv, index[w as usize]);
            }
            for &w in graph.right(v) {
                out.add_right(nv, index[w as usize]);
            }
        }
        let mut shorts = vec![None; offset as usize];
        shorts.extend(canonical.shorts.iter().copied());
        Ok(repack(&out, &shorts, &[index[0]]))
    }

    /// Deletes edges on alternating cycles that the game's onside does not need; true when
    /// one was deleted.
    fn delete_cyclic_edges(&mut self, current: &mut Tagged) -> Result<bool, LoopyError> {
        let mut deleted = false;
        loop {
            let mut found = false;
            let (component, sizes) = current.graph.alternating_components();
            'search: for v in 0..current.graph.len() as u32 {
                for mover in [Mover::Right, Mover::Left] {
                    let targets = current.graph.moves(v, mover).to_vec();
                    for (i, &w) in targets.iter().enumerate() {
                        let from = component[state(v, mover)];
                        if from != component[state(w, mover.other())] || sizes[from as usize] < 2 {
                            continue;
                        }
                        let mut trial = current.graph.clone();
                        trial.moves_mut(v, mover).remove(i);
                        // Without a Right move the game can only be better for Left, and
                        // without a Left move only worse: one comparison settles it.
                        let same = match mover {
                            Mover::Right => survival::le(
                                &trial,
                                0,
                                &current.graph,
                                0,
                                Mode::Onside,
                                &self.budget,
                            )?,
                            Mover::Left => survival::le(
                                &current.graph,
                                0,
                                &trial,
                                0,
                                Mode::Onside,
                                &self.budget,
                            )?,
                        };
                        if same {
                            current.graph = trial;
                            found = true;
                            break 'search;
                        }
                    }
                }
            }
            if !found {
                return Ok(deleted);
            }
            deleted = true;
            *current = repack(&current.graph, &current.shorts, &[0]);
        }
    }

    /// Deletes dominated options and bypasses reversible ones at one position that is not a
    /// stopper, as far as the game stays equal on the onside; true when something changed.
    fn reduce_options(&mut self, current: &mut Tagged) -> Result<bool, LoopyError> {
        let graph = &current.graph;
        let stoppers = graph.stopper_vertices();
        let table = survival::solve(graph, graph, Mode::Onside, &self.budget)?;
        for v in 0..graph.len() as u32 {
            if stoppers[v as usize] {
                continue;
            }
            for mover in [Mover::Left, Mover::Right] {
                for step in 0..2 {
                    let mut trial = graph.clone();
                    let changed = if step == 0 {
                        remove_dominated(&mut trial, v, mover, &table)
                    } else {
                        bypass_reversible(&mut trial, v, mover, &table, 4 * graph.len() + 4)
                            .unwrap_or(false)
                    };
                    let mut sorted = trial.moves(v, mover).to_vec();
                    sorted.sort_unstable();
                    let mut before = graph.moves(v, mover).to_vec();
                    before.sort_unstable();
                    before.dedup();
                    if !changed || sorted == before {
                        continue;
                    }
                    self.budget.tick(trial.len() as u64)?;
                    let same = survival::le(&trial, 0, graph, 0, Mode::Onside, &self.budget)?
                        && survival::le(graph, 0, &trial, 0, Mode::Onside, &self.budget)?;
                    if same {
                        *current = repack(&trial, &current.shorts, &[0]);
                        return Ok(true);
                    }
                }
            }
        }
        Ok(false)
    }

    /// Unravels one Right move on an alternating cycle, when Right loses nothing by it;
    /// true when one was.
    fn unravel_one(&mut self, current: &mut Tagged) -> Result<bool, LoopyError> {
        let (component, sizes) = current.graph.alternating_components();
        for u in 0..current.graph.len() as u32 {
            for &w in current.graph.right(u) {
                let c = component[state(u, Mover::Right)];
                if c != component[state(w, Mover::Left)] || sizes[c as usize] < 2 {
                    continue;
                }
                for times in 1..=MAX_UNRAVEL {
                    let (trial, shorts) =
                        unravel(&current.graph, &current.shorts, &component, u, w, times);
                    self.budget.tick(trial.len() as u64)?;
                    // Right may take the move fewer times: the game is at least as good for
                    // Left, so it is equal when it is also at most.
                    if survival::le(&trial, 0, &current.graph, 0, Mode::Onside, &self.budget)? {
                        *current = repack(&trial, &shorts, &[0]);
                        return Ok(true);
                    }
                }
            }
        }
        Ok(false)
    }
}

/// `graph` with Right's move `u → w` (on an alternating cycle, the component of `(u,
/// Right)` in `component`) limited to `times` uses in one alternating run: the states of
/// the component are copied once per use, an expected move staying in the copy, an
/// unexpected one (the same player again) going back to the original graph, and the move
/// leading one copy further, until the last copy, which lacks it.
fn unravel(
    graph: &Graph,
    shorts: &[Option<GameId>],
    component: &[u32],
    u: u32,
    w: u32,
    times: usize,
) -> (Graph, Vec<Option<GameId>>) {
    let target_component = component[state(u, Mover::Right)];
    let region: Vec<(u32, Mover)> = (0..graph.len() as u32)
        .flat_map(|v| [(v, Mover::Left), (v, Mover::Right)])
        .filter(|&(v, m)| component[state(v, m)] == target_component)
        .collect();
    let slot: HashMap<(u32, Mover), usize> =
        region.iter().enumerate().map(|(i, &s)| (s, i)).collect();
    let n = graph.len() as u32;
    let copy = |level: usize, s: (u32, Mover)| -> u32 {
        n + ((level - 1) * region.len() + slot[&s]) as u32
    };
    let mut out = graph.clone();
    for _ in 0..times * region.len() {
        out.add_vertex();
    }
    // The original move enters the first copy.
    if let Some(edge) = out.right_mut(u).iter_mut().find(|t| **t == w) {
        *edge = copy(1, (w, Mover::Left));
    }
    for level in 1..=times {
        for &(x, expected) in &region {
            let c = copy(level, (x, expected));
            for mover in [Mover::Left, Mover::Right] {
                let mut targets = Vec::new();
                for &y in graph.moves(x, mover) {
                    if mover != expected {
                        targets.push(y);
                    } else if mover == Mover::Right && x == u && y == w {
                        if level < times {
                            targets.push(copy(level + 1, (w, Mover::Left)));
                        }
                    } else if slot.contains_key(&(y, mover.other())) {
                        targets.push(copy(level, (y, mover.other())));
                    } else {
                        targets.push(y);
                    }
                }
                *out.moves_mut(c, mover) = targets;
            }
        }
    }
    let mut new_shorts = shorts.to_vec();
    new_shorts.resize(out.len(), None);
    (out, new_shorts)
}
