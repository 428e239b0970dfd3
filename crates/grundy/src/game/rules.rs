//! [`Played`]: a [`GameState`] for any game that implements the typed [`Rules`].

use std::fmt;

use rand::RngCore;

use super::{Analysis, Budget, GameEntry, GameState, MoveError, MoveList, Status};
use crate::error::{ParseError, RuleError};
use crate::player::Seat;

/// A winner named relative to the player to move in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relative {
    /// The player to move has won (Pousse: the opponent's push made a straight of the
    /// mover's colour; the bidding game: the opponent's pass overflowed the pile).
    ToMove,
    /// The player who just moved has won (the player to move has no move: normal play).
    JustMoved,
}

/// One game's rules in typed form. Implement this once per game; [`Played`] turns it into a
/// [`GameState`]. All functions are pure except the solver calls, which may keep what they
/// learn in `Self::Cache` (a table, a transposition table) between moves.
pub trait Rules: 'static {
    /// A position, including whatever the rules need of the past (Pousse's repetitions).
    type Position: Clone + fmt::Debug + Send;
    /// A move.
    type Move: Clone + fmt::Debug + fmt::Display + Send;
    /// What the solver keeps between moves; a fresh one is made for every copy of a game.
    type Cache: Default + Send;

    /// Reads a start position from the game's notation.
    fn parse_position(text: &str) -> Result<Self::Position, ParseError>;

    /// The position in notation (read back by [`Rules::parse_position`]).
    fn format_position(position: &Self::Position) -> String;

    /// A key that positions with the same future share (the same moves up to their names,
    /// to positions that again share keys), for memos: the notation, unless the rules know
    /// that more positions are alike (a sum of heaps does not depend on their order, nor a
    /// cuboid on how it is turned). It is a position in notation: the exact misère search
    /// restarts a game from it.
    fn transposition_key(position: &Self::Position) -> String {
        Self::format_position(position)
    }

    /// Reads a move (syntax only; [`Rules::apply`] checks legality).
    fn parse_move(position: &Self::Position, text: &str) -> Result<Self::Move, ParseError>;

    /// The position after `mv`, or why `mv` is illegal here.
    fn apply(position: &Self::Position, mv: &Self::Move) -> Result<Self::Position, RuleError>;

    /// Who has won, if the game is over in `position`.
    fn winner(position: &Self::Position) -> Option<Relative>;

    /// The side to move in `position` when the game started from `start`: `Seat::First`
    /// unless a game's positions say otherwise. The default counts moves.
    fn side_to_move(moves_played: usize) -> Seat {
        if moves_played % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        }
    }

    /// The game's word for a side, given the start position (Pousse: X or O).
    fn side_name(start: &Self::Position, side: Seat) -> String {
        let _ = start;
        side.to_string()
    }

    /// Up to `limit` legal moves (see [`MoveList`]).
    fn legal_moves(position: &Self::Position, limit: usize) -> MoveList;

    /// A legal move drawn at random, `None` when there is none.
    fn random_move(position: &Self::Position, rng: &mut dyn RngCore) -> Option<Self::Move>;

    /// A picture for a person.
    fn draw(position: &Self::Position) -> String;

    /// The board as rows of text, one character a square (Pousse: `X`, `O`, `.`), for the
    /// page's grid renderers; `None` (the default) when the notation already shows the
    /// position.
    fn board(position: &Self::Position) -> Option<String> {
        let _ = position;
        None
    }

    /// `position` as a sum of heaps under a heap ruleset, when the game is one
    /// ([`GameState::heap_sum`]); `None` by default.
    fn heap_sum(position: &Self::Position) -> Option<crate::heap::HeapSum> {
        let _ = position;
        None
    }

    /// The solver's view of `position`.
    fn analyse(position: &Self::Position, budget: &Budget, cache: &mut Self::Cache) -> Analysis;

    /// Fastest win, slowest loss.
    fn perfect_move(
        position: &Self::Position,
        budget: &Budget,
        cache: &mut Self::Cache,
    ) -> Option<Self::Move>;

    /// Slowest loss when lost; a win that drags on when won.
    fn stubborn_move(
        position: &Self::Position,
        budget: &Budget,
        cache: &mut Self::Cache,
    ) -> Option<Self::Move>;
}

