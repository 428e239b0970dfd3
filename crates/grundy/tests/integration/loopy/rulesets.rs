//! The loopy rulesets of the registry, `windup` and `fairshares`, against the brute forces:
//! every position up to the sizes docs/loopy.md states, solved through the registry as
//! every front end solves it (value, outcome, remoteness, winning and drawing moves, under
//! normal and misère play), and the values the docs record. The rules are written plainly
//! here once more, as the brute force's explicit graph:
//!
//! - Wind-Up: a subtraction game on a cycle of `n` cells numbered 0 to `n - 1`. A move
//!   from cell `c` subtracts an amount of the set modulo `n`; cell 0 ends the game (as in
//!   cgt-tools' `WindUp`).
//! - Fair Shares and Varied Pairs (Winning Ways, ch. 12): a position is a multiset of
//!   heaps; a move splits one heap into two or more heaps of equal size, or unites two heaps
//!   of different sizes into one. The total never changes, so the positions of a total are
//!   the partitions of that number.

use std::collections::HashMap;

use grundy::games::windup::cycle_values;
use grundy::loopy::retrograde::{solve, Outcome, Play};
use grundy::loopy::value::LoopyNimber;
use grundy::loopy::{Bounds, Explored, Rules, RulesFailed};
use grundy::registry;
use grundy::report::{LoopyImpartialReport, Report, SolveOptions};

use super::brute::{self, Brute};

/// The registry's report of `position` of `game`, every move listed.
fn report(game: &str, position: &str) -> LoopyImpartialReport {
    let options = SolveOptions {
        moves: usize::MAX,
        ..SolveOptions::default()
    };
    match registry::find(game)
        .unwrap()
        .solve(position, &options)
        .unwrap()
    {
        Report::LoopyImpartial(report) => report,
        other => panic!("{game} {position}: {other:?}"),
    }
}

/// The position of `game` after `mv` from `position`, by the registry's rules.
fn after(game: &str, position: &str, mv: &str) -> String {
    let mut state = registry::find(game).unwrap().start(position).unwrap();
    state.play(mv).unwrap();
    state.position()
}

/// Checks the registry's report of every position of an explicit graph against the brute
/// forces: `names[u]` is position `u` in the game's notation, `options[u]` its options.
/// Under misère play (`@misere`) the outcome, remoteness and moves, and no value.
fn check_every_position(game: &str, names: &[String], options: &[Vec<u32>], misere: bool) {
    let results = brute::results(options, misere);
    let values = (!misere).then(|| brute::values(options));
    let index: HashMap<&str, usize> = names
        .iter()
        .enumerate()
        .map(|(id, name)| (name.as_str(), id))
        .collect();
    let suffix = if misere { "@misere" } else { "" };
    for (u, name) in names.iter().enumerate() {
        let position = format!("{name}{suffix}");
        let found = report(game, &position);
        assert_eq!(found.position, position);
        let (letter, remoteness) = match results[u] {
            Brute::Win(t) => ("N", Some(u64::from(t))),
            Brute::Loss(t) => ("P", Some(u64::from(t))),
            Brute::Draw => ("D", None),
        };
        assert_eq!(
            (found.outcome.as_str(), found.remoteness),
            (letter, remoteness),
            "{game} {position}"
        );
        match &values {
            Some(values) => {
                assert_eq!(found.canonical, Some(values[u].to_string()), "{position}");
                assert_eq!(found.ascii, Some(values[u].ascii()), "{position}");
            }
            None => assert_eq!(found.canonical, None, "{position}"),
        }
        // Each move named leads where the brute force says it should, and as many do.
        let result_after = |mv: &str| {
            let next = after(game, &position, mv);
            let bare = next.strip_suffix(suffix).unwrap();
            results[index[bare]]
        };
        let count = |wanted: fn(Brute) -> bool| {
            options[u]
                .iter()
                .filter(|&&v| wanted(results[v as usize]))
                .count()
        };
        for mv in &found.winning_moves {
            assert!(
                matches!(result_after(mv), Brute::Loss(_)),
                "{position} {mv}"
            );
        }
        let winning = count(|r| matches!(r, Brute::Loss(_)));
        assert_eq!(found.winning_move_count, winning.to_string(), "{position}");
        assert_eq!(found.winning_moves.len(), winning, "{position}");
        if letter == "D" {
            for mv in &found.drawing_moves {
                assert_eq!(result_after(mv), Brute::Draw, "{position} {mv}");
            }
            let drawing = count(|r| r == Brute::Draw);
            assert_eq!(found.drawing_moves.len(), drawing, "{position}");
            assert!(drawing > 0, "{position}: a draw keeps a drawing move");
        } else {
            assert!(found.drawing_moves.is_empty(), "{position}");
        }
        // The perfect move: the fastest win, a drawing move, or the slowest loss.
        match (results[u], &found.best_move) {
            (_, None) => assert!(options[u].is_empty(), "{position}"),
            (Brute::Win(t), Some(best)) => {
                assert_eq!(result_after(best), Brute::Loss(t - 1), "{position}")
            }
            (Brute::Draw, Some(best)) => assert_eq!(result_after(best), Brute::Draw),
            (Brute::Loss(t), Some(best)) => {
                assert_eq!(result_after(best), Brute::Win(t - 1), "{position}")
            }
        }
    }
}

