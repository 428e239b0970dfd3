//! The closed form: Grundy values, outcomes and every winning move of any rectangle with
//! sides up to `u64::MAX`, in O(log n).
//!
//! In one strip, `n → m` with ⌈n/2⌉ ≤ m ≤ n − 1. Its Grundy value is `g(1) = 0`,
//! `g(2k) = k`, `g(2k + 1) = g(k)`, which is `n >> (trailing_ones(n) + 1)`: an odd `n`
//! sheds its trailing ones two at a time with each halving. The tests check both forms
//! against the generic solver, which knows only the rules.
//!
//! The lengths with value `v` form the chain `2v, 4v + 1, 8v + 3, …` (for `v = 0`:
//! `1, 3, 7, …`), each one more than twice the one before, so the window ⌈n/2⌉ ≤ m < n holds
//! at most one of them: each side has at most one winning target length, reached by the
//! two cuts `n − m` and `m` (one cut when `m = n/2`). A rectangle therefore has at most four
//! winning cuts.

use super::{Cut, Direction, Rectangle};
use crate::report::Outcome;
use crate::nimber::Nimber;

/// The Grundy value of a strip of length `n ≥ 1`.
///
/// ```
/// use grundy::games::rectangle::solve::strip_grundy;
/// assert_eq!(strip_grundy(1), 0);
/// assert_eq!(strip_grundy(10), 5);
/// assert_eq!(strip_grundy(11), 1); // g(11) = g(5) = g(2) = 1
/// assert_eq!(strip_grundy(u64::MAX), 0);
/// ```
pub fn strip_grundy(n: u64) -> Nimber {
    // For n = 2^64 − 1 the shift is 65: every bit is shed and the value is 0.
    n.checked_shr(n.trailing_ones() + 1).unwrap_or(0)
}

/// The length `m` with ⌈n/2⌉ ≤ m ≤ n − 1 and Grundy value `target`, if there is one (there
/// is never more than one; see the module documentation).
pub fn strip_move_to_value(n: u64, target: Nimber) -> Option<u64> {
    let high = n.checked_sub(1)?;
    // The chain is m_k = (2·target + 1)·2^k − 1: find the least k with m_k ≥ ⌈n/2⌉ by bit
    // lengths, in u128 so that nothing overflows.
    let odd = 2 * u128::from(target) + 1;
    let needed = u128::from(n.div_ceil(2)) + 1;
    let bits = |x: u128| 128 - x.leading_zeros();
    let mut shift = bits(needed).saturating_sub(bits(odd));
    if (odd << shift) < needed {
        shift += 1;
    }
    let m = (odd << shift) - 1;
    u64::try_from(m).ok().filter(|&m| m <= high && m >= 1)
}

/// The Grundy value of a rectangle: the nim-sum of its two strips.
pub fn grundy_value(position: &Rectangle) -> Nimber {
    strip_grundy(position.width()) ^ strip_grundy(position.height())
}

/// Who wins: the player to move loses exactly when both sides have the same value.
pub fn outcome(position: &Rectangle) -> Outcome {
    Outcome::from_grundy(grundy_value(position))
}

/// The rectangles a winning move can reach, at most one per direction: vertical first.
pub fn winning_results(position: &Rectangle) -> Vec<(Direction, u64)> {
    let width_value = strip_grundy(position.width());
    let height_value = strip_grundy(position.height());
    if width_value == height_value {
        return Vec::new();
    }
    let mut found = Vec::with_capacity(2);
    if let Some(m) = strip_move_to_value(position.width(), height_value) {
        found.push((Direction::Vertical, m));
    }
    if let Some(m) = strip_move_to_value(position.height(), width_value) {
        found.push((Direction::Horizontal, m));
    }
    found
}

/// The cuts reaching a side length `kept`: `side − kept` and `kept`, ascending, one when they
/// coincide.
pub fn cuts_keeping(side: u64, direction: Direction, kept: u64) -> Vec<Cut> {
    let small = side - kept;
    let mut cuts = vec![Cut::new(direction, small)];
    if kept != small {
        cuts.push(Cut::new(direction, kept));
    }
    cuts
}

