//! The cost of the engine protocol over pipes, against a raw pipe round trip measured in
//! the same run.
//!
//! ```text
//! cargo build --release -p grundy-cli
//! cargo run --release -p grundy-cli --example pipe_bench -- target/release/grundy [SECONDS]
//! ```
//!
//! Protocol: two `grundy engine` processes (perfect against stubborn) play rectangle games
//! from 100000000x99999999 (about 390 000 moves a game, so a short run stops mid-game),
//! relayed by this program: `genmove` to the side to move, `play` with the answer to the
//! other, so one move is two protocol round trips. Raw: a child process (this program with
//! the argument `echo`) sends back every line it reads; one round trip is a line out and the
//! same line back, measured with one echo child and with two asked in turn (the match's
//! topology: a controller between two processes). All use the same pipes and line
//! buffering. The three run in turn, in slices of 200 round trips, for about 3 × SECONDS
//! (default 3) in all, so a change in the machine's load hits all three alike; each figure
//! is the median slice (the mean over the run is printed beside it).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use grundy::game::Status;
use grundy::registry;

const START: &str = "100000000x99999999";

struct Peer {
    child: Child,
    input: BufWriter<ChildStdin>,
    output: BufReader<ChildStdout>,
    line: String,
}

impl Peer {
    fn start(program: &std::path::Path, args: &[&str]) -> Peer {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("cannot start the child process");
        let input = BufWriter::new(child.stdin.take().unwrap());
        let output = BufReader::new(child.stdout.take().unwrap());
        Peer {
            child,
            input,
            output,
            line: String::new(),
        }
    }

    fn send(&mut self, line: &str) {
        self.input.write_all(line.as_bytes()).unwrap();
        self.input.write_all(b"\n").unwrap();
        self.input.flush().unwrap();
    }

    /// Reads one line into `self.line` (without the newline).
    fn read(&mut self) {
        self.line.clear();
        assert!(self.output.read_line(&mut self.line).unwrap() > 0, "closed");
        let trimmed = self.line.trim_end_matches('\n').len();
        self.line.truncate(trimmed);
    }

    /// Sends a command and returns the text of its one-line success answer.
    fn ask(&mut self, command: &str) -> String {
        self.send(command);
        self.read();
        assert!(self.line.starts_with('='), "{command}: {}", self.line);
        let result = self.line[1..].trim().to_string();
        self.read();
        assert!(self.line.is_empty(), "{command}: {}", self.line);
        result
    }

    fn stop(mut self) {
        drop(self.input);
        self.child.wait().unwrap();
    }
}

fn echo() {
    let stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lines() {
        let line = line.unwrap();
        stdout.write_all(line.as_bytes()).unwrap();
        stdout.write_all(b"\n").unwrap();
        stdout.flush().unwrap();
    }
}

/// Two engines in a game, relayed: the state survives between measured slices.
struct Relay {
    engines: [Peer; 2],
    referee: Box<dyn grundy::game::GameState>,
    mover: usize,
    games: u64,
}

impl Relay {
    fn start(grundy: &std::path::Path) -> Relay {
        let mut relay = Relay {
            engines: [
                Peer::start(grundy, &["engine", "--strategy", "perfect"]),
                Peer::start(grundy, &["engine", "--strategy", "stubborn"]),
            ],
            referee: registry::find("rectangle")
                .expect("the rectangle game is registered")
                .start(START)
                .unwrap(),
            mover: 0,
            games: 0,
        };
        relay.newgame();
        relay
    }

    fn newgame(&mut self) {
        let newgame = format!("newgame rectangle {START}");
        for engine in self.engines.iter_mut() {
            engine.ask(&newgame);
        }
        self.referee = registry::find("rectangle")
            .expect("the rectangle game is registered")
            .start(START)
            .unwrap();
        self.mover = (self.games % 2) as usize;
    }

    /// Plays `moves` moves (starting new games as games end); returns the round trips.
    fn moves(&mut self, moves: u64) -> u64 {
        let mut trips = 0;
        for _ in 0..moves {
            if self.referee.status() != Status::Ongoing {
                self.games += 1;
                self.newgame();
                trips += 2;
            }
            let mv = self.engines[self.mover].ask("genmove");
            self.referee.play(&mv).unwrap();
            self.engines[1 - self.mover].ask(&format!("play {mv}"));
            trips += 2;
            self.mover = 1 - self.mover;
        }
        trips
    }

    fn stop(self) {
        for engine in self.engines {
            engine.stop();
        }
    }
}

/// `trips` raw round trips, asking the children in turn.
fn raw(children: &mut [Peer], trips: u64) {
    for i in 0..trips {
        let n = children.len() as u64;
        let child = &mut children[(i % n) as usize];
        child.send("genmove");
        child.read();
    }
}

