//! The rectangle game's strategy measured against exact remoteness and on the contest's
//! biggest position.

#![allow(clippy::unwrap_used)]

use grundy::games::rectangle::remoteness::{
    heuristic_stubborn_move, heuristic_win_move, perfect_move, play_out, remoteness_report,
    Opponent, RemotenessKind, RemotenessTable, EXACT_BUDGET,
};
use grundy::games::rectangle::{solve, Rectangle};
use grundy::Outcome;

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
    let record = measure(&table, false);
    println!("exact winner vs heuristic stubborn loser, sides <= {SIDE}: {record:?}");
}

#[test]
fn contest_biggest_position_is_won_quickly() {
    let start = Rectangle::new(100_000_000, 99_999_999).unwrap();
    assert_eq!(solve::outcome(&start), Outcome::Win);
    for opponent in [Opponent::ShaveOne, Opponent::Stubborn] {
        let moves = play_out(start, perfect_move, |p| opponent.choose(p), 10_000_000).unwrap();
        println!("100000000x99999999 against {opponent:?}: {moves} moves");
        assert_eq!(moves % 2, 1, "the first player makes the last move");
    }
    let report = remoteness_report(&start, EXACT_BUDGET).unwrap();
    println!("report: {report:?}");
    assert_eq!(report.kind, RemotenessKind::Heuristic);
}
