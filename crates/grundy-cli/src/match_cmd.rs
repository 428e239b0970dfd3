//! `grundy match`: two players, one or many games, colours alternating; and the options
//! `grundy match` and `grundy tournament` share.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use grundy::registry;
use grundy::registry::Game;
use grundy_arena::contender::Contender;
use grundy_arena::openings::parse_openings;
use grundy_arena::player::{Clock, Limits};
use grundy_arena::record::{GameRecord, RecordWriter};
use grundy_arena::referee::DEFAULT_MAX_MOVES;
use grundy_arena::schedule::GameKey;
use grundy_arena::shard::{RecordHeader, Shard};
use grundy_arena::sprt::{pair_schedule, Sprt};
use std::sync::atomic::AtomicBool;

use crate::progress::GameProgress;
use crate::resume::resumed_games;
use crate::sequential::SequentialTest;
use grundy_arena::schedule;
use grundy_arena::tournament::{self, Plan, RunOptions};

use crate::error::CliError;

/// Options of every game of a match or tournament.
#[derive(Debug, Args)]
pub struct GameOptions {
    /// A start position in the game's notation; repeat for several (default: the game's
    /// usual start).
    #[arg(long = "position", value_name = "POS")]
    pub positions: Vec<String>,
    /// A start-position suite: one position per line in the game's notation, blank lines
    /// and `#` comments ignored; each position is played in both colours (after any
    /// --position). Pousse suites: data/openings/pousse-6.txt, pousse-7.txt.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Impartial games: misère play, where the player who makes the last move loses; every
    /// start position gets the rules term `@misere` (docs/misere.md).
    #[arg(long)]
    pub misere: bool,
    /// The most one move may take, in milliseconds (default: no limit but the game clock).
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// Each side's time for the whole game, in milliseconds (default: no limit).
    #[arg(long, value_name = "MS")]
    pub gametime: Option<u64>,
    /// Append every game to this JSON Lines file as it finishes; games already in it are
    /// skipped (resume).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// The seed of every random choice; the same seed replays the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// After this many moves a game is a draw by adjudication.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_MOVES)]
    pub max_moves: usize,
    /// How long an external player may take to start and answer `newgame`, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    pub startup_time: u64,
    /// How long an external player may take to answer a command other than `genmove`.
    #[arg(long, value_name = "MS", default_value_t = 5_000)]
    pub command_time: u64,
    /// How long an external player may take to exit after `quit`; then it is killed.
    #[arg(long, value_name = "MS", default_value_t = 1_000)]
    pub quit_time: u64,
}

impl GameOptions {
    /// The clock of every game.
    pub fn clock(&self) -> Clock {
        Clock {
            movetime: self.movetime.map(Duration::from_millis),
            gametime: self.gametime.map(Duration::from_millis),
        }
    }

    /// The limits on everything but moves.
    pub fn limits(&self) -> Limits {
        Limits {
            startup: Duration::from_millis(self.startup_time),
            command: Duration::from_millis(self.command_time),
            quit: Duration::from_millis(self.quit_time),
            ..Limits::default()
        }
    }

    /// The start positions, each checked: the --position ones, then the suite's (the
    /// game's usual start when none is given).
    pub fn positions(&self, game: Game) -> Result<Vec<String>, CliError> {
        for position in &self.positions {
            game.start(position)?;
        }
        let mut positions = self.positions.clone();
        if let Some(path) = &self.openings {
            let text =
                std::fs::read_to_string(path).map_err(CliError::file(path, "read --openings"))?;
            let suite = parse_openings(game, &text).map_err(|error| {
                CliError::Usage(format!("--openings {}: {error}", path.display()))
            })?;
            positions.extend(suite);
        }
        if positions.is_empty() {
            positions.push(game.default_position().to_string());
        }
        if self.misere {
            grundy::misere_play::check_misere(game.entry())?;
            positions = positions
                .iter()
                .map(|position| grundy::misere_play::with_misere_term(position))
                .collect();
        }
        Ok(positions)
    }
}

