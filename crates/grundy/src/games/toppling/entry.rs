//! Toppling Dominoes's line in the registry: what differs from the other partizan games
//! (the rest is [`PartizanEntry`]'s blanket implementation).

use crate::game::Listing;
use super::{Topple, Toppling, Way};
use crate::drawing::Footprint;
use crate::game::{BoardKind, CapEdge, OverCap};
use crate::partizan::PartizanEntry;

/// The largest position a shared server values (the number of dominoes standing): a row is
/// valued at once whatever its length (it has only as many positions as intervals), but the
/// exact remoteness search of a sum of many short rows takes 0.24 s at 16 dominoes
/// (`LR.RL.LR.RL.LR.RL.LR.RL`), 0.84 s at 18 and 1.8 s at 24 (docs/benchmarks.md).
pub const SERVED_MAX: u32 = 16;

/// Toppling Dominoes.
#[derive(Debug, Clone, Copy)]
pub struct TopplingEntry;

impl Listing for TopplingEntry {
    fn name(&self) -> &'static str {
        "toppling"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["toppling-dominoes"]
    }

    fn title(&self) -> &'static str {
        "Toppling Dominoes"
    }

    fn summary(&self) -> &'static str {
        "Toppling Dominoes: topple one of your dominoes (Left blue L, Right red R, either green G) left or right, felling the rest of its row that way; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "a strip of L, R, G and . (LRG.LL; + reads as .), @L or @R for the player to move (Left by default); moves CELL< or CELL>, cells numbered from 1 (3<, 5>)"
    }

    fn example(&self) -> &'static str {
        "LRRL.RLLGR"
    }

    fn default_position(&self) -> &'static str {
        "LRRL.RLLGR.GLR"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &[
            "LRRL.RLLGR",
            "LLRL.RRLR",
            "GLRG.RLGL",
            "LLLL.RRRG",
            "LRRL.RLLGR.GLR",
            "LRGLLR",
        ]
    }

    /// Won and lost starts for each player, and positions of several rows.
    fn sample_positions(&self) -> &'static [&'static str] {
        &[
            "LR",
            "LLR",
            "LR.LR",
            "RRL@R",
            "G.GG",
            "LL.R@R",
            "LLRL.RRLR",
            "GLRG.RLGL",
            "LRRL.RLLGR",
        ]
    }
}

impl PartizanEntry for TopplingEntry {
    type Game = Toppling;

    /// A player topples one of the dominoes standing, one way or the other.
    fn most_moves(&self, game: &Toppling) -> Option<u128> {
        Some(2 * u128::from(game.dominoes()))
    }

    /// Every move fells at least one domino.
    fn longest_game(&self, game: &Toppling) -> Option<u128> {
        Some(u128::from(game.dominoes()))
    }

    fn check_served(&self, game: &Toppling) -> Result<(), OverCap> {
        OverCap::check("the number of dominoes", game.dominoes(), SERVED_MAX)
    }

    /// 16 dominoes, the cap, in eight rows of two (the costliest remoteness search of those
    /// measured), and 17.
    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![CapEdge::new(
            "LR.RL.LR.RL.LR.RL.LR.RL",
            "LR.RL.LR.RL.LR.RL.LR.RL.G",
        )]
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Strip)
    }

    /// The domino's cell, then the cell next to it on the side it falls (none when it
    /// falls off an end of the strip).
    fn footprint(&self, strip: &Toppling, topple: &Topple) -> Footprint {
        let cell = topple.cell;
        let beside = match topple.way {
            Way::Left => cell.checked_sub(1),
            Way::Right => Some(cell + 1).filter(|&next| next < strip.len()),
        };
        std::iter::once(cell).chain(beside).collect()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use crate::drawing::{Layout, Mark, Owner};
    use crate::game::describe;
    use crate::game::GameEntry;

    const TOPPLING: &dyn GameEntry = &super::TopplingEntry;

    #[test]
    fn a_topple_touches_the_domino_then_the_cell_it_falls_towards() {
        let state = TOPPLING.start("LG.").unwrap();
        assert_eq!(TOPPLING.footprint(state.as_ref(), "2>"), Some(vec![1, 2]));
        assert_eq!(TOPPLING.footprint(state.as_ref(), "2<"), Some(vec![1, 0]));
        // Off the left end of the strip: the domino's cell alone.
        assert_eq!(TOPPLING.footprint(state.as_ref(), "1<"), Some(vec![0]));
        let view = describe(state.as_ref()).unwrap();
        assert_eq!(
            view.board.layout,
            Layout::Strip {
                cells: vec![
                    Mark::Domino(Owner::Left, 'L'),
                    Mark::Domino(Owner::Either, 'G'),
                    Mark::Empty
                ]
            }
        );
        assert_eq!(view.moves.len(), 4);
        assert_eq!(view.moves[3], ("2>".to_string(), vec![1, 2]));
    }
}
