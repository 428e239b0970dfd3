//! The impartial-game abstraction and the generic Sprague–Grundy solver.
//!
//! Any game in which both players have the same moves, and the player who cannot move loses
//! (normal play), implements [`ImpartialGame`]. [`Solver`] then answers everything about it by
//! memoised search: the Grundy value, the outcome, every winning move, and the remoteness.
//!
//! The generic solver is the slow twin of every fast solver in [`crate::games`]: it knows
//! nothing but the rules, so the closed forms and tables are tested against it.
//!
//! # Remoteness
//!
//! The remoteness of a position is the number of moves that remain when the winner wins as
//! fast as possible and the loser loses as slowly as possible. A terminal position has
//! remoteness 0; a position is lost for the player to move exactly when its remoteness is even.
//!
//! # Sums
//!
//! A position may fall apart into independent components ([`ImpartialGame::components`]):
//! its Grundy value is the nim-sum of theirs, and the solver memoises components, not whole
//! positions. [`Sum`] turns any game into the game of playing on several of its positions at
//! once, and finds winning moves only in the components that can use them.
//!
//! ```
//! use grundy::impartial::Solver;
//! use grundy::position::ImpartialGame;
//! use grundy::report::Outcome;
//! use grundy::error::RuleError;
//!
//! /// Subtraction game: take 1, 2 or 3 counters.
//! struct TakeAway;
//! impl ImpartialGame for TakeAway {
//!     type Position = u32;
//!     type Move = u32;
//!     fn legal_moves(&self, pile: &u32) -> Vec<u32> {
//!         (1..=3).filter(|take| take <= pile).collect()
//!     }
//!     fn apply(&self, pile: &u32, take: &u32) -> Result<u32, RuleError> {
//!         pile.checked_sub(*take).ok_or_else(|| RuleError::new(take, "not enough counters"))
//!     }
//! }
//!
//! let mut solver = Solver::new(TakeAway);
//! assert_eq!(solver.grundy_value(&10), 2);
//! assert_eq!(solver.outcome(&8), Outcome::Loss);
//! assert_eq!(solver.winning_moves(&10), vec![2]);
//! assert_eq!(solver.remoteness(&10), 5); // 10 -> 8 -> 7 -> 4 -> 3 -> 0
//! ```

pub mod bounds;
pub mod heap_values;
pub mod searched;

use crate::position::ImpartialGame;
use crate::report::Outcome;
use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

use crate::error::RuleError;
use crate::nimber::{nim_sum, MexSet, Nimber};
use bounds::{unbounded, Bounded, Guard, Unbounded};
pub use bounds::{Halted, SearchBounds};

/// The generic memoised solver: correct for any impartial game, fast for none.
///
/// Positions must have finitely many followers and no cycles (every game in this library
/// ends). Recursion depth is the length of the longest game from the position solved.
///
/// Each question comes in two forms: the plain one runs to its end, and the `try_` one
/// gives up with [`Halted`] once its [`SearchBounds`] say so (a stop raised or past its
/// deadline, or memo tables estimated past the memory limit). What a stopped run has
/// valued stays in the tables and is correct: asking again goes on from there.
pub struct Solver<G: ImpartialGame> {
    game: G,
    component_values: HashMap<G::Position, Nimber>,
    remoteness: HashMap<G::Position, u64>,
    bytes: usize,
}

impl<G: ImpartialGame> Solver<G> {
    /// A solver with empty memo tables.
    pub fn new(game: G) -> Self {
        Solver {
            game,
            component_values: HashMap::new(),
            remoteness: HashMap::new(),
            bytes: 0,
        }
    }

    /// The rules being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// An estimate of the bytes the memo tables hold: each entry twice its size (the hash
    /// table's slack) and the heap bytes its key owns ([`ImpartialGame::heap_bytes`]).
    pub fn memo_bytes(&self) -> usize {
        self.bytes
    }

    /// The positions in the memo tables.
    pub fn memo_positions(&self) -> u64 {
        (self.component_values.len() + self.remoteness.len()) as u64
    }

    /// Notes a new entry keyed by `key`, about to go in, and tells `guard`.
    fn grew<K: Guard>(&mut self, key: &G::Position, guard: &mut K) -> Result<(), K::Error> {
        let entry = 2 * std::mem::size_of::<(G::Position, u64)>() + self.game.heap_bytes(key);
        self.bytes = self.bytes.saturating_add(entry);
        guard.look(self.memo_positions() + 1, self.bytes)
    }

