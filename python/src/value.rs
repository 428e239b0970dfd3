//! Values of short partizan games as Python objects: `grundy.Value("{1|0}")`, with `+`,
//! `-`, the order (`<=`, `<`, `==`; `confused_with` for `||`), the usual notation as `repr`,
//! exact figures (stops, mean, temperature as `fractions.Fraction`, the birthday as `int`)
//! and the thermograph as SVG for Jupyter.
//!
//! Every operation runs in the shared store bounded by a memory limit and stoppable by
//! Ctrl-C ([`crate::limits`]); building a value from text or from a position also takes a
//! time limit and a memory limit as keyword arguments.

use grundy::cgt::{Comparison, Dyadic, GameId, Value as CgtValue, ValueStore};
use grundy::integer::Integer;
use grundy::registry;
use grundy::report::{Report, SolveOptions};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyInt, PyType};

use crate::limits::{in_store, on_worker, CallLimits, Failure};

/// A short partizan game's canonical value, in one store shared by the process.
///
/// Built from CGSuite's notation (``Value("{1|0}")``, ``Value("^*")``, ``Value("3/4")``) or
/// from a position (:func:`value_of`). Values add, subtract and negate; ``<=``, ``<``,
/// ``>=``, ``>`` and ``==`` are the games' order, which is partial: two confused values are
/// neither ``<=`` nor ``>=`` (see :meth:`confused_with`). Numbers are exact at any size:
/// the stops, the mean and the temperature are ``fractions.Fraction``, the birthday an
/// ``int``. Every operation can be interrupted with Ctrl-C (``KeyboardInterrupt``) and is
/// bounded by the default memory limit (``MemoryError`` past it).
#[pyclass(module = "grundy", frozen)]
#[derive(Clone, Copy)]
pub struct Value {
    inner: CgtValue,
}

impl Value {
    /// The value of an id of the shared store.
    pub(crate) fn of(id: GameId) -> Value {
        Value {
            inner: CgtValue::from_id(id),
        }
    }

    /// This value's id in the shared store.
    fn id(&self) -> GameId {
        self.inner.id()
    }

    /// Runs `work` on this value's id in the shared store, bounded by the default memory
    /// limit and stoppable by Ctrl-C.
    fn ask<R: Send + 'static>(
        &self,
        py: Python<'_>,
        work: impl Fn(&mut ValueStore, GameId) -> R + Send + Sync + 'static,
    ) -> PyResult<R> {
        let id = self.id();
        in_store(py, &CallLimits::default_memory(), move |store| {
            work(store, id)
        })
    }

    /// Runs `work` on the ids of two values in the shared store, as [`Value::ask`].
    fn ask_two<R: Send + 'static>(
        &self,
        py: Python<'_>,
        other: &Value,
        work: impl Fn(&mut ValueStore, GameId, GameId) -> R + Send + Sync + 'static,
    ) -> PyResult<R> {
        let (mine, theirs) = (self.id(), other.id());
        in_store(py, &CallLimits::default_memory(), move |store| {
            work(store, mine, theirs)
        })
    }
}

#[pymethods]
impl Value {
    /// The value of an expression of values: ``"{1|0} + ^ - (1/2 + *)"``. Raises
    /// ``ValueError`` naming the token and its place when the text does not read,
    /// ``TimeoutError`` past ``time_limit`` seconds, ``MemoryError`` once the store would
    /// hold more than ``memory_limit`` megabytes (default 4000), and ``KeyboardInterrupt``
    /// on Ctrl-C.
    #[new]
    #[pyo3(signature = (text, *, time_limit=None, memory_limit=None))]
    fn new(
        py: Python<'_>,
        text: &str,
        time_limit: Option<&Bound<'_, PyAny>>,
        memory_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Value> {
        let limits = CallLimits::read(time_limit, memory_limit)?;
        let text = text.to_owned();
        let id = in_store(py, &limits, move |store| {
            store.evaluate(&text).map_err(|error| error.to_string())
        })?
        .map_err(crate::errors::value_error)?;
        Ok(Value::of(id))
    }

    fn __add__(&self, py: Python<'_>, other: &Value) -> PyResult<Value> {
        self.ask_two(py, other, |store, g, h| store.add(g, h))
            .map(Value::of)
    }

    fn __sub__(&self, py: Python<'_>, other: &Value) -> PyResult<Value> {
        self.ask_two(py, other, |store, g, h| store.sub(g, h))
            .map(Value::of)
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Value> {
        self.ask(py, |store, g| store.neg(g)).map(Value::of)
    }

    fn __richcmp__(&self, py: Python<'_>, other: &Value, op: CompareOp) -> PyResult<bool> {
        let comparison = self.ask_two(py, other, |store, g, h| store.compare(g, h))?;
        Ok(match op {
            CompareOp::Eq => comparison == Comparison::Equal,
            CompareOp::Ne => comparison != Comparison::Equal,
            CompareOp::Le => matches!(comparison, Comparison::Less | Comparison::Equal),
            CompareOp::Lt => comparison == Comparison::Less,
            CompareOp::Ge => matches!(comparison, Comparison::Greater | Comparison::Equal),
            CompareOp::Gt => comparison == Comparison::Greater,
        })
    }

    /// Equal values hash equal: a value is one id of the shared store.
    fn __hash__(&self) -> u64 {
        self.id().index() as u64
    }

    /// True when neither value is ``<=`` the other (``G || H``: the first player wins
    /// ``G - H``).
    fn confused_with(&self, py: Python<'_>, other: &Value) -> PyResult<bool> {
        self.ask_two(py, other, |store, g, h| store.compare(g, h))
            .map(|comparison| comparison == Comparison::Fuzzy)
    }

    /// ``"L"``, ``"R"``, ``"N"`` or ``"P"``: who wins, whoever starts.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<&'static str> {
        self.ask(py, |store, g| store.outcome(g).letter())
    }

    /// The left stop, exact: a ``fractions.Fraction`` (``Fraction(1, 2)``).
    #[getter]
    fn left_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let stop = self.ask(py, |store, g| store.left_stop(g))?;
        fraction(py, &stop)
    }