/// The options of every cell of Wind-Up on `cells` cells with the set `set`.
fn wind_up_options(cells: u32, set: &[u32]) -> Vec<Vec<u32>> {
    (0..cells)
        .map(|cell| {
            if cell == 0 {
                return Vec::new();
            }
            set.iter()
                .map(|&take| (cell + cells - take % cells) % cells)
                .collect()
        })
        .collect()
}

/// `n:1,2@c` for every cell `c`.
fn wind_up_names(cells: u32, set: &[u32]) -> Vec<String> {
    let set: Vec<String> = set.iter().map(u32::to_string).collect();
    (0..cells)
        .map(|cell| format!("{cells}:{}@{cell}", set.join(",")))
        .collect()
}

const WIND_UP_SETS: [&[u32]; 6] = [&[1, 2], &[1, 3], &[2, 3], &[1, 4], &[2, 5], &[1, 2, 4]];

#[test]
fn wind_up_is_the_brute_force_on_every_cell_of_every_small_cycle() {
    for set in WIND_UP_SETS {
        for cells in 1..=16 {
            let options = wind_up_options(cells, set);
            let names = wind_up_names(cells, set);
            check_every_position("windup", &names, &options, false);
            // The whole cycle labelled at once gives the same values.
            let values = cycle_values(cells, set, &mut Bounds::none()).unwrap();
            assert_eq!(values, brute::values(&options), "Wind-Up({cells}, {set:?})");
        }
    }
}

#[test]
fn wind_up_under_misere_play_is_the_brute_force() {
    for set in WIND_UP_SETS {
        for cells in 1..=10 {
            let options = wind_up_options(cells, set);
            let names = wind_up_names(cells, set);
            check_every_position("windup", &names, &options, true);
        }
    }
}

#[test]
fn wind_up_values_as_the_docs_record_them() {
    let table: [(u32, &[u32], &str); 6] = [
        (6, &[1, 2], "0 ∞{0} ∞{0} 0 ∞{0} ∞{0}"),
        (9, &[1, 2], "0 ∞{0} ∞{0} 0 ∞{0} ∞{0} 0 ∞{0} ∞{0}"),
        (12, &[1, 3], "0 * 0 * 0 * 0 * 0 * 0 *"),
        (10, &[2, 3], "0 ∞ ∞{0} ∞{0} ∞ 0 ∞ ∞{0} ∞{0} ∞"),
        (14, &[2, 5], "0 ∞ ∞{0} ∞ ∞ ∞{0} ∞ 0 ∞ ∞{0} ∞ ∞ ∞{0} ∞"),
        (12, &[1, 2, 4], "0 ∞{0} ∞{0} ∞ ∞{0} ∞ ∞ ∞ ∞ ∞ ∞ ∞"),
    ];
    for (cells, set, expected) in table {
        let values: Vec<String> = wind_up_names(cells, set)
            .iter()
            .map(|name| report("windup", name).canonical.unwrap())
            .collect();
        assert_eq!(values.join(" "), expected, "Wind-Up({cells}, {set:?})");
    }
}

/// Fair Shares and Varied Pairs written plainly: the options of a multiset of heaps
/// (sorted), splits of each size first, then unions.
fn fair_shares_options(heaps: &[u32]) -> Vec<Vec<u32>> {
    let mut sizes = heaps.to_vec();
    sizes.dedup();
    let without = |taken: &[u32]| {
        let mut rest = heaps.to_vec();
        for size in taken {
            let at = rest.iter().position(|heap| heap == size).unwrap();
            rest.remove(at);
        }
        rest
    };
    let mut options = Vec::new();
    for &size in &sizes {
        for share in (1..size).filter(|share| size % share == 0) {
            let mut next = without(&[size]);
            next.extend(std::iter::repeat(share).take((size / share) as usize));
            next.sort_unstable();
            options.push(next);
        }
    }
    for (index, &small) in sizes.iter().enumerate() {
        for &large in &sizes[index + 1..] {
            let mut next = without(&[small, large]);
            next.push(small + large);
            next.sort_unstable();
            options.push(next);
        }
    }
    options
}

