//! `grundy solve` of any partizan game: the value and what follows from it, the components'
//! values, and each player's winning moves ([`ValuedReport`]).

use super::solver::{PartizanGame, PartizanSolver, Unsearched, MEMORY_LIMIT};
use super::turn::split_turn;
use crate::cgt::{Interrupted, Limits, Progress, Watch};
use crate::error::ParseError;
use crate::player::Player;
use crate::report::{
    ComponentValue, DeprecatedValueKeys, PlayerMoves, SolveError, SolveOptions, ValuedReport,
};

/// What the progress reports call the valuation.
pub const VALUING_TASK: &str = "valuing";

/// The report of the position written `text` (`4x5`, `4x5@L`) of the game named `name`: the
/// value, the components,
/// and the moves of the player it names (of both players when it names none), at most
/// `options.moves` listed per player.
///
/// The valuation looks at `options.stop` and at the memory limit (`options.memory_limit`,
/// by default [`MEMORY_LIMIT`]) every few milliseconds and
/// tells `options.observer` how far it has come; a position too large for the memory limit
/// is refused ([`SolveError::Unsupported`]) with the sizes reached.
pub fn solve<G: PartizanGame>(
    name: &str,
    text: &str,
    options: &SolveOptions,
) -> Result<ValuedReport, SolveError> {
    let (position, to_move) = split_turn(text)?;
    let game: G = position.parse()?;
    let mut solver = PartizanSolver::<G>::default();
    let memory_limit = options.memory_limit.unwrap_or(MEMORY_LIMIT);
    // Everything below is bounded: the valuation, the components, each move's value and
    // the remoteness search.
    let limits = Limits::new(options.stop.clone(), Some(memory_limit));
    solver
        .bounded(limits, |solver| {
            report(solver, name, &game, to_move, options, memory_limit)
        })
        .and_then(|answer| answer)
        .map_err(|interrupted| match interrupted {
            Interrupted::Stopped(stopped) => SolveError::Stopped(stopped),
            too_large => SolveError::TooLarge(format!(
                "{name} {game} is too large to value in the memory limit: {too_large}"
            )),
        })
}

/// The report, within a bounded run of the solver.
fn report<G: PartizanGame>(
    solver: &mut PartizanSolver<G>,
    name: &str,
    game: &G,
    to_move: Option<Player>,
    options: &SolveOptions,
    memory_limit: usize,
) -> Result<ValuedReport, Interrupted> {
    let observer = options.observer();
    let mut tell = |progress: &Progress| observer.working(VALUING_TASK, &describe(progress));
    let mut watch = Watch::new(options.stop)
        .memory_limit(memory_limit)
        .report(&mut tell);
    let value = solver.value_watched(game, &mut watch)?;
    let components = game
        .components()
        .iter()
        .map(|part| {
            let part_value = solver.value(part);
            ComponentValue {
                position: part.to_string(),
                value: solver.store().display(part_value),
            }
        })
        .collect();
    let sides = match to_move {
        Some(side) => vec![side],
        None => vec![Player::Left, Player::Right],
    };
    let mut notes = Vec::new();
    let players = sides
        .into_iter()
        .map(|side| player_moves(solver, game, side, options.moves, &mut notes))
        .collect();
    let store = solver.store();
    let outcome = store.outcome(value);
    let canonical = store.display(value);
    let outcome_class = outcome.letter().to_string();
    Ok::<_, Interrupted>(ValuedReport {
        game: name.to_string(),
        position: game.to_string(),
        to_move: to_move.map(|side| side.to_string().to_lowercase()),
        deprecated: DeprecatedValueKeys::of(&canonical, &outcome_class),
        canonical,
        outcome: outcome_class,
        outcome_meaning: outcome.describe().to_string(),
        temperature: Some(store.temperature(value).to_string()),
        mean: Some(store.mean(value).to_string()),
        left_stop: Some(store.left_stop(value).to_string()),
        right_stop: Some(store.right_stop(value).to_string()),
        loopy_kind: None,
        onside: None,
        offside: None,
        components,
        players,
        notes,
    })
}

/// A progress report in words: `1 204 000 positions valued, 2 100 000 values in the store,
/// about 350 MB`.
fn describe(progress: &Progress) -> String {
    format!(
        "{} positions valued, {} values in the store, about {} MB",
        progress.valued,
        progress.store.values,
        progress.bytes / 1_000_000
    )
}

/// One player's moves: the winning ones (every move when all lose), the perfect one first.
fn player_moves<G: PartizanGame>(
    solver: &mut PartizanSolver<G>,
    game: &G,
    side: Player,
    limit: usize,
    notes: &mut Vec<String>,
) -> PlayerMoves {
    let wins = solver.wins(game, side);
    let best = solver.choose(game, side, false);
    let mut kept: Vec<String> = solver
        .winning_moves(game, side)
        .iter()
        .map(ToString::to_string)
        .collect();
    if let Some(best) = &best {
        let best = best.to_string();
        kept.retain(|mv| *mv != best);
        kept.insert(0, best);
    }
    let remoteness = solver.search(game, side);
    match remoteness {
        Err(Unsearched::Budget) if !kept.is_empty() => notes.push(format!(
            "{side}'s remoteness is not computed: the exact search stops at {} positions \
             or {} options; the best move follows the value (docs/partizan.md)",
            G::REMOTENESS_NODES,
            G::REMOTENESS_OPTIONS
        )),
        Err(Unsearched::Memory { limit }) if !kept.is_empty() => notes.push(format!(
            "{side}'s remoteness is not computed: the exact search would pass the memory \
             limit of {} MB; the best move follows the value (docs/partizan.md)",
            limit / 1_000_000
        )),
        _ => {}
    }
    let remoteness = remoteness.ok();
    PlayerMoves {
        player: side.to_string().to_lowercase(),
        wins,
        draws: false,
        move_count: kept.len().to_string(),
        moves: kept.into_iter().take(limit).collect(),
        best_move: best.map(|mv| mv.to_string()),
        remoteness: remoteness.map(u64::from),
    }
}

/// A position of `G` with its player, read for a registry entry's `start`.
pub fn parse_game<G: PartizanGame>(text: &str) -> Result<G, ParseError> {
    split_turn(text)?.0.parse()
}
