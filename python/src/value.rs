//! Values of short partizan games as Python objects: `grundy.Value("{1|0}")`, with `+`,
//! `-`, the order (`<=`, `<`, `==`; `confused_with` for `||`), the usual notation as `repr`,
//! exact figures (stops, mean, temperature as `fractions.Fraction`, the birthday as `int`,
//! the atomic weight of an all-small value), the canonical options, the thermograph as data
//! and as SVG for Jupyter.
//!
//! **Values mix with numbers.** Every number of a short game is a dyadic rational, so an
//! `int` or a `fractions.Fraction` whose denominator is a power of 2 is a value: it adds,
//! subtracts and compares with values on either side (`1 + up`, `0 < up`), and a value that
//! is a number hashes as that number (`hash(Value(3)) == hash(3)`), so `==` and `hash`
//! agree across the types. A rational that is not dyadic (`Fraction(1, 3)`) is no short
//! game: `ValueError`. A `float` is refused (`TypeError`): it is usually an approximation
//! (`0.1` is not `1/10`), and the values are exact. Any other type is `NotImplemented`, as
//! for Python's numbers: `==` is then False and `<` or `+` a `TypeError`.
//!
//! Every operation runs in the shared store bounded by a memory limit and stoppable by
//! Ctrl-C ([`crate::limits`]); building a value from text or from a position also takes a
//! time limit and a memory limit as keyword arguments.

use std::sync::Arc;

use grundy::cgt::loopy::LoopyValue;
use grundy::cgt::{
    Comparison, Dyadic, GameId, Thermograph as CgtThermograph, Value as CgtValue, ValueStore,
    WallPoint,
};
use grundy::integer::Integer;
use grundy::loopy::LoopyNimber;
use grundy::misere_play::split_misere;
use grundy::report::{Report, SolveOptions};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyString, PyTuple, PyType};

use crate::errors::value_error;
use crate::games::{self, GameKind};
use crate::limits::{in_store, on_worker, CallLimits, Failure};

/// A short partizan game's canonical value, in one store shared by the process.
///
/// Built from CGSuite's notation (``Value("{1|0}")``, ``Value("^*")``, ``Value("3/4")``),
/// from a number (``Value(3)``, ``Value(Fraction(3, 4))``) or from a position
/// (:func:`value_of`, :meth:`State.value`). Values add, subtract and negate; ``<=``, ``<``,
/// ``>=``, ``>`` and ``==`` are the games' order, which is partial: two confused values are
/// neither ``<=`` nor ``>=`` (see :meth:`confused_with`). ``int`` and dyadic
/// ``fractions.Fraction`` operands are the numbers they are (``1 + Value("^")``,
/// ``Value("^") > 0`` is False, ``Value("^") >= 0`` True); a ``float`` is a ``TypeError``
/// (values are exact, a float usually is not). Numbers are exact at any size: the stops,
/// the mean and the temperature are ``fractions.Fraction``, the birthday an ``int``. Every
/// operation can be interrupted with Ctrl-C (``KeyboardInterrupt``) and is bounded by the
/// default memory limit (``MemoryError`` past it).
#[pyclass(module = "grundy", frozen)]
#[derive(Clone)]
pub struct Value {
    pub(crate) inner: Held,
}

/// What a value holds.
#[derive(Clone)]
pub(crate) enum Held {
    /// A short game, by its id in the shared store.
    Short(GameId),
    /// The generalised Sprague–Grundy value `∞{K}` of a loopy impartial game (a finite one
    /// is a short nimber).
    Nim(LoopyNimber),
    /// A loopy partizan value that is not short: a canonical stopper or a sided value.
    Loopy(Arc<LoopyValue>),
}

/// The other operand of an operator, in the store's terms.
#[derive(Clone)]
pub(crate) enum Operand {
    /// A value of the store.
    Value(GameId),
    /// A loopy value.
    Loopy(Held),
    /// A number, entered into the store when the operator runs.
    Number(Dyadic),
}

impl Operand {
    /// The operand's id in `store`.
    pub(crate) fn id(&self, store: &mut ValueStore) -> GameId {
        match self {
            Operand::Value(id) => *id,
            Operand::Number(x) => store.number(x.clone()),
            // Never asked: a loopy operand goes to the loopy values' operators first.
            Operand::Loopy(_) => store.zero(),
        }
    }
}

/// What a Python object is to a value's operators.
enum Other {
    /// A value, or a number that is one.
    Operand(Operand),
    /// A rational that is not dyadic, hence no short game: the `ValueError` to raise
    /// (an operand of `==` is simply unequal).
    NotDyadic(PyErr),
    /// A float, or another real that is not rational: the `TypeError` to raise (`==` with
    /// it is `NotImplemented`, as with any foreign type).
    Float(PyErr),
    /// Anything else: `NotImplemented`.
    Foreign,
}

impl Value {
    /// The value of an id of the shared store.
    pub(crate) fn of(id: GameId) -> Value {
        Value {
            inner: Held::Short(id),
        }
    }

