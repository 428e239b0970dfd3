//! Toads and Frogs's line in the registry: what differs from the other partizan games (the
//! rest is [`PartizanEntry`]'s blanket implementation).

use crate::game::Listing;
use super::{Step, ToadsFrogs};
use crate::drawing::Footprint;
use crate::game::{BoardKind, CapEdge, OverCap};
use crate::partizan::PartizanEntry;

/// The largest position a shared server values (the number of cells): rows of 12 cells are
/// analysed with every move valued in under 0.1 s, while 13 take up to 0.35 s and 14 up to
/// 0.6 s (docs/web.md).
pub const SERVED_MAX: u32 = 12;

/// Toads and Frogs.
#[derive(Debug, Clone, Copy)]
pub struct ToadsFrogsEntry;

impl Listing for ToadsFrogsEntry {
    fn name(&self) -> &'static str {
        "toadsfrogs"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["toads-and-frogs"]
    }

    fn title(&self) -> &'static str {
        "Toads and Frogs"
    }

    fn summary(&self) -> &'static str {
        "Toads and Frogs: Left's Toads (T) move right, Right's Frogs (F) move left, one cell or jumping one opponent; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "a row of T, F and . (TT..FF), @L or @R for the player to move (Left by default); moves FROM-TO, cells numbered from 1 (2-3, 4-2)"
    }

    fn example(&self) -> &'static str {
        "TT..FF"
    }

    fn default_position(&self) -> &'static str {
        "TTT..FFF"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["TTT..FFF", "TT..FF", "T.F", "TTT.FFF", "TTTT..FFFF", "T.T.F.F"]
    }

    /// Won and lost starts for each player, and positions of several components.
    fn sample_positions(&self) -> &'static [&'static str] {
        &["T.F", "TT..FF", "TF.", "T..F@R", "TT.F.F", "T.TF.F"]
    }
}

impl PartizanEntry for ToadsFrogsEntry {
    type Game = ToadsFrogs;

    /// A piece has at most one move (a slide or a jump), so a player has at most as many
    /// moves as pieces.
    fn most_moves(&self, game: &ToadsFrogs) -> Option<u128> {
        Some(u128::from((game.toads() | game.frogs()).count_ones()))
    }

    /// A Toad only moves right and a Frog only left, at least one cell a move.
    fn longest_game(&self, game: &ToadsFrogs) -> Option<u128> {
        Some(u128::from((game.toads() | game.frogs()).count_ones()) * game.len() as u128)
    }

    fn check_served(&self, game: &ToadsFrogs) -> Result<(), OverCap> {
        OverCap::check("the number of cells", game.len() as u32, SERVED_MAX)
    }

    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![CapEdge::new("TTT.....FFFF", "TTT......FFFF")]
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Strip)
    }

    /// The cell the piece leaves, then the cell it lands on.
    fn footprint(&self, _: &ToadsFrogs, step: &Step) -> Footprint {
        vec![step.from, step.to]
    }

}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
use crate::game::GameEntry;
    use crate::drawing::{Layout, Mark, Owner};
    use crate::game::describe;

    const TOADS_FROGS: &dyn GameEntry = &super::ToadsFrogsEntry;

    #[test]
    fn a_step_touches_the_cell_left_and_the_cell_reached_numbered_from_one() {
        let state = TOADS_FROGS.start("T.F").unwrap();
        // `1-2`: cell 1 (index 0) to cell 2 (index 1).
        assert_eq!(TOADS_FROGS.footprint(state.as_ref(), "1-2"), Some(vec![0, 1]));
        let view = describe(state.as_ref()).unwrap();
        assert_eq!(
            view.board.layout,
            Layout::Strip {
                cells: vec![
                    Mark::Piece(Owner::Left, 'T'),
                    Mark::Empty,
                    Mark::Piece(Owner::Right, 'F')
                ]
            }
        );
        assert_eq!(view.moves, [("1-2".to_string(), vec![0, 1])]);
    }
}
