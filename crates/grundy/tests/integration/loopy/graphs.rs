//! The retrograde analysis and the labelling of values on random graphs with cycles,
//! against the brute forces: every position's outcome and remoteness under normal and
//! misère play, every winning and drawing move, every value; and the conditions that make
//! the labels the generalised Sprague–Grundy function, with its counter.

use grundy::loopy::graph::Graph;
use grundy::loopy::labelling::label;
use grundy::loopy::retrograde::{solve, Outcome, Play};
use grundy::loopy::value::LoopyNimber;
use grundy::loopy::{Bounds, Explored, Rules, RulesFailed};
use proptest::prelude::*;

use super::brute::{self, Brute};

/// Random graphs of 1 to `positions` positions with up to `moves` moves each (loops to
/// itself, repeated moves and cycles of every length included).
pub fn graphs(positions: usize, moves: usize) -> impl Strategy<Value = Vec<Vec<u32>>> {
    (1..=positions).prop_flat_map(move |n| {
        prop::collection::vec(prop::collection::vec(0..n as u32, 0..=moves), n)
    })
}

fn outcome_of(result: Brute) -> Outcome {
    match result {
        Brute::Win(_) => Outcome::Win,
        Brute::Loss(_) => Outcome::Loss,
        Brute::Draw => Outcome::Draw,
    }
}

fn remoteness_of(result: Brute) -> Option<u32> {
    match result {
        Brute::Win(t) | Brute::Loss(t) => Some(t),
        Brute::Draw => None,
    }
}

/// Checks the retrograde analysis of `options` under `play` against the brute force.
fn check_retrograde(options: &[Vec<u32>], play: Play) -> Result<(), TestCaseError> {
    let graph = Graph::from_options(options).unwrap();
    let solution = solve(&graph, play, &mut Bounds::none()).unwrap();
    let brute = brute::results(options, play == Play::Misere);
    for (u, &expected) in brute.iter().enumerate() {
        let id = u as u32;
        prop_assert_eq!(solution.outcome(id), outcome_of(expected), "position {}", u);
        prop_assert_eq!(
            solution.remoteness(id),
            remoteness_of(expected),
            "position {}",
            u
        );
        let to = |outcome: Outcome| -> Vec<usize> {
            options[u]
                .iter()
                .enumerate()
                .filter(|(_, &v)| outcome_of(brute[v as usize]) == outcome)
                .map(|(index, _)| index)
                .collect()
        };
        let winning = if outcome_of(expected) == Outcome::Win {
            to(Outcome::Loss)
        } else {
            Vec::new()
        };
        let drawing = if expected == Brute::Draw {
            to(Outcome::Draw)
        } else {
            Vec::new()
        };
        prop_assert_eq!(
            solution.winning_moves(&graph, id),
            winning,
            "position {}",
            u
        );
        prop_assert_eq!(
            solution.drawing_moves(&graph, id),
            drawing,
            "position {}",
            u
        );
        // The perfect move keeps the result and its remoteness: one less after it.
        match solution.perfect_move(&graph, id) {
            None => prop_assert!(options[u].is_empty()),
            Some(index) => {
                let after = brute[options[u][index] as usize];
                match expected {
                    Brute::Win(t) => prop_assert_eq!(after, Brute::Loss(t - 1)),
                    Brute::Loss(t) => prop_assert_eq!(after, Brute::Win(t - 1)),
                    Brute::Draw => prop_assert_eq!(after, Brute::Draw),
                }
            }
        }
    }
    Ok(())
}

