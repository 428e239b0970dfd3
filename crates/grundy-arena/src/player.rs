//! Players the referee drives: built-in strategies in this process, or external programs
//! speaking the engine protocol (`docs/protocol.md`) over pipes.
//!
//! The referee only ever asks four things of a player ([`Player`]): start a game, hear the
//! opponent's move, choose a move, and finish. Whatever goes wrong on the player's side comes
//! back as a [`Fault`] naming the kind of failure, which the referee turns into the game's
//! result. External programs run in their own process group so that everything they start
//! can be killed at once; a player's process never outlives its game.

use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::str::FromStr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::error::ParseError;
use grundy::game::Strategy;
use grundy::game::{Budget, GameState};
use grundy::registry::Game;
use grundy::strategy::StrategySpec;
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

use crate::protocol::{AnswerReader, MAX_LINE_BYTES};
use crate::result::Termination;

/// The most an external player may write to standard output in one game. An engine that
/// prints without end is stopped here instead of filling memory.
pub const MAX_OUTPUT_BYTES: usize = 16 << 20;

/// How much of an external player's standard error is kept for the record: the end, where
/// the reason for a crash usually is.
pub const STDERR_TAIL_BYTES: usize = 4096;

/// The process groups of every external player running now, so that an interrupted run
/// can kill them all ([`kill_all_players`]).
static LIVE_GROUPS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Kills the process group of every external player running now. For an interrupt handler:
/// the programs run in their own groups, so a terminal's Ctrl-C does not reach them.
pub fn kill_all_players() {
    if let Ok(groups) = LIVE_GROUPS.lock() {
        for &group in groups.iter() {
            let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
        }
    }
}

/// Who sits at the table, as written on the command line: a built-in strategy (`perfect`,
/// `noisy:0.1`, …) or `cmd:<command line>` for an external program.
#[derive(Debug, Clone, PartialEq)]
pub enum PlayerSpec {
    /// A strategy of the grundy library, run in this process.
    Builtin(StrategySpec),
    /// An external program: the program and its arguments.
    Command(Vec<String>),
}

impl PlayerSpec {
    /// A fresh player for one game; `limits` bound how long an external program may take to
    /// start, answer and quit.
    pub fn build(&self, limits: &Limits) -> Box<dyn Player> {
        match self {
            PlayerSpec::Builtin(spec) => Box::new(BuiltinPlayer::new(spec.clone())),
            PlayerSpec::Command(argv) => Box::new(ProcessPlayer::new(argv.clone(), *limits)),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Builtin(spec) => write!(f, "{spec}"),
            PlayerSpec::Command(argv) => write!(f, "cmd:{}", join_words(argv)),
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = ParseError;

    /// Reads `cmd:<command line>` (split as a shell would, see [`split_words`]) or a strategy.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        if let Some(line) = text.strip_prefix("cmd:") {
            let argv = split_words(line)?;
            if argv.is_empty() {
                return Err(ParseError::at_token(
                    "cmd: needs a command line, as in cmd:./engine --fast",
                    text,
                ));
            }
            Ok(PlayerSpec::Command(argv))
        } else {
            text.parse::<StrategySpec>()
                .map(PlayerSpec::Builtin)
                .map_err(|error| {
                    ParseError::at_token(
                        format!("{}, or cmd:<command line> for a program", error.message),
                        text,
                    )
                })
        }
    }
}

/// Splits a command line into words as a POSIX shell would for plain words: blanks separate
/// words; `'…'` keeps everything literally; `"…"` keeps everything but `\"` and `\\`; a
/// backslash outside quotes keeps the next character. No variables, globs or redirections:
/// the program is started directly, not through a shell.
pub fn split_words(line: &str) -> Result<Vec<String>, ParseError> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut current));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => current.push(c),
                        None => return Err(ParseError::at_token("unclosed ' quote", line)),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => current.push(c),
                            Some(c) => {
                                current.push('\\');
                                current.push(c);
                            }
                            None => return Err(ParseError::at_token("unclosed \" quote", line)),
                        },
                        Some(c) => current.push(c),
                        None => return Err(ParseError::at_token("unclosed \" quote", line)),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => current.push(c),
                    None => return Err(ParseError::at_token("a \\ ends the command line", line)),
                }
            }
            c => {
                in_word = true;
                current.push(c);
            }
        }
    }
    if in_word {
        words.push(current);
    }
    Ok(words)
}

