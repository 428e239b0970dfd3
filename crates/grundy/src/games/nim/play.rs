//! Nim behind [`GameState`](crate::game::GameState).
//!
//! Positions `3+4+5` (`0` when no heap is left), moves `5->2` (see [`super`]). Perfect play
//! is exact on positions of at most [`REMOTENESS_TOKENS`] tokens and the heuristic of
//! [`super::solve`] beyond.

use std::sync::Arc;

use rand::{Rng, RngCore};

use crate::error::{ParseError, RuleError};
use crate::games::nim::solve::{
    grundy_value, outcome, perfect_move, remoteness, stubborn_move, winning_moves,
    REMOTENESS_TOKENS,
};
use crate::games::nim::ruleset::NimRuleset;
use crate::games::nim::{Nim, NimGame, NimMove};
use crate::heap::HeapSum;
use crate::impartial::Solver;
use crate::report::Outcome;
use crate::game::{Analysis, Budget, MoveList, Relative, Rules};

/// The rules of Nim for [`Played`](crate::game::Played).
#[derive(Debug, Clone, Copy)]
pub struct NimRules;

/// What the solver keeps between moves: the generic solver's memo for small positions.
pub struct NimCache {
    solver: Solver<NimGame>,
}

impl Default for NimCache {
    fn default() -> Self {
        NimCache {
            solver: Solver::new(NimGame),
        }
    }
}

/// The most heaps [`Rules::draw`] draws, and the most tokens it draws in a heap.
const DRAWN_HEAPS: usize = 40;
const DRAWN_TOKENS: u64 = 40;
/// The most winning moves an [`Analysis`] lists.
const SHOWN_MOVES: usize = 40;

impl Rules for NimRules {
    type Position = Nim;
    type Move = NimMove;
    type Cache = NimCache;

    fn parse_position(text: &str) -> Result<Nim, ParseError> {
        text.trim().parse()
    }

    fn format_position(position: &Nim) -> String {
        position.to_string()
    }

    /// The non-empty heaps, smallest first: their order and the empty heaps change nothing
    /// of the future.
    fn transposition_key(position: &Nim) -> String {
        let mut heaps: Vec<u64> = position.heaps().iter().copied().filter(|h| *h > 0).collect();
        heaps.sort_unstable();
        let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
        heaps.join("+")
    }

    /// The heaps under [`NimRuleset`].
    fn heap_sum(position: &Nim) -> Option<HeapSum> {
        Some(HeapSum {
            rules: Arc::new(NimRuleset),
            heaps: position.heaps().to_vec(),
        })
    }

    fn parse_move(_: &Nim, text: &str) -> Result<NimMove, ParseError> {
        text.trim().parse()
    }

    fn apply(position: &Nim, mv: &NimMove) -> Result<Nim, RuleError> {
        position.apply(mv)
    }

    fn winner(position: &Nim) -> Option<Relative> {
        position.is_terminal().then_some(Relative::JustMoved)
    }

    /// By distinct heap size in the order the sizes first appear, each from taking one
    /// token to emptying the heap (`5->4` … `5->0`).
    fn legal_moves(position: &Nim, limit: usize) -> MoveList {
        let mut moves = Vec::new();
        for heap in position.distinct_heaps() {
            if moves.len() >= limit {
                break;
            }
            let room = (limit - moves.len()) as u64;
            moves.extend(
                (0..heap)
                    .rev()
                    .take(room.min(heap) as usize)
                    .map(|rest| NimMove::new(heap, rest).to_string()),
            );
        }
        let total = position.move_count();
        MoveList {
            complete: moves.len() as u128 == total,
            moves,
            total: Some(total),
        }
    }