/// Checks that the labels of `options` are the brute force's values, that the outcome
/// read from them is the retrograde analysis', and that they satisfy the three conditions
/// of the generalised Sprague–Grundy function with the counter the labelling gives.
fn check_values(options: &[Vec<u32>]) -> Result<(), TestCaseError> {
    let graph = Graph::from_options(options).unwrap();
    let values = label(&graph, &mut Bounds::none()).unwrap();
    let brute = brute::values(options);
    let solution = solve(&graph, Play::Normal, &mut Bounds::none()).unwrap();
    for (u, expected) in brute.iter().enumerate() {
        let id = u as u32;
        let value = values.value(&graph, id);
        prop_assert_eq!(&value, expected, "position {}", u);
        prop_assert_eq!(value.outcome(), solution.outcome(id), "position {}", u);
        prop_assert_eq!(
            values.outcome(&graph, id),
            solution.outcome(id),
            "position {}",
            u
        );
        let finite = |v: u32| values.nimber(v);
        let counter = |v: u32| values.counter(v);
        let mex = |u: usize| {
            let mut seen: Vec<u32> = options[u].iter().filter_map(|&v| finite(v)).collect();
            seen.sort_unstable();
            seen.dedup();
            (0u32..).find(|m| seen.binary_search(m).is_err()).unwrap()
        };
        match finite(id) {
            Some(g) => {
                // A: the value is the mex of the options' finite values.
                prop_assert_eq!(g, mex(u), "mex at {}", u);
                for &v in &options[u] {
                    match finite(v) {
                        // B: an escape to a greater value or ∞ is answered by a return to
                        // g with a smaller counter.
                        None => {}
                        Some(h) if h > g => {}
                        // An option of a smaller value has a smaller counter.
                        Some(h) => {
                            prop_assert!(h == g || counter(v) < counter(id));
                            continue;
                        }
                    }
                    prop_assert!(
                        options[v as usize]
                            .iter()
                            .any(|&w| finite(w) == Some(g) && counter(w) < counter(id)),
                        "no return from {} to {} below its counter",
                        v,
                        g
                    );
                }
            }
            None => {
                // C: some option of value ∞ has no option of value mex.
                let m = mex(u);
                prop_assert!(
                    options[u].iter().any(|&v| finite(v).is_none()
                        && options[v as usize].iter().all(|&w| finite(w) != Some(m))),
                    "no ∞ option of {} without {}",
                    u,
                    m
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn retrograde_analysis_is_the_brute_force(options in graphs(14, 4)) {
        check_retrograde(&options, Play::Normal)?;
        check_retrograde(&options, Play::Misere)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn the_labelling_is_the_brute_force(options in graphs(10, 4)) {
        check_values(&options)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Larger graphs, of wider positions and higher values.
    #[test]
    fn the_labelling_is_the_brute_force_on_wider_graphs(options in graphs(16, 7)) {
        check_values(&options)?;
    }
}

/// The rules of a random graph, for the exploration: a state is a position.
struct Listed<'a>(&'a [Vec<u32>]);

impl Rules for Listed<'_> {
    type State = u32;

    fn moves(&self, state: &u32, into: &mut Vec<u32>) -> Result<(), RulesFailed> {
        into.extend_from_slice(&self.0[*state as usize]);
        Ok(())
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The exploration from a position finds exactly the positions it reaches, each with
    /// its moves in order.
    #[test]
    fn exploration_keeps_the_moves_and_their_order(
        options in graphs(14, 4),
        start in 0u32..14,
    ) {
        let start = start % options.len() as u32;
        let explored = Explored::explore(&Listed(&options), start, &mut Bounds::none()).unwrap();
        prop_assert_eq!(explored.id(&start), Some(0));
        let graph = explored.graph();
        let mut reached = vec![false; options.len()];
        let mut stack = vec![start];
        while let Some(u) = stack.pop() {
            if !std::mem::replace(&mut reached[u as usize], true) {
                stack.extend(&options[u as usize]);
            }
        }
        prop_assert_eq!(explored.positions(), reached.iter().filter(|&&r| r).count());
        for id in 0..explored.positions() as u32 {
            let state = *explored.state(id);
            let names: Vec<u32> = graph.options(id).iter().map(|&v| *explored.state(v)).collect();
            prop_assert_eq!(&names, &options[state as usize]);
        }
        // Solving the explored part answers as solving the whole graph does.
        let whole = Graph::from_options(&options).unwrap();
        let all = label(&whole, &mut Bounds::none()).unwrap();
        let part = label(graph, &mut Bounds::none()).unwrap();
        for id in 0..explored.positions() as u32 {
            let state = *explored.state(id);
            prop_assert_eq!(part.value(graph, id), all.value(&whole, state));
        }
    }
}

#[test]
fn a_self_loop_alone_is_a_draw_worth_infinity() {
    let options = vec![vec![0]];
    let graph = Graph::from_options(&options).unwrap();
    let solution = solve(&graph, Play::Misere, &mut Bounds::none()).unwrap();
    assert_eq!(solution.outcome(0), Outcome::Draw);
    assert_eq!(solution.drawing_moves(&graph, 0), vec![0]);
    let values = label(&graph, &mut Bounds::none()).unwrap();
    assert_eq!(values.value(&graph, 0), LoopyNimber::infinite([]));
}
