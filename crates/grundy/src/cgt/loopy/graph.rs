//! Game graphs: the positions of a loopy game and each player's moves between them.
//!
//! A [`Graph`] holds vertices `0..len` with Left and Right edges; a game is a graph and a
//! start vertex. Moves may go anywhere, the vertex itself included (a *pass*). The graph
//! knows its own shape: which vertices can reach a cycle ([`Graph::loopfree_vertices`]),
//! which can reach an infinite *alternating* run of moves, Left, Right, Left, … (a
//! [`Graph::stopper_vertices`] is a vertex with none from any of its subpositions), the
//! sum of two games ([`Graph::sum`]) and the negative ([`Graph::negated`]).

use super::budget::{Budget, LoopyError};

/// A player, as the mover of an alternating run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Mover {
    /// Left moves next.
    Left,
    /// Right moves next.
    Right,
}

impl Mover {
    /// The other player.
    pub(crate) fn other(self) -> Mover {
        match self {
            Mover::Left => Mover::Right,
            Mover::Right => Mover::Left,
        }
    }

    /// 0 for Left, 1 for Right: the low bit of a state's index.
    pub(crate) fn bit(self) -> usize {
        match self {
            Mover::Left => 0,
            Mover::Right => 1,
        }
    }
}

/// The state `(vertex, mover)` of the alternating graph, as an index.
pub(crate) fn state(vertex: u32, mover: Mover) -> usize {
    vertex as usize * 2 + mover.bit()
}

/// The vertices of a loopy game and each player's moves.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Graph {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

/// Bytes a graph is counted as holding per vertex (its two lists) and per edge.
pub(crate) const BYTES_PER_VERTEX: usize = 64;
/// See [`BYTES_PER_VERTEX`].
pub(crate) const BYTES_PER_EDGE: usize = 4;

impl Graph {
    /// An empty graph.
    pub fn new() -> Graph {
        Graph::default()
    }

    /// A graph of `n` vertices with no edges.
    pub fn with_vertices(n: usize) -> Graph {
        Graph {
            left: vec![Vec::new(); n],
            right: vec![Vec::new(); n],
        }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// The number of edges, Left's and Right's.
    pub fn edge_count(&self) -> usize {
        self.left.iter().map(Vec::len).sum::<usize>()
            + self.right.iter().map(Vec::len).sum::<usize>()
    }

    /// The bytes the graph is counted as holding.
    pub fn bytes(&self) -> usize {
        self.len() * BYTES_PER_VERTEX + self.edge_count() * BYTES_PER_EDGE
    }

    /// Adds a vertex with no moves; returns it.
    pub fn add_vertex(&mut self) -> u32 {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        u32::try_from(self.left.len() - 1).unwrap_or(u32::MAX)
    }

    /// Adds a Left move from `from` to `to`.
    pub fn add_left(&mut self, from: u32, to: u32) {
        self.left[from as usize].push(to);
    }

    /// Adds a Right move from `from` to `to`.
    pub fn add_right(&mut self, from: u32, to: u32) {
        self.right[from as usize].push(to);
    }

    /// Left's moves from `v`.
    pub fn left(&self, v: u32) -> &[u32] {
        &self.left[v as usize]
    }

    /// Right's moves from `v`.
    pub fn right(&self, v: u32) -> &[u32] {
        &self.right[v as usize]
    }

    /// The moves of `mover` from `v`.
    pub(crate) fn moves(&self, v: u32, mover: Mover) -> &[u32] {
        match mover {
            Mover::Left => self.left(v),
            Mover::Right => self.right(v),
        }
    }

    /// Left's moves from `v`, to change.
    pub(crate) fn left_mut(&mut self, v: u32) -> &mut Vec<u32> {
        &mut self.left[v as usize]
    }

    /// Right's moves from `v`, to change.
    pub(crate) fn right_mut(&mut self, v: u32) -> &mut Vec<u32> {
        &mut self.right[v as usize]
    }

    /// The moves of `mover` from `v`, to change.
    pub(crate) fn moves_mut(&mut self, v: u32, mover: Mover) -> &mut Vec<u32> {
        match mover {
            Mover::Left => self.left_mut(v),
            Mover::Right => self.right_mut(v),
        }
    }

    /// The negative: every Left move becomes a Right move and back.
    pub fn negated(&self) -> Graph {
        Graph {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// Copies every vertex of `other` into this graph; returns the number its vertex 0 got
    /// (vertex `v` of `other` is `offset + v` here).
    pub fn embed(&mut self, other: &Graph) -> u32 {
        let offset = u32::try_from(self.len()).unwrap_or(u32::MAX);
        for v in 0..other.len() {
            self.left
                .push(other.left[v].iter().map(|&w| w + offset).collect());
            self.right
                .push(other.right[v].iter().map(|&w| w + offset).collect());
        }
        offset
    }

    /// Which vertices can be reached from `roots` (the roots included).
    pub fn reachable(&self, roots: &[u32]) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        let mut stack: Vec<u32> = Vec::new();
        for &root in roots {
            if !seen[root as usize] {
                seen[root as usize] = true;
                stack.push(root);
            }
        }
        while let Some(v) = stack.pop() {
            for &w in self.left(v).iter().chain(self.right(v)) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    stack.push(w);
                }
            }
        }
        seen
    }