/// Every partition of `total`, each sorted.
fn partitions(total: u32) -> Vec<Vec<u32>> {
    fn extend(rest: u32, largest: u32, prefix: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if rest == 0 {
            let mut sorted = prefix.clone();
            sorted.sort_unstable();
            out.push(sorted);
            return;
        }
        for part in (1..=rest.min(largest)).rev() {
            prefix.push(part);
            extend(rest - part, part, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    extend(total, total, &mut Vec::new(), &mut out);
    out
}

/// `1+2+3`.
fn written(heaps: &[u32]) -> String {
    let parts: Vec<String> = heaps.iter().map(u32::to_string).collect();
    parts.join("+")
}

/// The explicit graph of every partition of `total`: the names and the options.
fn fair_shares_graph(total: u32) -> (Vec<String>, Vec<Vec<u32>>) {
    let all = partitions(total);
    let index: HashMap<Vec<u32>, u32> = all
        .iter()
        .enumerate()
        .map(|(id, heaps)| (heaps.clone(), id as u32))
        .collect();
    let options = all
        .iter()
        .map(|heaps| {
            fair_shares_options(heaps)
                .iter()
                .map(|next| index[next])
                .collect()
        })
        .collect();
    (all.iter().map(|heaps| written(heaps)).collect(), options)
}

#[test]
fn fair_shares_is_the_brute_force_on_every_position_up_to_twelve() {
    for total in 1..=12 {
        let (names, options) = fair_shares_graph(total);
        check_every_position("fairshares", &names, &options, false);
    }
    assert_eq!(partitions(12).len(), 77);
}

#[test]
fn fair_shares_under_misere_play_is_the_brute_force() {
    for total in 1..=9 {
        let (names, options) = fair_shares_graph(total);
        check_every_position("fairshares", &names, &options, true);
    }
}

#[test]
fn fair_shares_values_as_the_docs_record_them() {
    // Single heaps of 1 to 24, each explored from the heap alone.
    let singles: Vec<String> = (1..=24)
        .map(|n| report("fairshares", &n.to_string()).canonical.unwrap())
        .collect();
    assert_eq!(
        singles.join(" "),
        "0 * * * * *2 * * * *2 * ∞{0} * ∞{0} ∞{0} ∞{0} * ∞{0} * ∞{0} ∞{0} ∞{0} * ∞{0}"
    );
    // Every position of totals 1 to 6.
    let expected: [&[&str]; 6] = [
        &["1=0"],
        &["2=*", "1+1=0"],
        &["3=*", "1+2=*2", "1+1+1=0"],
        &["4=*", "1+3=*2", "2+2=0", "1+1+2=*", "1+1+1+1=0"],
        &[
            "5=*",
            "1+4=*2",
            "2+3=0",
            "1+1+3=*",
            "1+2+2=*",
            "1+1+1+2=*2",
            "1+1+1+1+1=0",
        ],
        &[
            "6=*2",
            "1+5=*",
            "2+4=0",
            "1+1+4=*2",
            "3+3=0",
            "1+2+3=*3",
            "1+1+1+3=*",
            "2+2+2=*",
            "1+1+2+2=0",
            "1+1+1+1+2=*2",
            "1+1+1+1+1+1=0",
        ],
    ];
    for (total, expected) in (1..=6).zip(expected) {
        let found: Vec<String> = partitions(total)
            .iter()
            .map(|heaps| {
                let name = written(heaps);
                let value = report("fairshares", &name).canonical.unwrap();
                format!("{name}={value}")
            })
            .collect();
        assert_eq!(found, expected, "total {total}");
    }
}

#[test]
fn a_heap_of_twelve_draws_beside_a_nim_heap_of_one() {
    // 12 is ∞{0}: the player to move wins alone (to the 0 among its options), but 12 + *1
    // is a draw. The product graph, solved as one game, says so too.
    struct WithHeap;
    impl Rules for WithHeap {
        type State = (Vec<u32>, u32);
        fn moves(
            &self,
            (heaps, nim): &(Vec<u32>, u32),
            into: &mut Vec<(Vec<u32>, u32)>,
        ) -> Result<(), RulesFailed> {
            let shares = fair_shares_options(heaps);
            into.extend(shares.into_iter().map(|next| (next, *nim)));
            into.extend((0..*nim).map(|smaller| (heaps.clone(), smaller)));
            Ok(())
        }
    }
    assert_eq!(
        report("fairshares", "12").canonical.as_deref(),
        Some("∞{0}")
    );
    let explored = Explored::explore(&WithHeap, (vec![12], 1), &mut Bounds::none()).unwrap();
    let solution = solve(explored.graph(), Play::Normal, &mut Bounds::none()).unwrap();
    assert_eq!(solution.outcome(0), Outcome::Draw);
    let alone = explored.id(&(vec![12], 0)).unwrap();
    assert_eq!(solution.outcome(alone), Outcome::Win);
    assert_eq!(LoopyNimber::infinite([0]).outcome(), Outcome::Win);
}