    /// The Grundy value: the nim-sum of the values of the components.
    pub fn grundy_value(&mut self, position: &G::Position) -> Nimber {
        unbounded(self.value_guarded(position, &mut Unbounded))
    }

    /// [`Solver::grundy_value`] within `bounds`.
    pub fn try_grundy_value(
        &mut self,
        position: &G::Position,
        bounds: &SearchBounds,
    ) -> Result<Nimber, Halted> {
        self.value_guarded(position, &mut Bounded::new(bounds)?)
    }

    fn value_guarded<K: Guard>(
        &mut self,
        position: &G::Position,
        guard: &mut K,
    ) -> Result<Nimber, K::Error> {
        let mut total = 0;
        for component in self.game.components(position) {
            total ^= self.component_value(&component, guard)?;
        }
        Ok(total)
    }

    /// The Grundy value of one component: the mex of the values of its options.
    fn component_value<K: Guard>(
        &mut self,
        component: &G::Position,
        guard: &mut K,
    ) -> Result<Nimber, K::Error> {
        let key = self.game.canonical(component);
        if let Some(&value) = self.component_values.get(&key) {
            return Ok(value);
        }
        let mut options = MexSet::default();
        for mv in self.game.legal_moves(&key) {
            let next = self.apply_legal(&key, &mv);
            options.insert(self.value_guarded(&next, guard)?);
        }
        let value = options.mex();
        self.grew(&key, guard)?;
        self.component_values.insert(key, value);
        Ok(value)
    }

    fn apply_legal(&self, position: &G::Position, mv: &G::Move) -> G::Position {
        match self.game.apply(position, mv) {
            Ok(next) => next,
            Err(error) => {
                panic!("the rules listed {mv:?} as legal in {position:?} but refused it: {error}")
            }
        }
    }

    /// Who wins with perfect play.
    pub fn outcome(&mut self, position: &G::Position) -> Outcome {
        Outcome::from_grundy(self.grundy_value(position))
    }

    /// [`Solver::outcome`] within `bounds`.
    pub fn try_outcome(
        &mut self,
        position: &G::Position,
        bounds: &SearchBounds,
    ) -> Result<Outcome, Halted> {
        self.try_grundy_value(position, bounds)
            .map(Outcome::from_grundy)
    }

    /// Every move that leaves the opponent a lost position, in the order of `legal_moves`.
    pub fn winning_moves(&mut self, position: &G::Position) -> Vec<G::Move> {
        self.moves_to_value(position, 0)
    }

    /// [`Solver::winning_moves`] within `bounds`.
    pub fn try_winning_moves(
        &mut self,
        position: &G::Position,
        bounds: &SearchBounds,
    ) -> Result<Vec<G::Move>, Halted> {
        self.try_moves_to_value(position, 0, bounds)
    }

    /// Every move to a position whose Grundy value is `target`.
    pub fn moves_to_value(&mut self, position: &G::Position, target: Nimber) -> Vec<G::Move> {
        unbounded(self.moves_guarded(position, target, &mut Unbounded))
    }

    /// [`Solver::moves_to_value`] within `bounds`.
    pub fn try_moves_to_value(
        &mut self,
        position: &G::Position,
        target: Nimber,
        bounds: &SearchBounds,
    ) -> Result<Vec<G::Move>, Halted> {
        self.moves_guarded(position, target, &mut Bounded::new(bounds)?)
    }

    fn moves_guarded<K: Guard>(
        &mut self,
        position: &G::Position,
        target: Nimber,
        guard: &mut K,
    ) -> Result<Vec<G::Move>, K::Error> {
        let mut found = Vec::new();
        for mv in self.game.legal_moves(position) {
            let next = self.apply_legal(position, &mv);
            if self.value_guarded(&next, guard)? == target {
                found.push(mv);
            }
        }
        Ok(found)
    }

    /// The number of moves left with perfect play (see the module documentation).
    pub fn remoteness(&mut self, position: &G::Position) -> u64 {
        unbounded(self.remoteness_guarded(position, &mut Unbounded))
    }

    /// [`Solver::remoteness`] within `bounds`.
    pub fn try_remoteness(
        &mut self,
        position: &G::Position,
        bounds: &SearchBounds,
    ) -> Result<u64, Halted> {
        self.remoteness_guarded(position, &mut Bounded::new(bounds)?)
    }

