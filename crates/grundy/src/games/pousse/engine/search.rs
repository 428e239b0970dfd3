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
//! use grundy::games::pousse::{BitBoard, BoardGame, RuleSet, Size};
//! use grundy::games::pousse::engine::search::{PousseEngine, SearchLimits, Score};
//!
//! let game: BoardGame<BitBoard> = BoardGame::from_position("XX./.../O.O:X".parse().unwrap(), RuleSet::Icfp);
//! let result = PousseEngine::new(1 << 16).search(&game, &SearchLimits::depth(3));
//! assert_eq!(result.score, Score::Win(1));
//! ```

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::busy::BusyPositions;
use super::evaluation::Assessment;
pub use super::evaluation::Weights;
use super::evaluator::Evaluator;
use super::transposition::{Bound, Entry, Table};
use crate::games::pousse::board::{Board, Move};
use crate::stop::Stop;
use crate::games::pousse::game::{BoardGame, Position, RuleSet, PousseStatus};

/// The score of a win now; a win in `d` moves scores `MATE - d`.
pub const MATE: i32 = 1_000_000;
/// Scores beyond this are proven wins or losses.
const MATE_BOUND: i32 = MATE - 10_000;
const INFINITY: i32 = MATE + 1;
/// The deepest ply searched: a node this far from the root is scored by its evaluation,
/// whatever depth it has left and whatever threat it faces (no threat extension goes past
/// it). It bounds every line, however deep the iteration and its extensions would go.
const PLY_LIMIT: usize = 128;
/// The deepest ply with its own killers and move list (deeper plies share the last): one
/// beyond [`PLY_LIMIT`], so every ply that lists moves has its own.
const MAX_PLY: usize = PLY_LIMIT + 1;
/// Null moves are tried only at plies below this. The null moves on the line are marked in
/// `Worker::null_plies`, a `u64` with bit `p` for ply `p`, so the bit of every ply that may
/// pass must exist: plies up to 63 have one, and the limit keeps one ply to spare.
const NULL_MOVE_PLY_LIMIT: usize = 63;
/// The clock and the node limit are checked every this many nodes.
const CHECK_EVERY: u64 = 256;
/// Nodes with at least this much depth left put off moves that another thread is on
/// ([`SearchFeatures::defer_busy_moves`]); below it a child costs less than the bookkeeping.
const DEFER_DEPTH: i32 = 3;

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

/// Search techniques that can be switched off, to measure what each is worth (all on by
/// default).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchFeatures {
    /// At the horizon, a position where the side to move faces a ready line of the other
    /// side (a straight next move) is searched one ply deeper, so that the search never
    /// stops in the middle of a threat; at most [`MAX_EXTENSIONS`] times along a line.
    pub threat_extension: bool,
    /// Null-move pruning: away from the principal variation, when the side to move faces no
    /// threat and its evaluation is already at least beta, it passes and the other side
    /// gets a search [`NULL_REDUCTION`] plies shallower; if even that cannot bring the score
    /// below beta, the node is cut. Having the move is worth something in Pousse (the tempo
    /// weight is positive), which is what makes the test sound in practice.
    pub null_move: bool,
    /// With a time budget, the share of the deadline, in percent, after which no iteration
    /// starts (50: an iteration costs several times the one before, so one started later
    /// would rarely finish; the time saved is left on the game's clock).
    pub last_start_percent: u32,
    /// With more than one thread: every thread iterates at the same depth, and a thread puts
    /// off a move (not a node's first) whose child another thread is searching, coming back
    /// to it after its other moves (simplified ABDADA), so that the threads split a node's
    /// moves instead of repeating each other. Off, threads only share the table, odd helpers
    /// an iteration ahead of the main thread (plain Lazy SMP).
    pub defer_busy_moves: bool,
}

impl Default for SearchFeatures {
    fn default() -> Self {
        SearchFeatures {
            threat_extension: true,
            null_move: true,
            last_start_percent: 50,
            defer_busy_moves: true,
        }
    }
}

