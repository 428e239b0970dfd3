//! Benchmarks of Pousse: referee throughput (moves per second) on 7 × 7 and 100 × 100, the
//! cost of keeping every position of a long ICFP game (as undo, the play interface and the
//! arena do), and engine speed (nodes per second) on 6 × 6 and 7 × 7 at a fixed depth.
//!
//! Run with `cargo bench -p grundy --bench pousse`.
#![allow(clippy::unwrap_used)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput};
use grundy::games::pousse::engine::search::{PousseEngine, SearchLimits};
use grundy::games::pousse::{
    BitBoard, Board, BoardGame, FlatBoard, GeneralBoard, Move, Position, PousseStatus, RuleSet,
    Size,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const MOVES: usize = 10_000;

fn random_moves(size: usize, count: usize) -> Vec<Move> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let all: Vec<Move> = Move::all(size).collect();
    (0..count)
        .map(|_| all[rng.gen_range(0..all.len())])
        .collect()
}

/// Plays the moves as the referee does (push, count straights), restarting after a win.
fn referee<B: Board>(size: Size, moves: &[Move]) -> usize {
    let start: Position<B> = Position::start(size).unwrap();
    let mut position = start.clone();
    let mut wins = 0;
    for &mv in moves {
        position.play(mv).unwrap();
        if position.winner().is_some() {
            wins += 1;
            position = start.clone();
        }
    }
    wins
}

fn referee_throughput(c: &mut Criterion) {
    let mut group = c.benchmark_group("pousse_referee");
    group.throughput(Throughput::Elements(MOVES as u64));
    for n in [7usize, 100] {
        let size = Size::new(n).unwrap();
        let moves = random_moves(n, MOVES);
        group.bench_with_input(BenchmarkId::new("general", n), &moves, |b, moves| {
            b.iter(|| referee::<GeneralBoard>(size, black_box(moves)))
        });
        group.bench_with_input(BenchmarkId::new("flat", n), &moves, |b, moves| {
            b.iter(|| referee::<FlatBoard>(size, black_box(moves)))
        });
        if n <= 8 {
            group.bench_with_input(BenchmarkId::new("bitboard", n), &moves, |b, moves| {
                b.iter(|| referee::<BitBoard>(size, black_box(moves)))
            });
        }
    }
    group.finish();
}

/// A few opening positions: the empty board and two after a handful of moves.
fn positions(n: usize) -> Vec<(String, BoardGame<BitBoard>)> {
    let lines = ["", "L1,T2,R3", "L3,T3,B2,R4,L2,T1"];
    lines
        .iter()
        .map(|line| {
            let text = format!("{n}:{line}");
            (
                text.clone(),
                BoardGame::from_notation(&text, RuleSet::Icfp).unwrap(),
            )
        })
        .collect()
}

/// Moves of the long-game benchmark: long enough that copying each game's history at every
/// move, rather than sharing it, would dominate.
const LONG_GAME: usize = 1_000;

/// Plays `moves` under the ICFP rule on `size`, restarting after a win, and keeps a copy of
/// the game after every move when `keep` is set. Returns how many games were played.
fn icfp_games(size: Size, moves: &[Move], keep: bool) -> usize {
    let mut game: BoardGame<GeneralBoard> = BoardGame::new(size, RuleSet::Icfp).unwrap();
    let mut kept = Vec::with_capacity(if keep { moves.len() } else { 0 });
    let mut games = 1;
    for &mv in moves {
        if game.play(mv).unwrap() != PousseStatus::Ongoing {
            game = BoardGame::new(size, RuleSet::Icfp).unwrap();
            games += 1;
        }
        if keep {
            kept.push(game.clone());
        }
    }
    black_box(kept.len());
    games
}

fn long_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("pousse_long_game");
    group.throughput(Throughput::Elements(LONG_GAME as u64));
    group.sample_size(10);
    let n = 20;
    let size = Size::new(n).unwrap();
    let moves = random_moves(n, LONG_GAME);
    group.bench_with_input(BenchmarkId::new("played", n), &moves, |b, moves| {
        b.iter(|| icfp_games(size, black_box(moves), false))
    });
    group.bench_with_input(
        BenchmarkId::new("every_position_kept", n),
        &moves,
        |b, moves| b.iter(|| icfp_games(size, black_box(moves), true)),
    );
    group.finish();
}

fn engine_speed(c: &mut Criterion) {
    let mut group = c.benchmark_group("pousse_engine");
    group.sample_size(10);
    for (n, depth) in [(6usize, 6u32), (7, 5)] {
        for (name, game) in positions(n) {
            let limits = SearchLimits::depth(depth);
            let nodes = PousseEngine::new(1 << 18).search(&game, &limits).nodes;
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(BenchmarkId::new(format!("depth{depth}"), &name), |b| {
                b.iter(|| PousseEngine::new(1 << 18).search(black_box(&game), &limits))
            });
        }
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    referee_throughput(&mut criterion);
    long_games(&mut criterion);
    engine_speed(&mut criterion);
    criterion.final_summary();
}