    /// This value's id in the shared store, or the `ValueError` of a loopy value asked for
    /// `what`, which only short games have.
    fn short_id(&self, py: Python<'_>, what: &str) -> PyResult<GameId> {
        match &self.inner {
            Held::Short(id) => Ok(*id),
            _ => Err(PyValueError::new_err(format!(
                "{} is a loopy value, and a loopy value has no {what} (docs/loopy.md lists \
                 what a loopy value has)",
                self.__repr__(py)?
            ))),
        }
    }

    /// Runs `work` on this value's id in the shared store, bounded by the default memory
    /// limit and stoppable by Ctrl-C; a `ValueError` for a loopy value, which has no
    /// `what`.
    fn ask<R: Send + 'static>(
        &self,
        py: Python<'_>,
        what: &str,
        work: impl Fn(&mut ValueStore, GameId) -> R + Send + Sync + 'static,
    ) -> PyResult<R> {
        let id = self.short_id(py, what)?;
        in_store(py, &CallLimits::default_memory(), move |store| {
            work(store, id)
        })
    }

    /// Runs `work` on the ids of this value and an operand in the shared store, as
    /// [`Value::ask`].
    fn ask_two<R: Send + 'static>(
        &self,
        py: Python<'_>,
        other: Operand,
        work: impl Fn(&mut ValueStore, GameId, GameId) -> R + Send + Sync + 'static,
    ) -> PyResult<R> {
        let mine = self.short_id(py, "operator")?;
        in_store(py, &CallLimits::default_memory(), move |store| {
            let theirs = other.id(store);
            work(store, mine, theirs)
        })
    }

    /// This value as a number, when it is one.
    fn number(&self, py: Python<'_>) -> PyResult<Option<Dyadic>> {
        if !matches!(self.inner, Held::Short(_)) {
            return Ok(None);
        }
        self.ask(py, "number", |store, g| store.as_number(g))
    }

    /// This value as a number, or a `TypeError` saying that it is none, and so `what`.
    fn require_number(&self, py: Python<'_>, what: &str) -> PyResult<Dyadic> {
        match self.number(py)? {
            Some(x) => Ok(x),
            None => Err(PyTypeError::new_err(format!(
                "{} is not a number, so {what}{}",
                self.__repr__(py)?,
                if self.nim(py).is_ok() {
                    " (the n of a nimber *n is .nim)"
                } else {
                    ""
                }
            ))),
        }
    }

    /// `self op other` (or `other op self` when `reflected`) for `+` and `-`:
    /// `NotImplemented` for a foreign operand.
    fn arithmetic<'py>(
        &self,
        other: &Bound<'py, PyAny>,
        reflected: bool,
        subtract: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let work = if subtract {
            ValueStore::sub
        } else {
            ValueStore::add
        };
        let py = other.py();
        let operand = match read_other(other)? {
            Other::Operand(operand) => operand,
            Other::NotDyadic(error) | Other::Float(error) => return Err(error),
            Other::Foreign => return Ok(py.NotImplemented().into_bound(py)),
        };
        if let Some(loopy) = crate::value_loopy::operands(&self.inner, &operand) {
            let sum = crate::value_loopy::arithmetic(py, loopy, reflected, subtract)?;
            return Ok(Bound::new(py, sum)?.into_any());
        }
        let id = self.ask_two(py, operand, move |store, mine, theirs| {
            if reflected {
                work(store, theirs, mine)
            } else {
                work(store, mine, theirs)
            }
        })?;
        Ok(Bound::new(py, Value::of(id))?.into_any())
    }
}

#[pymethods]
impl Value {
    /// The value of an expression of values: ``"{1|0} + ^ - (1/2 + *)"``; or, when
    /// ``text`` is a number (an ``int`` or a ``Fraction`` whose denominator is a power of
    /// 2), that number; or ``text`` itself when it is a ``Value``. Raises ``ValueError``
    /// naming the token and its place when the text does not read, or for a rational that
    /// is not dyadic;
    /// ``TypeError`` for a float or another type; ``TimeoutError`` past ``time_limit``
    /// seconds, ``MemoryError`` once the store would hold more than ``memory_limit``
    /// megabytes (default 4000), and ``KeyboardInterrupt`` on Ctrl-C.
    #[new]
    #[pyo3(signature = (text, *, time_limit=None, memory_limit=None))]
    fn new(
        py: Python<'_>,
        text: &Bound<'_, PyAny>,
        time_limit: Option<&Bound<'_, PyAny>>,
        memory_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Value> {
        let limits = CallLimits::read(time_limit, memory_limit)?;
        if text.is_instance_of::<PyString>() {
            let notation: String = text.extract()?;
            if let Some(value) = crate::value_loopy::read(py, &notation, &limits)? {
                return Ok(value);
            }
            let id = in_store(py, &limits, move |store| {
                store.evaluate(&notation).map_err(|error| error.to_string())
            })?
            .map_err(value_error)?;
            return Ok(Value::of(id));
        }
        match read_other(text)? {
            Other::Operand(Operand::Value(id)) => Ok(Value::of(id)),
            Other::Operand(Operand::Loopy(inner)) => Ok(Value { inner }),
            Other::Operand(Operand::Number(x)) => {
                let id = in_store(py, &limits, move |store| store.number(x.clone()))?;
                Ok(Value::of(id))
            }
            Other::NotDyadic(error) | Other::Float(error) => Err(error),
            Other::Foreign => Err(PyTypeError::new_err(format!(
                "a Value is made from a text in CGSuite's notation, an int or a Fraction whose \
                 denominator is a power of 2; got {} (a {})",
                describe(text),
                text.get_type().name()?
            ))),
        }
    }

    /// ``self + other``, for a value or a number (``int``, dyadic ``Fraction``).
    fn __add__<'py>(&self, other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        self.arithmetic(other, false, false)
    }

