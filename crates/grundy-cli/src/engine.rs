//! `grundy engine`: grundy as a protocol-speaking engine on standard input and output.
//!
//! The protocol is `docs/protocol.md`; the state machine is
//! [`grundy_arena::engine::Engine`]. This module only reads the options and wires the engine
//! to the process's streams.

use std::io::{self, BufReader};

use clap::Args;
use grundy::registry;
use grundy::registry::Game;
use grundy::strategy::StrategySpec;
use grundy_arena::contender::MAX_THREADS;
use grundy_arena::engine::{serve, Engine};

use crate::error::CliError;

/// Arguments of `grundy engine`.
#[derive(Debug, Args)]
pub struct EngineArgs {
    /// The game to start with (a controller may switch with `newgame`).
    #[arg(long, default_value = "rectangle")]
    pub game: String,
    /// The start position, in the game's notation (default: the game's usual start).
    #[arg(long)]
    pub position: Option<String>,
    /// How `genmove` chooses: perfect, stubborn, random, noisy[:ε], scripted:m1,m2,…, and
    /// for Pousse alphabeta[:depth=N] or mcts[:playouts=N] (sparring partners).
    #[arg(long, default_value = "perfect")]
    pub strategy: String,
    /// Search threads of the Pousse engine (Lazy SMP); other games and strategies use one.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    /// Fixes every random choice, so a game replays exactly.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Impartial games: misère play, where the player who makes the last move loses (the
    /// same as ending the position in `@misere`).
    #[arg(long)]
    pub misere: bool,
}

/// Builds the engine the options describe; errors name the bad option.
pub fn build(args: &EngineArgs) -> Result<Engine, CliError> {
    let kind: Game = registry::find(&args.game)?;
    let position = args
        .position
        .clone()
        .unwrap_or_else(|| kind.default_position().to_string());
    let position = if args.misere {
        grundy::misere_play::with_misere_term(&position)
    } else {
        position
    };
    let game = kind.start(&position)?;
    let spec: StrategySpec = args.strategy.parse()?;
    spec.check_game(kind.entry())?;
    if args.threads == 0 || args.threads > MAX_THREADS {
        return Err(CliError::Usage(format!(
            "--threads {}: the threads are a number from 1 to {MAX_THREADS}",
            args.threads
        )));
    }
    let mut engine = Engine::new(game, spec, args.seed);
    engine.set_threads(args.threads);
    Ok(engine)
}

/// Serves the protocol until `quit` or the end of input. Returns no output of its own: every
/// answer has been written and flushed as it was made.
pub fn run(args: &EngineArgs) -> Result<String, CliError> {
    let mut engine = build(args)?;
    let input = BufReader::new(io::stdin().lock());
    let output = io::stdout().lock();
    match serve(&mut engine, input, output) {
        Ok(()) => Ok(String::new()),
        // The controller went away: nothing left to answer.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(String::new()),
        Err(error) => Err(CliError::Io(error)),
    }
}
