//! Impartial games that can loop (Wind-Up, Fair Shares and Varied Pairs) as registry
//! games: a game folder states its positions and moves ([`LoopyImpartialGame`]) and what its
//! registry line needs ([`LoopyEntry`](crate::loopy::entry::LoopyEntry) with the route
//! [`ImpartialRoute`]); [`Loopy`](crate::loopy::entry::Loopy) makes it a
//! [`GameEntry`](crate::game::GameEntry) with what every such game shares:
//!
//! - **play** ([`LoopyImpartialRules`]): the players alternate, whoever cannot move loses
//!   (wins, under misère play: a position ending in `@misere`), and play may go on for ever;
//! - **perfect play** from the retrograde analysis of every position reachable from the
//!   current one ([`Labelled`](crate::loopy::perfect::Labelled)), shared with the loopy
//!   partizan games: won, lost or drawn, the exact remoteness of wins and losses, every
//!   winning and drawing move;
//! - **the value** of every position reached, under normal play: its generalised
//!   Sprague–Grundy value ([`crate::loopy::labelling`]), a nimber or `∞` with the finite
//!   values among its options.
//!
//! `grundy solve` reports the value, the outcome `N`, `P` or `D`, the remoteness of a win or
//! a loss, every winning move and every drawing move ([`solve`]).

pub mod play;
pub mod route;
pub mod solve;

use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

pub use play::{LoopyImpartialRules, Ruled};
pub use route::ImpartialRoute;

use crate::error::ParseError;

/// A position of an impartial game whose play may go on for ever, with its moves. Equal
/// positions must be the same game and hash equally.
pub trait LoopyImpartialGame:
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

    /// Every legal move, in a fixed order, each with the position it leads to.
    fn moves(&self) -> Vec<(Self::Move, Self)>;

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
}
