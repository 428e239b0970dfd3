//! The loopy rulesets of the issue, written plainly here, valued by the engine and by the
//! brute force on every position up to the sizes stated, and the values the docs record.
//!
//! - Wind-Up: a subtraction game on a cycle of `n` cells numbered 0 to `n - 1`. A move
//!   from cell `c` subtracts an amount of the set modulo `n`; cell 0 ends the game (as in
//!   cgt-tools' `WindUp`).
//! - Fair Shares and Varied Pairs (Winning Ways, ch. 12): a position is a multiset of
//!   heaps; a move splits one heap into two or more heaps of equal size, or unites two heaps
//!   of different sizes into one. The total never changes, so the positions of a total are
//!   the partitions of that number.

use grundy::loopy::labelling::label;
use grundy::loopy::retrograde::{solve, Outcome, Play};
use grundy::loopy::value::LoopyNimber;
use grundy::loopy::{Bounds, Explored, Rules, RulesFailed};

use super::brute;

/// Wind-Up on `cells` cells with the subtraction set `set`.
struct WindUp {
    cells: u32,
    set: Vec<u32>,
}

impl Rules for WindUp {
    type State = u32;

    fn moves(&self, cell: &u32, into: &mut Vec<u32>) -> Result<(), RulesFailed> {
        if *cell != 0 {
            for &take in &self.set {
                into.push((cell + self.cells - take % self.cells) % self.cells);
            }
        }
        Ok(())
    }
}

impl WindUp {
    /// The options of every cell, for the brute force.
    fn options(&self) -> Vec<Vec<u32>> {
        (0..self.cells)
            .map(|cell| {
                let mut into = Vec::new();
                self.moves(&cell, &mut into).unwrap();
                into
            })
            .collect()
    }

    /// The value of every cell, by the engine.
    fn values(&self) -> Vec<LoopyNimber> {
        let explored = Explored::explore_all(self, 0..self.cells, &mut Bounds::none()).unwrap();
        let values = label(explored.graph(), &mut Bounds::none()).unwrap();
        (0..self.cells)
            .map(|cell| values.value(explored.graph(), explored.id(&cell).unwrap()))
            .collect()
    }
}

fn texts(values: &[LoopyNimber]) -> Vec<String> {
    values.iter().map(ToString::to_string).collect()
}

