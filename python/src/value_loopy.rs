//! Loopy values in `grundy.Value`: the generalised Sprague–Grundy values of loopy impartial
//! games (`∞{0,2}`, from `grundy::loopy`) and the stoppers and sided values of loopy
//! partizan games (`a{0|a}`, `on`, `over & v`, from `grundy::cgt::loopy`), read, printed,
//! added, compared and described as `grundy value` does.
//!
//! A loopy impartial value adds to nimbers and to other loopy impartial values (Smith's
//! sums, [`SumOfValues`]) and compares by `==` only: the theory orders none of them. A
//! loopy partizan value adds to and compares with short values and loopy partizan values,
//! by the loopy engine on a worker thread bounded by the default memory limit and stopped
//! by Ctrl-C. A value that is short after all (`a{0|}` is `1`) is the short value. Methods
//! of short games only (temperature, thermograph, mean, …) raise `ValueError` naming the
//! method (`value.rs`).

use std::sync::Arc;

use grundy::cgt::loopy::{Budget, LoopyEngine, LoopyError, LoopyValue, Pseudonumber};
use grundy::cgt::{Comparison, GameId, Limits, Value as CgtValue};
use grundy::integer::Integer;
use grundy::loopy::notation::parse_sum;
use grundy::loopy::{LoopyNimber, SumOfValues};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyDict, PyString};

use crate::errors::value_error;
use crate::limits::{on_worker, CallLimits, Failure};
use crate::value::{Held, Operand, Value};

/// The hash of every sided value whose sides are not both stoppers (their printed forms
/// are not canonical).
const SIDED_HASH: isize = 0x51de;

/// The two operands of an operator, one of them loopy.
pub(crate) struct Pair {
    mine: Held,
    theirs: Theirs,
}

/// The other operand of an operator with a loopy value.
enum Theirs {
    /// A value.
    Held(Held),
    /// A number.
    Number(grundy::cgt::Dyadic),
}

/// A failure of the loopy engine as the worker's failure.
fn failure(error: LoopyError) -> Failure {
    match error {
        LoopyError::Stopped(_) => Failure::Stopped,
        LoopyError::OverMemory { .. } => Failure::OverMemory(error.to_string()),
        other => Failure::Invalid(other.to_string()),
    }
}

