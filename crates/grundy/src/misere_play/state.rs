//! A misère game in progress: any impartial game's [`GameState`] with the end turned round.
//! The referee, the engine protocol, the terminal player, the web page and the strategies
//! play it as they play any game; [`Game::start`](crate::registry::Game::start) makes one
//! (through [`super::start`]) from a position ending in `@misere`.
//!
//! Its analysis comes from the exact misère search ([`super::search`]), which it keeps
//! between moves; beyond the search's limit, from theory where there is some
//! ([`super::theory`]), without a remoteness.

use rand::RngCore;

use super::search::{default_limit, perfect_choice, stubborn_choice, MisereMemo, MisereSearch};
use super::theory::by_theory;
use super::value::{MisereValue, SearchError};
use super::with_misere_term;
use crate::game::{Analysis, Budget, GameEntry, GameState, MoveError, MoveList, Status};
use crate::player::Seat;

/// A game under misère play: `inner` follows the normal rules; this turns its end round.
#[derive(Debug)]
pub struct MisereGame {
    inner: Box<dyn GameState>,
    memo: MisereMemo,
    /// The most positions a search values: [`default_limit`] of the game.
    limit: usize,
    /// Set when a search of this game reached the position limit: later questions go to
    /// theory at once, so a page that values every move pays for one failed search only.
    beyond_search: bool,
}

impl MisereGame {
    /// The misère version of `inner`, a game of an impartial game under its usual rules.
    pub fn new(inner: Box<dyn GameState>) -> Self {
        MisereGame {
            limit: default_limit(inner.as_ref()),
            inner,
            memo: MisereMemo::default(),
            beyond_search: false,
        }
    }

    /// The game under its usual rules.
    pub fn inner(&self) -> &dyn GameState {
        self.inner.as_ref()
    }

    /// The misère value of every move from the current position, by the exact search
    /// (whose memo is kept between calls).
    fn move_values(&mut self, budget: &Budget) -> Result<Vec<(String, MisereValue)>, SearchError> {
        if self.beyond_search {
            return Err(SearchError::TooLarge { limit: self.limit });
        }
        let mut search =
            MisereSearch::with_memo(std::mem::take(&mut self.memo), self.limit, &budget.stop);
        let values = search.move_values(self.inner.as_ref());
        self.memo = search.into_memo();
        self.note_failure(&values);
        values
    }

    /// The value of the current position for the player to move.
    fn value(&mut self, budget: &Budget) -> Result<MisereValue, SearchError> {
        if self.beyond_search {
            return Err(SearchError::TooLarge { limit: self.limit });
        }
        let mut search =
            MisereSearch::with_memo(std::mem::take(&mut self.memo), self.limit, &budget.stop);
        let value = search.value(self.inner.as_ref());
        self.memo = search.into_memo();
        self.note_failure(&value);
        value
    }

    /// After a search that reached the limit, frees the memo and sends later questions to
    /// theory.
    fn note_failure<T>(&mut self, result: &Result<T, SearchError>) {
        if matches!(
            result,
            Err(SearchError::TooLarge { .. } | SearchError::TooManyMoves { .. })
        ) {
            self.beyond_search = true;
            self.memo = MisereMemo::default();
        }
    }

    /// A move by theory when the search cannot answer: a winning move when there is one,
    /// else the first legal move.
    fn fallback_move(&self, budget: &Budget) -> Option<String> {
        by_theory(self.inner.as_ref(), &budget.stop)
            .ok()
            .and_then(|answer| answer.winning_moves.first().cloned())
            .or_else(|| self.inner.legal_moves(1).moves.first().cloned())
    }
}

