//! Partizan subtraction's line in the registry: what differs from the other partizan games
//! (the rest is [`PartizanEntry`]'s blanket implementation).

use crate::game::Listing;
use super::{period, PartizanSubtraction};
use crate::game::{BoardKind, CapEdge, OverCap};
use crate::partizan::PartizanEntry;
use crate::player::Player;
use crate::report::{SolveError, SolveOptions};

/// The largest position a shared server values at once (the total of the heaps). The cost
/// depends on the sets more than on the heaps: under `1|2` a heap of 10 000 is valued in a
/// tenth of a second, under `1,3|2,3` the canonical forms double in length every heap or
/// two and the sums of several such heaps take seconds from totals of 30 (the page values
/// every move's position as well). At a total of 20 every pair of sets measured was
/// analysed in well under a second (docs/benchmarks.md).
pub const SERVED_MAX: u32 = 20;

/// The largest position a shared server values as a cancellable job (`/api/jobs`): at a
/// total of 30 the costliest sets measured (`1,3|2,3`, heaps of 6 to 15) take under two
/// seconds on the command line; at 36 (`1,3|2,3:12+12+12`) their canonical forms pass the
/// memory limit.
pub const JOB_MAX: u32 = 30;

/// The heaps whose values `grundy solve` lists in its note (0 to this).
pub const SHOWN_HEAPS: u32 = 12;

/// The counters of all the heaps together.
fn total(game: &PartizanSubtraction) -> u64 {
    game.heaps().iter().map(|&heap| u64::from(heap)).sum()
}

/// Partizan subtraction games.
#[derive(Debug, Clone, Copy)]
pub struct PsubEntry;

impl Listing for PsubEntry {
    fn name(&self) -> &'static str {
        "psub"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["partizan-subtraction"]
    }

    fn title(&self) -> &'static str {
        "Partizan subtraction"
    }

    fn summary(&self) -> &'static str {
        "Partizan subtraction: Left takes from a heap an amount in her set, Right an amount in his; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "LEFT|RIGHT:HEAPS, sets of amounts 1 to 64 joined by commas, heaps by + (1,3|2,3:6+4), @L or @R for the player to move (Left by default); moves HEAP:AMOUNT (2:3), or AMOUNT alone with one heap"
    }

    fn example(&self) -> &'static str {
        "1,3|2,3:6+4"
    }

    fn default_position(&self) -> &'static str {
        "1,3|2,3:10"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["1,3|2,3:10", "1,3|2,3:6+4+9", "1,2|1,3:12", "2,3|1,4:7+8", "1|2:9"]
    }

    /// Won and lost starts for each player, and positions of several components.
    fn sample_positions(&self) -> &'static [&'static str] {
        &[
            "1,3|2,3:6",
            "1|2:3",
            "1|1:4",
            "2|1:3@R",
            "1,3|2,3:4+3",
            "1,2|1,3:5+2@R",
        ]
    }
}

impl PartizanEntry for PsubEntry {
    type Game = PartizanSubtraction;

    /// A player has at most one move per heap and amount.
    fn most_moves(&self, game: &PartizanSubtraction) -> Option<u128> {
        let most = game.set(Player::Left).len().max(game.set(Player::Right).len());
        Some(most as u128 * game.heaps().len() as u128)
    }

    /// Every move takes at least the least amount of either set.
    fn longest_game(&self, game: &PartizanSubtraction) -> Option<u128> {
        let total: u128 = game.heaps().iter().map(|&heap| u128::from(heap)).sum();
        Some(
            game.least_amount()
                .map_or(0, |least| total / u128::from(least)),
        )
    }

    /// The heaps drawn from the notation, each with its moves (`2:3`) beside it.
    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Heaps)
    }

    fn check_served(&self, game: &PartizanSubtraction) -> Result<(), OverCap> {
        OverCap::check("the total of the heaps", total(game), SERVED_MAX)
    }

    /// Heaps totalling 20, the cap, and one counter more: under `1,3|2,3`, whose canonical
    /// forms grow fastest of the sets measured, one heap and a sum.
    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![
            CapEdge::new("1,3|2,3:20", "1,3|2,3:21"),
            CapEdge::new("1,3|2,3:10+10", "1,3|2,3:10+11"),
        ]
    }

    fn check_job(&self, game: &PartizanSubtraction) -> Result<(), OverCap> {
        OverCap::check("the total of the heaps", total(game), JOB_MAX)
    }

    /// The values of heaps 0 to [`SHOWN_HEAPS`] under the position's sets, and the period
    /// observed in them ([`period::note`]).
    fn notes(
        &self,
        game: &PartizanSubtraction,
        options: &SolveOptions,
    ) -> Result<Vec<String>, SolveError> {
        period::note(game, SHOWN_HEAPS, options)
    }
}
