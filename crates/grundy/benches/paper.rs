//! Benchmarks of the paper game.
fn main() {}
