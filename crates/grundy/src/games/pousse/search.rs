//! The Pousse engine: iterative-deepening principal variation search with a shared
//! Zobrist-keyed transposition table, move ordering (table move, killers, history), a line
//! evaluation, repetition handling, hard time, depth and node limits, and Lazy SMP threads.
//!
//! # Scores
//!
//! Scores are seen by the side to move. A proven win in `d` more moves scores
//! `MATE - d`, a proven loss `-(MATE - d)`; [`Score`] turns them back into distances.
//!
//! # Repetitions
//!
//! Under the ICFP rule a move that produces a state produced before, in the game so far or
//! along the searched line, loses for its mover; the engine scores it as a loss in one move.
//! Under the Waterloo rules a state repeated along the searched line is scored 0 (a draw):
//! cycling is the only way a Waterloo game goes on forever.
//!
//! ```
//! use grundy::games::pousse::{BitBoard, Game, RuleSet, Size};
//! use grundy::games::pousse::search::{Engine, Limits, Score};
//!
//! let game: Game<BitBoard> = Game::from_position("XX./.../O.O:X".parse().unwrap(), RuleSet::Icfp);
//! let result = Engine::new(1 << 16).search(&game, &Limits::depth(3));
//! assert_eq!(result.score, Score::Win(1));
//! ```

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::board::{Board, Colour};
use super::game::{Game, Position, RuleSet, Status};
use super::moves::Move;

/// The score of a win now; a win in `d` moves scores `MATE - d`.
pub const MATE: i32 = 1_000_000;
/// Scores beyond this are proven wins or losses.
const MATE_BOUND: i32 = MATE - 10_000;
const INFINITY: i32 = MATE + 1;
/// The clock and the node limit are checked every this many nodes.
const CHECK_EVERY: u64 = 256;

/// An evaluation, or a proven result, for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// A heuristic value in centi-markers (positive is good for the side to move).
    Eval(i32),
    /// The side to move wins in this many moves (plies), counting its own.
    Win(u32),
    /// The side to move loses after this many moves (plies).
    Loss(u32),
}

impl Score {
    /// The score of a search value.
    pub fn from_value(value: i32) -> Score {
        if value > MATE_BOUND {
            Score::Win((MATE - value) as u32)
        } else if value < -MATE_BOUND {
            Score::Loss((MATE + value) as u32)
        } else {
            Score::Eval(value)
        }
    }
}

/// Evaluation weights (per line of the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// Times the square of the markers of a line held by one colour only.
    pub open: i32,
    /// Times the marker difference of a line holding both colours.
    pub mixed: i32,
    /// Bonus for a line one marker short of a straight, with no opposing marker.
    pub threat: i32,
    /// Bonus for having the move.
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Self {
        // Chosen by fixed-depth self-play on 6 × 6 (docs/benchmarks.md, "Pousse"): the marker
        // balance of contested lines matters most.
        Weights {
            open: 5,
            mixed: 25,
            threat: 60,
            tempo: 15,
        }
    }
}

/// When to stop searching. Unset limits do not apply; with none set the search stops at
/// depth 64.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    /// The deepest iteration to search.
    pub depth: Option<u32>,
    /// Stop after about this many nodes (checked every 256 nodes of the main thread).
    pub nodes: Option<u64>,
    /// The wall-clock budget; the search returns within it.
    pub movetime: Option<Duration>,
    /// Search threads (Lazy SMP); 0 and 1 both mean one.
    pub threads: usize,
}

