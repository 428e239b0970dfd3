//! Valuing Fox and Geese a layer at a time.
//!
//! The positions with the same geese form a *layer*: inside it only the fox moves, and a
//! goose move leaves it for a layer whose geese stand one row lower in total. So the layers
//! are valued in order of the sum of their geese's rows, lowest first: when a layer comes,
//! every Left option of its positions has its canonical form already, and the layer is one
//! small loopy game (the fox's squares, Right's moves among them and to `off`, and Left's
//! moves to those canonical forms), whose positions get their canonical forms together
//! ([`LoopyEngine::canonical_forms`]). A stopper's option may be replaced by an equal
//! stopper without changing its value, so the forms are those of the whole game; the tests
//! check them against the whole explicit graph ([`super::explicit`]) on small boards.
//!
//! Equal values are kept once (by their printed canonical form), so a layer's graph holds
//! each distinct value of its Left options once.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::{bits_of, square_of, FoxGeese, Square};
use crate::cgt::loopy::{Form, Graph, LoopyEngine, LoopyError, LoopyValue};

/// Bytes counted per position found: its key and value id in two tables, and its square in
/// its layer's list.
const BYTES_PER_POSITION: usize = 80;

/// How far a valuation has come, told to the progress hook about once a second and at the
/// end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayerProgress {
    /// Layers (sets of geese) valued so far.
    pub layers_done: usize,
    /// Layers in all.
    pub layers: usize,
    /// Positions valued so far.
    pub positions_done: usize,
    /// Positions in all (escaped ones not counted: they are `off`).
    pub positions: usize,
    /// Distinct values found so far.
    pub distinct_values: usize,
    /// Time since the valuation began.
    pub elapsed: Duration,
}

/// The value of one position (a canonical stopper; `off` when the fox has escaped).
pub fn value(start: &FoxGeese, engine: &mut LoopyEngine<'_>) -> Result<LoopyValue, LoopyError> {
    let mut values = values(std::slice::from_ref(start), engine, |_| {})?;
    values
        .pop()
        .ok_or_else(|| LoopyError::Internal("no value for the start".to_string()))
}

/// The values of `starts` (boards of one width), valued together: every position reachable
/// from any of them once. `progress` hears how far the work has come.
pub fn values(
    starts: &[FoxGeese],
    engine: &mut LoopyEngine<'_>,
    mut progress: impl FnMut(&LayerProgress),
) -> Result<Vec<LoopyValue>, LoopyError> {
    let began = Instant::now();
    let layers = explore(starts, engine)?;
    let positions: usize = layers.iter().map(|(_, squares)| squares.len()).sum();
    let held = positions.saturating_mul(BYTES_PER_POSITION);
    engine.budget().hold("the values of Fox and Geese", held)?;
    let found = value_layers(starts, &layers, positions, began, engine, &mut progress);
    engine.budget().release(held);
    found
}

/// Values `layers` in order (`positions` in all), then gives the values of `starts`.
fn value_layers(
    starts: &[FoxGeese],
    layers: &[(u128, Vec<Square>)],
    positions: usize,
    began: Instant,
    engine: &mut LoopyEngine<'_>,
    progress: &mut impl FnMut(&LayerProgress),
) -> Result<Vec<LoopyValue>, LoopyError> {
    let mut valuer = Valuer {
        value_of: HashMap::with_capacity(positions),
        forms: Vec::new(),
        ids: HashMap::new(),
        off: None,
    };
    let mut report = LayerProgress {
        layers_done: 0,
        layers: layers.len(),
        positions_done: 0,
        positions,
        distinct_values: 0,
        elapsed: Duration::ZERO,
    };
    let mut last_report = Instant::now();
    for (geese, squares) in layers {
        let Some(&first) = starts.first() else { break };
        valuer.value_layer(first, *geese, squares, engine)?;
        report.layers_done += 1;
        report.positions_done += squares.len();
        if last_report.elapsed() >= Duration::from_secs(1) {
            report.distinct_values = valuer.forms.len();
            report.elapsed = began.elapsed();
            progress(&report);
            last_report = Instant::now();
        }
    }
    report.distinct_values = valuer.forms.len();
    report.elapsed = began.elapsed();
    progress(&report);
    starts
        .iter()
        .map(|start| {
            let id = valuer.id_of(start, engine)?;
            Ok(LoopyValue::Stopper(valuer.forms[id as usize].clone()))
        })
        .collect()
}