    /// Uniform over the distinct moves (moves in equal heaps count once).
    fn random_move(position: &Nim, rng: &mut dyn RngCore) -> Option<NimMove> {
        let total = position.move_count();
        if total == 0 {
            return None;
        }
        let mut pick = rng.gen_range(0..total);
        for heap in position.distinct_heaps() {
            let size = u128::from(heap);
            if pick < size {
                // pick < heap, so the rest fits in a u64 and is below the heap.
                return Some(NimMove::new(heap, heap - 1 - pick as u64));
            }
            pick -= size;
        }
        None
    }

    /// One line per heap: its size and up to 40 tokens.
    fn draw(position: &Nim) -> String {
        if position.is_terminal() {
            return "(no heaps)\n".to_string();
        }
        let mut picture = String::new();
        for heap in position.heaps().iter().take(DRAWN_HEAPS) {
            let shown = (*heap).min(DRAWN_TOKENS) as usize;
            let more = if *heap > DRAWN_TOKENS { " …" } else { "" };
            picture.push_str(&format!("{heap:>8} {}{more}\n", "o".repeat(shown)));
        }
        let hidden = position.heaps().len().saturating_sub(DRAWN_HEAPS);
        if hidden > 0 {
            picture.push_str(&format!("… and {hidden} more heaps\n"));
        }
        picture
    }

    fn analyse(position: &Nim, _: &Budget, cache: &mut NimCache) -> Analysis {
        let winning = winning_moves(position);
        let exact = remoteness(position, &mut cache.solver);
        let comment = exact.is_none().then(|| {
            format!(
                "remoteness not computed ({} tokens; exact up to {REMOTENESS_TOKENS})",
                position.tokens()
            )
        });
        Analysis {
            to_move_wins: Some(outcome(position) == Outcome::Win),
            grundy_value: Some(u128::from(grundy_value(position))),
            best_move: perfect_move(position, &mut cache.solver).map(|mv| mv.to_string()),
            winning_moves_complete: winning.len() <= SHOWN_MOVES,
            winning_moves: winning
                .iter()
                .take(SHOWN_MOVES)
                .map(ToString::to_string)
                .collect(),
            remoteness: exact.map(u128::from),
            remoteness_exact: exact.is_some(),
            comment,
            value: None,
            quotient_element: None,
        }
    }

    fn perfect_move(position: &Nim, _: &Budget, cache: &mut NimCache) -> Option<NimMove> {
        perfect_move(position, &mut cache.solver)
    }

