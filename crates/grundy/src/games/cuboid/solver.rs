//! Sums of cuboids solved with the table: the value is the XOR of the cuboids' values, and
//! winning moves are looked for only in the cuboids that can use them.

use std::collections::HashMap;

use super::position::{Cuboid, CuboidMove, CuboidPosition};
use super::table::{CuboidTable, SideBeyondTable};
use crate::report::Outcome;
use crate::nimber::Nimber;

/// What the table says about a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumAnalysis {
    /// The Grundy value of the whole position.
    pub value: Nimber,
    /// Who wins, seen by the player to move.
    pub outcome: Outcome,
    /// The first winning moves (cuboid order, then cube order), at most the limit asked for.
    pub winning_moves: Vec<CuboidMove>,
    /// How many winning moves there are in all.
    pub winning_move_count: u64,
}

/// The Grundy value of a position: the XOR of its cuboids' values.
///
/// ```
/// use grundy::games::cuboid::{grundy_value, CuboidTable};
/// let table = CuboidTable::new(8).unwrap();
/// assert_eq!(grundy_value(&table, &"2x2x2+4x4x4".parse().unwrap()).unwrap(), 0);
/// assert_eq!(grundy_value(&table, &"1x1x1+1x2x3".parse().unwrap()).unwrap(), 0);
/// ```
pub fn grundy_value(
    table: &CuboidTable,
    position: &CuboidPosition,
) -> Result<Nimber, SideBeyondTable> {
    position
        .cuboids()
        .iter()
        .try_fold(0, |total, cuboid| Ok(total ^ table.value(*cuboid)?))
}

/// The value, the outcome, the first `limit` winning moves and the count of all of them.
///
/// A move in a cuboid worth `g` changes the total `t` to `t ^ g ^ g'`, which is 0 exactly
/// when the pieces left are worth `g' = g ^ t`, so each cuboid is searched for that one
/// target. A cuboid with `g ^ t < g` is sure to have such a move (every value below `g` is
/// an option); but options above `g` exist too (slicing `2x2x2`, worth 0, leaves `1x1x1`,
/// worth 1), so the other cuboids can hold winning moves as well, and all are counted for
/// a complete count: see [`analyse_sum_with`], which this calls with counts of its own.
pub fn analyse_sum(
    table: &CuboidTable,
    position: &CuboidPosition,
    limit: usize,
) -> Result<SumAnalysis, SideBeyondTable> {
    analyse_sum_with(table, position, limit, &mut OptionCounts::default())
}

/// [`analyse_sum`] with the option counts of the shapes met before: each cuboid's winning
/// moves are counted by a lookup in `counts` (one pass over a shape's cubes the first time
/// it is met), and only the cuboids that hold winning moves are searched for them, until
/// `limit` are listed. A caller analysing many sums of the same cuboids (every position
/// one move away, each valued in turn) keeps `counts` between them, so that a sum of a
/// thousand large cuboids costs lookups rather than a pass over every cube of each.
pub fn analyse_sum_with(
    table: &CuboidTable,
    position: &CuboidPosition,
    limit: usize,
    counts: &mut OptionCounts,
) -> Result<SumAnalysis, SideBeyondTable> {
    let values = position
        .cuboids()
        .iter()
        .map(|cuboid| table.value(*cuboid))
        .collect::<Result<Vec<_>, _>>()?;
    let value = values.iter().fold(0, |total, value| total ^ value);
    let mut winning_moves = Vec::new();
    let mut winning_move_count = 0u64;
    if value != 0 {
        for (index, (cuboid, own)) in position.cuboids().iter().zip(&values).enumerate() {
            let target = own ^ value;
            let count = counts.count(table, *cuboid, target)?;
            winning_move_count += count;
            let room = limit.saturating_sub(winning_moves.len());
            if count == 0 || room == 0 {
                continue;
            }
            let cubes = table.cubes_to_value(*cuboid, target)?;
            winning_moves.extend(cubes.into_iter().take(room).map(|cube| CuboidMove {
                cuboid: index,
                cube,
            }));
        }
    }
    Ok(SumAnalysis {
        value,
        outcome: Outcome::from_grundy(value),
        winning_moves,
        winning_move_count,
    })
}