impl GameState for MisereGame {
    fn entry(&self) -> &'static dyn GameEntry {
        self.inner.entry()
    }

    fn position(&self) -> String {
        with_misere_term(&self.inner.position())
    }

    fn transposition_key(&self) -> String {
        with_misere_term(&self.inner.transposition_key())
    }

    /// The game played under misère rules, inline and on the heap.
    fn heap_bytes(&self) -> usize {
        std::mem::size_of_val(&*self.inner) + self.inner.heap_bytes()
    }

    fn start_position(&self) -> String {
        with_misere_term(&self.inner.start_position())
    }

    fn history(&self) -> Vec<String> {
        self.inner.history()
    }

    fn side_to_move(&self) -> Seat {
        self.inner.side_to_move()
    }

    fn side_name(&self, side: Seat) -> String {
        self.inner.side_name(side)
    }

    /// The usual rules' winner loses: under misère play the last mover loses.
    fn status(&self) -> Status {
        match self.inner.status() {
            Status::Ongoing => Status::Ongoing,
            Status::Won { winner } => Status::Won {
                winner: winner.other(),
            },
        }
    }

    fn play(&mut self, mv: &str) -> Result<String, MoveError> {
        self.inner.play(mv)
    }

    fn undo(&mut self) -> Option<String> {
        self.inner.undo()
    }

    fn legal_moves(&self, limit: usize) -> MoveList {
        self.inner.legal_moves(limit)
    }

    fn random_move(&self, rng: &mut dyn RngCore) -> Option<String> {
        self.inner.random_move(rng)
    }

    fn draw(&self) -> String {
        format!("{}\n(misère play: the last mover loses)", self.inner.draw())
    }

    fn board(&self) -> Option<String> {
        self.inner.board()
    }

    fn analyse(&mut self, budget: &Budget) -> Analysis {
        let searched = self.value(budget).and_then(|value| {
            if self.status() != Status::Ongoing {
                return Ok((value, Vec::new()));
            }
            self.move_values(budget).map(|moves| (value, moves))
        });
        match searched {
            Ok((value, moves)) => {
                let mut winning: Vec<&(String, MisereValue)> =
                    moves.iter().filter(|(_, after)| !after.wins).collect();
                winning.sort_by_key(|(_, after)| after.remoteness);
                Analysis {
                    to_move_wins: Some(value.wins),
                    grundy_value: None,
                    best_move: perfect_choice(&moves).map(str::to_string),
                    winning_moves: winning.iter().map(|(mv, _)| mv.clone()).collect(),
                    winning_moves_complete: true,
                    remoteness: Some(u128::from(value.remoteness)),
                    remoteness_exact: true,
                    comment: Some("misère play".to_string()),
                    value: None,
                    quotient_element: None,
                }
            }
            Err(error) => match by_theory(self.inner.as_ref(), &budget.stop) {
                Ok(answer) => Analysis {
                    to_move_wins: Some(answer.wins),
                    best_move: answer.winning_moves.first().cloned(),
                    winning_moves: answer.winning_moves,
                    winning_moves_complete: true,
                    comment: Some(match &answer.quotient {
                        Some(reading) => {
                            format!("misère play, by {} (Plambeck and Siegel)", reading.quotient)
                        }
                        None => format!("misère play, by {}", answer.theorem),
                    }),
                    quotient_element: answer.quotient.map(|reading| reading.position.word),
                    ..Analysis::default()
                },
                Err(_) => Analysis {
                    comment: Some(format!("misère play: {error}")),
                    ..Analysis::default()
                },
            },
        }
    }

    /// The fastest misère win, or the slowest loss.
    fn perfect_move(&mut self, budget: &Budget) -> Option<String> {
        if self.status() != Status::Ongoing {
            return None;
        }
        match self.move_values(budget) {
            Ok(values) => perfect_choice(&values).map(str::to_string),
            Err(_) => self.fallback_move(budget),
        }
    }

    fn stubborn_move(&mut self, budget: &Budget) -> Option<String> {
        if self.status() != Status::Ongoing {
            return None;
        }
        match self.move_values(budget) {
            Ok(values) => stubborn_choice(&values).map(str::to_string),
            Err(_) => self.fallback_move(budget),
        }
    }

    /// The heaps of the game under its usual rules: misère play changes who wins a sum of
    /// heaps, not its heaps or its ruleset.
    fn heap_sum(&self) -> Option<crate::heap::HeapSum> {
        self.inner.heap_sum()
    }

    fn clone_box(&self) -> Box<dyn GameState> {
        Box::new(MisereGame::new(self.inner.clone_box()))
    }

    /// The game inside: the moves are the same, only the end is turned round.
    fn usual_rules(&self) -> Option<&dyn GameState> {
        Some(self.inner())
    }
}
