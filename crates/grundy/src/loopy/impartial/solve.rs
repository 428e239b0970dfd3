//! `grundy solve` of a loopy impartial game: the retrograde analysis and the labelling of
//! every position reachable from the position asked about
//! ([`Labelled`]), and what they say of it: the generalised Sprague–Grundy value (under
//! normal play), the outcome `N`, `P` or `D`, the remoteness of a win or a loss, every
//! winning move and every drawing move, the perfect one first.

use super::play::Ruled;
use super::LoopyImpartialGame;
use crate::cgt::bounds::DEFAULT_MEMORY_LIMIT;
use crate::loopy::perfect::{Labelled, Verdict};
use crate::loopy::retrograde::Outcome;
use crate::loopy::Bounds;
use crate::report::{LoopyImpartialReport, SolveError, SolveOptions};

/// What the progress reports call the work.
pub const SOLVING_TASK: &str = "solving";

/// The report of the position written `text` (`POSITION` or `POSITION@misere`) of the loopy
/// impartial game named `name`, at most `options.moves` moves listed of each kind. Bounded
/// by the stop and the memory limit of `options` (by default [`DEFAULT_MEMORY_LIMIT`]).
pub fn solve<G: LoopyImpartialGame>(
    name: &str,
    text: &str,
    options: &SolveOptions,
) -> Result<LoopyImpartialReport, SolveError> {
    let position: Ruled<G> = text.parse()?;
    let memory_limit = options.memory_limit.unwrap_or(DEFAULT_MEMORY_LIMIT);
    options
        .observer()
        .working(SOLVING_TASK, "every position reachable");
    let mut bounds = Bounds::new(options.stop.clone(), Some(memory_limit));
    let labelled = Labelled::new(&position, &mut bounds)?;
    let verdict = labelled.verdict(&position).ok_or_else(|| {
        SolveError::Unsupported(format!(
            "{name} {position}: the analysis did not reach its start"
        ))
    })?;
    let mut notes = vec![format!("{} positions analysed", labelled.positions())];
    if position.misere {
        notes.push(
            "misère play: the last mover loses; the generalised Sprague–Grundy value is of \
             normal play, so none is given"
                .to_string(),
        );
    }
    Ok(report(name, &position, verdict, options.moves, notes))
}

/// The report of `position` from the verdict on it.
fn report<G: LoopyImpartialGame>(
    name: &str,
    position: &Ruled<G>,
    verdict: Verdict<G::Move>,
    limit: usize,
    notes: Vec<String>,
) -> LoopyImpartialReport {
    let best = verdict.perfect.as_ref().map(ToString::to_string);
    let listed = |moves: &[G::Move]| -> (Vec<String>, String) {
        let mut names: Vec<String> = moves.iter().map(ToString::to_string).collect();
        if let Some(best) = best.as_ref().filter(|best| names.contains(best)) {
            names.retain(|name| name != best);
            names.insert(0, best.clone());
        }
        let count = names.len().to_string();
        names.truncate(limit);
        (names, count)
    };
    let (winning_moves, winning_move_count) = listed(&verdict.winning);
    let (drawing_moves, drawing_move_count) = match verdict.outcome {
        Outcome::Draw => listed(&verdict.drawing),
        Outcome::Win | Outcome::Loss => (Vec::new(), "0".to_string()),
    };
    LoopyImpartialReport {
        game: name.to_string(),
        position: position.to_string(),
        canonical: verdict.value.as_ref().map(ToString::to_string),
        ascii: verdict.value.as_ref().map(|value| value.ascii()),
        outcome: verdict.outcome.letter().to_string(),
        outcome_meaning: verdict.outcome.describe().to_string(),
        remoteness: verdict.remoteness.map(u64::from),
        best_move: best,
        winning_moves,
        winning_move_count,
        drawing_moves,
        drawing_move_count,
        notes,
    }
}
