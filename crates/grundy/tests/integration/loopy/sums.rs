//! Sums from the values of their parts (`SumOfValues`) against the explicit graph of the
//! sum: the product of small random parts, solved and labelled as one game. Every position
//! of the product is checked: its outcome and its value (with `K`), the value after every
//! move, and which moves the advice calls winning or drawing.

use grundy::loopy::graph::Graph;
use grundy::loopy::labelling::label;
use grundy::loopy::retrograde::{solve, Outcome, Play};
use grundy::loopy::sum::SumOfValues;
use grundy::loopy::Bounds;
use proptest::prelude::*;

use super::graphs::graphs;

/// Each move of a position of the product: the part it is made in and the option it
/// leads to there.
type PartMoves = Vec<Vec<(usize, u32)>>;

/// The product of `parts`: position `(u_0, u_1, …)` numbered with part 0 varying slowest;
/// its moves are part 0's moves, then part 1's, and so on. Also each move's part and the
/// option it leads to there.
fn product(parts: &[Vec<Vec<u32>>]) -> (Vec<Vec<u32>>, PartMoves) {
    let sizes: Vec<usize> = parts.iter().map(Vec::len).collect();
    let total: usize = sizes.iter().product();
    let number = |coordinates: &[u32]| {
        coordinates
            .iter()
            .zip(&sizes)
            .fold(0usize, |at, (&c, &size)| at * size + c as usize) as u32
    };
    let mut options = Vec::with_capacity(total);
    let mut moves = Vec::with_capacity(total);
    for id in 0..total {
        let mut coordinates = vec![0u32; parts.len()];
        let mut rest = id;
        for index in (0..parts.len()).rev() {
            coordinates[index] = (rest % sizes[index]) as u32;
            rest /= sizes[index];
        }
        let mut list = Vec::new();
        let mut named = Vec::new();
        for (index, part) in parts.iter().enumerate() {
            for &option in &part[coordinates[index] as usize] {
                let mut after = coordinates.clone();
                after[index] = option;
                list.push(number(&after));
                named.push((index, option));
            }
        }
        options.push(list);
        moves.push(named);
    }
    (options, moves)
}

fn check_sum(parts: &[Vec<Vec<u32>>]) -> Result<(), TestCaseError> {
    let part_graphs: Vec<Graph> = parts
        .iter()
        .map(|part| Graph::from_options(part).unwrap())
        .collect();
    let part_values: Vec<_> = part_graphs
        .iter()
        .map(|graph| label(graph, &mut Bounds::none()).unwrap())
        .collect();
    let (options, moves) = product(parts);
    let graph = Graph::from_options(&options).unwrap();
    let solution = solve(&graph, Play::Normal, &mut Bounds::none()).unwrap();
    let values = label(&graph, &mut Bounds::none()).unwrap();
    let sizes: Vec<usize> = parts.iter().map(Vec::len).collect();
    for id in 0..options.len() as u32 {
        let mut coordinates = vec![0u32; parts.len()];
        let mut rest = id as usize;
        for index in (0..parts.len()).rev() {
            coordinates[index] = (rest % sizes[index]) as u32;
            rest /= sizes[index];
        }
        let sum = SumOfValues::new(
            coordinates
                .iter()
                .enumerate()
                .map(|(index, &u)| part_values[index].value(&part_graphs[index], u))
                .collect(),
        );
        prop_assert_eq!(sum.outcome(), solution.outcome(id), "{:?}", coordinates);
        prop_assert_eq!(sum.value(), values.value(&graph, id), "{:?}", coordinates);
        let winning = sum.winning_moves();
        let drawing = sum.drawing_moves();
        let winning_moves = solution.winning_moves(&graph, id);
        let drawing_moves = solution.drawing_moves(&graph, id);
        for (index, &(part, option)) in moves[id as usize].iter().enumerate() {
            let option_value = part_values[part].value(&part_graphs[part], option);
            let after = graph.options(id)[index];
            prop_assert_eq!(
                sum.after_move(part, &option_value),
                values.value(&graph, after),
                "{:?}: part {} to {}",
                coordinates,
                part,
                option
            );
            let advised = |advice: &[grundy::loopy::sum::Advice]| {
                advice
                    .iter()
                    .any(|advice| advice.part == part && advice.to.admits(&option_value))
            };
            prop_assert_eq!(advised(&winning), winning_moves.contains(&index));
            prop_assert_eq!(advised(&drawing), drawing_moves.contains(&index));
        }
        // What the values alone promise, the parts have.
        for advice in winning
            .iter()
            .chain(&drawing)
            .filter(|advice| advice.certain)
        {
            let part = advice.part;
            let here = coordinates[part];
            prop_assert!(
                part_graphs[part].options(here).iter().any(|&option| advice
                    .to
                    .admits(&part_values[part].value(&part_graphs[part], option))),
                "{:?}: part {} has no move {}",
                coordinates,
                part,
                advice.to
            );
        }
        if sum.outcome() != Outcome::Loss {
            prop_assert!(
                winning.iter().chain(&drawing).any(|advice| advice.certain),
                "{:?}: no certain advice",
                coordinates
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn two_parts(first in graphs(7, 3), second in graphs(7, 3)) {
        check_sum(&[first, second])?;
    }

    #[test]
    fn three_parts(first in graphs(5, 3), second in graphs(5, 3), third in graphs(4, 3)) {
        check_sum(&[first, second, third])?;
    }
}
