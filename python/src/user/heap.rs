//! `grundy.HeapRuleset`: a heap game given by a function, as CGSuite's `HeapRuleset`: the
//! options of a heap of `n` are lists of heaps (`[[a, b], …]`: the move leaves heaps of `a`
//! and `b`). An impartial ruleset takes one function, a partizan one a function for Left
//! and one for Right.
//!
//! A position of a ruleset (`ruleset(5, 7)`) is a user's position like any other (it has
//! `options()` or `left_options()`/`right_options()`, and its heaps as `components()`),
//! so `grundy.value`, `grundy.outcome` and `grundy.solve` take it; the ruleset adds what an
//! octal code has: the nim sequence with the period seen, the values of single heaps.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use numpy::IntoPyArray;
use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use super::api::walking;
use super::cache::Cache;
use super::run::{describe_type, Progress, Run};
use super::walk::Walk;
use crate::limits::CallLimits;
use crate::takebreak::Sequence;
use crate::value::Value;

/// Whose options a function gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    /// Both players' (an impartial ruleset).
    Both,
    /// Left's.
    Left,
    /// Right's.
    Right,
}

/// A heap game given by its options: ``HeapRuleset(lambda n: [[a, b], …])`` for an
/// impartial game, ``HeapRuleset(left=…, right=…)`` for a partizan one. Each function takes
/// a heap size ``n`` and lists the moves from a heap of ``n``, each as the list of heaps it
/// leaves (``[]`` removes the heap; zeros are dropped; every heap left must be smaller than
/// ``n``).
///
/// Calling the ruleset makes a position, a sum of heaps: ``kayles(5, 7)``. Positions work
/// with :func:`value`, :func:`outcome` (also ``misere=True``) and :func:`solve`; the
/// ruleset itself gives the nim sequence (:meth:`sequence`) and single-heap values
/// (:meth:`values`).
#[pyclass(module = "grundy", frozen)]
pub struct HeapRuleset {
    /// The impartial options, or Left's and Right's.
    functions: Functions,
    /// The ruleset's name.
    #[pyo3(get)]
    name: String,
}

/// The functions that list options.
enum Functions {
    /// One function for both players.
    Impartial(Py<PyAny>),
    /// Left's and Right's.
    Partizan(Py<PyAny>, Py<PyAny>),
}

impl HeapRuleset {
    /// Whether the ruleset is partizan.
    fn partizan(&self) -> bool {
        matches!(self.functions, Functions::Partizan(..))
    }

    /// The moves of `side` from a heap of `heap`, each as the heaps it leaves (sorted,
    /// zeros dropped), checked: a list of lists of whole numbers, each smaller than `heap`.
    fn heap_options(&self, run: &mut Run<'_>, side: Side, heap: u64) -> PyResult<Vec<Vec<u64>>> {
        let mut options = Vec::new();
        self.for_each_heap_option(run, side, heap, &mut |parts| options.push(parts.to_vec()))?;
        Ok(options)
    }

