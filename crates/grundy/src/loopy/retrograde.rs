//! Retrograde analysis: every position of a [`Graph`] labelled won, lost or drawn for the
//! player to move, with the exact remoteness of every win and loss.
//!
//! # The algorithm
//!
//! The positions without a move are settled first: lost in 0 under normal play (the player
//! to move cannot move), won in 0 under misère play. Then settled positions are taken from
//! a first-in, first-out queue, and each tells its predecessors:
//!
//! - a lost position makes every unsettled predecessor a win, in one move more;
//! - a won position takes one off the counter of unsettled moves of each unsettled
//!   predecessor, and a predecessor whose counter reaches zero (every move leads to a
//!   win for the opponent) is lost, in one move more.
//!
//! The queue holds positions in order of remoteness (each position enters it once, one more
//! than the position that settled it, which left the queue before it), so a win is settled
//! by its fastest losing option (the winner hurries) and a loss by its slowest option (the
//! loser delays), exactly. What is never settled is a draw: its player can always move to
//! a position that is not won for the opponent, and never to one that is lost.
//!
//! Each position's result is one `u32`: its remoteness, or [`DRAW`]. The outcome follows
//! from the remoteness: under normal play an odd remoteness is a win and an even one a
//! loss; under misère play the other way round.
//!
//! ```
//! use grundy::loopy::graph::Graph;
//! use grundy::loopy::retrograde::{solve, Outcome, Play};
//! use grundy::loopy::Bounds;
//!
//! // 0 -> 1 -> 2 (no move); 3 <-> 4, with 4 -> 1 as well; 5 -> 0.
//! let graph =
//!     Graph::from_options(&[vec![1], vec![2], vec![], vec![4], vec![3, 1], vec![0]]).unwrap();
//! let solution = solve(&graph, Play::Normal, &mut Bounds::none()).unwrap();
//! assert_eq!(solution.outcome(0), Outcome::Loss);
//! assert_eq!(solution.remoteness(0), Some(2));
//! // From 4, moving to 1 loses (1 is won); 4 -> 3 -> 4 -> ... goes on for ever.
//! assert_eq!(solution.outcome(4), Outcome::Draw);
//! assert_eq!(solution.drawing_moves(&graph, 4), vec![0]);
//! assert_eq!(solution.outcome(5), Outcome::Win);
//! assert_eq!(solution.winning_moves(&graph, 5), vec![0]);
//! assert_eq!(solution.remoteness(5), Some(3));
//! ```

use std::fmt;

use super::bounds::{Bounds, LoopyError, Meter, Phase};
use super::graph::Graph;

/// The mark of a drawn position in the results.
pub const DRAW: u32 = u32::MAX;

/// The play convention: who wins a position without a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins (the last player to move loses).
    Misere,
}

impl Play {
    /// The parity of the remoteness of a lost position.
    fn loss_parity(self) -> u32 {
        match self {
            Play::Normal => 0,
            Play::Misere => 1,
        }
    }
}

/// Who wins a position with perfect play, for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player to move wins (an N-position of an impartial game).
    Win,
    /// The player to move loses (a P-position).
    Loss,
    /// Neither player can force a win: with perfect play the game goes on for ever (a
    /// D-position).
    Draw,
}

impl Outcome {
    /// The letter of the outcome class of an impartial game: `N` (the next player, to move,
    /// wins), `P` (the previous player wins) or `D` (a draw).
    pub fn letter(self) -> char {
        match self {
            Outcome::Win => 'N',
            Outcome::Loss => 'P',
            Outcome::Draw => 'D',
        }
    }

    /// The outcome in words, as the short games' outcome classes describe theirs.
    pub fn describe(self) -> &'static str {
        match self {
            Outcome::Win => "the player to move wins",
            Outcome::Loss => "the player to move loses",
            Outcome::Draw => {
                "a draw: neither player can force a win, and perfect play goes on for ever"
            }
        }
    }

    /// The outcome for the opponent, after a move to a position with this outcome.
    pub fn for_opponent(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
        })
    }
}

/// Every position of a graph won, lost or drawn, with its remoteness (see the module
/// documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    play: Play,
    remoteness: Vec<u32>,
}