    fn remoteness_guarded<K: Guard>(
        &mut self,
        position: &G::Position,
        guard: &mut K,
    ) -> Result<u64, K::Error> {
        let key = self.game.canonical(position);
        if let Some(&value) = self.remoteness.get(&key) {
            return Ok(value);
        }
        let mut fastest_win: Option<u64> = None;
        let mut slowest_loss: Option<u64> = None;
        for mv in self.game.legal_moves(&key) {
            let next = self.apply_legal(&key, &mv);
            let after = self.remoteness_guarded(&next, guard)?;
            if after % 2 == 0 {
                fastest_win = Some(fastest_win.map_or(after, |best| best.min(after)));
            } else {
                slowest_loss = Some(slowest_loss.map_or(after, |best| best.max(after)));
            }
        }
        let value = match (fastest_win, slowest_loss) {
            (Some(win), _) => win + 1,
            (None, Some(loss)) => loss + 1,
            (None, None) => 0,
        };
        self.grew(&key, guard)?;
        self.remoteness.insert(key, value);
        Ok(value)
    }

    /// The move perfect play chooses: the fastest win, or when lost the slowest loss.
    /// `None` when the position is terminal. Ties go to the first move in `legal_moves`.
    pub fn perfect_move(&mut self, position: &G::Position) -> Option<G::Move> {
        unbounded(self.perfect_guarded(position, &mut Unbounded))
    }

    /// [`Solver::perfect_move`] within `bounds`.
    pub fn try_perfect_move(
        &mut self,
        position: &G::Position,
        bounds: &SearchBounds,
    ) -> Result<Option<G::Move>, Halted> {
        self.perfect_guarded(position, &mut Bounded::new(bounds)?)
    }

    fn perfect_guarded<K: Guard>(
        &mut self,
        position: &G::Position,
        guard: &mut K,
    ) -> Result<Option<G::Move>, K::Error> {
        let winning =
            Outcome::from_remoteness(self.remoteness_guarded(position, guard)?) == Outcome::Win;
        let mut best: Option<(u64, G::Move)> = None;
        for mv in self.game.legal_moves(position) {
            let next = self.apply_legal(position, &mv);
            let after = self.remoteness_guarded(&next, guard)?;
            let candidate = if winning {
                if after % 2 != 0 {
                    continue;
                }
                u64::MAX - after
            } else {
                after
            };
            if best.as_ref().map_or(true, |(score, _)| candidate > *score) {
                best = Some((candidate, mv));
            }
        }
        Ok(best.map(|(_, mv)| mv))
    }
}

/// The sum of several positions of one game: a move is made in exactly one component, and
/// the player who cannot move in any component loses.
#[derive(Debug, Clone, Copy, Default)]
pub struct Sum<G>(pub G);

/// A move in a [`Sum`]: the index of the component and the move made there.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SumMove<M> {
    /// Which component (0-based, in the order of the position).
    pub component: usize,
    /// The move made in it.
    pub mv: M,
}

impl<G: ImpartialGame> ImpartialGame for Sum<G> {
    type Position = Vec<G::Position>;
    type Move = SumMove<G::Move>;

    fn legal_moves(&self, position: &Self::Position) -> Vec<Self::Move> {
        position
            .iter()
            .enumerate()
            .flat_map(|(component, part)| {
                self.0
                    .legal_moves(part)
                    .into_iter()
                    .map(move |mv| SumMove { component, mv })
            })
            .collect()
    }

    fn apply(
        &self,
        position: &Self::Position,
        mv: &Self::Move,
    ) -> Result<Self::Position, RuleError> {
        let part = position.get(mv.component).ok_or_else(|| {
            RuleError::new(
                format!("{:?}", mv),
                format!("there are only {} components", position.len()),
            )
        })?;
        let mut next = position.clone();
        next[mv.component] = self.0.apply(part, &mv.mv)?;
        Ok(next)
    }

    fn components(&self, position: &Self::Position) -> Vec<Self::Position> {
        position
            .iter()
            .flat_map(|part| self.0.components(part))
            .map(|part| vec![part])
            .collect()
    }

    fn canonical(&self, position: &Self::Position) -> Self::Position {
        let mut parts: Vec<G::Position> =
            position.iter().map(|part| self.0.canonical(part)).collect();
        parts.sort_by_cached_key(|part| format!("{part:?}"));
        parts
    }