/// Arguments of `grundy match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The game: rectangle, …
    pub game: String,
    /// The player who moves first in the first game: a strategy (perfect, stubborn, random,
    /// noisy[:ε], scripted:m1,m2,…; for Pousse also alphabeta[:depth=N], mcts[:playouts=N])
    /// or cmd:<command line>, optionally with its own terms after @: movetime=MS,
    /// gametime=MS, threads=N (perfect@movetime=100,threads=2).
    #[arg(long, value_name = "P")]
    pub first: String,
    /// The other player.
    #[arg(long, value_name = "P")]
    pub second: String,
    /// Games on each position; the players swap seats every game (even with --openings, so
    /// that each position is played in both colours).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub games: u32,
    /// A sequential probability ratio test over game pairs (pentanomial, normalised Elo):
    /// elo0=E0,elo1=E1[,alpha=A][,beta=B] (α, β default 0.05). The match stops as soon as
    /// H0 or H1 is accepted, --games per position being the upper bound (even); the LLR and
    /// its bounds are printed after each pair.
    #[arg(long, value_name = "SPEC")]
    pub sprt: Option<Sprt>,
    /// No progress bar on standard error (there is none when it is not a terminal).
    #[arg(long)]
    pub quiet: bool,
    /// Options of every game.
    #[command(flatten)]
    pub options: GameOptions,
}

/// Reads a game name.
pub fn parse_game(name: &str) -> Result<Game, CliError> {
    Ok(registry::find(name)?)
}

/// Reads a player with its own terms, and checks that it can play `game`.
pub fn parse_player(text: &str, game: Game) -> Result<Contender, CliError> {
    let contender = text.parse::<Contender>()?;
    contender.check_game(game)?;
    Ok(contender)
}

/// Plays the match: a line per game on standard output as it ends, then the table.
pub fn run(args: &MatchArgs) -> Result<String, CliError> {
    let game = parse_game(&args.game)?;
    let specs = [
        parse_player(&args.first, game)?,
        parse_player(&args.second, game)?,
    ];
    let positions = args.options.positions(game)?;
    if args.games == 0 {
        return Err(CliError::Usage("--games must be at least 1".into()));
    }
    if args.options.openings.is_some() && args.games % 2 == 1 {
        return Err(CliError::Usage(format!(
            "--games {}: with --openings every position is played in both colours, so \
             --games must be even",
            args.games
        )));
    }
    if args.sprt.is_some() && args.games % 2 == 1 {
        return Err(CliError::Usage(format!(
            "--games {}: --sprt plays game pairs, so --games must be even",
            args.games
        )));
    }
    let games = match args.sprt {
        Some(_) => pair_schedule(&positions, args.games / 2),
        None => schedule::match_schedule(&positions, args.games),
    };
    let plan = Plan {
        game,
        entrants: tournament::contender_entrants(&specs),
        games,
        clock: args.options.clock(),
        limits: args.options.limits(),
        max_moves: args.options.max_moves,
        seed: args.options.seed,
    };
    let print = |record: &GameRecord| {
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "{}", game_line(record));
        let _ = stdout.flush();
    };
    let Some(sprt) = args.sprt else {
        let records = run_plan(
            &plan,
            args.options.record.as_deref(),
            None,
            1,
            None,
            !args.quiet,
            &print,
        )?;
        return Ok(tournament::results_table(&standings(&plan, &records)));
    };
    let test = SequentialTest::new(sprt, &plan, args.options.record.as_deref())?;
    let watch = |record: &GameRecord| {
        print(record);
        test.add(record);
    };
    let records = run_plan_until(
        &plan,
        args.options.record.as_deref(),
        None,
        1,
        None,
        !args.quiet,
        &watch,
        Some(&test.stop),
    )?;
    Ok(test.verdict() + &tournament::results_table(&standings(&plan, &records)))
}

/// One line for a finished game.
pub fn game_line(record: &GameRecord) -> String {
    format!(
        "{} {} vs {}: {} after {} moves",
        record.position,
        record.players[0],
        record.players[1],
        record.result,
        record.moves.len()
    )
}

