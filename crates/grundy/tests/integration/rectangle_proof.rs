//! The lemmas of docs/rectangle-remoteness.md, checked one by one on small cases, apart from
//! the code they justify: chain coordinates `n = (2v + 1)·2^t − 1`, the shift `D(v, u)`, the
//! two replies after a loser's move, and the inequalities of the induction.

#![allow(clippy::unwrap_used)]

use grundy::games::rectangle::remoteness::formula_remoteness;
use grundy::games::rectangle::solve::strip_grundy;
use grundy::games::rectangle::Rectangle;

/// `n = (2v + 1)·2^t − 1` with `t` the trailing ones of `n`: returns `(v, t)`.
fn coordinates(n: u64) -> (u64, i64) {
    let t = n.trailing_ones();
    (n.checked_shr(t + 1).unwrap_or(0), i64::from(t))
}

/// The length with coordinates `(v, t)`, when `t ≥ 0` and it is at least 1.
fn length(v: u64, t: i64) -> Option<u64> {
    let t = u32::try_from(t).ok()?;
    let n = (2 * v + 1).checked_shl(t)? - 1;
    (n >= 1).then_some(n)
}

/// `D(v, u) = ⌊log2((2v + 1)/(2u + 1))⌋` for `u ≠ v`.
fn shift(v: u64, u: u64) -> i64 {
    let (top, bottom) = (2 * v + 1, 2 * u + 1);
    if top > bottom {
        (0..).take_while(|&d| bottom << d <= top).last().unwrap()
    } else {
        -(1..).find(|&k| top << k >= bottom).unwrap()
    }
}

/// The least index a class allows: 1 for the class of value 0 (whose index 0 would be the
/// length 0), 0 otherwise.
fn least_index(u: u64) -> i64 {
    i64::from(u == 0)
}

/// The constant of the lost formula: `L(v, a, b) = 2(a + b) + F(v)`.
fn constant(v: u64) -> i64 {
    match v {
        0 => -4,
        1 => 2,
        _ => 2 * v as i64 + 2,
    }
}

#[test]
fn lemma_1_coordinates_are_the_grundy_value_and_trailing_ones() {
    for n in 1..=100_000u64 {
        let (v, t) = coordinates(n);
        assert_eq!(strip_grundy(n), v, "{n}");
        assert_eq!(length(v, t), Some(n), "{n}");
    }
}

#[test]
fn lemma_1_each_window_meets_each_other_class_once_at_the_shifted_index() {
    for n in 1..=1500u64 {
        let (v, a) = coordinates(n);
        let window = n.div_ceil(2)..n;
        for u in 0..=n {
            let found: Vec<u64> = window.clone().filter(|&m| coordinates(m).0 == u).collect();
            let expected = if u == v {
                None
            } else {
                let index = a + shift(v, u);
                (index >= least_index(u))
                    .then(|| length(u, index))
                    .flatten()
            };
            assert_eq!(found.first().copied(), expected, "n = {n}, class {u}");
            assert!(found.len() <= 1);
        }
    }
}

#[test]
fn lemma_1_shifts_are_antisymmetric() {
    for v in 0..=400u64 {
        for u in (0..=400u64).filter(|&u| u != v) {
            assert_eq!(shift(u, v), -shift(v, u) - 1, "{v} {u}");
        }
    }
}

/// The lost formula in coordinates, compared with the library's closed form.
#[test]
fn lost_formula_in_coordinates() {
    for w in 1..=400u64 {
        for h in 1..=400u64 {
            let ((v, a), (u, b)) = (coordinates(w), coordinates(h));
            if u != v {
                continue;
            }
            let position = Rectangle::new(w, h).unwrap();
            let expected = 2 * (a + b) + constant(v);
            assert_eq!(
                formula_remoteness(&position),
                expected as u128,
                "{position}"
            );
        }
    }
}

/// Lemma 3: when the loser cuts the side `2v` (no reply on that side), the reply on the other
/// side leaves at most `L − 2`: `4D + F(u) ≤ F(v) − 2` for every `u < v`. Lemma 4, square
/// case: some `u < v` reaches it exactly.
#[test]
fn lemmas_3_and_4_on_the_even_side() {
    for v in 1..=2500u64 {
        let bound = constant(v) - 2;
        let mut reached = false;
        for u in 0..v {
            let value = 4 * shift(v, u) + constant(u);
            assert!(value <= bound, "v = {v}, u = {u}");
            reached |= value == bound;
        }
        assert!(reached, "v = {v}");
    }
}

/// Lemma 4: shaving one unit off a side with trailing ones leaves the class
/// `u = (2v + 1)·2^(a − 1) − 1` at index 0, whose reply on the other side leaves at least
/// `L − 2`.
#[test]
fn lemma_4_shaving_one_unit() {
    for v in 0..=2000u64 {
        for a in (1 + least_index(v))..=40 {
            let n = length(v, a).unwrap();
            let (u, s) = coordinates(n - 1);
            assert_eq!((u, s), ((n - 1) / 2, 0));
            assert_eq!(shift(v, u), -a);
            assert!(4 * shift(v, u) + constant(u) >= constant(v) - 2, "{v} {a}");
        }
    }
}
