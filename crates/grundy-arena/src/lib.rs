//! grundy-arena: running games between players.
//!
//! The library [`grundy`] knows the rules; this crate puts players at the table: the line
//! protocol engines speak ([`protocol`], described for people in `docs/protocol.md`),
//! players in this process or behind pipes ([`player`]) with terms of their own
//! ([`contender`]), the referee that owns the position and the clocks ([`referee`]), how a
//! game ended ([`result`]), game records ([`record`]), ratings ([`rating`]), start-position suites ([`openings`]), and
//! which games a match or tournament plays ([`schedule`]), matches and tournaments
//! ([`tournament`], described in `docs/arena.md`), and tournaments
//! sharded over many machines ([`shard`], [`merge`], described in `docs/cluster.md`), and two
//! records of one schedule compared game by game ([`compare`]).

#![deny(missing_docs)]

pub mod compare;
pub mod contender;
pub mod engine;
pub mod merge;
pub mod openings;
pub mod pentanomial;
pub mod player;
pub mod protocol;
pub mod rating;
pub mod record;
pub mod referee;
pub mod result;
pub mod schedule;
pub mod shard;
pub mod sprt;
pub mod tournament;