    /// ``other + self``, for a number on the left (``1 + Value("^")``).
    fn __radd__<'py>(&self, other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        self.arithmetic(other, true, false)
    }

    /// ``self - other``, for a value or a number.
    fn __sub__<'py>(&self, other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        self.arithmetic(other, false, true)
    }

    /// ``other - self``, for a number on the left (``2 - Value("^")``).
    fn __rsub__<'py>(&self, other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        self.arithmetic(other, true, true)
    }

    /// ``n * self``, the sum of ``n`` copies (of ``-self`` for a negative ``n``), for an
    /// ``int`` ``n`` (``3 * Value("^") == Value("^3")``); multiplying by anything else is
    /// ``NotImplemented`` (a ``TypeError``), a float a ``TypeError`` saying why.
    fn __mul__<'py>(&self, other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = other.py();
        let whole = if other.is_instance_of::<PyInt>() {
            Some(other.clone())
        } else if other.cast::<Value>().is_err() && other.hasattr("__index__")? {
            index(other).ok()
        } else {
            None
        };
        let Some(whole) = whole else {
            return match read_other(other)? {
                Other::Float(error) => Err(error),
                _ => Ok(py.NotImplemented().into_bound(py)),
            };
        };
        let n = integer_of(&whole)?;
        if !matches!(self.inner, Held::Short(_)) {
            let product = crate::value_loopy::multiple(py, &self.inner, &n)?;
            return Ok(Bound::new(py, product)?.into_any());
        }
        let id = self.ask(py, "multiple", move |store, g| multiple(store, g, &n))?;
        Ok(Bound::new(py, Value::of(id))?.into_any())
    }

    /// ``n * self`` for an ``int`` ``n`` on the left.
    fn __rmul__<'py>(&self, other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        self.__mul__(other)
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Value> {
        if !matches!(self.inner, Held::Short(_)) {
            return crate::value_loopy::negative(py, &self.inner);
        }
        self.ask(py, "negative", |store, g| store.neg(g))
            .map(Value::of)
    }

    /// The value itself (``+v``).
    fn __pos__(&self) -> Value {
        self.clone()
    }

    /// The games' order, with a value or a number on either side. ``==`` with a rational
    /// that is not dyadic is False (no short game equals it), with a float or a foreign
    /// type ``NotImplemented`` (so False, as for Python's numbers); ``<`` and the others
    /// raise ``ValueError`` and ``TypeError`` for them.
    fn __richcmp__<'py>(
        &self,
        other: &Bound<'py, PyAny>,
        op: CompareOp,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = other.py();
        let equality = matches!(op, CompareOp::Eq | CompareOp::Ne);
        let operand = match read_other(other)? {
            Other::Operand(operand) => operand,
            Other::NotDyadic(_) if equality => {
                return Ok(boolean(py, matches!(op, CompareOp::Ne)));
            }
            Other::NotDyadic(error) | Other::Float(error) if !equality => return Err(error),
            _ => return Ok(py.NotImplemented().into_bound(py)),
        };
        let comparison = match crate::value_loopy::operands(&self.inner, &operand) {
            Some(loopy) => crate::value_loopy::compare(py, loopy, op)?,
            None => self.ask_two(py, operand, |store, g, h| store.compare(g, h))?,
        };
        let answer = match op {
            CompareOp::Eq => comparison == Comparison::Equal,
            CompareOp::Ne => comparison != Comparison::Equal,
            CompareOp::Le => matches!(comparison, Comparison::Less | Comparison::Equal),
            CompareOp::Lt => comparison == Comparison::Less,
            CompareOp::Ge => matches!(comparison, Comparison::Greater | Comparison::Equal),
            CompareOp::Gt => comparison == Comparison::Greater,
        };
        Ok(boolean(py, answer))
    }

    /// Equal values hash equal, and a value that is a number hashes as that number's
    /// ``int`` or ``Fraction`` (``hash(Value("1/2")) == hash(Fraction(1, 2))``), since it
    /// is ``==`` to it. Other values hash by their id in the shared store.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        if let Some(hash) = crate::value_loopy::hash(py, &self.inner)? {
            return Ok(hash);
        }
        match self.number(py)? {
            Some(x) => python_number(py, &x)?.hash(),
            None => {
                let id = self.short_id(py, "hash")?;
                Ok(isize::try_from(id.index()).unwrap_or(isize::MAX))
            }
        }
    }

    /// The integer this value is: ``TypeError`` for a value that is not a number,
    /// ``ValueError`` for a number that is not an integer (``math.floor(v.mean)`` rounds).
    fn __int__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let x = self.require_number(py, "int() does not give it")?;
        if !x.is_integer() {
            return Err(PyValueError::new_err(format!(
                "{x} is not an integer, so int() does not give it (math.floor(v.mean) and \
                 math.ceil(v.mean) round it)"
            )));
        }
        integer(py, x.numerator())
    }

    /// The ``n`` of a nimber ``*n`` (``0`` for ``0``, ``1`` for ``*``): the nim value
    /// of an impartial game's position, as ``grundy.value`` gives it. ``ValueError`` for a
    /// value that is not a nimber (``int()`` gives a number, not a nimber's ``n``).
    #[getter]
    fn nim(&self, py: Python<'_>) -> PyResult<u64> {
        if !matches!(self.inner, Held::Short(_)) {
            let shown = self.__repr__(py)?;
            return Err(PyValueError::new_err(format!(
                "{shown} is not a nimber, so it has no nim value (.nim is the n of *n; a \
                 loopy impartial value ∞{{K}} plays as no Nim heap)"
            )));
        }
        let nimber = self.ask(py, "nim value", |store, g| {
            store
                .as_nus(g)
                .filter(|nus| nus.number.is_zero() && nus.ups.is_zero())
                .map(|nus| nus.nimber)
        })?;
        nimber.ok_or_else(|| {
            let shown = self.__repr__(py).unwrap_or_default();
            PyValueError::new_err(format!(
                "{shown} is not a nimber, so it has no nim value (.nim is the n of *n)"
            ))
        })
    }

    /// The number this value is, as the nearest ``float`` (``OverflowError`` past the
    /// floats); ``TypeError`` for a value that is not a number.
    fn __float__(&self, py: Python<'_>) -> PyResult<f64> {
        let x = self.require_number(py, "float() does not give it")?;
        fraction(py, &x)?.call_method0("__float__")?.extract()
    }

    /// The number this value is as ``(numerator, denominator)``, in lowest terms with a
    /// positive denominator (a power of 2), as ``int.as_integer_ratio`` and
    /// ``Fraction.as_integer_ratio`` give it: ``Fraction(*v.as_integer_ratio())`` is the
    /// value as a ``Fraction`` (Python 3.14 also reads ``Fraction(v)`` so). ``TypeError``
    /// for a value that is not a number.
    fn as_integer_ratio<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let x = self.require_number(py, "it has no integer ratio")?;
        let numerator = integer(py, x.numerator())?;
        let denominator = 1_u8.into_pyobject(py)?.lshift(x.exponent())?;
        PyTuple::new(py, [numerator, denominator])
    }

    /// True when the value is a number (a dyadic rational: ``3``, ``-1/2``).
    fn is_number(&self, py: Python<'_>) -> PyResult<bool> {
        if !matches!(self.inner, Held::Short(_)) {
            // Every number is a short game.
            return Ok(false);
        }
        self.ask(py, "number", |store, g| store.is_number(g))
    }

    /// True when the value is infinitesimal: between ``-x`` and ``x`` for every positive
    /// number ``x``, that is both stops are 0 (``0``, ``*``, ``^``, ``{0|^}``; as in
    /// CGSuite, ``0`` counts).
    fn is_infinitesimal(&self, py: Python<'_>) -> PyResult<bool> {
        if let Some(answer) = crate::value_loopy::is_infinitesimal(py, &self.inner)? {
            return Ok(answer);
        }
        self.ask(py, "infinitesimal test", |store, g| {
            let (left, right) = store.stops(g);
            left.is_zero() && right.is_zero()
        })
    }

    /// True when the value is all-small (dicotic): in every subposition either both
    /// players can move or neither (``0``, ``*``, ``^``, Clobber's values).
    fn is_all_small(&self, py: Python<'_>) -> PyResult<bool> {
        self.ask(py, "all-small test", |store, g| store.is_all_small(g))
    }

    /// The atomic weight of an all-small value, as a ``Value`` (usually an integer:
    /// ``Value("^").atomic_weight() == 1``, ``Value("*")`` has ``0``), as ``grundy value``
    /// prints it. ``ValueError`` for a value that is not all-small, which has none.
    fn atomic_weight(&self, py: Python<'_>) -> PyResult<Value> {
        self.ask(py, "atomic weight", |store, g| {
            store.atomic_weight(g).map_err(|error| error.to_string())
        })?
        .map(Value::of)
        .map_err(value_error)
    }

    /// Left's options of the canonical form, as values (``[1]`` for ``{1|0}``; ``[]``
    /// for ``0`` and the negative integers).
    fn left_options(&self, py: Python<'_>) -> PyResult<Vec<Value>> {
        let options = self.ask(py, "canonical short form (its options)", |store, g| {
            store.left_options(g)
        })?;
        Ok(options.into_iter().map(Value::of).collect())
    }

    /// Right's options of the canonical form, as values.
    fn right_options(&self, py: Python<'_>) -> PyResult<Vec<Value>> {
        let options = self.ask(py, "canonical short form (its options)", |store, g| {
            store.right_options(g)
        })?;
        Ok(options.into_iter().map(Value::of).collect())
    }

    /// ``"L"``, ``"R"``, ``"N"`` or ``"P"``: who wins, whoever starts.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<&'static str> {
        if let Some(outcome) = crate::value_loopy::outcome(py, &self.inner)? {
            return Ok(outcome);
        }
        self.ask(py, "outcome", |store, g| store.outcome(g).letter())
    }

    /// The left and right stops, exact: a pair of ``fractions.Fraction``.
    #[getter]
    fn stops<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        if !matches!(self.inner, Held::Short(_)) {
            let (left, right) = crate::value_loopy::stops(py, &self.inner)?;
            return PyTuple::new(py, [left, right]);
        }
        let (left, right) = self.ask(py, "stops", |store, g| store.stops(g))?;
        PyTuple::new(py, [fraction(py, &left)?, fraction(py, &right)?])
    }

    /// The left stop, exact: a ``fractions.Fraction`` (``Fraction(1, 2)``).
    #[getter]
    fn left_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if !matches!(self.inner, Held::Short(_)) {
            return Ok(crate::value_loopy::stops(py, &self.inner)?.0);
        }
        let stop = self.ask(py, "left stop", |store, g| store.left_stop(g))?;
        fraction(py, &stop)
    }

    /// The right stop, exact: a ``fractions.Fraction``.
    #[getter]
    fn right_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if !matches!(self.inner, Held::Short(_)) {
            return Ok(crate::value_loopy::stops(py, &self.inner)?.1);
        }
        let stop = self.ask(py, "right stop", |store, g| store.right_stop(g))?;
        fraction(py, &stop)
    }

    /// The mean value, exact: a ``fractions.Fraction``.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mean = self.ask(py, "mean", |store, g| store.mean(g))?;
        fraction(py, &mean)
    }

    /// The temperature, exact: a ``fractions.Fraction`` (``Fraction(-1)`` for integers).
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let temperature = self.ask(py, "temperature", |store, g| store.temperature(g))?;
        fraction(py, &temperature)
    }

    /// The birthday, an ``int``: the height of the canonical game tree (``0`` for ``0``,
    /// ``1`` for ``*``, ``1`` and ``-1``).
    #[getter]
    fn birthday<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let day = self.ask(py, "birthday", |store, g| store.birthday(g))?;
        integer(py, &day)
    }

    /// The thermograph as data: a :class:`Thermograph` with its walls, mast and
    /// temperature.
    fn thermograph(&self, py: Python<'_>) -> PyResult<Thermograph> {
        let inner = self.ask(py, "thermograph", |store, g| store.thermograph(g))?;
        Ok(Thermograph { inner })
    }

    /// The thermograph drawn as an SVG document.
    fn thermograph_svg(&self, py: Python<'_>) -> PyResult<String> {
        self.ask(py, "thermograph", |store, g| store.thermograph_svg(g))
    }

    /// Jupyter shows a short value as its thermograph, a loopy value as its text (`None`:
    /// no picture).
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<Option<String>> {
        if !matches!(self.inner, Held::Short(_)) {
            return Ok(None);
        }
        self.thermograph_svg(py).map(Some)
    }

    /// True when neither value is ``<=`` the other (``G || H``: the first player wins
    /// ``G - H``); ``other`` may be a number.
    fn confused_with(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let py = other.py();
        let operand = match read_other(other)? {
            Other::Operand(operand) => operand,
            Other::NotDyadic(error) | Other::Float(error) => return Err(error),
            Other::Foreign => {
                return Err(PyTypeError::new_err(format!(
                    "confused_with compares with a Value or a number, got {} (a {})",
                    describe(other),
                    other.get_type().name()?
                )))
            }
        };
        let comparison = match crate::value_loopy::operands(&self.inner, &operand) {
            Some(loopy) => crate::value_loopy::compare_loopy(py, loopy)?,
            None => self.ask_two(py, operand, |store, g, h| store.compare(g, h))?,
        };
        Ok(comparison == Comparison::Fuzzy)
    }

    /// True for a loopy value: ``∞{K}`` (a loopy impartial game's), a loopy stopper
    /// (``over``, ``a{0|a}``) or a sided value (``over & v``).
    fn is_loopy(&self) -> bool {
        !matches!(self.inner, Held::Short(_))
    }

    /// True for a stopper (no infinite alternating play): every short value, and a loopy
    /// partizan value given in canonical form; False for a sided value. ``ValueError`` for a
    /// loopy impartial value, which is no partizan game.
    fn is_stopper(&self) -> PyResult<bool> {
        crate::value_loopy::is_stopper(&self.inner)
    }

    /// The onside of a partizan value (infinite play counted as Left's): the value itself
    /// for a stopper. ``ValueError`` for a loopy impartial value.
    #[getter]
    fn onside(&self) -> PyResult<Value> {
        crate::value_loopy::side(&self.inner, true)
    }

    /// The offside of a partizan value (infinite play counted as Right's): the value
    /// itself for a stopper. ``ValueError`` for a loopy impartial value.
    #[getter]
    fn offside(&self) -> PyResult<Value> {
        crate::value_loopy::side(&self.inner, false)
    }

    /// What ``grundy value --json`` prints of a loopy value, as a ``dict``: for a loopy
    /// partizan value ``canonical``, ``kind``, ``outcome``, ``onside``, ``offside``,
    /// ``left_stop``, ``right_stop``, the yes/no facts, ``degree``, ``variety``, …; for a
    /// loopy impartial value ``canonical``, ``ascii``, ``outcome``, ``winning_moves`` and
    /// ``drawing_moves``. ``ValueError`` for a short value.
    fn facts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        crate::value_loopy::facts(py, &self.inner)
    }

    /// The canonical form in CGSuite's notation.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        if let Some(shown) = crate::value_loopy::display(py, &self.inner)? {
            return Ok(shown);
        }
        self.ask(py, "notation", |store, g| store.display(g))
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        self.__repr__(py)
    }
}

