//! The protocol engine: grundy as a player that speaks `docs/protocol.md`.
//!
//! [`Engine`] is a pure state machine: it owns one game ([`GameState`]) and one strategy
//! ([`Strategy`]), takes one [`Command`] at a time and returns the [`Answer`] (and whether
//! the controller asked it to quit). Nothing here reads or writes a stream, so every command
//! is tested without processes; [`serve`] wires an engine to a reader and a writer, and
//! `grundy engine` wires it to standard input and output.
//!
//! # Time management
//!
//! `time_settings GAME_MS MOVE_MS` and `time_left MS` set the clock; [`Engine::budget`]
//! turns it into the [`Budget`] `genmove` gives the strategy. The engine never plans to use
//! more than:
//!
//! - the per-move limit less a safety margin (a tenth of the limit, at least
//!   [`MIN_MARGIN_MS`]), and
//! - a share of the remaining game time, `remaining / MOVES_TO_GO`, less the same margin
//!   computed on that share,
//!
//! whichever is smaller, and at least [`MIN_MOVE_MS`] (a move must be made). With no limit at
//! all the strategy gets [`Budget::default`] (one second, enough for every solved game). The
//! margin pays for the pipe, process scheduling and the strategy overshooting its deadline.
//! The remaining time is the controller's last `time_left` (or the whole game time after
//! `time_settings`), less what the engine itself measured spending on `genmove` since, so
//! a controller that never sends `time_left` is still respected.
//!
//! ```
//! use grundy::registry::Game;
//! use grundy::registry;
//! use grundy::strategy::StrategySpec;
//! use grundy_arena::engine::Engine;
//! use grundy_arena::protocol::Command;
//!
//! let game = registry::find("rectangle").unwrap().start("4x3").unwrap();
//! let mut engine = Engine::new(game, StrategySpec::Perfect, 0);
//! let reply = engine.handle(&Command::parse("1 genmove").unwrap().unwrap());
//! assert_eq!(reply.answer.to_wire(), "=1 v1\n\n");
//! assert!(!reply.quit);
//! ```

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use grundy::game::Strategy;
use grundy::game::{Budget, GameState, MoveError, Status};
use grundy::player::Seat;
use grundy::registry;
use grundy::registry::Game;
use grundy::strategy::StrategySpec;

use crate::protocol::{Answer, Command, MAX_LINE_BYTES, PROTOCOL_VERSION};

/// The name `name` reports.
pub const ENGINE_NAME: &str = "grundy";

/// Every command the engine knows, in the order `list_commands` prints them.
pub const COMMANDS: [&str; 21] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "games",
    "newgame",
    "play",
    "genmove",
    "undo",
    "position",
    "moves_played",
    "status",
    "showboard",
    "legal_moves",
    "analyse",
    "strategy",
    "seed",
    "time_settings",
    "time_left",
];

/// How many moves `legal_moves` lists when no limit is given.
pub const DEFAULT_LEGAL_MOVES: usize = 1000;

/// The most moves `legal_moves` lists: more would not fit in a protocol line.
pub const MAX_LEGAL_MOVES: usize = 10_000;

/// The smallest safety margin kept back from any time limit, in milliseconds. The margin is
/// otherwise a tenth of the limit: a fixed reserve would leave a 10 ms move almost nothing.
pub const MIN_MARGIN_MS: u64 = 1;

/// The number of moves the remaining game time is shared over: a move gets at most this
/// fraction of what is left, so the clock never runs out however long the game.
pub const MOVES_TO_GO: u64 = 20;

/// The least time a move is given, in milliseconds, even on an almost empty clock.
pub const MIN_MOVE_MS: u64 = 1;

/// The clock as the controller set it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clock {
    /// Whole-game time per side; `None` for no limit.
    pub game: Option<Duration>,
    /// The most one move may take; `None` for no limit.
    pub per_move: Option<Duration>,
    /// The engine's remaining game time as last known; `None` when unlimited.
    pub remaining: Option<Duration>,
}

