//! The paper game: the fast Nim solver against a true brute force over unit segments, the
//! generic solver, the contest samples and bad contest inputs.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;

use grundy::games::paper::contest::answer;
use grundy::games::paper::{Paper, PaperGame, Segment};
use grundy::impartial::Solver;
use grundy::report::Outcome;
use proptest::prelude::*;

/// A W × H sheet seen as unit segments: bit `i` of a mask is set when unit `i` is cut.
/// Knows nothing of Nim: moves are the contiguous runs of units of one interior line.
struct Units {
    width: u64,
    height: u64,
    /// `(segment, bits it covers, index of its line)` for every segment of every line.
    segments: Vec<(Segment, u32, usize)>,
    /// `(segment, bit)` of every unit.
    units: Vec<(Segment, u32)>,
}

impl Units {
    fn new(width: u64, height: u64) -> Units {
        let mut segments = Vec::new();
        let mut units = Vec::new();
        let mut next_bit = 0;
        // Horizontal lines y = 1..H-1 with W units, then vertical x = 1..W-1 with H units.
        let mut lines: Vec<(bool, u64, u64)> = (1..height).map(|y| (false, y, width)).collect();
        lines.extend((1..width).map(|x| (true, x, height)));
        for (line_index, (vertical, line, length)) in lines.into_iter().enumerate() {
            let make = |a: u64, b: u64| {
                if vertical {
                    Segment::new(line, a, line, b).unwrap()
                } else {
                    Segment::new(a, line, b, line).unwrap()
                }
            };
            let first_bit = next_bit;
            for unit in 0..length {
                units.push((make(unit, unit + 1), 1u32 << (first_bit + unit)));
            }
            next_bit += length;
            for a in 0..length {
                for b in a + 1..=length {
                    let bits = ((1u32 << (b - a)) - 1) << (first_bit + a);
                    segments.push((make(a, b), bits, line_index));
                }
            }
        }
        Units {
            width,
            height,
            segments,
            units,
        }
    }

    fn unit_count(&self) -> usize {
        self.units.len()
    }

    fn full(&self) -> u32 {
        if self.unit_count() == 32 {
            u32::MAX
        } else {
            (1u32 << self.unit_count()) - 1
        }
    }

    fn paper(&self, mask: u32) -> Paper {
        let cuts = self
            .units
            .iter()
            .filter(|(_, bit)| mask & bit != 0)
            .map(|(segment, _)| *segment);
        Paper::with_cuts(self.width, self.height, cuts).unwrap()
    }

    fn bits_of(&self, segment: &Segment) -> u32 {
        self.segments
            .iter()
            .find(|(s, _, _)| s == segment)
            .map(|(_, bits, _)| *bits)
            .unwrap_or_else(|| panic!("{segment} is not a segment of an interior line"))
    }

    /// Win/loss of every mask, from the full sheet down (moves only add bits).
    fn table(&self) -> Vec<bool> {
        let size = 1usize << self.unit_count();
        let mut win = vec![false; size];
        for mask in (0..size).rev() {
            let mask32 = mask as u32;
            win[mask] = self
                .segments
                .iter()
                .any(|(_, bits, _)| bits & !mask32 != 0 && !win[(mask32 | bits) as usize]);
        }
        win
    }

    /// Win/loss of the masks reachable from `mask`, memoised.
    fn wins(&self, mask: u32, memo: &mut HashMap<u32, bool>) -> bool {
        if let Some(&known) = memo.get(&mask) {
            return known;
        }
        let mut result = false;
        for (_, bits, _) in &self.segments {
            if bits & !mask != 0 && !self.wins(mask | bits, memo) {
                result = true;
                break;
            }
        }
        memo.insert(mask, result);
        result
    }

    /// Compares the fast solver with the brute force on `mask`.
    fn check(&self, mask: u32, wins: &mut dyn FnMut(u32) -> bool) {
        let paper = self.paper(mask);
        let won = wins(mask);
        assert_eq!(paper.grundy_value() != 0, won, "{paper}");
        let mut brute_lines: Vec<usize> = self
            .segments
            .iter()
            .filter(|(_, bits, _)| bits & !mask != 0 && !wins(mask | bits))
            .map(|(_, _, line)| *line)
            .collect();
        brute_lines.dedup();
        assert_eq!(
            paper.winning_line_count(),
            brute_lines.len() as u128,
            "{paper}"
        );
        let moves = paper.winning_moves(usize::MAX);
        assert_eq!(moves.len(), brute_lines.len(), "{paper}");
        assert_eq!(won, paper.winning_move().is_some(), "{paper}");
        for mv in moves {
            let bits = self.bits_of(&mv);
            assert!(bits & !mask != 0, "{paper}: {mv} cuts nothing new");
            assert!(!wins(mask | bits), "{paper}: {mv} does not win");
            assert_eq!(
                paper.apply(&mv).unwrap(),
                self.paper(mask | bits),
                "{paper} {mv}"
            );
        }
    }
}