    fn stubborn_move(position: &Nim, _: &Budget, cache: &mut NimCache) -> Option<NimMove> {
        stubborn_move(position, &mut cache.solver)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::games::nim::entry::NimEntry;
    use crate::game::{GameState, Played, Status};
    use crate::player::Seat;

    #[test]
    fn a_game_is_refereed_move_by_move() {
        let mut game = Played::<NimRules>::start(&NimEntry, "3+4+5").unwrap();
        assert_eq!(game.play(" 3 -> 1 ").unwrap(), "3->1");
        assert_eq!(game.position(), "1+4+5");
        assert_eq!(game.side_to_move(), Seat::Second);
        let error = game.play("3->0").unwrap_err();
        assert!(error.to_string().contains("3->0"), "{error}");
        assert!(game.play("5->5").is_err());
        assert!(game.play("5-2").is_err());
        assert_eq!(game.position(), "1+4+5");
        assert_eq!(game.play("1->0").unwrap(), "1->0");
        assert_eq!(game.position(), "4+5");
        assert_eq!(game.undo().as_deref(), Some("1->0"));
        assert_eq!(game.undo().as_deref(), Some("3->1"));
        assert_eq!(game.position(), "3+4+5");
        assert_eq!(game.undo(), None);
    }

    #[test]
    fn the_last_token_wins() {
        let mut game = Played::<NimRules>::start(&NimEntry, "2").unwrap();
        game.play("2->0").unwrap();
        assert_eq!(game.position(), "0");
        assert_eq!(
            game.status(),
            Status::Won {
                winner: Seat::First
            }
        );
        assert!(game.legal_moves(10).moves.is_empty());
    }

    #[test]
    fn legal_moves_are_listed_and_counted() {
        let game = Played::<NimRules>::start(&NimEntry, "2+3+2").unwrap();
        let list = game.legal_moves(10);
        assert_eq!(list.moves, ["2->1", "2->0", "3->2", "3->1", "3->0"]);
        assert_eq!(list.total, Some(5));
        assert!(list.complete);
        let list = game.legal_moves(3);
        assert_eq!(list.moves, ["2->1", "2->0", "3->2"]);
        assert!(!list.complete);
        let big = Played::<NimRules>::start(&NimEntry, "18446744073709551615+7").unwrap();
        let list = big.legal_moves(2);
        assert_eq!(
            list.moves,
            [
                "18446744073709551615->18446744073709551614",
                "18446744073709551615->18446744073709551613"
            ]
        );
        assert_eq!(list.total, Some(u128::from(u64::MAX) + 7));
    }

    #[test]
    fn random_moves_are_legal_and_reach_every_move() {
        let game = Played::<NimRules>::start(&NimEntry, "2+3+2").unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..200 {
            let mv = game.random_move(&mut rng).unwrap();
            game.clone().play(&mv).unwrap();
            seen.insert(mv);
        }
        assert_eq!(seen.len(), 5);
        let big = Played::<NimRules>::start(&NimEntry, "18446744073709551615+18446744073709551615").unwrap();
        for _ in 0..20 {
            let mv = big.random_move(&mut rng).unwrap();
            big.clone().play(&mv).unwrap();
        }
    }

    #[test]
    fn the_analysis_is_exact_on_small_positions_only() {
        let mut game = Played::<NimRules>::start(&NimEntry, "3+4+5").unwrap();
        let analysis = game.analyse(&Budget::default());
        assert_eq!(analysis.to_move_wins, Some(true));
        assert_eq!(analysis.grundy_value, Some(2));
        assert_eq!(analysis.winning_moves, ["3->1"]);
        assert_eq!(analysis.best_move.as_deref(), Some("3->1"));
        assert!(analysis.remoteness_exact);
        let mut big = Played::<NimRules>::start(&NimEntry, "10+20+30").unwrap();
        let analysis = big.analyse(&Budget::default());
        assert_eq!(analysis.to_move_wins, Some(false));
        assert_eq!(analysis.remoteness, None);
        assert!(analysis.comment.unwrap().contains("60 tokens"));
        assert_eq!(analysis.best_move.as_deref(), Some("30->29"));
    }

    #[test]
    fn perfect_play_wins_from_won_starts_against_random() {
        let budget = Budget::default();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for start in ["3+4+5", "5+7+9+12", "10+20+31", "1000+999+3"] {
            let mut game = Played::<NimRules>::start(&NimEntry, start).unwrap();
            assert_eq!(game.analyse(&budget).to_move_wins, Some(true), "{start}");
            while game.status() == Status::Ongoing {
                let mv = game.perfect_move(&budget).unwrap();
                game.play(&mv).unwrap();
                if game.status() == Status::Ongoing {
                    let reply = game.random_move(&mut rng).unwrap();
                    game.play(&reply).unwrap();
                }
            }
            assert_eq!(
                game.status(),
                Status::Won {
                    winner: Seat::First
                },
                "{start}"
            );
        }
    }

    #[test]
    fn the_drawing_shows_every_heap_or_says_how_many_are_left_out() {
        let picture = NimRules::draw(&"3+45".parse().unwrap());
        assert!(picture.contains("       3 ooo\n"), "{picture}");
        assert!(picture.contains(" …"), "{picture}");
        assert_eq!(NimRules::draw(&"0".parse().unwrap()), "(no heaps)\n");
        let many: Nim = vec!["1"; 50].join("+").parse().unwrap();
        assert!(NimRules::draw(&many).contains("and 10 more heaps"));
    }
}
