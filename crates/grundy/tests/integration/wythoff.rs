//! Wythoff's game checked against the rules written again here (a plain recursion over queen
//! moves), the Beatty / mex construction of the losing pairs, the values published for it,
//! and the generic solver.

#![allow(clippy::unwrap_used)]

use std::collections::HashMap;

use grundy::games::wythoff::solve::{
    grundy_value, is_losing, losing_pair, outcome, partner, queen_winning_moves, winning_moves,
    ValueTable,
};
use grundy::games::wythoff::{Wythoff, WythoffGame};
use grundy::impartial::Solver;
use grundy::report::Outcome;
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use proptest::prelude::*;

/// The nim value of a queen by definition: the least value not among those of the squares
/// it reaches (left, up, diagonally up-left), memoised.
fn brute(a: u32, b: u32, memo: &mut HashMap<(u32, u32), u32>) -> u32 {
    if let Some(value) = memo.get(&(a, b)) {
        return *value;
    }
    let mut seen = Vec::new();
    for c in 0..a {
        seen.push(brute(c, b, memo));
    }
    for d in 0..b {
        seen.push(brute(a, d, memo));
    }
    for t in 1..=a.min(b) {
        seen.push(brute(a - t, b - t, memo));
    }
    let value = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert((a, b), value);
    value
}

#[test]
fn the_table_and_the_closed_form_agree_with_the_rules_on_every_small_queen() {
    let mut memo = HashMap::new();
    let table = ValueTable::new(40, 40);
    for a in 0..=40u32 {
        for b in 0..=40u32 {
            let value = brute(a, b, &mut memo);
            let queen = (u128::from(a), u128::from(b));
            assert_eq!(table.get(queen), Some(u64::from(value)), "{a},{b}");
            assert_eq!(is_losing(queen), value == 0, "{a},{b}");
            // The closed form's winning moves are exactly the moves to a value of 0.
            let mut expected: Vec<(u128, u128)> = Vec::new();
            for c in 0..a {
                if brute(c, b, &mut memo) == 0 {
                    expected.push((u128::from(c), u128::from(b)));
                }
            }
            for d in 0..b {
                if brute(a, d, &mut memo) == 0 {
                    expected.push((u128::from(a), u128::from(d)));
                }
            }
            for t in 1..=a.min(b) {
                if brute(a - t, b - t, &mut memo) == 0 {
                    expected.push((u128::from(a - t), u128::from(b - t)));
                }
            }
            assert_eq!(queen_winning_moves(queen), expected, "{a},{b}");
        }
    }
}

#[test]
fn sums_agree_with_the_rules() {
    let mut memo = HashMap::new();
    for (a, b, c, d) in [
        (1, 2, 3, 4),
        (4, 7, 2, 3),
        (5, 5, 6, 1),
        (7, 9, 8, 3),
        (0, 0, 2, 2),
    ] {
        let position: Wythoff = format!("{a},{b}+{c},{d}").parse().unwrap();
        let value = brute(a, b, &mut memo) ^ brute(c, d, &mut memo);
        assert_eq!(
            grundy_value(&position),
            Some(u64::from(value)),
            "{position}"
        );
        for mv in winning_moves(&position).unwrap() {
            let after = position.apply(&mv).unwrap();
            assert_eq!(grundy_value(&after), Some(0), "{mv}");
        }
    }
}

/// OEIS A000201 (⌊nφ⌋) and A001950 (⌊nφ²⌋), n = 1 to 30: the losing positions' coordinates.
#[test]
fn the_losing_pairs_are_oeis_a000201_and_a001950() {
    let a000201 = [
        1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32, 33, 35, 37, 38,
        40, 42, 43, 45, 46, 48,
    ];
    let a001950 = [
        2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52, 54, 57, 60,
        62, 65, 68, 70, 73, 75, 78,
    ];
    for k in 1..=30usize {
        let (a, b) = losing_pair(&BigUint::from(k));
        assert_eq!(a.to_u32(), Some(a000201[k - 1]), "{k}");
        assert_eq!(b.to_u32(), Some(a001950[k - 1]), "{k}");
    }
}

