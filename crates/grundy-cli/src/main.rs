//! The `grundy` command: solve, play and referee combinatorial games.
//!
//! This crate only parses arguments and formats output; every rule and every answer comes
//! from the `grundy` library.

// The doc comments of the argument structs are the `--help` texts clap prints in a terminal:
// they spell a strategy as `noisy[:ε]` or `cmd:<program>`, which rustdoc would take for links
// and HTML.
#![allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags)]

mod batch;
mod compare_cmd;
mod engine;
mod error;
mod games;
mod interrupt;
mod match_cmd;
mod merge_cmd;
mod misere_quotient_cmd;
mod observer;
mod play;
mod pousse_table;
mod progress;
mod report;
mod resume;
mod sequence_misere;
mod sequential;
mod serve;
mod solve;
mod takebreak;
mod tournament;
mod value_args;
mod value_cmd;
mod value_loopy_impartial;
mod value_loopy_partizan;

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::error::CliError;

/// grundy: a combinatorial game engine. It solves the seed games (who wins, with which move,
/// how fast) and answers the original contests' formats.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Analyse a position: who wins, the Grundy value, the winning moves, the remoteness.
    ///
    /// The game is a name from `grundy games`; `--help` lists each game's notation.
    Solve(solve::SolveArgs),
    /// List every game and family: name, aliases, summary, notation and an example.
    Games(games::GamesArgs),
    /// Solve every position of a small board and store the values in a table file
    /// (`grundy solve-table pousse 4`; see docs/pousse-table.md).
    SolveTable(pousse_table::SolveTableArgs),
    /// Read a contest's input on standard input and write exactly the output it expects.
    Batch(batch::BatchArgs),
    /// Speak the engine protocol (docs/protocol.md) on standard input and output.
    Engine(engine::EngineArgs),
    /// Play a game against a grundy strategy at the terminal.
    Play(play::PlayArgs),
    /// Two players (strategies or cmd:<program>) play games from given positions, colours
    /// alternating, under a referee with clocks (see docs/arena.md).
    Match(match_cmd::MatchArgs),
    /// Round robin or gauntlet between several players, on every core, with a results table
    /// and a resumable JSON Lines record (see docs/arena.md); `--shard K/N` plays one shard,
    /// `grundy tournament merge RECORD...` joins the shards (see docs/cluster.md), `grundy
    /// tournament compare RECORD RECORD` compares two records of one schedule game by game.
    Tournament(tournament::TournamentArgs),
    /// The nim sequence of a take-and-break game (`grundy sequence 0.137 --to 200`), with
    /// its period when the periodicity theorem proves one (see docs/impartial-games.md).
    Sequence(takebreak::SequenceArgs),
    /// A sum of heaps of a take-and-break game (`grundy solve-impartial 0.137 5+7+12`): the
    /// value, the winner, every winning move, the remoteness.
    SolveImpartial(takebreak::SolveImpartialArgs),
    /// Serve a web page to play, analyse and replay every game (see docs/web.md).
    Serve(serve::ServeArgs),
    /// The value of a partizan game in CGSuite notation (`grundy value '{2|-1}'`,
    /// `grundy value '{1|0} + ^ - (1/2 + *)'`): canonical form, outcome class (L, R, N, P),
    /// stops, mean, temperature, thermograph and, for all-small games, atomic weight
    /// (see docs/partizan.md). A sum of loopy impartial values (`grundy value '∞{0,2} +
    /// *3'`): its value, outcome (P, N or D) and which parts to move in, to what. A loopy
    /// partizan game (`grundy value '{pass|3/2}'`, `'a{{|a}|}'`): the canonical stopper or
    /// the sided value `onside & offside`, the outcome with draws, stops, degree and
    /// variety (see docs/loopy.md).
    Value(value_args::ValueArgs),
    /// The misère quotient of a take-and-break game on heaps up to a bound (`grundy
    /// misere-quotient 0.77 --heaps 100`): presentation, order, P-portion, the element of
    /// each heap, and whether the periodicity theorem proves it is the whole game's
    /// (see docs/misere.md, "Misère quotients").
    MisereQuotient(misere_quotient_cmd::MisereQuotientArgs),
}

fn main() -> ExitCode {
    // `grundy tournament merge RECORD...` and `grundy tournament compare RECORD RECORD` have
    // arguments of their own; every other word after `tournament` is a game name.
    let words: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if words.get(1).is_some_and(|w| w == "tournament") {
        if words.get(2).is_some_and(|w| w == "merge") {
            let args = merge_cmd::MergeArgs::parse_from(&words[2..]);
            return finish(merge_cmd::run(&args));
        }
        if words.get(2).is_some_and(|w| w == "compare") {
            let args = compare_cmd::CompareArgs::parse_from(&words[2..]);
            return finish(compare_cmd::run(&args));
        }
    }
    let cli = parse_with_registry_help();
    let result = match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Games(args) => Ok(games::run(&args)),
        Command::SolveTable(args) => pousse_table::run(&args),
        Command::Batch(args) => batch::run(&args),
        Command::Engine(args) => engine::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Match(args) => match_cmd::run(&args),
        Command::Tournament(args) => tournament::run(&args),
        Command::Sequence(args) => takebreak::run_sequence(&args),
        Command::SolveImpartial(args) => takebreak::run_solve(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Value(args) => value_cmd::run(&args),
        Command::MisereQuotient(args) => misere_quotient_cmd::run(&args),
    };
    finish(result)
}

/// The command line, read with the help texts that come from the registry: each game's
/// notation under `grundy solve --help`, each contest under `grundy batch --help`.
fn parse_with_registry_help() -> Cli {
    let command = Cli::command()
        .mut_subcommand("solve", |solve| {
            solve.after_long_help(games::notation_help())
        })
        .mut_subcommand("batch", |batch| {
            batch.after_long_help(games::contest_help())
        });
    match Cli::from_arg_matches(&command.get_matches()) {
        Ok(cli) => cli,
        Err(error) => error.exit(),
    }
}

/// Writes a command's output, or reports its error; the exit code.
fn finish(result: Result<String, CliError>) -> ExitCode {
    match result {
        Ok(output) => {
            let mut stdout = std::io::stdout().lock();
            match stdout
                .write_all(output.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => ExitCode::SUCCESS,
                // A closed pipe (`grundy … | head`) is the reader's choice, not an error.
                Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(error) => report_error(&CliError::Io(error)),
            }
        }
        Err(error) => report_error(&error),
    }
}

fn report_error(error: &CliError) -> ExitCode {
    // Work stopped after a Ctrl-C was stopped by it, whatever else was under way.
    let error = match error {
        CliError::Stopped(_) | CliError::TimeLimit(_) if interrupt::interrupted() => {
            &CliError::Interrupted
        }
        other => other,
    };
    eprintln!("grundy: {error}");
    ExitCode::from(error.exit_code())
}