    /// The list's buffer and what each part owns.
    fn heap_bytes(&self, position: &Self::Position) -> usize {
        position.capacity() * std::mem::size_of::<G::Position>()
            + position
                .iter()
                .map(|part| self.0.heap_bytes(part))
                .sum::<usize>()
    }
}

impl<G: ImpartialGame> Solver<Sum<G>> {
    /// Winning moves of a sum found component by component: a move in a component of value
    /// `g` wins exactly when it reaches a position of value `g ^ total`, so each component is
    /// searched for that one value. Every component is searched: `g ^ total < g` guarantees a
    /// move there (the mex property), but in games other than Nim a move may also raise a
    /// component's value, so components with `g ^ total > g` can hold winning moves too.
    /// Same answer as [`Solver::winning_moves`].
    pub fn winning_moves_in_sum(&mut self, position: &[G::Position]) -> Vec<SumMove<G::Move>> {
        unbounded(self.sum_moves_guarded(position, &mut Unbounded))
    }

    /// [`Solver::winning_moves_in_sum`] within `bounds`.
    pub fn try_winning_moves_in_sum(
        &mut self,
        position: &[G::Position],
        bounds: &SearchBounds,
    ) -> Result<Vec<SumMove<G::Move>>, Halted> {
        self.sum_moves_guarded(position, &mut Bounded::new(bounds)?)
    }

