//! The cuboid game: the fast table and the sum solver against the generic solver and the
//! reference table, and the contest format.

#![allow(clippy::unwrap_used)]

use grundy::games::cuboid::contest::answer;
use grundy::games::cuboid::{
    analyse_sum, grundy_value, naive_table, shared_table, Cuboid, CuboidGame, CuboidPosition,
    CuboidTable,
};
use grundy::impartial::Solver;
use grundy::report::Outcome;
use proptest::prelude::*;

fn cuboid(x: u32, y: u32, z: u32) -> Cuboid {
    Cuboid::new(x, y, z).unwrap()
}

#[test]
fn table_agrees_with_the_generic_solver_up_to_side_10() {
    let table = CuboidTable::new(10).unwrap();
    let mut solver = Solver::new(CuboidGame);
    for x in 1..=10 {
        for y in 1..=10 {
            for z in 1..=10 {
                let shape = cuboid(x, y, z);
                assert_eq!(
                    table.value(shape).unwrap(),
                    solver.grundy_value(&CuboidPosition::from(shape)),
                    "{shape}"
                );
            }
        }
    }
}

#[test]
fn table_agrees_with_the_reference_up_to_side_14() {
    assert_eq!(CuboidTable::new(14).unwrap(), naive_table(14).unwrap());
}

#[test]
fn known_facts() {
    let table = shared_table(30).unwrap();
    for a in 1..=30 {
        for b in 1..=30 {
            assert_eq!(table.value(cuboid(1, a, b)).unwrap(), 1);
        }
    }
    for c in 3..=30 {
        assert_eq!(table.value(cuboid(2, 2, c)).unwrap(), 2);
        assert_eq!(table.value(cuboid(c, 2, 2)).unwrap(), 2);
    }
    let losing: Vec<String> = (1..=8)
        .flat_map(|x| (x..=8).flat_map(move |y| (y..=8).map(move |z| cuboid(x, y, z))))
        .filter(|shape| table.value(*shape).unwrap() == 0)
        .map(|shape| shape.to_string())
        .collect();
    assert_eq!(losing, ["2x2x2", "4x4x4"]);
}

#[test]
fn a_table_to_side_64_is_consistent_with_smaller_ones() {
    let large = shared_table(64).unwrap();
    assert_eq!(large.max_side(), 64);
    let small = CuboidTable::new(20).unwrap();
    for (x, y, z) in [(20, 20, 20), (3, 17, 19), (1, 1, 1), (2, 2, 2), (7, 11, 13)] {
        let shape = cuboid(x, y, z);
        assert_eq!(large.value(shape).unwrap(), small.value(shape).unwrap());
    }
    // Every value to side 64 is well defined; the corners of the range are reachable.
    assert_eq!(large.value(cuboid(1, 64, 64)).unwrap(), 1);
    assert_eq!(large.value(cuboid(2, 2, 64)).unwrap(), 2);
    assert!(large.value(cuboid(64, 64, 64)).is_ok());
}

#[test]
fn the_parallel_table_agrees_with_the_reference_at_side_22() {
    assert_eq!(CuboidTable::new(22).unwrap(), naive_table(22).unwrap());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// The parallel build gives the single-threaded reference's values on every side and
    /// whatever the number of threads.
    #[test]
    fn the_parallel_table_agrees_with_the_reference(side in 1u32..=20, threads in 1usize..=4) {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        let parallel = pool.install(|| CuboidTable::new(side)).unwrap();
        prop_assert_eq!(parallel, naive_table(side).unwrap());
    }
}

fn small_cuboid() -> impl Strategy<Value = Cuboid> {
    (1u32..=3, 1u32..=3, 1u32..=4).prop_map(|(x, y, z)| cuboid(x, y, z))
}

