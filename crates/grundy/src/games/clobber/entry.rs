//! Clobber's line in the registry, and its rules for the shared partizan adapter.

use super::{Capture, Clobber};
use crate::error::{ParseError, RuleError};
use crate::games::partizan::entry::{components, solve, start, with_game};
use crate::games::partizan::solver::PartizanGame;
use crate::games::partizan::Side;
use crate::play::GameState;
use crate::entry::{Game, GameEntry, OverCap};
use crate::report::{Report, SolveError, SolveOptions};

/// The largest position a shared server values (the number of stones). Boards of up to 12 stones are valued in milliseconds (a full 4 × 4 board, 16 stones, takes 2.4 s) (docs/benchmarks.md).
pub const SERVED_MAX: u32 = 12;

impl PartizanGame for Clobber {
    type Move = Capture;

    const GAME: Game = Game::new(&ClobberEntry);

    fn moves(&self, side: Side) -> Vec<Capture> {
        Clobber::moves(self, side)
    }

    fn play(&self, side: Side, mv: &Capture) -> Result<Self, RuleError> {
        Clobber::play(self, side, mv)
    }

    fn draw(&self) -> String {
        Clobber::draw(self)
    }
}

/// Clobber.
#[derive(Debug, Clone, Copy)]
pub struct ClobberEntry;

impl GameEntry for ClobberEntry {
    fn name(&self) -> &'static str {
        "clobber"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }

    fn title(&self) -> &'static str {
        "Clobber"
    }

    fn summary(&self) -> &'static str {
        "Clobber: move a stone of yours onto an adjacent stone of the opponent's, removing it; Left plays x, Right o; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "rows top to bottom of x (Left), o (Right) and . (xox/oxo), @L or @R for the player to move (Left by default); moves FROM-TO (a1-b1), rows numbered from 1 at the top"
    }

    fn example(&self) -> &'static str {
        "xox/oxo"
    }

    fn default_position(&self) -> &'static str {
        "xoxo/oxox/xoxo"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["xoxo/oxox/xoxo", "xox/oxo", "xoxox", "xo/ox/xo", "xoxo/oxox"]
    }

    /// Won and lost starts for each player, and positions of several components.
    fn sample_positions(&self) -> &'static [&'static str] {
        &["xo", "xox", "xxo", "xo.ox", "xo/ox", "xox/o.o@R"]
    }

    fn is_impartial(&self) -> bool {
        false
    }

    fn is_searched(&self) -> bool {
        false
    }

    fn components(&self, position: &str) -> Vec<String> {
        components::<Clobber>(position)
    }

    /// A stone has at most four neighbours to clobber.
    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        with_game::<Clobber, _>(state, |game| 4 * u128::from((game.stones(Side::Left) | game.stones(Side::Right)).count_ones()))
    }

    /// Every move removes a stone.
    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        with_game::<Clobber, _>(state, |game| u128::from((game.stones(Side::Left) | game.stones(Side::Right)).count_ones()))
    }

    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        let size = with_game::<Clobber, _>(state, |game| (game.stones(Side::Left) | game.stones(Side::Right)).count_ones()).unwrap_or(0);
        OverCap::check("the number of stones", size, SERVED_MAX)
    }

    /// The board drawn by [`Clobber::svg`].
    fn picture_svg(&self, state: &dyn GameState) -> Option<String> {
        with_game::<Clobber, _>(state, Clobber::svg)
    }

    fn start(&self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start::<Clobber>(position)
    }

    /// Reads `moves` of the options.
    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        solve::<Clobber>(position, options)
    }
}
