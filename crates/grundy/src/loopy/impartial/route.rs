//! The loopy impartial games' [`LoopyRoute`]: played through [`LoopyImpartialRules`] (under
//! normal or misère play), solved into a
//! [`LoopyImpartialReport`](crate::report::LoopyImpartialReport) ([`super::solve`]).

use crate::drawing::Board;
use std::marker::PhantomData;

use super::play::{LoopyImpartialRules, Ruled};
use super::solve::solve as solve_position;
use super::LoopyImpartialGame;
use crate::loopy::entry::LoopyRoute;
use crate::report::{Report, SolveError, SolveOptions};

/// The route of a loopy impartial game whose positions are `G`: a registry entry names it
/// as its [`LoopyEntry::Route`](crate::loopy::entry::LoopyEntry::Route).
#[derive(Debug, Clone, Copy)]
pub struct ImpartialRoute<G>(PhantomData<G>);

impl<G: LoopyImpartialGame> LoopyRoute for ImpartialRoute<G> {
    type Game = G;
    type Move = G::Move;
    type Rules = LoopyImpartialRules<G>;
    const IMPARTIAL: bool = true;

    fn game(position: &Ruled<G>) -> &G {
        &position.game
    }

    fn board(game: &G) -> Option<Board> {
        game.board()
    }

    /// The value, the outcome with draws, the winning and drawing moves.
    fn solve(
        name: &'static str,
        position: &str,
        options: &SolveOptions,
    ) -> Result<Report, SolveError> {
        solve_position::<G>(name, position, options).map(Report::LoopyImpartial)
    }
}
