//! Games of a user's class whose positions can repeat. The walk ([`super::walk`]) values a
//! game depth first and ends at the first position that is among its own followers; the
//! call then explores the graph of every position reachable from the one asked about,
//! breadth first, and answers on it with the library's loopy engines: the generalised
//! Sprague–Grundy values of an impartial game ([`grundy::loopy::labelling`]), the win,
//! loss or draw of every position with its remoteness ([`grundy::loopy::retrograde`]),
//! and the stopper or sided value of a partizan game ([`grundy::cgt::loopy`]).
//!
//! Nothing is asked twice: a position whose answer the cache holds (a short follower,
//! valued by the walk; a position of a loop explored before) is not explored but stands in
//! the graph as a small game with the same answer (a Nim heap, `∞` with its finite options,
//! a chain of moves as long as its remoteness, a draw, a short game's canonical form), and
//! the positions whose moves the walk listed before it met the loop are not listed again.
//! Positions inside the graph are explored whole (by their moves, not their components).
//! The exploration counts its positions against the call's time and memory limits, so a
//! game whose graph never ends stops at one of them with the error naming it.

use std::collections::HashMap;
use std::sync::Arc;

use grundy::cgt::loopy::{Graph as PartizanGraph, LoopyEngine, LoopyOutcome, LoopyValue};
use grundy::cgt::GameId;
use grundy::loopy::labelling::label;
use grundy::loopy::retrograde::solve;
use grundy::loopy::{Bounds, Graph, LoopyError, LoopyNimber, Outcome, Play, SumOfValues};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

use super::search::PlayOut;
use super::table::{Key, Table};
use super::walk::{Mover, Walk};
use crate::limits::Failure;

/// What a call asks of the graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Question {
    /// The generalised Sprague–Grundy values of an impartial game.
    Nim,
    /// The loopy partizan value.
    Value,
    /// Win, loss or draw with `mover` to move, under misère play when `true`.
    Play(bool),
}

/// What the cache already knows of a position, which then stands in the graph unexplored.
#[derive(Debug, Clone)]
enum Known {
    /// Its generalised Sprague–Grundy value.
    Nim(LoopyNimber),
    /// Its play-out, `None` for a draw.
    Play(Option<PlayOut>),
    /// Its short canonical value.
    Short(GameId),
}

/// A position of the graph: the user's position with the player to move (for a play
/// question), what the cache knows of it, and its moves (Left's and Right's for a partizan
/// value; the mover's, in the first list, otherwise).
struct Node<'py> {
    key: Key<'py>,
    /// The position this one was first met from (for messages).
    parent: Option<u32>,
    mover: Mover,
    known: Option<Known>,
    moves: [Vec<u32>; 2],
}

/// The graph reachable from a position.
struct Explored<'py> {
    nodes: Vec<Node<'py>>,
}

/// The result of a whole position under perfect play: the outcome for the player to move,
/// and the remoteness of a win or a loss.
pub type Standing = (Outcome, Option<u64>);

/// What `grundy.solve` learns of a loopy position: its result and each move's, for the
/// player who makes it (the remoteness counting the move).
pub struct Solved {
    /// The position's result.
    pub result: Standing,
    /// Each move's result for its mover.
    pub moves: Vec<Standing>,
}