/// How much shallower the reply to a null move is searched (beyond the ply it uses).
pub const NULL_REDUCTION: i32 = 2;

/// The most threat extensions along one line of the search.
pub const MAX_EXTENSIONS: u32 = 8;

/// When to stop searching. Unset limits do not apply; with none set the search stops at
/// depth 64.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchLimits {
    /// The deepest iteration to search.
    pub depth: Option<u32>,
    /// Stop after about this many nodes (checked every 256 nodes of the main thread).
    pub nodes: Option<u64>,
    /// The wall-clock budget; the search returns within it.
    pub movetime: Option<Duration>,
    /// Search threads (Lazy SMP); 0 and 1 both mean one.
    pub threads: usize,
}

impl SearchLimits {
    /// A fixed-depth search on one thread, reproducible.
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        }
    }

    /// A timed search on `threads` threads.
    pub fn movetime(time: Duration, threads: usize) -> SearchLimits {
        SearchLimits {
            movetime: Some(time),
            threads,
            ..SearchLimits::default()
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

/// The engine: a transposition table kept between searches, and evaluation weights.
pub struct PousseEngine {
    table: Arc<Table>,
    /// The evaluation weights.
    pub weights: Weights,
    /// The search techniques in use.
    pub features: SearchFeatures,
}

/// How late recent timed searches ended after their deadline, in microseconds: the
/// machine's scheduling delay, which the next deadline keeps back twice over. It belongs to
/// the machine, not to one engine, so every engine of the process learns it together (a new
/// game's first move is as safe as its last).
static SCHEDULING_DELAY_MICROS: AtomicU64 = AtomicU64::new(0);

/// The scheduling delay learned so far.
fn learned_delay() -> Duration {
    Duration::from_micros(SCHEDULING_DELAY_MICROS.load(Ordering::Relaxed))
}

/// Learns from a search that ended `late` after its deadline. Old delays fade by 1/64 per
/// search: on a loaded machine stalls come back at random, and a move lost on time costs
/// the game while a shorter search costs a fraction of a ply, so the engine stays careful
/// for a hundred searches or so after a stall.
fn learn_delay(late: Duration) {
    let late = u64::try_from(late.as_micros()).unwrap_or(u64::MAX);
    let _ = SCHEDULING_DELAY_MICROS.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |old| {
        Some(late.max(old - old / 64))
    });
}

impl std::fmt::Debug for PousseEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PousseEngine")
            .field("table_entries", &self.table.len())
            .field("weights", &self.weights)
            .field("features", &self.features)
            .finish()
    }
}

/// What the threads of one search share. Helper threads own a reference to it, so the main
/// thread can answer without waiting for them to be scheduled and notice the stop.
struct Shared {
    table: Arc<Table>,
    stop: AtomicBool,
    /// The caller's stop: raised (or past its deadline), it sets `stop` like the clock.
    caller_stop: Stop,
    start: Instant,
    limits: SearchLimits,
    rules: RuleSet,
    history_keys: HashSet<u64, BuildHasherDefault<KeyHasher>>,
    /// The evaluation with the engine's weights, prepared for this board size.
    evaluator: Evaluator,
    features: SearchFeatures,
    size: usize,
    /// Nodes searched by the helper threads, published as they go.
    helper_nodes: AtomicU64,
    /// When the search stops, from the start (with a time budget).
    deadline: Option<Duration>,
    /// The depth of the main thread's current iteration, so that helpers search ahead of it.
    main_depth: AtomicU32,
    /// The deepest iteration a helper completed: its depth, value and principal variation.
    helper_best: Mutex<Option<(u32, i32, Vec<Move>)>>,
    /// The positions being searched, when threads put off each other's moves.
    busy: Option<BusyPositions>,
}

