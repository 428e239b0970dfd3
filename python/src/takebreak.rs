//! Nim sequences of the user-defined impartial games (take-and-break codes, subtraction
//! and all-but subtraction games, Grundy's game) as NumPy arrays, with their periodicity
//! when the periodicity theorem proves it; their misère genus sequences and misère
//! quotients (module `user::misere` holds the classes, shared with `HeapRuleset`).

use std::sync::Arc;

use grundy::games::takebreak::period::NoPeriod;
use grundy::games::takebreak::sequence::check_length;
use grundy::games::takebreak::sum::values_up_to;
use grundy::games::takebreak::{find_period, HeapRules};
use grundy::impartial::heap_values::SequenceError;
use grundy::misere_quotient::MAX_HEAPS;
use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;

use crate::errors::value_error;
use crate::limits::{on_worker, CallLimits, Failure};
use crate::user::misere::{genus_sequence, quotient, whole_number, MisereQuotient};

/// The nim sequence G(0), …, G(to) of a heap game, and what is proved of its period.
///
/// `values` is a `numpy.uint32` array of length `to + 1`. For a rules code, `period` and
/// `preperiod` are set only when the periodicity theorem proves that the sequence repeats
/// forever; `periodicity` says which case holds: `"proved"`, `"not_found"` (the theorem
/// applies but the values computed prove no period) or `"no_theorem"` (Grundy's game,
/// all-but games). For a :class:`HeapRuleset` it is `"seen"` (the values computed repeat
/// with `period` from `preperiod`, which proves nothing) or `"none_seen"`.
#[pyclass(module = "grundy", frozen)]
pub struct Sequence {
    /// The rules in canonical notation (`0.137`, `S(1,3,4)`, `grundy`).
    #[pyo3(get)]
    rules: String,
    /// G(0), …, G(to) as a `numpy.uint32` array.
    #[pyo3(get)]
    values: Py<PyArray1<u32>>,
    /// `"proved"`, `"not_found"` or `"no_theorem"` (a rules code); `"seen"` or
    /// `"none_seen"` (a `HeapRuleset`).
    #[pyo3(get)]
    periodicity: &'static str,
    /// The least period, when proved (or seen, for a `HeapRuleset`).
    #[pyo3(get)]
    period: Option<usize>,
    /// The first heap from which the sequence repeats, when proved (or seen).
    #[pyo3(get)]
    preperiod: Option<usize>,
}

impl Sequence {
    /// The sequence of a user's ruleset, `name`, with the period `(preperiod, period)` seen
    /// in the values computed (not proved).
    pub fn seen(name: String, values: Py<PyArray1<u32>>, period: Option<(usize, usize)>) -> Self {
        Sequence {
            rules: name,
            values,
            periodicity: if period.is_some() {
                "seen"
            } else {
                "none_seen"
            },
            period: period.map(|(_, period)| period),
            preperiod: period.map(|(preperiod, _)| preperiod),
        }
    }
}

#[pymethods]
impl Sequence {
    fn __repr__(&self) -> String {
        match (self.period, self.preperiod) {
            (Some(period), Some(preperiod)) => format!(
                "Sequence({}, period {period}, pre-period {preperiod}{})",
                self.rules,
                if self.periodicity == "seen" {
                    ", seen, not proved"
                } else {
                    ""
                }
            ),
            _ => format!("Sequence({}, {})", self.rules, self.periodicity),
        }
    }
}

/// Reads `rules` in the notation of `grundy sequence` (`0.77`, `0.137`, `hex:0.f`,
/// `S(1,3,4)`, `AB(1,2)`, `grundy`): `ValueError` naming the text otherwise.
fn parse_rules(rules: &str) -> PyResult<HeapRules> {
    rules.parse().map_err(|error| {
        value_error(format!(
            "{error} ({rules:?} is not a take-and-break game; Kayles is 0.77, Dawson's chess \
             0.137)"
        ))
    })
}

