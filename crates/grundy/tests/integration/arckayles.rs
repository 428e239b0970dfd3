//! Arc Kayles: the evaluator against a brute force written from the rules alone (every
//! graph of at most 6 vertices and random graphs of up to 10), against the plain recursion
//! (no components, no relabelling), paths against Dawson's Kayles (0.07) and Dawson's chess
//! (0.137) through the registry's take-and-break family, and published values.
//!
//! (A path of `n` vertices is Dawson's Kayles 0.07 on `n`, not Kayles 0.77: a move takes two
//! neighbouring vertices, never one; the test below shows that the two differ.)

#![allow(clippy::unwrap_used)]

use std::collections::HashMap;

use crate::kayles::{all_vertices, every_graph, graph, takebreak};
use grundy::games::arckayles::{ArcKayles, PlainArcKayles};
use grundy::graph::Graph;
use grundy::impartial::searched::{evaluator, grundy_value};
use grundy::impartial::Solver;
use proptest::prelude::*;

/// The rules again, plainly: vertices `0..n` with neighbour masks; a move takes an edge
/// `a-b` whose ends are both in the set `alive` and removes the edges at `a` and `b`, that
/// is the two vertices; the value is the mex of the options'.
fn brute(adjacency: &[u64], alive: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&value) = memo.get(&alive) {
        return value;
    }
    let mut seen = Vec::new();
    for a in 0..adjacency.len() {
        for b in a + 1..adjacency.len() {
            let both = (1 << a) | (1 << b);
            if alive & both == both && adjacency[a] & (1 << b) != 0 {
                seen.push(brute(adjacency, alive & !both, memo));
            }
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
fn every_graph_of_at_most_six_vertices_agrees_with_the_brute_force() {
    let mut solver = evaluator::<ArcKayles>();
    let mut plain = Solver::new(PlainArcKayles);
    every_graph(6, |text, adjacency| {
        let position: ArcKayles = text.parse().unwrap();
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
        let position: ArcKayles = text.parse().unwrap();
        prop_assert_eq!(grundy_value(&position), brute_value(&adjacency), "{}", text);
    }
}

fn path(n: usize) -> ArcKayles {
    ArcKayles::new(Graph::path(n).unwrap())
}

#[test]
fn paths_are_dawsons_kayles_and_not_kayles() {
    let mut solver = evaluator::<ArcKayles>();
    let mut differs = false;
    for n in 2..=40 {
        let value = solver.grundy_value(&path(n));
        assert_eq!(value, takebreak(&format!("0.07:{n}")), "path of {n}");
        assert_eq!(value, takebreak(&format!("0.137:{}", n - 1)), "path of {n}");
        differs |= value != takebreak(&format!("0.77:{n}"));
    }
    assert!(differs);
}

/// Dawson's chess, OEIS A002187 (Sprague-Grundy values for Dawson's Chess), its first 36
/// terms; Arc Kayles on the path of n + 1 vertices (n edges) is Dawson's Kayles on n + 1,
/// which is Dawson's chess on n (Winning Ways, chapter 4, "Dawson's Kayles").
const A002187: [u64; 36] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1,
];

#[test]
fn paths_have_the_published_values_of_dawsons_chess() {
    let mut solver = evaluator::<ArcKayles>();
    for (n, &value) in A002187.iter().enumerate() {
        assert_eq!(
            solver.grundy_value(&path(n + 1)),
            value,
            "path of {} vertices",
            n + 1
        );
    }
}

#[test]
fn cycles_stars_and_complete_graphs() {
    let mut solver = evaluator::<ArcKayles>();
    for n in 3..=40 {
        // Every move on a cycle of n leaves the path of n - 2.
        let cycle = ArcKayles::new(Graph::cycle(n).unwrap());
        let after = solver.grundy_value(&path(n - 2));
        assert_eq!(
            solver.grundy_value(&cycle),
            u64::from(after == 0),
            "cycle of {n}"
        );
    }
    for n in 1..=12usize {
        // Every move on a star takes its centre: everything.
        let edges: Vec<String> = (1..=n).map(|leaf| format!("0-{leaf}")).collect();
        let star: ArcKayles = edges.join(",").parse().unwrap();
        assert_eq!(solver.grundy_value(&star), 1, "star of {n}");
    }
    // A complete graph: a move leaves the complete graph on two vertices fewer.
    let mut last = [0u64, 0];
    for n in 2..=9usize {
        let mut complete = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                complete.push(format!("{a}-{b}"));
            }
        }
        let value = solver.grundy_value(&complete.join(",").parse().unwrap());
        let expected = u64::from(last[n % 2] == 0);
        assert_eq!(value, expected, "K{n}");
        last[n % 2] = value;
    }
}

/// The evaluator against the plain recursion on the benchmark's boards, one run each (the
/// criterion figures are `cargo bench -p grundy --bench arckayles`). Run it with
/// `cargo test -p grundy --test integration arckayles::against_plain -- --ignored --nocapture`.
#[test]
#[ignore]
fn against_plain() {
    for (name, graph) in [
        ("grid 4x4", Graph::grid(4, 4).unwrap()),
        ("path 24", Graph::path(24).unwrap()),
    ] {
        let board = ArcKayles::new(graph);
        let start = std::time::Instant::now();
        let fast = evaluator::<ArcKayles>().grundy_value(&board);
        let evaluator_time = start.elapsed().as_secs_f64();
        let start = std::time::Instant::now();
        let plain = Solver::new(PlainArcKayles).grundy_value(&board);
        let plain_time = start.elapsed().as_secs_f64();
        assert_eq!(fast, plain);
        println!("{name}: *{fast}: evaluator {evaluator_time:.4} s, plain {plain_time:.4} s");
    }
}