impl<'py> Walk<'_, 'py> {
    /// What the cache knows of `key` for `question` with `mover` to move.
    fn known(
        &mut self,
        key: &Key<'py>,
        question: Question,
        mover: Mover,
    ) -> PyResult<Option<Known>> {
        let time = &mut self.run.user_time;
        let tables = &*self.tables;
        Ok(match question {
            Question::Nim => match tables.nim.get(key, time)? {
                Some(n) => Some(Known::Nim(LoopyNimber::Finite(n))),
                None => tables.loopy_nim.get(key, time)?.map(Known::Nim),
            },
            Question::Value => tables.values.get(key, time)?.map(Known::Short),
            Question::Play(misere) => {
                let index = mover.index(misere);
                match tables.play_outs[index].get(key, time)? {
                    Some(known) => Some(Known::Play(Some(known))),
                    None => tables.loopy_play[index].get(key, time)?.map(Known::Play),
                }
            }
        })
    }

    /// Every position reachable from `root` (`mover` to move), breadth first; the root is
    /// explored even when the cache knows it if `expand_root`.
    fn explore(
        &mut self,
        root: &Bound<'py, PyAny>,
        mover: Mover,
        question: Question,
        expand_root: bool,
    ) -> PyResult<Explored<'py>> {
        // One table of ids for each player to move (Left's and the impartial mover's in the
        // first).
        let mut ids: [Table<u32>; 2] = Default::default();
        let mut nodes: Vec<Node<'py>> = Vec::new();
        let side = |mover: Mover| usize::from(mover == Mover::Right);
        let key = self.run.key(root, None)?;
        let known = if expand_root {
            None
        } else {
            self.known(&key, question, mover)?
        };
        ids[side(mover)].insert(&key, 0);
        nodes.push(Node {
            key,
            parent: None,
            mover,
            known,
            moves: [Vec::new(), Vec::new()],
        });
        let mut next = 0;
        while next < nodes.len() {
            let at = next;
            next += 1;
            if nodes[at].known.is_some() {
                continue;
            }
            let key = Key {
                object: nodes[at].key.object.clone(),
                hash: nodes[at].key.hash,
            };
            let cached = self.tables.len() + nodes.len();
            self.run.counted(&key, cached)?;
            let movers: &[(Mover, usize)] = match (question, nodes[at].mover) {
                (Question::Value, _) => &[(Mover::Left, 0), (Mover::Right, 1)],
                (_, Mover::Right) => &[(Mover::Right, 0)],
                (_, Mover::Left) => &[(Mover::Left, 0)],
                (_, Mover::Either) => &[(Mover::Either, 0)],
            };
            let parent = nodes[at]
                .parent
                .map(|parent| nodes[parent as usize].key.object.clone());
            for &(moving, list) in movers {
                self.run
                    .check_position(&key.object, parent.as_ref(), moving.method(self.py()))?;
                let options = self.moves(&key, moving)?;
                let after = match question {
                    Question::Play(_) => moving.other(),
                    Question::Nim | Question::Value => nodes[at].mover,
                };
                let mut targets = Vec::with_capacity(options.len());
                for option in &options {
                    let option_key = self.run.key(option, Some(&key.object))?;
                    let found = ids[side(after)].get(&option_key, &mut self.run.user_time)?;
                    let id = match found {
                        Some(id) => id,
                        None => {
                            let id = u32::try_from(nodes.len()).map_err(|_| {
                                PyMemoryError::new_err(format!(
                                    "{} found more than {} positions, more than the loopy \
                                     engine numbers",
                                    self.run.task(),
                                    u32::MAX
                                ))
                            })?;
                            let known = self.known(&option_key, question, after)?;
                            ids[side(after)].insert(&option_key, id);
                            nodes.push(Node {
                                key: option_key,
                                parent: Some(at as u32),
                                mover: after,
                                known,
                                moves: [Vec::new(), Vec::new()],
                            });
                            id
                        }
                    };
                    targets.push(id);
                }
                nodes[at].moves[list] = targets;
            }
        }
        Ok(Explored { nodes })
    }

    /// The limits of the loopy engine for this run: its stop and memory limit.
    fn bounds(&self) -> Bounds {
        Bounds::new(self.run.stop(), Some(self.run.memory_bytes()))
    }

    /// The Python error for an error of the loopy engine.
    fn loopy_error(&self, error: LoopyError) -> PyErr {
        match error {
            LoopyError::Stopped(_) => self.run.limits().error(Failure::Stopped),
            LoopyError::OverMemory { .. } | LoopyError::TooLarge { .. } => self
                .run
                .limits()
                .error(Failure::OverMemory(format!("{}: {error}", self.run.task()))),
            LoopyError::Rules(_) => PyValueError::new_err(error.to_string()),
        }
    }

    /// The moves of the user's positions no longer needed once their graph is explored.
    fn forget_listed(&mut self) {
        for table in &mut self.tables.listed {
            table.clear();
        }
    }

    /// The generalised Sprague–Grundy value of `position` of an impartial game that can
    /// loop (the sum of its components' values when it has components).
    pub fn loopy_nim_value(&mut self, position: &Bound<'py, PyAny>) -> PyResult<LoopyNimber> {
        let parts = match self.parts(position)? {
            Some(parts) => parts,
            None => vec![position.clone()],
        };
        let mut values = Vec::with_capacity(parts.len());
        for part in &parts {
            values.push(self.loopy_component(part)?);
        }
        self.forget_listed();
        Ok(match values.as_slice() {
            [only] => only.clone(),
            _ => SumOfValues::new(values).value(),
        })
    }

    /// The value of one component, labelled on its graph; every position of the graph is
    /// kept in the cache.
    fn loopy_component(&mut self, component: &Bound<'py, PyAny>) -> PyResult<LoopyNimber> {
        let explored = self.explore(component, Mover::Either, Question::Nim, false)?;
        let graph = impartial_graph(&explored).map_err(PyValueError::new_err)?;
        let mut bounds = self.bounds();
        let values = label(&graph, &mut bounds).map_err(|error| self.loopy_error(error))?;
        for (id, node) in (0u32..).zip(&explored.nodes) {
            if node.known.is_none() {
                self.tables
                    .loopy_nim
                    .insert(&node.key, values.value(&graph, id));
            }
        }
        Ok(values.value(&graph, 0))
    }

    /// The result of `position` with `mover` to move, and (`with_moves`, or when the cache
    /// does not know the position) of each of its moves for its mover, by a retrograde
    /// analysis of its graph; every position of the graph is kept in the cache.
    pub fn loopy_solve(
        &mut self,
        position: &Bound<'py, PyAny>,
        mover: Mover,
        misere: bool,
        with_moves: bool,
    ) -> PyResult<Solved> {
        let explored = self.explore(position, mover, Question::Play(misere), with_moves)?;
        let graph = play_graph(&explored).map_err(PyValueError::new_err)?;
        let play = if misere { Play::Misere } else { Play::Normal };
        let mut bounds = self.bounds();
        let solution = solve(&graph, play, &mut bounds).map_err(|error| self.loopy_error(error))?;
        let result = |id: u32| -> Standing {
            (solution.outcome(id), solution.remoteness(id).map(u64::from))
        };
        for (id, node) in (0u32..).zip(&explored.nodes) {
            if node.known.is_none() {
                let (outcome, remoteness) = result(id);
                let play_out = remoteness.map(|moves| (outcome == Outcome::Win, moves));
                self.tables.loopy_play[node.mover.index(misere)].insert(&node.key, play_out);
            }
        }
        self.forget_listed();
        let moves = match &explored.nodes[0].known {
            // The position itself was known: its moves are asked again (the cache keeps
            // answers, not moves).
            Some(_) => Vec::new(),
            None => explored.nodes[0].moves[0]
                .iter()
                .map(|&to| {
                    let (outcome, remoteness) = result(to);
                    (outcome.for_opponent(), remoteness.map(|moves| moves + 1))
                })
                .collect(),
        };
        Ok(Solved {
            result: result(0),
            moves,
        })
    }

    /// The outcome class of a partizan position that can loop, with draws: who wins when
    /// Left starts and when Right starts (`L`, `R`, `N`, `P`, `D`, `PHat`, …).
    pub fn loopy_outcome(
        &mut self,
        position: &Bound<'py, PyAny>,
        misere: bool,
    ) -> PyResult<LoopyOutcome> {
        let mut results = [None, None];
        for (mover, result) in [Mover::Left, Mover::Right].into_iter().zip(&mut results) {
            let (outcome, _) = self.loopy_solve(position, mover, misere, false)?.result;
            *result = match outcome {
                Outcome::Win => Some(mover == Mover::Left),
                Outcome::Loss => Some(mover == Mover::Right),
                Outcome::Draw => None,
            };
        }
        Ok(LoopyOutcome::from_results(results[0], results[1]))
    }

    /// The loopy partizan value of `position`: its canonical stopper or its sided value (the
    /// sum of its components' when it has components).
    pub fn loopy_value(&mut self, position: &Bound<'py, PyAny>) -> PyResult<Arc<LoopyValue>> {
        let key = self.run.key(position, None)?;
        if let Some(value) = self
            .tables
            .loopy_values
            .get(&key, &mut self.run.user_time)?
        {
            return Ok(value);
        }
        let parts = match self.parts(position)? {
            Some(parts) => parts,
            None => vec![position.clone()],
        };
        let mut explored = Vec::with_capacity(parts.len());
        for part in &parts {
            explored.push(self.explore(part, Mover::Either, Question::Value, false)?);
        }
        let shapes: Vec<Shape> = explored.iter().map(Shape::of).collect();
        // Sidling can take long: the work goes to a worker thread, which this one watches
        // for Ctrl-C and the call's time limit.
        let py = self.py();
        let value = crate::value_loopy::with_engine(py, self.run.limits(), move |engine| {
            let mut total: Option<LoopyValue> = None;
            for shape in &shapes {
                let graph = shape.graph(engine)?;
                let value = engine.value_of_graph(&graph, 0)?;
                total = Some(match total {
                    None => value,
                    Some(sum) => engine.add(&sum, &value)?,
                });
            }
            match total {
                Some(total) => Ok(total),
                None => {
                    let zero = engine.store().zero();
                    engine.short(zero)
                }
            }
        })?;
        let value = Arc::new(value);
        self.tables.loopy_values.insert(&key, value.clone());
        self.forget_listed();
        Ok(value)
    }
}