    /// The part reachable from `roots`, renumbered in breadth-first order from the roots
    /// (the first root is 0), with each edge list sorted and free of repeats; and for each
    /// old vertex its new number (`u32::MAX` when it is not reached).
    pub fn pack(&self, roots: &[u32]) -> (Graph, Vec<u32>) {
        let mut map = vec![u32::MAX; self.len()];
        let mut order: Vec<u32> = Vec::new();
        for &root in roots {
            if map[root as usize] == u32::MAX {
                map[root as usize] = order.len() as u32;
                order.push(root);
            }
        }
        let mut next = 0;
        while next < order.len() {
            let v = order[next];
            next += 1;
            for &w in self.left(v).iter().chain(self.right(v)) {
                if map[w as usize] == u32::MAX {
                    map[w as usize] = order.len() as u32;
                    order.push(w);
                }
            }
        }
        let mut packed = Graph::with_vertices(order.len());
        for (new, &old) in order.iter().enumerate() {
            let mut lefts: Vec<u32> = self.left(old).iter().map(|&w| map[w as usize]).collect();
            let mut rights: Vec<u32> = self.right(old).iter().map(|&w| map[w as usize]).collect();
            lefts.sort_unstable();
            lefts.dedup();
            rights.sort_unstable();
            rights.dedup();
            packed.left[new] = lefts;
            packed.right[new] = rights;
        }
        (packed, map)
    }

