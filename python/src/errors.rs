//! Library errors as Python exceptions.
//!
//! Every error of the library says what was wrong and where; Python gets the same words as
//! the command line prints after `grundy: `, in a `ValueError`.

use std::fmt::Display;

use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

/// A `ValueError` carrying the library's message for `error`.
pub fn value_error(error: impl Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}
