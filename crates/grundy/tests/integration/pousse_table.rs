//! The solved Pousse table against its slow twin, the retrograde analysis of 1 × 1 to 3 × 3,
//! on every position and on random games; against the search engine; its file format, with
//! every kind of damage; and the ICFP guard.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use grundy::games::pousse::engine::search::{PousseEngine, Score, SearchLimits};
use grundy::games::pousse::solved::icfp::verdict;
use grundy::games::pousse::solved::retrograde::{Table, Value};
use grundy::games::pousse::solved::{
    payload_hash, SolvedTable, SolvedTableProblem, HEADER_LEN, MAGIC,
};
use grundy::games::pousse::{
    BitBoard, Board, BoardGame, Colour, Move, Position, PousseStatus, RuleSet, Size,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};

#[test]
fn every_small_position_agrees_with_the_retrograde_analysis() {
    for size in 1..=3 {
        let slow = Table::solve(size).unwrap();
        let fast = SolvedTable::solve(size).unwrap();
        assert_eq!(fast.start_value(), slow.start_value(), "size {size}");
        let mut count = 0;
        for (position, value) in slow.states() {
            assert_eq!(fast.value(&position), Some(value), "{position}");
            if count % 5 == 0 {
                assert_eq!(
                    fast.best_move(&position),
                    slow.best_move(&position),
                    "{position}"
                );
            }
            count += 1;
        }
        assert_eq!(count, 2 * 3usize.pow((size * size) as u32));
    }
}

#[test]
fn known_values_of_the_small_boards() {
    assert_eq!(SolvedTable::solve(1).unwrap().start_value(), Value::Win(1));
    assert_eq!(SolvedTable::solve(2).unwrap().start_value(), Value::Win(3));
    let three = SolvedTable::solve(3).unwrap();
    assert_eq!(three.start_value(), Value::Draw);
    let summary = three.summary();
    assert_eq!(summary.boards, 19_683);
    assert_eq!(
        summary.won + summary.lost + summary.drawn + summary.terminal_won + summary.terminal_lost,
        summary.boards
    );
    assert_eq!(summary.terminal_won, summary.terminal_lost);
    assert!(SolvedTable::solve(0).is_err());
    assert!(SolvedTable::solve(5).is_err());
}

#[test]
fn colours_swap_values() {
    let table = SolvedTable::solve(3).unwrap();
    for (position, value) in table.boards().step_by(7) {
        let mut swapped = position.clone();
        swapped.to_move = Colour::O;
        for row in 0..3 {
            for column in 0..3 {
                let cell = position.board.cell(row, column).map(Colour::opponent);
                swapped.board.set(row, column, cell);
            }
        }
        assert_eq!(table.value(&swapped), Some(value));
    }
}

/// The position after `moves` random moves from the start (stopping at a decided board).
fn random_position(size: usize, moves: usize, seed: u64) -> Position<BitBoard> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut position = Position::<BitBoard>::start(Size::new(size).unwrap()).unwrap();
    for _ in 0..moves {
        if position.winner().is_some() {
            break;
        }
        let mv = Move::from_index(rng.gen_range(0..4 * size), size).unwrap();
        position.play(mv).unwrap();
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random positions reached in play: the new solver and the retrograde twin agree on the
    /// value and on the move of perfect play.
    #[test]
    fn random_games_agree_with_the_retrograde_analysis(
        size in 2usize..=3, moves in 0usize..30, seed in any::<u64>()
    ) {
        thread_local! {
            static TABLES: Vec<(Table, SolvedTable)> = (2..=3)
                .map(|n| (Table::solve(n).unwrap(), SolvedTable::solve(n).unwrap()))
                .collect();
        }
        let position = random_position(size, moves, seed);
        TABLES.with(|tables| {
            let (slow, fast) = &tables[size - 2];
            assert_eq!(fast.value(&position), slow.value(&position), "{}", position);
            assert_eq!(fast.best_move(&position), slow.best_move(&position), "{}", position);
        });
    }
}