/// The moves of an explored partizan graph, without the user's objects (so that the
/// engine's work can run on the shared store).
struct Shape {
    /// Left's and Right's moves of each position.
    moves: Vec<[Vec<u32>; 2]>,
    /// The short value of a position the cache knew.
    shorts: Vec<Option<GameId>>,
}

impl Shape {
    fn of(explored: &Explored<'_>) -> Shape {
        Shape {
            moves: explored
                .nodes
                .iter()
                .map(|node| node.moves.clone())
                .collect(),
            shorts: explored
                .nodes
                .iter()
                .map(|node| match node.known {
                    Some(Known::Short(id)) => Some(id),
                    _ => None,
                })
                .collect(),
        }
    }

    /// The graph of the game (its start at 0), each known short position given the moves of
    /// its canonical form.
    fn graph(
        &self,
        engine: &mut LoopyEngine<'_>,
    ) -> std::result::Result<PartizanGraph, grundy::cgt::loopy::LoopyError> {
        let mut graph = PartizanGraph::with_vertices(self.moves.len());
        let mut embedded: HashMap<GameId, u32> = HashMap::new();
        for (v, (moves, short)) in (0u32..).zip(self.moves.iter().zip(&self.shorts)) {
            if let Some(id) = short {
                let root = match embedded.get(id) {
                    Some(&root) => root,
                    None => {
                        let form = engine.short_form(*id)?;
                        let root = graph.embed(form.graph());
                        embedded.insert(*id, root);
                        root
                    }
                };
                let (lefts, rights) = (graph.left(root).to_vec(), graph.right(root).to_vec());
                for w in lefts {
                    graph.add_left(v, w);
                }
                for w in rights {
                    graph.add_right(v, w);
                }
                continue;
            }
            for &w in &moves[0] {
                graph.add_left(v, w);
            }
            for &w in &moves[1] {
                graph.add_right(v, w);
            }
        }
        Ok(graph)
    }
}