/// `n·g`: the sum of `|n|` copies of `g`, negated for a negative `n`, by doubling.
fn multiple(store: &mut ValueStore, g: GameId, n: &Integer) -> GameId {
    let mut left = n.abs();
    let mut power = g;
    let mut total = store.zero();
    while !left.is_zero() {
        if left.trailing_zeros() == Some(0) {
            total = store.add(total, power);
        }
        left = left.shr_floor(1);
        if !left.is_zero() {
            power = store.add(power, power);
        }
    }
    if n.signum() < 0 {
        store.neg(total)
    } else {
        total
    }
}

/// Python's `True` or `False`.
fn boolean(py: Python<'_>, answer: bool) -> Bound<'_, PyAny> {
    PyBool::new(py, answer).to_owned().into_any()
}

/// A value's thermograph: the walls from temperature ``-1`` up to the temperature, where
/// they meet at the foot of the mast, and the mast above it at the mean.
///
/// ``left_wall`` and ``right_wall`` are the walls' breakpoints, each a pair
/// ``(temperature, position)`` of ``fractions.Fraction``, from ``t = -1`` up: between two
/// breakpoints a wall is straight, and the last point is the foot of the mast
/// ``(temperature, mast)``; above it the wall is the mast. For ``{2|-1}`` the left wall is
/// ``[(-1, 3), (3/2, 1/2)]``, the right wall ``[(-1, -2), (3/2, 1/2)]``, the mast ``1/2``
/// from temperature ``3/2`` up. The walls' positions are the stops of the value cooled by
/// ``t`` (at ``t = 0``, the stops themselves); :meth:`left_at` and :meth:`right_at` read
/// them at any temperature.
#[pyclass(module = "grundy", frozen)]
pub struct Thermograph {
    inner: Arc<CgtThermograph>,
}

#[pymethods]
impl Thermograph {
    /// The left wall's breakpoints ``(temperature, position)``, from ``t = -1`` to the foot
    /// of the mast.
    #[getter]
    fn left_wall<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        wall(py, &self.inner.left_wall())
    }

    /// The right wall's breakpoints ``(temperature, position)``, from ``t = -1`` to the
    /// foot of the mast.
    #[getter]
    fn right_wall<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        wall(py, &self.inner.right_wall())
    }

    /// Where the mast stands: the mean, a ``fractions.Fraction``.
    #[getter]
    fn mast<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, &self.inner.mast())
    }

    /// Where the mast begins: the temperature, a ``fractions.Fraction``.
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, &self.inner.temperature())
    }

    /// The left wall's position at temperature ``t`` (an ``int`` or dyadic ``Fraction``,
    /// at least ``-1``): the left stop of the value cooled by ``t``.
    fn left_at<'py>(&self, py: Python<'py>, t: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let t = temperature_of(t)?;
        fraction(py, &self.inner.left_at(&t))
    }

    /// The right wall's position at temperature ``t`` (at least ``-1``).
    fn right_at<'py>(&self, py: Python<'py>, t: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let t = temperature_of(t)?;
        fraction(py, &self.inner.right_at(&t))
    }

    fn __repr__(&self) -> String {
        let points = |wall: Vec<WallPoint>| {
            let listed: Vec<String> = wall
                .iter()
                .map(|point| format!("({}, {})", point.temperature, point.value))
                .collect();
            format!("[{}]", listed.join(", "))
        };
        format!(
            "<Thermograph left_wall={} right_wall={} mast={} temperature={}>",
            points(self.inner.left_wall()),
            points(self.inner.right_wall()),
            self.inner.mast(),
            self.inner.temperature()
        )
    }
}

