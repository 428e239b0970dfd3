//! Sums of loopy stoppers: twenty random stoppers of ten positions each, added one at a
//! time with the canonical form taken after each addition (what `LoopyEngine::add` does),
//! against the plain product construction of the same sum (the graph of every tuple of
//! positions, built whole, then put in canonical form once), in the same run.
//!
//! Each stopper's only cycles are Left's passes, so every sum of them is a stopper too.
//!
//! `cargo bench -p grundy --bench stopper_sums`

#![allow(missing_docs, clippy::unwrap_used)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::cgt::loopy::{Budget, Graph, LoopyEngine, LoopyError, LoopyValue};
use grundy::cgt::ValueStore;
use grundy::stop::Stop;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Positions of each stopper.
const POSITIONS: u32 = 10;
/// Stoppers in the sum.
const SUMMANDS: usize = 20;
/// The memory the plain construction may take before it is given up.
const PLAIN_MEMORY: usize = 2_000_000_000;

/// A random stopper of `POSITIONS` positions: from each position one or two moves for each
/// player to later positions, and now and then a pass for Left; the last position is 0.
fn random_stopper(rng: &mut ChaCha8Rng) -> Graph {
    let mut graph = Graph::with_vertices(POSITIONS as usize);
    for v in 0..POSITIONS - 1 {
        for left in [true, false] {
            for _ in 0..rng.gen_range(1..=2) {
                let w = rng.gen_range(v + 1..POSITIONS);
                if left {
                    graph.add_left(v, w);
                } else {
                    graph.add_right(v, w);
                }
            }
        }
        if rng.gen_range(0..3) == 0 {
            graph.add_left(v, v);
        }
    }
    graph
}

fn stoppers() -> Vec<Graph> {
    let mut rng = ChaCha8Rng::seed_from_u64(63);
    (0..SUMMANDS).map(|_| random_stopper(&mut rng)).collect()
}

/// The sum of the first `count` stoppers, canonical after each addition.
fn canonical_sum(graphs: &[Graph], count: usize) -> (String, usize) {
    let mut store = ValueStore::new();
    let mut engine = LoopyEngine::new(&mut store);
    let mut sum = engine.value_of_graph(&graphs[0], 0).unwrap();
    for graph in &graphs[1..count] {
        let next = engine.value_of_graph(graph, 0).unwrap();
        sum = engine.add(&sum, &next).unwrap();
    }
    let size = match &sum {
        LoopyValue::Stopper(form) => form.len(),
        LoopyValue::Sided { .. } => 0,
    };
    (engine.display(&sum).unwrap(), size)
}

/// The sum of the first `count` stoppers, built whole as the graph of tuples, then put in
/// canonical form.
fn plain_sum(graphs: &[Graph], count: usize) -> Result<(String, usize), LoopyError> {
    let budget = Budget::new(Stop::never(), Some(PLAIN_MEMORY));
    let mut product = graphs[0].clone();
    for graph in &graphs[1..count] {
        product = product.sum(0, graph, 0, &budget)?;
    }
    let positions = product.len();
    let mut store = ValueStore::new();
    let mut engine = LoopyEngine::with_budget(&mut store, budget);
    let value = engine.value_of_graph(&product, 0)?;
    Ok((engine.display(&value)?, positions))
}

fn sums(c: &mut Criterion) {
    let graphs = stoppers();
    let mut largest_plain = 1;
    let mut plain_failed = false;
    for count in 2..=SUMMANDS {
        let started = std::time::Instant::now();
        let (canonical, size) = canonical_sum(&graphs, count);
        let canonical_time = started.elapsed();
        if plain_failed {
            println!(
                "loopy: {count} stoppers: canonical form of {size} positions in {canonical_time:?}"
            );
            continue;
        }
        let started = std::time::Instant::now();
        match plain_sum(&graphs, count) {
            Ok((plain, positions)) => {
                assert_eq!(plain, canonical, "the two constructions agree on {count}");
                largest_plain = count;
                println!(
                    "loopy: {count} stoppers: canonical form of {size} positions in \
                     {canonical_time:?}; the product graph has {positions}, valued in {:?}",
                    started.elapsed()
                );
            }
            Err(error) => {
                plain_failed = true;
                println!(
                    "loopy: {count} stoppers: canonical form of {size} positions in \
                     {canonical_time:?}; the product construction gives up after {:?}: {error}",
                    started.elapsed()
                );
            }
        }
    }
    let mut group = c.benchmark_group("loopy sum of stoppers of 10 positions");
    group.sample_size(10);
    for count in [largest_plain, SUMMANDS] {
        group.bench_function(
            format!("{count} stoppers, canonical after each addition"),
            |b| b.iter(|| black_box(canonical_sum(black_box(&graphs), count))),
        );
    }
    group.bench_function(
        format!("{largest_plain} stoppers, plain product construction"),
        |b| b.iter(|| black_box(plain_sum(black_box(&graphs), largest_plain).unwrap())),
    );
    group.finish();
}

criterion_group!(benches, sums);
criterion_main!(benches);
