//! Positions (a board and the side to move), games (a position with its history and rule
//! set) and the position notation.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::error::{ParseError, RuleError};

use super::board::{zobrist, Board, Colour, Move, Size};

/// Which rules end a game besides straights.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// Waterloo / UVa 844 refereeing: no repetition rule; a game may go on forever.
    Waterloo,
    /// ICFP 1998 tournament rule: a move that produces a state (board and side to move) that
    /// the same player produced earlier loses for that player. No game is drawn.
    Icfp,
}

impl FromStr for RuleSet {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<RuleSet, ParseError> {
        match text.to_ascii_lowercase().as_str() {
            "waterloo" => Ok(RuleSet::Waterloo),
            "icfp" => Ok(RuleSet::Icfp),
            _ => Err(ParseError::at_token(
                "the rule set must be waterloo or icfp",
                text,
            )),
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RuleSet::Waterloo => "waterloo",
            RuleSet::Icfp => "icfp",
        })
    }
}

/// Whether a game goes on, and who won how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PousseStatus {
    /// Nobody has won yet.
    Ongoing,
    /// The game is over.
    Won {
        /// The colour that won.
        winner: Colour,
        /// True when the loser repeated a state under the ICFP rule, false for straights.
        by_repetition: bool,
    },
}

/// A board and the colour to move: the state the repetition rule compares.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position<B: Board> {
    /// The markers.
    pub board: B,
    /// Whose turn it is.
    pub to_move: Colour,
}

impl<B: Board> Position<B> {
    /// The empty board with X to move.
    pub fn start(size: Size) -> Result<Self, ParseError> {
        Ok(Position {
            board: B::empty(size)?,
            to_move: Colour::X,
        })
    }

    /// Plays `mv` for the side to move and passes the turn.
    pub fn play(&mut self, mv: Move) -> Result<(), RuleError> {
        self.board.push(mv, self.to_move)?;
        self.to_move = self.to_move.opponent();
        Ok(())
    }

    /// The position after `mv`.
    pub fn after(&self, mv: Move) -> Result<Self, RuleError> {
        let mut next = self.clone();
        next.play(mv)?;
        Ok(next)
    }

    /// The colour that has won by straights, if any.
    pub fn winner(&self) -> Option<Colour> {
        self.board.straights().dominant()
    }

    /// The line of play that `choose` picks move by move from this position (a solved
    /// table's best moves, say): at most `limit` moves, ending where it has no move.
    pub fn line_of(
        &self,
        limit: usize,
        mut choose: impl FnMut(&Self) -> Option<Move>,
    ) -> Vec<Move> {
        let mut line = Vec::new();
        let mut current = self.clone();
        while line.len() < limit {
            let Some(mv) = choose(&current) else {
                break;
            };
            if current.play(mv).is_err() {
                break;
            }
            line.push(mv);
        }
        line
    }

    /// The Zobrist hash of the state, side to move included.
    pub fn key(&self) -> u64 {
        let side = match self.to_move {
            Colour::X => 0,
            Colour::O => zobrist::O_TO_MOVE,
        };
        self.board.zobrist() ^ side
    }

    /// The board as a picture: one line per row, `X`, `O` or `.` per square.
    pub fn diagram(&self) -> String {
        let n = self.board.size().get();
        let mut text = String::with_capacity(n * (n + 1));
        for row in 0..n {
            for column in 0..n {
                text.push(match self.board.cell(row, column) {
                    Some(colour) => colour.letter(),
                    None => '.',
                });
            }
            text.push('\n');
        }
        text
    }

    /// Converts to another board representation (which may refuse the size).
    pub fn convert<C: Board>(&self) -> Result<Position<C>, ParseError> {
        let n = self.board.size().get();
        let mut board = C::empty(self.board.size())?;
        for row in 0..n {
            for column in 0..n {
                board.set(row, column, self.board.cell(row, column));
            }
        }
        Ok(Position {
            board,
            to_move: self.to_move,
        })
    }
}

