//! The explicit graph of a game's positions: positions numbered `0..n` by `u32` ids, the
//! moves of each as a slice of one flat array (compressed sparse rows), in the order the
//! game lists them, so that the `k`-th option of a position is the game's `k`-th move.
//!
//! Two arrays, `offsets` (`n + 1` entries) and `targets` (one entry a move), hold the whole
//! graph: 4 bytes a position and 4 a move, against a map and a list per position. The
//! solvers ([`super::retrograde`], [`super::labelling`]) also need every position's
//! predecessors, which the graph lays out the same way for them.
//!
//! ```
//! use grundy::loopy::graph::Graph;
//! // 0 -> 1, 1 -> 0 and 1 -> 2: a cycle with a way out.
//! let graph = Graph::from_options(&[vec![1], vec![0, 2], vec![]]).unwrap();
//! assert_eq!(graph.positions(), 3);
//! assert_eq!(graph.moves(), 3);
//! assert_eq!(graph.options(1), &[0, 2]);
//! ```

use std::fmt;

/// The most positions a graph numbers: every id is below it, and `u32::MAX` is free for the
/// solvers' marks.
pub const MAX_POSITIONS: u64 = u32::MAX as u64 - 1;

/// The most moves a graph holds: the offsets are `u32`, and a value, which is at most the
/// number of moves of its position, stays below the labelling's marks.
pub const MAX_MOVES: u64 = u32::MAX as u64 - 2;

/// A graph of positions and moves in compressed sparse rows (see the module documentation).
#[derive(Clone, PartialEq, Eq)]
pub struct Graph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

/// Arrays that are not a graph: what is wrong with them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a graph of positions: {0}")]
pub struct InvalidGraph(pub String);

impl fmt::Debug for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Graph")
            .field("positions", &self.positions())
            .field("moves", &self.moves())
            .finish()
    }
}

impl Graph {
    /// The graph of `offsets` (`n + 1` nondecreasing entries from 0 to the number of moves)
    /// and `targets` (the options of position `u` are `targets[offsets[u]..offsets[u + 1]]`),
    /// or what is wrong with them.
    pub fn from_csr(offsets: Vec<u32>, targets: Vec<u32>) -> Result<Graph, InvalidGraph> {
        let Some((&first, _)) = offsets.split_first() else {
            return Err(InvalidGraph(
                "the offsets are empty (a graph of n positions has n + 1)".into(),
            ));
        };
        let positions = offsets.len() - 1;
        if positions as u64 > MAX_POSITIONS {
            return Err(InvalidGraph(format!(
                "{positions} positions, more than {MAX_POSITIONS}"
            )));
        }
        if targets.len() as u64 > MAX_MOVES {
            return Err(InvalidGraph(format!(
                "{} moves, more than {MAX_MOVES}",
                targets.len()
            )));
        }
        if first != 0 {
            return Err(InvalidGraph(format!("the offsets start at {first}, not 0")));
        }
        if let Some(at) = offsets.windows(2).position(|pair| pair[0] > pair[1]) {
            return Err(InvalidGraph(format!(
                "the offsets fall from {} to {} at position {at}",
                offsets[at],
                offsets[at + 1]
            )));
        }
        let last = offsets[positions] as usize;
        if last != targets.len() {
            return Err(InvalidGraph(format!(
                "the offsets end at {last} but there are {} moves",
                targets.len()
            )));
        }
        if let Some(&target) = targets.iter().find(|&&t| t as usize >= positions) {
            return Err(InvalidGraph(format!(
                "a move leads to position {target}, past the last one ({})",
                positions.wrapping_sub(1)
            )));
        }
        Ok(Graph { offsets, targets })
    }

