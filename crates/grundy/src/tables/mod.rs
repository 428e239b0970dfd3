//! Table files: solved values kept on disk, for every game that has them.
//!
//! A game with a table (Pousse's solved boards, the cuboid game's Grundy values) writes its
//! own format, but the parts every such game needs are here once: where tables are kept
//! when no file is named ([`location`]), how a file is written so that it appears whole or
//! not at all ([`write_atomically`]), and how a file that cannot be used is reported
//! ([`file`](mod@file)): a [`TableFileError`] names the file and the game's own description of what
//! is wrong, and a [`TableError`] carries any game's failure through the generic
//! [`SolveError`](crate::report::SolveError) without the core knowing the game.

pub mod file;
pub mod location;

pub use file::{write_atomically, FormatProblem, TableError, TableFailure, TableFileError};
pub use location::{default_table_dir, table_dir_from, TABLE_DIR_VARIABLE};
