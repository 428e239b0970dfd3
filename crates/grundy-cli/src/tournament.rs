//! `grundy tournament`: round robin or gauntlet between several players, on every core, or
//! one shard of it (`--shard K/N`, joined later by `grundy tournament merge`).

use clap::Args;
use grundy_arena::record::GameRecord;
use grundy_arena::schedule;
use grundy_arena::shard::{RecordHeader, Settings, Shard, TournamentIdentity};
use grundy_arena::tournament::{self, Plan};

use crate::error::CliError;
use crate::match_cmd::{self, GameOptions};

/// Arguments of `grundy tournament`.
#[derive(Debug, Args)]
#[command(
    after_help = "Sharded runs are joined by `grundy tournament merge RECORD...` \
                        (see docs/cluster.md)."
)]
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
    /// Play only shard K of N: the games whose index in the schedule is ≡ K (mod N), into
    /// the --record file (required); `grundy tournament merge` joins the shards' records.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// No progress bar on standard error (there is none when it is not a terminal).
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
    if args.shard.is_some() && args.options.record.is_none() {
        return Err(CliError::Usage(
            "--shard needs --record FILE: the shard's games go there for the merge".into(),
        ));
    }
    schedule::schedule_size(specs.len(), positions.len(), args.rounds, args.gauntlet)
        .map_err(|problem| CliError::Usage(format!("tournament too large: {problem}")))?;
    let plan = Plan {
        game,
        entrants: tournament::contender_entrants(&specs),
        games: schedule::schedule(specs.len(), &positions, args.rounds, args.gauntlet),
        clock: args.options.clock(),
        limits: args.options.limits(),
        max_moves: args.options.max_moves,
        seed: args.options.seed,
    };
    let header = header(args, &plan, &positions);
    let quiet = |_: &GameRecord| {};
    let records = match_cmd::run_plan(
        &plan,
        args.options.record.as_deref(),
        Some(&header),
        jobs,
        args.shard,
        !args.quiet,
        &quiet,
    )?;
    Ok(tournament::results_table(&match_cmd::standings(
        &plan, &records,
    )))
}

/// The header of the tournament's record: what decides its games, and the shard.
fn header(args: &TournamentArgs, plan: &Plan, positions: &[String]) -> RecordHeader {
    let millis = |d: std::time::Duration| d.as_millis() as u64;
    RecordHeader {
        tournament: TournamentIdentity {
            game: plan.game.name().to_string(),
            players: plan.entrants.iter().map(|e| e.label.clone()).collect(),
            positions: positions.to_vec(),
            rounds: args.rounds,
            gauntlet: args.gauntlet,
            settings: Settings {
                movetime_ms: plan.clock.movetime.map(millis),
                gametime_ms: plan.clock.gametime.map(millis),
                max_moves: plan.max_moves,
                startup_ms: millis(plan.limits.startup),
                command_ms: millis(plan.limits.command),
                quit_ms: millis(plan.limits.quit),
            },
            seed: plan.seed,
        },
        games: plan.games.len(),
        shard: args.shard.unwrap_or(Shard::WHOLE),
    }
}