/// The nim sequence of `rules` (the notation of `grundy sequence`: `0.137`, `hex:0.f`,
/// `S(1,3,4)`, `AB(1,2)`, `grundy`) for heaps 0 to `to`, computed by the fastest method that
/// applies (the sparse-space method for games that split heaps in two), as a
/// :class:`Sequence`.
///
/// With `misere=True`, the misère genus of each heap instead (`grundy sequence --misere`),
/// as a :class:`MisereSequence`: Conway's `g^{γ0γ1…}` (`"0^{120}"`, `"1^{031}"`), by the
/// library's exact search of each heap plus nim heaps of 2, for `to` at most 200.
///
/// Raises `ValueError` for malformed rules, for lengths beyond the library's limit and for a
/// genus past the exact search's limit of positions (heap 45 of Kayles reaches it),
/// `TypeError` for a `to` that is not an `int`. Takes `time_limit` (`TimeoutError`); Ctrl-C
/// stops it (`KeyboardInterrupt`). The work runs on a worker thread with the interpreter
/// released.
#[pyfunction]
#[pyo3(signature = (rules, to, *, misere=false, time_limit=None))]
pub fn sequence(
    py: Python<'_>,
    rules: &str,
    to: &Bound<'_, PyAny>,
    misere: bool,
    time_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let parsed = parse_rules(rules)?;
    let to = whole_number(to, "to")?;
    let limits = CallLimits::read(time_limit, None)?;
    if misere {
        let sequence = genus_sequence(py, Arc::new(parsed), to, &limits)?;
        return Ok(Py::new(py, sequence)?.into_any());
    }
    let count = usize::try_from(to)
        .ok()
        .and_then(|to| to.checked_add(1))
        .ok_or_else(|| value_error(format!("to = {to} is too large")))?;
    check_length(count).map_err(value_error)?;
    let name = parsed.to_string();
    let (values, periodicity) = on_worker(py, &limits, move |stop, _| {
        let values =
            values_up_to(&parsed, count, &mut |_, _| {}, stop).map_err(|error| match error {
                SequenceError::Stopped(_) => Failure::Stopped,
                other => Failure::Invalid(other.to_string()),
            })?;
        let periodicity = find_period(&parsed, &values, count / 2);
        Ok((values, periodicity))
    })?;
    let (status, period, preperiod) = match periodicity {
        Ok(found) => ("proved", Some(found.period), Some(found.preperiod)),
        Err(NoPeriod::NotFoundUpTo(_)) => ("not_found", None, None),
        Err(NoPeriod::NoTheorem) => ("no_theorem", None, None),
    };
    let sequence = Sequence {
        rules: name,
        values: values.into_pyarray(py).unbind(),
        periodicity: status,
        period,
        preperiod,
    };
    Ok(Py::new(py, sequence)?.into_any())
}

/// The misère quotient of the take-and-break game `rules` (`0.77` for Kayles, `0.07` for
/// Dawson's Kayles, `0.137`, `S(1,3,4)`, `grundy`) on heaps 1 to `heaps`, as a
/// :class:`MisereQuotient` with the data of `grundy misere-quotient RULES --heaps N --json`
/// (its :meth:`MisereQuotient.to_json` gives that line): order, P-portion, generators,
/// relations, the element of each heap, and whether the periodicity theorem proves it the
/// quotient of the whole game. It decides sums of heaps (:meth:`MisereQuotient.outcome`).
///
/// Raises `ValueError` for malformed rules (naming the text) and for `heaps` outside 1 to
/// 20000, `TypeError` for a `heaps` that is not an `int`, `TimeoutError` past `time_limit`
/// seconds, `MemoryError` past `memory_limit` megabytes (default 4000), and
/// `KeyboardInterrupt` on Ctrl-C.
#[pyfunction]
#[pyo3(signature = (rules, heaps, *, time_limit=None, memory_limit=None))]
pub fn misere_quotient(
    py: Python<'_>,
    rules: &str,
    heaps: &Bound<'_, PyAny>,
    time_limit: Option<&Bound<'_, PyAny>>,
    memory_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<MisereQuotient> {
    let parsed = parse_rules(rules)?;
    let heaps = whole_number(heaps, "heaps")?;
    if heaps == 0 || heaps > MAX_HEAPS {
        return Err(value_error(format!(
            "heaps = {heaps} is refused: give a heap bound from 1 to {MAX_HEAPS} (each heap \
             costs a proof over every sum of the heaps before it, so larger bounds would not \
             finish)"
        )));
    }
    let limits = CallLimits::read(time_limit, memory_limit)?;
    quotient(py, Arc::new(parsed), heaps, &limits, false)
}