    /// Calls `visit` with each move of `side` from a heap of `heap`, as
    /// [`HeapRuleset::heap_options`] lists them, without keeping them (a sequence to heap
    /// 10 000 of Kayles meets fifty million options).
    fn for_each_heap_option(
        &self,
        run: &mut Run<'_>,
        side: Side,
        heap: u64,
        visit: &mut dyn FnMut(&[u64]),
    ) -> PyResult<()> {
        let py = run.py;
        let function = match (&self.functions, side) {
            (Functions::Impartial(function), _) => function,
            (Functions::Partizan(left, _), Side::Left | Side::Both) => left,
            (Functions::Partizan(_, right), Side::Right) => right,
        };
        let who = match side {
            Side::Both => "",
            Side::Left => "Left's ",
            Side::Right => "Right's ",
        };
        let name = &self.name;
        let listed = run.call(function.bind(py), heap, || {
            format!("raised by {name}'s {who}options of a heap of {heap}")
        })?;
        let not_a_list = |what: &Bound<'_, PyAny>| {
            PyTypeError::new_err(format!(
                "{name}'s {who}options of a heap of {heap} must be a list of lists of heaps; \
                 got a {}",
                describe_type(what)
            ))
        };
        let bad_part = |option: &Bound<'_, PyAny>, part: &Bound<'_, PyAny>| {
            let shown = option
                .repr()
                .map(|text| text.to_string())
                .unwrap_or_default();
            match part.extract::<i128>() {
                Ok(_) => PyValueError::new_err(format!(
                    "{name}'s {who}options of a heap of {heap} include {shown}: every heap a \
                     move leaves is from 0 to {} (smaller than the heap moved in)",
                    heap.saturating_sub(1)
                )),
                Err(_) => PyTypeError::new_err(format!(
                    "{name}'s {who}options of a heap of {heap} include {shown}: a heap is a \
                     whole number, not a {}",
                    describe_type(part)
                )),
            }
        };
        let mut parts: Vec<u64> = Vec::new();
        let mut read = |option: Bound<'_, PyAny>| -> PyResult<()> {
            parts.clear();
            let mut take = |part: Bound<'_, PyAny>| -> PyResult<()> {
                match part.extract::<u64>() {
                    Ok(0) => Ok(()),
                    Ok(size) if size < heap => {
                        parts.push(size);
                        Ok(())
                    }
                    _ => Err(bad_part(&option, &part)),
                }
            };
            // Lists and tuples are read directly; any other iterable through iteration.
            if let Ok(list) = option.cast::<PyList>() {
                for part in list.iter() {
                    take(part)?;
                }
            } else if let Ok(tuple) = option.cast::<PyTuple>() {
                for part in tuple.iter() {
                    take(part)?;
                }
            } else {
                for part in option.try_iter().map_err(|_| not_a_list(&option))? {
                    take(part?)?;
                }
            }
            if parts.len() > 1 {
                parts.sort_unstable();
            }
            visit(&parts);
            Ok(())
        };
        if let Ok(list) = listed.cast::<PyList>() {
            for option in list.iter() {
                read(option)?;
            }
        } else {
            for option in listed.try_iter().map_err(|_| not_a_list(&listed))? {
                read(option?)?;
            }
        }
        Ok(())
    }

    /// The positions one move of `side` leads to from `heaps`.
    fn position_options(
        slf: &Bound<'_, HeapRuleset>,
        run: &mut Run<'_>,
        side: Side,
        heaps: &[u64],
    ) -> PyResult<Vec<Vec<u64>>> {
        let ruleset = slf.get();
        let mut options = Vec::new();
        for (index, &heap) in heaps.iter().enumerate() {
            if index > 0 && heaps[index - 1] == heap {
                continue; // the same moves as from the equal heap before
            }
            for parts in ruleset.heap_options(run, side, heap)? {
                let mut after: Vec<u64> = heaps[..index]
                    .iter()
                    .chain(&heaps[index + 1..])
                    .copied()
                    .chain(parts)
                    .collect();
                after.sort_unstable();
                options.push(after);
            }
        }
        Ok(options)
    }

    /// The options of heaps 1 to `largest`, tabulated for the library's misère
    /// machinery (impartial rulesets only).
    fn table(
        &self,
        py: Python<'_>,
        largest: u64,
        limits: CallLimits,
        progress: bool,
    ) -> PyResult<grundy::heap::Tabulated> {
        if self.partizan() {
            return Err(PyValueError::new_err(
                "misère quotients and genera are of impartial rulesets; this one is partizan",
            ));
        }
        let mut run = HeapRuleset::run(py, limits, progress, "listing the options of each heap");
        run.count_heaps();
        let table = super::misere::tabulate(&mut run, &self.name, largest, |run, heap, visit| {
            self.for_each_heap_option(run, Side::Both, heap, visit)
        });
        run.finish(table.is_ok());
        table
    }

    /// A run for a ruleset's own computations (the options of a position, a sequence).
    fn run<'py>(
        py: Python<'py>,
        limits: CallLimits,
        progress: bool,
        task: &'static str,
    ) -> Run<'py> {
        let progress = if progress {
            Progress::Auto
        } else {
            Progress::Off
        };
        Run::new(py, limits, progress, task)
    }
}