/// The standings of the plan's players from the records.
pub fn standings(plan: &Plan, records: &[GameRecord]) -> Vec<tournament::Standing> {
    let labels: Vec<String> = plan.entrants.iter().map(|e| e.label.clone()).collect();
    tournament::standings(&labels, records)
}

/// On Ctrl-C (or SIGTERM), kills every running player's process group before exiting with
/// status 130: the players run in groups of their own, out of the terminal's reach. Games
/// already recorded stay in the record, whole (a line being written is finished first);
/// the run resumes from it.
fn kill_players_on_interrupt() {
    crate::interrupt::exit_on_interrupt(
        grundy_arena::player::kill_all_players,
        "interrupted; players killed, finished games are in the record",
    );
}

/// Opens the record for writing, under its lock: a tournament's (`header` given) must be
/// empty or start with that header. A file another run is writing is refused.
fn open_record(path: &Path, header: Option<&RecordHeader>) -> Result<RecordWriter, CliError> {
    match header {
        Some(header) => RecordWriter::tournament(path, header)
            .map_err(|error| CliError::Usage(error.to_string())),
        None => RecordWriter::append(path).map_err(|error| {
            if error.kind() == std::io::ErrorKind::WouldBlock {
                CliError::Usage(error.to_string())
            } else {
                CliError::file(path, "open the record")(error)
            }
        }),
    }
}

/// Plays the plan's games (of `shard`, when given) not yet in the record file; returns the
/// records of every game of the plan (or shard), old and new. The record is locked first
/// (and, for a tournament, its `header` checked or written), then read: unreadable lines are
/// named and skipped, a game on two lines follows the rule of
/// [`grundy_arena::record::repeated_game`].
pub fn run_plan(
    plan: &Plan,
    record: Option<&Path>,
    header: Option<&RecordHeader>,
    jobs: usize,
    shard: Option<Shard>,
    progress: bool,
    on_record: &(dyn Fn(&GameRecord) + Sync),
) -> Result<Vec<GameRecord>, CliError> {
    run_plan_until(plan, record, header, jobs, shard, progress, on_record, None)
}

/// [`run_plan`] that starts no further game once `stop` is set.
#[allow(clippy::too_many_arguments)]
pub fn run_plan_until(
    plan: &Plan,
    record: Option<&Path>,
    header: Option<&RecordHeader>,
    jobs: usize,
    shard: Option<Shard>,
    progress: bool,
    on_record: &(dyn Fn(&GameRecord) + Sync),
    stop: Option<&AtomicBool>,
) -> Result<Vec<GameRecord>, CliError> {
    let writer = match record {
        Some(path) => Some(open_record(path, header)?),
        None => None,
    };
    kill_players_on_interrupt();
    let part = shard.unwrap_or(Shard::WHOLE);
    let keys: HashSet<GameKey> = plan
        .games
        .iter()
        .enumerate()
        .filter(|(index, _)| part.holds(*index))
        .map(|(_, game)| plan.key(game))
        .collect();
    let mut earlier = Vec::new();
    if let Some(path) = record {
        earlier = resumed_games(path, plan, &keys, true)?;
        if !earlier.is_empty() {
            eprintln!(
                "grundy: {} of {} games already in {}; playing the rest",
                earlier.len(),
                keys.len(),
                path.display()
            );
        }
    }
    let bar = GameProgress::new(keys.len(), earlier.len(), &plan.entrants[0].label, progress);
    let counted = |record: &GameRecord| bar.record(record, || on_record(record));
    let report = tournament::run(
        plan,
        &RunOptions {
            jobs,
            writer: writer.as_ref(),
            done: earlier.iter().filter_map(|r| r.key.clone()).collect(),
            progress: false,
            on_record: Some(&counted),
            shard,
            stop,
        },
    );
    bar.finish();
    // Writing the record is the only thing that fails here.
    let report = report.map_err(|error| match record {
        Some(path) => CliError::file(path, "write the record")(error),
        None => CliError::Io(error),
    })?;
    earlier.extend(report.records);
    Ok(earlier)
}
