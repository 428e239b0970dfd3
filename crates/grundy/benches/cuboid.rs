//! Benchmarks of the cuboid game.
fn main() {}