/// Joins words back into a command line that [`split_words`] reads as the same words.
pub fn join_words(words: &[String]) -> String {
    words
        .iter()
        .map(|word| {
            let plain = !word.is_empty()
                && word
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./:=,+@%".contains(c));
            if plain {
                word.clone()
            } else {
                format!("'{}'", word.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// How long an external player may take for the things that are not moves. Moves are bounded
/// by the game's clock instead ([`Clock`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// From starting the program to its answer to `newgame`.
    pub startup: Duration,
    /// For the answer to any other command that is not `genmove`.
    pub command: Duration,
    /// From `quit` to the program's exit; after it the process group is killed.
    pub quit: Duration,
    /// The longest any one move may take when the clock sets no limit, so that the referee
    /// never waits for ever.
    pub move_cap: Duration,
}

impl Default for Limits {
    /// Generous limits for real engines: 10 s to start, 5 s per command, 1 s to quit, and an
    /// hour per move when the clock is unlimited.
    fn default() -> Self {
        Limits {
            startup: Duration::from_secs(10),
            command: Duration::from_secs(5),
            quit: Duration::from_secs(1),
            move_cap: Duration::from_secs(3600),
        }
    }
}

/// The game clock: each side's whole-game time and the most one move may take; `None` means
/// no limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Clock {
    /// The longest one move may take.
    pub movetime: Option<Duration>,
    /// Each side's time for the whole game.
    pub gametime: Option<Duration>,
}

/// What went wrong on a player's side: the kind of failure (one of the fault
/// [`Termination`]s, or [`Termination::Void`] when the referee could not start the player)
/// and the details for the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The kind of failure.
    pub kind: Termination,
    /// What happened, in words.
    pub detail: String,
}

impl Fault {
    /// A fault of kind `kind`.
    pub fn new(kind: Termination, detail: impl Into<String>) -> Self {
        Fault {
            kind,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.detail)
    }
}

/// The start of a game as a player is told it.
#[derive(Debug, Clone)]
pub struct GameStart {
    /// Which game.
    pub game: Game,
    /// The start position in the game's notation.
    pub position: String,
    /// The clock both sides play under.
    pub clock: Clock,
    /// The seed for this player's random choices (built-in players only).
    pub seed: u64,
}

/// What is left of a player after its game: the end of its standard error and anything
/// noteworthy about how it quit.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Finish {
    /// The last [`STDERR_TAIL_BYTES`] of standard error (empty for built-in players).
    pub stderr_tail: String,
    /// Set when the program did not quit properly (ignored `quit` and was killed, …).
    pub note: Option<String>,
}

/// A player as the referee drives it. One player object plays one game.
pub trait Player: Send {
    /// Starts a game (for an external player: starts the program and sends `newgame` and
    /// `time_settings`).
    fn start(&mut self, start: &GameStart) -> Result<(), Fault>;

    /// Tells the player the opponent's move, already checked by the referee.
    fn opponent_moved(&mut self, mv: &str) -> Result<(), Fault>;

    /// Asks for a move within `limit`; `time_left` is the player's remaining game time.
    /// The referee checks the move and measures the time itself.
    fn genmove(&mut self, limit: Duration, time_left: Option<Duration>) -> Result<String, Fault>;

    /// Asks for a move within `limit`, the referee waiting `margin` longer before it gives up
    /// (the referee's time margin). By default the player may use the margin too: a program
    /// plans by the clock it was told, so the referee just waits longer for it. A built-in
    /// player plans by `limit` alone.
    fn genmove_with_margin(
        &mut self,
        limit: Duration,
        margin: Duration,
        time_left: Option<Duration>,
    ) -> Result<String, Fault> {
        self.genmove(limit + margin, time_left)
    }

    /// Ends the game: `quit`, then the process group is killed whatever happened.
    fn finish(&mut self) -> Finish;

    /// The process group of the external program of the last game, for checks that nothing
    /// survives it; `None` for built-in players.
    fn process_group(&self) -> Option<i32> {
        None
    }
}

/// A built-in strategy with its own copy of the game.
pub struct BuiltinPlayer {
    spec: StrategySpec,
    threads: usize,
    strategy: Option<Box<dyn Strategy>>,
    state: Option<Box<dyn GameState>>,
}

impl BuiltinPlayer {
    /// A player following `spec` on one search thread; the seed comes with each game's
    /// start.
    pub fn new(spec: StrategySpec) -> Self {
        BuiltinPlayer {
            spec,
            threads: 1,
            strategy: None,
            state: None,
        }
    }

    /// The same player searching on `threads` threads (the Pousse engine's Lazy SMP).
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }
}

