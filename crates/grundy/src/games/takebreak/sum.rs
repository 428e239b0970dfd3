//! A sum of heaps analysed: the value of each heap, the nim-sum, the winner, every winning
//! move, and the remoteness when it can be computed exactly.
//!
//! # Remoteness
//!
//! The remoteness of a sum is not a function of its heaps' remotenesses (nor their maximum):
//! the loser of one heap may prolong the game in another. It is computed exactly by the
//! generic memoised [`Solver`] over whole sums, which visits every sum reachable from the
//! position; that is done when the position holds at most [`REMOTENESS_TOKENS`] tokens.
//! Beyond that no remoteness is reported ([`Remoteness::TooLarge`] says why), never an
//! estimate passed off as exact.

use serde::Serialize;

use super::code::HeapRules;
use super::game::{HeapGame, HeapMove};
use super::options::for_each_option;
use super::compute::{compute, Method};
use super::sequence::{Progress, SequenceError};
use crate::error::ParseError;
use crate::impartial::Solver;
use crate::report::Outcome;
use crate::nimber::Nimber;
use crate::stop::Stop;

/// The most tokens in a sum whose exact remoteness is computed (the solver then visits at
/// most some 10^5 sums for the games here).
pub const REMOTENESS_TOKENS: u64 = 30;

/// The remoteness of a sum, or why it was not computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Remoteness {
    /// The exact number of moves left with perfect play (fastest win, slowest loss).
    Exact(u64),
    /// Not computed: the sum holds this many tokens, more than [`REMOTENESS_TOKENS`].
    TooLarge(u64),
}

/// Everything [`analyse`] says about a sum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumAnalysis {
    /// The rules, in notation.
    pub rules: String,
    /// The heaps, as given (zero heaps dropped).
    pub heaps: Vec<u64>,
    /// The Grundy value of each heap.
    pub heap_values: Vec<Nimber>,
    /// The nim-sum of the heap values: the value of the sum.
    pub value: Nimber,
    /// Whether the player to move wins.
    pub outcome: Outcome,
    /// Every winning move (one per heap size and result), in the order of the heaps.
    pub winning_moves: Vec<HeapMove>,
    /// The remoteness, or why it is not known.
    pub remoteness: Remoteness,
}

/// The values G(0), …, G(count − 1) by the fastest method for the game, with the period
/// copied once it is proved ([`compute`] with [`Method::Auto`]).
pub fn values_up_to(
    rules: &HeapRules,
    count: usize,
    progress: Progress<'_>,
    stop: &Stop,
) -> Result<Vec<u32>, SequenceError> {
    Ok(compute(rules, count, Method::Auto, progress, stop)?.values)
}

/// The largest heap [`analyse`] accepts: 2^24 tokens (a value table computed on the spot).
pub const MAX_HEAP: u64 = 1 << 24;

/// Analyses the sum `heaps` under `rules`. Errors on a heap beyond [`MAX_HEAP`] or a game
/// whose table for that heap would take too long (naming the heap), and when `stop` comes
/// before the table is done.
pub fn analyse(
    rules: &HeapRules,
    heaps: &[u64],
    stop: &Stop,
) -> Result<SumAnalysis, SequenceError> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest > MAX_HEAP {
        return Err(ParseError::at_token(
            format!("heaps above {MAX_HEAP} tokens are not analysed"),
            &largest.to_string(),
        )
        .into());
    }
    let table = values_up_to(rules, largest as usize + 1, &mut |_, _| {}, stop).map_err(
        |error| match error {
            SequenceError::Refused(error) => SequenceError::Refused(ParseError::at_token(
                format!(
                    "the values up to this heap cannot be computed: {}",
                    error.message
                ),
                &largest.to_string(),
            )),
            stopped => stopped,
        },
    )?;
    Ok(analyse_with(rules, heaps, &table))
}