#[pymethods]
impl HeapRuleset {
    #[new]
    #[pyo3(signature = (options=None, *, left=None, right=None, name=None))]
    fn new(
        options: Option<Bound<'_, PyAny>>,
        left: Option<Bound<'_, PyAny>>,
        right: Option<Bound<'_, PyAny>>,
        name: Option<String>,
    ) -> PyResult<Self> {
        let callable = |function: Bound<'_, PyAny>, what: &str| {
            if function.is_callable() {
                Ok(function.unbind())
            } else {
                Err(PyTypeError::new_err(format!(
                    "{what} must be a function of a heap size, got a {}",
                    describe_type(&function)
                )))
            }
        };
        let functions = match (options, left, right) {
            (Some(options), None, None) => Functions::Impartial(callable(options, "options")?),
            (None, Some(left), Some(right)) => {
                Functions::Partizan(callable(left, "left")?, callable(right, "right")?)
            }
            _ => {
                return Err(PyTypeError::new_err(
                    "a HeapRuleset takes one function of a heap size (impartial) or left= and \
                     right= (partizan)",
                ))
            }
        };
        Ok(HeapRuleset {
            functions,
            name: name.unwrap_or_else(|| "HeapRuleset".to_owned()),
        })
    }

    /// Whether Left and Right have different options.
    #[getter]
    fn is_partizan(&self) -> bool {
        self.partizan()
    }

    /// The position made of heaps of these sizes: ``kayles(5, 7)``.
    #[pyo3(signature = (*heaps))]
    fn __call__(slf: &Bound<'_, Self>, heaps: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let mut sizes = Vec::with_capacity(heaps.len());
        for heap in heaps.iter() {
            let size: u64 = heap.extract().map_err(|_| {
                PyValueError::new_err(format!(
                    "a heap is a whole number from 0, got {}",
                    heap.repr().map(|text| text.to_string()).unwrap_or_default()
                ))
            })?;
            if size > 0 {
                sizes.push(size);
            }
        }
        sizes.sort_unstable();
        let heaps = Heaps {
            ruleset: slf.clone().unbind(),
            heaps: sizes,
        };
        Ok(if slf.get().partizan() {
            Py::new(py, PartizanHeapPosition { heaps })?.into_any()
        } else {
            Py::new(py, HeapPosition { heaps })?.into_any()
        })
    }

    /// The options of a heap of ``heap`` as the function gives them, checked (each a list
    /// of the heaps left, smallest first, zeros dropped). ``side`` is ``"left"`` or
    /// ``"right"`` for a partizan ruleset.
    #[pyo3(signature = (heap, side=None))]
    fn options(&self, py: Python<'_>, heap: u64, side: Option<&str>) -> PyResult<Vec<Vec<u64>>> {
        let side = match (self.partizan(), side) {
            (false, None) => Side::Both,
            (true, Some("left")) => Side::Left,
            (true, Some("right")) => Side::Right,
            (false, Some(_)) => {
                return Err(PyValueError::new_err(
                    "an impartial ruleset has one list of options: leave out side",
                ))
            }
            (true, _) => {
                return Err(PyValueError::new_err(
                    "a partizan ruleset needs side=\"left\" or side=\"right\"",
                ))
            }
        };
        let mut run = HeapRuleset::run(py, CallLimits::default_memory(), false, "listing options");
        self.heap_options(&mut run, side, heap)
    }

    /// The nim sequence G(0), …, G(to) of an impartial ruleset, as a :class:`Sequence`
    /// whose ``periodicity`` is ``"seen"`` when the values computed repeat with a period
    /// (``period`` and ``preperiod`` set: seen, not proved) and ``"none_seen"`` otherwise.
    /// With ``misere=True``, the misère genus of each heap instead, as a
    /// :class:`MisereSequence` (``to`` at most 200), by the library's genus search on the
    /// options of heaps 1 to ``to`` asked of the function once each.
    /// Takes ``time_limit`` (``TimeoutError``) and ``progress``; Ctrl-C stops it. The
    /// function is asked once a heap and the mex taken in Rust; the values are kept in
    /// ``cache`` (``grundy.cache`` by default), so that positions of the ruleset are then
    /// valued from them, and ``cache.last_run`` reports the call (heaps counted as its
    /// ``positions``).
    #[pyo3(signature = (to, *, misere=false, cache=None, time_limit=None, progress=true))]
    fn sequence<'py>(
        slf: &Bound<'py, Self>,
        to: u64,
        misere: bool,
        cache: Option<&Bound<'py, Cache>>,
        time_limit: Option<&Bound<'py, PyAny>>,
        progress: bool,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let this = slf.get();
        if this.partizan() {
            return Err(PyValueError::new_err(
                "a partizan ruleset has values, not a nim sequence: use values()",
            ));
        }
        let limits = CallLimits::read(time_limit, None)?;
        if misere {
            if to > grundy::misere_play::genus::MAX_GENUS_HEAP {
                return Err(PyValueError::new_err(format!(
                    "to = {to} with misere=True: the genus is computed by an exact search \
                     of each heap plus heaps of 2, which is out of reach past heap {}",
                    grundy::misere_play::genus::MAX_GENUS_HEAP
                )));
            }
            let table = this.table(py, to, limits, progress)?;
            let sequence = super::misere::genus_sequence(py, Arc::new(table), to, &limits)?;
            return Ok(Py::new(py, sequence)?.into_any());
        }
        let length = usize::try_from(to)
            .ok()
            .and_then(|to| to.checked_add(1))
            .ok_or_else(|| PyValueError::new_err(format!("to = {to} is too large")))?;
        let values = walking(
            py,
            cache,
            time_limit,
            None,
            progress,
            "computing the nim sequence",
            |walk| {
                walk.run.count_heaps();
                let values = walk.heap_nim_values(slf, to)?;
                // Only to `to`: the cache may know more heaps.
                Ok(values[..values.len().min(length)].to_vec())
            },
        )?;
        let period =
            grundy::heap::apparent_period(&values).map(|seen| (seen.preperiod, seen.period));
        Ok(Py::new(
            py,
            Sequence::seen(this.name.clone(), values.into_pyarray(py).unbind(), period),
        )?
        .into_any())
    }

    /// The misère quotient of the heaps 1 to ``heaps`` (a :class:`MisereQuotient`), by the
    /// library's own proof, on the options of those heaps asked of the function once each.
    /// Takes ``time_limit`` (``TimeoutError``), ``memory_limit`` (``MemoryError``) and
    /// Ctrl-C; ``ValueError`` when no quotient is proved within the library's bounds.
    #[pyo3(signature = (heaps, *, time_limit=None, memory_limit=None, progress=true))]
    fn misere_quotient(
        &self,
        py: Python<'_>,
        heaps: u64,
        time_limit: Option<&Bound<'_, PyAny>>,
        memory_limit: Option<&Bound<'_, PyAny>>,
        progress: bool,
    ) -> PyResult<super::misere::MisereQuotient> {
        let limits = CallLimits::read(time_limit, memory_limit)?;
        let table = self.table(py, heaps, limits, progress)?;
        super::misere::quotient(py, Arc::new(table), heaps, &limits, progress)
    }

    /// The genus of a heap of ``heap`` under misère play, in Conway's notation
    /// (``"0^{120}"``: the normal nim value, then the misère values with 0, 1, … heaps of
    /// 2 added), by the library's genus search. Takes ``time_limit`` and Ctrl-C.
    #[pyo3(signature = (heap, *, time_limit=None))]
    fn genus(
        &self,
        py: Python<'_>,
        heap: u64,
        time_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let limits = CallLimits::read(time_limit, None)?;
        let table = self.table(py, heap, limits, false)?;
        super::misere::genus(py, table, heap, &limits)
    }

    /// The values of single heaps 0 to ``to``, as ``grundy.Value``s (nimbers for an
    /// impartial ruleset). Takes the keyword arguments of :func:`value`.
    #[pyo3(signature = (to, *, cache=None, time_limit=None, memory_limit=None, progress=true))]
    fn values<'py>(
        slf: &Bound<'py, Self>,
        to: u64,
        cache: Option<&Bound<'py, super::cache::Cache>>,
        time_limit: Option<&Bound<'py, PyAny>>,
        memory_limit: Option<&Bound<'py, PyAny>>,
        progress: bool,
    ) -> PyResult<Vec<Value>> {
        let py = slf.py();
        if !slf.get().partizan() {
            let values = walking(
                py,
                cache,
                time_limit,
                memory_limit,
                progress,
                "valuing heaps",
                |walk| {
                    walk.run.count_heaps();
                    let wanted = usize::try_from(to).unwrap_or(usize::MAX).saturating_add(1);
                    let values = walk.heap_nim_values(slf, to)?;
                    let values = values[..values.len().min(wanted)].to_vec();
                    walk.in_store(|store| {
                        values
                            .into_iter()
                            .map(|value| store.nimber(u64::from(value)))
                            .collect::<Vec<_>>()
                    })
                },
            )?;
            return Ok(values.into_iter().map(Value::of).collect());
        }
        let mut values = Vec::new();
        for heap in 0..=to {
            let position = HeapRuleset::__call__(slf, &PyTuple::new(py, [heap])?)?;
            values.push(super::api::value(
                py,
                position.bind(py),
                cache,
                time_limit,
                memory_limit,
                progress,
            )?);
        }
        Ok(values)
    }

    fn __repr__(&self) -> String {
        format!(
            "grundy.HeapRuleset({}, {})",
            self.name,
            if self.partizan() {
                "partizan"
            } else {
                "impartial"
            }
        )
    }
}

