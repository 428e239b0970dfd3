//! Take-and-break games behind [`GameState`](crate::game::GameState).
//!
//! The position notation carries the rules: `0.137:5+7+12`, `S(1,3,4):10+3`, `grundy:9`,
//! `hex:0.f:4+4` (rules, a colon, the heaps). Moves are written `12->3+4` (see
//! [`super::game`]).
//!
//! Perfect play: on positions of at most [`REMOTENESS_TOKENS`] tokens the generic solver
//! finds the fastest win and the slowest loss exactly. On larger positions the winner plays
//! the first winning move (which keeps the win) and the loser removes as few tokens as it
//! can (a guess at the slowest loss, not a proved one).

use std::sync::Arc;

use rand::{Rng, RngCore};

use super::code::HeapRules;
use super::game::{format_heaps, parse_heaps, HeapGame, HeapMove};
use super::options::{for_each_option, has_option};
use super::sequence::{plain_work, MAX_WORK};
use super::sparse::applies_to;
use super::sequence::SequenceError;
use super::sum::{analyse_with, values_up_to, Remoteness, MAX_HEAP, REMOTENESS_TOKENS};
use crate::error::{ParseError, RuleError};
use crate::heap::HeapSum;
use crate::impartial::Solver;
use crate::position::ImpartialGame;
use crate::report::Outcome;
use crate::game::{Analysis, Budget, MoveList, Relative, Rules};
use crate::stop::Stop;

/// A sum of heaps with the rules it is played under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakeBreakPosition {
    /// The rules.
    pub rules: HeapRules,
    /// The non-empty heaps, in the order written (a move puts the heaps it leaves where
    /// the heap moved in was).
    pub heaps: Vec<u64>,
}

impl TakeBreakPosition {
    /// The total number of tokens.
    pub fn tokens(&self) -> u64 {
        self.heaps.iter().sum()
    }

    fn game(&self) -> HeapGame {
        HeapGame {
            rules: self.rules.clone(),
        }
    }
}

/// The rules of take-and-break games for [`Played`](crate::game::Played).
#[derive(Debug, Clone, Copy)]
pub struct TakeBreakRules;

/// What the solver keeps between moves: the value table of the rules last seen, and the
/// generic solver's memo for small positions.
#[derive(Default)]
pub struct TakeBreakCache {
    rules: Option<HeapRules>,
    table: Vec<u32>,
    solver: Option<Solver<HeapGame>>,
}

impl TakeBreakCache {
    /// G(0..=largest) for `rules`, computed once and kept; `stop` ends the computation
    /// early (and nothing is kept).
    fn table(
        &mut self,
        rules: &HeapRules,
        largest: u64,
        stop: &Stop,
    ) -> Result<&[u32], SequenceError> {
        let needed = largest as usize + 1;
        if self.rules.as_ref() != Some(rules) || self.table.len() < needed {
            self.table = values_up_to(rules, needed, &mut |_, _| {}, stop)?;
            if self.rules.as_ref() != Some(rules) {
                self.solver = None;
            }
            self.rules = Some(rules.clone());
        }
        Ok(&self.table)
    }

    fn solver(&mut self, position: &TakeBreakPosition) -> &mut Solver<HeapGame> {
        if self.rules.as_ref() != Some(&position.rules) {
            self.rules = Some(position.rules.clone());
            self.table.clear();
            self.solver = None;
        }
        self.solver
            .get_or_insert_with(|| Solver::new(position.game()))
    }
}

/// Refuses positions whose value table would be too big or too slow to compute.
fn check_computable(rules: &HeapRules, heaps: &[u64]) -> Result<(), ParseError> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest > MAX_HEAP {
        return Err(ParseError::at_token(
            format!("heaps above {MAX_HEAP} tokens are not played"),
            &largest.to_string(),
        ));
    }
    if !applies_to(rules) && plain_work(rules, largest as usize + 1) > MAX_WORK {
        return Err(ParseError::at_token(
            format!("the values of {rules} up to this heap would take too long to compute"),
            &largest.to_string(),
        ));
    }
    Ok(())
}

