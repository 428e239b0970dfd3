//! The cuboid slicing game's line in the registry.

use crate::game::Listing;
use crate::error::ParseError;
use crate::games::cuboid::analysis::{analyse, answer_contest};
use crate::games::cuboid::play::CuboidRules;
use crate::game::GameState;
use crate::games::cuboid::location::table_file_name;
use crate::games::cuboid::file;
use crate::games::cuboid::table::{CuboidTable, CONTEST_MAX_SIDE};
use crate::game::{BoardKind, CapEdge, GameEntry, OverCap, sum_of};
use crate::game::{start_played, with_position};
use crate::report::{Report, SolveError, SolveOptions};

/// The most cuboids of a position a shared server analyses ([`GameEntry::check_served`]).
pub const SERVED_MAX_CUBOIDS: usize = 1_000;

/// The most unit cubes of a position a shared server analyses under misère play
/// ([`GameEntry::check_served_misere`]): the exact misère search values every sum of
/// cuboids reached; the sums of 100 cubes take up to about 0.2 s, of 128 up to 0.5 s
/// (docs/web.md).
pub const SERVED_MISERE_MAX_VOLUME: u128 = 100;

/// IDI Open 2018: slice cuboids through a unit cube.
#[derive(Debug, Clone, Copy)]
pub struct CuboidEntry;

impl Listing for CuboidEntry {
    fn name(&self) -> &'static str {
        "cuboid"
    }

    fn title(&self) -> &'static str {
        "the cuboid slicing game"
    }

    fn summary(&self) -> &'static str {
        "IDI Open 2018: slice a cuboid through a unit cube along all three axes; who cannot slice loses"
    }

    fn notation(&self) -> &'static str {
        "cuboids joined by + (2x2x2+3x4x5); moves N:I,J,K slice cuboid N through cube (I,J,K)"
    }

    fn example(&self) -> &'static str {
        "2x2x2+3x4x5"
    }

    fn default_position(&self) -> &'static str {
        "2x2x2+3x4x5"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["2x2x2+3x4x5", "3x3x3", "2x3x4", "1x2x3+2x2x2", "4x4x4"]
    }

    fn sample_positions(&self) -> &'static [&'static str] {
        &["2x2x2+3x4x5", "1x2x3", "3x3x3+1x1x2", "4x4x4+2x3x5"]
    }
}

impl GameEntry for CuboidEntry {
    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Boxes)
    }

    /// The table of the contest's sides, the smallest the game builds.
    fn small_table(&self) -> Option<(String, Vec<u8>)> {
        let table = CuboidTable::new(CONTEST_MAX_SIDE).ok()?;
        Some((table_file_name(CONTEST_MAX_SIDE), file::encode(&table)))
    }

    /// Each cuboid of the sum; none for the empty position.
    fn components(&self, position: &str) -> Vec<String> {
        if position.trim() == "empty" {
            return Vec::new();
        }
        position
            .split('+')
            .map(|part| part.trim().to_string())
            .collect()
    }

    /// One move per unit cube, and a move removes cubes: the legal moves of `state` bound
    /// those of every later position.
    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        state.legal_moves(0).total
    }

    /// Every move removes at least one unit cube: at most the volume, the number of legal
    /// moves.
    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        state.legal_moves(0).total
    }

    /// At most [`SERVED_MAX_CUBOIDS`] cuboids, no side over the contest's
    /// ([`CONTEST_MAX_SIDE`]): the table of Grundy values costs the sixth power of the side.
    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        let (count, side) = with_position::<CuboidRules, _>(state, |position| {
            (position.cuboids().len() as u128, position.longest_side())
        })
        .unwrap_or((0, 0));
        OverCap::check("the number of cuboids", count, SERVED_MAX_CUBOIDS as u128)?;
        OverCap::check("the longest side", side, CONTEST_MAX_SIDE)
    }

    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![
            CapEdge::new("30x30x30", "31x30x30"),
            CapEdge::new(sum_of("30x30x30", 1_000), sum_of("1x1x1", 1_001)),
        ]
    }

    /// 100 unit cubes, in a sum of several shapes (the hardest kind) and in one stick; and 101.
    fn cap_edges_misere(&self) -> Vec<CapEdge> {
        vec![
            CapEdge::misere("3x3x4+3x3x4+2x2x7", "3x3x4+3x3x4+2x2x7+1x1x1"),
            CapEdge::misere("1x1x30", "1x1x31"),
        ]
    }

    /// The caps of [`GameEntry::check_served`], and at most [`SERVED_MISERE_MAX_VOLUME`]
    /// unit cubes: the exact misère search values every sum of cuboids reached.
    fn check_served_misere(&self, state: &dyn GameState) -> Result<(), OverCap> {
        self.check_served(state)?;
        let volume =
            with_position::<CuboidRules, _>(state, |position| position.volume()).unwrap_or(0);
        OverCap::check(
            "the number of unit cubes under misère play",
            volume,
            SERVED_MISERE_MAX_VOLUME,
        )
    }

    fn start(&'static self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start_played::<CuboidRules>(self, position)
    }

    /// Reads `moves`, `table` and `no_cache` of the options.
    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        Ok(Report::Solved(analyse(position, options)?))
    }

    fn contest(&self) -> Option<&'static str> {
        Some("IDI Open 2018 \"Cuboid Slicing Game\" (Kattis cuboidslicinggame): the winner's name")
    }

    /// Reads `table` and `no_cache` of the options.
    fn answer_contest(&self, input: &[u8], options: &SolveOptions) -> Result<String, SolveError> {
        answer_contest(input, options)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_small_table_is_the_contest_table_under_its_usual_name() {
        let (name, bytes) = CuboidEntry.small_table().unwrap();
        assert_eq!(name, "cuboid-30.table");
        let table = file::decode(&bytes).unwrap();
        assert_eq!(table.max_side(), CONTEST_MAX_SIDE);
        assert_eq!(table, CuboidTable::new(CONTEST_MAX_SIDE).unwrap());
    }
}