/// A fixed-depth Waterloo search proves exactly the table's short wins and losses, and
/// proves nothing the table contradicts (draws and longer results included).
fn check_against_the_engine(table: &SolvedTable, positions: &[Position<BitBoard>], depth: u32) {
    let mut engine = PousseEngine::new(1 << 18);
    let mut short = 0;
    for position in positions {
        let value = table.value(position).unwrap();
        engine.clear();
        let game = BoardGame::from_position(position.clone(), RuleSet::Waterloo);
        let result = engine.search(&game, &SearchLimits::depth(depth));
        match (value, result.score) {
            (Value::Win(d), score) if d < depth => assert_eq!(score, Score::Win(d), "{position}"),
            (Value::Loss(d), score) if d < depth => {
                assert_eq!(score, Score::Loss(d), "{position}")
            }
            (_, Score::Eval(_)) => continue,
            (Value::Win(d), score) => assert_eq!(score, Score::Win(d), "{position}"),
            (Value::Loss(d), score) => assert_eq!(score, Score::Loss(d), "{position}"),
            (Value::Draw, score) => panic!("{position}: a draw, but the engine says {score:?}"),
        }
        short += 1;
    }
    assert!(short > 0);
}

#[test]
fn the_engine_proves_the_short_results_of_the_3x3_table() {
    let table = SolvedTable::solve(3).unwrap();
    let positions: Vec<_> = table.boards().step_by(13).map(|(p, _)| p).collect();
    check_against_the_engine(&table, &positions, 6);
}

/// The 4 × 4 table against the engine on sampled positions. The table is solved here, in
/// memory (about ten seconds on two cores), so the test needs no file.
#[test]
fn the_engine_proves_the_short_results_of_the_4x4_table() {
    let table = SolvedTable::solve(4).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(44);
    let mut positions = Vec::new();
    let mut by_value = std::collections::HashMap::<Value, usize>::new();
    for _ in 0..200_000 {
        if positions.len() >= 160 {
            break;
        }
        let position = random_position(4, rng.gen_range(0..40), rng.gen());
        let value = table.value(&position).unwrap();
        let seen = by_value.entry(value).or_default();
        if *seen < 10 {
            *seen += 1;
            positions.push(position);
        }
    }
    check_against_the_engine(&table, &positions, 8);
}

fn temp_table(size: usize) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("pousse-{size}.table"));
    SolvedTable::solve(size).unwrap().write(&path).unwrap();
    (dir, path)
}

#[test]
fn a_written_table_reads_back_the_same() {
    let (_dir, path) = temp_table(3);
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes.len(), HEADER_LEN + 19_683);
    assert_eq!(&bytes[..8], &MAGIC);
    let solved = SolvedTable::solve(3).unwrap();
    let read = SolvedTable::read(&path).unwrap();
    assert_eq!(read.size(), solved.size());
    for (position, value) in solved.boards() {
        assert_eq!(read.value(&position), Some(value));
    }
    assert_eq!(
        SolvedTable::read_for_size(&path, 3).unwrap().summary(),
        solved.summary()
    );
}

/// Writes `bytes` beside the good table and reads it as a 3 × 3 table.
fn problem_of(dir: &Path, bytes: &[u8], size: usize) -> SolvedTableProblem {
    let path = dir.join("damaged.table");
    std::fs::write(&path, bytes).unwrap();
    let error = SolvedTable::read_for_size(&path, size).unwrap_err();
    assert_eq!(error.path, path);
    let message = error.to_string();
    assert!(message.contains("damaged.table"), "{message}");
    error.problem
}

/// Sets the header's hash to match the payload, so that only the intended damage shows.
fn rehash(bytes: &mut [u8]) {
    let hash = payload_hash(&bytes[HEADER_LEN..]);
    bytes[24..32].copy_from_slice(&hash.to_le_bytes());
}

