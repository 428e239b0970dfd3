//! Comparing loopy games: who survives `H − G`.
//!
//! `G ≤ H` means that Left, moving second in `H − G`, *survives*: she never runs out of
//! moves. For stoppers that is the whole definition (Siegel, *Combinatorial Game Theory*,
//! ch. VI): an infinite play is Left's. A game that is not a stopper is compared side by
//! side (Conway's onside and offside, *Winning Ways* ch. 11): on the **onside** an infinite
//! play is Left's when infinitely many of its moves are in `H`, on the **offside** when
//! infinitely many are in `G` (so a play infinite in both parts is Left's either way, as
//! survival asks).
//!
//! The answer for every pair of positions at once comes from one retrograde analysis of the
//! sum's states `(g, h, mover)`: first the states from which Right can force Left out of
//! moves (counters on Left's moves, as in every retrograde analysis); then, on a side, the
//! Büchi rounds: the states from which Left can force a move in her part of the play are
//! *good*; from the others Right keeps the play out of it for ever, so they are Right's too,
//! with everything Right can force into them; repeat until no state is added.

use super::budget::{Budget, LoopyError};
use super::graph::Graph;

/// Which comparison: of stoppers, or of one side of games that are not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Infinite play is Left's (the comparison of stoppers).
    Stopper,
    /// The onside: infinite play is Left's when infinitely many moves are in `H`.
    Onside,
    /// The offside: infinite play is Left's when infinitely many moves are in `G`.
    Offside,
}

/// Edge lists in one array: the targets of vertex `v` are `targets[offsets[v]..offsets[v+1]]`.
struct Csr {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Csr {
    fn build(n: usize, rows: impl Fn(u32) -> Vec<u32>) -> Csr {
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for v in 0..n as u32 {
            targets.extend(rows(v));
            offsets.push(targets.len() as u32);
        }
        Csr { offsets, targets }
    }

    fn reversed(&self, n: usize) -> Csr {
        let mut counts = vec![0u32; n + 1];
        for &t in &self.targets {
            counts[t as usize + 1] += 1;
        }
        for i in 0..n {
            counts[i + 1] += counts[i];
        }
        let mut fill = counts.clone();
        let mut targets = vec![0u32; self.targets.len()];
        for v in 0..n {
            for &t in self.row(v as u32) {
                targets[fill[t as usize] as usize] = v as u32;
                fill[t as usize] += 1;
            }
        }
        Csr {
            offsets: counts,
            targets,
        }
    }

    fn row(&self, v: u32) -> &[u32] {
        &self.targets[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }
}

/// A graph's moves and their reverses, for the retrograde analysis.
struct Arms {
    left: Csr,
    right: Csr,
    rev_left: Csr,
    rev_right: Csr,
}

impl Arms {
    fn new(g: &Graph) -> Arms {
        let n = g.len();
        let left = Csr::build(n, |v| g.left(v).to_vec());
        let right = Csr::build(n, |v| g.right(v).to_vec());
        let rev_left = left.reversed(n);
        let rev_right = right.reversed(n);
        Arms {
            left,
            right,
            rev_left,
            rev_right,
        }
    }
}

/// Who survives each state of `H − G`: the answer of one retrograde analysis.
#[derive(Debug, Clone)]
pub struct Table {
    width: usize,
    /// For each state `(g, h, mover)`: whether Right wins (Left does not survive).
    lost: Vec<bool>,
}

impl Table {
    fn index(&self, g: u32, h: u32, right_to_move: bool) -> usize {
        (g as usize * self.width + h as usize) * 2 + usize::from(right_to_move)
    }

    /// `G ≤ H` for the positions `g` of `G` and `h` of `H`: Left survives `H − G` moving
    /// second.
    pub fn le(&self, g: u32, h: u32) -> bool {
        !self.lost[self.index(g, h, true)]
    }

