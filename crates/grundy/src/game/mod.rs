//! A game as every front end sees it: the traits a game implements and the handle front
//! ends hold.
//!
//! - [`GameEntry`] (in `entry.rs`): what a game says of itself once, in its folder: its
//!   names, notation, positions, how to start and solve one, its caps and its board.
//! - [`GameState`] (in `state.rs`): a game in progress behind one object-safe interface,
//!   with the types it speaks in ([`Status`], [`MoveList`], [`Budget`], [`Analysis`]).
//! - [`Rules`] (in `rules.rs`): one game's rules in typed form, which [`Played`] turns
//!   into a [`GameState`] with its history.

mod entry;
mod rules;
mod state;

pub use entry::{BoardKind, Game, GameEntry, OverCap};
pub use rules::{start_played, with_position, Played, Relative, Rules, CHECKPOINT_EVERY};
pub use state::{Analysis, Budget, GameState, MoveError, MoveList, Status};