/// Extra positions that stand for known values in a graph of the loopy engine.
#[derive(Default)]
struct Stand {
    /// The options of the extra positions.
    extra: Vec<Vec<u32>>,
    /// The first extra position's id.
    base: u32,
    /// The Nim heaps made so far, by size.
    heaps: Vec<u32>,
    /// The chains made so far: a chain of `r` moves to an end, by `r`.
    chains: Vec<u32>,
    /// A position whose only move is to itself (a draw), once made.
    draw: Option<u32>,
}

impl Stand {
    fn new(base: usize) -> std::result::Result<Stand, String> {
        Ok(Stand {
            base: u32::try_from(base).map_err(|_| "too many positions".to_owned())?,
            ..Stand::default()
        })
    }

    fn add(&mut self, options: Vec<u32>) -> u32 {
        let id = self.base + self.extra.len() as u32;
        self.extra.push(options);
        id
    }

    /// The heaps `*0 … *(n − 1)`.
    fn heaps_below(&mut self, n: u64) -> Vec<u32> {
        while (self.heaps.len() as u64) < n {
            let options = self.heaps.clone();
            let id = self.add(options);
            self.heaps.push(id);
        }
        self.heaps[..n as usize].to_vec()
    }

    /// The position that plays as a draw alone.
    fn draw(&mut self) -> u32 {
        if let Some(draw) = self.draw {
            return draw;
        }
        let id = self.base + self.extra.len() as u32;
        self.extra.push(vec![id]);
        self.draw = Some(id);
        id
    }

