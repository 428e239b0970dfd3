//! A Monte Carlo tree search player: a sparring partner that knows nothing of Pousse but the
//! rules.
//!
//! UCT: from the root, each step takes the move with the highest UCB1 value
//! `w/n + c·√(ln N / n)` (`w` the wins of the move's mover in the `n` visits of the move, `N`
//! the visits of the node; an unvisited move first, in a random order), until it reaches a
//! move not yet in the tree; that move's node is added (one per playout) and a random game is
//! played from it: uniformly random moves until a straight, a repetition that loses, or
//! [`PLAYOUT_CAP`] moves, which scores as a draw (half a win each). The result is counted on
//! every node of the line. The move played is the root's most visited.
//!
//! The exploration constant is [`EXPLORATION`] = 0.7, tuned: √2, the value of UCB1's regret
//! bound for results in [0, 1], explores too much here. At 1000 playouts a move, 80 games
//! on 6 × 6 (40 openings of `data/openings/pousse-6.txt`, both colours) against √2 scored
//! 0.35: 71%, 0.7: 72.5%, 1.0: 61%, 2.0: 50% (`cargo run --release -p grundy-lab --bin
//! pousse_mcts_tune -- C 1000`).
//!
//! Immediate results are exact: a node is added with every move of its position tried once,
//! so a move that makes a straight at once, for either colour, or repeats a state under the
//! ICFP rule is known as such; a node whose player to move has a winning move counts as won
//! for that player, and the root plays a winning move at once. Under the ICFP rule the tree
//! and the playouts check every produced state against the game's produced states, the line
//! from the root and the playout so far (a repeated state loses for its mover). The tree is
//! not kept from one move to the next.
//!
//! The random generator is a seeded ChaCha, so a search bounded by playouts repeats exactly.
//!
//! ```
//! use grundy::games::pousse::{BitBoard, Colour, BoardGame, RuleSet, PousseStatus};
//! use grundy::games::pousse::sparring::mcts::{Mcts, MctsLimits};
//!
//! // X completes row 1 with L1 or R1.
//! let mut game: BoardGame<BitBoard> = BoardGame::from_position("XX./.../O.O:X".parse().unwrap(), RuleSet::Icfp);
//! let result = Mcts::new(7).search(&game, &MctsLimits::playouts(100));
//! let status = game.play(result.best_move.unwrap()).unwrap();
//! assert_eq!(status, PousseStatus::Won { winner: Colour::X, by_repetition: false });
//! ```

use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::games::pousse::board::{Board, Colour, Move};
use crate::games::pousse::game::{BoardGame, Position, RuleSet, PousseStatus};

/// The UCB1 exploration constant (tuned, see the module docs).
pub const EXPLORATION: f64 = 0.7;
/// A playout that reaches this many moves ends as a draw.
pub const PLAYOUT_CAP: usize = 200;
/// The most nodes the tree holds; beyond it playouts go on from the leaves reached.
pub const MAX_NODES: usize = 1 << 21;
/// Playouts when the limits set neither a count nor a time.
pub const DEFAULT_PLAYOUTS: u64 = 10_000;

/// When to stop: after a number of playouts, at a time, or whichever comes first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MctsLimits {
    /// The number of playouts.
    pub playouts: Option<u64>,
    /// The wall time; the search returns within it.
    pub movetime: Option<Duration>,
}

impl MctsLimits {
    /// A search of `playouts` playouts (reproducible for a given seed).
    pub fn playouts(playouts: u64) -> MctsLimits {
        MctsLimits {
            playouts: Some(playouts),
            movetime: None,
        }
    }

    /// A timed search.
    pub fn movetime(time: Duration) -> MctsLimits {
        MctsLimits {
            playouts: None,
            movetime: Some(time),
        }
    }
}

/// What a search found.
#[derive(Debug, Clone, PartialEq)]
pub struct MctsResult {
    /// The move to play; `None` when the game is over.
    pub best_move: Option<Move>,
    /// Playouts made.
    pub playouts: u64,
    /// The share of the best move's visits its mover won (1 for an immediate win).
    pub win_rate: f64,
    /// Nodes in the tree.
    pub nodes: usize,
}

/// A move out of a node: the node it leads to once added, and its result when the move
/// ends the game at once.
#[derive(Clone, Copy)]
struct Edge {
    mv: Move,
    /// Index of the child node; 0 until added (the root is never a child).
    child: u32,
    /// The winner when the move ends the game at once.
    ends: Option<Colour>,
}

