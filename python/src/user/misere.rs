//! Misère play of a user's heap ruleset through the library's own machinery: the misère
//! quotient (`grundy misere-quotient`'s) and the genus of a heap, computed on the ruleset's
//! options tabulated once ([`grundy::heap::Tabulated`]), so they go through the same code
//! as an octal code.

use grundy::heap::Tabulated;
use grundy::misere::{
    misere_outcome, misere_quotient_within, prove_periodicity, stable_from, Periodic, Presentation,
    QuotientError,
};
use grundy::misere_play::genus::GenusSearch;
use grundy::misere_play::search::SearchError;
use grundy::misere_play::theory::GENUS_LIMIT;
use grundy::Outcome;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::run::Run;
use crate::limits::{on_worker, CallLimits, Failure};

/// The misère quotient of a heap ruleset's heaps up to a bound, as
/// ``HeapRuleset.misere_quotient(heaps)`` gives it: the commutative monoid whose elements
/// are the sums' classes under misère play, with its P-portion, a presentation, the
/// element of each heap and the periodicity the theorem proves (if any).
#[pyclass(module = "grundy", frozen)]
pub struct MisereQuotient {
    quotient: grundy::misere::MisereQuotient,
    periodic: Option<Periodic>,
    /// The ruleset's name.
    #[pyo3(get)]
    rules: String,
    /// The largest heap added.
    #[pyo3(get)]
    heaps: u64,
    /// The number of elements.
    #[pyo3(get)]
    order: usize,
    /// The elements of the P-portion (the sums the player to move loses), as words.
    #[pyo3(get)]
    p_portion: Vec<String>,
    /// The generators: ``(name, heap)``.
    #[pyo3(get)]
    generators: Vec<(String, u64)>,
    /// The relations of the presentation (``a^2 = 1``, …).
    #[pyo3(get)]
    relations: Vec<String>,
    /// The element of each heap 0 to ``heaps``, as a word.
    #[pyo3(get)]
    heap_elements: Vec<String>,
    /// The least heap from which the order stopped changing up to the bound (an
    /// observation, not a proof).
    #[pyo3(get)]
    stable_from: u64,
}

#[pymethods]
impl MisereQuotient {
    /// ``(preperiod, period)`` of the heaps' elements when the periodicity theorem proves
    /// it from the heaps computed (``None`` otherwise, and always for a ruleset the theorem
    /// does not apply to, such as a function's).
    #[getter]
    fn periodic(&self) -> Option<(u64, u64)> {
        self.periodic
            .as_ref()
            .map(|periodic| (periodic.preperiod, periodic.period))
    }

    /// ``"P"`` or ``"N"``: who wins the sum of these heaps under misère play, from the
    /// quotient (heaps up to the bound, or any heap when the period is proved).
    #[pyo3(signature = (*heaps))]
    fn outcome(&self, heaps: Vec<u64>) -> PyResult<&'static str> {
        let outcome =
            misere_outcome(&self.quotient, self.periodic.as_ref(), &heaps).map_err(|beyond| {
                PyValueError::new_err(format!(
                    "a heap of {} is beyond the quotient's heaps (up to {}): compute it with \
                     more heaps",
                    beyond.heap, beyond.bound
                ))
            })?;
        Ok(if outcome == Outcome::Loss { "P" } else { "N" })
    }

    fn __repr__(&self) -> String {
        format!(
            "MisereQuotient({}, heaps 1 to {}: order {}, P-portion {{{}}}, relations {})",
            self.rules,
            self.heaps,
            self.order,
            self.p_portion.join(", "),
            self.relations.join(", ")
        )
    }
}

impl MisereQuotient {
    /// The quotient of `quotient` with its presentation and periodicity worked out.
    fn of(quotient: grundy::misere::MisereQuotient) -> MisereQuotient {
        let presentation = Presentation::of(&quotient);
        let periodic = prove_periodicity(&quotient);
        let monoid = quotient.monoid();
        MisereQuotient {
            rules: quotient.rules_name().to_owned(),
            heaps: quotient.bound(),
            order: monoid.order(),
            p_portion: monoid
                .p_portion()
                .iter()
                .map(|&x| presentation.element_word(x))
                .collect(),
            generators: presentation
                .generators
                .iter()
                .map(|generator| (generator.name.clone(), generator.heap))
                .collect(),
            relations: presentation.relation_texts(),
            heap_elements: quotient
                .heap_elements()
                .iter()
                .map(|&x| presentation.element_word(x))
                .collect(),
            stable_from: stable_from(&quotient),
            periodic,
            quotient,
        }
    }
}

/// The ruleset's options of heaps 1 to `largest`, asked of its function once each and
/// checked, as the library's table.
pub fn tabulate(
    run: &mut Run<'_>,
    name: &str,
    largest: u64,
    mut options_of: impl FnMut(&mut Run<'_>, u64, &mut dyn FnMut(&[u64])) -> PyResult<()>,
) -> PyResult<Tabulated> {
    let mut rows: Vec<Vec<Vec<u64>>> = vec![Vec::new()];
    for heap in 1..=largest {
        let mut row = Vec::new();
        options_of(run, heap, &mut |parts| row.push(parts.to_vec()))?;
        rows.push(row);
        if heap % 64 == 0 {
            run.look(0)?;
        }
    }
    Tabulated::new(name, rows).map_err(|error| PyValueError::new_err(error.to_string()))
}

/// The misère quotient of `table` to heap `heaps`, on a worker thread under `limits`
/// (Ctrl-C, `time_limit`, `memory_limit`).
pub fn quotient(
    py: Python<'_>,
    table: Tabulated,
    heaps: u64,
    limits: &CallLimits,
) -> PyResult<MisereQuotient> {
    let quotient = on_worker(py, limits, move |stop, bytes| {
        misere_quotient_within(&table, heaps, &mut |_| {}, stop, bytes).map_err(|error| match error
        {
            QuotientError::Stopped(_) => Failure::Stopped,
            over @ QuotientError::OverMemory { .. } => Failure::OverMemory(over.to_string()),
            other => Failure::Invalid(other.to_string()),
        })
    })?;
    Ok(MisereQuotient::of(quotient))
}

/// The genus of a heap of `heap` of `table` (`0^{120}`, Conway's notation).
pub fn genus(py: Python<'_>, table: Tabulated, heap: u64, limits: &CallLimits) -> PyResult<String> {
    on_worker(py, limits, move |stop, _| {
        GenusSearch::new(&table, GENUS_LIMIT, stop)
            .genus(heap)
            .map(|genus| genus.to_string())
            .map_err(|error| match error {
                SearchError::Stopped(_) => Failure::Stopped,
                other => Failure::Invalid(other.to_string()),
            })
    })
}
