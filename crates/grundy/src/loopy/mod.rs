//! Games that can loop: draws, exact remoteness and the values of loopy impartial games,
//! over the explicit graph of a game's positions.
//!
//! A game whose positions can repeat is solved in three steps, each bounded by a
//! [`Bounds`] (a stop, a memory limit counted in the bytes actually held, a progress hook):
//!
//! 1. [`Explored::explore`] lists every position reachable from the start through the
//!    game's [`Rules`] into a [`Graph`] (`u32` ids, the moves in compressed sparse rows);
//! 2. [`retrograde::solve`] labels every position won, lost or drawn for the player to
//!    move, under normal or misère play, with the exact remoteness of every win and loss,
//!    and gives every winning and drawing move;
//! 3. for an impartial game, [`labelling::label`] gives every position its generalised
//!    Sprague–Grundy value ([`LoopyNimber`]: a nimber, or `∞` with the finite values among
//!    its options), and [`SumOfValues`] answers sums from the values of their parts without
//!    exploring the sum.
//!
//! A graph without a cycle gets exactly the answers of the short-game solvers (the tests
//! check it on Nim, a subtraction game and Domineering).
//!
//! The engine knows no game: a game comes in through [`Rules`], whose states are the
//! positions of an impartial game, or a position and the player to move for a partizan
//! one. Theory, notation and proofs: `docs/loopy.md`.
//!
//! ```
//! use grundy::loopy::{Bounds, Explored, Rules, RulesFailed};
//! use grundy::loopy::retrograde::{solve, Outcome, Play};
//! use grundy::loopy::labelling::label;
//! use grundy::loopy::value::LoopyNimber;
//!
//! /// A token on a cycle of 5 cells, 0 to 4: a move takes it 1 or 2 cells back (from 1 to
//! /// 0 or 4); at cell 0 the game is over.
//! struct WindUp;
//! impl Rules for WindUp {
//!     type State = u8;
//!     fn moves(&self, cell: &u8, into: &mut Vec<u8>) -> Result<(), RulesFailed> {
//!         if *cell != 0 {
//!             into.extend([(cell + 4) % 5, (cell + 3) % 5]);
//!         }
//!         Ok(())
//!     }
//! }
//!
//! let explored = Explored::explore(&WindUp, 3, &mut Bounds::none()).unwrap();
//! assert_eq!(explored.positions(), 5);
//! let graph = explored.graph();
//! let solution = solve(graph, Play::Normal, &mut Bounds::none()).unwrap();
//! let start = explored.id(&3).unwrap();
//! assert_eq!(solution.outcome(start), Outcome::Loss); // 3 -> 2 or 1, and both reach 0
//! assert_eq!(solution.remoteness(start), Some(2));
//! let values = label(graph, &mut Bounds::none()).unwrap();
//! assert_eq!(values.value(graph, start), LoopyNimber::Finite(0));
//! // 1 reaches 0 at once, but 1 + *1 is a draw (1 -> 4 -> 2 -> 1 ... ): ∞ with K = {0}.
//! assert_eq!(values.value(graph, explored.id(&1).unwrap()), LoopyNimber::infinite([0]));
//! ```

pub mod bounds;
pub mod entry;
pub mod explore;
pub mod graph;
pub mod impartial;
pub mod labelling;
pub mod notation;
pub mod partizan;
pub mod perfect;
pub mod played;
pub mod retrograde;
pub mod sum;
pub mod value;

use std::hash::Hash;

pub use bounds::{Bounds, LoopyError, Phase, Progress, RulesFailed};
pub use explore::Explored;
pub use graph::Graph;
pub use retrograde::{Outcome, Play, Solution};
pub use sum::SumOfValues;
pub use value::LoopyNimber;

/// The rules of a game as the loopy engine sees them: states (a position, with the player
/// to move when the game is partizan) and the states after each legal move of the player to
/// move. A state without a move ends the game: under normal play its player has lost.
///
/// Equal states must be the same game with the same player to move, and hash equally; the
/// engine keeps one copy of each.
pub trait Rules {
    /// A position, with the player to move when that matters.
    type State: Clone + Eq + Hash;

    /// Pushes onto `into` (empty when called) the state after each legal move from
    /// `state`, in the game's order of moves: the engine names a move by its index in that
    /// order. A move may lead back to a state seen before, or to `state` itself.
    fn moves(&self, state: &Self::State, into: &mut Vec<Self::State>) -> Result<(), RulesFailed>;

    /// The heap bytes `state` owns beyond its inline size, counted against the memory
    /// limit. The default is 0, right for states that own no heap memory.
    fn heap_bytes(&self, state: &Self::State) -> usize {
        let _ = state;
        0
    }
}
