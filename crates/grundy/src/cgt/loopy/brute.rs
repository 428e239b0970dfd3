//! Plain brute forces, for tests: the outcome of a loopy game by retrograde analysis of its
//! own positions, and the comparison of two games by the nested fixed point of the Büchi
//! game, iterated naively. Neither shares code with the engine.

use super::graph::Graph;
use super::survival::Mode;

/// The result of play from `start` with Left moving first (`left_first`) or Right: `Some(true)`
/// a Left win, `Some(false)` a Right win, `None` a draw (infinite play).
pub(crate) fn outcome(graph: &Graph, start: u32, left_first: bool) -> Option<bool> {
    // result[(v, left to move)]: Some(true) the mover wins, Some(false) the mover loses.
    let n = graph.len();
    let mut result: Vec<[Option<bool>; 2]> = vec![[None, None]; n];
    loop {
        let mut changed = false;
        for v in 0..n as u32 {
            for (slot, left) in [(0usize, true), (1usize, false)] {
                if result[v as usize][slot].is_some() {
                    continue;
                }
                let moves = if left { graph.left(v) } else { graph.right(v) };
                let other = 1 - slot;
                let wins = moves
                    .iter()
                    .any(|&w| result[w as usize][other] == Some(false));
                let loses = moves
                    .iter()
                    .all(|&w| result[w as usize][other] == Some(true));
                if wins {
                    result[v as usize][slot] = Some(true);
                    changed = true;
                } else if loses {
                    result[v as usize][slot] = Some(false);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let (slot, left) = if left_first { (0, true) } else { (1, false) };
    result[start as usize][slot].map(|mover_wins| mover_wins == left)
}

/// `G ≤ H` in `mode`, by the Büchi game's fixed point `νZ. μY.` iterated on sets: Left
/// survives `H − G` moving second.
pub(crate) fn le(g: &Graph, gs: u32, h: &Graph, hs: u32, mode: Mode) -> bool {
    let (ng, nh) = (g.len(), h.len());
    let index =
        |a: u32, b: u32, right: bool| ((a as usize * nh + b as usize) * 2) + usize::from(right);
    // Every move: (target, in H).
    let moves = |a: u32, b: u32, right: bool| -> Vec<(usize, bool)> {
        let (in_g, in_h) = if right {
            (g.left(a), h.right(b))
        } else {
            (g.right(a), h.left(b))
        };
        in_g.iter()
            .map(|&a2| (index(a2, b, !right), false))
            .chain(in_h.iter().map(|&b2| (index(a, b2, !right), true)))
            .collect()
    };
    let accepting = |in_h: bool| match mode {
        Mode::Stopper => true,
        Mode::Onside => in_h,
        Mode::Offside => !in_h,
    };
    let states = ng * nh * 2;
    let mut z = vec![true; states];
    loop {
        let mut y = vec![false; states];
        loop {
            let mut next = y.clone();
            for a in 0..ng as u32 {
                for b in 0..nh as u32 {
                    for right in [false, true] {
                        let ok = |&(t, in_h): &(usize, bool)| (accepting(in_h) && z[t]) || y[t];
                        let list = moves(a, b, right);
                        next[index(a, b, right)] = if right {
                            list.iter().all(ok)
                        } else {
                            list.iter().any(ok)
                        };
                    }
                }
            }
            if next == y {
                break;
            }
            y = next;
        }
        if y == z {
            break;
        }
        z = y;
    }
    z[index(gs, hs, true)]
}
