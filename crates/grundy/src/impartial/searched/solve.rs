//! The report of `grundy solve` for a searched game: outcome, Grundy value (the nim-sum of
//! the components' values, each in a note), winning moves, the perfect move and the
//! remoteness, the last exact up to [`SearchedPosition::REMOTENESS_SIZE`].

use crate::impartial::searched::{
    component_values, evaluator, outcome, perfect_move, remoteness, value, winning_moves,
    SearchedListing,
};
use crate::impartial::SearchBounds;
use crate::report::{Remoteness, RemotenessKind, SolveError, SolveOptions, SolvedReport};

/// The most components named in the notes.
const NOTED_COMPONENTS: usize = 12;

/// Analyses a position of `P` written in its notation, listing at most `options.moves`
/// winning moves, within the options' stop and memory limit (by default
/// [`DEFAULT_MEMORY_LIMIT`](crate::impartial::bounds::DEFAULT_MEMORY_LIMIT)).
pub fn analyse<P: SearchedListing>(
    position: &str,
    options: &SolveOptions,
) -> Result<SolvedReport, SolveError> {
    let game: P = position.trim().parse()?;
    let bounds = SearchBounds::with_default_memory(options.stop, options.memory_limit);
    let mut solver = evaluator::<P>();
    let solver = &mut solver;
    let grundy = value(&game, solver, &bounds)?;
    let best_move = perfect_move(&game, solver, &bounds)?;
    let mut winning = winning_moves(&game, solver, &bounds)?;
    if let Some(at) = winning.iter().position(|mv| Some(*mv) == best_move) {
        winning[..=at].rotate_right(1);
    }
    let mut notes = Vec::new();
    if let Some(shortcut) = game.shortcut() {
        notes.push(shortcut.note);
    }
    let parts = component_values(&game, solver, &bounds)?;
    if parts.len() > 1 && parts.len() <= NOTED_COMPONENTS {
        let named: Vec<String> = parts
            .iter()
            .map(|(part, value)| format!("{part} = *{value}"))
            .collect();
        notes.push(format!("components: {}", named.join(" ; ")));
    }
    let remoteness = match remoteness(&game, solver, &bounds)? {
        Some(moves) => Some(Remoteness {
            moves,
            kind: RemotenessKind::Exact,
        }),
        None => {
            notes.push(format!(
                "remoteness not computed: {} {}, exact remoteness is computed up to {} {}",
                game.size(),
                P::SIZE_UNIT,
                P::REMOTENESS_SIZE,
                P::SIZE_UNIT
            ));
            notes.push(format!(
                "best move: {} (not proved the fastest win or the slowest loss)",
                P::HEURISTIC
            ));
            None
        }
    };
    Ok(SolvedReport {
        game: P::NAME.to_string(),
        position: game.to_string(),
        outcome: outcome(&game, solver, &bounds)?,
        grundy: Some(grundy),
        winning_move_count: winning.len().to_string(),
        winning_moves: winning
            .iter()
            .take(options.moves)
            .map(ToString::to_string)
            .collect(),
        best_move: best_move.map(|mv| mv.to_string()),
        remoteness,
        notes,
    })
}
