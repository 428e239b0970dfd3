//! A game rebuilt from a request: the game's name, the start position and the moves played.
//! The server keeps no game between requests; the page sends the whole line each time, so
//! undo, redo and shared links need nothing on the server.

use grundy::game::{GameState, Status};

use grundy::player::Seat;
use serde::{Deserialize, Serialize};

use crate::blocking::Cancel;
use crate::error::ApiError;
use crate::games::{Catalogue, GameEntry};

/// The most moves a request may replay (a rectangle game of huge sides is long, but a person
/// clicking never gets near this).
pub const MAX_MOVES: usize = 10_000;

/// The longest start position a request may give, in bytes (the game's own caps, checked
/// once it is read, are usually far below).
pub const MAX_POSITION_BYTES: usize = 64 * 1024;

/// The longest move a request may give, in bytes.
pub const MAX_MOVE_BYTES: usize = 256;

/// The part of every game request that names the game and its line.
#[derive(Debug, Clone, Deserialize)]
pub struct GameLine {
    /// The game's name.
    pub game: String,
    /// The start position in the game's notation; the game's default when absent.
    #[serde(default)]
    pub position: Option<String>,
    /// The moves played from the start, in order.
    #[serde(default)]
    pub moves: Vec<String>,
}

/// Which of a game's caps a replayed line must keep within.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caps {
    /// The caps of an instant request (`GameEntry::check_served`): an analysis or a
    /// strategy's move, answered within the request's time limit.
    Instant,
    /// The larger caps of a background job (`GameEntry::check_job`), and of the requests
    /// that only replay a line and show it (`/api/position`, `/api/play`), which cost no
    /// valuation.
    Job,
}

/// A game replayed from a [`GameLine`].
pub struct Session {
    /// The game's entry.
    pub entry: GameEntry,
    /// The game after the moves.
    pub game: Box<dyn GameState>,
}

impl Session {
    /// Starts the game (one of `games`) and plays the moves; the error names the game (404
    /// for a game the server does not serve), the position or the
    /// move (by its number from 1) at fault, or the cap the line is over (413): the moves
    /// ([`MAX_MOVES`]), the position's text ([`MAX_POSITION_BYTES`]) and the game's own
    /// caps on the start position and the position reached. The replay stops when `cancel`
    /// is raised. Call it on the blocking pool: a long line takes time.
    pub fn replay(
        games: &Catalogue,
        line: &GameLine,
        cancel: &Cancel,
    ) -> Result<Session, ApiError> {
        Session::replay_within(games, line, cancel, Caps::Instant)
    }

    /// [`Session::replay`] within the caps `caps`.
    pub fn replay_within(
        games: &Catalogue,
        line: &GameLine,
        cancel: &Cancel,
        caps: Caps,
    ) -> Result<Session, ApiError> {
        let game = Session::start_within(games, line, caps)?;
        let entry = find(games, &line.game)?;
        Session::play_line(entry, game, line, cancel, caps)
    }

    /// The start position of `line`, checked against `caps`.
    pub fn start_within(
        games: &Catalogue,
        line: &GameLine,
        caps: Caps,
    ) -> Result<Box<dyn GameState>, ApiError> {
        let entry = find(games, &line.game)?;
        check_sizes(line)?;
        let position = line
            .position
            .clone()
            .unwrap_or_else(|| entry.default_position().to_string());
        let game = entry.start(&position).map_err(|error| {
            // A game without misère play refuses `@misere` in the command line's words,
            // which name the game and the term already.
            if grundy::misere_play::split_misere(&position).1 && !entry.impartial() {
                ApiError::bad_request(error.to_string())
            } else {
                ApiError::bad_request(format!(
                    "bad {} position \"{}\": {error}",
                    entry.name(),
                    shortened(&position)
                ))
            }
        })?;
        served(&entry, game.as_ref(), "the start position", caps)?;
        Ok(game)
    }

    /// Plays the moves of `line` on `game` (started from its start position, or taken back
    /// to it), checking the position reached against `caps`.
    pub fn play_line(
        entry: GameEntry,
        mut game: Box<dyn GameState>,
        line: &GameLine,
        cancel: &Cancel,
        caps: Caps,
    ) -> Result<Session, ApiError> {
        for (index, mv) in line.moves.iter().enumerate() {
            cancel.check()?;
            game.play(mv).map_err(|error| {
                ApiError::illegal(format!(
                    "move {} \"{mv}\" cannot be played: {error}",
                    index + 1
                ))
            })?;
        }
        if !line.moves.is_empty() {
            served(&entry, game.as_ref(), "the position reached", caps)?;
        }
        Ok(Session { entry, game })
    }