#[test]
fn damaged_files_are_refused_with_the_reason() {
    let (dir, path) = temp_table(3);
    let good = std::fs::read(&path).unwrap();
    let dir = dir.path();

    assert!(matches!(
        problem_of(dir, &good[..10], 3),
        SolvedTableProblem::TruncatedHeader { length: 10 }
    ));
    assert!(matches!(
        problem_of(dir, &good[..good.len() - 1], 3),
        SolvedTableProblem::Length { found, expected } if found + 1 == expected
    ));
    let mut longer = good.clone();
    longer.push(0);
    assert!(matches!(
        problem_of(dir, &longer, 3),
        SolvedTableProblem::Length { .. }
    ));

    let mut magic = good.clone();
    magic[0] = b'X';
    assert_eq!(problem_of(dir, &magic, 3), SolvedTableProblem::Magic);

    let mut version = good.clone();
    version[8] = 2;
    assert_eq!(
        problem_of(dir, &version, 3),
        SolvedTableProblem::Version { found: 2 }
    );

    let mut flipped = good.clone();
    flipped[HEADER_LEN + 100] ^= 1;
    assert!(matches!(
        problem_of(dir, &flipped, 3),
        SolvedTableProblem::Checksum { .. }
    ));

    let mut invalid = good.clone();
    invalid[HEADER_LEN + 5] = 255;
    rehash(&mut invalid);
    assert_eq!(
        problem_of(dir, &invalid, 3),
        SolvedTableProblem::Value {
            index: 5,
            byte: 255
        }
    );

    // A 3 × 3 table offered for a 4 × 4 position.
    assert_eq!(
        problem_of(dir, &good, 4),
        SolvedTableProblem::WrongSize {
            found: 3,
            expected: 4
        }
    );

    let mut size = good.clone();
    size[10] = 9;
    assert_eq!(
        problem_of(dir, &size, 9),
        SolvedTableProblem::BadSize { found: 9 }
    );

    let mut rules = good.clone();
    rules[11] = 1;
    assert_eq!(
        problem_of(dir, &rules, 3),
        SolvedTableProblem::Rules { found: 1 }
    );

    let mut encoding = good.clone();
    encoding[12] = 2;
    assert_eq!(
        problem_of(dir, &encoding, 3),
        SolvedTableProblem::Encoding { found: 2 }
    );

    let mut count = good.clone();
    count[16] ^= 1;
    assert!(matches!(
        problem_of(dir, &count, 3),
        SolvedTableProblem::Count { .. }
    ));

    let missing = SolvedTable::read(&dir.join("missing.table")).unwrap_err();
    assert!(matches!(missing.problem, SolvedTableProblem::Unreadable(_)));
    assert!(missing.to_string().contains("missing.table"));
}

#[test]
fn garbage_never_panics() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for length in [0, 1, 31, 32, 33, 100] {
        let mut bytes: Vec<u8> = (0..length).map(|_| rng.gen()).collect();
        if length >= 8 {
            bytes[..8].copy_from_slice(&MAGIC);
        }
        let path = dir.path().join("garbage.table");
        std::fs::write(&path, &bytes).unwrap();
        assert!(SolvedTable::read(&path).is_err());
    }
}

/// Plays `moves` (in notation) from the start of a game of `size`.
fn game(size: usize, rules: RuleSet, moves: &str) -> BoardGame<BitBoard> {
    BoardGame::from_notation(&format!("{size}:{moves}"), rules).unwrap()
}

#[test]
fn waterloo_verdicts_are_the_table() {
    let table = SolvedTable::solve(2).unwrap();
    let start = game(2, RuleSet::Waterloo, "");
    let found = verdict(&table, &start, 10).unwrap();
    assert_eq!(found.value, Value::Win(3));
    assert!(found.remoteness_exact && found.winning_complete);
    assert_eq!(found.line.len(), 3);
    assert!(found.winning.contains(&found.best.unwrap()));
}

/// Random ICFP games on 3 × 3: whenever the guard lets the table speak, the table's moves
/// for the winner beat any replies within the bound, and the guard keeps speaking; and the
/// guard does refuse some positions whose past holds a shorter decided state.
#[test]
fn icfp_verdicts_hold_whatever_the_past() {
    let table = SolvedTable::solve(3).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let (mut used, mut refused) = (0, 0);
    for _ in 0..300 {
        let mut game = game(3, RuleSet::Icfp, "");
        for _ in 0..rng.gen_range(0..25) {
            if game.status() != PousseStatus::Ongoing {
                break;
            }
            game.play(Move::from_index(rng.gen_range(0..12), 3).unwrap())
                .unwrap();
        }
        if game.status() != PousseStatus::Ongoing {
            continue;
        }
        let Some(found) = verdict(&table, &game, 20) else {
            if matches!(
                table.value(game.position()),
                Some(Value::Win(_) | Value::Loss(_))
            ) {
                refused += 1;
            }
            continue;
        };
        used += 1;
        assert!(!found.remoteness_exact);
        let (winner, bound) = match found.value {
            Value::Win(d) => (game.position().to_move, d),
            Value::Loss(d) => (game.position().to_move.opponent(), d),
            Value::Draw => panic!("no draws under the ICFP rule"),
        };
        let mut moves = 0;
        while game.status() == PousseStatus::Ongoing {
            let mv = if game.position().to_move == winner {
                verdict(&table, &game, 0).unwrap().best.unwrap()
            } else {
                Move::from_index(rng.gen_range(0..12), 3).unwrap()
            };
            game.play(mv).unwrap();
            moves += 1;
        }
        assert!(matches!(game.status(), PousseStatus::Won { winner: w, .. } if w == winner));
        assert!(moves <= bound);
    }
    assert!(used > 20 && refused > 0, "used {used}, refused {refused}");
}
