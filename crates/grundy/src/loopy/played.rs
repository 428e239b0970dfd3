//! Any game in progress as the loopy engine's [`Rules`]: the draw-aware solve of a position
//! of any game, whatever its kind, through the object-safe [`GameState`] every entry starts.
//!
//! A state is a game in progress, known by its [`GameState::transposition_key`] (positions
//! with the same future share it, so a position reached again by another path, or after a
//! cycle, is the same state). Its moves are its legal moves in the game's order, each
//! played on a copy.
//!
//! The game's own [`GameState::status`] says who won at the end, so a position where the
//! player to move has already won (a Pousse move that gives the opponent more straights, a
//! misère position without a move) is a state whose single move is the winner's claim, to
//! a final state lost for the other player. Outcomes, winning and drawing moves are exact
//! for every game. The claim is no move of the game: the remoteness is counted by a second
//! retrograde pass (`game_remoteness`) in which a claimer has won with no move left (0),
//! not by the first pass's count, whose parity decides the outcome and counts the claim.

use std::hash::{Hash, Hasher};

use super::bounds::{Bounds, LoopyError, RulesFailed};
use super::explore::Explored;
use super::graph::Graph;
use super::retrograde::{perfect_among, solve, Outcome, Play, Solution};
use super::Rules;
use crate::game::{GameState, Status};
use crate::report::{SolveError, SolveOptions};

/// A state of the played game: a game in progress, or the end after a winner's claim.
#[derive(Debug)]
pub enum PlayedState {
    /// A game in progress, known by its transposition key.
    Game {
        /// [`GameState::transposition_key`] of `game`.
        key: String,
        /// The game in progress.
        game: Box<dyn GameState>,
    },
    /// The end after the player to move claimed a win the rules gave them: lost for the
    /// other player, without a move.
    Claimed,
}

impl PlayedState {
    /// The state of the game `game` is at.
    pub fn new(game: Box<dyn GameState>) -> PlayedState {
        PlayedState::Game {
            key: game.transposition_key(),
            game,
        }
    }
}

impl Clone for PlayedState {
    fn clone(&self) -> Self {
        match self {
            PlayedState::Game { key, game } => PlayedState::Game {
                key: key.clone(),
                game: game.clone_box(),
            },
            PlayedState::Claimed => PlayedState::Claimed,
        }
    }
}

impl PartialEq for PlayedState {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (PlayedState::Game { key: a, .. }, PlayedState::Game { key: b, .. }) => a == b,
            (PlayedState::Claimed, PlayedState::Claimed) => true,
            _ => false,
        }
    }
}

impl Eq for PlayedState {}

impl Hash for PlayedState {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            PlayedState::Game { key, .. } => key.hash(state),
            PlayedState::Claimed => 0u8.hash(state),
        }
    }
}

/// The rules of any game in progress (see the module documentation).
#[derive(Debug, Clone, Copy, Default)]
pub struct PlayedRules;

impl PlayedRules {
    /// Every legal move of `game`, in the game's order; an error when the game does not
    /// list them all.
    pub fn legal_moves(game: &dyn GameState) -> Result<Vec<String>, RulesFailed> {
        let list = game.legal_moves(usize::MAX);
        if !list.complete {
            return Err(RulesFailed::new(format!(
                "{} does not list every legal move of {}",
                game.entry().name(),
                game.position()
            )));
        }
        Ok(list.moves)
    }
}

impl Rules for PlayedRules {
    type State = PlayedState;

    fn moves(&self, state: &PlayedState, into: &mut Vec<PlayedState>) -> Result<(), RulesFailed> {
        let PlayedState::Game { game, .. } = state else {
            return Ok(());
        };
        match game.status() {
            Status::Won { winner } if winner == game.side_to_move() => {
                into.push(PlayedState::Claimed);
            }
            Status::Won { .. } => {}
            Status::Ongoing => {
                for mv in PlayedRules::legal_moves(game.as_ref())? {
                    let mut next = game.clone_box();
                    next.play(&mv).map_err(|error| {
                        RulesFailed::new(format!(
                            "the legal move {mv} of {} could not be played: {error}",
                            game.position()
                        ))
                    })?;
                    into.push(PlayedState::new(next));
                }
            }
        }
        Ok(())
    }

    /// What a game in progress really holds: its key, and the game itself, inline (its
    /// box) and on the heap ([`GameState::heap_bytes`]: its history and positions).
    fn heap_bytes(&self, state: &PlayedState) -> usize {
        match state {
            PlayedState::Game { key, game } => {
                key.capacity() + std::mem::size_of_val(&**game) + game.heap_bytes()
            }
            PlayedState::Claimed => 0,
        }
    }
}