impl Player for BuiltinPlayer {
    fn start(&mut self, start: &GameStart) -> Result<(), Fault> {
        self.spec
            .check_game(start.game.entry())
            .map_err(|error| Fault::new(Termination::Void, error.to_string()))?;
        let mut state = start
            .game
            .start(&start.position)
            .map_err(|error| Fault::new(Termination::Void, error.to_string()))?;
        let uses_engine = matches!(
            self.spec,
            StrategySpec::Perfect | StrategySpec::Stubborn | StrategySpec::Noisy { .. }
        );
        if uses_engine {
            // A game's engine may allocate its tables on first use: the entry does it now,
            // as a program does on `newgame`, and not on the first move's clock.
            start.game.warm_up(state.as_mut());
        }
        self.state = Some(state);
        self.strategy = Some(self.spec.build(start.seed));
        Ok(())
    }

    fn genmove_with_margin(
        &mut self,
        limit: Duration,
        _: Duration,
        time_left: Option<Duration>,
    ) -> Result<String, Fault> {
        self.genmove(limit, time_left)
    }

    fn opponent_moved(&mut self, mv: &str) -> Result<(), Fault> {
        let state = self
            .state
            .as_mut()
            .ok_or_else(|| Fault::new(Termination::Void, "no game started"))?;
        state
            .play(mv)
            .map(|_| ())
            .map_err(|error| Fault::new(Termination::ProtocolError, error.to_string()))
    }

    fn genmove(&mut self, limit: Duration, _: Option<Duration>) -> Result<String, Fault> {
        let (Some(state), Some(strategy)) = (self.state.as_mut(), self.strategy.as_mut()) else {
            return Err(Fault::new(Termination::Void, "no game started"));
        };
        let margin = builtin_margin(limit);
        let budget = Budget {
            movetime: Some(limit.saturating_sub(margin)),
            threads: self.threads,
            ..Budget::default()
        };
        let mv = strategy.choose(state.as_mut(), &budget).ok_or_else(|| {
            Fault::new(
                Termination::ProtocolError,
                "the strategy has no move in an ongoing game",
            )
        })?;
        state
            .play(&mv)
            .map_err(|error| Fault::new(Termination::IllegalMove, format!("{mv}: {error}")))
    }

    fn finish(&mut self) -> Finish {
        self.state = None;
        self.strategy = None;
        Finish::default()
    }
}

/// The time a built-in player keeps back from its move limit: a fifth of it, at most 50 ms.
/// It is proportional, so that a 10 ms limit still leaves 8 ms to the strategy; the Pousse
/// engine keeps its own reserve within that and learns a busy machine's scheduling delays.
/// A fifth, not a tenth: on an otherwise idle two-core machine a search thread was seen
/// held off its core for 20-26 ms right at the end of a 100 ms move (about once in 3 000
/// moves), more than a tenth and the engine's own 15% together could absorb. Delays beyond
/// those are what the referee's time margin (`timemargin=MS`) is for.
pub fn builtin_margin(limit: Duration) -> Duration {
    (limit / 5).min(Duration::from_millis(50))
}

/// What the thread reading a program's standard output reports.
enum OutputEvent {
    Line(String),
    LineTooLong,
    TooMuchOutput,
    Closed,
    ReadFailed(String),
}

/// A running external program.
struct Running {
    child: Child,
    stdin: ChildStdin,
    output: Receiver<OutputEvent>,
    pgid: Pid,
    stderr_done: Receiver<()>,
}

