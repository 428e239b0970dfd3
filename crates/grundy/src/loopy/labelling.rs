//! The values of a loopy impartial game: the generalised Sprague–Grundy function of every
//! position of a [`Graph`], by the labelling algorithm of Smith and of Fraenkel and Yesha,
//! with its counter function.
//!
//! # The algorithm
//!
//! Stage `i = 0, 1, 2, …` labels positions with the value `i` while it can, then the
//! positions that can no longer get a finite value with `∞`:
//!
//! 1. A position still unlabelled is labelled `i` once (a) none of its options is labelled
//!    `i`, and (b) each of its options that is unlabelled or `∞` has an option labelled
//!    `i` (the opponent's escape there can be answered by a return to `i`). Each label gets
//!    the next number of the counter.
//! 2. When no more can be labelled `i`, every unlabelled position without an option
//!    labelled `i` is labelled `∞`: it has options of every value below `i` (or it would
//!    have been labelled at an earlier stage), none of value `i`, and it could not be
//!    labelled `i`.
//!
//! The stages end when every position is labelled. Inside a stage the rule of step 1 is
//! kept by counters, as retrograde analysis keeps its own: each unlabelled position counts
//! its options that are unlabelled or `∞` and have no option labelled `i` yet; when a
//! position is labelled `i`, each of its predecessors now has an option labelled `i`, and
//! the predecessors of those that are unlabelled or `∞` count one option fewer. A stage
//! costs the moves of the positions still unlabelled and of those it touches.
//!
//! The value of a position labelled `∞` is `∞` with the finite values among its options
//! (`K`), read from the graph when asked for. Why the labels are the values, and what they
//! say of sums, is in `docs/loopy.md`.
//!
//! ```
//! use grundy::loopy::graph::Graph;
//! use grundy::loopy::labelling::label;
//! use grundy::loopy::value::LoopyNimber;
//! use grundy::loopy::Bounds;
//!
//! // 0 has no move; 1 -> 0; 2 <-> 3, and 3 -> 1 as well (which loses: 1 -> 0).
//! let graph = Graph::from_options(&[vec![], vec![0], vec![3], vec![2, 1]]).unwrap();
//! let values = label(&graph, &mut Bounds::none()).unwrap();
//! assert_eq!(values.value(&graph, 0), LoopyNimber::Finite(0));
//! assert_eq!(values.value(&graph, 1), LoopyNimber::Finite(1));
//! assert_eq!(values.value(&graph, 2), LoopyNimber::infinite([]));
//! assert_eq!(values.value(&graph, 3), LoopyNimber::infinite([1]));
//! ```

use super::bounds::{Bounds, LoopyError, Meter, Phase};
use super::graph::Graph;
use super::retrograde::Outcome;
use super::value::LoopyNimber;

/// The mark of a position not labelled yet.
const UNLABELLED: u32 = u32::MAX;

/// The mark of a position labelled `∞`. Finite values are below it: a position's value is
/// at most its number of moves, and a graph has at most
/// [`MAX_MOVES`](super::graph::MAX_MOVES) moves.
const INFINITE: u32 = u32::MAX - 1;

/// The values of every position of a graph, with the counter function of the labelling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Values {
    labels: Vec<u32>,
    counter: Vec<u32>,
}

/// The bytes [`label`] holds besides the graph: the predecessors, and six numbers a
/// position (labels, counters, marks, counts of open options, the positions to label and
/// the stage's queue).
pub fn label_bytes(graph: &Graph) -> usize {
    graph.reverse_bytes() + 6 * graph.positions() * std::mem::size_of::<u32>()
}

