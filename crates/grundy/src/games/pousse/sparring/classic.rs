//! A classical alpha-beta player: a sparring partner of another design than the engine of
//! [`search`](crate::games::pousse::engine::search), in the style of a 1998 contest program.
//!
//! Plain negamax with alpha-beta pruning and iterative deepening, a transposition table of
//! its own (best move and bound per position, always replaced), the table move searched
//! first and moves that win at once before the rest, and a line evaluation:
//!
//! - a row or column holding `k` markers of one colour and none of the other is worth
//!   `3^(k-1)` (1, 3, 9, 27, …) to that colour, times [`LINE_UNIT`];
//! - a mixed line is worth the marker difference, times [`LINE_UNIT`];
//! - each marker is worth its distance from the nearest edge (a marker in the middle takes
//!   more pushes to fall off the board).
//!
//! Straights are proven results (a win in `d` plies scores `WIN - d`). Under the ICFP rule a
//! move that produces a state produced before (in the game, by the game's produced keys, or
//! along the searched line) loses for its mover; under the Waterloo rules a state repeated
//! along the searched line scores 0.
//!
//! The search stops at a fixed depth, at a deadline, or both: the deadline is hard (checked
//! every [`CHECK_EVERY`] nodes, an unfinished iteration is thrown away, and no iteration
//! starts that is unlikely to finish), so a timed search returns within its time.
//!
//! ```
//! use grundy::games::pousse::{BitBoard, BoardGame, RuleSet};
//! use grundy::games::pousse::sparring::classic::{Classic, ClassicLimits};
//!
//! let game: BoardGame<BitBoard> = BoardGame::from_position("XX./.../O.O:X".parse().unwrap(), RuleSet::Icfp);
//! let result = Classic::new(1 << 12).search(&game, &ClassicLimits::depth(3));
//! assert_eq!(result.best_move.map(|mv| mv.to_string()), Some("L1".to_string()));
//! assert_eq!(result.proven_win(), Some(1));
//! ```

use std::time::{Duration, Instant};

use crate::games::pousse::board::{Board, Colour, Move};
use crate::games::pousse::game::{BoardGame, Position, RuleSet, PousseStatus};
use crate::games::pousse::engine::search::{proven_to_node, proven_to_root};

/// The score of a win now; a win in `d` plies scores `WIN - d`.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this are proven results.
const WIN_BOUND: i32 = WIN - 1_000;
const INFINITY: i32 = WIN + 1;
/// The deadline is checked every this many nodes.
pub const CHECK_EVERY: u64 = 64;
/// The weight of one unit of line balance against one step of centre distance.
pub const LINE_UNIT: i32 = 4;
/// The deepest search.
const MAX_DEPTH: u32 = 60;

/// When to stop: at a depth, at a time, or whichever comes first. With neither, depth 60.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ClassicLimits {
    /// The deepest iteration.
    pub depth: Option<u32>,
    /// The wall time; the search returns within it.
    pub movetime: Option<Duration>,
}

impl ClassicLimits {
    /// A fixed-depth search (reproducible).
    pub fn depth(depth: u32) -> ClassicLimits {
        ClassicLimits {
            depth: Some(depth),
            movetime: None,
        }
    }

    /// A timed search.
    pub fn movetime(time: Duration) -> ClassicLimits {
        ClassicLimits {
            depth: None,
            movetime: Some(time),
        }
    }
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassicResult {
    /// The move to play; `None` when the game is over.
    pub best_move: Option<Move>,
    /// The value for the side to move: an evaluation, or `±(WIN - d)` when proven.
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
}

impl ClassicResult {
    /// Plies to a proven win of the side to move, if the search proved one.
    pub fn proven_win(&self) -> Option<u32> {
        (self.score > WIN_BOUND).then(|| (WIN - self.score) as u32)
    }

