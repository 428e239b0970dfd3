//! Node Kayles: the evaluator against a brute force written from the rules alone (every
//! graph of at most 5 vertices and random graphs of up to 10), against the plain recursion
//! (no components, no relabelling), paths against Dawson's chess (0.137) and Dawson's
//! Kayles (0.07) through the registry's take-and-break family, and published values.

#![allow(clippy::unwrap_used)]

use std::collections::HashMap;

use crate::kayles::{all_vertices, every_graph, graph, takebreak};
use grundy::games::nodekayles::{NodeKayles, PlainNodeKayles};
use grundy::graph::Graph;
use grundy::impartial::searched::{evaluator, grundy_value};
use grundy::impartial::Solver;
use proptest::prelude::*;

/// The rules again, plainly: vertices `0..n` with neighbour masks; a move at `v` removes
/// `v` and its neighbours from the set `alive`; the value is the mex of the options'.
fn brute(adjacency: &[u64], alive: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&value) = memo.get(&alive) {
        return value;
    }
    let mut seen = Vec::new();
    for v in 0..adjacency.len() {
        if alive & (1 << v) != 0 {
            let after = alive & !(adjacency[v] | (1 << v));
            seen.push(brute(adjacency, after, memo));
        }
    }
    let mut mex = 0;
    while seen.contains(&mex) {
        mex += 1;
    }
    memo.insert(alive, mex);
    mex
}

fn brute_value(adjacency: &[u64]) -> u64 {
    brute(adjacency, all_vertices(adjacency), &mut HashMap::new())
}

#[test]
fn every_graph_of_at_most_five_vertices_agrees_with_the_brute_force() {
    let mut solver = evaluator::<NodeKayles>();
    let mut plain = Solver::new(PlainNodeKayles);
    every_graph(5, |text, adjacency| {
        let position: NodeKayles = text.parse().unwrap();
        let expected = brute_value(adjacency);
        assert_eq!(solver.grundy_value(&position), expected, "{text}");
        assert_eq!(plain.grundy_value(&position), expected, "{text}");
    });
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn random_graphs_agree_with_the_brute_force(n in 0usize..=10, edges in any::<u64>(), sparse in any::<u64>()) {
        // Sparse graphs fall apart into components: keep about a quarter of the pairs.
        let (text, adjacency) = graph(n, edges & sparse);
        let position: NodeKayles = text.parse().unwrap();
        prop_assert_eq!(grundy_value(&position), brute_value(&adjacency), "{}", text);
    }
}

fn path(n: usize) -> NodeKayles {
    NodeKayles::new(Graph::path(n).unwrap())
}

#[test]
fn paths_are_dawsons_chess_and_dawsons_kayles() {
    let mut solver = evaluator::<NodeKayles>();
    for n in 1..=40 {
        let value = solver.grundy_value(&path(n));
        assert_eq!(value, takebreak(&format!("0.137:{n}")), "path of {n}");
        assert_eq!(value, takebreak(&format!("0.07:{}", n + 1)), "path of {n}");
    }
}

/// Dawson's chess, OEIS A002187 (Sprague-Grundy values for Dawson's Chess), its first 36
/// terms; Node Kayles on the path of n vertices is Dawson's chess on n (Winning Ways,
/// chapter 4, "Dawson's Kayles").
const A002187: [u64; 36] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1,
];

#[test]
fn paths_have_the_published_values_of_dawsons_chess() {
    let mut solver = evaluator::<NodeKayles>();
    for (n, &value) in A002187.iter().enumerate() {
        let position = if n == 0 {
            "empty".parse().unwrap()
        } else {
            path(n)
        };
        assert_eq!(solver.grundy_value(&position), value, "path of {n}");
    }
}

#[test]
fn cycles_stars_and_complete_graphs() {
    let mut solver = evaluator::<NodeKayles>();
    for n in 3..=40 {
        // Every move on a cycle of n leaves the path of n - 3.
        let cycle = NodeKayles::new(Graph::cycle(n).unwrap());
        let after = solver.grundy_value(&path(n - 3).clone());
        let after = if n == 3 { 0 } else { after };
        assert_eq!(
            solver.grundy_value(&cycle),
            u64::from(after == 0),
            "cycle of {n}"
        );
    }
    for n in 1..=12usize {
        // A star's centre takes everything; a leaf leaves n - 1 lone leaves.
        let edges: Vec<String> = (1..=n).map(|leaf| format!("0-{leaf}")).collect();
        let star: NodeKayles = edges.join(",").parse().unwrap();
        let leaf = (n as u64 - 1) % 2;
        let expected = if leaf == 0 { 1 } else { 2 };
        assert_eq!(solver.grundy_value(&star), expected, "star of {n}");
        // A complete graph: every move takes everything.
        let mut complete = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                complete.push(format!("{a}-{b}"));
            }
        }
        let text = if n == 1 {
            "0".to_string()
        } else {
            complete.join(",")
        };
        assert_eq!(solver.grundy_value(&text.parse().unwrap()), 1, "K{n}");
    }
}

/// The evaluator against the plain recursion on the benchmark's boards, one run each (the
/// criterion figures are `cargo bench -p grundy --bench nodekayles`). Run it with
/// `cargo test -p grundy --test integration nodekayles::against_plain -- --ignored --nocapture`.
#[test]
#[ignore]
fn against_plain() {
    for (name, graph) in [
        ("grid 4x4", Graph::grid(4, 4).unwrap()),
        ("path 24", Graph::path(24).unwrap()),
    ] {
        let board = NodeKayles::new(graph);
        let start = std::time::Instant::now();
        let fast = evaluator::<NodeKayles>().grundy_value(&board);
        let evaluator_time = start.elapsed().as_secs_f64();
        let start = std::time::Instant::now();
        let plain = Solver::new(PlainNodeKayles).grundy_value(&board);
        let plain_time = start.elapsed().as_secs_f64();
        assert_eq!(fast, plain);
        println!("{name}: *{fast}: evaluator {evaluator_time:.4} s, plain {plain_time:.4} s");
    }
}