/// How many cubes of each cuboid shape leave pieces worth each value
/// ([`CuboidTable::option_counts`]), kept by shape (rotations share theirs) so that each
/// shape's cubes are gone over once for any number of sums: see [`analyse_sum_with`].
#[derive(Debug, Clone, Default)]
pub struct OptionCounts {
    by_shape: HashMap<Cuboid, Vec<u32>>,
}

impl OptionCounts {
    /// The most shapes kept; past it the counts start again (a shape's counts hold at most
    /// a few hundred values, so this holds a few megabytes at most).
    pub const MAX_SHAPES: usize = 8_192;

    /// How many cubes of `cuboid` leave pieces worth `target` in all.
    pub fn count(
        &mut self,
        table: &CuboidTable,
        cuboid: Cuboid,
        target: Nimber,
    ) -> Result<u64, SideBeyondTable> {
        let shape = cuboid.sorted();
        if !self.by_shape.contains_key(&shape) {
            let counts = table.option_counts(shape)?;
            if self.by_shape.len() >= Self::MAX_SHAPES {
                self.by_shape.clear();
            }
            self.by_shape.insert(shape, counts);
        }
        let counts = &self.by_shape[&shape];
        Ok(usize::try_from(target)
            .ok()
            .and_then(|target| counts.get(target))
            .map_or(0, |count| u64::from(*count)))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_sum_has_no_winning_moves() {
        let table = CuboidTable::new(4).unwrap();
        let analysis = analyse_sum(&table, &"2x2x2+4x4x4".parse().unwrap(), 10).unwrap();
        assert_eq!(analysis.outcome, Outcome::Loss);
        assert_eq!(analysis.winning_move_count, 0);
        assert!(analysis.winning_moves.is_empty());
    }

    #[test]
    fn winning_moves_may_raise_a_cuboid_value() {
        let table = CuboidTable::new(4).unwrap();
        let analysis = analyse_sum(&table, &"1x1x1+2x2x2".parse().unwrap(), 2).unwrap();
        // Take the unit cube, or slice the 2x2x2 (worth 0) anywhere into a unit cube.
        assert_eq!(analysis.winning_move_count, 9);
        let shown: Vec<String> = analysis
            .winning_moves
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(shown, ["1:0,0,0", "2:0,0,0"]);
    }

    #[test]
    fn one_unit_cube_is_taken() {
        let table = CuboidTable::new(4).unwrap();
        let analysis = analyse_sum(&table, &"1x1x1".parse().unwrap(), 10).unwrap();
        assert_eq!(analysis.value, 1);
        assert_eq!(analysis.winning_move_count, 1);
        assert_eq!(analysis.winning_moves[0].to_string(), "1:0,0,0");
    }

    #[test]
    fn the_limit_caps_the_list_not_the_count() {
        let table = CuboidTable::new(4).unwrap();
        // Every slice of 1x1x3 removes the whole cuboid (the pieces are all empty along the
        // first two sides), so each of its three cubes is a winning move.
        let analysis = analyse_sum(&table, &"1x1x3".parse().unwrap(), 2).unwrap();
        assert_eq!(analysis.winning_move_count, 3);
        assert_eq!(analysis.winning_moves.len(), 2);
    }

    #[test]
    fn kept_counts_give_the_same_analysis() {
        let table = CuboidTable::new(8).unwrap();
        let mut counts = OptionCounts::default();
        for text in ["2x2x2+4x4x4", "1x1x1+2x2x2", "3x5x7+7x5x3+8x8x8", "1x2x3+6x6x6+2x2x8", "8x1x1"] {
            let position: CuboidPosition = text.parse().unwrap();
            for limit in [0, 1, 5, usize::MAX] {
                assert_eq!(
                    analyse_sum_with(&table, &position, limit, &mut counts).unwrap(),
                    analyse_sum(&table, &position, limit).unwrap(),
                    "{text} {limit}"
                );
            }
        }
    }

    #[test]
    fn sides_beyond_the_table_are_errors() {
        let table = CuboidTable::new(4).unwrap();
        assert!(analyse_sum(&table, &"5x1x1".parse().unwrap(), 1).is_err());
        assert!(grundy_value(&table, &"1x1x1+1x9x1".parse().unwrap()).is_err());
    }
}