    /// Whether Left survives `H − G` moving first.
    pub fn left_survives_first(&self, g: u32, h: u32) -> bool {
        !self.lost[self.index(g, h, false)]
    }
}

/// Bytes per state of the analysis: its answer, two counters, a mark and a queue entry.
pub(crate) const BYTES_PER_STATE: usize = 1 + 4 + 4 + 1 + 4;

/// The retrograde analysis of `H − G` for every pair of positions of `G` (in `g`) and `H`
/// (in `h`), in `mode`.
pub fn solve(g: &Graph, h: &Graph, mode: Mode, budget: &Budget) -> Result<Table, LoopyError> {
    let (ng, nh) = (g.len(), h.len());
    let states =
        ng.checked_mul(nh)
            .and_then(|p| p.checked_mul(2))
            .ok_or(LoopyError::OverMemory {
                what: "a comparison of loopy games",
                needed: usize::MAX,
                limit: budget.memory_limit().unwrap_or(usize::MAX),
            })?;
    let _held = budget.reserve(
        "a comparison of loopy games",
        states.saturating_mul(BYTES_PER_STATE) + 16 * (g.edge_count() + h.edge_count() + ng + nh),
    )?;
    let ga = Arms::new(g);
    let ha = Arms::new(h);
    let product = Product {
        ga: &ga,
        ha: &ha,
        nh,
    };
    let mut lost = vec![false; states];
    let mut count = vec![0u32; states];
    strong_wins(&product, &mut lost, &mut count, budget)?;
    if mode != Mode::Stopper {
        buchi_rounds(&product, mode, &mut lost, &mut count, budget)?;
    }
    Ok(Table { width: nh, lost })
}

/// Whether the game at `g` in `graph_g` is at most the game at `h` in `graph_h` in `mode`.
pub fn le(
    graph_g: &Graph,
    g: u32,
    graph_h: &Graph,
    h: u32,
    mode: Mode,
    budget: &Budget,
) -> Result<bool, LoopyError> {
    let (pg, _) = graph_g.pack(&[g]);
    let (ph, _) = graph_h.pack(&[h]);
    Ok(solve(&pg, &ph, mode, budget)?.le(0, 0))
}

/// The states of `H − G` and their moves.
struct Product<'a> {
    ga: &'a Arms,
    ha: &'a Arms,
    nh: usize,
}

impl Product<'_> {
    fn split(&self, s: usize) -> (u32, u32, bool) {
        let pair = s / 2;
        ((pair / self.nh) as u32, (pair % self.nh) as u32, s % 2 == 1)
    }

    fn at(&self, g: u32, h: u32, right_to_move: bool) -> usize {
        (g as usize * self.nh + h as usize) * 2 + usize::from(right_to_move)
    }

    /// The moves of the mover at `s`, in `G` (`in_h` false) or in `H`, as target states.
    fn moves(&self, s: usize, in_h: bool) -> impl Iterator<Item = usize> + '_ {
        let (g, h, right) = self.split(s);
        // Left moves in −G by Right's moves of G, and in H by Left's; Right the other way.
        let row = match (in_h, right) {
            (false, true) => self.ga.left.row(g),
            (false, false) => self.ga.right.row(g),
            (true, true) => self.ha.right.row(h),
            (true, false) => self.ha.left.row(h),
        };
        row.iter().map(move |&v| {
            if in_h {
                self.at(g, v, !right)
            } else {
                self.at(v, h, !right)
            }
        })
    }

    /// How many moves the mover has at `s`, in `G` or in `H`.
    fn move_count(&self, s: usize, in_h: bool) -> usize {
        let (g, h, right) = self.split(s);
        match (in_h, right) {
            (false, true) => self.ga.left.row(g).len(),
            (false, false) => self.ga.right.row(g).len(),
            (true, true) => self.ha.right.row(h).len(),
            (true, false) => self.ha.left.row(h).len(),
        }
    }

    /// The states with a move to `s` through `G` (`in_h` false) or through `H`.
    fn predecessors(&self, s: usize, in_h: bool) -> impl Iterator<Item = usize> + '_ {
        let (g, h, right) = self.split(s);
        // `s` has Right to move: it was reached by a move of Left.
        let row = match (in_h, right) {
            (false, true) => self.ga.rev_right.row(g),
            (false, false) => self.ga.rev_left.row(g),
            (true, true) => self.ha.rev_left.row(h),
            (true, false) => self.ha.rev_right.row(h),
        };
        row.iter().map(move |&v| {
            if in_h {
                self.at(g, v, !right)
            } else {
                self.at(v, h, !right)
            }
        })
    }
}

/// Marks a state Right's and hands it to `queue`: a Right-to-move predecessor moves into
/// it; a Left-to-move one loses a choice.
fn lose(s: usize, lost: &mut [bool], count: &mut [u32], queue: &mut Vec<usize>) {
    if lost[s] {
        return;
    }
    if s % 2 == 1 {
        lost[s] = true;
        queue.push(s);
    } else {
        count[s] -= 1;
        if count[s] == 0 {
            lost[s] = true;
            queue.push(s);
        }
    }
}

/// Marks everything Right can force once the states in `queue` are his.
fn attract(
    product: &Product<'_>,
    mut queue: Vec<usize>,
    lost: &mut [bool],
    count: &mut [u32],
    budget: &Budget,
) -> Result<(), LoopyError> {
    while let Some(s) = queue.pop() {
        budget.tick(1)?;
        for in_h in [false, true] {
            for p in product.predecessors(s, in_h) {
                lose(p, lost, count, &mut queue);
            }
        }
    }
    Ok(())
}

/// The states from which Right can force Left out of moves.
fn strong_wins(
    product: &Product<'_>,
    lost: &mut [bool],
    count: &mut [u32],
    budget: &Budget,
) -> Result<(), LoopyError> {
    let mut queue = Vec::new();
    for s in (0..lost.len()).step_by(2) {
        let moves = product.move_count(s, false) + product.move_count(s, true);
        count[s] = moves as u32;
        if moves == 0 {
            lost[s] = true;
            queue.push(s);
        }
    }
    budget.tick(lost.len() as u64)?;
    attract(product, queue, lost, count, budget)
}

