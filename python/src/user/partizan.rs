//! Canonical values of a user's partizan game, in the shared store of `grundy.Value`: a
//! component is `{left options | right options}`, a sum the sum of its components.

use grundy::cgt::{GameId, Value as CgtValue, ValueStore};
use pyo3::prelude::*;

use super::walk::{Mover, Walk};
use crate::limits::Failure;

impl<'py> Walk<'_, 'py> {
    /// The canonical value of `position` (met as an option of `parent`).
    pub fn value(
        &mut self,
        position: &Bound<'py, PyAny>,
        parent: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<GameId> {
        let Some(parts) = self.parts(position)? else {
            return self.component_value(position, parent);
        };
        let mut values = Vec::with_capacity(parts.len());
        for part in &parts {
            values.push(self.component_value(part, parent)?);
        }
        match values.as_slice() {
            [only] => Ok(*only),
            _ => self.in_store(move |store| {
                let zero = store.zero();
                values
                    .iter()
                    .fold(zero, |total, &value| store.add(total, value))
            }),
        }
    }

    /// The value of one component, from the cache or from its options.
    fn component_value(
        &mut self,
        component: &Bound<'py, PyAny>,
        parent: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<GameId> {
        let (key, found) = self.run.look_up(&self.tables.values, component, parent)?;
        if let Some(value) = found {
            return Ok(value);
        }
        self.run
            .check_position(component, parent, Mover::Left.method(self.py()))?;
        self.enter(&key)?;
        let mut sides = [Vec::new(), Vec::new()];
        let mut listed: Vec<Bound<'py, PyAny>> = Vec::new();
        for (mover, values) in [Mover::Left, Mover::Right].into_iter().zip(&mut sides) {
            let options = self.moves(&key, mover)?;
            for option in &options {
                match self.deeper(|walk| walk.value(option, Some(component))) {
                    Ok(value) => values.push(value),
                    Err(error) => {
                        if mover == Mover::Right {
                            self.keep_moves(&key, Mover::Left, &listed);
                        }
                        self.keep_moves(&key, mover, &options);
                        return Err(error);
                    }
                }
            }
            listed = options;
        }
        self.leave();
        let [lefts, rights] = sides;
        let value = self.in_store(move |store| store.game(&lefts, &rights))?;
        self.tables.values.insert(&key, value);
        self.counted(&key)?;
        Ok(value)
    }

    /// Runs `work` on the shared store under the run's time and memory limits.
    pub fn in_store<R>(&mut self, work: impl FnOnce(&mut ValueStore) -> R) -> PyResult<R> {
        let bounds = self.run.store_limits();
        CgtValue::with_store(|store| store.bounded(bounds, work))
            .map_err(|interrupted| self.run.limits().error(Failure::from(interrupted)))
    }
}
