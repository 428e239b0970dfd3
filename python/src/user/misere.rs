//! Misère play of heap games through the library's own machinery: the misère quotient
//! (`grundy misere-quotient`'s), which decides sums of heaps, and Conway's genus of each
//! heap (`grundy sequence --misere`'s). A take-and-break game's rules go in as the library
//! reads them; a user's heap ruleset goes in as its options tabulated once
//! ([`grundy::heap::Tabulated`]), so both go through the same code.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::heap::{HeapRuleset, Tabulated};
use grundy::misere_play::genus::{Genus, GenusSearch, MAX_GENUS_HEAP};
use grundy::misere_play::theory::GENUS_LIMIT;
use grundy::misere_play::value::SearchError;
use grundy::misere_quotient::{
    heap_element, misere_quotient_within, outcome_of_element, prove_periodicity, stable_from,
    BeyondQuotient, Element, Periodic, Presentation, QuotientError, QuotientProgress,
};
use grundy::report::Outcome;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyTuple};

use super::run::{write_progress, Run};
use crate::limits::{on_worker, on_worker_polling, CallLimits, Failure};

/// The largest heap whose moves :meth:`MisereQuotient.winning_moves` lists: a heap's
/// options are listed one by one, and a heap of `n` tokens has about `n` of them per kind
/// of move.
pub const MAX_MOVE_HEAP: u64 = 1_000_000;

/// The misère quotient of a heap game's heaps up to a bound, as
/// ``grundy.misere_quotient(rules, heaps)`` (a take-and-break game, the data of
/// ``grundy misere-quotient RULES --heaps N --json``) and
/// ``HeapRuleset.misere_quotient(heaps)`` give it: the commutative monoid whose elements
/// are the sums' classes under misère play, with its P-portion, a presentation, the
/// element of each heap and the periodicity the theorem proves (if any). It decides sums
/// of heaps: :meth:`element`, :meth:`outcome`, :meth:`is_p_position`,
/// :meth:`winning_moves`.
#[pyclass(module = "grundy", frozen)]
pub struct MisereQuotient {
    quotient: grundy::misere_quotient::MisereQuotient,
    periodic: Option<Periodic>,
    presentation: Presentation,
    /// The rules the quotient is of, for the moves of a sum.
    ruleset: Arc<dyn HeapRuleset>,
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

/// Reads one whole number argument: an `int` or anything with `__index__` (NumPy's
/// integers); `TypeError` for anything else (a `bool` included), `ValueError` naming `what`
/// for a negative number or one of 2^64 or more.
pub fn whole_number(value: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    let is_index = !value.is_instance_of::<PyBool>()
        && (value.is_instance_of::<PyInt>() || value.hasattr("__index__").unwrap_or(false));
    let index = if is_index {
        value.call_method0("__index__").ok()
    } else {
        None
    };
    let Some(number) = index.filter(|number| number.is_instance_of::<PyInt>()) else {
        return Err(PyTypeError::new_err(format!(
            "{what} is a whole number, got {}",
            value
                .get_type()
                .name()
                .map(|name| name.to_string())
                .unwrap_or_default()
        )));
    };
    number.extract::<u64>().map_err(|_| {
        PyValueError::new_err(format!(
            "{what} is a whole number from 0 below 2^64, got {}",
            number
                .repr()
                .map(|text| text.to_string())
                .unwrap_or_default()
        ))
    })
}

/// A JSON value as Python reads it with ``json.loads``.
fn json_to_python<'py>(py: Python<'py>, json: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?
        .call_method1("loads", (json.to_string(),))
}

/// The heaps of a sum, each a whole number (`TypeError`, `ValueError` as [`whole_number`]).
fn read_heaps(heaps: &Bound<'_, PyTuple>) -> PyResult<Vec<u64>> {
    heaps
        .iter()
        .map(|heap| whole_number(&heap, "a heap"))
        .collect()
}