/// An external program speaking the engine protocol.
pub struct ProcessPlayer {
    argv: Vec<String>,
    limits: Limits,
    running: Option<Running>,
    next_id: u64,
    last_group: Option<i32>,
    stderr: Arc<Mutex<VecDeque<u8>>>,
}

impl ProcessPlayer {
    /// A player that will start `argv` (program and arguments) for its game.
    pub fn new(argv: Vec<String>, limits: Limits) -> Self {
        ProcessPlayer {
            argv,
            limits,
            running: None,
            next_id: 1,
            last_group: None,
            stderr: Arc::new(Mutex::new(VecDeque::new())),
        }
    }

    fn spawn(&mut self) -> Result<(), Fault> {
        let Some((program, args)) = self.argv.split_first() else {
            return Err(Fault::new(Termination::Void, "empty command line"));
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(|error| {
                Fault::new(
                    Termination::Void,
                    format!("cannot start {}: {error}", join_words(&self.argv)),
                )
            })?;
        let pgid = Pid::from_raw(child.id() as i32);
        self.last_group = Some(pgid.as_raw());
        if let Ok(mut groups) = LIVE_GROUPS.lock() {
            groups.push(pgid.as_raw());
        }
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = killpg(pgid, Signal::SIGKILL);
            let _ = child.wait();
            return Err(Fault::new(Termination::Void, "no pipes to the program"));
        };
        let (sender, output) = mpsc::sync_channel(256);
        std::thread::spawn(move || read_output(stdout, &sender));
        let tail = Arc::clone(&self.stderr);
        let (done_sender, stderr_done) = mpsc::channel();
        std::thread::spawn(move || {
            read_stderr(stderr, &tail);
            let _ = done_sender.send(());
        });
        self.running = Some(Running {
            child,
            stdin,
            output,
            pgid,
            stderr_done,
        });
        Ok(())
    }

    /// Sends one command and waits at most `limit` for its answer. `Ok(Err(message))` is a
    /// `?` answer; a missing answer is a fault of kind `on_timeout`.
    fn request(
        &mut self,
        line: &str,
        limit: Duration,
        on_timeout: Termination,
    ) -> Result<Result<String, String>, Fault> {
        let id = self.next_id;
        self.next_id += 1;
        let name = line.split_whitespace().next().unwrap_or("").to_string();
        let Some(running) = self.running.as_mut() else {
            return Err(Fault::new(Termination::Void, "the program is not running"));
        };
        let deadline = Instant::now() + limit;
        if let Err(error) =
            writeln!(running.stdin, "{id} {line}").and_then(|()| running.stdin.flush())
        {
            return Err(Fault::new(
                Termination::Crash,
                format!("cannot send {name}: {error}{}", exit_description(running)),
            ));
        }
        let mut reader = AnswerReader::default();
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match running.output.recv_timeout(wait) {
                Ok(OutputEvent::Line(text)) => match reader.push_line(&text) {
                    Err(error) => {
                        return Err(Fault::new(
                            Termination::ProtocolError,
                            format!("answering {name}: {error}"),
                        ))
                    }
                    Ok(None) => {}
                    Ok(Some(answer)) => {
                        if let Some(other) = answer.id.filter(|&other| other != id) {
                            return Err(Fault::new(
                                Termination::ProtocolError,
                                format!("answer id {other} to command {id} ({name})"),
                            ));
                        }
                        return Ok(answer.body);
                    }
                },
                Ok(OutputEvent::LineTooLong) => {
                    return Err(Fault::new(
                        Termination::ProtocolError,
                        format!("a line longer than {MAX_LINE_BYTES} bytes answering {name}"),
                    ))
                }
                Ok(OutputEvent::TooMuchOutput) => {
                    return Err(Fault::new(
                        Termination::ProtocolError,
                        format!("more than {MAX_OUTPUT_BYTES} bytes of output in one game"),
                    ))
                }
                Ok(OutputEvent::ReadFailed(error)) => {
                    return Err(Fault::new(
                        Termination::Crash,
                        format!("reading its output failed: {error}"),
                    ))
                }
                Ok(OutputEvent::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(Fault::new(
                        Termination::Crash,
                        format!(
                            "closed its output before answering {name}{}",
                            exit_description(running)
                        ),
                    ))
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Fault::new(
                        on_timeout,
                        format!("no answer to {name} within {} ms", limit.as_millis()),
                    ))
                }
            }
        }
    }

    /// Kills the process group and reaps the program.
    fn kill(&mut self) {
        if let Some(mut running) = self.running.take() {
            let _ = killpg(running.pgid, Signal::SIGKILL);
            let _ = running.child.wait();
            if let Ok(mut groups) = LIVE_GROUPS.lock() {
                groups.retain(|&group| group != running.pgid.as_raw());
            }
            // The group is gone, so standard error closes at once unless a process left the
            // group; do not wait long for such a straggler.
            let _ = running.stderr_done.recv_timeout(Duration::from_millis(200));
        }
    }
}