/// Runs `work` on the loopy engine over the shared store, on a worker thread, within
/// `limits` (Ctrl-C raises `KeyboardInterrupt`).
pub(crate) fn with_engine<R, W>(py: Python<'_>, limits: &CallLimits, work: W) -> PyResult<R>
where
    R: Send + 'static,
    W: FnOnce(&mut LoopyEngine<'_>) -> Result<R, LoopyError> + Send + 'static,
{
    on_worker(py, limits, move |stop, bytes| {
        CgtValue::with_store(|store| {
            store.bounded(Limits::new(stop.clone(), Some(bytes)), |store| {
                let mut engine =
                    LoopyEngine::with_budget(store, Budget::new(stop.clone(), Some(bytes)));
                work(&mut engine)
            })
        })
        .map_err(Failure::from)?
        .map_err(failure)
    })
}

/// The engine's value of a held value (a short one entered as a stopper).
fn engine_value(engine: &mut LoopyEngine<'_>, held: &Held) -> Result<LoopyValue, LoopyError> {
    match held {
        Held::Short(id) => engine.short(*id),
        Held::Loopy(value) => Ok((**value).clone()),
        // Refused before the engine is asked (`partizan`).
        Held::Nim(_) => Err(LoopyError::Internal(
            "a loopy impartial value is no partizan game".to_owned(),
        )),
    }
}

/// The value of a loopy partizan value: the short game when it is one.
pub(crate) fn of_loopy(value: LoopyValue) -> Value {
    match value.short() {
        Some(id) => Value::of(id),
        None => Value {
            inner: Held::Loopy(Arc::new(value)),
        },
    }
}

/// The value of a generalised Sprague–Grundy value: the nimber when it is finite.
pub(crate) fn of_nim(value: LoopyNimber) -> PyResult<Value> {
    match value {
        LoopyNimber::Finite(n) => {
            let id = CgtValue::with_store(|store| store.nimber(n));
            Ok(Value::of(id))
        }
        infinite => Ok(Value {
            inner: Held::Nim(infinite),
        }),
    }
}

/// The value `text` writes when it is a loopy expression (`∞{0,2} + *3`; `a{0|a}`,
/// `on`, `over & v`), else `None`.
pub(crate) fn read(py: Python<'_>, text: &str, limits: &CallLimits) -> PyResult<Option<Value>> {
    if grundy::loopy::notation::is_loopy(text) {
        let parts = parse_sum(text).map_err(|error| value_error(error.to_string()))?;
        return of_nim(SumOfValues::new(parts).value()).map(Some);
    }
    if !grundy::cgt::loopy::is_loopy(text) {
        return Ok(None);
    }
    let text = text.to_owned();
    let value = with_engine(py, limits, move |engine| engine.evaluate(&text))?;
    Ok(Some(of_loopy(value)))
}

/// The operands of an operator when one of them is loopy, else `None` (the short values'
/// operators answer).
pub(crate) fn operands(mine: &Held, other: &Operand) -> Option<Pair> {
    let theirs = match other {
        Operand::Loopy(held) => Theirs::Held(held.clone()),
        Operand::Value(id) => Theirs::Held(Held::Short(*id)),
        Operand::Number(x) => Theirs::Number(x.clone()),
    };
    let loopy = !matches!(mine, Held::Short(_)) || matches!(other, Operand::Loopy(_));
    loopy.then(|| Pair {
        mine: mine.clone(),
        theirs,
    })
}

/// The nimber `*n` a short value is, if it is one.
fn short_nimber(id: GameId) -> Option<u64> {
    CgtValue::with_store(|store| {
        store
            .as_nus(id)
            .filter(|nus| nus.number.is_zero() && nus.ups.is_zero())
            .map(|nus| nus.nimber)
    })
}

/// The generalised Sprague–Grundy value of an impartial operand, or `None` for a partizan
/// one.
fn impartial(held: &Held) -> Option<LoopyNimber> {
    match held {
        Held::Nim(value) => Some(value.clone()),
        Held::Short(id) => short_nimber(*id).map(LoopyNimber::Finite),
        Held::Loopy(_) => None,
    }
}

/// Both operands as loopy impartial values, when the pair has one: a `ValueError` when the
/// other is not impartial (a loopy impartial value fixes no partizan game); `None` when
/// neither is a loopy impartial value.
fn impartial_pair(pair: &Pair) -> PyResult<Option<(LoopyNimber, LoopyNimber)>> {
    let theirs = match &pair.theirs {
        Theirs::Held(held) => Some(held),
        Theirs::Number(_) => None,
    };
    let has_nim = matches!(pair.mine, Held::Nim(_)) || matches!(theirs, Some(Held::Nim(_)));
    if !has_nim {
        return Ok(None);
    }
    match (impartial(&pair.mine), theirs.and_then(impartial)) {
        (Some(a), Some(b)) => Ok(Some((a, b))),
        _ => Err(PyValueError::new_err(format!(
            "a loopy impartial value (such as {}) goes with nimbers and other loopy \
             impartial values only: its generalised Sprague–Grundy value says how it plays in \
             sums of impartial games, not which partizan game it is",
            [&pair.mine]
                .into_iter()
                .chain(theirs)
                .find_map(|held| match held {
                    Held::Nim(value) => Some(value.to_string()),
                    _ => None,
                })
                .unwrap_or_default()
        ))),
    }
}

/// The other operand as a held value, a number entered into the store.
fn held_of(theirs: &Theirs) -> Held {
    match theirs {
        Theirs::Held(held) => held.clone(),
        Theirs::Number(x) => Held::Short(CgtValue::with_store(|store| store.number(x.clone()))),
    }
}

/// `mine ± theirs` (`theirs ± mine` when `reflected`).
pub(crate) fn arithmetic(
    py: Python<'_>,
    pair: Pair,
    reflected: bool,
    subtract: bool,
) -> PyResult<Value> {
    if let Some((a, b)) = impartial_pair(&pair)? {
        // An impartial game is its own negative.
        return of_nim(SumOfValues::new(vec![a, b]).value());
    }
    let (mine, theirs) = (pair.mine, held_of(&pair.theirs));
    let (first, second) = if reflected {
        (theirs, mine)
    } else {
        (mine, theirs)
    };
    let value = with_engine(py, &CallLimits::default_memory(), move |engine| {
        let a = engine_value(engine, &first)?;
        let b = engine_value(engine, &second)?;
        if subtract {
            engine.sub(&a, &b)
        } else {
            engine.add(&a, &b)
        }
    })?;
    Ok(of_loopy(value))
}

/// `n` copies of a loopy value added (of its negative for a negative `n`).
pub(crate) fn multiple(py: Python<'_>, held: &Held, n: &Integer) -> PyResult<Value> {
    let count = n.abs().to_i64().ok_or_else(|| {
        PyValueError::new_err(format!(
            "{n} copies of a loopy value are too many to add (each copy is a game of its own)"
        ))
    })?;
    if let Held::Nim(value) = held {
        // Two or more copies of ∞ make ∞ (docs/loopy.md, Sums); none make 0.
        let parts = vec![value.clone(); usize::try_from(count.min(2)).unwrap_or(2)];
        return of_nim(SumOfValues::new(parts).value());
    }
    let held = held.clone();
    let negative = n.signum() < 0;
    let value = with_engine(py, &CallLimits::default_memory(), move |engine| {
        let mut one = engine_value(engine, &held)?;
        if negative {
            one = engine.neg(&one);
        }
        let zero = engine.store().zero();
        let mut total = engine.short(zero)?;
        for _ in 0..count {
            total = engine.add(&total, &one)?;
        }
        Ok(total)
    })?;
    Ok(of_loopy(value))
}

/// `-value` for a loopy value (a loopy impartial value is its own negative).
pub(crate) fn negative(py: Python<'_>, held: &Held) -> PyResult<Value> {
    if let Held::Nim(_) = held {
        return Ok(Value {
            inner: held.clone(),
        });
    }
    let held = held.clone();
    let value = with_engine(py, &CallLimits::default_memory(), move |engine| {
        let value = engine_value(engine, &held)?;
        Ok(engine.neg(&value))
    })?;
    Ok(of_loopy(value))
}

/// How the operands compare, for `op`: loopy impartial values compare by `==` and `!=`
/// only (`TypeError` for an order, which the theory does not give them).
pub(crate) fn compare(py: Python<'_>, pair: Pair, op: CompareOp) -> PyResult<Comparison> {
    let equality = matches!(op, CompareOp::Eq | CompareOp::Ne);
    let nim =
        matches!(pair.mine, Held::Nim(_)) || matches!(pair.theirs, Theirs::Held(Held::Nim(_)));
    if nim {
        if !equality {
            return Err(PyTypeError::new_err(
                "loopy impartial values are not ordered: == and != compare them (two are \
                 equal when they have the same generalised Sprague–Grundy value)",
            ));
        }
        let theirs = match &pair.theirs {
            Theirs::Held(held) => impartial(held),
            Theirs::Number(_) => None,
        };
        return Ok(match (impartial(&pair.mine), theirs) {
            (Some(a), Some(b)) if a == b => Comparison::Equal,
            _ => Comparison::Fuzzy,
        });
    }
    compare_loopy(py, pair)
}

/// How two operands compare, at least one a loopy partizan value.
pub(crate) fn compare_loopy(py: Python<'_>, pair: Pair) -> PyResult<Comparison> {
    if let Some((_, _)) = impartial_pair(&pair)? {
        return Err(PyTypeError::new_err(
            "loopy impartial values are not ordered, nor confused: == and != compare them",
        ));
    }
    let (mine, theirs) = (pair.mine, held_of(&pair.theirs));
    with_engine(py, &CallLimits::default_memory(), move |engine| {
        let a = engine_value(engine, &mine)?;
        let b = engine_value(engine, &theirs)?;
        engine.compare(&a, &b)
    })
}

/// The hash of a loopy value (`None` for a short one): its printed form for a loopy
/// impartial value and a value whose sides are canonical stoppers, whose printed forms are
/// equal exactly when the values are; one number for the others.
pub(crate) fn hash(py: Python<'_>, held: &Held) -> PyResult<Option<isize>> {
    match held {
        Held::Short(_) => Ok(None),
        Held::Loopy(value) if !value.is_stopper_sided() => Ok(Some(SIDED_HASH)),
        _ => {
            let shown = display(py, held)?.unwrap_or_default();
            PyString::new(py, &shown).hash().map(Some)
        }
    }
}

/// The printed form of a loopy value (`None` for a short one), as `grundy value` prints it.
pub(crate) fn display(py: Python<'_>, held: &Held) -> PyResult<Option<String>> {
    match held {
        Held::Short(_) => Ok(None),
        Held::Nim(value) => Ok(Some(value.to_string())),
        Held::Loopy(value) => {
            let value = value.clone();
            with_engine(py, &CallLimits::default_memory(), move |engine| {
                engine.display(&value)
            })
            .map(Some)
        }
    }
}

/// The outcome class of a loopy value (`None` for a short one): `"P"`, `"N"` or `"D"` for
/// a loopy impartial value; CGSuite's classes with draws for a partizan one (`"L"`, `"R"`,
/// `"N"`, `"P"`, `"D"`, `"PHat"`, `"PCheck"`, `"NHat"`, `"NCheck"`).
pub(crate) fn outcome(py: Python<'_>, held: &Held) -> PyResult<Option<&'static str>> {
    match held {
        Held::Short(_) => Ok(None),
        Held::Nim(value) => Ok(Some(match value.outcome().letter() {
            'N' => "N",
            'P' => "P",
            _ => "D",
        })),
        Held::Loopy(value) => {
            let value = value.clone();
            with_engine(py, &CallLimits::default_memory(), move |engine| {
                engine.outcome(&value).map(|outcome| outcome.name())
            })
            .map(Some)
        }
    }
}

/// Whether a loopy value is infinitesimal (`None` for a short one).
pub(crate) fn is_infinitesimal(py: Python<'_>, held: &Held) -> PyResult<Option<bool>> {
    match held {
        Held::Short(_) => Ok(None),
        Held::Nim(_) => Err(PyValueError::new_err(
            "a loopy impartial value is no partizan game, so it is not compared with numbers: \
             it has no infinitesimal test",
        )),
        Held::Loopy(value) => {
            let value = value.clone();
            with_engine(py, &CallLimits::default_memory(), move |engine| {
                engine.is_infinitesimal(&value)
            })
            .map(Some)
        }
    }
}

/// The value a stop is: the number, or the stopper `x over`, `x under`, `on`, `off`.
fn stop_value(engine: &mut LoopyEngine<'_>, stop: &Pseudonumber) -> Result<LoopyValue, LoopyError> {
    if let Pseudonumber::Number(x) = stop {
        let id = engine.store().number(x.clone());
        return engine.short(id);
    }
    let form = engine.pseudonumber_form(stop)?;
    Ok(LoopyValue::Stopper(form))
}

/// The left and right stops of a loopy stopper, each a `Value` (a number, or a stopper
/// such as `3/2under`, `on`, `off`); `ValueError` for a value that is not a stopper, or a
/// loopy impartial value.
pub(crate) fn stops<'py>(
    py: Python<'py>,
    held: &Held,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let value = match held {
        Held::Loopy(value) if value.is_stopper() => value.clone(),
        Held::Loopy(_) => {
            return Err(PyValueError::new_err(
                "a sided value that is not a stopper has no stops of its own: its onside and \
                 offside have (value.onside.stops, value.offside.stops)",
            ))
        }
        _ => {
            return Err(PyValueError::new_err(
                "a loopy impartial value has no stops: it is no partizan game",
            ))
        }
    };
    let (left, right) = with_engine(py, &CallLimits::default_memory(), move |engine| {
        let form = value.onside().clone();
        let left = engine.stop(&form, true)?;
        let right = engine.stop(&form, false)?;
        Ok((stop_value(engine, &left)?, stop_value(engine, &right)?))
    })?;
    Ok((
        Bound::new(py, of_loopy(left))?.into_any(),
        Bound::new(py, of_loopy(right))?.into_any(),
    ))
}

/// Whether a value is a stopper: every short value is, a loopy impartial value `∞{K}` is
/// not asked (`ValueError`).
pub(crate) fn is_stopper(held: &Held) -> PyResult<bool> {
    match held {
        Held::Short(_) => Ok(true),
        Held::Loopy(value) => Ok(value.is_stopper()),
        Held::Nim(_) => Err(PyValueError::new_err(
            "a loopy impartial value is no partizan game, so it is no stopper",
        )),
    }
}

/// The onside (`true`) or offside of a value: the value itself for a stopper.
pub(crate) fn side(held: &Held, onside: bool) -> PyResult<Value> {
    match held {
        Held::Short(_) => Ok(Value {
            inner: held.clone(),
        }),
        Held::Loopy(value) => {
            let form = if onside {
                value.onside()
            } else {
                value.offside()
            };
            Ok(of_loopy(LoopyValue::Stopper(form.clone())))
        }
        Held::Nim(_) => Err(PyValueError::new_err(
            "a loopy impartial value is no partizan game, so it has no onside or offside",
        )),
    }
}

/// What `grundy value --json` prints of a loopy value, as a `dict`.
pub(crate) fn facts<'py>(py: Python<'py>, held: &Held) -> PyResult<Bound<'py, PyDict>> {
    let json = match held {
        Held::Nim(value) => serde_json::to_string(&SumOfValues::new(vec![value.clone()]).summary())
            .map_err(|error| PyValueError::new_err(error.to_string()))?,
        Held::Loopy(value) => {
            let value = value.clone();
            let summary = with_engine(py, &CallLimits::default_memory(), move |engine| {
                engine.summary(&value)
            })?;
            serde_json::to_string(&summary)
                .map_err(|error| PyValueError::new_err(error.to_string()))?
        }
        Held::Short(_) => {
            return Err(PyValueError::new_err(
                "facts() describes loopy values; a short value has its own methods (stops, \
                 temperature, …)",
            ))
        }
    };
    let loads = py.import("json")?.getattr("loads")?;
    Ok(loads.call1((json,))?.cast_into::<PyDict>()?)
}