/// A wall's breakpoints as `(temperature, position)` pairs of `Fraction`.
fn wall<'py>(py: Python<'py>, points: &[WallPoint]) -> PyResult<Vec<Bound<'py, PyTuple>>> {
    points
        .iter()
        .map(|point| {
            PyTuple::new(
                py,
                [
                    fraction(py, &point.temperature)?,
                    fraction(py, &point.value)?,
                ],
            )
        })
        .collect()
}

/// A temperature given to a thermograph: a dyadic number from -1.
fn temperature_of(t: &Bound<'_, PyAny>) -> PyResult<Dyadic> {
    let x = match read_other(t)? {
        Other::Operand(Operand::Number(x)) => x,
        Other::NotDyadic(error) | Other::Float(error) => return Err(error),
        _ => {
            return Err(PyTypeError::new_err(format!(
                "a temperature is an int or a Fraction whose denominator is a power of 2, got \
                 {}",
                describe(t)
            )))
        }
    };
    if x < Dyadic::integer(-1) {
        return Err(PyValueError::new_err(format!(
            "a thermograph starts at temperature -1, got {x}"
        )));
    }
    Ok(x)
}

/// `obj`'s `repr()`, or a word when it has none that prints.
fn describe(obj: &Bound<'_, PyAny>) -> String {
    obj.repr()
        .map(|text| text.to_string())
        .unwrap_or_else(|_| "an object".to_owned())
}