/// The `ValueError` of a heap the quotient does not know, naming the bound.
fn beyond_error(beyond: BeyondQuotient) -> PyErr {
    PyValueError::new_err(format!(
        "a heap of {} is beyond the quotient's heaps (up to {}) and no period is proved: \
         compute it with more heaps",
        beyond.heap, beyond.bound
    ))
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

    /// Whether the periodicity theorem proves that this is the quotient of the whole game
    /// (every heap, of any size): then sums of heaps beyond ``heaps`` are decided too.
    #[getter]
    fn proved(&self) -> bool {
        self.periodic.is_some()
    }

    /// The last heap the periodicity theorem needed checked, when it proves the period
    /// (``None`` otherwise).
    #[getter]
    fn checked_to(&self) -> Option<u64> {
        self.periodic.as_ref().map(|periodic| periodic.checked_to)
    }

    /// ``orders[n]``: the order of the quotient of the heaps of at most ``n`` tokens, for
    /// ``n`` from 0 to ``heaps``.
    #[getter]
    fn orders(&self) -> Vec<usize> {
        self.quotient.orders().to_vec()
    }

    /// The states the last proof of the quotient visited.
    #[getter]
    fn proof_states(&self) -> usize {
        self.quotient.states_proved()
    }

    /// Every element, as a word, in the quotient's numbering (element 0 is the identity,
    /// ``"1"``).
    #[getter]
    fn elements(&self) -> Vec<String> {
        (0..self.order as Element)
            .map(|x| self.presentation.element_word(x))
            .collect()
    }

    /// The element of the sum of these heaps, as a word of the presentation (``"1"`` for
    /// the empty sum). ``ValueError`` for a heap beyond ``heaps`` unless the period is
    /// proved (:attr:`proved`).
    #[pyo3(signature = (*heaps))]
    fn element(&self, heaps: &Bound<'_, PyTuple>) -> PyResult<String> {
        let heaps = read_heaps(heaps)?;
        Ok(self.presentation.element_word(self.element_of(&heaps)?))
    }

    /// ``"P"`` or ``"N"``: who wins the sum of these heaps under misère play (``"P"``: the
    /// player to move loses), from the quotient: heaps up to ``heaps``, or of any size when
    /// the period is proved; ``ValueError`` naming the bound otherwise.
    #[pyo3(signature = (*heaps))]
    fn outcome(&self, heaps: &Bound<'_, PyTuple>) -> PyResult<&'static str> {
        let heaps = read_heaps(heaps)?;
        Ok(if self.p_position(&heaps)? { "P" } else { "N" })
    }

    /// Whether the sum of these heaps is a P-position under misère play (the player to
    /// move loses): its element is in the P-portion. Heaps as :meth:`outcome` takes them.
    #[pyo3(signature = (*heaps))]
    fn is_p_position(&self, heaps: &Bound<'_, PyTuple>) -> PyResult<bool> {
        let heaps = read_heaps(heaps)?;
        self.p_position(&heaps)
    }

    /// The winning moves of the sum of these heaps under misère play: each move of one
    /// heap whose result is a P-position, as ``(heap, left)``: a heap of ``heap`` tokens is
    /// replaced by the heaps ``left`` (a tuple, smallest first; ``()`` when the heap is
    /// taken whole). Equal heaps give their moves once; the list is sorted, and empty when
    /// the sum is a P-position. Heaps as :meth:`outcome` takes them, each of at most
    /// 1000000 tokens (its options are listed one by one).
    #[pyo3(signature = (*heaps))]
    fn winning_moves<'py>(
        &self,
        heaps: &Bound<'py, PyTuple>,
    ) -> PyResult<Vec<(u64, Bound<'py, PyTuple>)>> {
        let py = heaps.py();
        let heaps = read_heaps(heaps)?;
        let monoid = self.quotient.monoid();
        let elements: Vec<Element> = heaps
            .iter()
            .map(|&heap| self.heap_element(heap))
            .collect::<PyResult<_>>()?;
        if let Some(&heap) = heaps.iter().find(|&&heap| heap > MAX_MOVE_HEAP) {
            return Err(PyValueError::new_err(format!(
                "winning_moves lists the options of heaps of at most {MAX_MOVE_HEAP} tokens, \
                 got a heap of {heap}"
            )));
        }
        // The product of every heap but one, from the products before and after it.
        let mut before = Vec::with_capacity(elements.len() + 1);
        before.push(0);
        for &x in &elements {
            before.push(monoid.multiply(*before.last().unwrap_or(&0), x));
        }
        let mut after = vec![0; elements.len() + 1];
        for index in (0..elements.len()).rev() {
            after[index] = monoid.multiply(elements[index], after[index + 1]);
        }
        let mut moves: BTreeSet<(u64, Vec<u64>)> = BTreeSet::new();
        let mut done: BTreeSet<u64> = BTreeSet::new();
        let mut failed: Option<PyErr> = None;
        for (index, &heap) in heaps.iter().enumerate() {
            if !done.insert(heap) {
                continue; // the same moves as from the equal heap before
            }
            let rest = monoid.multiply(before[index], after[index + 1]);
            self.ruleset.for_each_option(heap, &mut |parts| {
                if failed.is_some() {
                    return;
                }
                let mut left: Vec<u64> = parts.iter().copied().filter(|&p| p > 0).collect();
                left.sort_unstable();
                let mut total = rest;
                for &part in &left {
                    match self.heap_element(part) {
                        Ok(x) => total = monoid.multiply(total, x),
                        Err(error) => {
                            failed = Some(error);
                            return;
                        }
                    }
                }
                if monoid.is_p(total) {
                    moves.insert((heap, left));
                }
            });
            if let Some(error) = failed.take() {
                return Err(error);
            }
        }
        moves
            .into_iter()
            .map(|(heap, left)| Ok((heap, PyTuple::new(py, left)?)))
            .collect()
    }

    /// The quotient as one line of JSON: the same fields as
    /// ``grundy misere-quotient RULES --heaps N --json`` prints (the whole monoid, so that
    /// other programs can decide sums from it: element ``x`` is ``elements[x]``, ``x · y``
    /// is ``table[x][y]``, heap ``h`` is ``heap_numbers[h]``; ``sum`` is ``null``).
    fn to_json(&self) -> String {
        self.json().to_string()
    }

    /// The quotient as a ``dict``: :meth:`to_json` read back.
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_python(py, &self.json())
    }

    fn __repr__(&self) -> String {
        format!(
            "MisereQuotient({}, heaps 1 to {}: order {}, P-portion {{{}}}, relations {}{})",
            self.rules,
            self.heaps,
            self.order,
            self.p_portion.join(", "),
            self.relations.join(", "),
            match &self.periodic {
                Some(found) => format!(
                    ", proved: period {} from heap {}",
                    found.period, found.preperiod
                ),
                None => String::new(),
            }
        )
    }
}