    fn sum_moves_guarded<K: Guard>(
        &mut self,
        position: &[G::Position],
        guard: &mut K,
    ) -> Result<Vec<SumMove<G::Move>>, K::Error> {
        let mut values = Vec::with_capacity(position.len());
        for part in position {
            values.push(self.value_guarded(&vec![part.clone()], guard)?);
        }
        let total = nim_sum(values.iter().copied());
        let mut found = Vec::new();
        if total == 0 {
            return Ok(found);
        }
        for (component, (part, value)) in position.iter().zip(&values).enumerate() {
            let target = value ^ total;
            for mv in self.game.0.legal_moves(part) {
                let next = match self.game.0.apply(part, &mv) {
                    Ok(next) => next,
                    Err(error) => panic!(
                        "the rules listed {mv:?} as legal in {part:?} but refused it: {error}"
                    ),
                };
                if self.value_guarded(&vec![next], guard)? == target {
                    found.push(SumMove { component, mv });
                }
            }
        }
        Ok(found)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::position::ImpartialGame;
    use crate::report::Outcome;

    /// Nim heaps: take any positive number of counters.
    struct Heap;
    impl ImpartialGame for Heap {
        type Position = u32;
        type Move = u32;
        fn legal_moves(&self, heap: &u32) -> Vec<u32> {
            (1..=*heap).collect()
        }
        fn apply(&self, heap: &u32, take: &u32) -> Result<u32, RuleError> {
            match heap.checked_sub(*take) {
                Some(left) if *take > 0 => Ok(left),
                _ => Err(RuleError::new(take, "cannot take that many")),
            }
        }
    }

    #[test]
    fn a_heap_is_worth_its_size() {
        let mut solver = Solver::new(Heap);
        for heap in 0..20 {
            assert_eq!(solver.grundy_value(&heap), u64::from(heap));
        }
    }

    #[test]
    fn sums_of_heaps_follow_bouton() {
        let mut solver = Solver::new(Sum(Heap));
        assert_eq!(solver.grundy_value(&vec![3, 5, 6]), 0);
        assert_eq!(solver.outcome(&vec![3, 5, 6]), Outcome::Loss);
        assert_eq!(solver.grundy_value(&vec![1, 2]), 3);
        let slow = solver.winning_moves(&vec![3, 4, 5]);
        let fast = solver.winning_moves_in_sum(&[3, 4, 5]);
        assert_eq!(slow, fast);
        assert_eq!(
            fast,
            vec![SumMove {
                component: 0,
                mv: 2
            }]
        );
    }

    /// A game where a move can raise a value: positions 0, 1, 2 and 4, where a move names
    /// the position it goes to (1 -> 0; 2 -> 0 or 1; 4 -> 0 or 2). Position 4 is worth 1
    /// but can move to 2, worth 2.
    struct Raising;
    impl ImpartialGame for Raising {
        type Position = u8;
        type Move = u8;
        fn legal_moves(&self, position: &u8) -> Vec<u8> {
            match position {
                1 => vec![0],
                2 => vec![0, 1],
                4 => vec![0, 2],
                _ => vec![],
            }
        }
        fn apply(&self, position: &u8, target: &u8) -> Result<u8, RuleError> {
            if self.legal_moves(position).contains(target) {
                Ok(*target)
            } else {
                Err(RuleError::new(target, "not a move here"))
            }
        }
    }

    #[test]
    fn winning_moves_in_sum_include_moves_that_raise_a_value() {
        let mut solver = Solver::new(Sum(Raising));
        // In 4 + 2 (total 1 ^ 2 = 3), moving 4 to 2 raises that component from 1 to 2 and
        // leaves 2 + 2, worth 0: a winning move in a component with g ^ total > g.
        let position = vec![4, 2];
        assert_eq!(solver.grundy_value(&position), 3);
        let slow = solver.winning_moves(&position);
        let fast = solver.winning_moves_in_sum(&position);
        assert_eq!(slow, fast);
        assert!(fast.contains(&SumMove {
            component: 0,
            mv: 2
        }));
    }

    #[test]
    fn remoteness_of_nim() {
        let mut solver = Solver::new(Sum(Heap));
        // One heap: take it all.
        assert_eq!(solver.remoteness(&vec![7]), 1);
        // Two equal heaps of one: lose after two moves.
        assert_eq!(solver.remoteness(&vec![1, 1]), 2);
        // Two equal heaps of two: the loser takes one, the winner mirrors... four moves.
        assert_eq!(solver.remoteness(&vec![2, 2]), 4);
        assert_eq!(solver.remoteness(&vec![]), 0);
    }

    #[test]
    fn perfect_move_wins_fastest_and_loses_slowest() {
        let mut solver = Solver::new(Sum(Heap));
        // From (2, 3): taking the 3 heap down to 2 wins in 5; taking 1 from it also leaves
        // (2, 2)... the only winning move is to equalise.
        let best = solver.perfect_move(&vec![2, 3]);
        assert_eq!(
            best,
            Some(SumMove {
                component: 1,
                mv: 1
            })
        );
        // From the lost (2, 2), taking one counter makes the game longest.
        let best = solver.perfect_move(&vec![2, 2]);
        assert_eq!(best.map(|m| m.mv), Some(1));
        assert_eq!(solver.perfect_move(&vec![0, 0]), None);
    }

    #[test]
    fn a_bounded_run_stops_and_goes_on_from_what_it_valued() {
        use crate::stop::{Stop, Stopped};
        let mut solver = Solver::new(Sum(Heap));
        let raised = SearchBounds::new(Stop::new(), None);
        raised.stop.raise();
        let position = vec![30, 29, 28, 3];
        assert_eq!(
            solver.try_grundy_value(&position, &raised),
            Err(Halted::Stopped(Stopped))
        );
        assert_eq!(
            solver.try_remoteness(&position, &raised),
            Err(Halted::Stopped(Stopped))
        );
        let tight = SearchBounds::new(Stop::new(), Some(1000));
        let halted = solver
            .try_remoteness(&vec![14, 13, 12, 11], &tight)
            .unwrap_err();
        assert!(
            matches!(halted, Halted::OverMemory { limit: 1000, .. }),
            "{halted:?}"
        );
        assert_eq!(solver.memo_positions(), SearchBounds::EVERY - 1);
        let free = SearchBounds::default();
        assert_eq!(
            solver.try_grundy_value(&position, &free),
            Ok(30 ^ 29 ^ 28 ^ 3)
        );
        assert_eq!(
            solver.try_remoteness(&vec![2, 2], &free),
            Ok(solver.remoteness(&vec![2, 2]))
        );
        assert_eq!(
            solver.try_winning_moves_in_sum(&[3, 4, 5], &free),
            Ok(solver.winning_moves(&vec![3, 4, 5]))
        );
    }

    #[test]
    fn illegal_moves_are_refused() {
        let game = Sum(Heap);
        let error = game.apply(
            &vec![1],
            &SumMove {
                component: 3,
                mv: 1,
            },
        );
        assert!(error.is_err());
        assert!(game
            .apply(
                &vec![1],
                &SumMove {
                    component: 0,
                    mv: 2
                }
            )
            .is_err());
    }
}
