//! The canonical value of partizan positions by the evaluator with components and cache
//! against the plain recursion of the same rules (no components, no cache), in one run and
//! from an empty store each time: Domineering rectangles, a Toads and Frogs row, a Clobber
//! board, the Konane start on 4 × 4, an Amazons board and a Hackenbush picture. Larger
//! boards, which the plain recursion does not finish, are timed once by `crates/lab`'s
//! `domineering_sweep` and by `grundy solve` (docs/benchmarks.md).
//!
//! `cargo bench -p grundy --bench partizan`

#![allow(missing_docs, clippy::unwrap_used)]

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::cgt::{plain_value, Evaluator, ValueStore};
use grundy::games::amazons::Amazons;
use grundy::games::clobber::Clobber;
use grundy::games::cutcake::Cutcake;
use grundy::games::domineering::Domineering;
use grundy::games::hackenbush::Hackenbush;
use grundy::games::konane::Konane;
use grundy::games::toadsfrogs::ToadsFrogs;
use grundy::position::PartizanPosition;

fn compare<P: PartizanPosition>(c: &mut Criterion, name: &str, position: &P) {
    let mut group = c.benchmark_group(format!("partizan/{name}"));
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(4));
    group.bench_function("evaluator", |b| {
        b.iter(|| {
            let mut store = ValueStore::new();
            black_box(Evaluator::new().value(&mut store, black_box(position)))
        })
    });
    group.bench_function("plain", |b| {
        b.iter(|| {
            let mut store = ValueStore::new();
            black_box(plain_value(&mut store, black_box(position)))
        })
    });
    group.finish();
}

fn values(c: &mut Criterion) {
    for size in ["3x4", "4x4"] {
        compare(
            c,
            &format!("domineering {size}"),
            &size.parse::<Domineering>().unwrap(),
        );
    }
    compare(
        c,
        "toadsfrogs TTT..FFF",
        &"TTT..FFF".parse::<ToadsFrogs>().unwrap(),
    );
    compare(
        c,
        "clobber xoxo/oxox",
        &"xoxo/oxox".parse::<Clobber>().unwrap(),
    );
    compare(
        c,
        "konane xoxo/o..x/xoxo/oxox",
        &"xoxo/o..x/xoxo/oxox".parse::<Konane>().unwrap(),
    );
    // CGSuite's 4 × 2 board: its game tree has 1.5 million nodes, which the plain recursion
    // walks (5 × 2 has 807 million).
    compare(
        c,
        "amazons x.../o...",
        &"x.../o...".parse::<Amazons>().unwrap(),
    );
    compare(
        c,
        "hackenbush BRBG+GRB+BBRG",
        &"BRBG+GRB+BBRG".parse::<Hackenbush>().unwrap(),
    );
    // The evaluator takes Winning Ways' closed form per cake; the plain recursion cuts.
    compare(c, "cutcake 4x4+3x2", &"4x4+3x2".parse::<Cutcake>().unwrap());
}

criterion_group!(benches, values);
criterion_main!(benches);