/// Waits briefly for the program's exit status, to say how it ended.
fn exit_description(running: &mut Running) -> String {
    let deadline = Instant::now() + Duration::from_millis(100);
    loop {
        match running.child.try_wait() {
            Ok(Some(status)) => return format!(" ({status})"),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(2)),
            _ => return String::new(),
        }
    }
}

fn millis(duration: Duration) -> u128 {
    duration.as_millis()
}

impl Player for ProcessPlayer {
    fn start(&mut self, start: &GameStart) -> Result<(), Fault> {
        self.kill();
        if let Ok(mut tail) = self.stderr.lock() {
            tail.clear();
        }
        self.spawn()?;
        let newgame = format!("newgame {} {}", start.game, start.position);
        if let Err(message) = self.request(&newgame, self.limits.startup, Termination::Stalled)? {
            return Err(Fault::new(
                Termination::ProtocolError,
                format!("refused {newgame}: {message}"),
            ));
        }
        let settings = format!(
            "time_settings {} {}",
            start.clock.gametime.map_or(0, millis),
            start.clock.movetime.map_or(0, millis)
        );
        // An engine without clock commands can still play: the referee keeps the time.
        let _ = self.request(&settings, self.limits.command, Termination::Stalled)?;
        Ok(())
    }

    fn opponent_moved(&mut self, mv: &str) -> Result<(), Fault> {
        match self.request(
            &format!("play {mv}"),
            self.limits.command,
            Termination::Stalled,
        )? {
            Ok(_) => Ok(()),
            Err(message) => Err(Fault::new(
                Termination::ProtocolError,
                format!("refused the legal move {mv}: {message}"),
            )),
        }
    }

    fn genmove(&mut self, limit: Duration, time_left: Option<Duration>) -> Result<String, Fault> {
        let started = Instant::now();
        if let Some(left) = time_left {
            let line = format!("time_left {}", left.as_millis());
            let _ = self.request(&line, limit, Termination::TimeForfeit)?;
        }
        let rest = limit.saturating_sub(started.elapsed());
        match self.request("genmove", rest, Termination::TimeForfeit)? {
            Ok(text) => {
                let mut words = text.split_whitespace();
                match (words.next(), words.next()) {
                    (Some(mv), None) => Ok(mv.to_string()),
                    _ => Err(Fault::new(
                        Termination::ProtocolError,
                        format!("genmove answered {:?}, not one move", shorten(&text)),
                    )),
                }
            }
            Err(message) => Err(Fault::new(
                Termination::ProtocolError,
                format!("genmove failed: {}", shorten(&message)),
            )),
        }
    }

    fn finish(&mut self) -> Finish {
        let mut note = None;
        if self.running.is_some() {
            let started = Instant::now();
            match self.request("quit", self.limits.quit, Termination::Stalled) {
                Ok(_) => {
                    let rest = self.limits.quit.saturating_sub(started.elapsed());
                    if let Some(running) = self.running.as_mut() {
                        let deadline = Instant::now() + rest;
                        loop {
                            match running.child.try_wait() {
                                Ok(None) if Instant::now() < deadline => {
                                    std::thread::sleep(Duration::from_millis(1));
                                }
                                Ok(None) => {
                                    note = Some(format!(
                                        "did not exit within {} ms of quit; killed",
                                        self.limits.quit.as_millis()
                                    ));
                                    break;
                                }
                                _ => break,
                            }
                        }
                    }
                }
                Err(fault) => note = Some(format!("quit: {fault}; killed")),
            }
        }
        self.kill();
        let stderr_tail = self
            .stderr
            .lock()
            .map(|tail| {
                let bytes: Vec<u8> = tail.iter().copied().collect();
                String::from_utf8_lossy(&bytes).into_owned()
            })
            .unwrap_or_default();
        Finish { stderr_tail, note }
    }