    /// The graph whose position `u` has the options `options[u]`, in that order.
    pub fn from_options(options: &[Vec<u32>]) -> Result<Graph, InvalidGraph> {
        let mut offsets = Vec::with_capacity(options.len() + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for list in options {
            targets.extend_from_slice(list);
            let end = u32::try_from(targets.len())
                .map_err(|_| InvalidGraph(format!("more than {MAX_MOVES} moves")))?;
            offsets.push(end);
        }
        Graph::from_csr(offsets, targets)
    }

    /// Built by the exploration, which keeps the invariants of [`Graph::from_csr`].
    pub(crate) fn from_parts(offsets: Vec<u32>, targets: Vec<u32>) -> Graph {
        debug_assert!(Graph::from_csr(offsets.clone(), targets.clone()).is_ok());
        Graph { offsets, targets }
    }

    /// The number of positions.
    pub fn positions(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of moves.
    pub fn moves(&self) -> usize {
        self.targets.len()
    }

    /// The options of position `id`, in the game's order of moves.
    ///
    /// # Panics
    /// When `id` is not a position of the graph.
    #[inline]
    pub fn options(&self, id: u32) -> &[u32] {
        let id = id as usize;
        &self.targets[self.offsets[id] as usize..self.offsets[id + 1] as usize]
    }

    /// The offsets array (see the module documentation).
    pub fn offsets(&self) -> &[u32] {
        &self.offsets
    }

    /// The targets array (see the module documentation).
    pub fn targets(&self) -> &[u32] {
        &self.targets
    }

    /// The bytes the graph holds.
    pub fn bytes(&self) -> usize {
        (self.offsets.capacity() + self.targets.capacity()) * std::mem::size_of::<u32>()
    }

    /// The bytes [`Graph::reverse`] will hold.
    pub(crate) fn reverse_bytes(&self) -> usize {
        (self.offsets.len() + self.targets.len()) * std::mem::size_of::<u32>()
    }

    /// Every position's predecessors (one entry a move, so a position reached by two moves
    /// of one position lists it twice), laid out as the graph is.
    pub(crate) fn reverse(&self) -> Reverse {
        let positions = self.positions();
        // Count the moves into each position, one place to the right...
        let mut offsets = vec![0u32; positions + 1];
        for &target in &self.targets {
            offsets[target as usize + 1] += 1;
        }
        // ... sum them into where each position's predecessors begin...
        for at in 1..=positions {
            offsets[at] += offsets[at - 1];
        }
        // ... and fill them in, each position's cursor starting where the previous one's
        // list begins, so that afterwards `offsets[t]` is where `t + 1`'s list begins.
        let mut sources = vec![0u32; self.targets.len()];
        for (source, pair) in self.offsets.windows(2).enumerate() {
            for &target in &self.targets[pair[0] as usize..pair[1] as usize] {
                let cursor = &mut offsets[target as usize];
                sources[*cursor as usize] = source as u32;
                *cursor += 1;
            }
        }
        offsets.copy_within(0..positions, 1);
        offsets[0] = 0;
        Reverse { offsets, sources }
    }
}

/// Every position's predecessors, in compressed sparse rows.
pub(crate) struct Reverse {
    offsets: Vec<u32>,
    sources: Vec<u32>,
}

impl Reverse {
    /// The positions with a move to `id`, once a move.
    #[inline]
    pub(crate) fn predecessors(&self, id: u32) -> &[u32] {
        let id = id as usize;
        &self.sources[self.offsets[id] as usize..self.offsets[id + 1] as usize]
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_reverse_lists_every_move_once() {
        let graph = Graph::from_options(&[vec![1, 2, 2], vec![0], vec![], vec![3, 0]]).unwrap();
        let reverse = graph.reverse();
        assert_eq!(reverse.predecessors(0), &[1, 3]);
        assert_eq!(reverse.predecessors(1), &[0]);
        assert_eq!(reverse.predecessors(2), &[0, 0]);
        assert_eq!(reverse.predecessors(3), &[3]);
        assert_eq!(graph.reverse_bytes(), 4 * (5 + 6));
        assert_eq!(format!("{graph:?}"), "Graph { positions: 4, moves: 6 }");
    }

    #[test]
    fn arrays_that_are_not_a_graph_say_why() {
        let cases: [(Vec<u32>, Vec<u32>, &str); 5] = [
            (vec![], vec![], "offsets are empty"),
            (vec![1, 1], vec![0], "start at 1"),
            (vec![0, 2, 1], vec![0, 0], "fall from 2 to 1 at position 1"),
            (vec![0, 1], vec![0, 0], "end at 1 but there are 2 moves"),
            (
                vec![0, 1, 1],
                vec![2],
                "leads to position 2, past the last one (1)",
            ),
        ];
        for (offsets, targets, expected) in cases {
            let error = Graph::from_csr(offsets, targets).unwrap_err();
            assert!(error.to_string().contains(expected), "{error}");
        }
        let empty = Graph::from_csr(vec![0], vec![]).unwrap();
        assert_eq!((empty.positions(), empty.moves()), (0, 0));
        assert_eq!(empty.reverse().offsets, [0]);
    }
}
