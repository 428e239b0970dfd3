//! Pousse research tools, kept out of the product crates (no shipped crate depends on this
//! one, and it is never published).
//!
//! - `pousse_openings` (binary) writes the opening suites `data/openings/pousse-6.txt` and
//!   `pousse-7.txt`:
//!   `cargo run --release -p grundy-lab --bin pousse_openings -- 6 100 1998 > data/openings/pousse-6.txt`.
//! - `pousse_match` (binary) is the in-process strength harness: A/B matches of engine
//!   configurations, matches against the sparring partners, fixed-depth and replay probes.
//! - `pousse_mcts_tune` (binary) measures the UCT sparring partner's exploration constant.
//! - [`players`]: the players those matches are played between.
//! - `scripts/` holds the referee strength measurement (`pousse-strength.sh`) and its report
//!   (`pousse-strength-report.sh`); `data/strength/` the records they keep.
//!
//! The measurements made with these tools, and with the experiments removed from the
//! engine, are in `docs/pousse-engine.md` and `docs/lab/`.

pub mod players;
