//! Values of short partizan games as Python objects: `grundy.Value("{1|0}")`, with `+`,
//! `-`, the order (`<=`, `<`, `==`; `confused_with` for `||`), the usual notation as `repr`,
//! and the thermograph as SVG for Jupyter.

use grundy::cgt::{Comparison, Value as CgtValue};
use grundy::registry;
use grundy::report::{Report, SolveOptions};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;

use crate::errors::value_error;

/// A short partizan game's canonical value, in one store shared by the process.
///
/// Built from CGSuite's notation (``Value("{1|0}")``, ``Value("^*")``, ``Value("3/4")``) or
/// from a position (:func:`value_of`). Values add, subtract and negate; ``<=``, ``<``,
/// ``>=``, ``>`` and ``==`` are the games' order, which is partial: two confused values are
/// neither ``<=`` nor ``>=`` (see :meth:`confused_with`).
#[pyclass(module = "grundy", frozen)]
#[derive(Clone, Copy)]
pub struct Value {
    inner: CgtValue,
}

#[pymethods]
impl Value {
    /// The value of an expression of values: ``"{1|0} + ^ - (1/2 + *)"``. Raises
    /// ``ValueError`` naming the token and its place when the text does not read.
    #[new]
    fn new(text: &str) -> PyResult<Value> {
        let inner = CgtValue::evaluate(text).map_err(value_error)?;
        Ok(Value { inner })
    }

    fn __add__(&self, other: &Value) -> Value {
        Value {
            inner: self.inner + other.inner,
        }
    }

    fn __sub__(&self, other: &Value) -> Value {
        Value {
            inner: self.inner - other.inner,
        }
    }

    fn __neg__(&self) -> Value {
        Value { inner: -self.inner }
    }

    fn __richcmp__(&self, other: &Value, op: CompareOp) -> bool {
        let comparison = self.inner.compare(other.inner);
        match op {
            CompareOp::Eq => comparison == Comparison::Equal,
            CompareOp::Ne => comparison != Comparison::Equal,
            CompareOp::Le => matches!(comparison, Comparison::Less | Comparison::Equal),
            CompareOp::Lt => comparison == Comparison::Less,
            CompareOp::Ge => matches!(comparison, Comparison::Greater | Comparison::Equal),
            CompareOp::Gt => comparison == Comparison::Greater,
        }
    }

    /// Equal values hash equal: a value is one id of the shared store.
    fn __hash__(&self) -> u64 {
        self.inner.id().index() as u64
    }

    /// True when neither value is ``<=`` the other (``G || H``: the first player wins
    /// ``G - H``).
    fn confused_with(&self, other: &Value) -> bool {
        self.inner.compare(other.inner) == Comparison::Fuzzy
    }

    /// ``"L"``, ``"R"``, ``"N"`` or ``"P"``: who wins, whoever starts.
    #[getter]
    fn outcome(&self) -> &'static str {
        self.inner.outcome().letter()
    }

    /// The left stop, a dyadic rational as text (``"1/2"``).
    #[getter]
    fn left_stop(&self) -> String {
        self.inner.left_stop().to_string()
    }

    /// The right stop.
    #[getter]
    fn right_stop(&self) -> String {
        self.inner.right_stop().to_string()
    }

    /// The mean value.
    #[getter]
    fn mean(&self) -> String {
        self.inner.mean().to_string()
    }

    /// The temperature (``"-1"`` for integers).
    #[getter]
    fn temperature(&self) -> String {
        self.inner.temperature().to_string()
    }

    /// The thermograph drawn as an SVG document.
    fn thermograph_svg(&self) -> String {
        self.inner.thermograph_svg()
    }

    /// Jupyter shows a value as its thermograph.
    fn _repr_svg_(&self) -> String {
        self.inner.thermograph_svg()
    }

    /// The canonical form in CGSuite's notation.
    fn __repr__(&self) -> String {
        self.inner.to_string()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }
}

/// The value of a position of a partizan game of the registry (``domineering``,
/// ``hackenbush``, ``toadsfrogs``, ``clobber``): ``value_of("domineering", "2x2")`` is
/// ``±1``. Raises ``ValueError`` for an unknown game, a game that is not partizan, or a
/// position that does not read. The interpreter is released while the value is computed.
#[pyfunction]
pub fn value_of(py: Python<'_>, game: &str, position: &str) -> PyResult<Value> {
    let kind = registry::find(game).map_err(value_error)?;
    let report = py
        .detach(|| kind.solve(position, &SolveOptions::default()))
        .map_err(value_error)?;
    let Report::Valued(report) = report else {
        return Err(value_error(format!(
            "{game} has no partizan value: its positions are {}",
            if kind.is_impartial() {
                "impartial (see Analysis.grundy_value)"
            } else {
                "searched, not solved"
            }
        )));
    };
    Value::new(&report.value)
}
