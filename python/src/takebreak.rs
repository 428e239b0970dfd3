//! Nim sequences of the user-defined impartial games (take-and-break codes, subtraction
//! and all-but subtraction games, Grundy's game) as NumPy arrays, with their periodicity
//! when the periodicity theorem proves it.

use grundy::games::takebreak::period::NoPeriod;
use grundy::games::takebreak::sequence::check_length;
use grundy::games::takebreak::sum::values_up_to;
use grundy::games::takebreak::{find_period, HeapRules};
use grundy::stop::Stop;
use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;

use crate::errors::value_error;

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

/// The nim sequence of `rules` (the notation of `grundy sequence`: `0.137`, `hex:0.f`,
/// `S(1,3,4)`, `AB(1,2)`, `grundy`) for heaps 0 to `to`, computed by the fastest method that
/// applies (the sparse-space method for games that split heaps in two). Raises
/// `ValueError` for malformed rules and for lengths beyond the library's limit. The
/// interpreter is released while the values are computed.
#[pyfunction]
pub fn sequence(py: Python<'_>, rules: &str, to: usize) -> PyResult<Sequence> {
    let parsed: HeapRules = rules.parse().map_err(value_error)?;
    let count = to
        .checked_add(1)
        .ok_or_else(|| value_error(format!("to = {to} is too large")))?;
    check_length(count).map_err(value_error)?;
    let (values, periodicity) = py
        .detach(|| -> Result<_, String> {
            let values = values_up_to(&parsed, count, &mut |_, _| {}, &Stop::NEVER)
                .map_err(|error| error.to_string())?;
            let periodicity = find_period(&parsed, &values, count / 2);
            Ok((values, periodicity))
        })
        .map_err(value_error)?;
    let (status, period, preperiod) = match periodicity {
        Ok(found) => ("proved", Some(found.period), Some(found.preperiod)),
        Err(NoPeriod::NotFoundUpTo(_)) => ("not_found", None, None),
        Err(NoPeriod::NoTheorem) => ("no_theorem", None, None),
    };
    Ok(Sequence {
        rules: parsed.to_string(),
        values: values.into_pyarray(py).unbind(),
        periodicity: status,
        period,
        preperiod,
    })
}
