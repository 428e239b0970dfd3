//! What the Kayles-on-graphs tests share: every small graph as notation and adjacency
//! masks, the whole vertex set, and values of the registry's take-and-break family.

use grundy::registry;
use grundy::report::{Report, SolveOptions};

/// The graph on `n` vertices whose edges are the bits of `edges` over the pairs (a, b),
/// a < b, in order; its notation and its adjacency masks.
pub fn graph(n: usize, edges: u64) -> (String, Vec<u64>) {
    let mut adjacency = vec![0u64; n];
    let mut tokens = Vec::new();
    let mut bit = 0;
    for a in 0..n {
        for b in a + 1..n {
            if edges & (1 << bit) != 0 {
                adjacency[a] |= 1 << b;
                adjacency[b] |= 1 << a;
                tokens.push(format!("{a}-{b}"));
            }
            bit += 1;
        }
    }
    for (v, &neighbours) in adjacency.iter().enumerate() {
        if neighbours == 0 {
            tokens.push(v.to_string());
        }
    }
    let text = if tokens.is_empty() {
        "empty".to_string()
    } else {
        tokens.join(",")
    };
    (text, adjacency)
}

/// Every graph on at most `most` vertices ([`graph`]), each given to `check`.
pub fn every_graph(most: usize, mut check: impl FnMut(&str, &[u64])) {
    for n in 0..=most {
        let pairs = n * n.saturating_sub(1) / 2;
        for edges in 0..(1u64 << pairs) {
            let (text, adjacency) = graph(n, edges);
            check(&text, &adjacency);
        }
    }
}

/// The set of every vertex of a graph with these adjacency masks.
pub fn all_vertices(adjacency: &[u64]) -> u64 {
    if adjacency.is_empty() {
        0
    } else {
        (1u64 << adjacency.len()) - 1
    }
}

/// The Grundy value of a position of the registry's take-and-break family.
pub fn takebreak(position: &str) -> u64 {
    let game = registry::find("takebreak").expect("the take-and-break family is listed");
    match game
        .solve(position, &SolveOptions::default())
        .expect("a take-and-break position solves")
    {
        Report::Solved(report) => report
            .grundy
            .expect("a solved impartial position has a value"),
        other => panic!("{position}: {other:?}"),
    }
}
