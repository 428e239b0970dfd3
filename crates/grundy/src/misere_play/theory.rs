//! What theory says of a misère position too large for the exact search: Bouton's rule for
//! Nim ([`super::nim`]), the tame rule for take-and-break games whose heaps are tame
//! ([`super::genus`]), and, where some heap is wild, the game's misère quotient
//! ([`crate::misere`]). Each gives the outcome and every winning move, not the remoteness.

use super::genus::{tame_to_move_wins, tame_up_to, Genus, GenusSearch, MAX_GENUS_HEAP};
use super::nim;
use super::search::SearchError;
use crate::games::nim::play::NimRules;
use crate::games::takebreak::options::for_each_option;
use crate::games::takebreak::play::{TakeBreakPosition, TakeBreakRules};
use crate::games::takebreak::HeapMove;
use crate::games::takebreak::HeapRules;
use crate::misere::{misere_outcome, misere_quotient, prove_periodicity, QuotientError};
use crate::play::{GameState, Played};
use crate::stop::Stop;

/// The most positions the genus search behind the tame rule keeps.
pub const GENUS_LIMIT: usize = 2_000_000;

/// The largest heap bound a solve computes a misère quotient for (Kayles' quotient to heap
/// 200, proved periodic, takes about 8 s); a position with larger heaps needs the quotient
/// proved periodic by then.
pub const QUOTIENT_HEAPS: u64 = 200;

/// The outcome and winning moves of a misère position, from a theorem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TheoryAnswer {
    /// Whether the player to move wins.
    pub wins: bool,
    /// Every winning move in the game's notation (one per distinct heap size and result).
    pub winning_moves: Vec<String>,
    /// Which theorem answered, for a person.
    pub theorem: &'static str,
}

/// Why no theorem answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoTheory {
    /// The game has no misère theory here.
    None,
    /// The game has one but it does not reach this position; the reason, for a person.
    OutOfReach(String),
    /// The stop was raised.
    Stopped(SearchError),
}

/// What theory says of `state` (a game under normal-play rules, read as misère).
pub fn by_theory(state: &dyn GameState, stop: &Stop) -> Result<TheoryAnswer, NoTheory> {
    if let Some(nim) = state.as_any().downcast_ref::<Played<NimRules>>() {
        let heaps = nim.current().heaps();
        return Ok(TheoryAnswer {
            wins: nim::to_move_wins(heaps),
            winning_moves: nim::winning_moves(heaps)
                .into_iter()
                .map(|(heap, rest)| format!("{heap}->{rest}"))
                .collect(),
            theorem: "Bouton's rule for misère Nim",
        });
    }
    if let Some(played) = state.as_any().downcast_ref::<Played<TakeBreakRules>>() {
        return match tame_answer(played.current(), stop) {
            Err(NoTheory::OutOfReach(untamed)) => {
                quotient_answer(played.current(), stop).map_err(|reason| match reason {
                    NoTheory::OutOfReach(beyond) => {
                        NoTheory::OutOfReach(format!("{untamed}; {beyond}"))
                    }
                    other => other,
                })
            }
            answered => answered,
        };
    }
    Err(NoTheory::None)
}

/// The tame rule on a sum of take-and-break heaps.
fn tame_answer(position: &TakeBreakPosition, stop: &Stop) -> Result<TheoryAnswer, NoTheory> {
    let largest = position.heaps.iter().copied().max().unwrap_or(0);
    if largest > MAX_GENUS_HEAP {
        return Err(NoTheory::OutOfReach(format!(
            "the genus is computed for heaps up to {MAX_GENUS_HEAP}, and this position has a \
             heap of {largest}"
        )));
    }
    let mut search = GenusSearch::new(position.rules.clone(), GENUS_LIMIT, stop);
    let reached = |error: SearchError| match error {
        SearchError::Stopped(_) => NoTheory::Stopped(error),
        other => NoTheory::OutOfReach(format!("computing the genus of its heaps: {other}")),
    };
    if !tame_up_to(&mut search, largest).map_err(reached)? {
        return Err(NoTheory::OutOfReach(format!(
            "some heap up to {largest} has a genus that is not tame, so the tame rule does not \
             apply"
        )));
    }
    let mut genera: Vec<Genus> = Vec::with_capacity(largest as usize + 1);
    for heap in 0..=largest {
        genera.push(search.genus(heap).map_err(reached)?);
    }
    let wins_after = |heaps: &[u64]| {
        let chosen: Vec<&Genus> = heaps.iter().map(|heap| &genera[*heap as usize]).collect();
        tame_to_move_wins(&chosen).unwrap_or(false)
    };
    Ok(answer_by(
        position,
        wins_after,
        "the tame rule (every heap up to the largest has a tame genus)",
    ))
}

/// The misère quotient of the game on heaps up to the largest of `position` (or up to
/// [`QUOTIENT_HEAPS`], proved periodic), on a sum of take-and-break heaps.
fn quotient_answer(position: &TakeBreakPosition, stop: &Stop) -> Result<TheoryAnswer, NoTheory> {
    let largest = position.heaps.iter().copied().max().unwrap_or(0);
    let quotient = misere_quotient(
        &position.rules,
        largest.min(QUOTIENT_HEAPS),
        &mut |_| {},
        stop,
    )
    .map_err(|error| quotient_unreached(&position.rules, error))?;
    let periodic = prove_periodicity(&quotient);
    let wins_after = |heaps: &[u64]| {
        misere_outcome(&quotient, periodic.as_ref(), heaps)
            .map(|outcome| outcome == crate::Outcome::Win)
    };
    // Every heap of every option is at most the largest heap, so one check covers them all.
    if let Err(beyond) = wins_after(&[largest]) {
        return Err(NoTheory::OutOfReach(format!(
            "the misère quotient does not reach it: {beyond}"
        )));
    }
    Ok(answer_by(
        position,
        |heaps| wins_after(heaps).unwrap_or(false),
        "the misère quotient of the game (Plambeck and Siegel)",
    ))
}

/// Why the misère quotient did not answer.
fn quotient_unreached(rules: &HeapRules, error: QuotientError) -> NoTheory {
    match error {
        QuotientError::Stopped(stopped) => NoTheory::Stopped(SearchError::Stopped(stopped)),
        other => NoTheory::OutOfReach(format!("the misère quotient of {rules}: {other}")),
    }
}

/// The answer of a rule that tells, for any sum of heaps, whether the player to move wins:
/// the outcome of `position` and every move to a sum the mover loses.
fn answer_by(
    position: &TakeBreakPosition,
    wins_after: impl Fn(&[u64]) -> bool,
    theorem: &'static str,
) -> TheoryAnswer {
    let wins = wins_after(&position.heaps);
    let mut winning_moves = Vec::new();
    if wins {
        let mut sizes = position.heaps.clone();
        sizes.sort_unstable();
        sizes.dedup();
        for heap in sizes {
            let mut rest = position.heaps.clone();
            if let Some(at) = rest.iter().position(|size| *size == heap) {
                rest.remove(at);
            }
            for_each_option(&position.rules, heap, |_, left| {
                let mut after = rest.clone();
                after.extend_from_slice(left);
                if !wins_after(&after) {
                    winning_moves.push(
                        HeapMove {
                            heap,
                            left: left.to_vec(),
                        }
                        .to_string(),
                    );
                }
            });
        }
    }
    TheoryAnswer {
        wins,
        winning_moves,
        theorem,
    }
}