/// A hasher for Zobrist keys, which are random already: it passes the key through.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// What is asked of one node: its depth left, its window, its distance from the root and the
/// threat extensions spent on the way to it.
#[derive(Debug, Clone, Copy)]
struct Node {
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
    extensions: u32,
}

/// One thread's search state.
struct Worker<'a> {
    shared: &'a Shared,
    main: bool,
    nodes: u64,
    killers: Vec<[Option<Move>; 2]>,
    /// One move list per ply, reused from node to node.
    move_buffers: Vec<Vec<(Move, i32)>>,
    /// When an iteration was stopped after some root moves were searched in full: the best
    /// score among them, and the root move whose search the stop cut short.
    interrupted_root: Option<(i32, Move)>,
    history: Vec<i32>,
    path: Vec<u64>,
    /// Bit `p` is set while the move at ply `p` is a null move (no two in a row).
    null_plies: u64,
}

impl<'a> Worker<'a> {
    fn new(shared: &'a Shared, main: bool) -> Self {
        Worker {
            shared,
            main,
            nodes: 0,
            killers: vec![[None; 2]; MAX_PLY + 1],
            move_buffers: vec![Vec::new(); MAX_PLY + 1],
            interrupted_root: None,
            history: vec![0; 4 * shared.size],
            path: Vec::with_capacity(MAX_PLY + 1),
            null_plies: 0,
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
        if !self.main {
            self.shared
                .helper_nodes
                .fetch_add(CHECK_EVERY, Ordering::Relaxed);
        }
        let limits = &self.shared.limits;
        let out_of_time = self
            .shared
            .deadline
            .is_some_and(|deadline| self.shared.start.elapsed() >= deadline);
        let out_of_nodes = self.main && limits.nodes.is_some_and(|nodes| self.nodes >= nodes);
        if out_of_time || out_of_nodes || self.shared.caller_stop.is_raised() {
            self.shared.stop.store(true, Ordering::Relaxed);
        }
    }

    fn assess<B: Board>(&self, position: &Position<B>) -> Assessment {
        let mut assessment = self.shared.evaluator.assess(position);
        assessment.score = assessment.score.clamp(-MATE_BOUND + 1, MATE_BOUND - 1);
        assessment
    }

    /// The moves of a node, best first by the cheap ordering: the table move, the killers,
    /// then the history score. The buffer is the worker's own for this ply.
    fn ordered_moves(&mut self, ply: usize, tt_move: Option<u16>) -> Vec<(Move, i32)> {
        let n = self.shared.size;
        let slot = ply.min(MAX_PLY);
        let mut moves = std::mem::take(&mut self.move_buffers[slot]);
        moves.clear();
        let killers = self.killers[slot];
        for mv in Move::all(n) {
            let index = mv.index(n);
            let order = if tt_move == Some(index as u16) {
                i32::MAX - 1
            } else if killers[0] == Some(mv) {
                i32::MAX - 2
            } else if killers[1] == Some(mv) {
                i32::MAX - 3
            } else {
                self.history[index]
            };
            moves.push((mv, order));
        }
        moves.sort_unstable_by_key(|&(_, order)| std::cmp::Reverse(order));
        moves
    }

    /// The position after `mv`, and its score when the move ends the game (a straight, or a
    /// repetition) so that it needs no search.
    fn child<B: Board>(
        &mut self,
        position: &Position<B>,
        mv: Move,
        ply: usize,
    ) -> Option<(Position<B>, Option<i32>)> {
        let mut next = position.clone();
        next.play(mv).ok()?;
        let done = MATE - (ply as i32 + 1);
        let fixed = match next.winner() {
            Some(winner) if winner == position.to_move => Some(done),
            Some(_) => Some(-done),
            None => {
                let key = next.key();
                let on_line = self.path.contains(&key);
                match self.shared.rules {
                    RuleSet::Icfp if on_line || self.shared.history_keys.contains(&key) => {
                        Some(-done)
                    }
                    RuleSet::Waterloo if on_line => Some(0),
                    _ => None,
                }
            }
        };
        Some((next, fixed))
    }

    /// The value of `position` for the side to move, searched `depth` plies deep within the
    /// window (`alpha`, `beta`); `pv` receives the line found. `extensions` counts the
    /// threat extensions spent along the line so far.
    ///
    /// A node goes through steps in turn, each of which may settle it: the static look below
    /// the root ([`Worker::static_look`]), the stop, the table ([`Worker::probe_table`]), the
    /// null move ([`Worker::try_null_move`]). Then its moves are searched
    /// ([`Worker::search_moves`]) and what they found is stored ([`Worker::store`]).
    #[allow(clippy::too_many_arguments)]
    fn search<B: Board>(
        &mut self,
        position: &Position<B>,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        extensions: u32,
        pv: &mut Vec<Move>,
    ) -> i32 {
        pv.clear();
        self.tick();
        let mut node = Node {
            depth,
            alpha,
            beta,
            ply,
            extensions,
        };
        let mut null_candidate = None;
        if ply > 0 {
            match self.static_look(position, &mut node) {
                ControlFlow::Break(score) => return score,
                ControlFlow::Continue(candidate) => null_candidate = candidate,
            }
        }
        if self.abandoned(&node) {
            return 0;
        }
        let key = position.key();
        let tt_move = match self.probe_table(key, &node) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(tt_move) => tt_move,
        };
        if let ControlFlow::Break(score) = self.try_null_move(position, &node, null_candidate) {
            return score;
        }
        match self.search_moves(position, key, &node, tt_move, pv) {
            ControlFlow::Break(score) => score,
            ControlFlow::Continue((best, best_move)) => {
                self.store(key, &node, best, best_move);
                best
            }
        }
    }