fn small_sum() -> impl Strategy<Value = CuboidPosition> {
    proptest::collection::vec(small_cuboid(), 0..4).prop_map(CuboidPosition::new)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn winning_moves_in_sums_agree_with_the_generic_solver(position in small_sum()) {
        let table = CuboidTable::new(4).unwrap();
        let mut solver = Solver::new(CuboidGame);
        let fast = analyse_sum(&table, &position, usize::MAX).unwrap();
        let slow = solver.winning_moves(&position);
        prop_assert_eq!(fast.value, solver.grundy_value(&position));
        prop_assert_eq!(fast.outcome, solver.outcome(&position));
        prop_assert_eq!(fast.winning_move_count, slow.len() as u64);
        prop_assert_eq!(fast.winning_moves, slow);
    }

    #[test]
    fn every_winning_move_leaves_a_lost_position(position in small_sum()) {
        let table = CuboidTable::new(4).unwrap();
        let analysis = analyse_sum(&table, &position, usize::MAX).unwrap();
        for mv in analysis.winning_moves {
            let after = position.apply(&mv).unwrap();
            prop_assert_eq!(grundy_value(&table, &after).unwrap(), 0);
        }
    }

    #[test]
    fn contest_answers_follow_the_value(
        first in prop_oneof![Just("RUBEN"), Just("ALBERT")],
        sides in proptest::collection::vec((1u32..=30, 1u32..=30, 1u32..=30), 0..20),
    ) {
        let table = shared_table(30).unwrap();
        let mut input = format!("{first}\n{}\n", sides.len());
        for (x, y, z) in &sides {
            input.push_str(&format!("{x} {y} {z}\n"));
        }
        let position = CuboidPosition::new(sides.iter().map(|(x, y, z)| cuboid(*x, *y, *z)).collect());
        let wins = Outcome::from_grundy(grundy_value(&table, &position).unwrap()) == Outcome::Win;
        let other = if first == "RUBEN" { "ALBERT" } else { "RUBEN" };
        let expected = format!("{}\n", if wins { first } else { other });
        prop_assert_eq!(answer(input.as_bytes()).unwrap(), expected);
    }

    #[test]
    fn random_text_never_panics_the_contest_reader(text in "\\PC*") {
        let _ = answer(text.as_bytes());
    }

    #[test]
    fn random_bytes_never_panic_the_contest_reader(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let _ = answer(&bytes);
    }

    #[test]
    fn near_miss_inputs_never_panic(
        name in prop_oneof![Just("RUBEN"), Just("ALBERT"), Just("ruben"), Just("")],
        tokens in proptest::collection::vec(prop_oneof![Just("0".to_string()), Just("65".to_string()), (0u32..80).prop_map(|n| n.to_string()), Just("-1".to_string()), Just("x".to_string())], 0..12),
    ) {
        let input = format!("{name}\n{}", tokens.join(" "));
        if let Err(error) = answer(input.as_bytes()) {
            prop_assert!(!error.to_string().contains('\n'));
        }
    }

    #[test]
    fn random_text_never_panics_the_notation(text in "\\PC*") {
        let _ = text.parse::<CuboidPosition>();
        let _ = text.parse::<grundy::games::cuboid::CuboidMove>();
    }

    #[test]
    fn notation_round_trips(position in small_sum()) {
        let text = position.to_string();
        prop_assert_eq!(text.parse::<CuboidPosition>().unwrap(), position);
    }
}

#[test]
fn contest_golden_samples() {
    let cases = [
        ("RUBEN\n1\n1 1 1\n", "RUBEN\n"),
        ("ALBERT\n1\n2 2 2\n", "RUBEN\n"),
        ("RUBEN\n1\n4 4 4\n", "ALBERT\n"),
        ("RUBEN\n2\n3 3 3\n3 3 3\n", "ALBERT\n"),
        ("ALBERT\n3\n1 1 1\n2 2 3\n1 5 7\n", "ALBERT\n"),
        ("RUBEN\n1\n2 2 5\n", "RUBEN\n"),
    ];
    for (input, expected) in cases {
        assert_eq!(answer(input.as_bytes()).unwrap(), expected, "{input:?}");
    }
}

#[test]
fn contest_bad_inputs() {
    let cases = [
        ("CHARLIE\n1\n1 1 1\n", "line 1, token 1"),
        ("RUBEN\nx\n", "line 2, token 1"),
        ("RUBEN\n3\n1 1 1\n2 2 2\n", "found the end of the input"),
        ("RUBEN\n1\n1 1 1\n1 1 1\n", "unexpected extra input (line 4"),
        ("RUBEN\n1\n0 1 1\n", "line 3, token 1"),
        ("RUBEN\n1\n1 1 100\n", "between 1 and 64"),
        (
            "RUBEN\n1\n1 1 1 1\n",
            "unexpected extra input (line 3, token 4",
        ),
    ];
    for (input, expected) in cases {
        let error = answer(input.as_bytes()).unwrap_err().to_string();
        assert!(error.contains(expected), "{input:?}: {error}");
        assert!(!error.contains('\n'));
    }
}

#[test]
fn contest_answers_a_hundred_thousand_cuboids() {
    // The answer is the nim-sum of the cuboids' values, each read from a table of its own:
    // every one of the 100 000 lines counts.
    let table = CuboidTable::new(30).unwrap();
    let mut input = String::from("RUBEN\n100000\n");
    let mut sum = 0;
    for index in 0..100_000u32 {
        let side = |salt: u32| (index.wrapping_mul(2_654_435_761).wrapping_add(salt) >> 7) % 30 + 1;
        let (x, y, z) = (side(1), side(77), side(991));
        input.push_str(&format!("{x} {y} {z}\n"));
        sum ^= table.value(cuboid(x, y, z)).unwrap();
    }
    let expected = if sum == 0 { "ALBERT\n" } else { "RUBEN\n" };
    assert_eq!(answer(input.as_bytes()).unwrap(), expected);
}