/// OEIS A004481, the table of the nim values of Wythoff's game (also tabulated in
/// Berlekamp, Conway and Guy, Winning Ways, under "Wyt Queens"): its corner 10 × 10, as typed
/// here checked also against the rules written again ([`brute`]), so a slip in typing it
/// would fail.
#[test]
fn the_nim_values_are_oeis_a004481() {
    let published: [[u64; 10]; 10] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        [1, 2, 0, 4, 5, 3, 7, 8, 6, 10],
        [2, 0, 1, 5, 3, 4, 8, 6, 7, 11],
        [3, 4, 5, 6, 2, 0, 1, 9, 10, 12],
        [4, 5, 3, 2, 7, 6, 9, 0, 1, 8],
        [5, 3, 4, 0, 6, 8, 10, 1, 2, 7],
        [6, 7, 8, 1, 9, 10, 3, 4, 5, 13],
        [7, 8, 6, 9, 0, 1, 4, 5, 3, 14],
        [8, 6, 7, 10, 1, 2, 5, 3, 4, 15],
        [9, 10, 11, 12, 8, 7, 13, 14, 15, 16],
    ];
    let table = ValueTable::new(9, 9);
    let mut memo = HashMap::new();
    for (a, row) in published.iter().enumerate() {
        for (b, value) in row.iter().enumerate() {
            assert_eq!(table.get((a as u128, b as u128)), Some(*value), "{a},{b}");
            let by_rules = brute(a as u32, b as u32, &mut memo);
            assert_eq!(u64::from(by_rules), *value, "{a},{b} by the rules");
        }
    }
}

/// The losing pairs built without φ: the k-th pair is (the least number in no earlier pair,
/// that number + k) — the complementary Beatty sequences.
#[test]
fn the_closed_form_matches_the_mex_construction_far_out() {
    let count = 200_000usize;
    let mut used = vec![false; 3 * count];
    let mut next = 0;
    for k in 0..count {
        while used[next] {
            next += 1;
        }
        let (a, b) = (next, next + k);
        used[a] = true;
        used[b] = true;
        let (x, y) = losing_pair(&BigUint::from(k));
        assert_eq!((x.to_usize(), y.to_usize()), (Some(a), Some(b)), "{k}");
        if k % 997 == 0 {
            assert_eq!(partner(a as u128).to_usize(), Some(b));
            assert_eq!(partner(b as u128).to_usize(), Some(a));
        }
    }
}

/// Near 10^30, past u64: the pair of index k = 10^30 + j satisfies ⌊kφ⌋ = a exactly when
/// a < kφ < a + 1, that is (2a − k)² < 5k² < (2a + 2 − k)², checked in big integers.
#[test]
fn huge_queens_are_exact() {
    let base = BigUint::from(10u32).pow(30);
    for j in 0u32..50 {
        let k = &base + j;
        let (a, b) = losing_pair(&k);
        let five_k2 = &k * &k * 5u32;
        let twice = &a * 2u32;
        assert!((&twice - &k).pow(2) < five_k2);
        assert!((&twice + 2u32 - &k).pow(2) > five_k2);
        assert_eq!(&b - &a, k);
        let (a, b) = (a.to_u128().unwrap(), b.to_u128().unwrap());
        let lost: Wythoff = format!("{a},{b}").parse().unwrap();
        assert_eq!(outcome(&lost), Some(Outcome::Loss));
        let won: Wythoff = format!("{},{b}", a + 1).parse().unwrap();
        assert_eq!(outcome(&won), Some(Outcome::Win));
        let moves = winning_moves(&won).unwrap();
        assert!(moves.iter().any(|mv| mv.to == (a, b)));
        for mv in moves {
            assert!(is_losing(mv.to), "{mv}");
        }
    }
    // At the top of u128 the partner of a coordinate may not fit; no panic.
    let top: Wythoff = format!("{},{}", u128::MAX, u128::MAX - 7).parse().unwrap();
    assert_eq!(outcome(&top), Some(Outcome::Win));
    assert!(!winning_moves(&top).unwrap().is_empty());
}

proptest! {
    /// The table and the closed form against the generic memoised solver, on sums of up to
    /// three small queens.
    #[test]
    fn sums_agree_with_the_generic_solver(queens in prop::collection::vec((0u128..9, 0u128..9), 1..4)) {
        let mut solver = Solver::new(WythoffGame);
        let position = Wythoff::new(queens.clone()).unwrap();
        prop_assert_eq!(grundy_value(&position), Some(solver.grundy_value(&queens)));
        let lone = queens.iter().filter(|q| **q != (0, 0)).count() <= 1;
        if lone {
            prop_assert_eq!(outcome(&position), Some(solver.outcome(&queens)));
        }
        let moves = winning_moves(&position).unwrap();
        let expected = solver.winning_moves(&queens).len();
        // The generic solver lists a move per queen, equal queens included.
        prop_assert!(moves.len() <= expected);
        prop_assert_eq!(moves.is_empty(), expected == 0);
    }
}
