//! Red-Blue-Green Hackenbush's line in the registry, and its rules for the shared partizan adapter.

use super::{Chop, Hackenbush};
use crate::error::{ParseError, RuleError};
use crate::games::partizan::entry::{components, solve, start, with_game};
use crate::games::partizan::solver::PartizanGame;
use crate::games::partizan::Side;
use crate::play::GameState;
use crate::entry::{Game, GameEntry, OverCap};
use crate::report::{Report, SolveError, SolveOptions};

/// The largest position a shared server values (the number of edges). Pictures of up to 16 edges are valued within a second (16 green edges in a grid of cycles take 0.5 s) (docs/benchmarks.md).
pub const SERVED_MAX: u32 = 16;

impl PartizanGame for Hackenbush {
    type Move = Chop;

    const GAME: Game = Game::new(&HackenbushEntry);

    fn moves(&self, side: Side) -> Vec<Chop> {
        Hackenbush::moves(self, side)
    }

    fn play(&self, side: Side, mv: &Chop) -> Result<Self, RuleError> {
        Hackenbush::play(self, side, mv)
    }

    fn draw(&self) -> String {
        Hackenbush::draw(self)
    }
}

/// Red-Blue-Green Hackenbush.
#[derive(Debug, Clone, Copy)]
pub struct HackenbushEntry;

impl GameEntry for HackenbushEntry {
    fn name(&self) -> &'static str {
        "hackenbush"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["rbg-hackenbush"]
    }

    fn title(&self) -> &'static str {
        "Red-Blue-Green Hackenbush"
    }

    fn summary(&self) -> &'static str {
        "Red-Blue-Green Hackenbush: delete an edge of your colour (Left Blue, Right Red) or a Green one; edges cut off from the ground fall; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "stalks joined by + (BBR+GG, bottom edge first) or edges NODE-NODE:COLOUR (0-1:B,1-2:R,1-3:G; 0 or g is the ground), @L or @R for the player to move (Left by default); a move is an edge's number from 1 in the order written"
    }

    fn example(&self) -> &'static str {
        "BBR+GG"
    }

    fn default_position(&self) -> &'static str {
        "BRB+RBR+GG"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["BRB+RBR+GG", "BBR+GG", "BR+RB", "0-1:B,1-2:R,1-3:G,2-3:B", "GGG+GG+G"]
    }

    /// Won and lost starts for each player, and positions of several components.
    fn sample_positions(&self) -> &'static [&'static str] {
        &["B", "BR", "BR+R", "G+GG", "BBR+GG", "0-1:B,1-2:R,1-3:G,2-3:B@R"]
    }

    fn is_impartial(&self) -> bool {
        false
    }

    fn is_searched(&self) -> bool {
        false
    }

    fn components(&self, position: &str) -> Vec<String> {
        components::<Hackenbush>(position)
    }

    /// Each move deletes one edge.
    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        with_game::<Hackenbush, _>(state, |game| game.edges().len() as u128)
    }

    /// Each move deletes at least one edge.
    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        with_game::<Hackenbush, _>(state, |game| game.edges().len() as u128)
    }

    fn check_served(&self, state: &dyn GameState) -> Result<(), OverCap> {
        let size = with_game::<Hackenbush, _>(state, |game| game.edges().len() as u32).unwrap_or(0);
        OverCap::check("the number of edges", size, SERVED_MAX)
    }

    /// The board drawn by [`Hackenbush::svg`].
    fn picture_svg(&self, state: &dyn GameState) -> Option<String> {
        with_game::<Hackenbush, _>(state, Hackenbush::svg)
    }

    fn start(&self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        start::<Hackenbush>(position)
    }

    /// Reads `moves` of the options.
    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        solve::<Hackenbush>(position, options)
    }
}