/// Labels every position of `graph` with its value, within `bounds`.
pub fn label(graph: &Graph, bounds: &mut Bounds) -> Result<Values, LoopyError> {
    let positions = graph.positions();
    let held = graph.bytes() + label_bytes(graph);
    bounds.afford(Phase::Labelling, held, positions as u64)?;
    bounds.stop.check()?;
    let mut meter = Meter::new(
        Phase::Labelling,
        positions as u64,
        graph.moves() as u64,
        held,
    );
    let reverse = graph.reverse();
    let mut labels = vec![UNLABELLED; positions];
    let mut counter = vec![0u32; positions];
    // `marked[v] == i + 1` once `v` has an option labelled `i` (no clearing between
    // stages).
    let mut marked = vec![0u32; positions];
    // For an unlabelled position: its options that are unlabelled or ∞ and have no option
    // labelled with the stage's value yet.
    let mut open = vec![0u32; positions];
    let mut pending: Vec<u32> = (0..positions as u32).collect();
    let mut queue: Vec<u32> = Vec::with_capacity(positions);
    let mut next_counter = 0u32;
    let mut stage = 0u32;
    while !pending.is_empty() {
        let mark = stage + 1;
        queue.clear();
        for &id in &pending {
            open[id as usize] = graph
                .options(id)
                .iter()
                .filter(|&&option| labels[option as usize] >= INFINITE)
                .count() as u32;
        }
        // Every option of these is labelled below the stage: none can be labelled with it.
        for &id in &pending {
            if open[id as usize] == 0 {
                labels[id as usize] = stage;
                counter[id as usize] = next_counter;
                next_counter += 1;
                queue.push(id);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let labelled = queue[head];
            head += 1;
            for &before in reverse.predecessors(labelled) {
                if marked[before as usize] == mark {
                    continue;
                }
                marked[before as usize] = mark;
                if labels[before as usize] < INFINITE {
                    continue;
                }
                // `before` (unlabelled or ∞) now answers a move to it by a return to the
                // stage's value: one open option fewer for each of its predecessors.
                for &grand in reverse.predecessors(before) {
                    let grand = grand as usize;
                    if labels[grand] != UNLABELLED {
                        continue;
                    }
                    open[grand] -= 1;
                    if open[grand] == 0 && marked[grand] != mark {
                        labels[grand] = stage;
                        counter[grand] = next_counter;
                        next_counter += 1;
                        queue.push(grand as u32);
                    }
                }
            }
            if meter.count(1) {
                meter.progress.settled = u64::from(next_counter);
                meter.look(bounds)?;
            }
        }
        pending.retain(|&id| {
            let id = id as usize;
            if labels[id] != UNLABELLED {
                return false;
            }
            if marked[id] != mark {
                labels[id] = INFINITE;
                return false;
            }
            true
        });
        stage += 1;
        meter.progress.settled = u64::from(next_counter);
        meter.look(bounds)?;
    }
    Ok(Values { labels, counter })
}

impl Values {
    /// The number of positions.
    pub fn positions(&self) -> usize {
        self.labels.len()
    }

    /// The nimber of position `id`, when its value is finite.
    ///
    /// # Panics
    /// When `id` is not a position of the graph labelled.
    pub fn nimber(&self, id: u32) -> Option<u32> {
        let label = self.labels[id as usize];
        (label < INFINITE).then_some(label)
    }

    /// The value of position `id`: its nimber, or `∞` with the finite values among its
    /// options in `graph` (the graph labelled).
    pub fn value(&self, graph: &Graph, id: u32) -> LoopyNimber {
        match self.nimber(id) {
            Some(n) => LoopyNimber::Finite(u64::from(n)),
            None => LoopyNimber::infinite(
                graph
                    .options(id)
                    .iter()
                    .filter_map(|&option| self.nimber(option).map(u64::from)),
            ),
        }
    }

    /// Who wins position `id`, for the player to move, from its value.
    pub fn outcome(&self, graph: &Graph, id: u32) -> Outcome {
        match self.nimber(id) {
            Some(0) => Outcome::Loss,
            Some(_) => Outcome::Win,
            None if graph
                .options(id)
                .iter()
                .any(|&option| self.nimber(option) == Some(0)) =>
            {
                Outcome::Win
            }
            None => Outcome::Draw,
        }
    }

    /// The counter function at position `id`, when its value is finite: the order in which
    /// the labelling gave the finite labels. A position of a finite value that an opponent
    /// escapes from (to an option of a greater value or `∞`) is answered by a return to the
    /// same value with a smaller counter, so the escapes cannot go on for ever; and an
    /// option of a smaller finite value has a smaller counter.
    pub fn counter(&self, id: u32) -> Option<u32> {
        self.nimber(id).map(|_| self.counter[id as usize])
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::stop::{Stop, Stopped};

    #[test]
    fn a_cycle_of_three_with_exits() {
        // Wind-Up style: positions 0..6 on a cycle, a move subtracts 1 or 2 modulo 6, and 0
        // ends the game.
        let options: Vec<Vec<u32>> = (0..6u32)
            .map(|n| {
                if n == 0 {
                    vec![]
                } else {
                    vec![(n + 5) % 6, (n + 4) % 6]
                }
            })
            .collect();
        let graph = Graph::from_options(&options).unwrap();
        let values = label(&graph, &mut Bounds::none()).unwrap();
        // 3 is lost (3 -> 2 and 3 -> 1 both let the opponent reach 0), worth 0. The others
        // reach 0 at once but are no nimber: 1 + *1, say, is a draw, since 1 -> 5 -> 4 ->
        // 2 -> 1 goes round for ever while every other move loses. So they are ∞{0}.
        for id in [0, 3] {
            assert_eq!(values.value(&graph, id), LoopyNimber::Finite(0), "{id}");
        }
        for id in [1, 2, 4, 5] {
            assert_eq!(values.value(&graph, id), LoopyNimber::infinite([0]), "{id}");
            assert_eq!(values.outcome(&graph, id), Outcome::Win);
        }
        assert!(values.counter(0) < values.counter(3));
    }

    #[test]
    fn infinite_values_keep_their_finite_options() {
        // 0: no move. 1 -> {0, 2}, 2 -> {1}: 1 and 2 could loop. 2's only option is 1;
        // labelling 1 with *1 and 2 with 0 works (a move 2 -> 1 is answered by 1 -> 0).
        let graph = Graph::from_options(&[vec![], vec![0, 2], vec![1], vec![3, 1]]).unwrap();
        let values = label(&graph, &mut Bounds::none()).unwrap();
        assert_eq!(values.value(&graph, 1), LoopyNimber::Finite(1));
        assert_eq!(values.value(&graph, 2), LoopyNimber::Finite(0));
        // 3 -> 3 (a loop) or 1: ∞ with K = {1}, a draw.
        assert_eq!(values.value(&graph, 3), LoopyNimber::infinite([1]));
        assert_eq!(values.outcome(&graph, 3), Outcome::Draw);
        assert_eq!(values.outcome(&graph, 2), Outcome::Loss);
        assert_eq!(values.counter(3), None);
        assert_eq!(values.positions(), 4);
    }

    #[test]
    fn a_run_stops_and_refuses_past_its_memory() {
        let graph = Graph::from_options(&[vec![1], vec![0]]).unwrap();
        let stop = Stop::new();
        stop.raise();
        assert_eq!(
            label(&graph, &mut Bounds::new(stop, None)),
            Err(LoopyError::Stopped(Stopped))
        );
        let limit = graph.bytes() + label_bytes(&graph);
        assert!(matches!(
            label(&graph, &mut Bounds::new(Stop::never(), Some(limit - 1))),
            Err(LoopyError::OverMemory {
                phase: Phase::Labelling,
                ..
            })
        ));
        let values = label(&graph, &mut Bounds::new(Stop::never(), Some(limit))).unwrap();
        assert_eq!(values.value(&graph, 0), LoopyNimber::infinite([]));
    }
}
