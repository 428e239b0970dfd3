//! The in-process cost of the C interfaces: the library's boundary wrapper per call, a
//! referee round against a bare play-out of the same moves, and whole Licytacja games.
//! Run with `cargo bench -p grundy-ffi --bench ffi`.
#![allow(missing_docs, clippy::unwrap_used)]

use std::cell::RefCell;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::rectangle::remoteness::{perfect_move, play_out, stubborn_move};
use grundy::games::rectangle::{Direction, Rectangle};
use grundy_ffi::boundary::try_call;
use grundy_ffi::lic::{self, LicReferee, LicStrategy};
use grundy_ffi::rec::{RecReferee, RecStrategy};

thread_local! {
    static REFEREE: RefCell<Option<RecReferee>> = const { RefCell::new(None) };
}

const ROUNDS: u64 = 1000;

fn start() -> Rectangle {
    Rectangle::new(100_000_000, 99_999_998).unwrap()
}

fn rec(c: &mut Criterion) {
    let referee = RecReferee::new(start(), RecStrategy::Stubborn, 0);
    let mut group = c.benchmark_group("rec");
    group.bench_function("dimension_x direct (baseline)", |b| {
        b.iter(|| black_box(&referee).dimension_x())
    });
    group.bench_function("dimension_x through the boundary wrapper", |b| {
        b.iter(|| {
            try_call(
                &REFEREE,
                || Ok(RecReferee::new(start(), RecStrategy::Stubborn, 0)),
                |referee| Ok(referee.dimension_x()),
            )
        })
    });
    group.bench_function("dimension_x through the thread-local slot alone", |b| {
        b.iter(|| {
            REFEREE.with(|cell| {
                let mut slot = cell.borrow_mut();
                let referee =
                    slot.get_or_insert_with(|| RecReferee::new(start(), RecStrategy::Stubborn, 0));
                referee.dimension_x()
            })
        })
    });
    // The two halves of a round on a typical position of the long game.
    let lost = Rectangle::new(99_999_998, 99_999_998).unwrap();
    let won = Rectangle::new(99_999_998, 99_999_997).unwrap();
    group.bench_function("player's move alone (won 99999998x99999997)", |b| {
        b.iter(|| perfect_move(black_box(&won)))
    });
    group.bench_function(
        "stubborn library's move alone (lost 99999998x99999998)",
        |b| b.iter(|| stubborn_move(black_box(&lost))),
    );
    group.bench_function(
        "1000 rounds 100000000x99999998, bare play_out (baseline)",
        |b| b.iter(|| play_out(black_box(start()), perfect_move, stubborn_move, 2 * ROUNDS)),
    );
    group.bench_function(
        "1000 rounds 100000000x99999998, player + referee (stubborn)",
        |b| {
            b.iter(|| {
                let mut referee = referee.clone();
                for _ in 0..ROUNDS {
                    let cut = perfect_move(&referee.position()).unwrap();
                    let dir = i32::from(cut.direction == Direction::Horizontal);
                    if referee.cut(dir, cut.position as i32).is_some() {
                        break;
                    }
                }
                referee.moves()
            })
        },
    );
    group.finish();
}

fn lic(c: &mut Criterion) {
    let mut group = c.benchmark_group("lic");
    group.sample_size(10);
    group.bench_function("whole game n = 29990, player + perfect referee", |b| {
        b.iter(|| {
            let referee = LicReferee::new(29_990, LicStrategy::Perfect, 0).unwrap();
            let mut library = lic::InProcess::new(referee);
            lic::play(&mut library).unwrap();
            library.verdict
        })
    });
    group.finish();
}

criterion_group!(benches, rec, lic);
criterion_main!(benches);