#[test]
fn wind_up_is_the_brute_force_on_every_small_cycle() {
    let sets: [&[u32]; 6] = [&[1, 2], &[1, 3], &[2, 3], &[1, 4], &[2, 5], &[1, 2, 4]];
    for set in sets {
        for cells in 1..=16 {
            let game = WindUp {
                cells,
                set: set.to_vec(),
            };
            assert_eq!(
                game.values(),
                brute::values(&game.options()),
                "Wind-Up({cells}, {set:?})"
            );
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
        let game = WindUp {
            cells,
            set: set.to_vec(),
        };
        assert_eq!(
            texts(&game.values()).join(" "),
            expected,
            "Wind-Up({cells}, {set:?})"
        );
    }
}

/// Fair Shares and Varied Pairs: a state is the multiset of heap sizes, sorted.
struct FairShares;

impl Rules for FairShares {
    type State = Vec<u32>;

    fn moves(&self, heaps: &Vec<u32>, into: &mut Vec<Vec<u32>>) -> Result<(), RulesFailed> {
        let mut sizes = heaps.clone();
        sizes.dedup();
        // Split a heap of each size into k >= 2 equal heaps.
        for &size in &sizes {
            for share in (1..size).filter(|share| size % share == 0) {
                let mut next = heaps.clone();
                let at = next.iter().position(|&heap| heap == size).unwrap();
                next.remove(at);
                next.extend(std::iter::repeat(share).take((size / share) as usize));
                next.sort_unstable();
                into.push(next);
            }
        }
        // Unite two heaps of different sizes.
        for (index, &small) in sizes.iter().enumerate() {
            for &large in &sizes[index + 1..] {
                let mut next = heaps.clone();
                let at = next.iter().position(|&heap| heap == small).unwrap();
                next.remove(at);
                let at = next.iter().position(|&heap| heap == large).unwrap();
                next.remove(at);
                next.push(small + large);
                next.sort_unstable();
                into.push(next);
            }
        }
        Ok(())
    }
}

/// Every partition of `total`, largest parts last (sorted).
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

/// The values of every partition of `total` by the engine, and by the brute force.
fn fair_shares(total: u32) -> (Vec<(Vec<u32>, LoopyNimber)>, Vec<LoopyNimber>) {
    let all = partitions(total);
    let explored = Explored::explore_all(&FairShares, all.clone(), &mut Bounds::none()).unwrap();
    assert_eq!(explored.positions(), all.len(), "the moves keep the total");
    let graph = explored.graph();
    let values = label(graph, &mut Bounds::none()).unwrap();
    let solution = solve(graph, Play::Normal, &mut Bounds::none()).unwrap();
    let options: Vec<Vec<u32>> = (0..explored.positions() as u32)
        .map(|id| graph.options(id).to_vec())
        .collect();
    let brute = brute::values(&options);
    let engine = (0..explored.positions() as u32)
        .map(|id| {
            let value = values.value(graph, id);
            assert_eq!(value.outcome(), solution.outcome(id));
            (explored.state(id).clone(), value)
        })
        .collect();
    (engine, brute)
}

#[test]
fn fair_shares_is_the_brute_force_on_every_position_up_to_twelve() {
    for total in 1..=12 {
        let (engine, brute) = fair_shares(total);
        let engine: Vec<LoopyNimber> = engine.into_iter().map(|(_, value)| value).collect();
        assert_eq!(engine, brute, "total {total}");
    }
}

/// `1+2+3`.
fn written(heaps: &[u32]) -> String {
    let parts: Vec<String> = heaps.iter().map(u32::to_string).collect();
    parts.join("+")
}

#[test]
fn fair_shares_values_as_the_docs_record_them() {
    // Single heaps of 1 to 24, each explored from the heap alone.
    let singles: Vec<String> = (1..=24)
        .map(|n| {
            let explored = Explored::explore(&FairShares, vec![n], &mut Bounds::none()).unwrap();
            let values = label(explored.graph(), &mut Bounds::none()).unwrap();
            values.value(explored.graph(), 0).to_string()
        })
        .collect();
    assert_eq!(
        singles.join(" "),
        "0 * * * * *2 * * * *2 * ∞{0} * ∞{0} ∞{0} ∞{0} * ∞{0} * ∞{0} ∞{0} ∞{0} * ∞{0}"
    );
    // Every position of totals 1 to 6.
    let small: Vec<Vec<String>> = (1..=6)
        .map(|total| {
            let (engine, _) = fair_shares(total);
            engine
                .iter()
                .map(|(heaps, value)| format!("{}={value}", written(heaps)))
                .collect()
        })
        .collect();
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
    for (total, (found, expected)) in small.iter().zip(expected).enumerate() {
        assert_eq!(found, expected, "total {}", total + 1);
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
            let mut shares = Vec::new();
            FairShares.moves(heaps, &mut shares)?;
            into.extend(shares.into_iter().map(|next| (next, *nim)));
            into.extend((0..*nim).map(|smaller| (heaps.clone(), smaller)));
            Ok(())
        }
    }
    let explored = Explored::explore(&WithHeap, (vec![12], 1), &mut Bounds::none()).unwrap();
    let solution = solve(explored.graph(), Play::Normal, &mut Bounds::none()).unwrap();
    assert_eq!(solution.outcome(0), Outcome::Draw);
    let alone = explored.id(&(vec![12], 0)).unwrap();
    assert_eq!(solution.outcome(alone), Outcome::Win);
}
