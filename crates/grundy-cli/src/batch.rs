//! `grundy batch`: the original contests' exact input and output formats.

use std::io::Read;

use clap::Args;
use grundy::registry;
use grundy::report::SolveOptions;

use crate::error::CliError;
use crate::observer::{CuboidTableArgs, Terminal};

/// Arguments of `grundy batch`.
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// The contest problem, by its game's name (`--help` lists the contests; so does
    /// `grundy games`). Its input is read from standard input.
    pub problem: String,
    /// Where the cuboid table comes from.
    #[command(flatten)]
    pub cuboid_table: CuboidTableArgs,
}

/// Reads standard input and answers it in the contest's format.
pub fn run(args: &BatchArgs) -> Result<String, CliError> {
    let game = registry::find(&args.problem)?;
    if game.contest().is_none() {
        // Refused before reading: nothing on standard input is wanted.
        return Ok(registry::answer_contest(
            game,
            &[],
            &SolveOptions::default(),
        )?);
    }
    let mut input = Vec::new();
    std::io::stdin().lock().read_to_end(&mut input)?;
    let observer = Terminal::new();
    let stop = crate::solve::stop_at(None);
    let options = SolveOptions {
        table: args.cuboid_table.table.as_deref(),
        no_cache: args.cuboid_table.no_cache,
        observer: Some(&observer),
        stop: &stop,
        ..SolveOptions::default()
    };
    let output = registry::answer_contest(game, &input, &options);
    observer.finish();
    output.map_err(|error| CliError::from(error).table_named(args.cuboid_table.table.is_some()))
}