impl Limits {
    /// A fixed-depth search on one thread, reproducible.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A timed search on `threads` threads.
    pub fn movetime(time: Duration, threads: usize) -> Limits {
        Limits {
            movetime: Some(time),
            threads,
            ..Limits::default()
        }
    }
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None` when the game is already over).
    pub best_move: Option<Move>,
    /// The value of the position for the side to move.
    pub score: Score,
    /// The deepest completed iteration.
    pub depth: u32,
    /// The expected line of play, starting with the best move.
    pub pv: Vec<Move>,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact = 0,
    Lower = 1,
    Upper = 2,
}

#[derive(Clone, Copy)]
struct Entry {
    score: i32,
    mv: Option<u16>,
    depth: u8,
    bound: Bound,
}

/// A lock-free transposition table: each slot is (key XOR data, data), so a torn write by
/// another thread is detected as a miss instead of being trusted.
struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl Table {
    fn new(entries: usize) -> Table {
        let size = entries.max(1024).next_power_of_two();
        Table {
            slots: (0..size)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: size - 1,
        }
    }

    fn clear(&self) {
        for slot in &self.slots {
            slot[0].store(0, Ordering::Relaxed);
            slot[1].store(0, Ordering::Relaxed);
        }
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot[1].load(Ordering::Relaxed);
        if slot[0].load(Ordering::Relaxed) ^ data != key || data == 0 {
            return None;
        }
        let mv = ((data >> 32) & 0xFFFF) as u16;
        Some(Entry {
            score: data as u32 as i32,
            mv: mv.checked_sub(1),
            depth: ((data >> 48) & 0xFF) as u8,
            bound: match data >> 56 {
                1 => Bound::Lower,
                2 => Bound::Upper,
                _ => Bound::Exact,
            },
        })
    }

    fn store(&self, key: u64, entry: Entry) {
        let slot = &self.slots[key as usize & self.mask];
        let mv = entry.mv.map_or(0, |m| u64::from(m) + 1);
        let data = u64::from(entry.score as u32)
            | (mv << 32)
            | (u64::from(entry.depth) << 48)
            | ((entry.bound as u64) << 56);
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

/// The engine: a transposition table kept between searches, and evaluation weights.
pub struct Engine {
    table: Table,
    /// The evaluation weights.
    pub weights: Weights,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("table_entries", &self.table.slots.len())
            .field("weights", &self.weights)
            .finish()
    }
}

/// What the threads of one search share.
struct Shared<'a> {
    table: &'a Table,
    stop: AtomicBool,
    start: Instant,
    limits: Limits,
    rules: RuleSet,
    history_keys: HashSet<u64>,
    weights: Weights,
    size: usize,
}

/// One thread's search state.
struct Worker<'a, 'b> {
    shared: &'b Shared<'a>,
    main: bool,
    nodes: u64,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    path: Vec<u64>,
}

/// A child of a node: its move, position, and score when the move ends the game at once.
struct Child<B: Board> {
    mv: Move,
    position: Position<B>,
    fixed: Option<i32>,
    order: i32,
}

impl<'a, 'b> Worker<'a, 'b> {
    fn new(shared: &'b Shared<'a>, main: bool) -> Self {
        Worker {
            shared,
            main,
            nodes: 0,
            killers: vec![[None; 2]; 130],
            history: vec![0; 4 * shared.size],
            path: Vec::with_capacity(130),
        }
    }

    fn stopped(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes % CHECK_EVERY != 0 {
            return;
        }
        let limits = &self.shared.limits;
        let out_of_time = limits
            .movetime
            .is_some_and(|time| self.shared.start.elapsed() >= deadline(time));
        let out_of_nodes = self.main && limits.nodes.is_some_and(|nodes| self.nodes >= nodes);
        if out_of_time || out_of_nodes {
            self.shared.stop.store(true, Ordering::Relaxed);
        }
    }

    fn evaluate<B: Board>(&self, position: &Position<B>) -> i32 {
        let n = self.shared.size as u32;
        let w = &self.shared.weights;
        let mut score = 0;
        for line in 0..2 * self.shared.size {
            let (x, o) = position.board.line_counts(line);
            let (x, o) = (x as i32, o as i32);
            if o == 0 {
                score += w.open * x * x;
                if x as u32 + 1 == n {
                    score += w.threat;
                }
            } else if x == 0 {
                score -= w.open * o * o;
                if o as u32 + 1 == n {
                    score -= w.threat;
                }
            } else {
                score += w.mixed * (x - o);
            }
        }
        let score = if position.to_move == Colour::X {
            score
        } else {
            -score
        };
        (score + w.tempo).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    fn children<B: Board>(
        &self,
        position: &Position<B>,
        ply: usize,
        tt_move: Option<u16>,
    ) -> Vec<Child<B>> {
        let mover = position.to_move;
        let n = self.shared.size;
        let mut children = Vec::with_capacity(4 * n);
        for mv in Move::all(n) {
            let mut next = position.clone();
            if next.play(mv).is_err() {
                continue;
            }
            let key = next.key();
            let done = MATE - (ply as i32 + 1);
            let fixed = match next.winner() {
                Some(winner) if winner == mover => Some(done),
                Some(_) => Some(-done),
                None => match self.shared.rules {
                    RuleSet::Icfp
                        if self.shared.history_keys.contains(&key) || self.path.contains(&key) =>
                    {
                        Some(-done)
                    }
                    RuleSet::Waterloo if self.path.contains(&key) => Some(0),
                    _ => None,
                },
            };
            let index = mv.index(n);
            let order = if fixed == Some(done) {
                i32::MAX
            } else if tt_move == Some(index as u16) {
                i32::MAX - 1
            } else if self.killers[ply.min(129)][0] == Some(mv) {
                i32::MAX - 2
            } else if self.killers[ply.min(129)][1] == Some(mv) {
                i32::MAX - 3
            } else if fixed.is_some() {
                i32::MIN
            } else {
                self.history[index]
            };
            children.push(Child {
                mv,
                position: next,
                fixed,
                order,
            });
        }
        children.sort_by_key(|child| std::cmp::Reverse(child.order));
        children
    }

    fn search<B: Board>(
        &mut self,
        position: &Position<B>,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv: &mut Vec<Move>,
    ) -> i32 {
        pv.clear();
        self.tick();
        if depth <= 0 || ply >= 128 {
            return self.evaluate(position);
        }
        // The first iteration always completes, so there is always a move to play.
        if self.stopped() && (ply > 0 || depth > 1) {
            return 0;
        }
        let key = position.key();
        let n = self.shared.size;
        let mut tt_move = None;
        if let Some(entry) = self.shared.table.probe(key) {
            tt_move = entry.mv;
            if ply > 0 && i32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }
        let children = self.children(position, ply, tt_move);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut line = Vec::new();
        self.path.push(key);
        for (i, child) in children.iter().enumerate() {
            let score = match child.fixed {
                Some(score) => score,
                None => {
                    // Principal variation search: a child after the first is probed with a
                    // null window and searched in full only when it may improve alpha.
                    let probe = (i > 0 && best != -INFINITY).then(|| {
                        -self.search(
                            &child.position,
                            depth - 1,
                            -alpha - 1,
                            -alpha,
                            ply + 1,
                            &mut line,
                        )
                    });
                    match probe {
                        Some(probe) if probe <= alpha || probe >= beta => probe,
                        _ => -self.search(
                            &child.position,
                            depth - 1,
                            -beta,
                            -alpha,
                            ply + 1,
                            &mut line,
                        ),
                    }
                }
            };
            if self.stopped() && (ply > 0 || depth > 1) {
                self.path.pop();
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(child.mv);
                if child.fixed.is_some() {
                    line.clear();
                }
                pv.clear();
                pv.push(child.mv);
                pv.extend_from_slice(&line);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta || score >= MATE - (ply as i32 + 1) {
                if child.fixed.is_none() {
                    let slot = &mut self.killers[ply.min(129)];
                    if slot[0] != Some(child.mv) {
                        slot[1] = slot[0];
                        slot[0] = Some(child.mv);
                    }
                    self.history[child.mv.index(n)] += depth * depth;
                }
                break;
            }
        }
        self.path.pop();
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.table.store(
            key,
            Entry {
                score: to_table(best, ply),
                mv: best_move.map(|m| m.index(n) as u16),
                depth: depth.clamp(0, 255) as u8,
                bound,
            },
        );
        best
    }
}

/// When to stop within a budget: 5% is kept back for unwinding the search, joining the helper
/// threads and a busy machine's scheduling delays, so that the budget itself is never exceeded.
fn deadline(budget: Duration) -> Duration {
    budget.saturating_sub(budget / 20)
}

/// Mate scores are stored relative to the node, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl Engine {
    /// An engine whose transposition table holds about `entries` positions (16 bytes each).
    pub fn new(entries: usize) -> Engine {
        Engine {
            table: Table::new(entries),
            weights: Weights::default(),
        }
    }

    /// Forgets every stored position (for reproducible runs).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Searches the current position of `game` within `limits`.
    pub fn search<B: Board>(&mut self, game: &Game<B>, limits: &Limits) -> SearchResult {
        let start = Instant::now();
        let root = game.position().clone();
        let size = root.board.size().get();
        if game.status() != Status::Ongoing {
            let score = match game.status() {
                Status::Won { winner, .. } if winner == root.to_move => Score::Win(0),
                _ => Score::Loss(0),
            };
            return SearchResult {
                best_move: None,
                score,
                depth: 0,
                pv: Vec::new(),
                nodes: 0,
                elapsed: start.elapsed(),
            };
        }
        let shared = Shared {
            table: &self.table,
            stop: AtomicBool::new(false),
            start,
            limits: *limits,
            rules: game.rules(),
            history_keys: game.produced_keys().collect(),
            weights: self.weights,
            size,
        };
        let max_depth = limits.depth.unwrap_or(64).clamp(1, 64);
        let threads = limits.threads.max(1);
        let shared = &shared;
        let root = &root;
        let (result, helper_nodes) = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|id| {
                    scope.spawn(move || {
                        let mut worker = Worker::new(shared, false);
                        let mut pv = Vec::new();
                        let mut depth = 1 + (id as i32 % 2);
                        while !worker.stopped() && depth <= max_depth as i32 {
                            worker.search(root, depth, -INFINITY, INFINITY, 0, &mut pv);
                            depth += 1;
                        }
                        worker.nodes
                    })
                })
                .collect();
            let result = iterate(shared, root, max_depth);
            shared.stop.store(true, Ordering::Relaxed);
            let helper_nodes: u64 = helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum();
            (result, helper_nodes)
        });
        let mut result = result;
        result.nodes += helper_nodes;
        result.elapsed = start.elapsed();
        result
    }
}

/// The main thread's iterative deepening; keeps the result of the last completed iteration.
fn iterate<B: Board>(shared: &Shared<'_>, root: &Position<B>, max_depth: u32) -> SearchResult {
    let mut worker = Worker::new(shared, true);
    let mut result = SearchResult {
        best_move: None,
        score: Score::Eval(0),
        depth: 0,
        pv: Vec::new(),
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    let mut pv = Vec::new();
    for depth in 1..=max_depth {
        let value = worker.search(root, depth as i32, -INFINITY, INFINITY, 0, &mut pv);
        if worker.stopped() && depth > 1 {
            break;
        }
        result.best_move = pv.first().copied();
        result.score = Score::from_value(value);
        result.depth = depth;
        result.pv = pv.clone();
        if value.abs() > MATE_BOUND {
            break;
        }
        // An iteration costs several times the previous one: do not start what cannot finish.
        if let Some(time) = shared.limits.movetime {
            if shared.start.elapsed() * 2 >= deadline(time) {
                break;
            }
        }
    }
    result.nodes = worker.nodes;
    result
}