impl Rules for TakeBreakRules {
    type Position = TakeBreakPosition;
    type Move = HeapMove;
    type Cache = TakeBreakCache;

    /// `rules:heaps`, split at the last colon.
    fn parse_position(text: &str) -> Result<TakeBreakPosition, ParseError> {
        let text = text.trim();
        let Some((rules, heaps)) = text.rsplit_once(':') else {
            return Err(ParseError::at_token(
                "a position is rules:heaps, like 0.137:5+7+12 or grundy:9",
                text,
            ));
        };
        let rules: HeapRules = rules.parse()?;
        let heaps = parse_heaps(heaps)?;
        check_computable(&rules, &heaps)?;
        Ok(TakeBreakPosition { rules, heaps })
    }

    fn format_position(position: &TakeBreakPosition) -> String {
        format!("{}:{}", position.rules, format_heaps(&position.heaps))
    }

    /// The heaps that still have a move, smallest first: the order of a sum's heaps and
    /// its heaps without moves change nothing of its future.
    fn transposition_key(position: &TakeBreakPosition) -> String {
        let mut live: Vec<u64> = position
            .heaps
            .iter()
            .copied()
            .filter(|heap| has_option(&position.rules, *heap))
            .collect();
        live.sort_unstable();
        let heaps: Vec<String> = live.iter().map(u64::to_string).collect();
        format!("{}:{}", position.rules, heaps.join("+"))
    }

    /// The heaps under the position's rules.
    fn heap_sum(position: &TakeBreakPosition) -> Option<HeapSum> {
        Some(HeapSum {
            rules: Arc::new(position.rules.clone()),
            heaps: position.heaps.clone(),
        })
    }

    fn parse_move(_: &TakeBreakPosition, text: &str) -> Result<HeapMove, ParseError> {
        text.trim().parse()
    }

    fn apply(position: &TakeBreakPosition, mv: &HeapMove) -> Result<TakeBreakPosition, RuleError> {
        Ok(TakeBreakPosition {
            rules: position.rules.clone(),
            heaps: position.game().play(&position.heaps, mv)?,
        })
    }

    fn winner(position: &TakeBreakPosition) -> Option<Relative> {
        let stuck = position
            .heaps
            .iter()
            .all(|heap| !has_option(&position.rules, *heap));
        stuck.then_some(Relative::JustMoved)
    }

    /// By heap size (smallest first), then in the order of
    /// [`for_each_option`](super::options::for_each_option).
    fn legal_moves(position: &TakeBreakPosition, limit: usize) -> MoveList {
        let mut moves = Vec::new();
        let mut total: u128 = 0;
        for heap in distinct_sizes(&position.heaps) {
            for_each_option(&position.rules, heap, |_, left| {
                total += 1;
                if moves.len() < limit {
                    moves.push(
                        HeapMove {
                            heap,
                            left: left.to_vec(),
                        }
                        .to_string(),
                    );
                }
            });
        }
        MoveList {
            complete: moves.len() as u128 == total,
            moves,
            total: Some(total),
        }
    }

    /// Uniform over the distinct moves (moves in equal heaps count once).
    fn random_move(position: &TakeBreakPosition, rng: &mut dyn RngCore) -> Option<HeapMove> {
        let total = TakeBreakRules::legal_moves(position, 0).total.unwrap_or(0);
        if total == 0 {
            return None;
        }
        let mut pick = rng.gen_range(0..total);
        let mut chosen = None;
        for heap in distinct_sizes(&position.heaps) {
            for_each_option(&position.rules, heap, |_, left| {
                if pick == 0 && chosen.is_none() {
                    chosen = Some(HeapMove {
                        heap,
                        left: left.to_vec(),
                    });
                }
                pick = pick.saturating_sub(1);
            });
        }
        chosen
    }