    /// The right stop, exact: a ``fractions.Fraction``.
    #[getter]
    fn right_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let stop = self.ask(py, |store, g| store.right_stop(g))?;
        fraction(py, &stop)
    }

    /// The mean value, exact: a ``fractions.Fraction``.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mean = self.ask(py, |store, g| store.mean(g))?;
        fraction(py, &mean)
    }

    /// The temperature, exact: a ``fractions.Fraction`` (``Fraction(-1)`` for integers).
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let temperature = self.ask(py, |store, g| store.temperature(g))?;
        fraction(py, &temperature)
    }

    /// The birthday, an ``int``: the height of the canonical game tree (``0`` for ``0``,
    /// ``1`` for ``*``, ``1`` and ``-1``).
    #[getter]
    fn birthday<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let day = self.ask(py, |store, g| store.birthday(g))?;
        integer(py, &day)
    }

    /// The thermograph drawn as an SVG document.
    fn thermograph_svg(&self, py: Python<'_>) -> PyResult<String> {
        self.ask(py, |store, g| store.thermograph_svg(g))
    }

    /// Jupyter shows a value as its thermograph.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.thermograph_svg(py)
    }

    /// The canonical form in CGSuite's notation.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.ask(py, |store, g| store.display(g))
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        self.__repr__(py)
    }
}

/// A Python `int` equal to `n`, of any size (through its bytes, so that no digit limit of
/// Python's text conversion applies).
fn integer<'py>(py: Python<'py>, n: &Integer) -> PyResult<Bound<'py, PyAny>> {
    if let Some(small) = n.to_i64() {
        return Ok(small.into_pyobject(py)?.into_any());
    }
    let bytes = PyBytes::new(py, &n.to_big().to_signed_bytes_le());
    let signed = PyDict::new(py);
    signed.set_item("signed", true)?;
    py.get_type::<PyInt>()
        .call_method("from_bytes", (bytes, "little"), Some(&signed))
}

/// A `fractions.Fraction` equal to `x`: its numerator over `2 ** exponent`.
fn fraction<'py>(py: Python<'py>, x: &Dyadic) -> PyResult<Bound<'py, PyAny>> {
    static FRACTION: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let numerator = integer(py, x.numerator())?;
    let denominator = 1_u8.into_pyobject(py)?.lshift(x.exponent())?;
    FRACTION
        .import(py, "fractions", "Fraction")?
        .call1((numerator, denominator))
}

/// The value of a position of a partizan game of the registry (``domineering``,
/// ``hackenbush``, ``toadsfrogs``, ``clobber``): ``value_of("domineering", "2x2")`` is
/// ``±1``. Raises ``ValueError`` for an unknown game, a game that is not partizan, or a
/// position that does not read; ``TimeoutError`` past ``time_limit`` seconds;
/// ``MemoryError`` once the valuation would hold more than ``memory_limit`` megabytes
/// (default 4000); ``KeyboardInterrupt`` on Ctrl-C. The interpreter is released while the
/// value is computed.
#[pyfunction]
#[pyo3(signature = (game, position, *, time_limit=None, memory_limit=None))]
pub fn value_of(
    py: Python<'_>,
    game: &str,
    position: &str,
    time_limit: Option<&Bound<'_, PyAny>>,
    memory_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<Value> {
    let limits = CallLimits::read(time_limit, memory_limit)?;
    let kind = registry::find(game).map_err(crate::errors::value_error)?;
    let name = game.to_owned();
    let position = position.to_owned();
    let id = on_worker(py, &limits, move |stop, bytes| {
        let options = SolveOptions {
            memory_limit: Some(bytes),
            stop,
            ..SolveOptions::default()
        };
        let Report::Valued(report) = kind.solve(&position, &options)? else {
            return Err(Failure::Invalid(format!(
                "{name} has no partizan value: its positions are {}",
                if kind.is_impartial() {
                    "impartial (see Analysis.grundy_value)"
                } else {
                    "searched, not solved"
                }
            )));
        };
        let limits = grundy::cgt::Limits::new(stop.clone(), Some(bytes));
        CgtValue::with_store(|store| store.bounded(limits, |store| store.evaluate(&report.value)))?
            .map_err(|error| Failure::Invalid(error.to_string()))
    })?;
    Ok(Value::of(id))
}
