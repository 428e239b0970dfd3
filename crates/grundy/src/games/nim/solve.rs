//! Nim solved: the closed form for the value, the outcome and the winning moves, whatever the
//! size of the heaps, and the remoteness and perfect play, exact on small positions.
//!
//! Bouton's theorem: the value of a position is the nim-sum (XOR) `s` of its heaps, the
//! player to move loses exactly when `s = 0`, and the winning moves are those that bring the
//! nim-sum to 0: in every heap `h` with `h ^ s < h`, take it down to `h ^ s`.
//!
//! The remoteness (moves to the end when the winner wins as fast as it can and the loser
//! loses as slowly as it can) has no such closed form; the generic memoised
//! [`Solver`] computes it exactly on positions of at most [`REMOTENESS_TOKENS`] tokens.
//! Beyond, it is not reported, and perfect play is a heuristic: the winner plays the winning
//! move that takes the most tokens (it keeps the win; that it is the fastest is not proved)
//! and the loser takes a single token from its largest heap (a guess at the slowest loss).
//! Stubborn play, beyond the bound, is the winning move that takes the fewest tokens and the
//! same single token when lost.

use crate::games::nim::{Nim, NimGame, NimMove};
use crate::impartial::Solver;
use crate::position::ImpartialGame;
use crate::report::Outcome;
use crate::nimber::{nim_sum, Nimber};

/// Positions of at most this many tokens have their remoteness computed exactly by the
/// generic solver (all of them in well under a second); larger ones are not.
pub const REMOTENESS_TOKENS: u64 = 40;

/// The Grundy value: the nim-sum of the heaps.
pub fn grundy_value(position: &Nim) -> Nimber {
    nim_sum(position.heaps().iter().copied())
}

/// Who wins with perfect play.
pub fn outcome(position: &Nim) -> Outcome {
    Outcome::from_grundy(grundy_value(position))
}

/// Every winning move, one per distinct heap size in the order the sizes first appear:
/// `h->(h ^ s)` for each heap `h` with `h ^ s < h`, where `s` is the nim-sum. Empty when the
/// position is lost.
pub fn winning_moves(position: &Nim) -> Vec<NimMove> {
    let sum = grundy_value(position);
    if sum == 0 {
        return Vec::new();
    }
    position
        .distinct_heaps()
        .into_iter()
        .filter(|heap| heap ^ sum < *heap)
        .map(|heap| NimMove::new(heap, heap ^ sum))
        .collect()
}

/// Whether the remoteness of `position` is computed exactly (at most
/// [`REMOTENESS_TOKENS`] tokens).
pub fn remoteness_is_exact(position: &Nim) -> bool {
    position.tokens() <= u128::from(REMOTENESS_TOKENS)
}

/// The exact remoteness, `None` beyond [`REMOTENESS_TOKENS`] tokens. `solver` keeps what it
/// learns for the next call.
pub fn remoteness(position: &Nim, solver: &mut Solver<NimGame>) -> Option<u64> {
    remoteness_is_exact(position).then(|| solver.remoteness(&position.heaps().to_vec()))
}

/// The move perfect play makes: the fastest win or the slowest loss, exact up to
/// [`REMOTENESS_TOKENS`] tokens and the heuristic of the module's documentation beyond;
/// `None` when no heap is left.
pub fn perfect_move(position: &Nim, solver: &mut Solver<NimGame>) -> Option<NimMove> {
    if remoteness_is_exact(position) {
        return solver.perfect_move(&position.heaps().to_vec());
    }
    large_move(position, false)
}

