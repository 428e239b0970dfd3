//! The position trait of short partizan games, which the value engine
//! ([`crate::cgt`]) values and every partizan game implements.

use std::fmt::Debug;
use std::hash::Hash;

use crate::integer::Integer;
use crate::player::Player;

/// A position of a short partizan game under normal play (whoever cannot move loses).
/// Positions must have finitely many followers and no cycles.
pub trait PartizanPosition: Clone + Eq + Hash + Debug {
    /// The positions Left can move to.
    fn left_options(&self) -> Vec<Self>;

    /// The positions Right can move to.
    fn right_options(&self) -> Vec<Self>;

    /// Independent parts whose sum is this position, each in a normalised form so that
    /// equal parts hash equal; the default is the position itself. An empty list means the
    /// position is 0. A part must not split further (the evaluator does not split it again).
    fn components(&self) -> Vec<Self> {
        vec![self.clone()]
    }

    /// For a component (as [`PartizanPosition::components`] gives it): a component, in the
    /// same normal form, whose value is the negative of this one's, when the game has one
    /// at hand (Domineering's quarter turn swaps the players). The evaluator then values
    /// only one of the two. `None`, the default, when the game has none.
    fn negative(&self) -> Option<Self> {
        None
    }

    /// For a component (as [`PartizanPosition::components`] gives it): its value from a
    /// closed form, when the game has one proved (or checked against the options, in a
    /// test) for this component (Cutcake's rectangles). The value engine's evaluator
    /// ([`Evaluator`](crate::cgt::Evaluator)) takes it instead of valuing the options; the
    /// plain recursion ([`plain_value`](crate::cgt::plain_value)), the oracle, never asks.
    /// `None`, the default, when there is none.
    fn known_value(&self) -> Option<KnownValue> {
        None
    }

    /// The heap bytes the position owns beyond its own size (a list of parts, a graph),
    /// for the estimates of caches and memos keyed by positions against a memory limit.
    /// The default is 0, right for positions that own no heap memory (bit boards).
    fn heap_bytes(&self) -> usize {
        0
    }

    /// The options of `player`: [`PartizanPosition::left_options`] or
    /// [`PartizanPosition::right_options`].
    fn options(&self, player: Player) -> Vec<Self> {
        match player {
            Player::Left => self.left_options(),
            Player::Right => self.right_options(),
        }
    }
}

/// The value of a position from a closed form ([`PartizanPosition::known_value`]), in
/// words the value engine reads: it builds the canonical form.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum KnownValue {
    /// An integer: `n` free moves for Left when positive, `-n` for Right when negative.
    Integer(i64),
    /// The dyadic rational `numerator / 2^exponent`, of any size (a Blue-Red Hackenbush
    /// stalk of 300 edges has the denominator `2^299`).
    Number {
        /// The numerator.
        numerator: Integer,
        /// The power of two of the denominator.
        exponent: u64,
    },
    /// The nimber `*n`.
    Nimber(u64),
}
