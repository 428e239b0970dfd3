//! `grundy tournament`: round robin or gauntlet between several players, on every core.

use std::io::IsTerminal;

use clap::Args;
use grundy_arena::record::GameRecord;
use grundy_arena::tournament::{self, Plan};

use crate::error::CliError;
use crate::match_cmd::{self, GameOptions};

/// Arguments of `grundy tournament`.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// The game: rectangle, …
    pub game: String,
    /// A player: a strategy (perfect, stubborn, random, noisy[:ε], scripted:m1,m2,…; for
    /// Pousse also alphabeta[:depth=N], mcts[:playouts=N]) or cmd:<command line>, optionally
    /// with its own terms after @: movetime=MS, gametime=MS, threads=N
    /// (alphabeta@movetime=1000); at least two.
    #[arg(long = "player", value_name = "P")]
    pub players: Vec<String>,
    /// The first player against each of the others, instead of everyone against everyone.
    #[arg(long)]
    pub gauntlet: bool,
    /// How many times every pairing plays every position in both colours.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub rounds: u32,
    /// Games played at once (default: the number of cores).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// No progress line on standard error (there is none when it is not a terminal).
    #[arg(long)]
    pub quiet: bool,
    /// Options of every game.
    #[command(flatten)]
    pub options: GameOptions,
}

/// Plays the tournament and returns the results table.
pub fn run(args: &TournamentArgs) -> Result<String, CliError> {
    let game = match_cmd::parse_game(&args.game)?;
    if args.players.len() < 2 {
        return Err(CliError::Usage(
            "a tournament needs at least two --player".into(),
        ));
    }
    let specs = args
        .players
        .iter()
        .map(|text| match_cmd::parse_player(text, game))
        .collect::<Result<Vec<_>, _>>()?;
    let positions = args.options.positions(game)?;
    if args.rounds == 0 {
        return Err(CliError::Usage("--rounds must be at least 1".into()));
    }
    let jobs = match args.jobs {
        Some(0) => return Err(CliError::Usage("--jobs must be at least 1".into())),
        Some(jobs) => jobs,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let plan = Plan {
        game,
        entrants: tournament::contender_entrants(&specs),
        games: tournament::schedule(specs.len(), &positions, args.rounds, args.gauntlet),
        clock: args.options.clock(),
        limits: args.options.limits(),
        max_moves: args.options.max_moves,
        seed: args.options.seed,
    };
    let quiet = |_: &GameRecord| {};
    let records = match_cmd::run_plan(
        &plan,
        args.options.record.as_deref(),
        jobs,
        !args.quiet && std::io::stderr().is_terminal(),
        &quiet,
    )?;
    Ok(tournament::results_table(&match_cmd::standings(
        &plan, &records,
    )))
}
