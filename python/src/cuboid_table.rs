//! Tables of the library as NumPy arrays.

use grundy::games::cuboid::{
    shared_table, Cuboid, CuboidTable, SUPPORTED_MAX_SIDE, TABLE_LIMIT_REASON, TABLE_MAX_SIDE,
};
use numpy::ndarray::Array3;
use numpy::{IntoPyArray, PyArray3};
use pyo3::prelude::*;

use crate::errors::value_error;

/// The Grundy value of every single cuboid with sides up to `max_side` (at most 128), as a
/// `numpy.uint32` array `t` of shape `(max_side + 1,) * 3`: `t[x, y, z]` is the value of the
/// `x × y × z` cuboid, and 0 when a side is 0 (no cuboid). Sides up to 64 come from the
/// table the games share (built once per process); longer ones build a table for the call
/// (about 4 s of CPU at side 128). Other Python threads run while the table is built.
#[pyfunction]
pub fn cuboid_table<'py>(py: Python<'py>, max_side: u32) -> PyResult<Bound<'py, PyArray3<u32>>> {
    if max_side > TABLE_MAX_SIDE {
        return Err(value_error(format!(
            "cuboid side {max_side} is beyond the supported maximum of {TABLE_MAX_SIDE}: \
             {TABLE_LIMIT_REASON}"
        )));
    }
    let values = py.detach(|| -> Result<Vec<u32>, String> {
        let table = if max_side <= SUPPORTED_MAX_SIDE {
            shared_table(max_side.max(1)).map_err(|error| error.to_string())?
        } else {
            std::sync::Arc::new(CuboidTable::new(max_side).map_err(|error| error.to_string())?)
        };
        let stride = max_side as usize + 1;
        let mut values = vec![0u32; stride * stride * stride];
        for x in 1..=max_side {
            for y in 1..=max_side {
                for z in 1..=max_side {
                    let cuboid = Cuboid::new(x, y, z).map_err(|error| error.to_string())?;
                    let value = table.value(cuboid).map_err(|error| error.to_string())?;
                    let index = (x as usize * stride + y as usize) * stride + z as usize;
                    values[index] = u32::try_from(value).map_err(|error| error.to_string())?;
                }
            }
        }
        Ok(values)
    });
    let values = values.map_err(value_error)?;
    let stride = max_side as usize + 1;
    let array = Array3::from_shape_vec((stride, stride, stride), values).map_err(value_error)?;
    Ok(array.into_pyarray(py))
}
