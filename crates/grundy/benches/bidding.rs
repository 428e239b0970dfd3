//! Benchmarks of the bidding game.
fn main() {}
