//! Canonical forms of stoppers (Siegel, *Combinatorial Game Theory*, ch. VI §3).
//!
//! A stopper equals exactly one stopper in *simplest form*: no dominated option, no
//! reversible option, and no two positions equal. The canonical form is found as for short
//! games, on the whole graph at once:
//!
//! 1. every loopfree position is replaced by its short canonical form from the store;
//! 2. one retrograde analysis ([`survival::solve`]) compares every pair of positions;
//! 3. at every loopy position, reversible options are bypassed (a Left option `G^L` with a
//!    Right option `G^{LR} ≤ G` gives way to the Left options of `G^{LR}`) and dominated
//!    options deleted, until nothing changes: the comparisons stay true, as each step keeps
//!    every position's value;
//! 4. equal positions are fused into one.
//!
//! The result is compared with the game it came from before it is returned: a
//! simplification that changed the value would be a defect, reported as one.

use std::collections::HashMap;

use super::budget::LoopyError;
use super::graph::{Graph, Mover};
use super::survival::{self, Mode, Table};
use super::value::{Form, LoopyEngine};
use crate::cgt::store::GameId;

/// A graph with its short tags and the vertices of the games asked for.
#[derive(Debug, Clone)]
pub(crate) struct Tagged {
    /// The graph.
    pub(crate) graph: Graph,
    /// Each loopfree vertex's short value.
    pub(crate) shorts: Vec<Option<GameId>>,
    /// The vertex of each game asked for, in the order asked.
    pub(crate) roots: Vec<u32>,
}

/// The loopfree vertices of `graph`, children before parents.
fn loopfree_order(graph: &Graph) -> Vec<u32> {
    let loopfree = graph.loopfree_vertices();
    let mut order = Vec::new();
    let mut state = vec![0u8; graph.len()];
    for root in 0..graph.len() as u32 {
        if !loopfree[root as usize] || state[root as usize] != 0 {
            continue;
        }
        let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
        state[root as usize] = 1;
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            let options: Vec<u32> = graph
                .left(v)
                .iter()
                .chain(graph.right(v))
                .copied()
                .collect();
            if *next < options.len() {
                let w = options[*next];
                *next += 1;
                if state[w as usize] == 0 {
                    state[w as usize] = 1;
                    stack.push((w, 0));
                }
            } else {
                state[v as usize] = 2;
                order.push(v);
                stack.pop();
            }
        }
    }
    order
}

