//! Benchmarks of `grundy::cgt`: sums and comparisons of a set of random games (each run in
//! a fresh store, so nothing is remembered between runs), and the evaluator that caches
//! components against the plain recursion on Domineering boards.
//!
//! `cargo bench -p grundy --bench cgt`

#![allow(missing_docs, clippy::unwrap_used)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::cgt::toy::{Domineering, GameTree};
use grundy::cgt::{plain_value, Evaluator, GameId, ValueStore};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The tree of the integer `n`: `{n-1 | }` or `{ | n+1}` down to `{ | }`.
fn integer_tree(n: i64) -> GameTree {
    match n {
        0 => GameTree::default(),
        n if n > 0 => GameTree::new(vec![integer_tree(n - 1)], vec![]),
        n => GameTree::new(vec![], vec![integer_tree(n + 1)]),
    }
}

/// A random game tree of depth at most `depth`, with one to three options a side and
/// integers from -4 to 4 at the leaves, so that most games are hot.
fn random_tree(rng: &mut ChaCha8Rng, depth: u32) -> GameTree {
    if depth == 0 || rng.gen_range(0..5) == 0 {
        return integer_tree(rng.gen_range(-4..=4));
    }
    let side = |rng: &mut ChaCha8Rng| {
        let n = rng.gen_range(1..=3);
        (0..n)
            .map(|_| random_tree(rng, depth - 1))
            .collect::<Vec<_>>()
    };
    let left = side(rng);
    let right = side(rng);
    GameTree::new(left, right)
}

/// Forty random games of depth at most 3 above their integer leaves.
fn games() -> Vec<GameTree> {
    let mut rng = ChaCha8Rng::seed_from_u64(2013);
    (0..40).map(|_| random_tree(&mut rng, 3)).collect()
}

fn values(store: &mut ValueStore, trees: &[GameTree]) -> Vec<GameId> {
    trees.iter().map(|t| plain_value(store, t)).collect()
}

fn arithmetic(c: &mut Criterion) {
    let trees = games();
    {
        let mut store = ValueStore::new();
        let ids = values(&mut store, &trees);
        let hot = ids.iter().filter(|&&g| store.as_nus(g).is_none()).count();
        let hottest = ids.iter().map(|&g| store.temperature(g)).max().unwrap();
        let oldest = ids.iter().map(|&g| store.birthday(g)).max().unwrap();
        println!(
            "cgt: {} random games, {hot} of them not numbers, nimbers or up-multiples; \
             highest temperature {hottest}, largest birthday {oldest}",
            ids.len()
        );
    }
    let mut group = c.benchmark_group("cgt 40 random games");
    group.sample_size(10);
    group.bench_function("canonical forms", |b| {
        b.iter(|| {
            let mut store = ValueStore::new();
            black_box(values(&mut store, black_box(&trees)))
        })
    });
    group.bench_function("canonical forms and all 1600 sums", |b| {
        b.iter(|| {
            let mut store = ValueStore::new();
            let ids = values(&mut store, &trees);
            let mut last = store.zero();
            for &g in &ids {
                for &h in &ids {
                    last = store.add(g, h);
                }
            }
            black_box(last)
        })
    });
    group.bench_function("canonical forms and all 1600 comparisons", |b| {
        b.iter(|| {
            let mut store = ValueStore::new();
            let ids = values(&mut store, &trees);
            let mut count = 0;
            for &g in &ids {
                for &h in &ids {
                    count += usize::from(store.le(g, h));
                }
            }
            black_box(count)
        })
    });
    group.finish();
}

fn evaluators(c: &mut Criterion) {
    for (rows, cols) in [(3u8, 4u8), (4, 4)] {
        let board = Domineering::empty(rows, cols).unwrap();
        let mut store = ValueStore::new();
        let cached = Evaluator::new().value(&mut store, &board);
        let plain = plain_value(&mut store, &board);
        assert_eq!(cached, plain);
        println!("cgt: Domineering {rows}x{cols} = {}", store.display(cached));
        let mut group = c.benchmark_group(format!("cgt Domineering {rows}x{cols}"));
        group.sample_size(10);
        group.bench_function("evaluator with component cache", |b| {
            b.iter(|| {
                let mut store = ValueStore::new();
                black_box(Evaluator::new().value(&mut store, black_box(&board)))
            })
        });
        group.bench_function("plain recursion", |b| {
            b.iter(|| {
                let mut store = ValueStore::new();
                black_box(plain_value(&mut store, black_box(&board)))
            })
        });
        group.finish();
    }
}

criterion_group!(benches, arithmetic, evaluators);
criterion_main!(benches);