/// The Büchi rounds of a side: Right also wins the plays that from some point on never
/// move in Left's part (`H` on the onside, `G` on the offside).
fn buchi_rounds(
    product: &Product<'_>,
    mode: Mode,
    lost: &mut [bool],
    count: &mut [u32],
    budget: &Budget,
) -> Result<(), LoopyError> {
    let accepting_in_h = mode == Mode::Onside;
    let states = lost.len();
    let mut good = vec![false; states];
    let mut need = vec![0u32; states];
    loop {
        good.iter_mut().for_each(|g| *g = false);
        let mut queue = Vec::new();
        for s in 0..states {
            if lost[s] {
                continue;
            }
            if s % 2 == 0 {
                // Left: a move in her part to a state that is not Right's.
                if product.moves(s, accepting_in_h).any(|t| !lost[t]) {
                    good[s] = true;
                    queue.push(s);
                }
            } else {
                // Right: every move outside Left's part must lead to a good state.
                need[s] = product.move_count(s, !accepting_in_h) as u32;
                if need[s] == 0 {
                    good[s] = true;
                    queue.push(s);
                }
            }
        }
        budget.tick(states as u64)?;
        while let Some(t) = queue.pop() {
            budget.tick(1)?;
            for p in product.predecessors(t, !accepting_in_h) {
                if lost[p] || good[p] {
                    continue;
                }
                if p % 2 == 0 {
                    good[p] = true;
                    queue.push(p);
                } else {
                    need[p] -= 1;
                    if need[p] == 0 {
                        good[p] = true;
                        queue.push(p);
                    }
                }
            }
        }
        let bad: Vec<usize> = (0..states).filter(|&s| !lost[s] && !good[s]).collect();
        if bad.is_empty() {
            return Ok(());
        }
        for &s in &bad {
            lost[s] = true;
        }
        // The bad states are gone from Left's choices, and what leads into them is Right's.
        let mut queue = Vec::new();
        for &s in &bad {
            for in_h in [false, true] {
                for p in product.predecessors(s, in_h) {
                    lose(p, lost, count, &mut queue);
                }
            }
        }
        attract(product, queue, lost, count, budget)?;
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// 0, on, off, dud, over and under in one graph.
    fn constants() -> (Graph, [u32; 6]) {
        let mut g = Graph::new();
        let zero = g.add_vertex();
        let on = g.add_vertex();
        g.add_left(on, on);
        let off = g.add_vertex();
        g.add_right(off, off);
        let dud = g.add_vertex();
        g.add_left(dud, dud);
        g.add_right(dud, dud);
        let over = g.add_vertex();
        g.add_left(over, zero);
        g.add_right(over, over);
        let under = g.add_vertex();
        g.add_left(under, under);
        g.add_right(under, zero);
        (g, [zero, on, off, dud, over, under])
    }

    #[test]
    fn the_order_of_the_pseudonumbers() {
        let (g, [zero, on, off, _, over, under]) = constants();
        let table = solve(&g, &g, Mode::Stopper, &Budget::unlimited()).unwrap();
        let chain = [off, under, zero, over, on];
        for (i, &a) in chain.iter().enumerate() {
            for (j, &b) in chain.iter().enumerate() {
                assert_eq!(table.le(a, b), i <= j, "{i} <= {j}");
            }
        }
    }

    #[test]
    fn dud_is_on_on_the_onside_and_off_on_the_offside() {
        let (g, [_, on, off, dud, ..]) = constants();
        let onside = solve(&g, &g, Mode::Onside, &Budget::unlimited()).unwrap();
        assert!(onside.le(dud, on) && onside.le(on, dud));
        assert!(!onside.le(dud, off));
        let offside = solve(&g, &g, Mode::Offside, &Budget::unlimited()).unwrap();
        assert!(offside.le(dud, off) && offside.le(off, dud));
        assert!(!offside.le(on, dud));
    }

    #[test]
    fn tis_is_one_on_the_onside_and_zero_on_the_offside() {
        // tis = {tisn|}, tisn = {|tis}; 1 = {0|}.
        let mut g = Graph::new();
        let tis = g.add_vertex();
        let tisn = g.add_vertex();
        g.add_left(tis, tisn);
        g.add_right(tisn, tis);
        let zero = g.add_vertex();
        let one = g.add_vertex();
        g.add_left(one, zero);
        let onside = solve(&g, &g, Mode::Onside, &Budget::unlimited()).unwrap();
        assert!(onside.le(tis, one) && onside.le(one, tis));
        let offside = solve(&g, &g, Mode::Offside, &Budget::unlimited()).unwrap();
        assert!(offside.le(tis, zero) && offside.le(zero, tis));
    }

    #[test]
    fn a_comparison_too_large_is_refused_before_it_is_made() {
        let (g, _) = constants();
        let budget = Budget::new(crate::stop::Stop::never(), Some(100));
        assert!(matches!(
            solve(&g, &g, Mode::Stopper, &budget),
            Err(LoopyError::OverMemory { .. })
        ));
    }
}
