//! The position trait of impartial games under normal play, which the generic
//! Sprague–Grundy solver ([`crate::impartial`]) answers everything about.

use std::fmt::Debug;
use std::hash::Hash;

use crate::error::RuleError;

/// The rules of an impartial game under normal play.
pub trait ImpartialGame {
    /// A position; equal positions must be the same game.
    type Position: Clone + Eq + Hash + Debug;
    /// A move from some position.
    type Move: Clone + Debug;

    /// Every legal move from `position`; empty when the player to move has lost.
    fn legal_moves(&self, position: &Self::Position) -> Vec<Self::Move>;

    /// The position after `mv`, or why `mv` is illegal in `position`.
    fn apply(
        &self,
        position: &Self::Position,
        mv: &Self::Move,
    ) -> Result<Self::Position, RuleError>;

    /// The independent components whose sum `position` is. The default is the position
    /// itself; a game that falls apart (a rectangle into two strips, cuboids into cuboids)
    /// says so here, and the solver then memoises the components.
    fn components(&self, position: &Self::Position) -> Vec<Self::Position> {
        vec![position.clone()]
    }

    /// A representative of the positions that are the same game as `position` (rotations,
    /// reorderings), used as the memo key. The default is the position itself.
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }

    /// The heap bytes `position` owns beyond its own size, for the solver's estimate of its
    /// memo tables against a memory limit
    /// ([`SearchBounds`](crate::impartial::SearchBounds)). The default is 0, right for
    /// positions that own no heap memory.
    fn heap_bytes(&self, position: &Self::Position) -> usize {
        let _ = position;
        0
    }
}
