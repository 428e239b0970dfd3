//! End-to-end tests of `grundy engine`: scripted protocol sessions, and a game between
//! `grundy engine` and the Python example player relayed by a small controller.

#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command as Process, Stdio};

use assert_cmd::Command;
use grundy_arena::protocol::{Answer, AnswerReader, Command as ProtocolCommand, MAX_LINE_BYTES};
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

#[test]
fn a_scripted_session_gets_exact_answers() {
    grundy()
        .args(["engine"])
        .write_stdin(
            "protocol_version\n1 name\nnewgame rectangle 4x3\n2 genmove\nplay h1\nstatus\n\
             play v7\nmoves_played\nposition\nlegal_moves 3\nanalyse\n# a comment\n\n\
             known_command play\nfly\n3 quit\nname\n",
        )
        .assert()
        .success()
        .stdout(
            "= 2\n\n=1 grundy\n\n=\n\n=2 v1\n\n=\n\n= ongoing first\n\n\
             ? illegal move v7: a cut must be at 1 to 2 to leave two pieces (the width is 3)\n\n\
             = v1 h1\n\n= 3x2\n\n= v1 v2 h1\n\n= win in 3 best v1 value 1 winning v1 v2 h1\n\n\
             = true\n\n? unknown command: fly\n\n=3\n\n",
        );
}

#[test]
fn options_choose_the_game_strategy_and_seed() {
    grundy()
        .args(["engine", "--position", "10x1", "--strategy", "scripted:v3"])
        .write_stdin("genmove\nposition\n")
        .assert()
        .success()
        .stdout("= v3\n\n= 7x1\n\n");
    let random = |seed: &str| {
        let output = grundy()
            .args(["engine", "--game", "rectangle", "--position", "1000x1000"])
            .args(["--strategy", "random", "--seed", seed])
            .write_stdin("genmove\ngenmove\ngenmove\nmoves_played\n")
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    assert_eq!(random("4"), random("4"));
    assert_ne!(random("4"), random("5"));
}

#[test]
fn bad_options_exit_with_code_2() {
    for args in [
        &["engine", "--game", "chess"][..],
        &["engine", "--position", "0x3"],
        &["engine", "--strategy", "best"],
        &["engine", "--seed", "-1"],
        &["engine", "--colour", "red"],
    ] {
        grundy()
            .args(args)
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(predicate::str::is_empty().not());
    }
}

#[test]
fn long_and_binary_lines_get_errors_and_the_engine_goes_on() {
    let mut input = vec![b'x'; MAX_LINE_BYTES + 10];
    input.extend_from_slice(b"\n\xc3\x28 name\nname\n");
    grundy()
        .args(["engine"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(format!(
            "? the line is longer than {MAX_LINE_BYTES} bytes\n\n\
             ? the line is not UTF-8 text\n\n= grundy\n\n"
        ));
}

/// A process speaking the protocol, for the relay below.
struct Peer {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Peer {
    fn start(program: &str, args: &[&str]) -> Option<Peer> {
        let mut child = Process::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        Some(Peer {
            child,
            input,
            output,
        })
    }

    fn ask(&mut self, line: &str) -> Answer {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
        let mut reader = AnswerReader::default();
        loop {
            let mut text = String::new();
            assert!(
                self.output.read_line(&mut text).unwrap() > 0,
                "{line}: no answer"
            );
            if let Some(answer) = reader.push_line(text.trim_end_matches('\n')).unwrap() {
                return answer;
            }
        }
    }

    fn stop(mut self) {
        assert_eq!(self.ask("quit"), Answer::success(None, ""));
        assert!(self.child.wait().unwrap().success());
    }
}

fn example_player() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/player.py")
}

/// Plays `position` between the two peers (`peers[0]` moves first) and returns the moves.
fn relay(peers: &mut [Peer; 2], position: &str) -> Vec<String> {
    let start = format!("newgame rectangle {position}");
    for peer in peers.iter_mut() {
        assert_eq!(peer.ask(&start), Answer::success(None, ""));
    }
    let mut moves = Vec::new();
    let mut referee = grundy::registry::find("rectangle")
        .unwrap()
        .start(position)
        .unwrap();
    while referee.status() == grundy::game::Status::Ongoing {
        let mover = moves.len() % 2;
        let mv = peers[mover].ask("genmove").body.unwrap();
        referee.play(&mv).unwrap();
        let play = ProtocolCommand::new("play", &[&mv]).to_line();
        assert_eq!(peers[1 - mover].ask(&play), Answer::success(None, ""));
        moves.push(mv);
    }
    moves
}

#[test]
fn the_python_example_plays_perfectly_against_grundy() {
    let grundy_path = assert_cmd::cargo::cargo_bin("grundy");
    let script = example_player();
    let Some(python) = Peer::start("python3", &[script.to_str().unwrap()]) else {
        eprintln!("python3 is not available: skipping");
        return;
    };
    let engine = Peer::start(grundy_path.to_str().unwrap(), &["engine"]).unwrap();
    let mut peers = [python, engine];
    // Both sides play perfectly, so the winner is the side the closed form names.
    for (position, first_wins) in [
        ("4x3", true),
        ("3x3", false),
        ("80x57", true),
        ("640x307", true),
    ] {
        let moves = relay(&mut peers, position);
        assert_eq!(moves.len() % 2 == 1, first_wins, "{position}: {moves:?}");
        peers.swap(0, 1);
        let moves = relay(&mut peers, position);
        assert_eq!(moves.len() % 2 == 1, first_wins, "{position}: {moves:?}");
        peers.swap(0, 1);
    }
    let [python, engine] = peers;
    python.stop();
    engine.stop();
}

#[test]
fn grundy_beats_the_random_python_example_from_a_won_start() {
    let grundy_path = assert_cmd::cargo::cargo_bin("grundy");
    let script = example_player();
    let Some(python) = Peer::start("python3", &[script.to_str().unwrap(), "random"]) else {
        eprintln!("python3 is not available: skipping");
        return;
    };
    let engine = Peer::start(grundy_path.to_str().unwrap(), &["engine"]).unwrap();
    let mut peers = [engine, python];
    for position in ["4x3", "80x57", "640x307"] {
        let moves = relay(&mut peers, position);
        assert_eq!(moves.len() % 2, 1, "{position}: {moves:?}");
    }
    let [engine, python] = peers;
    python.stop();
    engine.stop();
}