impl<'py> Walk<'_, 'py> {
    /// The nim values of `ruleset`'s heaps 0 to at least `to`, from the cache and
    /// extended there: the function asked once a heap, the mex taken here. What was
    /// computed before a limit or an error stays in the cache.
    pub fn heap_nim_values(
        &mut self,
        ruleset: &Bound<'py, HeapRuleset>,
        to: u64,
    ) -> PyResult<&[u32]> {
        let this = ruleset.get();
        let cached = self.tables.len();
        let values = self.tables.heaps.of(ruleset.as_any());
        let wanted = usize::try_from(to)
            .ok()
            .and_then(|to| to.checked_add(1))
            .ok_or_else(|| PyValueError::new_err(format!("heap {to} is too large")))?;
        if values.len() < wanted {
            let bytes = wanted.saturating_mul(std::mem::size_of::<u32>());
            if bytes > self.run.memory_bytes() {
                return Err(PyMemoryError::new_err(format!(
                    "the values of heaps 0 to {to} take {} MB, past the memory limit of {} MB \
                     (memory_limit)",
                    bytes.div_ceil(1_000_000),
                    self.run.memory_bytes() / 1_000_000
                )));
            }
            values
                .try_reserve_exact(wanted - values.len())
                .map_err(|_| PyMemoryError::new_err(format!("heap {to} is too large")))?;
        }
        let mut seen = Vec::new();
        while values.len() < wanted {
            let heap = values.len() as u64;
            seen.clear();
            this.for_each_heap_option(self.run, Side::Both, heap, &mut |parts| {
                // Every part is smaller than the heap, so its value is known.
                seen.push(
                    parts
                        .iter()
                        .map(|&part| values[part as usize])
                        .fold(0, |sum, value| sum ^ value),
                );
            })?;
            let mex = grundy::nimber::mex(seen.iter().map(|&value| u64::from(value)));
            values.push(u32::try_from(mex).map_err(|_| {
                PyValueError::new_err(format!(
                    "the nim value of a heap of {heap} is {mex}, beyond the 32 bits kept a heap"
                ))
            })?);
            self.run.counted_heap(cached)?;
        }
        Ok(values)
    }

    /// The nim value of a position of an impartial ruleset: the nim-sum of its heaps'
    /// values, which come from the ruleset's sequence (no position object is made).
    pub fn heap_position_nim_value(
        &mut self,
        position: &Bound<'py, HeapPosition>,
    ) -> PyResult<u64> {
        let heaps = &position.get().heaps;
        let Some(&largest) = heaps.heaps.last() else {
            return Ok(0);
        };
        let ruleset = heaps.ruleset.bind(self.py()).clone();
        let values = self.heap_nim_values(&ruleset, largest)?;
        Ok(heaps
            .heaps
            .iter()
            .map(|&heap| u64::from(values[heap as usize]))
            .fold(0, |sum, value| sum ^ value))
    }
}

