//! `grundy solve` of a loopy partizan game: the value (a canonical stopper, or an onside and
//! an offside) and its outcome class with draws, the stops of a stopper, and each player's
//! moves moving first from the retrograde analysis ([`Labelled`]): the winning moves, else
//! the drawing ones, else every move, the perfect one first, with the remoteness of a win
//! or a loss.

use super::LoopyPartizanGame;
use crate::cgt::bounds::DEFAULT_MEMORY_LIMIT;
use crate::cgt::loopy::{Budget, LoopyEngine, LoopyError, LoopySummary};
use crate::cgt::{Interrupted, Limits, ValueStore};
use crate::loopy::perfect::{Labelled, Verdict};
use crate::loopy::retrograde::Outcome;
use crate::loopy::Bounds;
use crate::partizan::turn::{split_turn, Turn};
use crate::player::Player;
use crate::report::{
    ComponentValue, DeprecatedValueKeys, PlayerMoves, SolveError, SolveOptions, ValuedReport,
};

/// What the progress reports call the work.
pub const VALUING_TASK: &str = "valuing";

/// The report of the position written `text` (`T.F`, `T.F@R`) of the loopy game named
/// `name`: its value and outcome class, and the moves of the player it names (of both
/// players when it names none), at most `options.moves` listed per player. Bounded by the
/// stop and the memory limit of `options` (by default [`DEFAULT_MEMORY_LIMIT`]).
pub fn solve<G: LoopyPartizanGame>(
    name: &str,
    text: &str,
    options: &SolveOptions,
) -> Result<ValuedReport, SolveError> {
    let (position, to_move) = split_turn(text)?;
    let game: G = position.parse()?;
    let memory_limit = options.memory_limit.unwrap_or(DEFAULT_MEMORY_LIMIT);
    let summary = value_summary(name, &game, options, memory_limit)?;
    let sides = match to_move {
        Some(side) => vec![side],
        None => vec![Player::Left, Player::Right],
    };
    let mut players = Vec::new();
    let mut notes = Vec::new();
    for side in sides {
        let turn = Turn {
            position: game.clone(),
            to_move: side,
        };
        options.observer().working(
            VALUING_TASK,
            &format!("the positions reachable with {side} to move"),
        );
        let mut bounds = Bounds::new(options.stop.clone(), Some(memory_limit));
        let labelled = Labelled::new(&turn, &mut bounds)?;
        let verdict = labelled.verdict(&turn).ok_or_else(|| {
            SolveError::Unsupported(format!(
                "{name} {game}: the analysis did not reach its start"
            ))
        })?;
        notes.push(format!(
            "{side} to move: {} positions analysed (both players to move counted apart)",
            labelled.positions()
        ));
        players.push(player_moves(side, &turn, verdict, options.moves));
    }
    Ok(valued_report(
        name,
        &game.to_string(),
        to_move.map(|side| side.to_string().to_lowercase()),
        summary,
        players,
        notes,
    ))
}

/// The valued report of the position written `position` (without the player to move) of
/// the loopy game named `name`, whose value `summary` gives: its value, outcome class,
/// stops, onside and offside, its one component, and `players`' moves with `notes`. Every
/// report of a loopy partizan value is made here (the built-in games' and the user's).
pub fn valued_report(
    name: &str,
    position: &str,
    to_move: Option<String>,
    summary: LoopySummary,
    players: Vec<PlayerMoves>,
    notes: Vec<String>,
) -> ValuedReport {
    ValuedReport {
        game: name.to_string(),
        position: position.to_string(),
        to_move,
        deprecated: DeprecatedValueKeys::of(&summary.canonical, summary.outcome.name()),
        outcome: summary.outcome.name().to_string(),
        outcome_meaning: summary.outcome_meaning.to_string(),
        temperature: None,
        mean: None,
        left_stop: summary.left_stop.map(|stop| stop.to_string()),
        right_stop: summary.right_stop.map(|stop| stop.to_string()),
        loopy_kind: Some(summary.kind.to_string()),
        onside: Some(summary.onside),
        offside: Some(summary.offside),
        components: vec![ComponentValue {
            position: position.to_string(),
            value: summary.canonical.clone(),
        }],
        canonical: summary.canonical,
        players,
        notes,
    }
}

/// The value of `game` and what follows from it, within the stop and `memory_limit`.
pub fn value_summary<G: LoopyPartizanGame>(
    name: &str,
    game: &G,
    options: &SolveOptions,
    memory_limit: usize,
) -> Result<LoopySummary, SolveError> {
    let observer = options.observer();
    observer.working(VALUING_TASK, "the value");
    let mut store = ValueStore::new();
    let limits = Limits::new(options.stop.clone(), Some(memory_limit));
    let answer = store.bounded(limits, |store| {
        let budget = Budget::new(options.stop.clone(), Some(memory_limit));
        let mut engine = LoopyEngine::with_budget(store, budget);
        let value = game.value(&mut engine)?;
        engine.summary(&value)
    });
    match answer {
        Ok(Ok(summary)) => Ok(summary),
        Ok(Err(error)) => Err(solve_error(name, game, error)),
        Err(Interrupted::Stopped(stopped)) => Err(SolveError::Stopped(stopped)),
        Err(too_large) => Err(SolveError::TooLarge(format!(
            "{name} {game} is too large to value in the memory limit: {too_large}"
        ))),
    }
}

/// A failed valuation as the errors every front end knows.
fn solve_error<G: LoopyPartizanGame>(name: &str, game: &G, error: LoopyError) -> SolveError {
    match error {
        LoopyError::Stopped(stopped) => SolveError::Stopped(stopped),
        LoopyError::OverMemory { .. } => SolveError::TooLarge(format!(
            "{name} {game} is too large to value in the memory limit: {error}"
        )),
        other => SolveError::Unsupported(format!("{name} {game}: {other}")),
    }
}

/// One player's moves moving first: the winning ones, else the drawing ones, else every
/// move; the perfect one first.
fn player_moves<G: LoopyPartizanGame>(
    side: Player,
    turn: &Turn<G>,
    verdict: Verdict<G::Move>,
    limit: usize,
) -> PlayerMoves {
    let mut kept: Vec<String> = match verdict.outcome {
        Outcome::Win => verdict.winning.iter().map(ToString::to_string).collect(),
        Outcome::Draw => verdict.drawing.iter().map(ToString::to_string).collect(),
        Outcome::Loss => turn
            .position
            .moves(side)
            .into_iter()
            .map(|(mv, _)| mv.to_string())
            .collect(),
    };
    let best = verdict.perfect.map(|mv| mv.to_string());
    if let Some(best) = &best {
        kept.retain(|mv| mv != best);
        kept.insert(0, best.clone());
    }
    PlayerMoves {
        player: side.to_string().to_lowercase(),
        wins: verdict.outcome == Outcome::Win,
        draws: verdict.outcome == Outcome::Draw,
        move_count: kept.len().to_string(),
        moves: kept.into_iter().take(limit).collect(),
        best_move: best,
        remoteness: verdict.remoteness.map(u64::from),
    }
}