/// What `obj` is to a value's operators: a value; an `int` (or anything with `__index__`,
/// such as NumPy's integers) or a `numbers.Rational` with a power of 2 below it, as a
/// number; a rational that is not dyadic; a float or another real; or something foreign.
fn read_other(obj: &Bound<'_, PyAny>) -> PyResult<Other> {
    static RATIONAL: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static REAL: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let py = obj.py();
    if let Ok(value) = obj.cast::<Value>() {
        return Ok(Other::Operand(match &value.get().inner {
            Held::Short(id) => Operand::Value(*id),
            loopy => Operand::Loopy(loopy.clone()),
        }));
    }
    if obj.is_instance_of::<PyInt>() {
        let n = integer_of(obj)?;
        return Ok(Other::Operand(Operand::Number(Dyadic::from_integer(n))));
    }
    if obj.is_instance(RATIONAL.import(py, "numbers", "Rational")?.as_any())? {
        let numerator = index(&obj.getattr("numerator")?)?;
        let denominator = index(&obj.getattr("denominator")?)?;
        return Ok(match power_of_two(&denominator)? {
            Some(exponent) => Other::Operand(Operand::Number(Dyadic::new(
                integer_of(&numerator)?,
                exponent,
            ))),
            None => Other::NotDyadic(PyValueError::new_err(format!(
                "{} is not the value of a short game: the numbers of short games are the \
                 dyadic rationals, whose denominator is a power of 2",
                describe(obj)
            ))),
        });
    }
    if obj.is_instance_of::<PyFloat>()
        || obj.is_instance(REAL.import(py, "numbers", "Real")?.as_any())?
    {
        return Ok(Other::Float(PyTypeError::new_err(format!(
            "{} is a float: values take exact numbers only (an int, or a Fraction whose \
             denominator is a power of 2), since a float is usually a rounded approximation \
             (0.1 is not 1/10); Fraction(x) is a float's exact value, if that is what is meant",
            describe(obj)
        ))));
    }
    if obj.hasattr("__index__")? {
        if let Ok(n) = index(obj) {
            let n = integer_of(&n)?;
            return Ok(Other::Operand(Operand::Number(Dyadic::from_integer(n))));
        }
    }
    Ok(Other::Foreign)
}