/// The stubborn move: when lost, the slowest loss; when won, the winning move that leaves
/// the longest lost game (exact up to [`REMOTENESS_TOKENS`] tokens, the heuristic of the
/// module's documentation beyond).
pub fn stubborn_move(position: &Nim, solver: &mut Solver<NimGame>) -> Option<NimMove> {
    if !remoteness_is_exact(position) {
        return large_move(position, true);
    }
    let heaps = position.heaps().to_vec();
    if Outcome::from_remoteness(solver.remoteness(&heaps)) == Outcome::Loss {
        return solver.perfect_move(&heaps);
    }
    let mut best: Option<(u64, NimMove)> = None;
    for mv in NimGame.legal_moves(&heaps) {
        let Ok(next) = NimGame.apply(&heaps, &mv) else {
            continue;
        };
        let after = solver.remoteness(&next);
        if after % 2 == 0 && best.as_ref().map_or(true, |(longest, _)| after > *longest) {
            best = Some((after, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// A move in a position too large for exact remoteness: the winning move taking the most
/// tokens (the fewest when `stubborn`), or when lost one token from the largest heap.
fn large_move(position: &Nim, stubborn: bool) -> Option<NimMove> {
    let winning = winning_moves(position);
    let taken = |mv: &NimMove| mv.take().unwrap_or(0);
    if !winning.is_empty() {
        return if stubborn {
            winning.into_iter().min_by_key(taken)
        } else {
            winning.into_iter().max_by_key(taken)
        };
    }
    let largest = position.heaps().iter().copied().max()?;
    Some(NimMove::new(largest, largest - 1))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn nim(text: &str) -> Nim {
        text.parse().unwrap()
    }

    #[test]
    fn bouton_on_three_four_five() {
        let position = nim("3+4+5");
        assert_eq!(grundy_value(&position), 2);
        assert_eq!(outcome(&position), Outcome::Win);
        assert_eq!(winning_moves(&position), [NimMove::new(3, 1)]);
        assert_eq!(outcome(&nim("1+2+3")), Outcome::Loss);
        assert!(winning_moves(&nim("1+2+3")).is_empty());
        assert_eq!(outcome(&nim("0")), Outcome::Loss);
        // Equal heaps give one move.
        assert_eq!(winning_moves(&nim("5+5+5")), [NimMove::new(5, 0)]);
    }

    #[test]
    fn huge_heaps_are_answered_at_once() {
        let position = nim("18446744073709551615+1");
        assert_eq!(grundy_value(&position), u64::MAX - 1);
        assert_eq!(winning_moves(&position), [NimMove::new(u64::MAX, 1)]);
        let mut solver = Solver::new(NimGame);
        assert_eq!(remoteness(&position, &mut solver), None);
        assert_eq!(
            perfect_move(&position, &mut solver),
            Some(NimMove::new(u64::MAX, 1))
        );
        let lost = nim("18446744073709551615+18446744073709551615");
        assert_eq!(
            perfect_move(&lost, &mut solver),
            Some(NimMove::new(u64::MAX, u64::MAX - 1))
        );
    }

    #[test]
    fn remoteness_is_exact_on_small_positions() {
        let mut solver = Solver::new(NimGame);
        // A heap alone is taken at once; 2+2 is lost in 4 (take one, mirror, take one, mirror).
        assert_eq!(remoteness(&nim("2"), &mut solver), Some(1));
        assert_eq!(remoteness(&nim("2+2"), &mut solver), Some(4));
        assert_eq!(remoteness(&nim("0"), &mut solver), Some(0));
        assert_eq!(
            perfect_move(&nim("2+2"), &mut solver).map(|mv| mv.take()),
            Some(Some(1))
        );
        let border = nim("20+20");
        assert!(remoteness_is_exact(&border));
        assert!(remoteness(&border, &mut solver).is_some());
        assert!(!remoteness_is_exact(&nim("20+21")));
    }

    #[test]
    fn stubborn_play_keeps_the_win() {
        let mut solver = Solver::new(NimGame);
        for text in ["3+4+5", "1+5+6+9", "30+17"] {
            let mut position = nim(text);
            let first_wins = outcome(&position) == Outcome::Win;
            let mut moves = 0;
            while !position.is_terminal() {
                let mv = if moves % 2 == 0 {
                    stubborn_move(&position, &mut solver)
                } else {
                    perfect_move(&position, &mut solver)
                }
                .unwrap();
                position = position.apply(&mv).unwrap();
                moves += 1;
            }
            // The player who made the last move won.
            assert_eq!(moves % 2 == 1, first_wins, "{text}");
        }
    }
}
