//! Benchmarks of the rectangle game.
fn main() {}
