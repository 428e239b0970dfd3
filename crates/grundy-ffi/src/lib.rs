//! The C interfaces of two seed contests, played both ways.
//!
//! IOI 2005 REC (`creclib.h`) and POI 2012 Licytacja (`cliclib.h`) were played by linking a
//! solution to an opponent library. This crate holds everything behind those interfaces in
//! safe, testable Rust (the one exception is [`c_runtime`], the libraries' exit hooks):
//!
//! - the **referees** ([`rec::RecReferee`], [`lic::LicReferee`]): what an opponent library
//!   does on each C call — check the call order and the rules, answer with a strategy, and
//!   say when the game is over with a [`Verdict`];
//! - the **players** ([`rec::play`], [`lic::play`]): grundy's perfect players written against
//!   a trait of the C calls, so the same code drives a real C library or a referee in-process.
//!
//! The thin `staticlib` crates beside this one export the C symbols: `libgrundy_creclib.a`
//! and `libgrundy_cliclib.a` (the opponent libraries) and `libgrundy_rec_player.a` and
//! `libgrundy_lic_player.a` (the players). They are separate archives because a player
//! *calls* the very symbols a library *defines*. See `docs/c-interfaces.md`.

pub mod boundary;
pub mod c_runtime;
pub mod config;
pub mod lic;
pub mod rec;
pub mod verdict;

pub use verdict::{Verdict, VerdictKind};