struct Node<B: Board> {
    position: Position<B>,
    /// The node's moves are `edges[first..first + count]` of the tree.
    first: u32,
    count: u32,
    visits: u32,
    /// Wins of the player who moved into this node (a draw counts half).
    wins: f32,
    /// The winner when the game is decided here: it is over, or the player to move wins at
    /// once.
    decided: Option<Colour>,
}

/// The tree: nodes, and every node's moves in one array (few allocations, fast to free).
struct Tree<B: Board> {
    nodes: Vec<Node<B>>,
    edges: Vec<Edge>,
}

impl<B: Board> Tree<B> {
    /// Adds a node with its moves; returns its index.
    fn add(&mut self, position: Position<B>, edges: &[Edge], decided: Option<Colour>) -> usize {
        self.nodes.push(Node {
            position,
            first: self.edges.len() as u32,
            count: edges.len() as u32,
            visits: 0,
            wins: 0.0,
            decided,
        });
        self.edges.extend_from_slice(edges);
        self.nodes.len() - 1
    }

    fn edges_of(&self, index: usize) -> std::ops::Range<usize> {
        let node = &self.nodes[index];
        node.first as usize..(node.first + node.count) as usize
    }
}

/// The searcher: its random generator and tuning.
#[derive(Debug, Clone)]
pub struct Mcts {
    rng: ChaCha8Rng,
    /// The UCB1 exploration constant.
    pub exploration: f64,
}

/// The repetition context of one search.
struct Context {
    rules: RuleSet,
    produced: Vec<u64>,
    size: usize,
}

impl Context {
    fn repeated(&self, key: u64, line: &[u64]) -> bool {
        self.rules == RuleSet::Icfp
            && (line.contains(&key) || self.produced.binary_search(&key).is_ok())
    }

    /// The moves of `position`, each with its immediate result, in a random order; `line`
    /// holds the states produced from the root to `position`.
    fn edges<B: Board>(
        &self,
        position: &Position<B>,
        line: &[u64],
        rng: &mut ChaCha8Rng,
    ) -> Vec<Edge> {
        let mover = position.to_move;
        let mut edges: Vec<Edge> = Move::all(self.size)
            .filter_map(|mv| {
                let next = position.after(mv).ok()?;
                let ends = match next.winner() {
                    Some(winner) => Some(winner),
                    None if self.repeated(next.key(), line) => Some(mover.opponent()),
                    None => None,
                };
                Some(Edge { mv, child: 0, ends })
            })
            .collect();
        edges.shuffle(rng);
        edges
    }
}

impl Mcts {
    /// A searcher whose random choices are fixed by `seed`.
    pub fn new(seed: u64) -> Mcts {
        Mcts {
            rng: ChaCha8Rng::seed_from_u64(seed),
            exploration: EXPLORATION,
        }
    }

