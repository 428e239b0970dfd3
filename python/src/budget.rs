//! What a solver or a strategy may spend on one call, read from Python keyword arguments.

use std::time::Duration;

use grundy::game::Budget;
use pyo3::PyResult;

use crate::errors::value_error;
use crate::games::GameKind;

/// The most threads a search may be given.
const MAX_THREADS: usize = 256;

/// A [`Budget`] from `movetime` (seconds), `depth` (plies) and `threads`, or a `ValueError`
/// naming the argument that is out of range. Without `movetime` and `depth` the library's
/// default applies (one second of search for Pousse; the other games are solved exactly).
pub fn budget(movetime: Option<f64>, depth: Option<u32>, threads: usize) -> PyResult<Budget> {
    let movetime = match movetime {
        None => None,
        Some(seconds) if seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0 => {
            Some(Duration::from_secs_f64(seconds))
        }
        Some(seconds) => {
            return Err(value_error(format!(
                "movetime is a number of seconds above 0 and at most 86400, got {seconds}"
            )))
        }
    };
    if depth == Some(0) {
        return Err(value_error(
            "depth is a number of plies of at least 1, got 0",
        ));
    }
    if !(1..=MAX_THREADS).contains(&threads) {
        return Err(value_error(format!(
            "threads is a number from 1 to {MAX_THREADS}, got {threads}"
        )));
    }
    let default = Budget::default();
    Ok(Budget {
        movetime: if movetime.is_none() && depth.is_none() {
            default.movetime
        } else {
            movetime
        },
        depth,
        threads,
        ..default
    })
}

/// [`budget`] for a call on `game`: a game of your own is solved exactly by its play-out,
/// so without `movetime` and `depth` it has no time limit (not the default second).
pub fn budget_for(
    game: GameKind,
    movetime: Option<f64>,
    depth: Option<u32>,
    threads: usize,
) -> PyResult<Budget> {
    let mut answer = budget(movetime, depth, threads)?;
    if game.user().is_some() && movetime.is_none() {
        answer.movetime = None;
    }
    Ok(answer)
}