impl MisereQuotient {
    /// The quotient of `quotient` with its presentation and periodicity worked out.
    fn of(
        quotient: grundy::misere_quotient::MisereQuotient,
        ruleset: Arc<dyn HeapRuleset>,
    ) -> Self {
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
            presentation,
            ruleset,
            quotient,
        }
    }

    /// The element of a heap: computed, or read through the proved period.
    fn heap_element(&self, heap: u64) -> PyResult<Element> {
        heap_element(&self.quotient, self.periodic.as_ref(), heap).map_err(beyond_error)
    }

    /// The element of the sum of `heaps`.
    fn element_of(&self, heaps: &[u64]) -> PyResult<Element> {
        let monoid = self.quotient.monoid();
        let mut total = 0;
        for &heap in heaps {
            total = monoid.multiply(total, self.heap_element(heap)?);
        }
        Ok(total)
    }

    /// Whether the sum of `heaps` is lost by the player to move.
    fn p_position(&self, heaps: &[u64]) -> PyResult<bool> {
        let element = self.element_of(heaps)?;
        Ok(outcome_of_element(&self.quotient, element) == Outcome::Loss)
    }

    /// The JSON of `grundy misere-quotient --json`, field for field.
    fn json(&self) -> serde_json::Value {
        let monoid = self.quotient.monoid();
        let order = monoid.order() as Element;
        let table: Vec<Vec<Element>> = (0..order)
            .map(|x| (0..order).map(|y| monoid.multiply(x, y)).collect())
            .collect();
        serde_json::json!({
            "rules": self.rules,
            "heaps": self.heaps,
            "order": self.order,
            "p_portion": self.p_portion,
            "generators": self.presentation.generators,
            "relations": self.relations,
            "heap_elements": self.heap_elements,
            "orders": self.quotient.orders(),
            "periodic": self.periodic,
            "stable_from": self.stable_from,
            "proof_states": self.quotient.states_proved(),
            "elements": self.elements(),
            "table": table,
            "p_numbers": monoid.p_portion(),
            "heap_numbers": self.quotient.heap_elements(),
            "sum": serde_json::Value::Null,
        })
    }
}

/// The misère genus of every heap 0 to ``to`` of a heap game, as
/// ``grundy.sequence(rules, to, misere=True)`` and ``HeapRuleset.sequence(to,
/// misere=True)`` give it: Conway's ``g^{γ0γ1…}``, the normal nim value ``g`` and the
/// misère nim values ``γk`` of the heap plus ``k`` nim heaps of 2 (written up to where they
/// start to alternate: ``"0^{120}"``, ``"1^{031}"``, ``"2^{20}"``).
#[pyclass(module = "grundy", frozen)]
pub struct MisereSequence {
    genera: Vec<Genus>,
    /// The rules in canonical notation (``0.77``) or the ruleset's name.
    #[pyo3(get)]
    rules: String,
    /// The largest heap.
    #[pyo3(get)]
    to: u64,
}