    /// Searches the current position of `game` within `limits`.
    pub fn search<B: Board>(&mut self, game: &BoardGame<B>, limits: &MctsLimits) -> MctsResult {
        let start = Instant::now();
        let root_position = game.position().clone();
        if game.status() != PousseStatus::Ongoing {
            return MctsResult {
                best_move: None,
                playouts: 0,
                win_rate: 0.0,
                nodes: 0,
            };
        }
        let mut produced: Vec<u64> = game.produced_keys().collect();
        produced.sort_unstable();
        let context = Context {
            rules: game.rules(),
            produced,
            size: root_position.board.size().get(),
        };
        let mover = root_position.to_move;
        let root_edges = context.edges(&root_position, &[], &mut self.rng);
        if let Some(win) = root_edges.iter().find(|edge| edge.ends == Some(mover)) {
            return MctsResult {
                best_move: Some(win.mv),
                playouts: 0,
                win_rate: 1.0,
                nodes: 1,
            };
        }
        let deadline = limits.movetime.map(|time| {
            let margin = (time / 8).clamp(Duration::from_millis(3), Duration::from_millis(50));
            start + time.saturating_sub(margin)
        });
        let playouts = match (limits.playouts, limits.movetime) {
            (Some(count), _) => count,
            (None, Some(_)) => u64::MAX,
            (None, None) => DEFAULT_PLAYOUTS,
        };
        let mut tree = Tree {
            nodes: Vec::new(),
            edges: Vec::new(),
        };
        tree.add(root_position, &root_edges, None);
        let mut done = 0;
        let mut line = Vec::new();
        let mut visited = Vec::new();
        while done < playouts {
            if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                break;
            }
            self.iterate(&context, &mut tree, &mut line, &mut visited);
            done += 1;
        }
        let stats = |edge: &Edge| match edge.child {
            0 => (0, f32::NEG_INFINITY),
            child => (
                tree.nodes[child as usize].visits,
                tree.nodes[child as usize].wins,
            ),
        };
        let best = tree.edges[tree.edges_of(0)]
            .iter()
            .max_by(|a, b| {
                let (va, wa) = stats(a);
                let (vb, wb) = stats(b);
                va.cmp(&vb).then(wa.total_cmp(&wb))
            })
            .copied();
        let win_rate = best.map_or(0.0, |edge| match stats(&edge) {
            (0, _) => 0.0,
            (visits, wins) => f64::from(wins) / f64::from(visits),
        });
        MctsResult {
            best_move: best.map(|edge| edge.mv),
            playouts: done,
            win_rate,
            nodes: tree.nodes.len(),
        }
    }

    /// One playout: select, add a node, play at random, count the result back to the root.
    fn iterate<B: Board>(
        &mut self,
        context: &Context,
        tree: &mut Tree<B>,
        line: &mut Vec<u64>,
        visited: &mut Vec<usize>,
    ) {
        line.clear();
        visited.clear();
        let mut index = 0usize;
        visited.push(0);
        let x_share = loop {
            if let Some(winner) = tree.nodes[index].decided {
                break won_by(winner);
            }
            let Some(slot) = self.select(tree, index) else {
                break 0.5;
            };
            let edge = tree.edges[slot];
            if edge.child != 0 {
                index = edge.child as usize;
                line.push(tree.nodes[index].position.key());
                visited.push(index);
                continue;
            }
            // A move not yet in the tree: add its node (unless the tree is full) and play on
            // from it at random.
            let Ok(position) = tree.nodes[index].position.after(edge.mv) else {
                break 0.5;
            };
            line.push(position.key());
            if tree.nodes.len() >= MAX_NODES {
                break match edge.ends {
                    Some(winner) => won_by(winner),
                    None => self.leaf(context, position, line),
                };
            }
            let (edges, decided) = match edge.ends {
                Some(winner) => (Vec::new(), Some(winner)),
                None => {
                    let edges = context.edges(&position, line, &mut self.rng);
                    let to_move = position.to_move;
                    let decided = if edges.iter().any(|e| e.ends == Some(to_move)) {
                        Some(to_move)
                    } else if edges.iter().all(|e| e.ends == Some(to_move.opponent())) {
                        Some(to_move.opponent())
                    } else {
                        None
                    };
                    (edges, decided)
                }
            };
            let child = tree.add(position.clone(), &edges, decided);
            tree.edges[slot].child = child as u32;
            visited.push(child);
            break match decided {
                Some(winner) => won_by(winner),
                None => self.leaf(context, position, line),
            };
        };
        for &node in visited.iter() {
            let node = &mut tree.nodes[node];
            node.visits += 1;
            node.wins += match node.position.to_move.opponent() {
                Colour::X => x_share,
                Colour::O => 1.0 - x_share,
            };
        }
    }

    /// The share of a win that X takes from the new leaf `position`: a playout's result.
    fn leaf<B: Board>(&mut self, context: &Context, position: Position<B>, line: &[u64]) -> f32 {
        match self.playout(context, position, line) {
            Some(winner) => won_by(winner),
            None => 0.5,
        }
    }

    /// The edge (an index into the tree's edges) UCB1 picks at node `index`: an edge without
    /// a node first (a node's edges are in a random order), otherwise the highest upper
    /// confidence bound.
    fn select<B: Board>(&self, tree: &Tree<B>, index: usize) -> Option<usize> {
        let range = tree.edges_of(index);
        if let Some(slot) = range.clone().find(|&slot| tree.edges[slot].child == 0) {
            return Some(slot);
        }
        let log = f64::from(tree.nodes[index].visits.max(1)).ln();
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        for slot in range {
            let child = &tree.nodes[tree.edges[slot].child as usize];
            let visits = f64::from(child.visits.max(1));
            let value = f64::from(child.wins) / visits + self.exploration * (log / visits).sqrt();
            if value > best_value {
                best_value = value;
                best = Some(slot);
            }
        }
        best
    }

    /// A random game from `position` (just produced; `line` holds the states produced since
    /// the root, its own included). The winner, or `None` at the playout cap.
    fn playout<B: Board>(
        &mut self,
        context: &Context,
        position: Position<B>,
        line: &[u64],
    ) -> Option<Colour> {
        playout_from(position, context.rules, PLAYOUT_CAP, &mut self.rng, |key| {
            context.repeated(key, line)
        })
    }
}

