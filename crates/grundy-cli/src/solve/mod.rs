//! `grundy solve`: analysis of one position, for a person or (with `--json`) a program.

mod bidding;
mod cuboid;
mod paper;
mod pousse;
mod rectangle;

use clap::{Args, ValueEnum};

use crate::error::CliError;
use crate::report::Analysis;

/// The games `grundy solve` knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Game {
    /// IOI 2005 REC: cut a rectangle, keep the larger part.
    #[value(alias = "rec")]
    Rectangle,
    /// IDI Open 2018: slice cuboids through a unit cube.
    Cuboid,
    /// POI 2012 Licytacja: pass, double or triple the stake.
    #[value(alias = "licytacja")]
    Bidding,
    /// Codeforces 277C: cut a sheet of paper along grid lines.
    Paper,
    /// ICFP 1998 / Waterloo 1998 Pousse: push markers, complete straights (searched).
    Pousse,
}

/// Arguments of `grundy solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The game.
    pub game: Game,
    /// The position, in the game's notation (docs/notation.md).
    pub position: String,
    /// Print one line of JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Show at most this many winning moves (the count of all of them is always given).
    #[arg(long, default_value_t = 10)]
    pub moves: usize,
    /// Pousse only: search time in milliseconds (default 1000 unless --depth is given).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Pousse only: the deepest iteration to search.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Pousse only: the rule set, `icfp` (repeating a state loses) or `waterloo` (no
    /// repetition rule).
    #[arg(long, default_value = "icfp")]
    pub rules: String,
    /// Pousse only: search threads (default 2; 1 when only --depth is given, so that the
    /// result is reproducible).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Pousse: a solved table file (from `grundy solve-table pousse N`) to answer from; by
    /// default the table at the default location is used when it exists
    /// (docs/pousse-table.md). Cuboid: the table file to read, or to build and write when it
    /// does not exist; by default the table folder serves as a cache (docs/cuboid-table.md).
    #[arg(long, value_name = "FILE", conflicts_with = "no_cache")]
    pub table: Option<std::path::PathBuf>,
    /// Cuboid only: build the table of Grundy values in memory; read and write no table file.
    #[arg(long)]
    pub no_cache: bool,
}

/// Runs `grundy solve` and returns what to print.
pub fn run(args: &SolveArgs) -> Result<String, CliError> {
    let analysis: Analysis = match args.game {
        Game::Rectangle => rectangle::analyse(&args.position, args.moves)?,
        Game::Cuboid => cuboid::analyse(&args.position, args.moves, args)?,
        Game::Bidding => bidding::analyse(&args.position, args.moves)?,
        Game::Paper => paper::analyse(&args.position, args.moves)?,
        // Pousse is searched, not solved by Grundy values: it prints its own report.
        Game::Pousse => return pousse::run(args),
    };
    Ok(if args.json {
        analysis.to_json()
    } else {
        analysis.to_text()
    })
}
