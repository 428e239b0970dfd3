//! `grundy.Strategy`: the library's built-in players.

use std::sync::{Mutex, PoisonError};

use grundy::game::Strategy as Player;
use grundy::strategy::StrategySpec;
use pyo3::prelude::*;

use crate::budget::budget_for;
use crate::errors::value_error;
use crate::state::State;

/// A built-in player, written as on the command line: `perfect` (fastest win, slowest
/// loss; the Pousse engine for Pousse), `stubborn`, `random`, `noisy[:ε]` (perfect except a
/// random move with probability ε), `scripted:m1,m2,…`, and for Pousse the sparring partners
/// `alphabeta[:depth=N]` and `mcts[:playouts=N]`. `seed` fixes every random choice, so a
/// game replays exactly. A player keeps what it learns (tables, random state) between
/// moves, so use one object per player and game.
#[pyclass(module = "grundy", frozen)]
pub struct Strategy {
    spec: StrategySpec,
    player: Mutex<Box<dyn Player>>,
}

impl Strategy {
    /// The strategy as written (for a match, which builds its players from it).
    pub fn spec(&self) -> &StrategySpec {
        &self.spec
    }
}

#[pymethods]
impl Strategy {
    #[new]
    #[pyo3(signature = (spec, seed=0))]
    fn new(spec: &str, seed: u64) -> PyResult<Self> {
        let spec: StrategySpec = spec.parse().map_err(value_error)?;
        let player = Mutex::new(spec.build(seed));
        Ok(Strategy { spec, player })
    }

    /// The strategy as the command line writes it (`noisy:0.1`).
    #[getter]
    fn name(&self) -> String {
        self.spec.to_string()
    }

    /// The move this player makes in `state`, None when the game is over. `movetime`
    /// (seconds), `depth` and `threads` bound the Pousse searches as in `State.solve`.
    /// Other Python threads run during the call. `ValueError` when the strategy cannot
    /// play the game (a Pousse sparring partner on another game). In a game of your own
    /// the exception a method of the game raised (or `TimeoutError` past `movetime`) is
    /// raised here.
    #[pyo3(signature = (state, *, movetime=None, depth=None, threads=1))]
    fn choose(
        &self,
        py: Python<'_>,
        state: &State,
        movetime: Option<f64>,
        depth: Option<u32>,
        threads: usize,
    ) -> PyResult<Option<String>> {
        state
            .game_handle()
            .check_strategy(&self.spec)
            .map_err(value_error)?;
        let budget = budget_for(state.game_handle(), movetime, depth, threads)?;
        state.with_detached(py, |game| {
            let mut player = self.player.lock().unwrap_or_else(PoisonError::into_inner);
            player.choose(game, &budget)
        })
    }

    fn __repr__(&self) -> String {
        format!("grundy.Strategy({:?})", self.spec.to_string())
    }
}