impl Clock {
    /// The time the engine may plan to spend on its next move (see the module docs); `None`
    /// when neither limit is set.
    pub fn move_time(&self) -> Option<Duration> {
        let per_move = self
            .per_move
            .map(|limit| limit.saturating_sub(margin(limit)));
        let share = self.remaining.map(|left| {
            let share = left / u32::try_from(MOVES_TO_GO).unwrap_or(u32::MAX);
            share.saturating_sub(margin(share))
        });
        let planned = match (per_move, share) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => return None,
        };
        Some(planned.max(Duration::from_millis(MIN_MOVE_MS)))
    }
}

/// A tenth of `limit`, at least [`MIN_MARGIN_MS`].
fn margin(limit: Duration) -> Duration {
    (limit / 10).max(Duration::from_millis(MIN_MARGIN_MS))
}

/// What the engine does with one command: the answer to send, and whether to stop after
/// sending it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The answer.
    pub answer: Answer,
    /// True after `quit`: the engine sends the answer, closes its output and exits.
    pub quit: bool,
}

/// A protocol engine: one game, one strategy, a clock.
pub struct Engine {
    game: Box<dyn GameState>,
    spec: StrategySpec,
    seed: u64,
    strategy: Box<dyn Strategy>,
    clock: Clock,
    threads: usize,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("game", &self.game.position())
            .field("strategy", &self.spec.to_string())
            .field("seed", &self.seed)
            .field("clock", &self.clock)
            .finish()
    }
}

/// The result of one command before the id is attached.
type Outcome = Result<String, String>;

impl Engine {
    /// An engine playing `game` with the strategy `spec`, its random choices fixed by
    /// `seed`.
    pub fn new(game: Box<dyn GameState>, spec: StrategySpec, seed: u64) -> Self {
        let strategy = spec.build(seed);
        Engine {
            game,
            spec,
            seed,
            strategy,
            clock: Clock::default(),
            threads: 1,
        }
    }

    /// The search threads `genmove` and `analyse` may use (the Pousse engine's Lazy SMP);
    /// 0 counts as 1.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// The search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The game as the engine sees it.
    pub fn game(&self) -> &dyn GameState {
        self.game.as_ref()
    }

    /// The clock as the controller last set it.
    pub fn clock(&self) -> Clock {
        self.clock
    }

    /// What the strategy may spend on the next `genmove` (see the module docs).
    pub fn budget(&self) -> Budget {
        let budget = Budget {
            threads: self.threads,
            ..Budget::default()
        };
        match self.clock.move_time() {
            Some(movetime) => Budget {
                movetime: Some(movetime),
                ..budget
            },
            None => budget,
        }
    }

    /// Reads one line as sent by a controller and answers it; `None` for a line without a
    /// command (empty or a comment), which gets no answer. A line that is not a command gets
    /// a failure without an id.
    pub fn handle_line(&mut self, line: &str) -> Option<Reply> {
        match Command::parse(line) {
            Ok(None) => None,
            Ok(Some(command)) => Some(self.handle(&command)),
            Err(error) => Some(Reply {
                answer: Answer::failure(None, error.message),
                quit: false,
            }),
        }
    }

    /// Carries out one command.
    pub fn handle(&mut self, command: &Command) -> Reply {
        let args: Vec<&str> = command.args.iter().map(String::as_str).collect();
        let quit = command.name == "quit" && args.is_empty();
        let body = self.dispatch(&command.name, &args);
        Reply {
            answer: Answer {
                id: command.id,
                body,
            },
            quit,
        }
    }

