//! The rectangle game's strategy measured against exact remoteness and on the contest's
//! biggest position.

#![allow(clippy::unwrap_used)]

use grundy::games::rectangle::remoteness::{
    formula_remoteness, heuristic_stubborn_move, heuristic_win_move, perfect_move, play_out,
    remoteness_report, Opponent, RemotenessKind, RemotenessTable, EXACT_BUDGET,
};
use grundy::games::rectangle::{solve, Rectangle};
use grundy::report::Outcome;

const SIDE: u64 = 150;

/// Statistics of a strategy's game lengths against the exact remoteness.
#[derive(Default, Debug)]
struct Record {
    positions: u64,
    equal: u64,
    worst_excess: u64,
    total_excess: u64,
}

fn measure(table: &RemotenessTable, winner_is_heuristic: bool) -> Record {
    let exact = |p: &Rectangle| table.perfect_move(p);
    let mut record = Record::default();
    for width in 1..=SIDE {
        for height in 1..=SIDE {
            let position = Rectangle::new(width, height).unwrap();
            let remoteness = table.get(&position).unwrap();
            let wins = solve::outcome(&position) == Outcome::Win;
            let moves = match (wins, winner_is_heuristic) {
                (true, true) => play_out(position, heuristic_win_move, exact, 10_000),
                (false, true) => play_out(position, exact, heuristic_win_move, 10_000),
                (true, false) => play_out(position, exact, heuristic_stubborn_move, 10_000),
                (false, false) => play_out(position, heuristic_stubborn_move, exact, 10_000),
            }
            .unwrap();
            record.positions += 1;
            if winner_is_heuristic {
                assert!(moves >= remoteness, "{position}");
            } else {
                assert!(moves <= remoteness, "{position}");
            }
            let excess = moves.abs_diff(remoteness);
            record.equal += u64::from(excess == 0);
            record.worst_excess = record.worst_excess.max(excess);
            record.total_excess += excess;
        }
    }
    record
}

#[test]
fn heuristic_winner_against_the_exact_slowest_loser() {
    let table = RemotenessTable::build(SIDE, SIDE, u64::MAX).unwrap();
    let record = measure(&table, true);
    println!("heuristic winner vs exact loser, sides <= {SIDE}: {record:?}");
    assert_eq!(record.positions, SIDE * SIDE);
    assert_eq!(
        record.equal, record.positions,
        "the closed-form winner is exact here"
    );
    let record = measure(&table, false);
    println!("exact winner vs heuristic stubborn loser, sides <= {SIDE}: {record:?}");
    assert_eq!(
        record.equal, record.positions,
        "the closed-form loser is exact here"
    );
}

#[test]
fn contest_biggest_position_is_won_quickly() {
    let start = Rectangle::new(100_000_000, 99_999_999).unwrap();
    assert_eq!(solve::outcome(&start), Outcome::Win);
    let shave = play_out(
        start,
        perfect_move,
        |p| Opponent::ShaveOne.choose(p),
        1_000_000,
    );
    let stubborn = play_out(
        start,
        perfect_move,
        |p| Opponent::Stubborn.choose(p),
        1_000_000,
    );
    println!(
        "100000000x99999999: {shave:?} moves against shave-one, {stubborn:?} against stubborn"
    );
    assert_eq!(shave, Some(123));
    assert_eq!(stubborn, Some(390_659));
    let report = remoteness_report(&start, EXACT_BUDGET).unwrap();
    assert_eq!(report.kind, RemotenessKind::ClosedForm);
    assert_eq!(
        report.moves, 390_659,
        "the closed form predicts the stubborn game"
    );
}

#[test]
fn official_sizes_are_first_player_wins_of_predicted_length() {
    let sizes = [
        (4, 3),
        (33, 11),
        (80, 57),
        (640, 307),
        (1015, 1279),
        (41257, 55467),
        (166001, 225412),
        (2152364, 3521458),
        (62541235, 63252365),
        (100000000, 99999998),
    ];
    for (width, height) in sizes {
        let start = Rectangle::new(width, height).unwrap();
        let predicted = formula_remoteness(&start);
        println!(
            "{start}: {:?}, closed form {predicted}",
            solve::outcome(&start)
        );
        assert_eq!(solve::outcome(&start), Outcome::Win, "{start}");
        let shave = play_out(
            start,
            perfect_move,
            |p| Opponent::ShaveOne.choose(p),
            1_000_000,
        );
        println!("  {shave:?} moves against shave-one");
        assert!(shave.is_some_and(|moves| u128::from(moves) <= predicted && moves % 2 == 1));
        if predicted < 100_000 {
            let stubborn = play_out(
                start,
                perfect_move,
                |p| Opponent::Stubborn.choose(p),
                1_000_000,
            );
            println!("  {stubborn:?} moves against stubborn");
            assert_eq!(stubborn.map(u128::from), Some(predicted), "{start}");
            assert!(shave.unwrap() <= stubborn.unwrap());
        }
    }
}