    /// What the page shows of the game now.
    pub fn view(&self) -> GameView {
        let game = &self.game;
        let (over, winner) = match game.status() {
            Status::Ongoing => (false, None),
            Status::Won { winner } => (true, Some(winner)),
        };
        GameView {
            game: self.entry.name().to_string(),
            start: game.start_position(),
            moves: game.history(),
            position: game.position(),
            to_move: side_word(game.side_to_move()).to_string(),
            to_move_name: game.side_name(game.side_to_move()),
            over,
            winner: winner.map(|side| side_word(side).to_string()),
            winner_name: winner.map(|side| game.side_name(side)),
            picture: game.draw(),
            board: self.entry.board(game.as_ref()),
            impartial: self.entry.impartial(),
            drawing: crate::drawing::drawing(game.as_ref()),
        }
    }
}

/// The game named in a request, or 404 listing the games the server serves.
pub fn find(games: &Catalogue, name: &str) -> Result<GameEntry, ApiError> {
    games.find(name).ok_or_else(|| {
        ApiError::not_found(format!(
            "unknown game \"{}\"; the games are {}",
            shortened(name),
            games.names().join(", ")
        ))
    })
}

/// The generic caps of a line, checked before anything is read: 413 naming the cap.
pub fn check_sizes(line: &GameLine) -> Result<(), ApiError> {
    if line.moves.len() > MAX_MOVES {
        return Err(ApiError::too_large(format!(
            "too many moves: {} (the cap is {MAX_MOVES})",
            line.moves.len()
        )));
    }
    if let Some(position) = &line.position {
        if position.len() > MAX_POSITION_BYTES {
            return Err(ApiError::too_large(format!(
                "the position is {} bytes long, over the cap of {MAX_POSITION_BYTES}",
                position.len()
            )));
        }
    }
    if let Some((index, mv)) = line
        .moves
        .iter()
        .enumerate()
        .find(|(_, mv)| mv.len() > MAX_MOVE_BYTES)
    {
        return Err(ApiError::too_large(format!(
            "move {} is {} bytes long, over the cap of {MAX_MOVE_BYTES}",
            index + 1,
            mv.len()
        )));
    }
    Ok(())
}

/// 413 when `game` is over one of its game's caps (`caps`) for the server.
fn served(
    entry: &GameEntry,
    game: &dyn GameState,
    which: &str,
    caps: Caps,
) -> Result<(), ApiError> {
    match caps {
        Caps::Instant => entry.check_served(game).map_err(|over| {
            // Within the job caps, the page values the position as a job instead.
            let job = if entry.check_job(game).is_ok() {
                " (it may be analysed as a background job instead)"
            } else {
                ""
            };
            ApiError::too_large(format!("{which} is too large to be served: {over}{job}"))
        }),
        Caps::Job => entry.check_job(game).map_err(|over| {
            // "even as a job" only where the game has job caps beyond its instant ones.
            let beyond = entry
                .check_served(game)
                .err()
                .is_some_and(|instant| instant != over);
            let job = if beyond { ", even as a job" } else { "" };
            ApiError::too_large(format!("{which} is too large to be served{job}: {over}"))
        }),
    }
}

/// `text` cut to 80 characters for an error message.
pub(crate) fn shortened(text: &str) -> String {
    match text.char_indices().nth(80) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// `first` or `second`.
pub fn side_word(side: Seat) -> &'static str {
    match side {
        Seat::First => "first",
        Seat::Second => "second",
    }
}

/// A game as the API shows it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct GameView {
    /// The game's name.
    pub game: String,
    /// The start position, as the game writes it.
    pub start: String,
    /// The moves played, in canonical notation.
    pub moves: Vec<String>,
    /// The current position in the game's notation.
    pub position: String,
    /// `first` or `second`: whose turn it is.
    pub to_move: String,
    /// The game's own name for the side to move (`X`, `O`, `first`, …).
    pub to_move_name: String,
    /// True when the game is over.
    pub over: bool,
    /// `first` or `second` when the game is over.
    pub winner: Option<String>,
    /// The game's name for the winner.
    pub winner_name: Option<String>,
    /// The position drawn as text.
    pub picture: String,
    /// True for impartial games.
    pub impartial: bool,
    /// The board as rows of `X`, `O` and `.` (Pousse only).
    pub board: Option<String>,
    /// The board described for the page's drawings of the kinds `cells`, `stones`, `strip`
    /// and `graph` (`null` for other games): its cells or graph, whose turn it is, where
    /// each legal move lies and the moves played (docs/web.md).
    #[serde(default)]
    pub drawing: Option<serde_json::Value>,
}
