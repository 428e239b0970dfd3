//! The cost of the engine protocol over pipes, against a raw pipe round trip measured in
//! the same run.
//!
//! ```text
//! cargo build --release -p grundy-cli
//! cargo run --release -p grundy-cli --example pipe_bench -- target/release/grundy [SECONDS]
//! ```
//!
//! Protocol: two `grundy engine` processes (perfect against stubborn) play rectangle games
//! from 100000000x99999999 (about 390 000 moves a game, so a short run stops mid-game), relayed by this program: `genmove` to the side to move, `play`
//! with the answer to the other, so one move is two protocol round trips. Raw: a child
//! process (this program with the argument `echo`) sends back every line it reads; one round
//! trip is a line out and the same line back, measured with one echo child and with two
//! asked in turn (the match's topology: a controller between two processes). Both use the same pipes and line buffering.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use grundy::play::{GameKind, Status};

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

/// Protocol round trips and moves in `seconds`.
fn protocol(grundy: &std::path::Path, seconds: f64) -> (u64, u64, u64, Duration) {
    let mut engines = [
        Peer::start(grundy, &["engine", "--strategy", "perfect"]),
        Peer::start(grundy, &["engine", "--strategy", "stubborn"]),
    ];
    let (mut moves, mut games, mut trips) = (0u64, 0u64, 0u64);
    let started = Instant::now();
    'games: while started.elapsed().as_secs_f64() < seconds {
        let newgame = format!("newgame rectangle {START}");
        for engine in engines.iter_mut() {
            engine.ask(&newgame);
            trips += 1;
        }
        let mut referee = GameKind::Rectangle.start(START).unwrap();
        let mut mover = (games % 2) as usize;
        while referee.status() == Status::Ongoing {
            // A game from the start lasts about 390 000 moves: stop mid-game on time.
            if moves % 256 == 0 && started.elapsed().as_secs_f64() >= seconds {
                break 'games;
            }
            let mv = engines[mover].ask("genmove");
            referee.play(&mv).unwrap();
            engines[1 - mover].ask(&format!("play {mv}"));
            trips += 2;
            mover = 1 - mover;
            moves += 1;
        }
        games += 1;
    }
    let elapsed = started.elapsed();
    for engine in engines {
        engine.stop();
    }
    (trips, moves, games, elapsed)
}

/// Raw round trips in `seconds` with `children` echoing children, asked in turn (two is the
/// topology of a match: the controller talks to both engines alternately).
fn raw(seconds: f64, children: usize) -> (u64, Duration) {
    let me = std::env::current_exe().unwrap();
    let mut peers: Vec<Peer> = (0..children).map(|_| Peer::start(&me, &["echo"])).collect();
    let mut trips = 0u64;
    let started = Instant::now();
    while started.elapsed().as_secs_f64() < seconds {
        for i in 0..100 {
            let child = &mut peers[i % children];
            child.send("genmove");
            child.read();
        }
        trips += 100;
    }
    let elapsed = started.elapsed();
    for child in peers {
        child.stop();
    }
    (trips, elapsed)
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
    let (trips, elapsed) = raw(seconds, 1);
    let raw_us = elapsed.as_secs_f64() * 1e6 / trips as f64;
    println!("raw pipe, one echo child: {trips} round trips in {elapsed:.2?}: {raw_us:.1} µs per round trip");
    let (trips2, elapsed2) = raw(seconds, 2);
    let raw2_us = elapsed2.as_secs_f64() * 1e6 / trips2 as f64;
    println!("raw pipe, two echo children in turn: {trips2} round trips in {elapsed2:.2?}: {raw2_us:.1} µs per round trip");
    let (ptrips, moves, games, pelapsed) = protocol(&grundy, seconds);
    let proto_us = pelapsed.as_secs_f64() * 1e6 / ptrips as f64;
    let per_move = pelapsed.as_secs_f64() * 1e6 / moves as f64;
    println!(
        "protocol: {moves} moves ({games} whole games), {ptrips} round trips in {pelapsed:.2?}: \
         {:.0} moves/s, {proto_us:.1} µs per round trip, {per_move:.1} µs per move",
        moves as f64 / pelapsed.as_secs_f64()
    );
    println!(
        "ratio: protocol round trip / raw round trip = {:.2} (one child), {:.2} (two children); \
         per move (two round trips) / raw round trip = {:.2} (one child)",
        proto_us / raw_us,
        proto_us / raw2_us,
        per_move / raw_us
    );
}