impl LoopyEngine<'_> {
    /// The part of `graph` reachable from `roots`, every loopfree vertex replaced by the
    /// canonical form of its short value.
    pub(crate) fn shorten(&mut self, graph: &Graph, roots: &[u32]) -> Result<Tagged, LoopyError> {
        let (graph, map) = graph.pack(roots);
        let roots: Vec<u32> = roots.iter().map(|&r| map[r as usize]).collect();
        let mut ids: Vec<Option<GameId>> = vec![None; graph.len()];
        for v in loopfree_order(&graph) {
            self.budget.tick(1)?;
            let lefts: Vec<GameId> = graph
                .left(v)
                .iter()
                .filter_map(|&w| ids[w as usize])
                .collect();
            let rights: Vec<GameId> = graph
                .right(v)
                .iter()
                .filter_map(|&w| ids[w as usize])
                .collect();
            ids[v as usize] = Some(self.store.game(&lefts, &rights));
        }
        // The comparison that follows holds two states for every pair of positions: with the
        // short parts at least as large as their birthdays say, one too large for the limit
        // is refused before they are made.
        let loopy_count = ids.iter().filter(|id| id.is_none()).count();
        if loopy_count > 0 {
            let mut largest = 0usize;
            for id in ids.iter().flatten() {
                let day = self.store.birthday(*id);
                let positions = day
                    .to_i64()
                    .and_then(|d| usize::try_from(d).ok())
                    .map_or(usize::MAX, |d| d.saturating_add(1));
                largest = largest.max(positions);
            }
            let side = loopy_count.saturating_add(largest);
            self.budget.check(
                "a comparison of loopy games",
                side.saturating_mul(side)
                    .saturating_mul(2 * survival::BYTES_PER_STATE),
            )?;
        }
        let mut out = Graph::new();
        let mut shorts: Vec<Option<GameId>> = Vec::new();
        let mut new_index = vec![u32::MAX; graph.len()];
        for v in 0..graph.len() {
            if ids[v].is_none() {
                new_index[v] = out.add_vertex();
            }
        }
        shorts.resize(out.len(), None);
        let mut memo: HashMap<GameId, u32> = HashMap::new();
        let place = |engine: &mut Self,
                     out: &mut Graph,
                     shorts: &mut Vec<Option<GameId>>,
                     memo: &mut HashMap<GameId, u32>,
                     w: u32|
         -> Result<u32, LoopyError> {
            match ids[w as usize] {
                Some(id) => engine.expand_short(out, shorts, memo, id),
                None => Ok(new_index[w as usize]),
            }
        };
        let mut new_roots = Vec::with_capacity(roots.len());
        for &r in &roots {
            new_roots.push(place(self, &mut out, &mut shorts, &mut memo, r)?);
        }
        for v in 0..graph.len() as u32 {
            if ids[v as usize].is_some() {
                continue;
            }
            let nv = new_index[v as usize];
            for &w in graph.left(v) {
                let nw = place(self, &mut out, &mut shorts, &mut memo, w)?;
                out.add_left(nv, nw);
            }
            for &w in graph.right(v) {
                let nw = place(self, &mut out, &mut shorts, &mut memo, w)?;
                out.add_right(nv, nw);
            }
        }
        shorts.resize(out.len(), None);
        Ok(repack(&out, &shorts, &new_roots))
    }

    /// The canonical forms of the stoppers at `roots` in `graph`, in one fused graph.
    pub(crate) fn canonicalize(
        &mut self,
        graph: &Graph,
        roots: &[u32],
    ) -> Result<Tagged, LoopyError> {
        self.budget.stage("canonical form of a stopper");
        let tagged = self.shorten(graph, roots)?;
        let stoppers = tagged.graph.stopper_vertices();
        if let Some(&bad) = tagged.roots.iter().find(|&&r| !stoppers[r as usize]) {
            let form = Form::new(tagged.graph.clone(), tagged.shorts.clone()).at(bad);
            let text = self
                .display_form(&form)
                .unwrap_or_else(|_| "the game".to_string());
            return Err(LoopyError::NotStopper(text, "it has no canonical form"));
        }
        let loopy: Vec<bool> = tagged.shorts.iter().map(Option::is_none).collect();
        if !loopy.iter().any(|&l| l) {
            return Ok(tagged);
        }
        let mut graph = tagged.graph.clone();
        let table = survival::solve(&graph, &graph, Mode::Stopper, &self.budget)?;
        self.simplify_options(&mut graph, &table, &loopy)?;
        let fused = self.fuse(&graph, &tagged.shorts, &tagged.roots, &table)?;
        // The canonical forms must equal the games they came from.
        let forward = survival::solve(&fused.graph, &tagged.graph, Mode::Stopper, &self.budget)?;
        let backward = survival::solve(&tagged.graph, &fused.graph, Mode::Stopper, &self.budget)?;
        for (&c, &o) in fused.roots.iter().zip(&tagged.roots) {
            if !(forward.le(c, o) && backward.le(o, c)) {
                return Err(LoopyError::Internal(
                    "the simplified stopper is not equal to the game it came from".to_string(),
                ));
            }
        }
        Ok(fused)
    }

    /// The canonical forms of the stoppers at `roots` in `graph`, one for each root in order,
    /// found together: one comparison of every pair of positions serves them all, which is
    /// what a game valued position by position (a layer of positions at a time) needs.
    pub fn canonical_forms(
        &mut self,
        graph: &Graph,
        roots: &[u32],
    ) -> Result<Vec<Form>, LoopyError> {
        let tagged = self.canonicalize(graph, roots)?;
        let fused = Form::new(tagged.graph, tagged.shorts);
        Ok(tagged.roots.iter().map(|&root| fused.at(root)).collect())
    }

    /// The canonical form of the stopper at `start` in `graph`.
    pub(crate) fn canonical_form(&mut self, graph: &Graph, start: u32) -> Result<Form, LoopyError> {
        let tagged = self.canonicalize(graph, &[start])?;
        let root = tagged.roots[0];
        Ok(Form::new(tagged.graph, tagged.shorts).at(root))
    }

    /// Bypasses reversible options and deletes dominated ones at every loopy vertex until
    /// nothing changes. `table` compares every pair of vertices.
    fn simplify_options(
        &mut self,
        graph: &mut Graph,
        table: &Table,
        loopy: &[bool],
    ) -> Result<(), LoopyError> {
        loop {
            let mut changed = false;
            for v in 0..graph.len() as u32 {
                if !loopy[v as usize] {
                    continue;
                }
                self.budget
                    .tick(1 + graph.left(v).len() as u64 + graph.right(v).len() as u64)?;
                for mover in [Mover::Left, Mover::Right] {
                    // A stopper has no infinite alternating run, so bypassing ends; the bound
                    // only guards against a defect.
                    let limit = 64 * (graph.len() + 1) * (graph.len() + 1);
                    changed |=
                        bypass_reversible(graph, v, mover, table, limit).ok_or_else(|| {
                            LoopyError::Internal(
                                "bypassing reversible options did not end".to_string(),
                            )
                        })?;
                    changed |= remove_dominated(graph, v, mover, table);
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// Fuses equal vertices (a short one kept where there is one), drops what the roots no
    /// longer reach, and tags the loopfree vertices anew.
    fn fuse(
        &mut self,
        graph: &Graph,
        shorts: &[Option<GameId>],
        roots: &[u32],
        table: &Table,
    ) -> Result<Tagged, LoopyError> {
        let n = graph.len();
        let reachable = graph.reachable(roots);
        let mut order: Vec<u32> = (0..n as u32).filter(|&v| reachable[v as usize]).collect();
        order.sort_by_key(|&v| (shorts[v as usize].is_none(), v));
        let mut representative: Vec<u32> = (0..n as u32).collect();
        let mut kept: Vec<u32> = Vec::new();
        for &v in &order {
            self.budget.tick(kept.len() as u64)?;
            match kept.iter().find(|&&u| table.le(u, v) && table.le(v, u)) {
                Some(&u) => representative[v as usize] = u,
                None => kept.push(v),
            }
        }
        let mut fused = Graph::with_vertices(n);
        for &v in &kept {
            let mut lefts: Vec<u32> = graph
                .left(v)
                .iter()
                .map(|&w| representative[w as usize])
                .collect();
            let mut rights: Vec<u32> = graph
                .right(v)
                .iter()
                .map(|&w| representative[w as usize])
                .collect();
            lefts.sort_unstable();
            lefts.dedup();
            rights.sort_unstable();
            rights.dedup();
            *fused.left_mut(v) = lefts;
            *fused.right_mut(v) = rights;
        }
        let roots: Vec<u32> = roots.iter().map(|&r| representative[r as usize]).collect();
        let mut tagged = repack(&fused, shorts, &roots);
        self.retag(&mut tagged);
        Ok(tagged)
    }

    /// Tags every loopfree vertex with its short value (a vertex that simplification made
    /// loopfree gets one; a tagged one keeps its own).
    pub(crate) fn retag(&mut self, tagged: &mut Tagged) {
        for v in loopfree_order(&tagged.graph) {
            if tagged.shorts[v as usize].is_some() {
                continue;
            }
            let graph = &tagged.graph;
            let lefts: Vec<GameId> = graph
                .left(v)
                .iter()
                .filter_map(|&w| tagged.shorts[w as usize])
                .collect();
            let rights: Vec<GameId> = graph
                .right(v)
                .iter()
                .filter_map(|&w| tagged.shorts[w as usize])
                .collect();
            tagged.shorts[v as usize] = Some(self.store.game(&lefts, &rights));
        }
    }
}

/// `graph` packed from `roots`, with the tags carried over.
pub(crate) fn repack(graph: &Graph, shorts: &[Option<GameId>], roots: &[u32]) -> Tagged {
    let (packed, map) = graph.pack(roots);
    let mut new_shorts = vec![None; packed.len()];
    for (old, &new) in map.iter().enumerate() {
        if new != u32::MAX {
            new_shorts[new as usize] = shorts.get(old).copied().flatten();
        }
    }
    Tagged {
        graph: packed,
        shorts: new_shorts,
        roots: roots.iter().map(|&r| map[r as usize]).collect(),
    }
}

/// Whether option `a` of `v` is at most option `b` for `mover` (Left prefers larger
/// options, Right smaller): `a` is then no better than `b`.
fn worse_or_equal(table: &Table, mover: Mover, a: u32, b: u32) -> bool {
    match mover {
        Mover::Left => table.le(a, b),
        Mover::Right => table.le(b, a),
    }
}

/// Bypasses the reversible options of `mover` at `v`: Left's option `a` with a Right option
/// `r ≤ v` is replaced by the Left options of `r` (and the mirror for Right). Whether
/// anything changed; `None` when `limit` bypasses did not end it.
pub(crate) fn bypass_reversible(
    graph: &mut Graph,
    v: u32,
    mover: Mover,
    table: &Table,
    limit: usize,
) -> Option<bool> {
    let mut options: Vec<u32> = graph.moves(v, mover).to_vec();
    let mut changed = false;
    let mut left = limit;
    let mut i = 0;
    while i < options.len() {
        let a = options[i];
        let reverser = graph
            .moves(a, mover.other())
            .iter()
            .copied()
            .find(|&r| match mover {
                Mover::Left => table.le(r, v),
                Mover::Right => table.le(v, r),
            });
        match reverser {
            Some(r) => {
                left = left.checked_sub(1)?;
                options.remove(i);
                for &w in graph.moves(r, mover) {
                    if !options.contains(&w) {
                        options.push(w);
                    }
                }
                changed = true;
            }
            None => i += 1,
        }
    }
    if changed {
        *graph.moves_mut(v, mover) = options;
    }
    Some(changed)
}

/// Deletes the dominated options of `mover` at `v` (of equal options, the lowest-numbered
/// stays).
pub(crate) fn remove_dominated(graph: &mut Graph, v: u32, mover: Mover, table: &Table) -> bool {
    let mut options: Vec<u32> = graph.moves(v, mover).to_vec();
    options.sort_unstable();
    options.dedup();
    let before = graph.moves(v, mover).len();
    let kept: Vec<u32> = options
        .iter()
        .copied()
        .filter(|&a| {
            !options.iter().any(|&b| {
                b != a
                    && worse_or_equal(table, mover, a, b)
                    && (!worse_or_equal(table, mover, b, a) || b < a)
            })
        })
        .collect();
    let changed = kept.len() != before;
    *graph.moves_mut(v, mover) = kept;
    changed
}