    /// Plies to a proven loss of the side to move, if the search proved one.
    pub fn proven_loss(&self) -> Option<u32> {
        (self.score < -WIN_BOUND).then(|| (WIN + self.score) as u32)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    score: i32,
    mv: Option<u8>,
    depth: u8,
    bound: Bound,
}

/// The classical searcher: its transposition table, kept from move to move.
pub struct Classic {
    slots: Vec<Option<Slot>>,
    mask: usize,
}

impl std::fmt::Debug for Classic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Classic")
            .field("table_entries", &self.slots.len())
            .finish()
    }
}

/// One search: the limits, the clock, the repetition context and the node count.
struct Run<'a> {
    table: &'a mut Classic,
    rules: RuleSet,
    produced: Vec<u64>,
    path: Vec<u64>,
    size: usize,
    deadline: Option<Instant>,
    nodes: u64,
    aborted: bool,
}

impl Classic {
    /// A searcher whose table holds `entries` positions (rounded up to a power of two).
    pub fn new(entries: usize) -> Classic {
        let size = entries.max(256).next_power_of_two();
        Classic {
            slots: vec![None; size],
            mask: size - 1,
        }
    }

    fn probe(&self, key: u64) -> Option<Slot> {
        self.slots[key as usize & self.mask].filter(|slot| slot.key == key)
    }

    fn store(&mut self, slot: Slot) {
        self.slots[slot.key as usize & self.mask] = Some(slot);
    }

