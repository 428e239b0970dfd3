//! In-process games under the referee: perfect against stubborn from 10^8 × (10^8 − 1),
//! against the same strategies in a bare loop without referee (the baseline).
//!
//! `cargo bench -p grundy-arena --bench arena`

#![allow(missing_docs)]

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::game::{Budget, Status};
use grundy::registry;
use grundy::strategy::StrategySpec;
use grundy_arena::player::{BuiltinPlayer, Clock, Limits};
use grundy_arena::referee::{play_game, GameSetup};

const START: &str = "100000000x99999999";

fn setup() -> GameSetup {
    GameSetup {
        game: registry::find("rectangle").expect("the rectangle game is registered"),
        position: START.to_string(),
        clock: Clock {
            movetime: Some(Duration::from_secs(10)),
            gametime: None,
        },
        limits: Limits::default(),
        // No cap: the game runs to its end (about 391 000 moves).
        max_moves: usize::MAX,
        seed: 1,
    }
}

fn spec(text: &str) -> StrategySpec {
    text.parse().unwrap_or(StrategySpec::Perfect)
}

/// One refereed game; returns its number of moves.
fn refereed() -> usize {
    let mut first = BuiltinPlayer::new(spec("perfect"));
    let mut second = BuiltinPlayer::new(spec("stubborn"));
    play_game(&setup(), ["perfect", "stubborn"], &mut first, &mut second)
        .moves
        .len()
}

/// The same game in a bare loop: one board, the two strategies, no referee.
fn bare() -> usize {
    let Ok(mut game) = registry::find("rectangle")
        .expect("the rectangle game is registered")
        .start(START)
    else {
        return 0;
    };
    let mut players = [spec("perfect").build(0), spec("stubborn").build(1)];
    let budget = Budget::default();
    let mut moves = 0;
    while game.status() == Status::Ongoing {
        let Some(mv) = players[moves % 2].choose(game.as_mut(), &budget) else {
            break;
        };
        if game.play(&mv).is_err() {
            break;
        }
        moves += 1;
    }
    moves
}

fn report(name: &str, play: fn() -> usize) {
    let started = Instant::now();
    let mut games = 0u32;
    let mut moves = 0usize;
    while started.elapsed() < Duration::from_secs(2) || games < 3 {
        moves += play();
        games += 1;
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{name}: {games} games, {:.1} moves per game, {:.0} moves per second, {:.3} ms per game",
        moves as f64 / f64::from(games),
        moves as f64 / seconds,
        seconds * 1000.0 / f64::from(games)
    );
}

fn in_process(c: &mut Criterion) {
    report("refereed perfect vs stubborn", refereed);
    report("bare loop perfect vs stubborn", bare);
    let mut group = c.benchmark_group("in_process");
    group.sample_size(20);
    group.bench_function("refereed_game", |b| b.iter(refereed));
    group.bench_function("bare_game", |b| b.iter(bare));
    group.finish();
}

criterion_group!(benches, in_process);
criterion_main!(benches);