    /// Whether the search was stopped and this node's value is not wanted. The first
    /// iteration always completes (its root is at ply 0 and depth 1), so there is always a
    /// move to play.
    fn abandoned(&self, node: &Node) -> bool {
        self.stopped() && (node.ply > 0 || node.depth > 1)
    }

    /// The static look at a node below the root, which settles it without a search when it
    /// can: a ready line of the side to move is a win with its next move, and at the horizon
    /// (or at [`PLY_LIMIT`]) the evaluation is the value. A node at the horizon that faces a
    /// threat is searched one ply deeper instead, while the line has extensions left, so that
    /// the search never stops in the middle of a threat: then `node` gets its new depth and
    /// extension count. A node to search continues with its evaluation when the side to move
    /// faces no threat: the score a null move is measured against (no null move is tried
    /// against a threat).
    fn static_look<B: Board>(
        &self,
        position: &Position<B>,
        node: &mut Node,
    ) -> ControlFlow<i32, Option<i32>> {
        let assessment = self.assess(position);
        let null_candidate = (!assessment.faces_threat()).then_some(assessment.score);
        if assessment.mover_ready > 0 {
            // A push along the ready line makes a straight and nothing for the other side.
            return ControlFlow::Break(MATE - (node.ply as i32 + 1));
        }
        if node.depth <= 0 || node.ply >= PLY_LIMIT {
            let extend = self.shared.features.threat_extension
                && assessment.faces_threat()
                && node.extensions < MAX_EXTENSIONS
                && node.ply < PLY_LIMIT;
            if !extend {
                return ControlFlow::Break(assessment.score);
            }
            node.depth = 1;
            node.extensions += 1;
        }
        ControlFlow::Continue(null_candidate)
    }