    /// One line per heap: its size and up to 40 tokens.
    fn draw(position: &TakeBreakPosition) -> String {
        let mut picture = format!("{}\n", position.rules);
        if position.heaps.is_empty() {
            picture.push_str("(no heaps)\n");
        }
        for heap in &position.heaps {
            let shown = (*heap).min(40) as usize;
            let more = if *heap > 40 { " …" } else { "" };
            picture.push_str(&format!("{heap:>8} {}{more}\n", "o".repeat(shown)));
        }
        picture
    }

    fn analyse(
        position: &TakeBreakPosition,
        budget: &Budget,
        cache: &mut TakeBreakCache,
    ) -> Analysis {
        const SHOWN: usize = 40;
        let largest = position.heaps.iter().copied().max().unwrap_or(0);
        let report = match cache.table(&position.rules, largest, &budget.stop) {
            Ok(table) => analyse_with(&position.rules, &position.heaps, table),
            Err(error) => {
                return Analysis {
                    comment: Some(error.to_string()),
                    ..Analysis::default()
                }
            }
        };
        let best = TakeBreakRules::perfect_move(position, budget, cache);
        let (remoteness, comment) = match report.remoteness {
            Remoteness::Exact(moves) => (Some(u128::from(moves)), None),
            Remoteness::TooLarge(tokens) => (
                None,
                Some(format!(
                    "remoteness not computed ({tokens} tokens; exact up to {REMOTENESS_TOKENS})"
                )),
            ),
        };
        Analysis {
            to_move_wins: Some(report.outcome == Outcome::Win),
            grundy_value: Some(u128::from(report.value)),
            best_move: best.map(|mv| mv.to_string()),
            winning_moves_complete: report.winning_moves.len() <= SHOWN,
            winning_moves: report
                .winning_moves
                .iter()
                .take(SHOWN)
                .map(ToString::to_string)
                .collect(),
            remoteness_exact: remoteness.is_some(),
            remoteness,
            comment,
            value: None,
            quotient_element: None,
        }
    }

    fn perfect_move(
        position: &TakeBreakPosition,
        budget: &Budget,
        cache: &mut TakeBreakCache,
    ) -> Option<HeapMove> {
        if position.tokens() <= REMOTENESS_TOKENS {
            return cache.solver(position).perfect_move(&position.heaps);
        }
        large_move(position, cache, false, &budget.stop)
    }

    fn stubborn_move(
        position: &TakeBreakPosition,
        budget: &Budget,
        cache: &mut TakeBreakCache,
    ) -> Option<HeapMove> {
        if position.tokens() <= REMOTENESS_TOKENS {
            let heaps = position.heaps.clone();
            let game = position.game();
            let solver = cache.solver(position);
            let remoteness = solver.remoteness(&heaps);
            if Outcome::from_remoteness(remoteness) == Outcome::Loss {
                return solver.perfect_move(&heaps);
            }
            // Won: the winning move that leaves the longest lost game.
            return game
                .legal_moves(&heaps)
                .into_iter()
                .filter_map(|mv| {
                    let next = game.apply(&heaps, &mv).ok()?;
                    let after = solver.remoteness(&next);
                    (after % 2 == 0).then_some((after, mv))
                })
                .max_by_key(|(after, _)| *after)
                .map(|(_, mv)| mv);
        }
        large_move(position, cache, true, &budget.stop)
    }
}

/// A move in a position too large for exact remoteness: a winning move when there is one
/// (the one leaving most tokens when `stubborn`), otherwise the move removing fewest tokens;
/// `None` when `stop` comes before the value table is done.
fn large_move(
    position: &TakeBreakPosition,
    cache: &mut TakeBreakCache,
    stubborn: bool,
    stop: &Stop,
) -> Option<HeapMove> {
    let largest = position.heaps.iter().copied().max().unwrap_or(0);
    let table = cache.table(&position.rules, largest, stop).ok()?;
    let report = analyse_with(&position.rules, &position.heaps, table);
    let by_take = |mv: &HeapMove| mv.take().unwrap_or(u64::MAX);
    if report.outcome == Outcome::Win {
        if stubborn {
            return report.winning_moves.into_iter().min_by_key(by_take);
        }
        return report.winning_moves.into_iter().next();
    }
    let mut best: Option<HeapMove> = None;
    for heap in distinct_sizes(&position.heaps) {
        for_each_option(&position.rules, heap, |take, left| {
            if best.as_ref().map_or(true, |b| take < by_take(b)) {
                best = Some(HeapMove {
                    heap,
                    left: left.to_vec(),
                });
            }
        });
    }
    best
}