    fn process_group(&self) -> Option<i32> {
        self.last_group
    }
}

impl Drop for ProcessPlayer {
    /// No program outlives its player, whatever path the referee took.
    fn drop(&mut self) {
        self.kill();
    }
}

fn shorten(text: &str) -> String {
    text.chars().take(80).collect()
}

/// Reads standard output into lines for the referee, bounding each line and the total.
fn read_output(stdout: impl Read, sender: &SyncSender<OutputEvent>) {
    let mut reader = BufReader::with_capacity(64 * 1024, stdout);
    let mut line: Vec<u8> = Vec::new();
    let mut total = 0usize;
    loop {
        let buffer = match reader.fill_buf() {
            Ok([]) => {
                let _ = sender.send(OutputEvent::Closed);
                return;
            }
            Ok(buffer) => buffer,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => {
                let _ = sender.send(OutputEvent::ReadFailed(error.to_string()));
                return;
            }
        };
        let (taken, ended) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (end + 1, true),
            None => (buffer.len(), false),
        };
        let content = if ended { &buffer[..taken - 1] } else { buffer };
        line.extend_from_slice(content);
        reader.consume(taken);
        total += taken;
        if line.len() > MAX_LINE_BYTES {
            let _ = sender.send(OutputEvent::LineTooLong);
            return;
        }
        if total > MAX_OUTPUT_BYTES {
            let _ = sender.send(OutputEvent::TooMuchOutput);
            return;
        }
        if ended {
            let text = String::from_utf8_lossy(&line).into_owned();
            line.clear();
            if sender.send(OutputEvent::Line(text)).is_err() {
                return;
            }
        }
    }
}

/// Keeps the last [`STDERR_TAIL_BYTES`] of standard error.
fn read_stderr(mut stderr: impl Read, tail: &Mutex<VecDeque<u8>>) {
    let mut buffer = [0u8; 4096];
    loop {
        match stderr.read(&mut buffer) {
            Ok(0) => return,
            Ok(count) => {
                if let Ok(mut tail) = tail.lock() {
                    tail.extend(&buffer[..count]);
                    let excess = tail.len().saturating_sub(STDERR_TAIL_BYTES);
                    tail.drain(..excess);
                }
            }
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #[test]
        fn no_text_makes_the_player_parsers_panic(text in ".{0,80}") {
            let _ = split_words(&text);
            let _ = text.parse::<PlayerSpec>();
            let _ = format!("cmd:{text}").parse::<PlayerSpec>();
        }

        #[test]
        fn joined_words_split_back(words in proptest::collection::vec(".{0,12}", 1..6)) {
            prop_assert_eq!(split_words(&join_words(&words)).unwrap(), words);
        }
    }

    #[test]
    fn command_lines_split_as_a_shell_would() {
        assert_eq!(
            split_words(r#"python3 'my player.py' --name "a \"b\"" x\ y"#).unwrap(),
            ["python3", "my player.py", "--name", "a \"b\"", "x y"]
        );
        assert_eq!(split_words("  ").unwrap(), Vec::<String>::new());
        assert!(split_words("'open").is_err());
        assert!(split_words("\"open").is_err());
        let words: Vec<String> = ["a b", "it's", "plain", ""]
            .iter()
            .map(|w| w.to_string())
            .collect();
        assert_eq!(split_words(&join_words(&words)).unwrap(), words);
    }

    #[test]
    fn player_specs_round_trip() {
        for text in ["perfect", "noisy:0.25", "cmd:grundy engine", "cmd:'a b' c"] {
            let spec: PlayerSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert!("cmd:".parse::<PlayerSpec>().is_err());
        let error = "best".parse::<PlayerSpec>().unwrap_err().to_string();
        assert!(error.contains("cmd:"), "{error}");
    }
}