/// The draw-aware answer for one position of a game (see [`solve_played`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedSolution {
    /// Won, lost or drawn for the player to move.
    pub outcome: Outcome,
    /// The moves to the end under perfect play (the winner hurries, the loser delays), for
    /// a win or a loss; a winner's claim counts as a move (see the module documentation).
    pub remoteness: Option<u32>,
    /// Every winning move, in the game's order of moves.
    pub winning_moves: Vec<String>,
    /// Every drawing move of a drawn position, in the game's order of moves.
    pub drawing_moves: Vec<String>,
    /// The move perfect play makes: the fastest win, a drawing move, the slowest loss.
    pub best_move: Option<String>,
    /// How many positions the search explored (the claims' end included).
    pub positions: usize,
}

/// Maps a stopped or too large run of the engine to the solve errors every front end knows.
impl From<LoopyError> for SolveError {
    fn from(error: LoopyError) -> Self {
        match error {
            LoopyError::Stopped(stopped) => SolveError::Stopped(stopped),
            LoopyError::Rules(failed) => SolveError::Unsupported(failed.message),
            other @ (LoopyError::OverMemory { .. } | LoopyError::TooLarge { .. }) => {
                SolveError::TooLarge(other.to_string())
            }
        }
    }
}

/// Solves `game`'s current position by exploring every position reachable from it and
/// labelling them by retrograde analysis: win, loss or draw, the remoteness, every winning
/// and drawing move. Bounded by the stop and the memory limit of `options`; of the other
/// options it reads none (every move is listed).
pub fn solve_played(
    game: Box<dyn GameState>,
    options: &SolveOptions,
) -> Result<PlayedSolution, SolveError> {
    let mut bounds = Bounds::new(options.stop.clone(), options.memory_limit);
    let moves = match game.status() {
        Status::Ongoing => PlayedRules::legal_moves(game.as_ref()).map_err(LoopyError::from)?,
        Status::Won { .. } => Vec::new(),
    };
    let start = PlayedState::new(game);
    let explored = Explored::explore(&PlayedRules, start.clone(), &mut bounds)?;
    let graph = explored.graph();
    let solution = solve(graph, Play::Normal, &mut bounds)?;
    let id = explored
        .id(&start)
        .ok_or_else(|| SolveError::Unsupported("the start was not explored".to_string()))?;
    let claimed = explored.id(&PlayedState::Claimed);
    let counts = game_remoteness(graph, &solution, claimed);
    let best = best_move(graph, &solution, &counts, claimed, id);
    let named = |indices: Vec<usize>| -> Vec<String> {
        indices
            .into_iter()
            .filter_map(|index| moves.get(index).cloned())
            .collect()
    };
    Ok(PlayedSolution {
        outcome: solution.outcome(id),
        remoteness: counts[id as usize],
        winning_moves: named(solution.winning_moves(graph, id)),
        drawing_moves: named(solution.drawing_moves(graph, id)),
        best_move: best.and_then(|index| moves.get(index).cloned()),
        positions: explored.positions(),
    })
}

/// The game's own remoteness of every position the retrograde `solution` decided (`None`
/// for a draw): a retrograde pass in which the ends are the positions without a move (0)
/// and the claimers, who have won with no move left (0, the claim no move), then a
/// position is won in one more move than its fastest lost option and lost in one more
/// than its slowest option. The outcomes are the first pass's; only the counts differ,
/// where a line ends with a claim.
fn game_remoteness(graph: &Graph, solution: &Solution, claimed: Option<u32>) -> Vec<Option<u32>> {
    let positions = graph.positions();
    let mut counts: Vec<Option<u32>> = vec![None; positions];
    let mut unsettled: Vec<u32> = (0..positions as u32)
        .map(|id| graph.options(id).len() as u32)
        .collect();
    let mut queue: Vec<u32> = Vec::new();
    for id in 0..positions as u32 {
        let claims = claimed.is_some_and(|claimed| graph.options(id) == [claimed]);
        if graph.options(id).is_empty() || claims {
            counts[id as usize] = Some(0);
            queue.push(id);
        }
    }
    let reverse = graph.reverse();
    let mut head = 0;
    while head < queue.len() {
        let settled = queue[head];
        head += 1;
        let after = counts[settled as usize].unwrap_or(0);
        let lost = solution.outcome(settled) == Outcome::Loss;
        for &before in reverse.predecessors(settled) {
            if counts[before as usize].is_some() || solution.outcome(before) == Outcome::Draw {
                continue;
            }
            if !lost {
                unsettled[before as usize] -= 1;
                if unsettled[before as usize] != 0 {
                    continue;
                }
            }
            counts[before as usize] = Some(after + 1);
            queue.push(before);
        }
    }
    counts
}

/// The move perfect play makes from `id` by the game's own count: the fastest win (a claim
/// first), the first drawing move, the slowest loss; ties to the first move.
fn best_move(
    graph: &Graph,
    solution: &Solution,
    counts: &[Option<u32>],
    claimed: Option<u32>,
    id: u32,
) -> Option<usize> {
    let scored = graph
        .options(id)
        .iter()
        .enumerate()
        .map(|(index, &option)| {
            let after = if Some(option) == claimed {
                0
            } else {
                counts[option as usize].map_or(u32::MAX, |count| count + 1)
            };
            (index, solution.outcome(option), after)
        });
    perfect_among(solution.outcome(id), scored)
}