/// Every winning cut, in the order of
/// [`RectangleGame::legal_moves`](super::RectangleGame): vertical cuts by position, then
/// horizontal ones. Empty when the position is lost (or terminal).
pub fn winning_moves(position: &Rectangle) -> Vec<Cut> {
    winning_results(position)
        .into_iter()
        .flat_map(|(direction, kept)| cuts_keeping(position.side(direction), direction, kept))
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::games::rectangle::{RectangleGame, Strip, StripGame};
    use crate::impartial::Solver;

    /// The recurrence as stated in the rules, for comparison with the bit form.
    fn recurrence(n: u64) -> Nimber {
        match n {
            1 => 0,
            even if even % 2 == 0 => even / 2,
            odd => recurrence((odd - 1) / 2),
        }
    }

    #[test]
    fn both_forms_match_the_generic_solver_on_strips() {
        let mut solver = Solver::new(StripGame);
        for n in 1..=300u64 {
            let value = solver.grundy_value(&Strip::new(n).unwrap());
            assert_eq!(strip_grundy(n), value, "n = {n}");
            assert_eq!(recurrence(n), value, "n = {n}");
        }
    }

    #[test]
    fn bit_form_matches_the_recurrence_far_out() {
        let mut n: u64 = 1;
        for step in 0..200_000u64 {
            assert_eq!(strip_grundy(n), recurrence(n), "n = {n}");
            n = n
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407 + step)
                | 1;
            assert_eq!(strip_grundy(n), recurrence(n), "n = {n}");
            assert_eq!(strip_grundy(n >> 1 | 1 << 63), recurrence(n >> 1 | 1 << 63));
        }
        for n in [u64::MAX, u64::MAX - 1, u64::MAX - 2, 1 << 63, (1 << 63) - 1] {
            assert_eq!(strip_grundy(n), recurrence(n), "n = {n}");
        }
        assert_eq!(strip_grundy(u64::MAX), 0);
        assert_eq!(strip_grundy(u64::MAX - 1), u64::MAX / 2);
    }

    #[test]
    fn targets_are_unique_and_found() {
        for n in 1..=600u64 {
            for target in 0..=n {
                let brute: Vec<u64> = (n.div_ceil(2)..n)
                    .filter(|&m| strip_grundy(m) == target)
                    .collect();
                assert!(brute.len() <= 1, "n = {n}, target = {target}");
                assert_eq!(strip_move_to_value(n, target), brute.first().copied());
            }
        }
    }

    #[test]
    fn targets_near_the_top_do_not_overflow() {
        let n = u64::MAX;
        // 2^64 − 1 has value 0 and the chain below it, 2^63 − 1, is out of reach.
        assert_eq!(strip_move_to_value(n, 0), None);
        let m = strip_move_to_value(n, 1).unwrap();
        assert_eq!(m, 3 * (1 << 62) - 1);
        assert_eq!(strip_grundy(m), 1);
        let target = strip_grundy(u64::MAX - 1) - 1;
        assert_eq!(
            strip_move_to_value(u64::MAX - 1, target),
            Some(u64::MAX - 3)
        );
        assert_eq!(strip_move_to_value(u64::MAX, u64::MAX), None);
        assert_eq!(strip_move_to_value(1, 0), None);
        let huge = Rectangle::new(u64::MAX, u64::MAX - 1).unwrap();
        let moves = winning_moves(&huge);
        assert!(!moves.is_empty());
        for cut in moves {
            assert_eq!(grundy_value(&huge.apply(&cut).unwrap()), 0, "{cut}");
        }
    }

    /// The chain walked one link at a time, as a slow twin of the bit-length jump.
    fn walk_chain(n: u64, target: Nimber) -> Option<u64> {
        let (low, high) = (n.div_ceil(2), n.checked_sub(1)?);
        let mut m = if target == 0 {
            1
        } else {
            target.checked_mul(2)?
        };
        while m < low {
            m = m.checked_mul(2)?.checked_add(1)?;
        }
        (m <= high).then_some(m)
    }

    proptest::proptest! {
        #[test]
        fn chain_jump_matches_the_walk(n in 1u64.., target in 0u64.., shift in 0u32..64) {
            let small = target >> shift;
            proptest::prop_assert_eq!(strip_move_to_value(n, target), walk_chain(n, target));
            proptest::prop_assert_eq!(strip_move_to_value(n, small), walk_chain(n, small));
            proptest::prop_assert_eq!(
                strip_move_to_value(n, strip_grundy(n >> 1)),
                walk_chain(n, strip_grundy(n >> 1))
            );
        }

        #[test]
        fn winning_moves_of_huge_rectangles_are_right(width in 1u64.., height in 1u64..) {
            let position = Rectangle::new(width, height).unwrap();
            let moves = winning_moves(&position);
            proptest::prop_assert_eq!(moves.is_empty(), outcome(&position) == Outcome::Loss);
            proptest::prop_assert!(moves.len() <= 4);
            for cut in moves {
                let next = position.apply(&cut).unwrap();
                proptest::prop_assert_eq!(grundy_value(&next), 0);
            }
        }
    }

    #[test]
    fn closed_form_matches_the_generic_solver_on_rectangles() {
        let mut solver = Solver::new(RectangleGame);
        for width in 1..=64u64 {
            for height in 1..=64u64 {
                let position = Rectangle::new(width, height).unwrap();
                assert_eq!(grundy_value(&position), solver.grundy_value(&position));
                assert_eq!(outcome(&position), solver.outcome(&position));
                assert_eq!(
                    winning_moves(&position),
                    solver.winning_moves(&position),
                    "{position}"
                );
            }
        }
    }
}
