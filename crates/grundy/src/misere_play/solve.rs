//! The analysis report of a misère position: the exact search when the position is small
//! enough, theory (without the remoteness) when it is not and the game has some.

use super::search::{perfect_choice, MisereSearch, MisereValue, SearchError, DEFAULT_LIMIT};
use super::theory::{by_theory, search_certainly_too_large, NoTheory};
use super::with_misere_term;
use crate::entry::Game;
use crate::impartial::Outcome;
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
/// game, searching at most [`DEFAULT_LIMIT`] positions.
pub fn solve(game: Game, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
    solve_with_limit(game, position, options, DEFAULT_LIMIT)
}

/// [`solve`] with another limit on the positions searched.
pub fn solve_with_limit(
    game: Game,
    position: &str,
    options: &SolveOptions,
    limit: usize,
) -> Result<Report, SolveError> {
    super::check_misere(game)?;
    let state = game.entry().start(position)?;
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
                (
                    if answer.wins {
                        Outcome::Win
                    } else {
                        Outcome::Loss
                    },
                    answer.winning_moves,
                    best,
                    None,
                    vec![
                        format!("by {}", answer.theorem),
                        format!("no remoteness: {error}"),
                    ],
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::registry;

    fn solved(game: &str, position: &str, limit: usize) -> SolvedReport {
        let game = registry::find(game).unwrap();
        match solve_with_limit(game, position, &SolveOptions::default(), limit).unwrap() {
            Report::Solved(report) => report,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn small_nim_is_searched_and_large_nim_follows_bouton() {
        let small = solved("nim", "1+2+4", DEFAULT_LIMIT);
        assert_eq!(small.outcome, Outcome::Win);
        assert_eq!(small.winning_moves, ["4->3"]);
        assert!(small.remoteness.is_some());
        assert_eq!(small.position, "1+2+4@misere");
        let large = solved("nim", "1000000000000+1", DEFAULT_LIMIT);
        assert_eq!(large.outcome, Outcome::Win);
        assert_eq!(large.winning_moves, ["1000000000000->0"]);
        assert!(large.remoteness.is_none());
        assert!(large.notes.iter().any(|note| note.contains("Bouton")));
    }

    #[test]
    fn a_game_without_theory_names_the_limit() {
        let error = solve_with_limit(
            registry::find("rectangle").unwrap(),
            "12x12",
            &SolveOptions::default(),
            50,
        )
        .unwrap_err()
        .to_string();
        assert!(error.contains("limited to 50 positions"), "{error}");
        assert!(error.contains("rectangle"), "{error}");
    }

    #[test]
    fn wild_take_and_break_sums_follow_the_misere_quotient() {
        // A search limited to one position leaves these sums to theory; each has a wild heap
        // (Kayles from 5 on, Dawson's chess from 5 on, as the genus shows), so the misère
        // quotient answers, and it must give the exact search's outcome and winning moves.
        for position in ["0.77:8+5+12", "0.77:10+1+9", "0.137:5+7+11", "0.137:6+2+9"] {
            let exact = solved("takebreak", position, DEFAULT_LIMIT);
            let theory = solved("takebreak", position, 1);
            assert!(
                theory.notes.iter().any(|note| note.contains("quotient")),
                "{position}: {:?}",
                theory.notes
            );
            assert_eq!(exact.outcome, theory.outcome, "{position}");
            let mut exact_moves = exact.winning_moves.clone();
            let mut theory_moves = theory.winning_moves.clone();
            exact_moves.sort();
            theory_moves.sort();
            assert_eq!(exact_moves, theory_moves, "{position}");
        }
    }
}
