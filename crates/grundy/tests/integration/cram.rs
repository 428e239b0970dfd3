//! Cram: the evaluator (regions valued apart, each under the symmetries; even rectangles
//! valued 0 at once) against a brute force written from the rules alone on every board of
//! at most 12 cells and on random boards of up to 20, the rectangles' symmetry shortcut
//! against the brute force, strips against Dawson's Kayles (0.07) through the registry's
//! take-and-break family, and published values.

#![allow(clippy::unwrap_used)]

use std::collections::HashMap;

use grundy::games::cram::symmetry::symmetry_outcome;
use grundy::games::cram::{Cram, PlainCram};
use grundy::grid::Geometry;
use grundy::impartial::searched::{evaluator, grundy_value};
use grundy::impartial::Solver;
use grundy::registry;
use grundy::report::Outcome;
use grundy::report::{Report, SolveOptions};
use proptest::prelude::*;

/// The rules again, plainly, on a `width × height` grid whose cell `(c, r)` is bit
/// `r * width + c` of `empty`: a move empties two cells side by side (in a row or a column);
/// the value is the mex of the options' values.
fn brute(width: usize, height: usize, empty: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&value) = memo.get(&empty) {
        return value;
    }
    let mut seen = Vec::new();
    for row in 0..height {
        for column in 0..width {
            let here = 1u64 << (row * width + column);
            if empty & here == 0 {
                continue;
            }
            let mut partners = Vec::new();
            if column + 1 < width {
                partners.push(here << 1);
            }
            if row + 1 < height {
                partners.push(here << width);
            }
            for there in partners {
                if empty & there != 0 {
                    seen.push(brute(width, height, empty & !(here | there), memo));
                }
            }
        }
    }
    let mut mex = 0;
    while seen.contains(&mex) {
        mex += 1;
    }
    memo.insert(empty, mex);
    mex
}

fn brute_value(width: usize, height: usize, empty: u64) -> u64 {
    brute(width, height, empty, &mut HashMap::new())
}

fn board(width: usize, height: usize, empty: u64) -> Cram {
    Cram::from_empty_cells(Geometry::new(width, height).unwrap(), empty)
}

#[test]
fn every_board_of_at_most_twelve_cells_agrees_with_the_brute_force() {
    let mut solver = evaluator::<Cram>();
    let mut plain = Solver::new(PlainCram);
    let mut boards = 0u64;
    for width in 1..=12usize {
        for height in 1..=12 / width {
            let cells = width * height;
            let mut memo = HashMap::new();
            for empty in 0..(1u64 << cells) {
                let expected = brute(width, height, empty, &mut memo);
                let position = board(width, height, empty);
                assert_eq!(solver.grundy_value(&position), expected, "{position}");
                if cells <= 8 {
                    assert_eq!(plain.grundy_value(&position), expected, "{position}");
                }
                boards += 1;
            }
        }
    }
    // Every subset of every grid of 1 to 12 cells.
    assert_eq!(boards, 35_978);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_boards_agree_with_the_brute_force(width in 1usize..=5, height in 1usize..=4, empty in any::<u64>()) {
        let position = board(width, height, empty);
        let expected = brute_value(width, height, position.empty_cells());
        prop_assert_eq!(grundy_value(&position), expected, "{}", position);
    }

    /// The symmetry shortcut against the plain game tree: an empty rectangle with both sides
    /// even is lost (value 0), one with a side even and the other odd is won, by the centre
    /// domino (after which the brute force values the board 0), on rectangles of up to 20
    /// cells placed anywhere on a larger board.
    #[test]
    fn rectangles_follow_the_symmetry_shortcut(
        width in 1usize..=5, height in 1usize..=5, left in 0usize..2, top in 0usize..2,
    ) {
        prop_assume!((2..=20).contains(&(width * height)));
        let geometry = Geometry::new(width + left + 1, height + top).unwrap();
        let mut empty = 0;
        for row in top..top + height {
            for column in left..left + width {
                empty |= geometry.bit(column, row);
            }
        }
        let position = Cram::from_empty_cells(geometry, empty);
        let (w, h) = (geometry.width(), geometry.height());
        let value = brute_value(w, h, empty);
        prop_assert_eq!(grundy_value(&position), value);
        match (width % 2, height % 2) {
            (0, 0) => {
                prop_assert_eq!(value, 0);
                prop_assert_eq!(symmetry_outcome(&position), Some((Outcome::Loss, None)));
            }
            (1, 1) => prop_assert_eq!(symmetry_outcome(&position), None),
            _ => {
                prop_assert!(value != 0);
                let (outcome, centre) = symmetry_outcome(&position).unwrap();
                prop_assert_eq!(outcome, Outcome::Win);
                let after = position.apply(&centre.unwrap()).unwrap();
                prop_assert_eq!(brute_value(w, h, after.empty_cells()), 0);
            }
        }
    }
}

fn takebreak(position: &str) -> u64 {
    let game = registry::find("takebreak").unwrap();
    match game.solve(position, &SolveOptions::default()).unwrap() {
        Report::Solved(report) => report.grundy.unwrap(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn strips_are_dawsons_kayles() {
    let mut solver = evaluator::<Cram>();
    for n in 1..=64 {
        let expected = takebreak(&format!("0.07:{n}"));
        let row = Cram::new(n, 1).unwrap();
        let column = Cram::new(1, n).unwrap();
        assert_eq!(solver.grundy_value(&row), expected, "1x{n}");
        assert_eq!(solver.grundy_value(&column), expected, "{n}x1");
    }
}

/// Dawson's Kayles (the octal game 0.07) on heaps 0 to 29: 0, then OEIS A002187's first 29
/// terms (the values of Dawson's chess, which on n is Dawson's Kayles on n + 1; Winning
/// Ways, ch. 4, "Dawson's Kayles"). A strip of `n` cells is a heap of `n`: a domino takes
/// two adjacent cells, leaving what is on either side.
#[test]
fn strips_have_the_published_values_of_dawsons_kayles() {
    let published = [
        0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0,
    ];
    for (n, &value) in published.iter().enumerate().skip(1) {
        assert_eq!(grundy_value(&Cram::new(n, 1).unwrap()), value, "1x{n}");
    }
}

/// Wikipedia, "Cram (game)", Symmetry play: an even × even board is a second-player win, an
/// even × odd board a first-player win (the centre domino, then symmetry).
#[test]
fn rectangles_have_the_published_outcomes() {
    for (text, outcome) in [
        ("2x2", Outcome::Loss),
        ("4x4", Outcome::Loss),
        ("6x4", Outcome::Loss),
        ("8x8", Outcome::Loss),
        ("4x3", Outcome::Win),
        ("3x6", Outcome::Win),
        ("7x8", Outcome::Win),
    ] {
        let position: Cram = text.parse().unwrap();
        assert_eq!(
            symmetry_outcome(&position).map(|(o, _)| o),
            Some(outcome),
            "{text}"
        );
        let game = registry::find("cram").unwrap();
        if position.empty_count() <= 24 {
            let Report::Solved(report) = game.solve(text, &SolveOptions::default()).unwrap() else {
                panic!("a solved report");
            };
            assert_eq!(report.outcome, outcome, "{text}");
        }
    }
}