    /// The transposition table's word on a node: its stored value settles the node when it
    /// was searched at least as deep and its bound decides against the window (never at the
    /// root, which must come back with a line). Otherwise the stored best move, if any, is
    /// the move to search first.
    fn probe_table(&self, key: u64, node: &Node) -> ControlFlow<i32, Option<u16>> {
        let Some(entry) = self.shared.table.probe(key) else {
            return ControlFlow::Continue(None);
        };
        if node.ply > 0 && i32::from(entry.depth) >= node.depth {
            let score = proven_to_root(entry.score, node.ply, MATE_BOUND);
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= node.beta,
                Bound::Upper => score <= node.alpha,
            };
            if usable {
                return ControlFlow::Break(score);
            }
        }
        ControlFlow::Continue(entry.mv)
    }

    /// Null-move pruning ([`SearchFeatures::null_move`]): away from the principal variation (a null
    /// window), with depth to spare, below [`NULL_MOVE_PLY_LIMIT`], outside proven scores,
    /// and when the evaluation without a threat (`null_candidate`) is already at least beta,
    /// the side to move passes, unless the move before was a pass too. When the other side's
    /// reduced search cannot bring the score below beta even so, the node is cut.
    fn try_null_move<B: Board>(
        &mut self,
        position: &Position<B>,
        node: &Node,
        null_candidate: Option<i32>,
    ) -> ControlFlow<i32> {
        let Node {
            depth,
            alpha,
            beta,
            ply,
            extensions,
        } = *node;
        let allowed = self.shared.features.null_move
            && beta - alpha == 1
            && depth >= 3
            && ply < NULL_MOVE_PLY_LIMIT
            && beta.abs() < MATE_BOUND;
        if !allowed {
            return ControlFlow::Continue(());
        }
        let after_null = ply > 0 && self.null_plies & (1 << (ply - 1)) != 0;
        if !null_candidate.is_some_and(|score| score >= beta) || after_null {
            return ControlFlow::Continue(());
        }
        let mut passed = position.clone();
        passed.to_move = passed.to_move.opponent();
        let mut line = Vec::new();
        self.null_plies |= 1 << ply;
        let value = -self.search(
            &passed,
            depth - 1 - NULL_REDUCTION,
            -beta,
            -beta + 1,
            ply + 1,
            extensions,
            &mut line,
        );
        self.null_plies &= !(1 << ply);
        if self.stopped() {
            return ControlFlow::Break(0);
        }
        if value >= beta {
            return ControlFlow::Break(if value >= MATE_BOUND { beta } else { value });
        }
        ControlFlow::Continue(())
    }

    /// The move loop: every move in order (moves another thread is on put off to the end,
    /// [`SearchFeatures::defer_busy_moves`]), each child settled at once when the move ends the
    /// game or searched ([`Worker::search_child`]), until one reaches beta or wins at once.
    /// It continues with the best score and move, `pv` holding the line; it breaks with 0 when
    /// the search was stopped and the node is abandoned.
    fn search_moves<B: Board>(
        &mut self,
        position: &Position<B>,
        key: u64,
        node: &Node,
        tt_move: Option<u16>,
        pv: &mut Vec<Move>,
    ) -> ControlFlow<i32, (i32, Option<Move>)> {
        let Node {
            depth, beta, ply, ..
        } = *node;
        let mut alpha = node.alpha;
        let moves = self.ordered_moves(ply, tt_move);
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut line = Vec::new();
        self.path.push(key);
        let mut searched = 0usize;
        let defer = self.shared.busy.as_ref().filter(|_| depth >= DEFER_DEPTH);
        // Moves another thread was searching when their turn came, searched after the rest.
        let mut deferred: Vec<(Move, i32)> = Vec::new();
        let mut turn = 0;
        loop {
            let (mv, order, put_off_before) = match moves.get(turn) {
                Some(&(mv, order)) => (mv, order, false),
                None => match deferred.get(turn - moves.len()) {
                    Some(&(mv, order)) => (mv, order, true),
                    None => break,
                },
            };
            turn += 1;
            let Some((child, fixed)) = self.child(position, mv, ply) else {
                continue;
            };
            let busy_key = defer
                .filter(|_| fixed.is_none())
                .map(|busy| (busy, child.key()));
            if let Some((busy, child_key)) = busy_key {
                if searched > 0 && !put_off_before && busy.is_busy(child_key) {
                    deferred.push((mv, order));
                    continue;
                }
                busy.enter(child_key);
            }
            let i = searched;
            searched += 1;
            let score = match fixed {
                Some(score) => score,
                None => {
                    let probe_first = i > 0 && best != -INFINITY;
                    self.search_child(&child, node, alpha, probe_first, &mut line)
                }
            };
            if let Some((busy, child_key)) = busy_key {
                busy.leave(child_key);
            }
            if self.abandoned(node) {
                self.path.pop();
                self.move_buffers[ply.min(MAX_PLY)] = moves;
                if ply == 0 {
                    // The moves searched in full before the stop are compared fairly: the
                    // best of them (the previous best first) is worth playing.
                    self.interrupted_root = (best > -INFINITY).then_some((best, mv));
                }
                return ControlFlow::Break(0);
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if fixed.is_some() {
                    line.clear();
                }
                pv.clear();
                pv.push(mv);
                pv.extend_from_slice(&line);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta || score >= MATE - (ply as i32 + 1) {
                if fixed.is_none() {
                    self.remember_cutoff(mv, node);
                }
                break;
            }
        }
        self.path.pop();
        self.move_buffers[ply.min(MAX_PLY)] = moves;
        ControlFlow::Continue((best, best_move))
    }

    /// The value of a child that needs a search, `alpha` being the node's alpha so far and
    /// `line` receiving the child's line. Principal variation search: a child after the first
    /// (`probe_first`) is probed with a null window and searched with the full window only
    /// when it may improve alpha.
    fn search_child<B: Board>(
        &mut self,
        child: &Position<B>,
        node: &Node,
        alpha: i32,
        probe_first: bool,
        line: &mut Vec<Move>,
    ) -> i32 {
        let full = node.depth - 1;
        let probe = probe_first.then(|| {
            -self.search(
                child,
                full,
                -alpha - 1,
                -alpha,
                node.ply + 1,
                node.extensions,
                line,
            )
        });
        match probe {
            Some(probe) if probe <= alpha || probe >= node.beta => probe,
            _ => -self.search(
                child,
                full,
                -node.beta,
                -alpha,
                node.ply + 1,
                node.extensions,
                line,
            ),
        }
    }

    /// A searched move that cut the node off (or won) is tried early elsewhere: it becomes
    /// the first killer of its ply, and its history score grows by the depth squared, so
    /// that deeper cutoffs count more. Moves that end the game at once are left out: they are
    /// found without searching.
    fn remember_cutoff(&mut self, mv: Move, node: &Node) {
        let slot = &mut self.killers[node.ply.min(MAX_PLY)];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
        self.history[mv.index(self.shared.size)] += node.depth * node.depth;
    }

    /// Stores what the moves found in the transposition table, with the bound that the
    /// node's original window gives it: at least beta is a lower bound, at most alpha an
    /// upper bound, between them exact. Proven results are stored counted from the node.
    fn store(&self, key: u64, node: &Node, best: i32, best_move: Option<Move>) {
        let bound = if best >= node.beta {
            Bound::Lower
        } else if best > node.alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.table.store(
            key,
            Entry {
                score: proven_to_node(best, node.ply, MATE_BOUND),
                mv: best_move.map(|m| m.index(self.shared.size) as u16),
                depth: node.depth.clamp(0, 255) as u8,
                bound,
            },
        );
    }
}