/// The bytes [`solve`] holds besides the graph: the predecessors, and three numbers a
/// position (results and counters side by side, the queue; the results alone at the end,
/// once the rest is freed).
pub fn solve_bytes(graph: &Graph) -> usize {
    graph.reverse_bytes() + 3 * graph.positions() * std::mem::size_of::<u32>()
}

/// Labels every position of `graph` under `play`, within `bounds`.
pub fn solve(graph: &Graph, play: Play, bounds: &mut Bounds) -> Result<Solution, LoopyError> {
    let positions = graph.positions();
    let held = graph.bytes() + solve_bytes(graph);
    bounds.afford(Phase::Solving, held, positions as u64)?;
    bounds.stop.check()?;
    let mut meter = Meter::new(Phase::Solving, positions as u64, graph.moves() as u64, held);
    let reverse = graph.reverse();
    // Each position's result and its count of unsettled moves, side by side: the two
    // numbers a predecessor needs share a cache line.
    let mut state: Vec<[u32; 2]> = graph
        .offsets()
        .windows(2)
        .map(|pair| [DRAW, pair[1] - pair[0]])
        .collect();
    let mut queue: Vec<u32> = Vec::with_capacity(positions);
    for (id, slot) in state.iter_mut().enumerate() {
        if slot[1] == 0 {
            slot[0] = 0;
            queue.push(id as u32);
        }
    }
    let loss_parity = play.loss_parity();
    let mut head = 0;
    while head < queue.len() {
        let settled = queue[head];
        head += 1;
        let after = state[settled as usize][0];
        let lost = after & 1 == loss_parity;
        for &before in reverse.predecessors(settled) {
            let slot = &mut state[before as usize];
            if slot[0] != DRAW {
                continue;
            }
            if !lost {
                slot[1] -= 1;
                if slot[1] != 0 {
                    continue;
                }
            }
            slot[0] = after + 1;
            queue.push(before);
        }
        if meter.count(1) {
            meter.progress.settled = head as u64;
            meter.look(bounds)?;
        }
    }
    meter.progress.settled = head as u64;
    meter.look(bounds)?;
    drop(queue);
    drop(reverse);
    let remoteness = state.into_iter().map(|slot| slot[0]).collect();
    Ok(Solution { play, remoteness })
}

impl Solution {
    /// The play convention the positions were solved under.
    pub fn play(&self) -> Play {
        self.play
    }

    /// The number of positions.
    pub fn positions(&self) -> usize {
        self.remoteness.len()
    }

    /// The results: each position's remoteness, or [`DRAW`].
    pub fn results(&self) -> &[u32] {
        &self.remoteness
    }

    /// Who wins position `id`, for the player to move.
    ///
    /// # Panics
    /// When `id` is not a position of the graph solved.
    pub fn outcome(&self, id: u32) -> Outcome {
        self.outcome_of(self.remoteness[id as usize])
    }

    fn outcome_of(&self, remoteness: u32) -> Outcome {
        if remoteness == DRAW {
            Outcome::Draw
        } else if remoteness & 1 == self.play.loss_parity() {
            Outcome::Loss
        } else {
            Outcome::Win
        }
    }

    /// The moves left from position `id` when the winner wins as fast as possible and the
    /// loser loses as slowly as possible; `None` for a draw.
    pub fn remoteness(&self, id: u32) -> Option<u32> {
        let remoteness = self.remoteness[id as usize];
        (remoteness != DRAW).then_some(remoteness)
    }

    /// How many positions are won, lost and drawn.
    pub fn counts(&self) -> (usize, usize, usize) {
        let mut counts = (0, 0, 0);
        for &remoteness in &self.remoteness {
            match self.outcome_of(remoteness) {
                Outcome::Win => counts.0 += 1,
                Outcome::Loss => counts.1 += 1,
                Outcome::Draw => counts.2 += 1,
            }
        }
        counts
    }