/// How many moves apart [`Played`] keeps a copy of the position for undo.
pub const CHECKPOINT_EVERY: usize = 32;

/// A game in progress under rules `R`: the moves, the current position, a copy of the
/// position every `CHECKPOINT_EVERY` (32) moves (the start included), plus the solver's
/// cache. Undo goes back to the last copy and replays the moves since, so a long line costs
/// one position per 32 moves rather than one per move; but the position before the last
/// move is kept too, so that undoing the move just played (as valuing every move of a
/// position does, move after move) costs nothing.
pub struct Played<R: Rules> {
    /// The entry of the game these are the rules of, which a game in progress names
    /// ([`GameState::entry`]).
    entry: &'static dyn GameEntry,
    /// The position after `i * CHECKPOINT_EVERY` moves, for every such `i` up to the moves
    /// played.
    checkpoints: Vec<R::Position>,
    current: R::Position,
    /// The position before the last move, until it is undone or another move is played.
    previous: Option<R::Position>,
    moves: Vec<R::Move>,
    cache: R::Cache,
}

impl<R: Rules> Played<R> {
    /// A game of `entry`'s from `position` in notation.
    pub fn start(entry: &'static dyn GameEntry, position: &str) -> Result<Self, ParseError> {
        Ok(Self::from_position(entry, R::parse_position(position)?))
    }

    /// A game of `entry`'s from a position already built.
    pub fn from_position(entry: &'static dyn GameEntry, position: R::Position) -> Self {
        Played {
            entry,
            checkpoints: vec![position.clone()],
            current: position,
            previous: None,
            moves: Vec::new(),
            cache: R::Cache::default(),
        }
    }

    /// The current position, typed.
    pub fn current(&self) -> &R::Position {
        &self.current
    }

    /// The start position, typed.
    fn start_typed(&self) -> &R::Position {
        // `checkpoints` always holds the start position; the fallback keeps this panic-free.
        self.checkpoints.first().unwrap_or(&self.current)
    }

    /// The moves played so far, typed.
    pub fn moves(&self) -> &[R::Move] {
        &self.moves
    }
}

impl<R: Rules> Clone for Played<R> {
    /// Copies the history; the copy starts with an empty solver cache.
    fn clone(&self) -> Self {
        Played {
            entry: self.entry,
            checkpoints: self.checkpoints.clone(),
            current: self.current.clone(),
            previous: None,
            moves: self.moves.clone(),
            cache: R::Cache::default(),
        }
    }
}

impl<R: Rules> fmt::Debug for Played<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Played")
            .field("game", &format_args!("Game({})", self.entry.name()))
            .field("position", self.current())
            .field("moves", &self.moves)
            .finish()
    }
}