/// When to stop within a budget. A share is kept back for unwinding the search and a busy
/// machine's scheduling delays (a thread that waits for a core overshoots by a scheduler slice
/// or more), so that the budget itself is never exceeded: 15% of the budget, or twice the
/// overshoot seen lately (`learned`) when the machine is busier than that, but never more
/// than 70%. The reserve is proportional, so a 10 ms budget still searches for 8.5 ms on a
/// quiet machine.
fn deadline(budget: Duration, learned: Duration) -> Duration {
    let reserve = (budget * 3 / 20).max(learned * 2).min(budget * 7 / 10);
    budget.saturating_sub(reserve)
}

/// Scores beyond `bound` are proven results counted from the root; a table stores them
/// counted from the node, so that they stay right wherever the node is met again.
pub(in crate::games::pousse) fn proven_to_node(score: i32, ply: usize, bound: i32) -> i32 {
    if score > bound {
        score + ply as i32
    } else if score < -bound {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`proven_to_node`]: a stored score counted from the root again.
pub(in crate::games::pousse) fn proven_to_root(score: i32, ply: usize, bound: i32) -> i32 {
    if score > bound {
        score - ply as i32
    } else if score < -bound {
        score + ply as i32
    } else {
        score
    }
}

impl PousseEngine {
    /// An engine whose transposition table holds about `entries` positions (16 bytes each).
    pub fn new(entries: usize) -> PousseEngine {
        PousseEngine {
            table: Arc::new(Table::new(entries)),
            weights: Weights::default(),
            features: SearchFeatures::default(),
        }
    }

    /// Forgets every stored position (for reproducible runs).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Searches the current position of `game` within `limits`.
    pub fn search<B: Board>(&mut self, game: &BoardGame<B>, limits: &SearchLimits) -> SearchResult {
        self.search_until(game, limits, &Stop::NEVER)
    }

    /// [`PousseEngine::search`], also ending (as at its time limit, with the best move of
    /// the iterations done) when `stop` comes: every thread looks at it as often as at the
    /// clock.
    pub fn search_until<B: Board>(
        &mut self,
        game: &BoardGame<B>,
        limits: &SearchLimits,
        stop: &Stop,
    ) -> SearchResult {
        let start = Instant::now();
        let root = game.position().clone();
        let size = root.board.size().get();
        if game.status() != PousseStatus::Ongoing {
            let score = match game.status() {
                PousseStatus::Won { winner, .. } if winner == root.to_move => Score::Win(0),
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
        let shared = Arc::new(Shared {
            table: Arc::clone(&self.table),
            stop: AtomicBool::new(false),
            caller_stop: stop.clone(),
            start,
            limits: *limits,
            rules: game.rules(),
            history_keys: game.produced_keys().collect(),
            evaluator: Evaluator::new(size, self.weights),
            features: self.features,
            size,
            helper_nodes: AtomicU64::new(0),
            deadline: limits
                .movetime
                .map(|budget| deadline(budget, learned_delay())),
            main_depth: AtomicU32::new(1),
            helper_best: Mutex::new(None),
            busy: (limits.threads > 1 && self.features.defer_busy_moves).then(BusyPositions::new),
        });
        let max_depth = limits.depth.unwrap_or(64).clamp(1, 64);
        let threads = limits.threads.max(1);
        let deferring = shared.busy.is_some();
        for id in 1..threads {
            let shared = Arc::clone(&shared);
            let root = root.clone();
            // Detached: a helper stops at its next node once the stop is set, and the main
            // thread does not wait for a helper that the machine has not scheduled yet.
            let spawned = std::thread::Builder::new().spawn(move || {
                let mut worker = Worker::new(&shared, false);
                let mut pv = Vec::new();
                // Deferring helpers keep pace with the main thread (they split its moves);
                // otherwise odd helpers search one iteration ahead of it, even ones keep
                // pace. Each completed iteration deeper than any before is offered to the
                // main thread, which plays it when it did not get as deep itself.
                let ahead = if deferring { 0 } else { id as u32 % 2 };
                let mut depth = 0;
                loop {
                    let main = shared.main_depth.load(Ordering::Relaxed);
                    depth = (depth + 1).max(main + ahead);
                    if worker.stopped() || depth > max_depth {
                        break;
                    }
                    let value =
                        worker.search(&root, depth as i32, -INFINITY, INFINITY, 0, 0, &mut pv);
                    if worker.stopped() || pv.is_empty() {
                        break;
                    }
                    if let Ok(mut best) = shared.helper_best.lock() {
                        if best
                            .as_ref()
                            .map_or(true, |(deepest, _, _)| *deepest < depth)
                        {
                            *best = Some((depth, value, pv.clone()));
                        }
                    }
                    if value.abs() > MATE_BOUND {
                        break;
                    }
                }
                shared
                    .helper_nodes
                    .fetch_add(worker.nodes % CHECK_EVERY, Ordering::Relaxed);
            });
            if spawned.is_err() {
                // No thread to be had: search on the threads already running.
                break;
            }
        }
        let mut result = iterate(&shared, &root, max_depth);
        shared.stop.store(true, Ordering::Relaxed);
        // Never wait for a helper: one that holds the lock may be off its core for a while,
        // and the move is due now; its iteration is then simply not used.
        if let Ok(mut best) = shared.helper_best.try_lock() {
            if let Some((depth, value, pv)) = best.take() {
                if depth > result.depth && !pv.is_empty() {
                    result.best_move = pv.first().copied();
                    result.score = Score::from_value(value);
                    result.depth = depth;
                    result.pv = pv;
                }
            }
        }
        result.nodes += shared.helper_nodes.load(Ordering::Relaxed);
        result.elapsed = start.elapsed();
        if let Some(deadline) = shared.deadline {
            learn_delay(result.elapsed.saturating_sub(deadline));
        }
        result
    }
}

/// The main thread's iterative deepening; keeps the result of the last completed iteration.
fn iterate<B: Board>(shared: &Shared, root: &Position<B>, max_depth: u32) -> SearchResult {
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
        shared.main_depth.store(depth, Ordering::Relaxed);
        let value = worker.search(root, depth as i32, -INFINITY, INFINITY, 0, 0, &mut pv);
        if worker.stopped() && depth > 1 {
            if let (Some((value, untried)), Some(&best)) =
                (worker.interrupted_root.take(), pv.first())
            {
                if value < -MATE_BOUND {
                    // Every root move searched in full (the last complete iteration's best
                    // first) is proven lost: the move the stop cut short is not known to
                    // lose, so it is played, on the last complete iteration's score.
                    result.best_move = Some(untried);
                    result.pv = vec![untried];
                } else {
                    result.best_move = Some(best);
                    result.score = Score::from_value(value);
                    result.pv = pv.clone();
                }
            }
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
        if let Some(deadline) = shared.deadline {
            if shared.start.elapsed() * 100 >= deadline * shared.features.last_start_percent {
                break;
            }
        }
    }
    result.nodes = worker.nodes;
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// The deadline within a budget, checked as the arithmetic it is rather than with a
    /// stopwatch: on a quiet machine 85% of the budget is searched (a 10 ms budget still
    /// searches for 8.5 ms), a machine seen to be late keeps twice its lateness back, and
    /// never more than 70%, so every budget is searched for some time and none is passed.
    #[test]
    fn the_deadline_keeps_a_reserve_for_a_busy_machine() {
        assert_eq!(deadline(ms(10), Duration::ZERO), Duration::from_micros(8_500));
        assert_eq!(deadline(ms(100), Duration::ZERO), ms(85));
        assert_eq!(deadline(ms(100), ms(5)), ms(85));
        assert_eq!(deadline(ms(100), ms(20)), ms(60));
        assert_eq!(deadline(ms(100), ms(50)), ms(30));
        assert_eq!(deadline(ms(100), Duration::from_secs(10)), ms(30));
        for budget in [1, 10, 90, 100, 1_000, 60_000] {
            for learned in [0, 1, 7, 40, 1_000] {
                let until = deadline(ms(budget), ms(learned));
                assert!(until < ms(budget), "{budget} ms, {learned} ms late");
                assert!(until * 10 >= ms(budget) * 3, "{budget} ms, {learned} ms late");
            }
        }
    }
}