    /// The moves of `id` (indices in its list of options, the game's order of moves) to a
    /// position with outcome `outcome` for the opponent.
    fn moves_to(&self, graph: &Graph, id: u32, outcome: Outcome) -> Vec<usize> {
        graph
            .options(id)
            .iter()
            .enumerate()
            .filter(|(_, &option)| self.outcome(option) == outcome)
            .map(|(index, _)| index)
            .collect()
    }

    /// Every winning move of position `id`: the moves to a position lost for the opponent,
    /// as indices in its list of options. Empty unless `id` is won.
    pub fn winning_moves(&self, graph: &Graph, id: u32) -> Vec<usize> {
        self.moves_to(graph, id, Outcome::Loss)
    }

    /// Every drawing move of a drawn position `id`: the moves to a position drawn for the
    /// opponent, as indices in its list of options. Empty unless `id` is drawn (a won
    /// position's moves to a draw let the win slip).
    pub fn drawing_moves(&self, graph: &Graph, id: u32) -> Vec<usize> {
        if self.outcome(id) != Outcome::Draw {
            return Vec::new();
        }
        self.moves_to(graph, id, Outcome::Draw)
    }

    /// The move perfect play makes from `id`, as an index in its list of options: when won,
    /// the fastest win; when drawn, the first drawing move; when lost, the slowest loss.
    /// Ties go to the first move. `None` when `id` has no move.
    pub fn perfect_move(&self, graph: &Graph, id: u32) -> Option<usize> {
        let options = graph.options(id);
        let scored = options.iter().enumerate().map(|(index, &option)| {
            let after = self.remoteness[option as usize];
            (index, self.outcome_of(after), after)
        });
        perfect_among(self.outcome(id), scored)
    }
}

