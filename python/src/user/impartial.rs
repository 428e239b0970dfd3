//! Nim values of a user's impartial game: the mex of the options' values, a sum's value
//! the nim-sum of its components'.

use pyo3::prelude::*;

use super::heap::HeapPosition;
use super::walk::{Mover, Walk};

impl<'py> Walk<'_, 'py> {
    /// The nim value of `position` (met as an option of `parent`).
    pub fn nim_value(
        &mut self,
        position: &Bound<'py, PyAny>,
        parent: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<u64> {
        if let Ok(heaps) = position.cast::<HeapPosition>() {
            return self.heap_position_nim_value(heaps);
        }
        let Some(parts) = self.parts(position)? else {
            return self.nim_component(position, parent);
        };
        let mut total = 0;
        for part in parts {
            total ^= self.nim_component(&part, parent)?;
        }
        Ok(total)
    }

    /// The nim value of one component, from the cache or from its options.
    fn nim_component(
        &mut self,
        component: &Bound<'py, PyAny>,
        parent: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<u64> {
        let (key, found) = self.run.look_up(&self.tables.nim, component, parent)?;
        if let Some(value) = found {
            return Ok(value);
        }
        if !self.tables.loopy_nim.is_empty()
            && self
                .tables
                .loopy_nim
                .get(&key, &mut self.run.user_time)?
                .is_some()
        {
            return Err(self.loopy_known(&key));
        }
        self.run
            .check_position(component, parent, Mover::Either.method(self.py()))?;
        self.enter(&key)?;
        let options = self.moves(&key, Mover::Either)?;
        let mut values = Vec::with_capacity(options.len());
        for option in &options {
            match self.deeper(|walk| walk.nim_value(option, Some(component))) {
                Ok(value) => values.push(value),
                Err(error) => {
                    self.keep_moves(&key, Mover::Either, &options);
                    return Err(error);
                }
            }
        }
        self.leave();
        let value = grundy::nimber::mex(values);
        self.tables.nim.insert(&key, value);
        self.counted(&key)?;
        Ok(value)
    }
}