#[test]
fn fast_solver_matches_brute_force_on_every_cut_set_of_small_sheets() {
    for width in 1..=4u64 {
        for height in 1..=4u64 {
            let units = Units::new(width, height);
            if units.unit_count() > 17 {
                continue;
            }
            let table = units.table();
            for mask in 0..=units.full() {
                units.check(mask, &mut |m| table[m as usize]);
            }
        }
    }
}

#[test]
fn generic_solver_matches_fast_solver_on_every_cut_set() {
    for (width, height) in [(1, 3), (2, 2), (3, 2), (2, 3), (4, 1)] {
        let units = Units::new(width, height);
        let mut solver = Solver::new(PaperGame);
        for mask in 0..=units.full() {
            let paper = units.paper(mask);
            let value = solver.grundy_value(&paper);
            assert_eq!(value, paper.grundy_value(), "{paper}");
            let (remoteness, best) = paper.perfect_play().unwrap();
            assert_eq!(remoteness, solver.remoteness(&paper), "{paper}");
            if let Some(mv) = best {
                let next = paper.apply(&mv).unwrap();
                assert_eq!(solver.remoteness(&next) + 1, remoteness, "{paper} {mv}");
            }
            for mv in paper.winning_moves(usize::MAX) {
                let next = paper.apply(&mv).unwrap();
                assert_eq!(solver.outcome(&next), Outcome::Loss, "{paper} {mv}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn fast_solver_matches_brute_force_on_four_by_four(
        uncut in proptest::sample::subsequence((0..24u32).collect::<Vec<_>>(), 0..=13),
    ) {
        let units = Units::new(4, 4);
        let mask = uncut.iter().fold(units.full(), |mask, bit| mask & !(1 << bit));
        let mut memo = HashMap::new();
        let table: HashMap<u32, bool> = {
            units.wins(mask, &mut memo);
            memo
        };
        let mut lookup = |m: u32| table.get(&m).copied().unwrap_or_else(|| {
            let mut extra = HashMap::new();
            units.wins(m, &mut extra)
        });
        units.check(mask, &mut lookup);
    }

    #[test]
    fn contest_answers_are_winning_moves(
        width in 1u64..=4,
        height in 1u64..=4,
        raw in proptest::collection::vec((0u64..=4, 0u64..=4, 0u64..=4, any::<bool>()), 0..12),
    ) {
        // Random cuts, reversed and overlapping, kept when they are legal cuts of the sheet.
        let paper = Paper::new(width, height).unwrap();
        let cuts: Vec<Segment> = raw
            .into_iter()
            .filter_map(|(line, a, b, vertical)| {
                let s = if vertical { Segment::new(line, b, line, a) } else { Segment::new(b, line, a, line) };
                s.ok().filter(|s| paper.check(s).is_ok())
            })
            .collect();
        let mut input = format!("{width} {height} {}\n", cuts.len());
        for cut in &cuts {
            input.push_str(&format!("{} {} {} {}\n", cut.xe(), cut.ye(), cut.xb(), cut.yb()));
        }
        let units = Units::new(width, height);
        let mask = cuts.iter().fold(0u32, |mask, cut| {
            let (line, lo, hi) = cut.on_its_line();
            (lo..hi).fold(mask, |mask, unit| {
                let one = if cut.yb() == cut.ye() {
                    Segment::new(unit, line, unit + 1, line)
                } else {
                    Segment::new(line, unit, line, unit + 1)
                };
                mask | units.bits_of(&one.unwrap())
            })
        });
        let mut memo = HashMap::new();
        let won = units.wins(mask, &mut memo);
        let output = answer(input.as_bytes()).unwrap();
        if won {
            let lines: Vec<&str> = output.lines().collect();
            prop_assert_eq!(lines.len(), 2);
            prop_assert_eq!(lines[0], "FIRST");
            let numbers: Vec<u64> = lines[1].split(' ').map(|n| n.parse().unwrap()).collect();
            let mv = Segment::new(numbers[0], numbers[1], numbers[2], numbers[3]).unwrap();
            let bits = units.bits_of(&mv);
            prop_assert!(bits & !mask != 0);
            prop_assert!(!units.wins(mask | bits, &mut memo));
        } else {
            prop_assert_eq!(output, "SECOND\n");
        }
    }

    #[test]
    fn random_text_never_panics_the_contest_parser(text in "\\PC{0,60}") {
        let _ = answer(text.as_bytes());
    }

    #[test]
    fn random_numbers_never_panic_the_contest_parser(
        numbers in proptest::collection::vec(prop_oneof![0u64..6, any::<u64>()], 0..16),
    ) {
        let text: Vec<String> = numbers.iter().map(u64::to_string).collect();
        let _ = answer(text.join(" ").as_bytes());
    }
}

#[test]
fn contest_samples() {
    assert_eq!(answer(b"2 1 0\n").unwrap(), "FIRST\n1 0 1 1\n");
    assert_eq!(
        answer(b"2 2 4\n0 1 2 1\n0 1 2 1\n1 2 1 0\n1 1 1 2\n").unwrap(),
        "SECOND\n"
    );
}

#[test]
fn fully_determined_answers() {
    // 1 × 1: nothing to cut.
    assert_eq!(answer(b"1 1 0").unwrap(), "SECOND\n");
    // One interior line of one unit: the only move, given backwards or not.
    assert_eq!(answer(b"1 2 0").unwrap(), "FIRST\n0 1 1 1\n");
    // The same line already cut (reversed endpoints): nothing left.
    assert_eq!(answer(b"1 2 1 1 1 0 1").unwrap(), "SECOND\n");
    // Contest-size sheet: 10^9 - 1 horizontal lines of 10^9 (odd), 0 vertical.
    assert_eq!(
        answer(b"1000000000 1000000000 0").unwrap(),
        "SECOND\n",
        "both families have 999999999 lines: W ^ H = 0"
    );
}

#[test]
fn winning_answer_on_a_big_sheet_is_winning() {
    let input = b"1000000000 999999999 3\n0 5 1000000000 5\n7 0 7 999999999\n3 3 3 100\n";
    let output = answer(input).unwrap();
    let paper = grundy::games::paper::contest::parse(input).unwrap();
    assert!(paper.grundy_value() != 0);
    let numbers: Vec<u64> = output
        .lines()
        .nth(1)
        .unwrap()
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    let mv = Segment::new(numbers[0], numbers[1], numbers[2], numbers[3]).unwrap();
    assert_eq!(paper.apply(&mv).unwrap().grundy_value(), 0);
}

#[test]
fn bad_inputs_are_located() {
    let cases: [(&[u8], &str); 14] = [
        (b"", "expected the width W"),
        (
            b"0 1 0",
            "the width W must be between 1 and 1000000000, got 0 (line 1, token 1",
        ),
        (b"1 1000000001 0", "the height H must be between"),
        (b"2 2 x", "the number of cuts k must be an integer"),
        (
            b"3 3 1\n0 0 3 0\n",
            "cut 1 of 1: a cut must not run along the border of the sheet (line 2, token 1",
        ),
        (
            b"3 3 1\n1 0 1 3\n2 3 2 0",
            "unexpected extra input (line 3, token 1",
        ),
        (
            b"3 3 2\n1 0 1 3\n",
            "cut 2 of 2: expected the cut's xb, found the end of the input",
        ),
        (
            b"3 3 1\n1 1 1 1\n",
            "cut 1 of 1: a cut must have positive length (line 2, token 1",
        ),
        (
            b"3 3 1\n0 0 2 2\n",
            "cut 1 of 1: a cut must be horizontal or vertical",
        ),
        (
            b"3 3 1\n0 1 4 1\n",
            "cut 1 of 1: xe must be between 0 and 3, got 4 (line 2, token 3",
        ),
        (b"3 3 1\n1 0 1 -1\n", "ye must be between 0 and 3"),
        (
            b"3 3 1\n0 1 2 1 5\n",
            "unexpected extra input (line 2, token 5",
        ),
        (b"3 3 1\n\xff", "not valid UTF-8"),
        (
            b"3 3 99999999999\n",
            "the number of cuts k must be between 0 and 10000000",
        ),
    ];
    for (input, expected) in cases {
        let error = answer(input).unwrap_err().to_string();
        assert!(
            error.contains(expected),
            "{:?}: {error:?} should contain {expected:?}",
            String::from_utf8_lossy(input)
        );
        assert!(!error.contains('\n'));
    }
}