    /// The sum `G + H` of the game at `g` in `self` and the game at `h` in `other`: a
    /// position is a pair, and a move is a move in either part. Only the pairs reachable
    /// from `(g, h)` are made; the sum starts at vertex 0.
    pub fn sum(&self, g: u32, other: &Graph, h: u32, budget: &Budget) -> Result<Graph, LoopyError> {
        let width = other.len();
        let pairs = self.len().saturating_mul(width);
        // A dense index while it is small, a hash map beyond.
        let dense = pairs <= 1 << 22;
        let _index_bytes =
            budget.reserve("the index of a sum", if dense { pairs * 4 } else { 0 })?;
        let mut dense_index = if dense {
            vec![u32::MAX; pairs]
        } else {
            Vec::new()
        };
        let mut sparse_index: std::collections::HashMap<(u32, u32), u32> =
            std::collections::HashMap::new();
        let mut order: Vec<(u32, u32)> = Vec::new();
        let mut sum = Graph::new();
        let mut held = budget.reserve("a sum of games", 0)?;
        let mut index_of = |a: u32, b: u32, order: &mut Vec<(u32, u32)>, sum: &mut Graph| -> u32 {
            let slot = if dense {
                &mut dense_index[a as usize * width + b as usize]
            } else {
                sparse_index.entry((a, b)).or_insert(u32::MAX)
            };
            if *slot == u32::MAX {
                *slot = sum.add_vertex();
                order.push((a, b));
            }
            *slot
        };
        index_of(g, h, &mut order, &mut sum);
        let mut next = 0;
        while next < order.len() {
            let (a, b) = order[next];
            let v = next as u32;
            next += 1;
            budget.tick(1 + (self.left(a).len() + self.right(a).len()) as u64)?;
            let mut lefts = Vec::with_capacity(self.left(a).len() + other.left(b).len());
            for &a2 in self.left(a) {
                lefts.push(index_of(a2, b, &mut order, &mut sum));
            }
            for &b2 in other.left(b) {
                lefts.push(index_of(a, b2, &mut order, &mut sum));
            }
            let mut rights = Vec::with_capacity(self.right(a).len() + other.right(b).len());
            for &a2 in self.right(a) {
                rights.push(index_of(a2, b, &mut order, &mut sum));
            }
            for &b2 in other.right(b) {
                rights.push(index_of(a, b2, &mut order, &mut sum));
            }
            // The vertex, its edges and its place in the list of pairs.
            held.grow(BYTES_PER_VERTEX + (lefts.len() + rights.len()) * BYTES_PER_EDGE + 8)?;
            *sum.left_mut(v) = lefts;
            *sum.right_mut(v) = rights;
        }
        drop(held);
        Ok(sum)
    }

    /// The states `(vertex, mover)` from which no infinite alternating run starts: peeled
    /// from the states with no move, backwards.
    fn alternating_peeled(&self) -> Vec<bool> {
        let n = self.len();
        let mut out = vec![0u32; 2 * n];
        let mut rev_left: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut rev_right: Vec<Vec<u32>> = vec![Vec::new(); n];
        for v in 0..n as u32 {
            out[state(v, Mover::Left)] = self.left(v).len() as u32;
            out[state(v, Mover::Right)] = self.right(v).len() as u32;
            for &w in self.left(v) {
                rev_left[w as usize].push(v);
            }
            for &w in self.right(v) {
                rev_right[w as usize].push(v);
            }
        }
        let mut peeled = vec![false; 2 * n];
        let mut queue: Vec<usize> = (0..2 * n).filter(|&s| out[s] == 0).collect();
        for &s in &queue {
            peeled[s] = true;
        }
        while let Some(s) = queue.pop() {
            let w = (s / 2) as u32;
            // (w, Right) is entered by Left moves into w; (w, Left) by Right moves.
            let (predecessors, mover) = if s % 2 == 1 {
                (&rev_left[w as usize], Mover::Left)
            } else {
                (&rev_right[w as usize], Mover::Right)
            };
            for &v in predecessors {
                let p = state(v, mover);
                if !peeled[p] {
                    out[p] -= 1;
                    if out[p] == 0 {
                        peeled[p] = true;
                        queue.push(p);
                    }
                }
            }
        }
        peeled
    }

    /// Marks every vertex that can reach a marked vertex (by moves of either player).
    fn spread_backwards(&self, marked: &mut [bool]) {
        let n = self.len();
        let mut rev: Vec<Vec<u32>> = vec![Vec::new(); n];
        for v in 0..n as u32 {
            for &w in self.left(v).iter().chain(self.right(v)) {
                rev[w as usize].push(v);
            }
        }
        let mut stack: Vec<u32> = (0..n as u32).filter(|&v| marked[v as usize]).collect();
        while let Some(w) = stack.pop() {
            for &v in &rev[w as usize] {
                if !marked[v as usize] {
                    marked[v as usize] = true;
                    stack.push(v);
                }
            }
        }
    }

    /// For each vertex, whether the game from it is a stopper: no subposition starts an
    /// infinite alternating run of moves.
    pub fn stopper_vertices(&self) -> Vec<bool> {
        let peeled = self.alternating_peeled();
        let mut bad: Vec<bool> = (0..self.len())
            .map(|v| !(peeled[2 * v] && peeled[2 * v + 1]))
            .collect();
        self.spread_backwards(&mut bad);
        bad.into_iter().map(|b| !b).collect()
    }