    /// The options of a position of value `value`: the heaps below `n` for `*n`; for `∞`
    /// with finite options `K`, a heap of each size in `K` and a draw.
    fn options_of_value(&mut self, value: &LoopyNimber) -> Vec<u32> {
        match value {
            LoopyNimber::Finite(n) => self.heaps_below(*n),
            LoopyNimber::Infinite(set) => {
                let most = set.values().iter().max().map_or(0, |n| n + 1);
                let heaps = self.heaps_below(most);
                let mut options: Vec<u32> =
                    set.values().iter().map(|&k| heaps[k as usize]).collect();
                options.push(self.draw());
                options
            }
        }
    }

    /// The options of a position whose play-out is `play_out` (`id` its own id): a chain as
    /// long as its remoteness, less one; a move to itself for a draw.
    fn options_of_play(&mut self, play_out: Option<PlayOut>, id: u32) -> Vec<u32> {
        match play_out {
            None => vec![id],
            Some((_, 0)) => Vec::new(),
            Some((_, moves)) => {
                while (self.chains.len() as u64) < moves {
                    let options = self
                        .chains
                        .last()
                        .map(|&last| vec![last])
                        .unwrap_or_default();
                    let chain = self.add(options);
                    self.chains.push(chain);
                }
                vec![self.chains[moves as usize - 1]]
            }
        }
    }
}

/// The graph of an explored impartial game, known positions given the options of their
/// values.
fn impartial_graph(explored: &Explored<'_>) -> std::result::Result<Graph, String> {
    let mut stand = Stand::new(explored.nodes.len())?;
    let mut options: Vec<Vec<u32>> = explored
        .nodes
        .iter()
        .map(|node| match &node.known {
            Some(Known::Nim(value)) => stand.options_of_value(value),
            _ => node.moves[0].clone(),
        })
        .collect();
    options.append(&mut stand.extra);
    Graph::from_options(&options).map_err(|error| error.0)
}

/// The graph of an explored game of play (positions with the player to move), known
/// positions given options as long as their remoteness.
fn play_graph(explored: &Explored<'_>) -> std::result::Result<Graph, String> {
    let mut stand = Stand::new(explored.nodes.len())?;
    let mut options: Vec<Vec<u32>> = Vec::with_capacity(explored.nodes.len());
    for (id, node) in (0u32..).zip(&explored.nodes) {
        options.push(match &node.known {
            Some(Known::Play(play_out)) => stand.options_of_play(*play_out, id),
            _ => node.moves[0].clone(),
        });
    }
    options.append(&mut stand.extra);
    Graph::from_options(&options).map_err(|error| error.0)
}