    /// Searches the current position of `game` within `limits`.
    pub fn search<B: Board>(&mut self, game: &BoardGame<B>, limits: &ClassicLimits) -> ClassicResult {
        let start = Instant::now();
        let root = game.position().clone();
        if game.status() != PousseStatus::Ongoing {
            let score = match game.status() {
                PousseStatus::Won { winner, .. } if winner == root.to_move => WIN,
                _ => -WIN,
            };
            return ClassicResult {
                best_move: None,
                score,
                depth: 0,
                nodes: 0,
            };
        }
        // An eighth of the time (at least 3 ms, at most 50) is kept back for returning and for
        // a busy machine's scheduling delays.
        let deadline = limits.movetime.map(|time| {
            let margin = (time / 8).clamp(Duration::from_millis(3), Duration::from_millis(50));
            start + time.saturating_sub(margin)
        });
        let mut run = Run {
            table: self,
            rules: game.rules(),
            produced: game.produced_keys().collect(),
            path: Vec::with_capacity(MAX_DEPTH as usize + 2),
            size: root.board.size().get(),
            deadline,
            nodes: 0,
            aborted: false,
        };
        run.produced.sort_unstable();
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut result = ClassicResult {
            best_move: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        for depth in 1..=max_depth {
            let iteration_start = Instant::now();
            let (score, mv) = run.root(&root, depth as i32);
            if run.aborted && depth > 1 {
                break;
            }
            result.best_move = mv;
            result.score = score;
            result.depth = depth;
            if score.abs() > WIN_BOUND {
                break;
            }
            // The next iteration costs a few times this one: do not start what cannot end.
            if let Some(deadline) = deadline {
                let now = Instant::now();
                let spent = now - iteration_start;
                if now + spent * 3 >= deadline {
                    break;
                }
            }
        }
        result.nodes = run.nodes;
        if result.best_move.is_none() {
            result.best_move = Move::all(run.size).next();
        }
        result
    }
}

/// A child of a node: its move, position and value when the move ends the game at once.
struct Child<B: Board> {
    mv: Move,
    position: Position<B>,
    fixed: Option<i32>,
}

impl Run<'_> {
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes % CHECK_EVERY == 0 {
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    self.aborted = true;
                }
            }
        }
    }

    fn repeated(&self, key: u64) -> bool {
        self.path.contains(&key) || self.produced.binary_search(&key).is_ok()
    }

    /// Every move of `position`, the table move first, then moves that win at once.
    fn children<B: Board>(
        &self,
        position: &Position<B>,
        ply: usize,
        tt_move: Option<u8>,
    ) -> Vec<Child<B>> {
        let mover = position.to_move;
        let done = WIN - (ply as i32 + 1);
        let mut children: Vec<Child<B>> = Move::all(self.size)
            .filter_map(|mv| {
                let next = position.after(mv).ok()?;
                let fixed = match next.winner() {
                    Some(winner) if winner == mover => Some(done),
                    Some(_) => Some(-done),
                    None => match self.rules {
                        RuleSet::Icfp if self.repeated(next.key()) => Some(-done),
                        RuleSet::Waterloo if self.path.contains(&next.key()) => Some(0),
                        _ => None,
                    },
                };
                Some(Child {
                    mv,
                    position: next,
                    fixed,
                })
            })
            .collect();
        let rank = |child: &Child<B>| {
            if tt_move == Some(child.mv.index(self.size) as u8) {
                0
            } else if child.fixed == Some(done) {
                1
            } else {
                2
            }
        };
        children.sort_by_key(rank);
        children
    }

    /// The root: the value and the best move of a `depth`-ply search.
    fn root<B: Board>(&mut self, position: &Position<B>, depth: i32) -> (i32, Option<Move>) {
        let mut best_move = None;
        let value = self.negamax(position, depth, -INFINITY, INFINITY, 0, &mut best_move);
        (value, best_move)
    }

    fn negamax<B: Board>(
        &mut self,
        position: &Position<B>,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        best_out: &mut Option<Move>,
    ) -> i32 {
        self.tick();
        if depth <= 0 {
            return evaluate(position);
        }
        // The first iteration always finishes, so there is always a move.
        if self.aborted && depth > 1 {
            return 0;
        }
        let key = position.key();
        let slot = self.table.probe(key);
        if let Some(slot) = slot {
            if ply > 0 && i32::from(slot.depth) >= depth {
                let score = proven_to_root(slot.score, ply, WIN_BOUND);
                let usable = match slot.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }
        let children = self.children(position, ply, slot.and_then(|s| s.mv));
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for child in &children {
            let score = match child.fixed {
                Some(score) => score,
                None => {
                    self.path.push(child.position.key());
                    let mut ignored = None;
                    let score = -self.negamax(
                        &child.position,
                        depth - 1,
                        -beta,
                        -alpha,
                        ply + 1,
                        &mut ignored,
                    );
                    self.path.pop();
                    score
                }
            };
            if self.aborted && depth > 1 {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(child.mv);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        *best_out = best_move;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(Slot {
            key,
            score: proven_to_node(best, ply, WIN_BOUND),
            mv: best_move.map(|mv| mv.index(self.size) as u8),
            depth: depth.clamp(0, 255) as u8,
            bound,
        });
        best
    }
}

/// The static value of `position` for the side to move (see the module docs).
pub fn evaluate<B: Board>(position: &Position<B>) -> i32 {
    let n = position.board.size().get();
    let mut lines = 0;
    for line in 0..2 * n {
        let (x, o) = position.board.line_counts(line);
        lines += match (x, o) {
            (0, 0) => 0,
            (x, 0) => 3i32.pow(x.min(19) - 1),
            (0, o) => -(3i32.pow(o.min(19) - 1)),
            (x, o) => x as i32 - o as i32,
        };
    }
    let score = LINE_UNIT * lines + centre(&position.board);
    match position.to_move {
        Colour::X => score,
        Colour::O => -score,
    }
}

/// The sum of the X markers' distances from the nearest edge less the O markers'
/// ([`Board::ring_sums`]).
fn centre<B: Board>(board: &B) -> i32 {
    let (x, o) = board.ring_sums();
    x as i32 - o as i32
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::games::pousse::{BitBoard, GeneralBoard};

    fn game(text: &str) -> BoardGame<BitBoard> {
        BoardGame::from_notation(text, RuleSet::Icfp).unwrap()
    }

    #[test]
    fn an_immediate_win_is_found_at_every_depth() {
        for depth in 1..5 {
            let result = Classic::new(1 << 12)
                .search(&game("..../XXX./..../O.O.:X"), &ClassicLimits::depth(depth));
            assert_eq!(result.proven_win(), Some(1), "depth {depth}");
            let mut after = game("..../XXX./..../O.O.:X");
            after.play(result.best_move.unwrap()).unwrap();
            assert!(matches!(
                after.status(),
                PousseStatus::Won {
                    winner: Colour::X,
                    ..
                }
            ));
        }
    }

    #[test]
    fn repeating_a_produced_state_is_avoided() {
        // X's third L1 on 3 x 3 would produce the state its first L1 produced... after O's
        // R1 pushes back; the search must see the loss and play something else.
        let start = game("3:L1,R1,L1,R1");
        let repeat: Move = "L1".parse().unwrap();
        let mut trial = start.clone();
        let status = trial.play(repeat).unwrap();
        assert!(matches!(
            status,
            PousseStatus::Won {
                winner: Colour::O,
                by_repetition: true
            }
        ));
        for depth in 1..4 {
            let result = Classic::new(1 << 10).search(&start, &ClassicLimits::depth(depth));
            assert_ne!(result.best_move, Some(repeat), "depth {depth}");
        }
    }

    /// The deadline is checked by behaviour, not by a stopwatch: a search whose time is
    /// already spent does its first iteration (which always finishes, so there is a move)
    /// and nothing more, and a timed search answers what the complete iteration it reached
    /// answers, the unfinished one thrown away.
    #[test]
    fn a_timed_search_stops_at_its_deadline_with_a_complete_iteration() {
        let start = game("7:L1,T3");
        let legal = |mv: Option<Move>| {
            let mut after = start.clone();
            after.play(mv.expect("a move")).is_ok()
        };
        let fixed = |depth| Classic::new(1 << 16).search(&start, &ClassicLimits::depth(depth));
        // No time at all: the deadline has passed before the search begins.
        let spent = Classic::new(1 << 16).search(&start, &ClassicLimits::movetime(Duration::ZERO));
        let first = fixed(1);
        assert_eq!(spent.depth, 1);
        assert_eq!(
            (spent.best_move, spent.score, spent.nodes),
            (first.best_move, first.score, first.nodes),
            "the first iteration and not a node more"
        );
        assert!(legal(spent.best_move));
        // Some time: whatever depth the machine reaches, the answer is that depth's.
        for ms in [50u64, 150] {
            let timed = Classic::new(1 << 16)
                .search(&start, &ClassicLimits::movetime(Duration::from_millis(ms)));
            assert!(timed.depth >= spent.depth, "{ms} ms: {timed:?}");
            let complete = fixed(timed.depth);
            assert_eq!(
                (timed.best_move, timed.score),
                (complete.best_move, complete.score),
                "{ms} ms: depth {}",
                timed.depth
            );
            assert!(legal(timed.best_move), "{ms} ms: {timed:?}");
        }
    }

    #[test]
    fn both_boards_agree() {
        let text = "6:L1,T3,R2,B5";
        let bit: BoardGame<BitBoard> = BoardGame::from_notation(text, RuleSet::Icfp).unwrap();
        let general: BoardGame<GeneralBoard> = BoardGame::from_notation(text, RuleSet::Icfp).unwrap();
        assert_eq!(evaluate(bit.position()), evaluate(general.position()));
        let a = Classic::new(1 << 14).search(&bit, &ClassicLimits::depth(3));
        let b = Classic::new(1 << 14).search(&general, &ClassicLimits::depth(3));
        assert_eq!((a.best_move, a.score), (b.best_move, b.score));
    }

    #[test]
    fn the_evaluation_is_symmetric() {
        let x = game("X..../...../...../...../.....:O");
        let o = game("O..../...../...../...../.....:X");
        assert_eq!(evaluate(x.position()), evaluate(o.position()));
        assert!(evaluate(game("5:L3").position()) < 0, "O to move is behind");
    }
}