/// The move perfect play makes from a position whose outcome is `outcome`, among its moves
/// scored `(index, outcome after it, remoteness after it)`: when won, the fastest win; when
/// drawn, the first drawing move; when lost, the slowest loss. Ties go to the first move.
pub(crate) fn perfect_among(
    outcome: Outcome,
    scored: impl Iterator<Item = (usize, Outcome, u32)>,
) -> Option<usize> {
    match outcome {
        Outcome::Win => scored
            .filter(|(_, outcome, _)| *outcome == Outcome::Loss)
            .min_by_key(|(index, _, after)| (*after, *index))
            .map(|(index, _, _)| index),
        Outcome::Draw => scored
            .filter(|(_, outcome, _)| *outcome == Outcome::Draw)
            .map(|(index, _, _)| index)
            .next(),
        Outcome::Loss => scored
            .max_by_key(|(index, _, after)| (*after, std::cmp::Reverse(*index)))
            .map(|(index, _, _)| index),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::stop::{Stop, Stopped};

    /// A path 0 -> 1 -> 2 -> 3 (no move), 4 -> {0, 5}, 5 -> 4, 6 -> 6.
    fn graph() -> Graph {
        Graph::from_options(&[
            vec![1],
            vec![2],
            vec![3],
            vec![],
            vec![0, 5],
            vec![4],
            vec![6],
        ])
        .unwrap()
    }

    #[test]
    fn normal_play_counts_the_moves_to_the_end() {
        let graph = graph();
        let solution = solve(&graph, Play::Normal, &mut Bounds::none()).unwrap();
        let expect = [
            (Outcome::Win, Some(3)),
            (Outcome::Loss, Some(2)),
            (Outcome::Win, Some(1)),
            (Outcome::Loss, Some(0)),
            // 4 -> 0 loses (0 is won); 4 -> 5 -> 4 ... draws.
            (Outcome::Draw, None),
            (Outcome::Draw, None),
            (Outcome::Draw, None),
        ];
        for (id, (outcome, remoteness)) in expect.into_iter().enumerate() {
            assert_eq!(solution.outcome(id as u32), outcome, "{id}");
            assert_eq!(solution.remoteness(id as u32), remoteness, "{id}");
        }
        assert_eq!(solution.drawing_moves(&graph, 4), vec![1]);
        assert_eq!(solution.perfect_move(&graph, 4), Some(1));
        assert_eq!(solution.winning_moves(&graph, 4), Vec::<usize>::new());
        assert_eq!(solution.perfect_move(&graph, 1), Some(0));
        assert_eq!(solution.perfect_move(&graph, 3), None);
        assert_eq!(solution.counts(), (2, 2, 3));
        assert_eq!(solution.drawing_moves(&graph, 0), Vec::<usize>::new());
    }

    #[test]
    fn misere_play_turns_the_ends_round() {
        let graph = graph();
        let solution = solve(&graph, Play::Misere, &mut Bounds::none()).unwrap();
        assert_eq!(solution.outcome(3), Outcome::Win);
        assert_eq!(solution.remoteness(3), Some(0));
        assert_eq!(solution.outcome(2), Outcome::Loss);
        assert_eq!(solution.outcome(0), Outcome::Loss);
        assert_eq!(solution.remoteness(0), Some(3));
        // 4 -> 0 now wins, in 4.
        assert_eq!(solution.outcome(4), Outcome::Win);
        assert_eq!(solution.remoteness(4), Some(4));
        // 5 -> 4 only: lost in 5, so 4 -> 5 wins too, more slowly.
        assert_eq!(solution.outcome(5), Outcome::Loss);
        assert_eq!(solution.remoteness(5), Some(5));
        assert_eq!(solution.winning_moves(&graph, 4), vec![0, 1]);
        assert_eq!(solution.perfect_move(&graph, 4), Some(0));
        assert_eq!(solution.outcome(6), Outcome::Draw);
        assert_eq!(solution.play(), Play::Misere);
    }

    #[test]
    fn the_winner_hurries_and_the_loser_delays() {
        // 0 -> {1, 2}: 1 lost in 0, 2 -> 3 -> 4 -> 5 lost in 2. 6 -> {7, 8}: 7 won in 1,
        // 8 won in 3. Win by the fastest loss, lose by the slowest win.
        let graph = Graph::from_options(&[
            vec![2, 1],
            vec![],
            vec![3],
            vec![4],
            vec![],
            vec![],
            vec![7, 8],
            vec![1],
            vec![9],
            vec![10],
            vec![1],
        ])
        .unwrap();
        let solution = solve(&graph, Play::Normal, &mut Bounds::none()).unwrap();
        assert_eq!(solution.remoteness(2), Some(2));
        assert_eq!(solution.remoteness(0), Some(1));
        assert_eq!(solution.winning_moves(&graph, 0), vec![0, 1]);
        assert_eq!(solution.perfect_move(&graph, 0), Some(1));
        assert_eq!(solution.remoteness(8), Some(3));
        assert_eq!(solution.remoteness(6), Some(4));
        assert_eq!(solution.perfect_move(&graph, 6), Some(1));
    }

    #[test]
    fn the_progress_hook_hears_the_end_of_the_phase() {
        use std::sync::{Arc, Mutex};
        let heard = Arc::new(Mutex::new(Vec::new()));
        let sink = heard.clone();
        let mut bounds = Bounds::none().with_progress(move |progress| {
            sink.lock().unwrap().push(*progress);
        });
        let graph = graph();
        solve(&graph, Play::Normal, &mut bounds).unwrap();
        let heard = heard.lock().unwrap();
        let last = heard.last().unwrap();
        assert_eq!(last.phase, Phase::Solving);
        assert_eq!((last.positions, last.moves, last.settled), (7, 7, 4));
        assert_eq!(last.bytes, graph.bytes() + solve_bytes(&graph));
    }

    #[test]
    fn a_run_stops_and_refuses_past_its_memory() {
        let graph = graph();
        let stop = Stop::new();
        stop.raise();
        let mut raised = Bounds::new(stop, None);
        assert_eq!(
            solve(&graph, Play::Normal, &mut raised),
            Err(LoopyError::Stopped(Stopped))
        );
        let mut tight = Bounds::new(Stop::never(), Some(graph.bytes()));
        assert!(matches!(
            solve(&graph, Play::Normal, &mut tight),
            Err(LoopyError::OverMemory {
                phase: Phase::Solving,
                positions: 7,
                ..
            })
        ));
        let mut enough = Bounds::new(Stop::never(), Some(graph.bytes() + solve_bytes(&graph)));
        assert!(solve(&graph, Play::Normal, &mut enough).is_ok());
    }
}
