//! The original contests' batch formats: read the contest's input text, write exactly the
//! output it expects. No process I/O here; the `grundy batch` command feeds these functions.

pub mod cuboid;
pub mod paper;
pub mod pousse;