    /// For each vertex, whether the game from it is loopfree (no cycle can be reached).
    pub fn loopfree_vertices(&self) -> Vec<bool> {
        let n = self.len();
        let mut out: Vec<u32> = (0..n as u32)
            .map(|v| (self.left(v).len() + self.right(v).len()) as u32)
            .collect();
        let mut rev: Vec<Vec<u32>> = vec![Vec::new(); n];
        for v in 0..n as u32 {
            for &w in self.left(v).iter().chain(self.right(v)) {
                rev[w as usize].push(v);
            }
        }
        let mut done = vec![false; n];
        let mut stack: Vec<u32> = (0..n as u32).filter(|&v| out[v as usize] == 0).collect();
        for &v in &stack {
            done[v as usize] = true;
        }
        while let Some(w) = stack.pop() {
            for &v in &rev[w as usize] {
                out[v as usize] -= 1;
                if out[v as usize] == 0 {
                    done[v as usize] = true;
                    stack.push(v);
                }
            }
        }
        done
    }

    /// Whether the game from `start` is a stopper.
    pub fn is_stopper_from(&self, start: u32) -> bool {
        let stoppers = self.stopper_vertices();
        stoppers[start as usize]
    }

    /// Whether the game from `start` is loopfree (a short game).
    pub fn is_loopfree_from(&self, start: u32) -> bool {
        self.loopfree_vertices()[start as usize]
    }

    /// Whether the game from `start` is a plumtree: its only cycles are passes (moves from a
    /// vertex to itself).
    pub fn is_plumtree_from(&self, start: u32) -> bool {
        let (packed, _) = self.pack(&[start]);
        let mut without_passes = packed.clone();
        for v in 0..packed.len() as u32 {
            without_passes.left_mut(v).retain(|&w| w != v);
            without_passes.right_mut(v).retain(|&w| w != v);
        }
        without_passes.loopfree_vertices().into_iter().all(|b| b)
    }