/// X's share of a game `winner` won.
fn won_by(winner: Colour) -> f32 {
    match winner {
        Colour::X => 1.0,
        Colour::O => 0.0,
    }
}

/// A random playout from `position`: the winner, or `None` after `cap` pushes. Under the ICFP rule a push that repeats a state of the playout
/// itself, or one that `repeated_before` says came earlier, loses for its mover.
fn playout_from<B: Board>(
    mut position: Position<B>,
    rules: RuleSet,
    cap: usize,
    rng: &mut impl Rng,
    repeated_before: impl Fn(u64) -> bool,
) -> Option<Colour> {
    let n = position.board.size().get();
    let mut own: Vec<u64> = Vec::new();
    for _ in 0..cap {
        let mover = position.to_move;
        let mv = Move::from_index(rng.gen_range(0..4 * n), n)?;
        position.play(mv).ok()?;
        if let Some(winner) = position.winner() {
            return Some(winner);
        }
        if rules == RuleSet::Icfp {
            let key = position.key();
            if own.contains(&key) || repeated_before(key) {
                return Some(mover.opponent());
            }
            own.push(key);
        }
    }
    None
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::games::pousse::BitBoard;

    fn game(text: &str) -> BoardGame<BitBoard> {
        BoardGame::from_notation(text, RuleSet::Icfp).unwrap()
    }

    #[test]
    fn an_immediate_win_is_taken() {
        let mut mcts = Mcts::new(1);
        let result = mcts.search(&game("..../XXX./..../O.O.:X"), &MctsLimits::playouts(10));
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

    #[test]
    fn an_immediate_loss_is_avoided() {
        // X's third L1 repeats a state X produced: the search must not choose it.
        let start = game("3:L1,R1,L1,R1");
        for seed in 0..4 {
            let result = Mcts::new(seed).search(&start, &MctsLimits::playouts(300));
            assert_ne!(result.best_move.unwrap().to_string(), "L1");
        }
    }

    #[test]
    fn playout_searches_repeat_from_their_seed() {
        let start = game("5:L1,T2");
        let a = Mcts::new(3).search(&start, &MctsLimits::playouts(500));
        let b = Mcts::new(3).search(&start, &MctsLimits::playouts(500));
        assert_eq!(a, b);
        assert_eq!(a.playouts, 500);
    }

    /// The deadline checked by behaviour, not by a stopwatch: a search whose time is
    /// already spent makes no playout and still names a legal move, and a timed search
    /// answers exactly what a search of the playouts it made answers: the clock decides when
    /// it stops, never what it says.
    #[test]
    fn a_timed_search_stops_at_its_deadline_and_answers_for_the_playouts_it_made() {
        let start = game("7:L1,T3");
        let legal = |mv: Option<Move>| start.clone().play(mv.expect("a move")).is_ok();
        let spent = Mcts::new(1).search(&start, &MctsLimits::movetime(Duration::ZERO));
        assert_eq!(spent.playouts, 0);
        assert_eq!(spent, Mcts::new(1).search(&start, &MctsLimits::playouts(0)));
        assert!(legal(spent.best_move));
        for ms in [50u64, 150] {
            let timed =
                Mcts::new(1).search(&start, &MctsLimits::movetime(Duration::from_millis(ms)));
            let counted = Mcts::new(1).search(&start, &MctsLimits::playouts(timed.playouts));
            assert_eq!(timed, counted, "{ms} ms");
            assert!(legal(timed.best_move), "{ms} ms: {timed:?}");
        }
    }

    #[test]
    fn waterloo_games_are_searched_too() {
        let start: BoardGame<BitBoard> = BoardGame::from_notation("4:L1,R1", RuleSet::Waterloo).unwrap();
        let result = Mcts::new(2).search(&start, &MctsLimits::playouts(200));
        assert!(result.best_move.is_some());
    }
}