#[pymethods]
impl MisereSequence {
    /// The genus of each heap 0 to ``to``, as written: ``"0^{120}"``, ``"1^{031}"``, …
    /// (terms of 10 or more separated by commas: ``"12^{12,14}"``).
    #[getter]
    fn genera(&self) -> Vec<String> {
        self.genera.iter().map(ToString::to_string).collect()
    }

    /// The normal-play nim value ``g`` of each heap.
    #[getter]
    fn values(&self) -> Vec<u64> {
        self.genera.iter().map(|genus| genus.normal).collect()
    }

    /// The misère nim value ``γ0`` of each heap alone (0 exactly when a heap alone is lost
    /// by the player to move under misère play).
    #[getter]
    fn misere_values(&self) -> Vec<u64> {
        self.genera
            .iter()
            .map(|genus| genus.misere.first().copied().unwrap_or(0))
            .collect()
    }

    /// Each genus as ``(g, (γ0, γ1, …))``: the superscript's terms as written (up to where
    /// they start to alternate).
    #[getter]
    fn terms<'py>(&self, py: Python<'py>) -> PyResult<Vec<(u64, Bound<'py, PyTuple>)>> {
        self.genera
            .iter()
            .map(|genus| Ok((genus.normal, PyTuple::new(py, genus.superscript())?)))
            .collect()
    }

    /// Whether each heap's genus is tame (that of a position of Nim: ``0^{120}``,
    /// ``1^{031}`` or ``g^{g(g⊕2)}``).
    #[getter]
    fn tame(&self) -> Vec<bool> {
        self.genera.iter().map(Genus::is_tame).collect()
    }

    /// The first heap whose genus is wild (not tame), or ``None``: sums of smaller heaps
    /// are decided by the misère Nim rule.
    #[getter]
    fn first_wild_heap(&self) -> Option<usize> {
        self.genera.iter().position(|genus| !genus.is_tame())
    }

    /// The sequence as one line of JSON: the fields ``grundy sequence RULES --to N
    /// --misere --json`` prints.
    fn to_json(&self) -> String {
        self.json().to_string()
    }

    /// The sequence as a ``dict``: :meth:`to_json` read back.
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_python(py, &self.json())
    }

    fn __len__(&self) -> usize {
        self.genera.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "MisereSequence({}, heaps 0 to {}, {})",
            self.rules,
            self.to,
            match self.first_wild_heap() {
                Some(heap) => format!("first wild heap {heap}"),
                None => "every heap tame".to_owned(),
            }
        )
    }
}

impl MisereSequence {
    /// The JSON of `grundy sequence --misere --json`, field for field.
    fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "rules": self.rules,
            "to": self.to,
            "play": "misere",
            "values": self.values(),
            "genus": self.genera(),
            "misere_values": self.misere_values(),
            "tame_genus": self.tame(),
            "first_wild_heap": self.first_wild_heap(),
        })
    }
}

/// The genus of heaps 0 to `to` of `rules`, on a worker thread under `limits` (Ctrl-C,
/// `time_limit`; the search is bounded by its number of positions, not by a memory
/// limit). `ValueError` past the library's largest heap or its limit of positions.
pub fn genus_sequence(
    py: Python<'_>,
    rules: Arc<dyn HeapRuleset>,
    to: u64,
    limits: &CallLimits,
) -> PyResult<MisereSequence> {
    if to > MAX_GENUS_HEAP {
        return Err(PyValueError::new_err(format!(
            "to = {to} with misere=True: the genus is computed by an exact search of each \
             heap plus heaps of 2, which is out of reach past heap {MAX_GENUS_HEAP}"
        )));
    }
    let name = rules.name();
    let genera = on_worker(py, limits, move |stop, _| {
        let mut search = GenusSearch::new(rules.as_ref(), GENUS_LIMIT, stop);
        let mut genera = Vec::new();
        for heap in 0..=to {
            let genus = search.genus(heap).map_err(|error| match error {
                SearchError::Stopped(_) => Failure::Stopped,
                over @ SearchError::OverMemory { .. } => Failure::OverMemory(over.to_string()),
                other => Failure::Invalid(format!(
                    "the genus of heap {heap} of {}: {other}; heaps 0 to {} were computed",
                    rules.name(),
                    heap.saturating_sub(1)
                )),
            })?;
            genera.push(genus);
        }
        Ok(genera)
    })?;
    Ok(MisereSequence {
        genera,
        rules: name,
        to,
    })
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
        run.counted_heap(0)?;
    }
    Tabulated::new(name, rows).map_err(|error| PyValueError::new_err(error.to_string()))
}

