//! The bidding game behind [`GameState`](crate::game::GameState).
//!
//! In the real game the player who faces `pile + stake ≥ n` must pass, overflows the pile and
//! loses. [`crate::games::bidding`] leaves that forced pass out (normal play: such a position
//! is terminal). Here it is played, so the referee and the contest library agree move for
//! move: a position with `pile + stake ≥ n` is still [`BiddingPosition::On`] with `pass` as
//! its only legal move, and after it the game is [`BiddingPosition::Over`], won by the player
//! to move (the passer lost). Remoteness here counts that pass too
//! ([`BiddingValue::moves_to_end`](crate::games::bidding::BiddingValue::moves_to_end)).
//!
//! Notation: `n` or `n/pile/stake` as in the solver; a finished game is written with the
//! overflowed pile and the stake reset to one, `n/pile/1` with `pile ≥ n`.
//! Sides are called `alojzy` (who moves first) and `bajtazar`, as in the contest.

use std::fmt;

use rand::{Rng, RngCore};

use crate::error::{ParseError, RuleError};
use crate::games::bidding::{Bidding, BiddingTable, Move};
use crate::report::Outcome;
use crate::game::{Analysis, Budget, MoveList, Relative, Rules};
use crate::player::Seat;
use crate::stop::{Stop, Stopped};

/// A position of the bidding game as played, the final forced pass included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BiddingPosition {
    /// The game goes on (with only `pass` legal when `pile + stake ≥ n`).
    On(Bidding),
    /// The pile has overflowed: the player who passed last lost.
    Over {
        /// The overflow limit.
        n: u64,
        /// The pile after the losing pass (at least `n`; below `4n`, so it fits in u128).
        pile: u128,
    },
}

impl fmt::Display for BiddingPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BiddingPosition::On(bidding) => write!(f, "{bidding}"),
            BiddingPosition::Over { n, pile } => write!(f, "{n}/{pile}/1"),
        }
    }
}

/// The rules of the bidding game for [`Played`](crate::game::Played).
#[derive(Debug, Clone, Copy)]
pub struct BiddingRules;

/// The table of perfect play, built on first use for the room the game has left (which
/// only shrinks) and kept for the rest of the game.
#[derive(Default)]
pub struct BiddingCache {
    table: Option<BiddingTable>,
}

impl BiddingCache {
    /// A table that covers `position`, or `None` beyond [`BiddingTable::MAX_N`] or when
    /// `stop` comes before it is built.
    fn table(&mut self, position: &Bidding, stop: &Stop) -> Option<&BiddingTable> {
        let room = position.remaining();
        if self
            .table
            .as_ref()
            .map_or(true, |table| table.max_n() < room)
        {
            self.table = Some(BiddingTable::build(room, stop).ok()?);
        }
        self.table.as_ref()
    }
}

/// The legal moves of the played game: `pass` alone when it is forced.
fn legal(position: &BiddingPosition) -> Vec<Move> {
    match position {
        BiddingPosition::On(bidding) if bidding.is_over() => vec![Move::Pass],
        BiddingPosition::On(_) => Move::ALL.to_vec(),
        BiddingPosition::Over { .. } => Vec::new(),
    }
}

impl Rules for BiddingRules {
    type Position = BiddingPosition;
    type Move = Move;
    type Cache = BiddingCache;

    /// Reads `n`, `n/pile/stake`, or a finished game `n/pile/1` with `pile ≥ n`.
    fn parse_position(text: &str) -> Result<BiddingPosition, ParseError> {
        let text = text.trim();
        let parts: Vec<&str> = text.split('/').collect();
        if let [n, pile, stake] = parts.as_slice() {
            if let (Ok(n), Ok(pile)) = (n.trim().parse::<u64>(), pile.trim().parse::<u128>()) {
                if (1..=Bidding::MAX_N).contains(&n) && pile >= u128::from(n) {
                    if stake.trim() != "1" || pile >= 4 * u128::from(n) {
                        return Err(ParseError::at_token(
                            "a finished game is written n/pile/1 with n ≤ pile < 4n",
                            text,
                        ));
                    }
                    return Ok(BiddingPosition::Over { n, pile });
                }
            }
        }
        Ok(BiddingPosition::On(text.parse()?))
    }

    fn format_position(position: &BiddingPosition) -> String {
        position.to_string()
    }

    fn parse_move(_: &BiddingPosition, text: &str) -> Result<Move, ParseError> {
        text.trim().parse()
    }

