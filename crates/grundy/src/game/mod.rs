//! A game as every front end sees it: the traits a game implements, with nothing of the
//! engines in them.
//!
//! - [`GameEntry`] (in `entry.rs`): what a game says of itself once, in its folder: its
//!   names, notation, positions, how to start and solve one, its caps and its board.
//! - [`GameState`] (in `state.rs`): a game in progress behind one object-safe interface,
//!   with the types it speaks in ([`Status`], [`MoveList`], [`Budget`], [`Analysis`]).
//! - [`Rules`] (in `rules.rs`): one game's rules in typed form, which [`Played`] turns
//!   into a [`GameState`] with its history.
//! - [`Strategy`] and [`StrategyKind`] (in `strategy.rs`): a player, and a kind of player a
//!   game offers besides the generic ones.
//! - [`describe`] (in `view.rs`): what a page needs to draw a game in progress on its board
//!   (the board itself is [`crate::drawing`]'s).

mod caps;
mod entry;
mod rules;
mod state;
mod strategy;
mod valuations;
mod view;

pub use caps::{sum_of, CapEdge, OverCap};
pub use entry::{BoardKind, GameEntry, Listing};
pub use rules::{start_played, with_position, Played, Relative, Rules, CHECKPOINT_EVERY};
pub use state::{Analysis, Budget, GameState, MoveError, MoveList, Status};
pub use strategy::{strategy_setting, Strategy, StrategyKind};
pub use valuations::Valuations;
pub use view::{describe, BoardView, DrawnMove};