    fn dispatch(&mut self, name: &str, args: &[&str]) -> Outcome {
        match name {
            "protocol_version" => no_args(name, args).map(|()| PROTOCOL_VERSION.to_string()),
            "name" => no_args(name, args).map(|()| ENGINE_NAME.to_string()),
            "version" => no_args(name, args).map(|()| env!("CARGO_PKG_VERSION").to_string()),
            "known_command" => match args {
                [command] => Ok(COMMANDS.contains(command).to_string()),
                _ => Err("known_command needs one command name, as in known_command play".into()),
            },
            "list_commands" => no_args(name, args).map(|()| COMMANDS.join("\n")),
            "quit" => no_args(name, args).map(|()| String::new()),
            "games" => no_args(name, args).map(|()| {
                registry::all()
                    .iter()
                    .map(|kind| kind.name())
                    .collect::<Vec<_>>()
                    .join("\n")
            }),
            "newgame" => self.newgame(args),
            "play" => self.play(args),
            "genmove" => self.genmove(args),
            "undo" => {
                no_args(name, args)?;
                self.game
                    .undo()
                    .map(|_| String::new())
                    .ok_or_else(|| "no move to undo: the game is at its start".to_string())
            }
            "position" => no_args(name, args).map(|()| self.game.position()),
            "moves_played" => no_args(name, args).map(|()| self.game.history().join(" ")),
            "status" => no_args(name, args).map(|()| match self.game.status() {
                Status::Ongoing => format!("ongoing {}", self.game.side_to_move()),
                Status::Won { winner } => format!("won {winner}"),
            }),
            "showboard" => no_args(name, args).map(|()| self.game.draw()),
            "legal_moves" => self.legal_moves(args),
            "analyse" => {
                no_args(name, args)?;
                let budget = self.budget();
                Ok(self.game.analyse(&budget).to_string())
            }
            "strategy" => match args {
                [text] => {
                    let spec: StrategySpec = text.parse().map_err(|e| format!("{e}"))?;
                    spec.check_game(self.game.entry())
                        .map_err(|e| format!("{e}"))?;
                    self.strategy = spec.build(self.seed);
                    self.spec = spec;
                    Ok(String::new())
                }
                _ => Err("strategy needs one strategy, as in strategy perfect".into()),
            },
            "seed" => match args {
                [text] => {
                    let seed = text.parse::<u64>().map_err(|_| {
                        format!("{text}: the seed must be an integer from 0 to {}", u64::MAX)
                    })?;
                    self.seed = seed;
                    self.strategy = self.spec.build(seed);
                    Ok(String::new())
                }
                _ => Err("seed needs one integer, as in seed 7".into()),
            },
            "time_settings" => match args {
                [game, per_move] => {
                    let game = milliseconds(game)?;
                    let per_move = milliseconds(per_move)?;
                    self.clock = Clock {
                        game,
                        per_move,
                        remaining: game,
                    };
                    Ok(String::new())
                }
                _ => Err(
                    "time_settings needs GAME_MS MOVE_MS, as in time_settings 60000 1000".into(),
                ),
            },
            "time_left" => match args {
                [left] => {
                    let left = left.parse::<u64>().map_err(|_| {
                        format!("{left}: the time left must be a whole number of milliseconds")
                    })?;
                    self.clock.remaining = Some(Duration::from_millis(left));
                    Ok(String::new())
                }
                _ => Err("time_left needs one number of milliseconds, as in time_left 5000".into()),
            },
            _ => Err(format!("unknown command: {name}")),
        }
    }

    fn newgame(&mut self, args: &[&str]) -> Outcome {
        let Some((game, position)) = args.split_first() else {
            return Err("newgame needs a game, as in newgame rectangle 4x3".into());
        };
        let kind: Game = game.parse().map_err(|e| format!("{e}"))?;
        let position = if position.is_empty() {
            kind.default_position().to_string()
        } else {
            position.join(" ")
        };
        self.game = kind.start(&position).map_err(|e| format!("{e}"))?;
        Ok(String::new())
    }

    fn play(&mut self, args: &[&str]) -> Outcome {
        let [mv] = args else {
            return Err("play needs one move, as in play v1".into());
        };
        self.game
            .play(mv)
            .map(|_| String::new())
            .map_err(|error| match error {
                MoveError::GameOver => "the game is over".to_string(),
                other => format!("{other}"),
            })
    }

    fn genmove(&mut self, args: &[&str]) -> Outcome {
        no_args("genmove", args)?;
        if self.game.status() != Status::Ongoing {
            return Err("the game is over".into());
        }
        self.spec
            .check_game(self.game.entry())
            .map_err(|e| format!("{e}"))?;
        let budget = self.budget();
        let started = Instant::now();
        let chosen = self.strategy.choose(self.game.as_mut(), &budget);
        if let Some(left) = self.clock.remaining {
            self.clock.remaining = Some(left.saturating_sub(started.elapsed()));
        }
        let mv = chosen.ok_or_else(|| "the strategy found no move".to_string())?;
        self.game
            .play(&mv)
            .map_err(|error| format!("the strategy chose an illegal move {mv}: {error}"))
    }