    fn apply(position: &BiddingPosition, mv: &Move) -> Result<BiddingPosition, RuleError> {
        match position {
            BiddingPosition::Over { .. } => Err(RuleError::new(mv, "the pile has overflowed")),
            BiddingPosition::On(bidding) if bidding.is_over() => match mv {
                Move::Pass => Ok(BiddingPosition::Over {
                    n: bidding.n(),
                    pile: u128::from(bidding.pile()) + u128::from(bidding.stake()),
                }),
                _ => Err(RuleError::new(
                    mv,
                    format!(
                        "pile + stake ≥ n ({} + {} ≥ {}): the only move is pass",
                        bidding.pile(),
                        bidding.stake(),
                        bidding.n()
                    ),
                )),
            },
            BiddingPosition::On(bidding) => Ok(BiddingPosition::On(bidding.play(*mv)?)),
        }
    }

    /// The player to move wins once the pile has overflowed: the opponent passed into it.
    fn winner(position: &BiddingPosition) -> Option<Relative> {
        matches!(position, BiddingPosition::Over { .. }).then_some(Relative::ToMove)
    }

    fn side_name(_: &BiddingPosition, side: Seat) -> String {
        match side {
            Seat::First => "alojzy".to_string(),
            Seat::Second => "bajtazar".to_string(),
        }
    }

    /// `pass`, `double`, `triple` (only `pass` when forced).
    fn legal_moves(position: &BiddingPosition, limit: usize) -> MoveList {
        let all = legal(position);
        let total = all.len();
        let moves: Vec<String> = all.iter().take(limit).map(ToString::to_string).collect();
        MoveList {
            complete: moves.len() == total,
            moves,
            total: Some(total as u128),
        }
    }

    /// Uniform over the legal moves.
    fn random_move(position: &BiddingPosition, rng: &mut dyn RngCore) -> Option<Move> {
        let all = legal(position);
        if all.is_empty() {
            return None;
        }
        Some(all[rng.gen_range(0..all.len())])
    }

    /// The pile, the stake and the limit, as numbers and as a bar.
    fn draw(position: &BiddingPosition) -> String {
        const BAR: u128 = 40;
        let (n, pile, stake) = match position {
            BiddingPosition::On(bidding) => (
                u128::from(bidding.n()),
                u128::from(bidding.pile()),
                u128::from(bidding.stake()),
            ),
            BiddingPosition::Over { n, pile } => (u128::from(*n), *pile, 0),
        };
        let scaled = |stones: u128| -> usize { (stones.min(n) * BAR).div_ceil(n) as usize };
        let piled = scaled(pile);
        let staked = scaled(pile + stake).saturating_sub(piled);
        let free = (BAR as usize).saturating_sub(piled + staked);
        let mut picture = format!(
            "[{}{}{}] n = {n}\npile  {pile}\nstake {stake}\n",
            "#".repeat(piled),
            "+".repeat(staked),
            ".".repeat(free)
        );
        picture.push_str(&match position {
            BiddingPosition::Over { .. } => {
                "the pile has overflowed: the player who passed has lost\n".to_string()
            }
            BiddingPosition::On(bidding) if bidding.is_over() => {
                "pile + stake ≥ n: the player to move must pass and loses\n".to_string()
            }
            BiddingPosition::On(bidding) => format!(
                "room left {}; pass, double or triple\n",
                bidding.remaining()
            ),
        });
        picture
    }

    /// Exact from the table (`n − pile` up to [`BiddingTable::MAX_N`]); the Grundy value is
    /// the normal-play one of [`crate::games::bidding`], the remoteness counts the final pass.
    fn analyse(position: &BiddingPosition, budget: &Budget, cache: &mut BiddingCache) -> Analysis {
        let bidding = match position {
            BiddingPosition::Over { .. } => {
                return Analysis {
                    to_move_wins: Some(true),
                    remoteness: Some(0),
                    remoteness_exact: true,
                    winning_moves_complete: true,
                    comment: Some("the pile has overflowed".to_string()),
                    ..Analysis::default()
                }
            }
            BiddingPosition::On(bidding) => bidding,
        };
        let Some(analysis) = cache
            .table(bidding, &budget.stop)
            .and_then(|table| table.analyse(bidding).ok())
        else {
            let comment = if budget.stop.is_raised() {
                Stopped.to_string()
            } else {
                format!(
                    "beyond the table: more than {} stones of room",
                    BiddingTable::MAX_N
                )
            };
            return Analysis {
                comment: Some(comment),
                ..Analysis::default()
            };
        };
        let best = if bidding.is_over() {
            Some(Move::Pass)
        } else {
            analysis.perfect_move
        };
        Analysis {
            to_move_wins: Some(analysis.value.outcome() == Outcome::Win),
            grundy_value: Some(u128::from(analysis.value.grundy)),
            best_move: best.map(|mv| mv.to_string()),
            winning_moves: analysis
                .winning_moves
                .iter()
                .map(ToString::to_string)
                .collect(),
            winning_moves_complete: true,
            remoteness: Some(u128::from(analysis.value.moves_to_end())),
            remoteness_exact: true,
            comment: None,
            value: None,
            quotient_element: None,
        }
    }