fn distinct_sizes(heaps: &[u64]) -> Vec<u64> {
    let mut sizes = heaps.to_vec();
    sizes.sort_unstable();
    sizes.dedup();
    sizes
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::games::takebreak::entry::TakeBreakEntry;
    use crate::game::{GameState, Played, Status};
    use crate::player::Seat;

    #[test]
    fn positions_carry_their_rules() {
        for text in [
            "0.137:5+7+12",
            "S(1,3,4):10+3",
            "grundy:9",
            "hex:0.f:4+4",
            "AB(1):0",
        ] {
            let position = TakeBreakRules::parse_position(text).unwrap();
            assert_eq!(TakeBreakRules::format_position(&position), text);
        }
        for bad in [
            "0.137",
            "0.8:5",
            "0.137:5+x",
            "grundy:99999999999",
            "AB(1):10000000",
        ] {
            let error = TakeBreakRules::parse_position(bad).unwrap_err();
            assert!(!error.to_string().is_empty());
        }
    }

    #[test]
    fn a_game_is_refereed_move_by_move() {
        let mut game = Played::<TakeBreakRules>::start(&TakeBreakEntry, "0.77:5+3").unwrap();
        assert_eq!(game.play("5 -> 1+2").unwrap(), "5->1+2");
        assert_eq!(game.position(), "0.77:1+2+3");
        assert!(game.play("3->0").is_err());
        assert_eq!(game.position(), "0.77:1+2+3");
        assert_eq!(game.side_to_move(), Seat::Second);
        assert_eq!(game.undo().as_deref(), Some("5->1+2"));
    }

    #[test]
    fn perfect_play_keeps_a_won_start_and_random_moves_are_legal() {
        let budget = Budget::default();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for start in ["0.137:5+7+12", "grundy:9+5", "S(1,3,4):10+3", "0.77:40+17"] {
            let mut game = Played::<TakeBreakRules>::start(&TakeBreakEntry, start).unwrap();
            let first_wins = game.analyse(&budget).to_move_wins.unwrap();
            while game.status() == Status::Ongoing {
                let mv = game.perfect_move(&budget).unwrap();
                game.play(&mv).unwrap();
                if game.status() == Status::Ongoing {
                    let reply = game.random_move(&mut rng).unwrap();
                    game.play(&reply).unwrap();
                }
            }
            let expected = if first_wins {
                Seat::First
            } else {
                Seat::Second
            };
            if first_wins {
                assert_eq!(game.status(), Status::Won { winner: expected }, "{start}");
            }
        }
    }

    #[test]
    fn the_analysis_names_winning_moves_and_remoteness() {
        let mut game = Played::<TakeBreakRules>::start(&TakeBreakEntry, "0.77:5+7+3").unwrap();
        let analysis = game.analyse(&Budget::default());
        assert_eq!(analysis.grundy_value, Some(5));
        assert_eq!(analysis.to_move_wins, Some(true));
        assert!(analysis.remoteness_exact);
        assert!(!analysis.winning_moves.is_empty());
        let mut big = Played::<TakeBreakRules>::start(&TakeBreakEntry, "0.77:50+70").unwrap();
        let analysis = big.analyse(&Budget::default());
        assert_eq!(analysis.remoteness, None);
        assert!(analysis.comment.unwrap().contains("120 tokens"));
    }

    #[test]
    fn legal_moves_are_listed_and_counted() {
        let game = Played::<TakeBreakRules>::start(&TakeBreakEntry, "grundy:6+6").unwrap();
        let list = game.legal_moves(10);
        assert_eq!(list.moves, ["6->1+5", "6->2+4"]);
        assert!(list.complete);
        let picture = game.draw();
        assert!(picture.contains("oooooo"));
    }
}
