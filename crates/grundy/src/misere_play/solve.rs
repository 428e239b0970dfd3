//! The analysis report of a misère position: the exact search when the position is small
//! enough, theory (without the remoteness) when it is not and the game has some.

use super::search::{default_limit, perfect_choice, MisereSearch, DEFAULT_LIMIT};
use super::theory::{
    by_theory, search_certainly_too_large, NoTheory, QuotientElement, QuotientReading,
};
use super::value::{MisereValue, SearchError};
use super::with_misere_term;
use crate::game::GameEntry;
use crate::report::Outcome;
use crate::report::{Remoteness, RemotenessKind, Report, SolveError, SolveOptions, SolvedReport};

/// The error of a search that theory could not stand in for: a passed memory limit is
/// [`SolveError::TooLarge`], any other refusal [`SolveError::Unsupported`].
fn refusal(error: &SearchError, message: String) -> SolveError {
    match error {
        SearchError::OverMemory { .. } => SolveError::TooLarge(message),
        _ => SolveError::Unsupported(message),
    }
}

/// What every misère report says first.
const RULE_NOTE: &str = "misère play: the player who makes the last move loses";

/// The misère analysis of `position` (without the `@misere` term) of `game`, an impartial
/// game, searching at most [`HEAP_LIMIT`](super::heap_search::HEAP_LIMIT) positions of a sum of heaps and
/// [`DEFAULT_LIMIT`] of any other game ([`default_limit`]).
pub fn solve(
    game: &'static dyn GameEntry,
    position: &str,
    options: &SolveOptions,
) -> Result<Report, SolveError> {
    let limit = game
        .start(position)
        .map_or(DEFAULT_LIMIT, |state| default_limit(state.as_ref()));
    solve_with_limit(game, position, options, limit)
}

/// [`solve`] with another limit on the positions searched.
pub fn solve_with_limit(
    game: &'static dyn GameEntry,
    position: &str,
    options: &SolveOptions,
    limit: usize,
) -> Result<Report, SolveError> {
    super::check_misere(game)?;
    let state = game.start(position)?;
    let canonical = with_misere_term(&state.position());
    let mut search = MisereSearch::new(limit, options.stop).observed_by(options.observer);
    if let Some(bytes) = options.memory_limit {
        search = search.memory_limit(bytes);
    }
    // A search that certainly passes the limit is not started: theory answers at once.
    let searched = if search_certainly_too_large(state.as_ref(), limit) {
        Err(SearchError::TooLarge { limit })
    } else {
        search
            .value(state.as_ref())
            .and_then(|value| Ok((value, search.move_values(state.as_ref())?)))
    };
    let (outcome, winning, best_move, remoteness, mut notes) = match searched {
        Ok((value, moves)) => {
            let mut winning: Vec<&(String, MisereValue)> =
                moves.iter().filter(|(_, after)| !after.wins).collect();
            winning.sort_by_key(|(_, after)| after.remoteness);
            let note = format!("exact misère search of {} positions", search.positions());
            (
                if value.wins {
                    Outcome::Win
                } else {
                    Outcome::Loss
                },
                winning
                    .into_iter()
                    .map(|(mv, _)| mv.clone())
                    .collect::<Vec<_>>(),
                perfect_choice(&moves).map(str::to_string),
                Some(Remoteness {
                    moves: value.remoteness,
                    kind: RemotenessKind::Exact,
                }),
                vec![note],
            )
        }
        Err(SearchError::Stopped(stopped)) => return Err(SolveError::Stopped(stopped)),
        Err(error) => match by_theory(state.as_ref(), options.stop) {
            Ok(answer) => {
                let best = answer.winning_moves.first().cloned();
                let mut notes = vec![format!("by {}", answer.theorem)];
                if let Some(reading) = &answer.quotient {
                    notes.extend(quotient_notes(reading, &answer.winning_moves));
                }
                notes.push(format!("no remoteness: {error}"));
                (
                    if answer.wins {
                        Outcome::Win
                    } else {
                        Outcome::Loss
                    },
                    answer.winning_moves,
                    best,
                    None,
                    notes,
                )
            }
            Err(NoTheory::Stopped(SearchError::Stopped(stopped))) => {
                return Err(SolveError::Stopped(stopped))
            }
            Err(NoTheory::OutOfReach(reason)) => {
                let message = format!(
                    "{}: {error}; nor does theory reach it: {reason}",
                    game.name()
                );
                return Err(refusal(&error, message));
            }
            Err(_) => {
                let message = format!("{}: {error}", game.name());
                return Err(refusal(&error, message));
            }
        },
    };
    notes.insert(0, RULE_NOTE.to_string());
    let count = winning.len();
    Ok(Report::Solved(SolvedReport {
        game: game.name().to_string(),
        position: canonical,
        outcome,
        grundy: None,
        winning_moves: winning.into_iter().take(options.moves).collect(),
        winning_move_count: count.to_string(),
        best_move,
        remoteness,
        notes,
    }))
}

/// What a report says of the quotient that answered: which quotient, the position's
/// element, and the element each winning move leaves (each in the P-portion).
fn quotient_notes(reading: &QuotientReading, winning: &[String]) -> Vec<String> {
    let kind = |element: &QuotientElement| {
        if element.p_portion {
            "in the P-portion: lost by the player to move"
        } else {
            "not in the P-portion: won by the player to move"
        }
    };
    let mut notes = vec![
        format!("quotient: {}", reading.quotient),
        format!(
            "quotient element: {} ({})",
            reading.position.word,
            kind(&reading.position)
        ),
    ];
    let left: Vec<String> = reading
        .moves
        .iter()
        .filter(|(mv, _)| winning.contains(mv))
        .map(|(mv, element)| format!("{mv} leaves {}", element.word))
        .collect();
    if !left.is_empty() {
        notes.push(format!("winning moves' elements: {}", left.join(", ")));
    }
    notes
}