    /// The table's move (fastest win, slowest loss); `pass` when forced. Beyond the table
    /// (more than [`BiddingTable::MAX_N`] stones of room) a plain `pass`, a heuristic.
    fn perfect_move(
        position: &BiddingPosition,
        budget: &Budget,
        cache: &mut BiddingCache,
    ) -> Option<Move> {
        let BiddingPosition::On(bidding) = position else {
            return None;
        };
        if bidding.is_over() {
            return Some(Move::Pass);
        }
        match cache.table(bidding, &budget.stop) {
            Some(table) => table.perfect_move(bidding).ok().flatten(),
            None => Some(Move::Pass),
        }
    }

    /// Lost: the slowest loss (the table's move). Won: the winning move whose follower the
    /// opponent loses most slowly.
    fn stubborn_move(
        position: &BiddingPosition,
        budget: &Budget,
        cache: &mut BiddingCache,
    ) -> Option<Move> {
        let BiddingPosition::On(bidding) = position else {
            return None;
        };
        let analysis = cache
            .table(bidding, &budget.stop)
            .and_then(|table| table.analyse(bidding).ok());
        match analysis {
            Some(analysis) if analysis.value.outcome() == Outcome::Win => analysis
                .moves
                .iter()
                .filter(|(_, after)| after.outcome() == Outcome::Loss)
                .max_by_key(|(mv, after)| (after.remoteness, std::cmp::Reverse(*mv)))
                .map(|(mv, _)| *mv),
            _ => Self::perfect_move(position, budget, cache),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::games::bidding::entry::BiddingEntry;
    use crate::games::bidding::BiddingGame;
    use crate::impartial::Solver;
    use crate::game::{GameState, Played, Status};

    #[test]
    fn the_forced_pass_is_played_and_loses() {
        let mut game = Played::<BiddingRules>::start(&BiddingEntry, "3").unwrap();
        assert_eq!(game.play("3").unwrap(), "triple");
        assert_eq!(game.position(), "3/0/3");
        assert_eq!(game.status(), Status::Ongoing);
        assert_eq!(game.legal_moves(5).moves, ["pass"]);
        assert!(game.play("double").is_err());
        assert_eq!(game.play("pass").unwrap(), "pass");
        assert_eq!(game.position(), "3/3/1");
        assert_eq!(
            game.status(),
            Status::Won {
                winner: Seat::First
            }
        );
        assert_eq!(game.side_name(Seat::First), "alojzy");
        let over = Played::<BiddingRules>::start(&BiddingEntry, &game.position()).unwrap();
        assert_eq!(
            over.status(),
            Status::Won {
                winner: Seat::First
            }
        );
        assert!(Played::<BiddingRules>::start(&BiddingEntry, "3/3/2").is_err());
        assert!(Played::<BiddingRules>::start(&BiddingEntry, "3/12/1").is_err());
    }

    #[test]
    fn n1_is_lost_by_the_first_pass() {
        let mut game = Played::<BiddingRules>::start(&BiddingEntry, "1").unwrap();
        let budget = Budget::default();
        let analysis = game.analyse(&budget);
        assert_eq!(analysis.to_move_wins, Some(false));
        assert_eq!(analysis.remoteness, Some(1));
        game.play(&game.clone().perfect_move(&budget).unwrap())
            .unwrap();
        assert_eq!(
            game.status(),
            Status::Won {
                winner: Seat::Second
            }
        );
    }

    #[test]
    fn perfect_play_lasts_the_remoteness_plus_the_final_pass() {
        let mut solver = Solver::new(BiddingGame);
        let budget = Budget::default();
        for n in 1..=40u64 {
            let start = Bidding::start(n).unwrap();
            let remoteness = solver.remoteness(&start);
            let mut game = Played::<BiddingRules>::start(&BiddingEntry, &n.to_string()).unwrap();
            let mut moves = 0;
            while game.status() == Status::Ongoing {
                let mv = game.perfect_move(&budget).unwrap();
                game.play(&mv).unwrap();
                moves += 1;
            }
            assert_eq!(moves, remoteness + 1, "n = {n}");
            let winner = if remoteness % 2 == 1 {
                Seat::First
            } else {
                Seat::Second
            };
            assert_eq!(game.status(), Status::Won { winner }, "n = {n}");
        }
    }

    #[test]
    fn the_drawing_shows_pile_stake_and_limit() {
        let picture = BiddingRules::draw(&BiddingRules::parse_position("15/4/6").unwrap());
        assert!(picture.contains("n = 15"), "{picture}");
        assert!(picture.contains("pile  4"), "{picture}");
        assert!(picture.contains("stake 6"), "{picture}");
    }
}
