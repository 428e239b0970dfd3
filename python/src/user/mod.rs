//! Your own game: a Python class whose positions list their options, valued, solved and
//! played by the library's engines.
//!
//! A position is any Python object with `options()` (an impartial game) or
//! `left_options()` and `right_options()` (a partizan game), hashable and comparable with
//! `==`, with its notation as `str()`, and optionally `components()`, the parts of a sum.
//! The walk ([`walk`]) calls those methods, keeps what it learns by position in a
//! [`cache::Cache`] ([`table`]), catches loops, and runs under the call's limits and
//! Ctrl-C ([`run`]); nim values ([`impartial`]) and canonical values ([`partizan`], in
//! the shared store of `grundy.Value`) go by components, play-outs ([`search`]: who wins,
//! remoteness, normal or misère) by whole positions. A game whose positions repeat is
//! answered on the graph of its positions by the loopy engines ([`loopy`]).
//!
//! `grundy.define_game` ([`define`]) makes such a class a game of the library's registry
//! ([`entry`]), played by every front end through a game in progress whose positions are
//! the user's objects ([`state`]), solved by play-outs ([`solver`]) and bounded for
//! OpenSpiel ([`bounds`]); an exception of the user's methods inside those calls goes back
//! to the Python caller ([`failure`]).

pub mod api;
pub mod bounds;
pub mod cache;
pub mod define;
pub mod entry;
pub mod failure;
pub mod heap;
pub mod heap_values;
pub mod impartial;
pub mod loopy;
pub mod loopy_report;
pub mod misere;
pub mod partizan;
pub mod path;
pub mod run;
pub mod search;
pub mod solver;
pub mod state;
pub mod table;
pub mod walk;