/// The heaps of a position and the ruleset they follow.
struct Heaps {
    ruleset: Py<HeapRuleset>,
    /// The heaps, smallest first, without zeros.
    heaps: Vec<u64>,
}

impl Heaps {
    /// The positions one move of `side` leads to.
    fn options(&self, py: Python<'_>, side: Side, partizan: bool) -> PyResult<Vec<Py<PyAny>>> {
        let ruleset = self.ruleset.bind(py);
        let mut run = HeapRuleset::run(py, CallLimits::default_memory(), false, "listing options");
        HeapRuleset::position_options(ruleset, &mut run, side, &self.heaps)?
            .into_iter()
            .map(|heaps| self.with(py, heaps, partizan))
            .collect()
    }

    /// Each heap on its own (the position itself when it has one heap or none).
    fn components(&self, py: Python<'_>, partizan: bool) -> PyResult<Vec<Py<PyAny>>> {
        if self.heaps.len() <= 1 {
            return Ok(vec![self.with(py, self.heaps.clone(), partizan)?]);
        }
        self.heaps
            .iter()
            .map(|&heap| self.with(py, vec![heap], partizan))
            .collect()
    }

    /// A position of the same ruleset with `heaps`.
    fn with(&self, py: Python<'_>, heaps: Vec<u64>, partizan: bool) -> PyResult<Py<PyAny>> {
        let heaps = Heaps {
            ruleset: self.ruleset.clone_ref(py),
            heaps,
        };
        Ok(if partizan {
            Py::new(py, PartizanHeapPosition { heaps })?.into_any()
        } else {
            Py::new(py, HeapPosition { heaps })?.into_any()
        })
    }

