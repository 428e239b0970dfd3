//! The loopy partizan games' [`LoopyRoute`]: played through [`LoopyRules`] (Left first
//! unless the position ends in `@R`), solved into a
//! [`ValuedReport`](crate::report::ValuedReport) with draws ([`super::solve`]).

use crate::drawing::Board;
use std::marker::PhantomData;

use super::play::LoopyRules;
use super::solve::solve as solve_position;
use super::LoopyPartizanGame;
use crate::loopy::entry::LoopyRoute;
use crate::partizan::turn::Turn;
use crate::report::{Report, SolveError, SolveOptions};

/// The route of a loopy partizan game whose positions are `G`: a registry entry names it
/// as its [`LoopyEntry::Route`](crate::loopy::entry::LoopyEntry::Route).
#[derive(Debug, Clone, Copy)]
pub struct PartizanRoute<G>(PhantomData<G>);

impl<G: LoopyPartizanGame> LoopyRoute for PartizanRoute<G> {
    type Game = G;
    type Move = G::Move;
    type Rules = LoopyRules<G>;
    const IMPARTIAL: bool = false;

    fn game(position: &Turn<G>) -> &G {
        &position.position
    }

    fn board(game: &G) -> Option<Board> {
        game.board()
    }

    /// The value with draws, and each player's moves.
    fn solve(
        name: &'static str,
        position: &str,
        options: &SolveOptions,
    ) -> Result<Report, SolveError> {
        solve_position::<G>(name, position, options).map(Report::Valued)
    }
}