    /// The strongly connected components of the alternating graph (states `(vertex,
    /// mover)`, a move of the mover leading to the state of the other player): for each
    /// state its component, numbered from 0, and each component's size.
    pub(crate) fn alternating_components(&self) -> (Vec<u32>, Vec<u32>) {
        let n = 2 * self.len();
        let successors = |s: usize| -> &[u32] {
            let v = (s / 2) as u32;
            if s % 2 == 0 {
                self.left(v)
            } else {
                self.right(v)
            }
        };
        let next_state = |s: usize, w: u32| -> usize { (w as usize) * 2 + (1 - s % 2) };
        // Iterative Tarjan.
        const UNSEEN: u32 = u32::MAX;
        let mut index = vec![UNSEEN; n];
        let mut low = vec![0u32; n];
        let mut on_stack = vec![false; n];
        let mut component = vec![UNSEEN; n];
        let mut sizes: Vec<u32> = Vec::new();
        let mut stack: Vec<usize> = Vec::new();
        let mut calls: Vec<(usize, usize)> = Vec::new();
        let mut counter = 0u32;
        for root in 0..n {
            if index[root] != UNSEEN {
                continue;
            }
            calls.push((root, 0));
            index[root] = counter;
            low[root] = counter;
            counter += 1;
            stack.push(root);
            on_stack[root] = true;
            while let Some(&mut (s, ref mut edge)) = calls.last_mut() {
                let list = successors(s);
                if *edge < list.len() {
                    let t = next_state(s, list[*edge]);
                    *edge += 1;
                    if index[t] == UNSEEN {
                        index[t] = counter;
                        low[t] = counter;
                        counter += 1;
                        stack.push(t);
                        on_stack[t] = true;
                        calls.push((t, 0));
                    } else if on_stack[t] {
                        low[s] = low[s].min(index[t]);
                    }
                } else {
                    calls.pop();
                    if let Some(&(parent, _)) = calls.last() {
                        low[parent] = low[parent].min(low[s]);
                    }
                    if low[s] == index[s] {
                        let id = sizes.len() as u32;
                        let mut size = 0;
                        while let Some(t) = stack.pop() {
                            on_stack[t] = false;
                            component[t] = id;
                            size += 1;
                            if t == s {
                                break;
                            }
                        }
                        sizes.push(size);
                    }
                }
            }
        }
        (component, sizes)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// on = {pass|}, over = {0|pass}, dud = {pass|pass} and 0, in one graph.
    fn examples() -> (Graph, u32, u32, u32, u32) {
        let mut g = Graph::new();
        let zero = g.add_vertex();
        let on = g.add_vertex();
        g.add_left(on, on);
        let over = g.add_vertex();
        g.add_left(over, zero);
        g.add_right(over, over);
        let dud = g.add_vertex();
        g.add_left(dud, dud);
        g.add_right(dud, dud);
        (g, zero, on, over, dud)
    }

    #[test]
    fn stoppers_and_loopfree_games_are_told_apart() {
        let (g, zero, on, over, dud) = examples();
        let stoppers = g.stopper_vertices();
        let loopfree = g.loopfree_vertices();
        assert!(stoppers[zero as usize] && loopfree[zero as usize]);
        assert!(stoppers[on as usize] && !loopfree[on as usize]);
        assert!(stoppers[over as usize] && !loopfree[over as usize]);
        assert!(!stoppers[dud as usize]);
        assert!(g.is_plumtree_from(over));
    }

    #[test]
    fn a_stopper_needs_every_subposition_to_be_one() {
        // {x|} with x = {dud|}: no alternating run from the start is infinite, but dud is a
        // subposition.
        let (mut g, _, _, _, dud) = examples();
        let x = g.add_vertex();
        g.add_left(x, dud);
        let top = g.add_vertex();
        g.add_left(top, x);
        assert!(!g.is_stopper_from(top));
    }

    #[test]
    fn on_plus_off_is_dud_shaped() {
        let (g, _, on, _, _) = examples();
        let off = g.negated();
        let sum = g.sum(on, &off, on, &Budget::unlimited()).unwrap();
        assert_eq!(sum.len(), 1);
        assert_eq!(sum.left(0), &[0]);
        assert_eq!(sum.right(0), &[0]);
        assert!(!sum.is_stopper_from(0));
    }

    #[test]
    fn long_cycles_are_not_plumtrees_and_components_find_them() {
        // a{0|{0|a}}: a 2-vertex alternating cycle a -R-> b -R-> a is not alternating;
        // a -L-> ... here a -R-> b, b -R-> a: Right moves twice, so still a stopper.
        let mut g = Graph::new();
        let zero = g.add_vertex();
        let a = g.add_vertex();
        let b = g.add_vertex();
        g.add_left(a, zero);
        g.add_right(a, b);
        g.add_left(b, zero);
        g.add_right(b, a);
        assert!(g.is_stopper_from(a));
        assert!(!g.is_plumtree_from(a));
        // tis = a{{|a}|}: a -L-> b -R-> a is an alternating cycle.
        let mut t = Graph::new();
        let a = t.add_vertex();
        let b = t.add_vertex();
        t.add_left(a, b);
        t.add_right(b, a);
        assert!(!t.is_stopper_from(a));
        let (component, sizes) = t.alternating_components();
        let c = component[state(a, Mover::Left)];
        assert_eq!(component[state(b, Mover::Right)], c);
        assert_eq!(sizes[c as usize], 2);
    }

    #[test]
    fn packing_keeps_the_reachable_part() {
        let (g, _, _, over, _) = examples();
        let (packed, map) = g.pack(&[over]);
        assert_eq!(packed.len(), 2);
        assert_eq!(map[over as usize], 0);
        assert_eq!(packed.right(0), &[0]);
        assert_eq!(packed.left(0), &[1]);
    }
}
