//! grundy-arena: running games between players.
//!
//! The library [`grundy`] knows the rules; this crate puts players at the table: the line
//! protocol engines speak ([`protocol`], described for people in `docs/protocol.md`), and the
//! pieces built on it.

#![deny(missing_docs)]

pub mod engine;
pub mod protocol;