/// The misère quotient of `rules` to heap `heaps`, on a worker thread under `limits`
/// (Ctrl-C, `time_limit`, `memory_limit`), reporting its progress on Python's `sys.stderr`
/// when `progress`, as the command line does: after a second, each second, a line of the
/// heap being added, and a last line when it ends (`stopped` when it did not finish).
pub fn quotient(
    py: Python<'_>,
    rules: Arc<dyn HeapRuleset>,
    heaps: u64,
    limits: &CallLimits,
    progress: bool,
) -> PyResult<MisereQuotient> {
    let worker_rules = Arc::clone(&rules);
    let lines: Arc<Mutex<Vec<String>>> = Arc::default();
    let worker_lines = Arc::clone(&lines);
    let started = Instant::now();
    let reported = std::cell::Cell::new(false);
    let write = |py: Python<'_>, text: &str| {
        reported.set(true);
        write_progress(py, text);
    };
    let answer = on_worker_polling(
        py,
        limits,
        move |stop, bytes| {
            let mut last_shown: Option<Instant> = None;
            let mut report = |at: QuotientProgress| {
                let now = Instant::now();
                let due = match last_shown {
                    None => now - started >= PROGRESS_EVERY,
                    Some(last) => now - last >= PROGRESS_EVERY,
                };
                if progress && due {
                    last_shown = Some(now);
                    let line = quotient_progress(&at, heaps, (now - started).as_secs_f64());
                    lock(&worker_lines).push(line);
                }
            };
            misere_quotient_within(worker_rules.as_ref(), heaps, &mut report, stop, bytes).map_err(
                |error| match error {
                    QuotientError::Stopped(_) => Failure::Stopped,
                    over @ QuotientError::OverMemory { .. } => {
                        Failure::OverMemory(over.to_string())
                    }
                    other => Failure::Invalid(other.to_string()),
                },
            )
        },
        |py| {
            for line in std::mem::take(&mut *lock(&lines)) {
                write(py, &format!("{line}\n"));
            }
        },
    );
    for line in std::mem::take(&mut *lock(&lines)) {
        write(py, &format!("{line}\n"));
    }
    if reported.get() {
        let seconds = started.elapsed().as_secs_f64();
        let end = match &answer {
            Ok(_) => format!("grundy: misère quotient — done: {heaps} heaps in {seconds:.1} s\n"),
            Err(_) => format!("grundy: misère quotient — stopped after {seconds:.1} s\n"),
        };
        write(py, &end);
    }
    Ok(MisereQuotient::of(answer?, rules))
}

/// How often the quotient's progress is reported, after the first second.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// A line of the quotient's progress, as the command line writes it.
fn quotient_progress(at: &QuotientProgress, bound: u64, seconds: f64) -> String {
    if at.finished {
        format!(
            "grundy: misère quotient — heap {} of {bound} ({seconds:.0} s)",
            at.heap
        )
    } else {
        format!(
            "grundy: misère quotient — heap {} of {bound}: guess corrected {} times, {} \
             elements ({seconds:.0} s)",
            at.heap, at.corrections, at.order
        )
    }
}

/// The lines waiting to be written, whatever a panicking holder left.
fn lock(lines: &Mutex<Vec<String>>) -> std::sync::MutexGuard<'_, Vec<String>> {
    lines
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The genus of a heap of `heap` of `table` (`0^{120}`, Conway's notation).
pub fn genus(py: Python<'_>, table: Tabulated, heap: u64, limits: &CallLimits) -> PyResult<String> {
    on_worker(py, limits, move |stop, _| {
        GenusSearch::new(&table, GENUS_LIMIT, stop)
            .genus(heap)
            .map(|genus| genus.to_string())
            .map_err(|error| match error {
                SearchError::Stopped(_) => Failure::Stopped,
                over @ SearchError::OverMemory { .. } => Failure::OverMemory(over.to_string()),
                other => Failure::Invalid(other.to_string()),
            })
    })
}
