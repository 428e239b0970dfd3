//! The cuboid slicing game (IDI Open 2018).
//!
//! A position is a collection of cuboids. A move picks one cuboid and one unit cube in it and
//! removes the three unit-thick slabs through that cube; the cuboid falls apart into up to
//! eight cuboids `(i or x−1−i) × (j or y−1−j) × (k or z−1−k)`, and empty pieces vanish. The
//! player who cannot move loses.
//!
//! The cuboids are independent, so the value of a position is the XOR of their values
//! ([`grundy_value`]); the value of one cuboid comes from a [`CuboidTable`], computed once
//! ([`shared_table`], in memory, sides up to [`SUPPORTED_MAX_SIDE`]) or read from a file kept
//! between runs ([`cache`], [`file`](mod@file), [`location`]: sides up to [`TABLE_MAX_SIDE`], as the
//! command line uses it). [`CuboidGame`] states the rules for the generic
//! [`Solver`], the slow twin the table is tested against.
//!
//! Notation (see [`position`]): position `2x2x2+3x4x5`, move `2:0,1,3` (second cuboid,
//! cube `(0, 1, 3)`).
//!
//! ```
//! use grundy::games::cuboid::{analyse_sum, shared_table, CuboidPosition};
//! use grundy::report::Outcome;
//!
//! let position: CuboidPosition = "2x2x2+3x4x5".parse().unwrap();
//! let table = shared_table(position.longest_side()).unwrap();
//! let analysis = analyse_sum(&table, &position, 3).unwrap();
//! assert_eq!(analysis.outcome, Outcome::Win);
//! let best = analysis.winning_moves[0];
//! let after = position.apply(&best).unwrap();
//! assert_eq!(analyse_sum(&table, &after, 0).unwrap().outcome, Outcome::Loss);
//! ```

pub mod analysis;
mod build;
pub mod cache;
pub mod contest;
pub mod entry;
pub mod file;
pub mod location;
pub mod play;
pub mod position;
mod solver;
mod table;

pub use build::{total_work, Progress};
pub use position::{Cube, Cuboid, CuboidMove, CuboidPosition};
pub use solver::{analyse_sum, analyse_sum_with, grundy_value, OptionCounts, SumAnalysis};
pub use table::{
    naive_table, shared_table, BuildError, CuboidTable, SideBeyondTable, CONTEST_MAX_SIDE, SUPPORTED_MAX_SIDE,
    TABLE_LIMIT_REASON, TABLE_MAX_SIDE,
};

use crate::error::RuleError;
use crate::impartial::Solver;
use crate::position::ImpartialGame;

/// The most unit cubes a position may have for its remoteness and perfect move to be
/// searched exactly with the generic solver: the number of reachable sums grows very fast
/// with the volume. `grundy solve cuboid` and the play interface both stop here.
pub const REMOTENESS_MAX_VOLUME: u128 = 100;

/// The remoteness and the move of perfect play (the fastest win, or the slowest loss;
/// `None` when no cuboid is left), searched exactly with the generic solver, whose memo
/// the caller keeps for later questions. `None` above [`REMOTENESS_MAX_VOLUME`] unit cubes.
///
/// ```
/// use grundy::games::cuboid::{perfect_play, CuboidGame};
/// use grundy::impartial::Solver;
/// let mut solver = Solver::new(CuboidGame);
/// let (moves, best) = perfect_play(&mut solver, &"1x1x1+1x1x1".parse().unwrap()).unwrap();
/// assert_eq!((moves, best.unwrap().to_string()), (2, "1:0,0,0".to_string()));
/// ```
pub fn perfect_play(
    solver: &mut Solver<CuboidGame>,
    position: &CuboidPosition,
) -> Option<(u64, Option<CuboidMove>)> {
    if position.volume() > REMOTENESS_MAX_VOLUME {
        return None;
    }
    Some((solver.remoteness(position), solver.perfect_move(position)))
}

/// The rules of the cuboid game, for the generic solver.
///
/// Components are the single cuboids; the canonical form turns each cuboid so its sides grow
/// and sorts the cuboids, since neither rotations nor order change the game.
#[derive(Debug, Clone, Copy, Default)]
pub struct CuboidGame;

impl ImpartialGame for CuboidGame {
    type Position = CuboidPosition;
    type Move = CuboidMove;

    fn legal_moves(&self, position: &CuboidPosition) -> Vec<CuboidMove> {
        let mut moves = Vec::new();
        for (cuboid, shape) in position.cuboids().iter().enumerate() {
            for i in 0..shape.x() {
                for j in 0..shape.y() {
                    for k in 0..shape.z() {
                        moves.push(CuboidMove {
                            cuboid,
                            cube: Cube { i, j, k },
                        });
                    }
                }
            }
        }
        moves
    }

    fn apply(
        &self,
        position: &CuboidPosition,
        mv: &CuboidMove,
    ) -> Result<CuboidPosition, RuleError> {
        position.apply(mv)
    }

    fn components(&self, position: &CuboidPosition) -> Vec<CuboidPosition> {
        position
            .cuboids()
            .iter()
            .map(|cuboid| CuboidPosition::from(*cuboid))
            .collect()
    }

    fn canonical(&self, position: &CuboidPosition) -> CuboidPosition {
        let mut cuboids: Vec<Cuboid> = position.cuboids().iter().map(Cuboid::sorted).collect();
        cuboids.sort_unstable();
        CuboidPosition::new(cuboids)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::impartial::Solver;

    #[test]
    fn the_generic_solver_knows_small_cuboids() {
        let mut solver = Solver::new(CuboidGame);
        let value = |solver: &mut Solver<CuboidGame>, text: &str| {
            solver.grundy_value(&text.parse().unwrap())
        };
        assert_eq!(value(&mut solver, "1x1x1"), 1);
        assert_eq!(value(&mut solver, "2x2x2"), 0);
        assert_eq!(value(&mut solver, "2x2x3"), 2);
        assert_eq!(value(&mut solver, "empty"), 0);
    }

    #[test]
    fn canonical_forgets_rotation_and_order() {
        let a: CuboidPosition = "3x1x2+1x1x1".parse().unwrap();
        let b: CuboidPosition = "1x1x1+2x3x1".parse().unwrap();
        assert_eq!(CuboidGame.canonical(&a), CuboidGame.canonical(&b));
        assert_eq!(CuboidGame.canonical(&a).to_string(), "1x1x1+1x2x3");
    }

    #[test]
    fn every_cube_is_a_move() {
        let position: CuboidPosition = "2x2x2+1x1x3".parse().unwrap();
        let moves = CuboidGame.legal_moves(&position);
        assert_eq!(moves.len(), 11);
        assert_eq!(moves[8].to_string(), "2:0,0,0");
    }
}
