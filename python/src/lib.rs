//! Python bindings of the grundy library: the native module `grundy._grundy`, which the
//! `grundy` Python package re-exports.
//!
//! Every rule, notation and solver is the library's; this crate only converts: positions
//! and moves are strings in each game's notation, results are typed objects, and the
//! library's errors become `ValueError` with the message the command line prints. Long
//! calls (solving, searching, building tables, long move lists) release the interpreter;
//! valuations of partizan values are also bounded by a time and a memory limit and end on
//! Ctrl-C (module `limits`).
//! Which games exist is asked of one module, [`games`]; a game defined in Python
//! (`grundy.define_game`, module `user`) joins the library's there, and every front end
//! (states, strategies, `play_match` through the library's referee, OpenSpiel) plays it.

mod analysis;
mod arena;
mod budget;
mod cuboid_table;
mod errors;
mod game;
pub mod games;
mod limits;
mod serve;
mod state;
mod strategy;
mod takebreak;
mod user;
mod value;
mod value_loopy;
mod watch;

use pyo3::prelude::*;

/// grundy's games, solvers and strategies (native part of the `grundy` package).
#[pymodule]
fn _grundy(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<game::Game>()?;
    module.add_class::<state::State>()?;
    module.add_class::<analysis::Analysis>()?;
    module.add_class::<strategy::Strategy>()?;
    module.add_class::<takebreak::Sequence>()?;
    module.add_class::<value::Value>()?;
    module.add_class::<value::Thermograph>()?;
    module.add_class::<user::cache::Cache>()?;
    module.add_class::<serve::WebServer>()?;
    module.add_function(wrap_pyfunction!(serve::serve, module)?)?;
    module.add_class::<user::api::Solution>()?;
    module.add_class::<user::heap::HeapRuleset>()?;
    module.add_class::<user::misere::MisereQuotient>()?;
    module.add_class::<user::misere::MisereSequence>()?;
    module.add_class::<user::heap::HeapPosition>()?;
    module.add_class::<user::heap::PartizanHeapPosition>()?;
    module.add_function(wrap_pyfunction!(user::define::define_game, module)?)?;
    module.add_function(wrap_pyfunction!(arena::play_match, module)?)?;
    module.add_function(wrap_pyfunction!(user::api::value, module)?)?;
    module.add_function(wrap_pyfunction!(user::api::outcome, module)?)?;
    module.add_function(wrap_pyfunction!(user::api::solve, module)?)?;
    module.add(
        "cache",
        user::cache::Cache::shared(module.py())?.clone_ref(module.py()),
    )?;
    module.add_function(wrap_pyfunction!(game::all_games, module)?)?;
    module.add_function(wrap_pyfunction!(game::start, module)?)?;
    module.add_function(wrap_pyfunction!(cuboid_table::cuboid_table, module)?)?;
    module.add_function(wrap_pyfunction!(takebreak::sequence, module)?)?;
    module.add_function(wrap_pyfunction!(takebreak::misere_quotient, module)?)?;
    module.add_function(wrap_pyfunction!(value::value_of, module)?)?;
    module.add_function(wrap_pyfunction!(state::restore, module)?)?;
    module.add_function(wrap_pyfunction!(state::bench_solve, module)?)?;
    module.add("MAX_LISTED_MOVES", state::MAX_LISTED_MOVES)?;
    Ok(())
}
