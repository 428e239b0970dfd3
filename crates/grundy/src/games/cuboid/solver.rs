//! Sums of cuboids solved with the table: the value is the XOR of the cuboids' values, and
//! winning moves are looked for only in the cuboids that can use them.

use super::position::{CuboidMove, CuboidPosition};
use super::table::{CuboidTable, SideBeyondTable};
use crate::impartial::Outcome;
use crate::nim::Nimber;

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
/// target with the table's shared rows. A cuboid with `g ^ t < g` is sure to have such a
/// move (every value below `g` is an option); but options above `g` exist too (slicing
/// `2x2x2`, worth 0, leaves `1x1x1`, worth 1), so the other cuboids can hold winning moves
/// as well, and all are searched for a complete list and count.
pub fn analyse_sum(
    table: &CuboidTable,
    position: &CuboidPosition,
    limit: usize,
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
            let cubes = table.cubes_to_value(*cuboid, target)?;
            winning_move_count += cubes.len() as u64;
            let room = limit.saturating_sub(winning_moves.len());
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
    fn sides_beyond_the_table_are_errors() {
        let table = CuboidTable::new(4).unwrap();
        assert!(analyse_sum(&table, &"5x1x1".parse().unwrap(), 1).is_err());
        assert!(grundy_value(&table, &"1x1x1+1x9x1".parse().unwrap()).is_err());
    }
}