/// Every layer reachable from `starts` (escaped positions left out), with the fox's
/// squares in it, in the order they are valued: by the sum of the geese's rows, then by the
/// geese.
fn explore(
    starts: &[FoxGeese],
    engine: &mut LoopyEngine<'_>,
) -> Result<Vec<(u128, Vec<Square>)>, LoopyError> {
    let budget = engine.budget();
    let mut held = budget.reserve("the positions of Fox and Geese", 0)?;
    let mut layers: HashMap<u128, Vec<Square>> = HashMap::new();
    let mut pending: Vec<FoxGeese> = Vec::new();
    let mut visit = |position: FoxGeese,
                     pending: &mut Vec<FoxGeese>,
                     held: &mut crate::cgt::loopy::budget::Reservation<'_>|
     -> Result<(), LoopyError> {
        if position.is_escaped() {
            return Ok(());
        }
        let squares = layers.entry(position.geese_bits()).or_default();
        if squares.contains(&position.fox()) {
            return Ok(());
        }
        held.grow(BYTES_PER_POSITION)?;
        squares.push(position.fox());
        pending.push(position);
        Ok(())
    };
    for start in starts {
        if start.width() != starts[0].width() {
            return Err(LoopyError::Undefined(format!(
                "positions of Fox and Geese valued together must share a board width, not {} \
                 and {}",
                starts[0].width(),
                start.width()
            )));
        }
        visit(*start, &mut pending, &mut held)?;
    }
    while let Some(position) = pending.pop() {
        budget.tick(1)?;
        for option in position
            .left_options()
            .into_iter()
            .chain(position.right_options())
        {
            visit(option, &mut pending, &mut held)?;
        }
    }
    let width = starts.first().map_or(2, FoxGeese::width);
    let mut layers: Vec<(u128, Vec<Square>)> = layers
        .into_iter()
        .filter(|(_, squares)| !squares.is_empty())
        .collect();
    for (_, squares) in &mut layers {
        squares.sort_unstable();
    }
    let row_sum = |geese: u128| -> u32 {
        bits_of(geese)
            .map(|cell| u32::from(square_of(width, cell).row))
            .sum()
    };
    layers.sort_unstable_by_key(|&(geese, _)| (row_sum(geese), geese));
    Ok(layers)
}

/// The values found so far: each position's value id, each distinct value's form.
struct Valuer {
    /// Each valued position (geese, fox) and the id of its value.
    value_of: HashMap<(u128, Square), u32>,
    /// The canonical form of each value id.
    forms: Vec<Form>,
    /// The id of each value, by its printed canonical form.
    ids: HashMap<String, u32>,
    /// The id of `off`, once it is needed.
    off: Option<u32>,
}

impl Valuer {
    /// The id of a value, new or already known.
    fn intern(&mut self, form: Form, engine: &mut LoopyEngine<'_>) -> Result<u32, LoopyError> {
        let text = engine.display_form(&form)?;
        if let Some(&id) = self.ids.get(&text) {
            return Ok(id);
        }
        let id = self.forms.len() as u32;
        self.forms.push(form);
        self.ids.insert(text, id);
        Ok(id)
    }

    /// The id of `off`.
    fn off(&mut self, engine: &mut LoopyEngine<'_>) -> Result<u32, LoopyError> {
        if let Some(id) = self.off {
            return Ok(id);
        }
        let mut graph = Graph::new();
        let v = graph.add_vertex();
        graph.add_right(v, v);
        let form = engine
            .canonical_forms(&graph, &[v])?
            .pop()
            .ok_or_else(|| LoopyError::Internal("no canonical form of off".to_string()))?;
        let id = self.intern(form, engine)?;
        self.off = Some(id);
        Ok(id)
    }

    /// The id of a position's value: `off` when it is escaped, else the one found when its
    /// layer was valued.
    fn id_of(
        &mut self,
        position: &FoxGeese,
        engine: &mut LoopyEngine<'_>,
    ) -> Result<u32, LoopyError> {
        if position.is_escaped() {
            return self.off(engine);
        }
        self.value_of
            .get(&(position.geese_bits(), position.fox()))
            .copied()
            .ok_or_else(|| {
                LoopyError::Internal(format!(
                    "the position {position} was not valued before it was needed"
                ))
            })
    }

    /// Values the layer of `geese` (the fox on each of `squares`), every Left option's layer
    /// being valued already.
    fn value_layer(
        &mut self,
        like: FoxGeese,
        geese: u128,
        squares: &[Square],
        engine: &mut LoopyEngine<'_>,
    ) -> Result<(), LoopyError> {
        let base = FoxGeese { geese, ..like };
        let mut graph = Graph::with_vertices(squares.len());
        let local: HashMap<Square, u32> = squares
            .iter()
            .enumerate()
            .map(|(i, &square)| (square, i as u32))
            .collect();
        // The vertex of each value id embedded in this layer's graph.
        let mut embedded: HashMap<u32, u32> = HashMap::new();
        for (i, &square) in squares.iter().enumerate() {
            let v = i as u32;
            let position = base.with_fox(square);
            for option in position.left_options() {
                let id = self.id_of(&option, engine)?;
                let w = match embedded.get(&id) {
                    Some(&w) => w,
                    None => {
                        let w = graph.embed(self.forms[id as usize].graph());
                        embedded.insert(id, w);
                        w
                    }
                };
                graph.add_left(v, w);
            }
            for option in position.right_options() {
                let w = match local.get(&option.fox()) {
                    Some(&w) if !option.is_escaped() => w,
                    _ => {
                        let id = self.id_of(&option, engine)?;
                        match embedded.get(&id) {
                            Some(&w) => w,
                            None => {
                                let w = graph.embed(self.forms[id as usize].graph());
                                embedded.insert(id, w);
                                w
                            }
                        }
                    }
                };
                graph.add_right(v, w);
            }
        }
        let roots: Vec<u32> = (0..squares.len() as u32).collect();
        let forms = engine.canonical_forms(&graph, &roots)?;
        for (&square, form) in squares.iter().zip(forms) {
            let id = self.intern(form, engine)?;
            self.value_of.insert((geese, square), id);
        }
        Ok(())
    }
}