    fn legal_moves(&mut self, args: &[&str]) -> Outcome {
        let limit = match args {
            [] => DEFAULT_LEGAL_MOVES,
            [text] => match text.parse::<usize>() {
                Ok(limit) if (1..=MAX_LEGAL_MOVES).contains(&limit) => limit,
                _ => {
                    return Err(format!(
                        "{text}: the limit must be an integer from 1 to {MAX_LEGAL_MOVES}"
                    ))
                }
            },
            _ => return Err("legal_moves takes at most one limit, as in legal_moves 10".into()),
        };
        let list = self.game.legal_moves(limit);
        let mut text = list.moves.join(" ");
        if !list.complete {
            text.push_str(" …");
        }
        Ok(text)
    }

    /// The side whose turn it is.
    pub fn side_to_move(&self) -> Seat {
        self.game.side_to_move()
    }
}

/// Fails when a command that takes no arguments got some.
fn no_args(name: &str, args: &[&str]) -> Result<(), String> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(format!("{name} takes no arguments"))
    }
}

/// A limit in milliseconds; `0` means none.
fn milliseconds(text: &str) -> Result<Option<Duration>, String> {
    match text.parse::<u64>() {
        Ok(0) => Ok(None),
        Ok(ms) => Ok(Some(Duration::from_millis(ms))),
        Err(_) => Err(format!(
            "{text}: a time is a whole number of milliseconds (0 for no limit)"
        )),
    }
}

/// One line as read by [`read_line`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its newline.
    Text(String),
    /// A line longer than the limit (its bytes were read and dropped).
    TooLong,
    /// A line that is not UTF-8.
    NotUtf8,
}

/// Reads one line of at most `max` bytes (the newline not counted) without ever holding more
/// than `max` bytes: the rest of a longer line is skipped. `None` at the end of input.
pub fn read_line(input: &mut impl BufRead, max: usize) -> io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            break;
        }
        any = true;
        let (chunk, found) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (&buffer[..end], Some(end + 1)),
            None => (buffer, None),
        };
        if !too_long {
            if bytes.len() + chunk.len() > max {
                too_long = true;
                bytes = Vec::new();
            } else {
                bytes.extend_from_slice(chunk);
            }
        }
        let used = found.unwrap_or(buffer.len());
        input.consume(used);
        if found.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    Ok(Some(match String::from_utf8(bytes) {
        Ok(text) => Line::Text(text),
        Err(_) => Line::NotUtf8,
    }))
}