impl<R: Rules> GameState for Played<R> {
    fn entry(&self) -> &'static dyn GameEntry {
        self.entry
    }

    fn position(&self) -> String {
        R::format_position(self.current())
    }

    fn transposition_key(&self) -> String {
        R::transposition_key(self.current())
    }

    fn start_position(&self) -> String {
        R::format_position(self.start_typed())
    }

    fn history(&self) -> Vec<String> {
        self.moves.iter().map(ToString::to_string).collect()
    }

    /// The lists of checkpoints and moves, and what each position owns beyond its inline
    /// size, estimated by the current position's notation.
    fn heap_bytes(&self) -> usize {
        let notation = self.position().len();
        self.checkpoints.capacity() * (std::mem::size_of::<R::Position>() + notation)
            + self.moves.capacity() * std::mem::size_of::<R::Move>()
            + notation
    }

    fn side_to_move(&self) -> Seat {
        R::side_to_move(self.moves.len())
    }

    fn side_name(&self, side: Seat) -> String {
        R::side_name(self.start_typed(), side)
    }

    fn status(&self) -> Status {
        let to_move = self.side_to_move();
        match R::winner(self.current()) {
            None => Status::Ongoing,
            Some(Relative::ToMove) => Status::Won { winner: to_move },
            Some(Relative::JustMoved) => Status::Won {
                winner: to_move.other(),
            },
        }
    }

    fn play(&mut self, text: &str) -> Result<String, MoveError> {
        if self.status() != Status::Ongoing {
            return Err(MoveError::GameOver);
        }
        let position = self.current();
        let mv = R::parse_move(position, text)?;
        let next = R::apply(position, &mv)?;
        let canonical = mv.to_string();
        self.moves.push(mv);
        if self.moves.len() % CHECKPOINT_EVERY == 0 {
            self.checkpoints.push(next.clone());
        }
        self.previous = Some(std::mem::replace(&mut self.current, next));
        Ok(canonical)
    }

    fn undo(&mut self) -> Option<String> {
        let mv = self.moves.pop()?;
        let played = self.moves.len();
        let checkpoint = played / CHECKPOINT_EVERY;
        self.checkpoints.truncate(checkpoint + 1);
        if let Some(previous) = self.previous.take() {
            self.current = previous;
            return Some(mv.to_string());
        }
        let mut position = self.checkpoints[checkpoint].clone();
        for earlier in &self.moves[checkpoint * CHECKPOINT_EVERY..] {
            // Every move was legal when it was played and the rules are pure, so replaying
            // it cannot fail; should it, the game stays at the last position reached.
            match R::apply(&position, earlier) {
                Ok(next) => position = next,
                Err(_) => break,
            }
        }
        self.current = position;
        Some(mv.to_string())
    }

    fn legal_moves(&self, limit: usize) -> MoveList {
        if self.status() != Status::Ongoing {
            return MoveList {
                moves: Vec::new(),
                total: Some(0),
                complete: true,
            };
        }
        R::legal_moves(self.current(), limit)
    }

    fn random_move(&self, rng: &mut dyn RngCore) -> Option<String> {
        if self.status() != Status::Ongoing {
            return None;
        }
        R::random_move(self.current(), rng).map(|mv| mv.to_string())
    }

    fn draw(&self) -> String {
        R::draw(self.current())
    }

    fn board(&self) -> Option<String> {
        R::board(self.current())
    }

    fn heap_sum(&self) -> Option<crate::heap::HeapSum> {
        R::heap_sum(self.current())
    }

    fn analyse(&mut self, budget: &Budget) -> Analysis {
        R::analyse(&self.current, budget, &mut self.cache)
    }

    fn perfect_move(&mut self, budget: &Budget) -> Option<String> {
        if self.status() != Status::Ongoing {
            return None;
        }
        R::perfect_move(&self.current, budget, &mut self.cache).map(|mv| mv.to_string())
    }

    fn stubborn_move(&mut self, budget: &Budget) -> Option<String> {
        if self.status() != Status::Ongoing {
            return None;
        }
        R::stubborn_move(&self.current, budget, &mut self.cache).map(|mv| mv.to_string())
    }

    fn clone_box(&self) -> Box<dyn GameState> {
        Box::new(self.clone())
    }
}

/// Runs `f` on the current position of `state`, a game of the typed rules `R`, read back
/// from its notation (through the usual game behind it, [`GameState::usual_rules`], when it
/// changes the rules): an entry learns its position through the [`GameState`] trait alone,
/// never from the state's concrete type. `None` when the notation is not a position of `R`.
pub fn with_position<R: Rules, T>(
    state: &dyn GameState,
    f: impl FnOnce(&R::Position) -> T,
) -> Option<T> {
    if let Some(usual) = state.usual_rules() {
        return with_position::<R, T>(usual, f);
    }
    R::parse_position(&state.position())
        .ok()
        .map(|position| f(&position))
}

/// Starts a game of `entry`'s, played by the typed rules `R`, from `position`: the one line
/// most entries' [`start`](GameEntry::start) is (`start_played::<XRules>(self, position)`).
pub fn start_played<R: Rules>(
    entry: &'static dyn GameEntry,
    position: &str,
) -> Result<Box<dyn GameState>, ParseError> {
    Ok(Box::new(Played::<R>::start(entry, position)?))
}
