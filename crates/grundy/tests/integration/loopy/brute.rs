//! The brute forces: plain definitions over an explicit graph (a list of options per
//! position), written apart from the engine and sharing none of its code.
//!
//! - [`results`]: won, lost or drawn, with remoteness, by the definition round after
//!   round: a position is won within `t` moves when some option is lost within `t - 1`,
//!   and lost within `t` when it has a move (or, under normal play, none at all) and every
//!   option is won within `t - 1`. Its remoteness is the least such `t`; a position never
//!   won or lost is drawn.
//! - [`values`]: the generalised Sprague–Grundy value of each position by what it means
//!   in play: `u` is worth `*g` exactly when `u + *g` (beside a Nim heap of `g`) is lost
//!   for the player to move, and `∞` when no `g` up to its number of moves does (a finite
//!   value is the mex of finitely many options, so at most their number); `K` is then the
//!   finite values of its options. The sums are solved by [`results`] on the product graph.

use grundy::loopy::value::LoopyNimber;

/// One position's result for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brute {
    /// Won, in this many moves.
    Win(u32),
    /// Lost, in this many moves.
    Loss(u32),
    /// Drawn.
    Draw,
}

/// Every position's result, by the definition round after round.
pub fn results(options: &[Vec<u32>], misere: bool) -> Vec<Brute> {
    let n = options.len();
    let mut won: Vec<Option<u32>> = vec![None; n];
    let mut lost: Vec<Option<u32>> = vec![None; n];
    for u in 0..n {
        if options[u].is_empty() {
            if misere {
                won[u] = Some(0);
            } else {
                lost[u] = Some(0);
            }
        }
    }
    let mut round = 0;
    loop {
        round += 1;
        let (won_before, lost_before) = (won.clone(), lost.clone());
        for u in 0..n {
            if won[u].is_some() || lost[u].is_some() {
                continue;
            }
            if options[u]
                .iter()
                .any(|&v| lost_before[v as usize].is_some())
            {
                won[u] = Some(round);
            } else if !options[u].is_empty()
                && options[u].iter().all(|&v| won_before[v as usize].is_some())
            {
                lost[u] = Some(round);
            }
        }
        if won == won_before && lost == lost_before {
            break;
        }
    }
    (0..n)
        .map(|u| match (won[u], lost[u]) {
            (Some(t), _) => Brute::Win(t),
            (_, Some(t)) => Brute::Loss(t),
            _ => Brute::Draw,
        })
        .collect()
}

/// The graph of `u + *h` for every position `u` and heap `h <= g`: position `u * (g + 1) +
/// h`, its options the options of `u` beside the same heap, then the same `u` beside every
/// smaller heap.
fn beside_heap(options: &[Vec<u32>], g: u32) -> Vec<Vec<u32>> {
    let width = g + 1;
    let mut product = Vec::new();
    for (u, list) in (0u32..).zip(options) {
        for h in 0..width {
            let mut moves: Vec<u32> = list.iter().map(|&v| v * width + h).collect();
            moves.extend((0..h).map(|smaller| u * width + smaller));
            product.push(moves);
        }
    }
    product
}

/// Every position's value, by what it means in play (see the module documentation).
pub fn values(options: &[Vec<u32>]) -> Vec<LoopyNimber> {
    let n = options.len();
    let widest = options.iter().map(Vec::len).max().unwrap_or(0) as u32;
    let mut finite: Vec<Option<u64>> = vec![None; n];
    for g in 0..=widest {
        let product = beside_heap(options, g);
        let outcome = results(&product, false);
        for u in 0..n {
            if g as usize <= options[u].len()
                && matches!(outcome[u * (g as usize + 1) + g as usize], Brute::Loss(_))
            {
                assert!(finite[u].is_none(), "two values for position {u}");
                finite[u] = Some(u64::from(g));
            }
        }
    }
    (0..n)
        .map(|u| match finite[u] {
            Some(g) => LoopyNimber::Finite(g),
            None => LoopyNimber::infinite(options[u].iter().filter_map(|&v| finite[v as usize])),
        })
        .collect()
}

#[test]
fn the_brute_forces_know_small_graphs() {
    // 0 ends; 1 -> 0; 2 -> {1, 0}; 3 <-> 4; 5 -> {5, 1}.
    let options = vec![vec![], vec![0], vec![1, 0], vec![4], vec![3], vec![5, 1]];
    assert_eq!(
        results(&options, false),
        [
            Brute::Loss(0),
            Brute::Win(1),
            Brute::Win(1),
            Brute::Draw,
            Brute::Draw,
            Brute::Draw
        ]
    );
    assert_eq!(
        results(&options, true),
        [
            Brute::Win(0),
            Brute::Loss(1),
            Brute::Win(2),
            Brute::Draw,
            Brute::Draw,
            Brute::Win(2)
        ]
    );
    assert_eq!(
        values(&options),
        [
            LoopyNimber::Finite(0),
            LoopyNimber::Finite(1),
            LoopyNimber::Finite(2),
            LoopyNimber::infinite([]),
            LoopyNimber::infinite([]),
            LoopyNimber::infinite([1]),
        ]
    );
}