/// The compact notation: rows top to bottom separated by `/`, each square `X`, `O` or `.`,
/// then `:` and the colour to move, e.g. `X../.O./...:X`.
impl<B: Board> fmt::Display for Position<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<String> = self.diagram().lines().map(str::to_string).collect();
        write!(f, "{}:{}", rows.join("/"), self.to_move)
    }
}

/// Reads the compact notation of [`Position`]'s `Display`. Squares may be written in lower
/// case; the side to move may be left out when the marker counts settle it (equal counts: X;
/// one more X: O).
impl<B: Board> FromStr for Position<B> {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        let (rows_text, side) = match text.split_once(':') {
            Some((rows, side)) => (rows, Some(side)),
            None => (text, None),
        };
        let rows: Vec<&str> = rows_text.split('/').collect();
        let size = Size::new(rows.len()).map_err(|e| e.with_token(text))?;
        let mut board = B::empty(size)?;
        let (mut xs, mut os) = (0usize, 0usize);
        for (row, row_text) in rows.iter().enumerate() {
            if row_text.chars().count() != rows.len() {
                return Err(ParseError::at_token(
                    format!(
                        "row {} must have {} squares, as many as there are rows",
                        row + 1,
                        rows.len()
                    ),
                    row_text,
                ));
            }
            for (column, square) in row_text.chars().enumerate() {
                let colour = match square {
                    'X' | 'x' => Some(Colour::X),
                    'O' | 'o' => Some(Colour::O),
                    '.' => None,
                    _ => {
                        return Err(ParseError::at_token(
                            "a square must be X, O or .",
                            &square.to_string(),
                        ))
                    }
                };
                match colour {
                    Some(Colour::X) => xs += 1,
                    Some(Colour::O) => os += 1,
                    None => {}
                }
                board.set(row, column, colour);
            }
        }
        let to_move = match side {
            Some("X" | "x") => Colour::X,
            Some("O" | "o") => Colour::O,
            Some(other) => {
                return Err(ParseError::at_token(
                    "the side to move must be X or O",
                    other,
                ))
            }
            None if xs == os => Colour::X,
            None if xs == os + 1 => Colour::O,
            None => {
                return Err(ParseError::at_token(
                    "markers have fallen off, so the side to move must be given (`:X` or `:O`)",
                    text,
                ))
            }
        };
        Ok(Position { board, to_move })
    }
}

/// A game in progress: the current position, the moves so far, the rule set, and for the
/// ICFP rule every state produced so far.
///
/// Copies are cheap whatever the length of the game (the start position, the moves and the
/// produced states are shared between copies until one of them changes), so that keeping
/// every position of a long game, as undo and the play interface do, costs memory in
/// proportion to the moves rather than to their square.
#[derive(Debug, Clone)]
pub struct BoardGame<B: Board> {
    rules: RuleSet,
    /// Where the game started: the empty board or a diagram.
    start: Arc<Position<B>>,
    position: Position<B>,
    moves: imbl::Vector<Move>,
    /// Zobrist keys of the states produced by a move. A state records the side to move, so
    /// equal states were produced by the same player, which is what the ICFP rule compares.
    /// A key met again is confirmed by replaying the game, so a hash collision never decides
    /// a game.
    produced: imbl::HashSet<u64>,
    status: PousseStatus,
}

impl<B: Board> BoardGame<B> {
    /// A new game on an empty board.
    pub fn new(size: Size, rules: RuleSet) -> Result<Self, ParseError> {
        Ok(BoardGame::from_position(Position::start(size)?, rules))
    }

    /// A game that starts from `position` (no history before it).
    pub fn from_position(position: Position<B>, rules: RuleSet) -> Self {
        let status = match position.winner() {
            Some(winner) => PousseStatus::Won {
                winner,
                by_repetition: false,
            },
            None => PousseStatus::Ongoing,
        };
        BoardGame {
            rules,
            start: Arc::new(position.clone()),
            position,
            moves: imbl::Vector::new(),
            produced: imbl::HashSet::new(),
            status,
        }
    }

