//! The play adapter every loopy impartial game shares: [`LoopyImpartialRules<G>`] turns a
//! [`LoopyImpartialGame`] into the typed [`Rules`] of the referee, the engine protocol, the
//! terminal player and the strategies, under normal play or, for a position ending in
//! `@misere`, misère play. Perfect play comes from the retrograde analysis of every position
//! reachable from the current one ([`PerfectCache`], shared with the loopy partizan games),
//! made once and kept for the rest of the game: the fastest win, else a move that keeps the
//! draw, else the slowest loss.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use rand::RngCore;

use super::LoopyImpartialGame;
use crate::error::{ParseError, RuleError};
use crate::game::{Analysis, Budget, MoveList, Relative, Rules};
use crate::loopy::perfect::{self, MovingState, PerfectCache};
use crate::loopy::retrograde::Play;
use crate::misere_play::{split_misere, MISERE_TERM};

/// A position of `G` under its rules: normal play, or misère play (the last mover loses).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Ruled<G> {
    /// The position.
    pub game: G,
    /// Whether the last player to move loses.
    pub misere: bool,
}

impl<G: fmt::Display> fmt::Display for Ruled<G> {
    /// The position, then `@misere` under misère play.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.game)?;
        if self.misere {
            f.write_str(MISERE_TERM)?;
        }
        Ok(())
    }
}

impl<G: FromStr<Err = ParseError>> FromStr for Ruled<G> {
    type Err = ParseError;

    /// `POSITION` (normal play) or `POSITION@misere`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let (bare, misere) = split_misere(text);
        Ok(Ruled {
            game: bare.trim().parse()?,
            misere,
        })
    }
}

impl<G: LoopyImpartialGame> MovingState for Ruled<G> {
    type Move = G::Move;

    fn moves(&self) -> Vec<(G::Move, Ruled<G>)> {
        self.game
            .moves()
            .into_iter()
            .map(|(mv, game)| {
                let next = Ruled {
                    game,
                    misere: self.misere,
                };
                (mv, next)
            })
            .collect()
    }

    fn play(&self) -> Play {
        if self.misere {
            Play::Misere
        } else {
            Play::Normal
        }
    }

    /// The generalised Sprague–Grundy values are those of normal play.
    fn valued(&self) -> bool {
        !self.misere
    }
}

/// The typed rules of the loopy impartial game `G`: the players alternate, and whoever
/// cannot move loses (wins, under misère play). Play may go on for ever: a drawn position
/// is one neither player can win.
#[derive(Debug, Clone, Copy, Default)]
pub struct LoopyImpartialRules<G>(PhantomData<G>);

impl<G: LoopyImpartialGame> Rules for LoopyImpartialRules<G> {
    type Position = Ruled<G>;
    type Move = G::Move;
    type Cache = PerfectCache<Ruled<G>>;

    fn parse_position(text: &str) -> Result<Ruled<G>, ParseError> {
        text.parse()
    }

    fn format_position(position: &Ruled<G>) -> String {
        position.to_string()
    }

    fn parse_move(_: &Ruled<G>, text: &str) -> Result<G::Move, ParseError> {
        text.trim().parse()
    }

    fn apply(position: &Ruled<G>, mv: &G::Move) -> Result<Ruled<G>, RuleError> {
        perfect::after(position, mv).ok_or_else(|| RuleError::new(mv, "not a legal move"))
    }

    /// The player to move with no move has lost (won, under misère play).
    fn winner(position: &Ruled<G>) -> Option<Relative> {
        if !position.game.moves().is_empty() {
            return None;
        }
        Some(if position.misere {
            Relative::ToMove
        } else {
            Relative::JustMoved
        })
    }

    fn legal_moves(position: &Ruled<G>, limit: usize) -> MoveList {
        perfect::legal_moves(position, limit)
    }

    fn random_move(position: &Ruled<G>, rng: &mut dyn RngCore) -> Option<G::Move> {
        perfect::random_move(position, rng)
    }

    fn draw(position: &Ruled<G>) -> String {
        let rules = if position.misere {
            "misère play: the last mover loses\n"
        } else {
            ""
        };
        format!("{}{rules}", position.game.draw())
    }

    /// Won, lost or drawn, every winning move (the drawing ones in the comment of a draw),
    /// the perfect move, the exact remoteness and, under normal play, the value in the
    /// comment ([`PerfectCache::analysis`]).
    fn analyse(position: &Ruled<G>, budget: &Budget, cache: &mut Self::Cache) -> Analysis {
        cache.analysis(position, budget)
    }

    /// The fastest win, a drawing move, or the slowest loss; none when the analysis is
    /// ended first.
    fn perfect_move(
        position: &Ruled<G>,
        budget: &Budget,
        cache: &mut Self::Cache,
    ) -> Option<G::Move> {
        cache.perfect_move(position, budget)
    }

    /// The perfect move: a slower win could loop for ever
    /// ([`Verdict::perfect`](crate::loopy::perfect::Verdict::perfect)); a loser already loses
    /// as slowly as it can, and a draw is kept.
    fn stubborn_move(
        position: &Ruled<G>,
        budget: &Budget,
        cache: &mut Self::Cache,
    ) -> Option<G::Move> {
        cache.perfect_move(position, budget)
    }
}