/// Runs `engine` over a stream: reads commands from `input` and writes each answer to
/// `output`, flushed at once (a controller waits for it). Stops after `quit` or at the end of
/// input. A line over [`MAX_LINE_BYTES`] or not in UTF-8 gets a failure answer and the
/// engine goes on.
pub fn serve(
    engine: &mut Engine,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    while let Some(line) = read_line(&mut input, MAX_LINE_BYTES)? {
        let reply = match line {
            Line::Text(text) => engine.handle_line(&text),
            Line::TooLong => Some(Reply {
                answer: Answer::failure(
                    None,
                    format!("the line is longer than {MAX_LINE_BYTES} bytes"),
                ),
                quit: false,
            }),
            Line::NotUtf8 => Some(Reply {
                answer: Answer::failure(None, "the line is not UTF-8 text"),
                quit: false,
            }),
        };
        if let Some(reply) = reply {
            output.write_all(reply.answer.to_wire().as_bytes())?;
            output.flush()?;
            if reply.quit {
                break;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn engine(position: &str) -> Engine {
        Engine::new(
            registry::find("rectangle")
                .unwrap()
                .start(position)
                .unwrap(),
            StrategySpec::Perfect,
            0,
        )
    }

    /// The answer's wire text for one line.
    fn ask(engine: &mut Engine, line: &str) -> String {
        engine.handle_line(line).unwrap().answer.to_wire()
    }

    #[test]
    fn administrative_commands() {
        let mut e = engine("4x3");
        assert_eq!(ask(&mut e, "protocol_version"), "= 2\n\n");
        assert_eq!(ask(&mut e, "3 name"), "=3 grundy\n\n");
        assert_eq!(
            ask(&mut e, "version"),
            format!("= {}\n\n", env!("CARGO_PKG_VERSION"))
        );
        assert_eq!(ask(&mut e, "known_command genmove"), "= true\n\n");
        assert_eq!(ask(&mut e, "known_command fly"), "= false\n\n");
        assert!(ask(&mut e, "known_command").starts_with("? "));
        let list = ask(&mut e, "list_commands");
        assert_eq!(list, format!("= {}\n\n", COMMANDS.join("\n")));
        assert!(ask(&mut e, "name now").starts_with("? name takes no arguments"));
        assert_eq!(ask(&mut e, "7 fly"), "?7 unknown command: fly\n\n");
    }

    #[test]
    fn every_listed_command_is_known_and_answered() {
        let mut e = engine("4x3");
        for command in COMMANDS {
            assert_eq!(
                ask(&mut e, &format!("known_command {command}")),
                "= true\n\n"
            );
            let answer = ask(&mut e, &format!("{command} 1 2 3"));
            assert!(!answer.contains("unknown command"), "{command}: {answer}");
        }
    }

    #[test]
    fn quit_answers_then_stops() {
        let mut e = engine("4x3");
        let reply = e.handle_line("9 quit").unwrap();
        assert_eq!(reply.answer.to_wire(), "=9\n\n");
        assert!(reply.quit);
        let reply = e.handle_line("quit now").unwrap();
        assert!(!reply.quit);
        assert!(reply.answer.body.is_err());
    }

    #[test]
    fn empty_lines_and_comments_get_no_answer() {
        let mut e = engine("4x3");
        assert_eq!(e.handle_line(""), None);
        assert_eq!(e.handle_line("   # nothing"), None);
        assert_eq!(ask(&mut e, "42"), "? an id with no command after it\n\n");
    }

    #[test]
    fn games_lists_every_game() {
        let mut e = engine("4x3");
        let names: Vec<&str> = registry::all().iter().map(|kind| kind.name()).collect();
        assert_eq!(ask(&mut e, "games"), format!("= {}\n\n", names.join("\n")));
    }

    #[test]
    fn newgame_starts_every_game_and_keeps_the_old_one_on_errors() {
        let mut e = engine("4x3");
        for &kind in registry::all() {
            assert_eq!(ask(&mut e, &format!("newgame {kind}")), "=\n\n");
            let start = kind.start(kind.default_position()).unwrap();
            assert_eq!(e.game().position(), start.position());
        }
        assert_eq!(ask(&mut e, "newgame rectangle 5x7"), "=\n\n");
        assert_eq!(ask(&mut e, "position"), "= 5x7\n\n");
        assert!(ask(&mut e, "newgame chess").starts_with("? "));
        assert!(ask(&mut e, "newgame rectangle 0x5").starts_with("? "));
        assert!(ask(&mut e, "newgame").starts_with("? newgame needs a game"));
        assert_eq!(ask(&mut e, "position"), "= 5x7\n\n");
    }

    #[test]
    fn play_undo_and_history() {
        let mut e = engine("4x3");
        assert_eq!(ask(&mut e, "moves_played"), "=\n\n");
        assert_eq!(ask(&mut e, "status"), "= ongoing first\n\n");
        assert_eq!(ask(&mut e, "play V1"), "=\n\n");
        assert_eq!(ask(&mut e, "position"), "= 3x3\n\n");
        assert_eq!(ask(&mut e, "status"), "= ongoing second\n\n");
        let illegal = ask(&mut e, "play v7");
        assert!(
            illegal.starts_with("? ") && illegal.contains("v7"),
            "{illegal}"
        );
        assert!(ask(&mut e, "play x1").starts_with("? "));
        assert!(ask(&mut e, "play").starts_with("? play needs one move"));
        assert!(ask(&mut e, "play v1 v1").starts_with("? play needs one move"));
        assert_eq!(ask(&mut e, "position"), "= 3x3\n\n");
        for mv in ["h1", "h1", "v1", "v1"] {
            assert_eq!(ask(&mut e, &format!("play {mv}")), "=\n\n");
        }
        assert_eq!(ask(&mut e, "moves_played"), "= v1 h1 h1 v1 v1\n\n");
        assert_eq!(ask(&mut e, "status"), "= won first\n\n");
        assert_eq!(ask(&mut e, "play v1"), "? the game is over\n\n");
        assert_eq!(ask(&mut e, "genmove"), "? the game is over\n\n");
        for _ in 0..5 {
            assert_eq!(ask(&mut e, "undo"), "=\n\n");
        }
        assert_eq!(ask(&mut e, "position"), "= 4x3\n\n");
        assert!(ask(&mut e, "undo").starts_with("? no move to undo"));
        assert!(ask(&mut e, "undo 2").starts_with("? "));
    }

    #[test]
    fn genmove_plays_on_its_own_board() {
        let mut e = engine("4x3");
        assert_eq!(ask(&mut e, "1 genmove"), "=1 v1\n\n");
        assert_eq!(ask(&mut e, "position"), "= 3x3\n\n");
        assert!(ask(&mut e, "genmove first").starts_with("? genmove takes no arguments"));
        // Perfect against perfect from a won start: the first player wins.
        while e.game().status() == Status::Ongoing {
            assert!(ask(&mut e, "genmove").starts_with("= "));
        }
        assert_eq!(ask(&mut e, "status"), "= won first\n\n");
    }

    #[test]
    fn strategy_and_seed() {
        let mut e = engine("60x50");
        assert_eq!(ask(&mut e, "strategy random"), "=\n\n");
        assert_eq!(ask(&mut e, "seed 5"), "=\n\n");
        let first: Vec<String> = (0..3).map(|_| ask(&mut e, "genmove")).collect();
        for _ in 0..3 {
            ask(&mut e, "undo");
        }
        assert_eq!(ask(&mut e, "seed 5"), "=\n\n");
        let again: Vec<String> = (0..3).map(|_| ask(&mut e, "genmove")).collect();
        assert_eq!(first, again);
        assert!(ask(&mut e, "strategy best").starts_with("? "));
        assert!(ask(&mut e, "strategy").starts_with("? "));
        assert!(ask(&mut e, "seed -1").starts_with("? -1: the seed"));
        assert!(ask(&mut e, "seed").starts_with("? "));
        assert_eq!(ask(&mut e, "strategy scripted:h1"), "=\n\n");
        assert_eq!(ask(&mut e, "genmove"), "= h1\n\n");
    }

    #[test]
    fn showboard_legal_moves_and_analyse() {
        let mut e = engine("4x3");
        let board = ask(&mut e, "showboard");
        assert_eq!(board, format!("= {}\n", e.game().draw()));
        assert_eq!(ask(&mut e, "legal_moves"), "= v1 v2 v3 h1 h2\n\n");
        assert_eq!(ask(&mut e, "legal_moves 2"), "= v1 v2 …\n\n");
        assert!(ask(&mut e, "legal_moves 0").starts_with("? 0: the limit"));
        assert!(ask(&mut e, "legal_moves many").starts_with("? "));
        assert!(ask(&mut e, "legal_moves 1 2").starts_with("? "));
        assert_eq!(
            ask(&mut e, "analyse"),
            "= win in 5 best v1 value 2 winning v1 v3\n\n"
        );
        assert!(ask(&mut e, "analyse deep").starts_with("? "));
    }

    #[test]
    fn time_commands_and_their_errors() {
        let mut e = engine("4x3");
        assert_eq!(e.budget(), Budget::default());
        assert_eq!(ask(&mut e, "time_settings 60000 1000"), "=\n\n");
        assert_eq!(e.budget().movetime, Some(Duration::from_millis(900)));
        assert_eq!(ask(&mut e, "time_left 2000"), "=\n\n");
        // 2000 / 20 = 100, less a margin of a tenth.
        assert_eq!(e.budget().movetime, Some(Duration::from_millis(90)));
        assert!(ask(&mut e, "time_settings 1").starts_with("? "));
        assert!(ask(&mut e, "time_settings a 1").starts_with("? a: "));
        assert!(ask(&mut e, "time_left -5").starts_with("? -5: "));
        assert!(ask(&mut e, "time_left").starts_with("? "));
        assert_eq!(ask(&mut e, "time_settings 0 0"), "=\n\n");
        assert_eq!(e.budget(), Budget::default());
    }

    #[test]
    fn the_budget_never_exceeds_a_limit() {
        for game_ms in [0u64, 1, 50, 1000, 60_000] {
            for move_ms in [0u64, 1, 10, 100, 5000] {
                for left_ms in [0u64, 1, 30, 999, 100_000] {
                    let ms = |v: u64| (v > 0).then(|| Duration::from_millis(v));
                    let clock = Clock {
                        game: ms(game_ms),
                        per_move: ms(move_ms),
                        remaining: ms(game_ms).map(|_| Duration::from_millis(left_ms)),
                    };
                    let Some(time) = clock.move_time() else {
                        assert!(game_ms == 0 && move_ms == 0);
                        continue;
                    };
                    let floor = Duration::from_millis(MIN_MOVE_MS);
                    if let Some(limit) = clock.per_move {
                        assert!(time < limit || time == floor, "{clock:?} {time:?}");
                    }
                    if let Some(left) = clock.remaining {
                        assert!(
                            time <= left / u32::try_from(MOVES_TO_GO).unwrap() || time == floor,
                            "{clock:?} {time:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn genmove_charges_its_own_time() {
        let mut e = engine("100000000x99999999");
        ask(&mut e, "time_settings 100000 0");
        ask(&mut e, "genmove");
        assert!(e.clock().remaining.unwrap() <= Duration::from_millis(100_000));
    }

    #[test]
    fn read_line_bounds_and_checks_lines() {
        let input: &[u8] = b"abc\r\n0123456789abcdef\nok\n\xff\xfe\nlast";
        let mut reader = io::BufReader::with_capacity(4, input);
        let mut lines = Vec::new();
        while let Some(line) = read_line(&mut reader, 8).unwrap() {
            lines.push(line);
        }
        assert_eq!(
            lines,
            [
                Line::Text("abc".into()),
                Line::TooLong,
                Line::Text("ok".into()),
                Line::NotUtf8,
                Line::Text("last".into()),
            ]
        );
    }

    #[test]
    fn serve_answers_until_quit() {
        let mut e = engine("4x3");
        let mut long = vec![b'x'; MAX_LINE_BYTES + 1];
        long.push(b'\n');
        let mut input = b"1 genmove\n\n# comment\n".to_vec();
        input.extend_from_slice(&long);
        input.extend_from_slice(b"\xff\n2 position\nquit\nname\n");
        let mut output = Vec::new();
        serve(&mut e, input.as_slice(), &mut output).unwrap();
        assert_eq!(
            String::from_utf8(output).unwrap(),
            format!(
                "=1 v1\n\n? the line is longer than {MAX_LINE_BYTES} bytes\n\n\
                 ? the line is not UTF-8 text\n\n=2 3x3\n\n=\n\n"
            )
        );
    }

    proptest::proptest! {
        #[test]
        fn no_line_makes_the_engine_panic_or_break_its_game(
            lines in proptest::collection::vec(
                (0usize..COMMANDS.len() + 1, proptest::collection::vec("[a-z0-9:x,.-]{0,6}", 0..3), ".{0,20}"),
                1..40,
            )
        ) {
            let mut e = engine("12x9");
            for (index, args, noise) in lines {
                let name = COMMANDS.get(index).copied().unwrap_or("fly");
                if name == "quit" || name == "time_settings" {
                    continue;
                }
                let line = format!("{name} {}", args.join(" "));
                let reply = e.handle_line(&line).unwrap();
                proptest::prop_assert!(reply.answer.to_wire().ends_with("\n\n"));
                let _ = e.handle_line(&noise);
                // The game stays consistent: its position reads back.
                let position = e.game().position();
                proptest::prop_assert!(grundy::registry::Game::from(e.game().entry())
                    .start(&position)
                    .is_ok());
            }
        }
    }

    #[test]
    fn serve_stops_at_the_end_of_input() {
        let mut e = engine("4x3");
        let mut output = Vec::new();
        serve(&mut e, &b"name"[..], &mut output).unwrap();
        assert_eq!(output, b"= grundy\n\n");
    }
}