/// [`analyse`] with a value table that covers every heap (`table[n]` = G(n)).
pub fn analyse_with(rules: &HeapRules, heaps: &[u64], table: &[u32]) -> SumAnalysis {
    let heaps: Vec<u64> = heaps.iter().copied().filter(|heap| *heap > 0).collect();
    let value_of = |heap: u64| Nimber::from(table[heap as usize]);
    let heap_values: Vec<Nimber> = heaps.iter().map(|heap| value_of(*heap)).collect();
    let value = heap_values.iter().fold(0, |acc, v| acc ^ v);
    let mut winning_moves = Vec::new();
    let mut seen_sizes = Vec::new();
    if value != 0 {
        for (&heap, &heap_value) in heaps.iter().zip(&heap_values) {
            if seen_sizes.contains(&heap) {
                continue;
            }
            seen_sizes.push(heap);
            let target = heap_value ^ value;
            for_each_option(rules, heap, |_, left| {
                let reached = left.iter().fold(0, |acc, part| acc ^ value_of(*part));
                if reached == target {
                    winning_moves.push(HeapMove {
                        heap,
                        left: left.to_vec(),
                    });
                }
            });
        }
    }
    let tokens: u64 = heaps.iter().sum();
    let remoteness = if tokens <= REMOTENESS_TOKENS {
        let mut solver = Solver::new(HeapGame {
            rules: rules.clone(),
        });
        Remoteness::Exact(solver.remoteness(&heaps))
    } else {
        Remoteness::TooLarge(tokens)
    };
    SumAnalysis {
        rules: rules.to_string(),
        heaps,
        heap_values,
        value,
        outcome: Outcome::from_grundy(value),
        winning_moves,
        remoteness,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::position::ImpartialGame;

    fn analysis(rules: &str, heaps: &[u64]) -> SumAnalysis {
        analyse(&rules.parse().unwrap(), heaps, &Stop::NEVER).unwrap()
    }

    #[test]
    fn kayles_sum_against_the_generic_solver() {
        let result = analysis("0.77", &[5, 7, 3]);
        // G(5) = 4, G(7) = 2, G(3) = 3.
        assert_eq!(result.heap_values, [4, 2, 3]);
        assert_eq!(result.value, 5);
        assert_eq!(result.outcome, Outcome::Win);
        let game = HeapGame {
            rules: "0.77".parse().unwrap(),
        };
        let mut solver = Solver::new(game.clone());
        let mut slow: Vec<String> = solver
            .winning_moves(&vec![5, 7, 3])
            .iter()
            .map(ToString::to_string)
            .collect();
        let mut fast: Vec<String> = result
            .winning_moves
            .iter()
            .map(ToString::to_string)
            .collect();
        slow.sort();
        fast.sort();
        assert_eq!(fast, slow);
        assert!(!fast.is_empty());
        assert_eq!(
            result.remoteness,
            Remoteness::Exact(solver.remoteness(&vec![5, 7, 3]))
        );
        // Every winning move leaves a sum of value 0.
        for mv in &result.winning_moves {
            let next = game.apply(&vec![5, 7, 3], mv).unwrap();
            assert_eq!(solver.grundy_value(&next), 0);
        }
    }

    #[test]
    fn remoteness_of_a_sum_is_not_the_largest_of_its_heaps() {
        // Nim heaps (AB()): 2+2 is lost in 4 moves, while each heap alone is won in 1.
        let result = analysis("AB()", &[2, 2]);
        assert_eq!(result.remoteness, Remoteness::Exact(4));
        assert_eq!(analysis("AB()", &[2]).remoteness, Remoteness::Exact(1));
    }

    #[test]
    fn large_sums_say_why_remoteness_is_missing() {
        let result = analysis("0.137", &[5, 7, 120]);
        assert_eq!(result.remoteness, Remoteness::TooLarge(132));
        assert_eq!(result.heaps, [5, 7, 120]);
    }

    #[test]
    fn heaps_beyond_the_limit_are_refused() {
        let error = analyse(&"0.77".parse().unwrap(), &[3, MAX_HEAP + 1], &Stop::NEVER).unwrap_err();
        assert!(error.to_string().contains(&(MAX_HEAP + 1).to_string()));
        let error = analyse(&"AB(1)".parse().unwrap(), &[10_000_000], &Stop::NEVER).unwrap_err();
        assert!(error.to_string().contains("10000000"), "{error}");
    }
}
