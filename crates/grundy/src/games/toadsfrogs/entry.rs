//! Toads and Frogs's line in the registry, and its rules for the shared partizan adapter.

use super::{Step, ToadsFrogs};
use crate::error::{ParseError, RuleError};
use crate::games::partizan::entry::{components, solve, start, with_game};
use crate::games::partizan::solver::PartizanGame;
use crate::games::partizan::Side;
use crate::play::GameState;
use crate::registry::{Game, GameEntry, OverCap};
use crate::report::{Report, SolveError, SolveOptions};

/// The largest position a shared server values (the number of cells): rows of 12 cells are
/// analysed with every move valued in under 0.1 s, while 13 take up to 0.35 s and 14 up to
/// 0.6 s (docs/web.md).
pub const SERVED_MAX: u32 = 12;

impl PartizanGame for ToadsFrogs {
    type Move = Step;

    const GAME: Game = Game::new(&ToadsFrogsEntry);

    fn moves(&self, side: Side) -> Vec<Step> {
        ToadsFrogs::moves(self, side)
    }

    fn play(&self, side: Side, mv: &Step) -> Result<Self, RuleError> {
        ToadsFrogs::play(self, side, mv)
    }

    fn draw(&self) -> String {
        ToadsFrogs::draw(self)
    }
}

/// Toads and Frogs.
#[derive(Debug, Clone, Copy)]
pub struct ToadsFrogsEntry;

impl GameEntry for ToadsFrogsEntry {
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

    fn is_impartial(&self) -> bool {
        false
    }

    fn is_searched(&self) -> bool {
        false
    }

    fn components(&self, position: &str) -> Vec<String> {
        components::<ToadsFrogs>(position)
    }

    /// A piece has at most one move (a slide or a jump), so a player has at most as many moves as pieces.
    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        with_game::<ToadsFrogs, _>(state, |game| u128::from((game.toads() | game.frogs()).count_ones()))
    }

    /// A Toad only moves right and a Frog only left, at least one cell a move.
    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        with_game::<ToadsFrogs, _>(state, |game| u128::from((game.toads() | game.frogs()).count_ones()) * game.len() as u128)
    }

    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        let size = with_game::<ToadsFrogs, _>(state, |game| game.len() as u32).unwrap_or(0);
        OverCap::check("the number of cells", size, SERVED_MAX)
    }

    /// The board drawn by [`ToadsFrogs::svg`].
    fn picture_svg(&self, state: &dyn GameState) -> Option<String> {
        with_game::<ToadsFrogs, _>(state, ToadsFrogs::svg)
    }

    fn start(&self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start::<ToadsFrogs>(position)
    }

    /// Reads `moves` of the options.
    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        solve::<ToadsFrogs>(position, options)
    }
}