/// Time spent and round trips done by one contender, slice by slice.
#[derive(Default)]
struct Tally {
    time: Duration,
    trips: u64,
    slices: Vec<f64>,
}

impl Tally {
    fn add(&mut self, trips: u64, started: Instant) {
        let elapsed = started.elapsed();
        self.time += elapsed;
        self.trips += trips;
        self.slices.push(elapsed.as_secs_f64() * 1e6 / trips as f64);
    }

    /// The median slice's time per round trip: a load spike on a shared machine spoils a
    /// few slices, not the figure.
    fn micros(&self) -> f64 {
        let mut slices = self.slices.clone();
        slices.sort_by(f64::total_cmp);
        slices[slices.len() / 2]
    }

    /// The mean over the whole run.
    fn mean(&self) -> f64 {
        self.time.as_secs_f64() * 1e6 / self.trips as f64
    }
}

/// The engine's own cost per command: `commands` commands (`genmove` from the start, the
/// engine playing both sides perfectly, then `undo` back) streamed without waiting for the
/// answers, which go to /dev/null; returns the time per command.
fn streamed(grundy: &std::path::Path, commands: u64) -> Duration {
    let mut script = format!("newgame rectangle {START}\n");
    for i in 0..commands {
        script.push_str(if (i / 1000) % 2 == 0 {
            "genmove\n"
        } else {
            "undo\n"
        });
    }
    let started = Instant::now();
    let mut child = Command::new(grundy)
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("cannot start the engine");
    let mut input = child.stdin.take().unwrap();
    input.write_all(script.as_bytes()).unwrap();
    drop(input);
    assert!(child.wait().unwrap().success());
    started.elapsed() / u32::try_from(commands).unwrap()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("echo") {
        echo();
        return;
    }
    let grundy =
        std::path::PathBuf::from(args.first().expect("usage: pipe_bench GRUNDY [SECONDS]"));
    let seconds: f64 = args.get(1).map_or(3.0, |s| s.parse().expect("seconds"));
    let me = std::env::current_exe().unwrap();
    let mut one = [Peer::start(&me, &["echo"])];
    let mut two = [Peer::start(&me, &["echo"]), Peer::start(&me, &["echo"])];
    let mut relay = Relay::start(&grundy);
    let (mut raw_one, mut raw_two, mut protocol) =
        (Tally::default(), Tally::default(), Tally::default());
    // Short slices in turn, so a change in the machine's load hits all three alike.
    const SLICE: u64 = 200;
    let mut moves = 0u64;
    // Slices of 200 round trips: many slices, so the median is robust.
    let started = Instant::now();
    while started.elapsed().as_secs_f64() < 3.0 * seconds {
        let t = Instant::now();
        raw(&mut one, SLICE);
        raw_one.add(SLICE, t);
        let t = Instant::now();
        raw(&mut two, SLICE);
        raw_two.add(SLICE, t);
        let t = Instant::now();
        let trips = relay.moves(SLICE / 2);
        protocol.add(trips, t);
        moves += SLICE / 2;
    }
    let games = relay.games;
    relay.stop();
    for child in one.into_iter().chain(two) {
        child.stop();
    }
    let per_move = 2.0 * protocol.micros();
    let own = streamed(&grundy, 200_000);
    println!(
        "engine alone: 200000 commands streamed, answers to /dev/null: {:.2} µs per command",
        own.as_secs_f64() * 1e6
    );
    println!(
        "raw pipe, one echo child: {} round trips in {:.2?}: {:.1} µs per round trip (median slice; mean {:.1})",
        raw_one.trips,
        raw_one.time,
        raw_one.micros(),
        raw_one.mean()
    );
    println!(
        "raw pipe, two echo children in turn: {} round trips in {:.2?}: {:.1} µs per round trip (median slice; mean {:.1})",
        raw_two.trips,
        raw_two.time,
        raw_two.micros(),
        raw_two.mean()
    );
    println!(
        "protocol: {moves} moves ({games} whole games), {} round trips in {:.2?}: {:.0} moves/s, \
         {:.1} µs per round trip (median slice; mean {:.1}), {per_move:.1} µs per move",
        protocol.trips,
        protocol.time,
        1e6 / per_move,
        protocol.micros(),
        protocol.mean()
    );
    println!(
        "ratio: protocol round trip / raw round trip = {:.2} (one child), {:.2} (two children); \
         per move (two round trips) / raw round trip = {:.2} (one child)",
        protocol.micros() / raw_one.micros(),
        protocol.micros() / raw_two.micros(),
        per_move / raw_one.micros()
    );
}