    /// Reads a game in the command-line notation: a size and the moves so far, `6:L1,T3,R2`
    /// (just `6` for the empty board), or a diagram in [`Position`]'s notation
    /// (`X../.O./...:X`), which starts a game without history.
    pub fn from_notation(text: &str, rules: RuleSet) -> Result<Self, ParseError> {
        let (head, tail) = match text.split_once(':') {
            Some((head, tail)) => (head, Some(tail)),
            None => (text, None),
        };
        if head.is_empty() || !head.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(BoardGame::from_position(text.parse()?, rules));
        }
        let size: usize = head
            .parse()
            .map_err(|_| ParseError::at_token("the board size must be between 1 and 100", head))?;
        let size = Size::new(size).map_err(|e| ParseError::at_token(e.message, head))?;
        let mut game = BoardGame::new(size, rules)?;
        game.play_list(tail.unwrap_or(""))?;
        Ok(game)
    }

    /// Plays a comma-separated list of moves (`L1,T3,R2`), as written after the size in the
    /// command-line notation; an error names the move by its number in the list.
    pub fn play_list(&mut self, list: &str) -> Result<(), ParseError> {
        for (number, token) in list
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .enumerate()
        {
            let mv: Move = token.parse()?;
            self.play(mv).map_err(|e| {
                ParseError::at_token(
                    format!("move {} is illegal: {}", number + 1, e.reason),
                    token,
                )
            })?;
        }
        Ok(())
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position<B> {
        &self.position
    }

    /// The moves played so far, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.moves.iter().copied()
    }

    /// How many moves have been played.
    pub fn move_count(&self) -> usize {
        self.moves.len()
    }

    /// Whether the game is over, and how.
    pub fn status(&self) -> PousseStatus {
        self.status
    }

    /// Whether `position` was already produced by a move of this game (ICFP rule).
    pub fn was_produced(&self, position: &Position<B>) -> bool {
        self.produced.contains(&position.key()) && self.produced_by_move(position, self.moves.len())
    }

    /// The Zobrist keys of every state produced so far (for the engine's repetition checks).
    pub fn produced_keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.produced.iter().copied()
    }

    /// Every state produced by a move of this game, in order, replayed from its start (the
    /// states the ICFP rule forbids producing again).
    pub fn produced_positions(&self) -> Vec<Position<B>> {
        let mut replay = (*self.start).clone();
        let mut produced = Vec::with_capacity(self.moves.len());
        for mv in self.moves.iter() {
            if replay.play(*mv).is_err() {
                // Every recorded move was legal when played, so the replay cannot fail.
                break;
            }
            produced.push(replay.clone());
        }
        produced
    }

    /// Whether one of the first `count` moves produced exactly `target`, found by replaying
    /// the game from its start: the exact check behind a Zobrist key met twice.
    fn produced_by_move(&self, target: &Position<B>, count: usize) -> bool {
        let mut replay = (*self.start).clone();
        for mv in self.moves.iter().take(count) {
            if replay.play(*mv).is_err() {
                // Every recorded move was legal when played, so the replay cannot fail.
                return false;
            }
            if replay == *target {
                return true;
            }
        }
        false
    }

    /// Plays `mv` unless it is illegal or makes a straight that ends the game, and says
    /// whether it was played: random pushes through it fill a board with the game still on.
    pub fn play_unless_decisive(&mut self, mv: Move) -> bool {
        let continues = self
            .position
            .after(mv)
            .is_ok_and(|next| next.winner().is_none());
        continues && self.play(mv).is_ok()
    }

    /// Plays `mv` for the side to move and returns the new status.
    pub fn play(&mut self, mv: Move) -> Result<PousseStatus, RuleError> {
        if let PousseStatus::Won { winner, .. } = self.status {
            return Err(RuleError::new(
                mv,
                format!("the game is over: {winner} has won"),
            ));
        }
        let mover = self.position.to_move;
        self.position.play(mv)?;
        self.moves.push_back(mv);
        if let Some(winner) = self.position.winner() {
            self.status = PousseStatus::Won {
                winner,
                by_repetition: false,
            };
        } else if self.rules == RuleSet::Icfp
            && self.produced.insert(self.position.key()).is_some()
            && self.produced_by_move(&self.position, self.moves.len() - 1)
        {
            self.status = PousseStatus::Won {
                winner: mover.opponent(),
                by_repetition: true,
            };
        }
        Ok(self.status)
    }
}