/// `operator.index(obj)`: the `int` an integer-like object is.
fn index<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    if obj.is_instance_of::<PyInt>() {
        return Ok(obj.clone());
    }
    obj.call_method0("__index__")
}

/// `k` when the positive `int` `n` is `2^k`.
fn power_of_two(n: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    if n.le(0)? {
        return Ok(None);
    }
    let bits: u64 = n.call_method0("bit_length")?.extract()?;
    let exponent = bits - 1;
    let power = 1_u8.into_pyobject(n.py())?.lshift(exponent)?;
    Ok(n.eq(power)?.then_some(exponent))
}

/// The library's integer equal to the Python `int` `n`, of any size (through its bytes,
/// as [`integer`] goes the other way).
fn integer_of(n: &Bound<'_, PyAny>) -> PyResult<Integer> {
    if let Ok(small) = n.extract::<i64>() {
        return Ok(Integer::from(small));
    }
    let negative = n.lt(0)?;
    let magnitude = if negative { n.neg()? } else { n.clone() };
    let bits: u64 = magnitude.call_method0("bit_length")?.extract()?;
    let bytes = magnitude.call_method1("to_bytes", (bits.div_ceil(8), "little"))?;
    let bytes = bytes.cast::<PyBytes>()?.as_bytes();
    let mut total = Integer::ZERO;
    for chunk in bytes.chunks(8).rev() {
        let mut limb = [0_u8; 8];
        limb[..chunk.len()].copy_from_slice(chunk);
        total = &total.shl(64) + &Integer::from(u64::from_le_bytes(limb));
    }
    Ok(if negative {
        &Integer::ZERO - &total
    } else {
        total
    })
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

/// The Python number equal to `x`: an `int` when it is whole, else a `Fraction` (whose
/// hash is the one Python gives every number equal to it).
fn python_number<'py>(py: Python<'py>, x: &Dyadic) -> PyResult<Bound<'py, PyAny>> {
    if x.is_integer() {
        integer(py, x.numerator())
    } else {
        fraction(py, x)
    }
}

