//! Properties on random loopy games: every value read back from its printed form equals it
//! (by comparison, not by text), canonical forms and sides equal the games they came from
//! by an independent brute force, outcome classes agree with a retrograde analysis of the
//! game's own positions, comparisons with the brute force, and equal games print alike.

#![allow(clippy::unwrap_used)]

use proptest::prelude::*;

use super::brute;
use super::*;
use crate::cgt::ValueStore;

/// A random loopy game at vertex 0: `positions` vertices with moves among them (a move to a
/// vertex numbered as high or higher can close a cycle, and is Left's only, Right's only or
/// either's by `cycles`) and to four short leaves, `0`, `*`, `1` and `-1`.
fn random_graph(positions: usize, cycles: u8, edges: &[(u8, bool, u8)]) -> Graph {
    let mut graph = Graph::with_vertices(positions);
    let zero = graph.add_vertex();
    let star = graph.add_vertex();
    graph.add_left(star, zero);
    graph.add_right(star, zero);
    let one = graph.add_vertex();
    graph.add_left(one, zero);
    let minus_one = graph.add_vertex();
    graph.add_right(minus_one, zero);
    for &(from, left, to) in edges {
        let from = u32::from(from) % positions as u32;
        let to = u32::from(to) % (positions as u32 + 4);
        let back = to < positions as u32 && to >= from;
        let allowed = !back || cycles == 2 || (cycles == 0) == left;
        if !allowed {
            continue;
        }
        if left {
            graph.add_left(from, to);
        } else {
            graph.add_right(from, to);
        }
    }
    graph
}

fn graphs() -> impl Strategy<Value = Graph> {
    (
        2usize..=6,
        0u8..3,
        proptest::collection::vec((any::<u8>(), any::<bool>(), any::<u8>()), 4..26),
    )
        .prop_map(|(positions, cycles, edges)| random_graph(positions, cycles, &edges))
}

/// `graph` unfolded into two copies, each move going to the copy `choices` picks: the same
/// game, drawn differently.
fn unfolded(graph: &Graph, choices: &[bool]) -> Graph {
    let n = graph.len() as u32;
    let mut out = Graph::with_vertices(2 * graph.len());
    let mut pick = choices.iter().cycle();
    for copy in 0..2 {
        for v in 0..n {
            for (left, targets) in [(true, graph.left(v)), (false, graph.right(v))] {
                for &w in targets {
                    let other = u32::from(*pick.next().unwrap_or(&false));
                    let target = w + n * other;
                    if left {
                        out.add_left(v + n * copy, target);
                    } else {
                        out.add_right(v + n * copy, target);
                    }
                }
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn values_read_back_from_their_printed_form_are_equal(graph in graphs()) {
        let mut store = ValueStore::new();
        let mut engine = LoopyEngine::new(&mut store);
        let value = engine.value_of_graph(&graph, 0).unwrap();
        let text = engine.display(&value).unwrap();
        let again = engine.evaluate(&text).unwrap();
        prop_assert!(engine.equal(&again, &value).unwrap(), "{}", text);
        if value.is_stopper_sided() {
            prop_assert_eq!(engine.display(&again).unwrap(), text);
        }
    }

    #[test]
    fn canonical_forms_and_sides_equal_the_game_by_brute_force(graph in graphs()) {
        let mut store = ValueStore::new();
        let mut engine = LoopyEngine::new(&mut store);
        let value = engine.value_of_graph(&graph, 0).unwrap();
        // Each side equals the game on that side (a stopper's sides are the stopper).
        prop_assert!(brute::le(value.onside().graph(), 0, &graph, 0, Mode::Onside));
        prop_assert!(brute::le(&graph, 0, value.onside().graph(), 0, Mode::Onside));
        prop_assert!(brute::le(value.offside().graph(), 0, &graph, 0, Mode::Offside));
        prop_assert!(brute::le(&graph, 0, value.offside().graph(), 0, Mode::Offside));
        if graph.is_stopper_from(0) {
            let form = value.as_stopper().unwrap();
            prop_assert!(brute::le(form.graph(), 0, &graph, 0, Mode::Stopper));
            prop_assert!(brute::le(&graph, 0, form.graph(), 0, Mode::Stopper));
        }
    }

    #[test]
    fn outcome_classes_agree_with_a_retrograde_analysis(graph in graphs()) {
        let mut store = ValueStore::new();
        let mut engine = LoopyEngine::new(&mut store);
        let value = engine.value_of_graph(&graph, 0).unwrap();
        let outcome = engine.outcome(&value).unwrap();
        let played = (brute::outcome(&graph, 0, true), brute::outcome(&graph, 0, false));
        prop_assert_eq!(outcome.results(), played, "{}", outcome);
    }

    #[test]
    fn comparisons_agree_with_the_brute_force(g in graphs(), h in graphs()) {
        let mut store = ValueStore::new();
        let mut engine = LoopyEngine::new(&mut store);
        let a = engine.value_of_graph(&g, 0).unwrap();
        let b = engine.value_of_graph(&h, 0).unwrap();
        let expected = brute::le(&g, 0, &h, 0, Mode::Onside) && brute::le(&g, 0, &h, 0, Mode::Offside);
        prop_assert_eq!(engine.le(&a, &b).unwrap(), expected);
        if g.is_stopper_from(0) && h.is_stopper_from(0) {
            prop_assert_eq!(brute::le(&g, 0, &h, 0, Mode::Stopper), expected);
        }
    }

    #[test]
    fn equal_games_print_alike(graph in graphs(), choices in proptest::collection::vec(any::<bool>(), 1..16)) {
        let mut store = ValueStore::new();
        let mut engine = LoopyEngine::new(&mut store);
        let value = engine.value_of_graph(&graph, 0).unwrap();
        let other = engine.value_of_graph(&unfolded(&graph, &choices), 0).unwrap();
        prop_assert!(engine.equal(&value, &other).unwrap());
        if value.is_stopper_sided() {
            prop_assert_eq!(engine.display(&value).unwrap(), engine.display(&other).unwrap());
        }
    }

    #[test]
    fn sums_of_values_are_the_values_of_sums(g in graphs(), h in graphs()) {
        let mut store = ValueStore::new();
        let mut engine = LoopyEngine::new(&mut store);
        let a = engine.value_of_graph(&g, 0).unwrap();
        let b = engine.value_of_graph(&h, 0).unwrap();
        let sum = engine.add(&a, &b).unwrap();
        let explicit = g.sum(0, &h, 0, &Budget::unlimited()).unwrap();
        let outcome = engine.outcome(&sum).unwrap();
        let played = (brute::outcome(&explicit, 0, true), brute::outcome(&explicit, 0, false));
        prop_assert_eq!(outcome.results(), played);
        let reversed = engine.add(&b, &a).unwrap();
        prop_assert!(engine.equal(&sum, &reversed).unwrap());
    }
}