    /// `5+7`, `0` for no heap.
    fn notation(&self) -> String {
        if self.heaps.is_empty() {
            return "0".to_owned();
        }
        self.heaps
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join("+")
    }

    fn hash(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (self.ruleset.as_ptr() as usize).hash(&mut hasher);
        self.heaps.hash(&mut hasher);
        hasher.finish()
    }

    fn equals(&self, other: &Heaps) -> bool {
        self.ruleset.is(&other.ruleset) && self.heaps == other.heaps
    }

    fn repr(&self, py: Python<'_>) -> String {
        format!("{}({})", self.ruleset.get().name, {
            let _ = py;
            self.heaps
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        })
    }
}

/// A position class of heap rulesets: its struct and Python methods (the heaps, the
/// ruleset, its components, hashing, equality and notation), with the moves given in
/// `$moves`.
macro_rules! heap_position {
    ($name:ident, $doc:literal, partizan: $partizan:literal, { $($moves:tt)* }) => {
        #[doc = $doc]
        #[pyclass(module = "grundy", frozen)]
        pub struct $name {
            heaps: Heaps,
        }

        #[pymethods]
        impl $name {
            /// The heaps, smallest first.
            #[getter]
            fn heaps(&self) -> Vec<u64> {
                self.heaps.heaps.clone()
            }

            /// The ruleset.
            #[getter]
            fn ruleset(&self, py: Python<'_>) -> Py<HeapRuleset> {
                self.heaps.ruleset.clone_ref(py)
            }

            $($moves)*

            /// Each heap as a position of its own.
            fn components(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
                self.heaps.components(py, $partizan)
            }

            fn __hash__(&self) -> u64 {
                self.heaps.hash()
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other
                    .cast::<$name>()
                    .is_ok_and(|other| self.heaps.equals(&other.get().heaps))
            }

            fn __str__(&self) -> String {
                self.heaps.notation()
            }

            fn __repr__(&self, py: Python<'_>) -> String {
                self.heaps.repr(py)
            }
        }
    };
}

heap_position!(
    HeapPosition,
    "A sum of heaps of an impartial :class:`HeapRuleset`: ``kayles(5, 7)``.",
    partizan: false,
    {
        /// The positions one move leads to.
        fn options(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
            self.heaps.options(py, Side::Both, false)
        }
    }
);

heap_position!(
    PartizanHeapPosition,
    "A sum of heaps of a partizan :class:`HeapRuleset`.",
    partizan: true,
    {
        /// The positions one move of Left leads to.
        fn left_options(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
            self.heaps.options(py, Side::Left, true)
        }

        /// The positions one move of Right leads to.
        fn right_options(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
            self.heaps.options(py, Side::Right, true)
        }
    }
);