/// The value of a position of a game: a game of the registry (``domineering``,
/// ``hackenbush``, ``toadsfrogs``, ``clobber``; ``nim``, ``takebreak``, ``rectangle``…) or
/// a game defined in Python (``define_game``). ``value_of("domineering", "2x2")`` is
/// ``±1``; a position of an impartial game has the nimber of its Grundy value
/// (``value_of("nim", "3")`` is ``*3``). Raises ``ValueError`` for an unknown game, a game
/// whose positions have no value (Pousse, which is searched), a position under misère play
/// (``@misere``), or a position that does not read; ``TimeoutError`` past ``time_limit``
/// seconds; ``MemoryError`` once the valuation would hold more than ``memory_limit``
/// megabytes (default 4000); ``KeyboardInterrupt`` on Ctrl-C. The interpreter is released
/// while the value is computed.
#[pyfunction]
#[pyo3(signature = (game, position, *, time_limit=None, memory_limit=None))]
pub fn value_of<'py>(
    py: Python<'py>,
    game: &str,
    position: &str,
    time_limit: Option<&Bound<'py, PyAny>>,
    memory_limit: Option<&Bound<'py, PyAny>>,
) -> PyResult<Value> {
    let game = games::find(game).map_err(value_error)?;
    position_value(py, game, position, None, time_limit, memory_limit)
}

/// What a game's solver gives as a position's value.
enum Found {
    /// A canonical value in CGSuite's notation.
    Text(String),
    /// A Grundy value.
    Nimber(u64),
    /// A loopy value in the notation `grundy value` reads (`∞{0,2}`, `dud`, `A & B`).
    Loopy(String),
}

/// What the worker of [`position_value`] hands back.
enum Valued {
    /// A short value, in the shared store.
    Short(GameId),
    /// A loopy value's text, read into a value on the caller's thread.
    Loopy(String),
}

/// The value of `position` of `game` (for a game defined in Python, the position object
/// `object` when the caller has it, else the position read from its notation): the
/// canonical value of a partizan position, the nimber of an impartial one. A `ValueError`
/// under misère play and for a game without values (Pousse).
pub(crate) fn position_value<'py>(
    py: Python<'py>,
    game: GameKind,
    position: &str,
    object: Option<Py<PyAny>>,
    time_limit: Option<&Bound<'py, PyAny>>,
    memory_limit: Option<&Bound<'py, PyAny>>,
) -> PyResult<Value> {
    let name = game.name();
    let (bare, misere) = split_misere(position);
    if misere {
        return Err(value_error(format!(
            "{name} {position} is played under misère rules, where a position has no value: \
             values describe normal play, where the last player to move wins and a sum's \
             value is its parts' values added; misère sums are described by the game's \
             misère quotient instead (HeapRuleset.misere_quotient, grundy misere-quotient; \
             docs/misere.md)"
        )));
    }
    if let Some(entry) = game.user() {
        let object = match object {
            Some(object) => object,
            None => entry.read(py, bare).map_err(value_error)?.0,
        };
        return crate::user::api::value(py, object.bind(py), None, time_limit, memory_limit, true);
    }
    let limits = CallLimits::read(time_limit, memory_limit)?;
    let kind = game.handle();
    let no_value = move || {
        format!(
            "{name} has no value: its positions are not short games that add up, so grundy \
             searches them for a winner (State.solve) instead of valuing them"
        )
    };
    if !kind.is_impartial() && kind.entry().is_searched() {
        return Err(value_error(no_value()));
    }
    let bare = bare.to_owned();
    let id = on_worker(py, &limits, move |stop, bytes| {
        let options = SolveOptions {
            memory_limit: Some(bytes),
            stop,
            ..SolveOptions::default()
        };
        let found = match kind.solve(&bare, &options)? {
            Report::Valued(report) if grundy::cgt::loopy::is_loopy(&report.canonical) => {
                Found::Loopy(report.canonical)
            }
            Report::Valued(report) => Found::Text(report.canonical),
            Report::Solved(report) => match report.grundy {
                Some(nimber) => Found::Nimber(nimber),
                None => {
                    return Err(Failure::Invalid(format!(
                        "{name} {bare}: the solver does not compute this position's Grundy \
                         value ({})",
                        report.notes.join("; ")
                    )))
                }
            },
            Report::Searched(_) => return Err(Failure::Invalid(no_value())),
            Report::LoopyImpartial(report) => match report.canonical {
                Some(text) if grundy::loopy::notation::is_loopy(&text) => Found::Loopy(text),
                Some(text) => Found::Text(text),
                None => {
                    return Err(Failure::Invalid(format!(
                        "{name} {bare}: the report gives no value (State.solve() gives its \
                         outcome, draws included, and its winning and drawing moves)"
                    )))
                }
            },
        };
        if let Found::Loopy(text) = found {
            return Ok(Valued::Loopy(text));
        }
        let limits = grundy::cgt::Limits::new(stop.clone(), Some(bytes));
        CgtValue::with_store(|store| {
            store.bounded(limits, |store| match &found {
                Found::Text(text) => store.evaluate(text).map_err(|error| error.to_string()),
                Found::Nimber(nimber) => Ok(store.nimber(*nimber)),
                Found::Loopy(text) => Err(format!("{text} is not a short value")),
            })
        })?
        .map(Valued::Short)
        .map_err(Failure::Invalid)
    })?;
    match id {
        Valued::Short(id) => Ok(Value::of(id)),
        Valued::Loopy(text) => crate::value_loopy::read(py, &text, &limits)?
            .ok_or_else(|| value_error(format!("{name} {position}: {text} is not a loopy value"))),
    }
}
