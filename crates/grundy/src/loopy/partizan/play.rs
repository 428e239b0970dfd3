//! The play adapter every loopy partizan game shares: [`LoopyRules<G>`] turns a
//! [`LoopyPartizanGame`] into the typed [`Rules`] of the referee, the engine protocol, the
//! terminal player and the strategies. Perfect play comes from the retrograde analysis of
//! every position reachable from the current one
//! ([`Labelled`](crate::loopy::perfect::Labelled)), made once and kept for
//! the rest of the game: the fastest win, else a move that keeps the draw, else the slowest
//! loss.

use std::marker::PhantomData;

use rand::RngCore;

use super::LoopyPartizanGame;
use crate::error::{ParseError, RuleError};
use crate::game::{Analysis, Budget, MoveList, Relative, Rules};
use crate::loopy::perfect::{self, MovingState, PerfectCache};
use crate::partizan::turn::Turn;
use crate::player::Seat;

/// The typed rules of the loopy partizan game `G`, played from a [`Turn`]: Left moves first
/// unless the position ends in `@R`, then the players alternate, and whoever cannot move
/// loses. Play may go on for ever: a drawn position is one neither player can win.
#[derive(Debug, Clone, Copy, Default)]
pub struct LoopyRules<G>(PhantomData<G>);

/// What a game in progress keeps between moves: the analysis of every position reachable
/// from the first position analysed, each player to move counted apart.
pub type LoopyCache<G> = PerfectCache<Turn<G>>;

impl<G: LoopyPartizanGame> MovingState for Turn<G> {
    type Move = G::Move;

    /// The moves of the player to move, each to the position after it with the other
    /// player to move.
    fn moves(&self) -> Vec<(G::Move, Turn<G>)> {
        let to_move = self.to_move.opponent();
        self.position
            .moves(self.to_move)
            .into_iter()
            .map(|(mv, position)| (mv, Turn { position, to_move }))
            .collect()
    }
}

impl<G: LoopyPartizanGame> Rules for LoopyRules<G> {
    type Position = Turn<G>;
    type Move = G::Move;
    type Cache = LoopyCache<G>;

    fn parse_position(text: &str) -> Result<Turn<G>, ParseError> {
        text.parse()
    }

    fn format_position(position: &Turn<G>) -> String {
        position.to_string()
    }

    fn parse_move(_: &Turn<G>, text: &str) -> Result<G::Move, ParseError> {
        text.trim().parse()
    }

    fn apply(position: &Turn<G>, mv: &G::Move) -> Result<Turn<G>, RuleError> {
        perfect::after(position, mv)
            .ok_or_else(|| RuleError::new(mv, format!("not a legal move of {}", position.to_move)))
    }

    /// Normal play: the player to move with no move has lost.
    fn winner(position: &Turn<G>) -> Option<Relative> {
        position
            .position
            .moves(position.to_move)
            .is_empty()
            .then_some(Relative::JustMoved)
    }

    /// `Left` or `Right`: the seat that moves first is the player the start position names.
    fn side_name(start: &Turn<G>, side: Seat) -> String {
        start.player_in(side).to_string()
    }

    fn legal_moves(position: &Turn<G>, limit: usize) -> MoveList {
        perfect::legal_moves(position, limit)
    }

    fn random_move(position: &Turn<G>, rng: &mut dyn RngCore) -> Option<G::Move> {
        perfect::random_move(position, rng)
    }

    fn draw(position: &Turn<G>) -> String {
        format!("{}{} to move\n", position.position.draw(), position.to_move)
    }

    /// Won, lost or drawn, every winning move (the drawing ones in the comment of a draw),
    /// the perfect move and the exact remoteness ([`PerfectCache::analysis`]). No value: the
    /// retrograde analysis answers every position of a game at once, while a value can take
    /// minutes (Backsliding Toads and Frogs' `TTT..FFF`, a sided value); `grundy solve`
    /// gives it.
    fn analyse(position: &Turn<G>, budget: &Budget, cache: &mut LoopyCache<G>) -> Analysis {
        cache.analysis(position, budget)
    }

    /// The fastest win, a drawing move, or the slowest loss; none when the analysis is
    /// ended first.
    fn perfect_move(
        position: &Turn<G>,
        budget: &Budget,
        cache: &mut LoopyCache<G>,
    ) -> Option<G::Move> {
        cache.perfect_move(position, budget)
    }

    /// The perfect move: a slower win could loop for ever ([`Verdict::perfect`](crate::loopy::perfect::Verdict::perfect)); a loser
    /// already loses as slowly as it can, and a draw is kept.
    fn stubborn_move(
        position: &Turn<G>,
        budget: &Budget,
        cache: &mut LoopyCache<G>,
    ) -> Option<G::Move> {
        cache.perfect_move(position, budget)
    }
}
