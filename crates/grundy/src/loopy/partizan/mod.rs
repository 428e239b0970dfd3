//! Partizan games that can loop (Fox and Geese, Backsliding Toads and Frogs) as registry
//! games: a game folder states its positions and moves ([`LoopyPartizanGame`]) and what its
//! registry line needs ([`LoopyEntry`](crate::loopy::entry::LoopyEntry) with the route
//! [`PartizanRoute`]); [`Loopy`](crate::loopy::entry::Loopy) makes it a
//! [`GameEntry`](crate::game::GameEntry) with what every such game shares:
//!
//! - **play** ([`LoopyRules`]): Left moves first unless the position ends in `@R`, whoever
//!   cannot move loses, and play may go on for ever;
//! - **perfect play** from the retrograde analysis of every position reachable from the
//!   current one, the player to move included ([`Labelled`]): won, lost or drawn, the exact
//!   remoteness of wins and losses, every winning and drawing move;
//! - **the value** of a position from the game's own valuation into
//!   [`crate::cgt::loopy`]: its canonical stopper, or its onside and offside.
//!
//! `grundy solve` reports the value and its outcome class with draws (`D`, `PHat`, …), the
//! stops of a stopper, and each player's moves moving first: the winning moves, else the
//! drawing ones, with the remoteness of a win or a loss.

pub mod play;
pub mod route;
pub mod solve;

use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

pub use crate::loopy::perfect::Labelled;
pub use play::LoopyRules;
pub use route::PartizanRoute;

use crate::cgt::loopy::{LoopyEngine, LoopyError, LoopyValue};
use crate::error::ParseError;
use crate::player::Player;

/// A position of a partizan game whose play may go on for ever, with its moves and its
/// value. Equal positions must be the same game and hash equally.
pub trait LoopyPartizanGame:
    Clone + Eq + Hash + fmt::Debug + fmt::Display + FromStr<Err = ParseError> + Send + Sync + 'static
{
    /// A move, in the game's notation (read back by `FromStr`).
    type Move: Clone
        + PartialEq
        + fmt::Debug
        + fmt::Display
        + FromStr<Err = ParseError>
        + Send
        + Sync
        + 'static;

    /// Every legal move of `side`, in a fixed order, each with the position it leads to.
    fn moves(&self, side: Player) -> Vec<(Self::Move, Self)>;

    /// The position's board for a front end to draw ([`crate::drawing`]): the one
    /// description its page board, its SVG picture and its terminal picture come from;
    /// none by default (the page's generic view).
    fn board(&self) -> Option<crate::drawing::Board> {
        None
    }

    /// A picture for a person at a terminal, ending in a newline: the board's text picture
    /// ([`crate::drawing::text`]) when the game has a board that one draws, else the
    /// notation.
    fn draw(&self) -> String {
        crate::drawing::text::picture_or_notation(self.board().as_ref(), self)
    }

    /// The position's value, within the engine's budget: its canonical stopper, or its
    /// onside and offside.
    fn value(&self, engine: &mut LoopyEngine<'_>) -> Result<LoopyValue, LoopyError>;
}
